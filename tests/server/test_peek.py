"""Tables read for pages (a finished game's record, a player's page, My tables) without being
opened: played up to their last step in a worker thread (a long game takes tens of milliseconds
to replay, which must not hold up every other table on the event loop), kept while they have no
new step, and never beyond the memory cap."""
import asyncio
import pytest

import lapilli
from lapilli.agents import make_agent
from lapilli.engine.registry import BUILTIN_GAMES
from lapilli.server.hub import Room
from lapilli.server.store import TableInfo

from .support import make_table


@pytest.mark.parametrize("game", BUILTIN_GAMES)
def test_stored_steps_load_as_they_were_played(game):
    """A room built from storage (steps applied in place) equals the room the steps were played
    in (each step on a copy): the same position, log events and undo marks at every step."""
    st = lapilli.new_game(game, seed=11)
    info = TableInfo(id="t", game=game, players=st.num_players, options=dict(st.options), seed=11, version=0,
                     status="playing", seats=[], seeding=st.seeding)
    played, loaded = Room(info), Room(info)
    agents = [make_agent("random", seed=s) for s in range(st.num_players)]
    version = 0
    from lapilli.agents.base import Decision
    while not played.state.is_terminal and version < 400:
        seat = played.state.to_move
        action = agents[seat].choose(Decision(played.state, seat))
        version += 1
        played.apply_stored(version, "act", seat, action)
        loaded.apply_stored(version, "act", seat, action, fresh=True)
    assert version > 20
    assert loaded.state.to_json() == played.state.to_json()
    assert loaded.acts == played.acts


def _finished_tables(client, n):
    bots = [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]
    tids = [make_table(client, seats=bots, options={"pile": 10}) for _ in range(n)]
    for t in tids:  # watched to the end (a table's computers play once it is opened)
        with client.websocket_connect(f"/ws/{t}") as ws:
            while "result" not in ws.receive_json():
                pass
    assert all(client.get(f"/api/tables/{t}").json()["status"] == "finished" for t in tids)
    return tids


def test_a_read_table_is_built_once_per_version_off_the_event_loop(make_client):
    client = make_client(idle_seconds=3600)
    hub = client.app.state.hub
    (tid,) = _finished_tables(client, 1)
    hub.rooms.clear()  # as after an idle period
    hub.peeked.clear()
    builds = []
    real = hub.registry.build  # every build of a table (hub._build is the same)

    def counting(*a):
        try:
            asyncio.get_running_loop()
            builds.append("on the event loop")
        except RuntimeError:
            builds.append("in a worker thread")
        return real(*a)

    hub.registry.build = counting
    first = client.get(f"/api/tables/{tid}/record")
    again = client.get(f"/api/tables/{tid}/record")
    assert first.status_code == again.status_code == 200 and first.json() == again.json()
    assert builds == ["in a worker thread"]
    assert tid not in hub.rooms and tid in hub.peeked
    # opening the table builds it afresh (its seats' countdowns start when it is opened)
    version = client.get(f"/api/tables/{tid}").json()["version"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        assert ws.receive_json()["version"] == version
    assert tid in hub.rooms and tid not in hub.peeked and len(builds) == 2


def test_read_tables_stay_within_the_memory_cap(make_client):
    cap = 3
    client = make_client(max_tables=cap, idle_seconds=3600)
    hub = client.app.state.hub
    tids = _finished_tables(client, 5)
    for t in tids:
        assert client.get(f"/api/tables/{t}/record").status_code == 200
        assert hub.in_memory() <= cap
    assert client.get("/health").json()["tables_loaded"] == hub.in_memory() <= cap
    # the most recently read are the ones kept
    assert set(hub.peeked) <= set(tids[-cap:])
