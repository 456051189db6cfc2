"""What a move costs per spectator: a broadcast works out each audience's text once (not once per
connection), and `lapilli serve` hands every connection that is sent the same text the same
WebSocket frame, built once and written straight to the connection's socket, while a
connection whose socket is full still waits in its own queue (and is closed if it falls behind)."""
from __future__ import annotations

import asyncio
import dataclasses
import json
import random

import pytest
import websockets
from websockets.frames import Frame, Opcode

from lapilli.server import fanout, frames
from lapilli.server.config import Settings
from lapilli.server.hub import Hub

from .support import FakeConn, FakePubSub, http_join, http_table, island_room, served_in_thread


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 70000])
def test_a_text_frame_is_the_one_the_websockets_library_sends(size):
    text = ("é" + "x" * size)[:size] if size else ""
    assert frames.text_frame(text) == Frame(Opcode.TEXT, text.encode()).serialize(mask=False)


class RawConn(FakeConn):
    """A connection that keeps the very text objects it was handed, besides what they say."""

    def __init__(self, seat, delta=False):
        super().__init__(seat, delta)
        self.raw = []

    def send(self, text):
        self.raw.append(text)
        super().send(text)


def _crowd_room(spectators: int, delta_spectators: int):
    hub = Hub(None, bots=None, pubsub=FakePubSub(), settings=Settings(database_url="sqlite://"))
    room = island_room()
    hub.rooms["t1"] = room
    conns = [RawConn(0), RawConn(1, delta=True)]
    conns += [RawConn(None) for _ in range(spectators)]
    conns += [RawConn(None, delta=True) for _ in range(delta_spectators)]
    for c in conns:
        hub.attach(room, c)
    return hub, room, conns


def test_a_broadcast_works_out_each_audiences_text_once_not_per_connection(monkeypatch):
    """Which texts a position's views are (the seats present, those held, the clock) was worked
    out again for every connection: 300 spectators cost 300 times that per move."""
    hub, room, conns = _crowd_room(150, 150)
    rng = random.Random(3)
    for version in range(1, 6):
        room.apply_stored(version, "act", room.state.to_move, rng.choice(room.state.legal_actions()))
        hub.broadcast(room)
    calls = []
    real = fanout.Room._text_cache
    monkeypatch.setattr(fanout.Room, "_text_cache", lambda self: calls.append(1) or real(self))
    room.apply_stored(6, "act", room.state.to_move, rng.choice(room.state.legal_actions()))
    hub.broadcast(room)
    assert len(calls) <= 3, f"{len(calls)} times for {len(conns)} connections"
    # every spectator of one kind was handed the very same text object (one frame for all)
    last = [c.raw[-1] for c in conns[2:152]], [c.raw[-1] for c in conns[152:]]
    assert all(t is last[0][0] for t in last[0]) and all(t is last[1][0] for t in last[1])
    assert json.loads(last[0][0]) == json.loads(room.view_text(None))


def _whole_log(conn) -> list:
    """The log a client that keeps it holds after each message (as the web client merges it)."""
    log: list = []
    for m in conn.texts:
        if m["type"] != "state":
            continue
        if "log_keep" in m:
            kept = [e for e in log if m["log_from"] <= e["n"] < m["log_keep"]]
            log = kept + m["log"]
        else:
            log = m["log"]
    return log


def test_spectators_keeping_the_log_who_joined_at_different_moves_each_get_their_own_delta():
    """The delta sent to a client that keeps the log is worked out once for all the connections
    that were sent the same lines; one that joined later (other lines), or whose lines read anew
    (a name changed), is not handed a delta meant for the others."""
    hub, room, conns = _crowd_room(0, 20)
    rng = random.Random(5)
    late = []
    for version in range(1, 41):
        room.apply_stored(version, "act", room.state.to_move, rng.choice(room.state.legal_actions()))
        hub.broadcast(room)
        if version % 7 == 0:  # a spectator arrives
            c = RawConn(None, delta=True)
            hub.attach(room, c)
            late.append(c)
        if version == 20:  # a seat changes its name: every line naming it reads anew
            seats = [dataclasses.replace(room.info.seats[0], name="alicia"), room.info.seats[1]]
            room.info = dataclasses.replace(room.info, seats=seats)
            hub.broadcast(room)
        fresh = json.loads(room.view_text(None))["log"]
        for c in conns[2:] + late:
            assert _whole_log(c) == fresh, f"version {version}"


def test_at_one_position_a_client_with_every_line_and_one_without_the_last_get_their_own_deltas():
    """Two spectators keeping the log are at one position but hold different lines (one asked
    for its view again after the move, the other did not yet get it): the delta worked out for
    the first must not be handed to the second, which would then miss the last line."""
    hub, room, conns = _crowd_room(0, 2)
    first, second = conns[2], conns[3]
    rng = random.Random(7)
    for version in range(1, 11):
        room.apply_stored(version, "act", room.state.to_move, rng.choice(room.state.legal_actions()))
        hub.broadcast(room)
    room.apply_stored(11, "act", room.state.to_move, rng.choice(room.state.legal_actions()))
    first.send(room.text_for(first, full=True))  # it asked for its view again (a sync)
    hub.broadcast(room)  # the move's broadcast: the first holds every line, the second not the last
    fresh = json.loads(room.view_text(None))["log"]
    assert _whole_log(first) == fresh
    assert _whole_log(second) == fresh


def _served(tmp_path):
    from lapilli.server.app import create_app

    settings = Settings(database_url=f"sqlite:///{tmp_path / 'f.db'}", redis_url=None, bot_workers=1,
                        max_sockets_per_address=1000)
    return create_app(settings), frames.uvicorn_options(settings)


def test_lapilli_serve_builds_one_frame_per_view_for_all_its_spectators(tmp_path, monkeypatch):
    """Through `lapilli serve`'s WebSocket protocol, 40 spectators of a move are sent one frame
    built once and written to each socket (not 40 serializations and framings), and every
    spectator reads the same view."""
    built, per_connection = [], []
    real_frame = frames.text_frame
    monkeypatch.setattr(frames, "text_frame", lambda text: built.append(json.loads(text).get("seat")) or real_frame(text))
    from websockets.protocol import Protocol, Side

    real_send = Protocol.send_text

    def send_text(self, *a, **k):  # the server's side of a connection (the test's clients use it too)
        if self.side is Side.SERVER:
            per_connection.append(1)
        return real_send(self, *a, **k)

    monkeypatch.setattr(Protocol, "send_text", send_text)
    app, options = _served(tmp_path)
    with served_in_thread(app, **options) as base:
        tid = http_table(base)
        t0, t1 = http_join(base, tid, 0), http_join(base, tid, 1)
        ws_base = base.replace("http", "ws")

        async def main():
            async with websockets.connect(f"{ws_base}/ws/{tid}?token={t0}") as a, \
                    websockets.connect(f"{ws_base}/ws/{tid}?token={t1}") as b:
                for ws in (a, b):
                    while json.loads(await ws.recv())["present"] != [0, 1]:
                        pass
                crowd = [await websockets.connect(f"{ws_base}/ws/{tid}") for _ in range(40)]
                for ws in crowd:
                    assert json.loads(await ws.recv())["version"] == 0
                built.clear(), per_connection.clear()
                await a.send(json.dumps({"type": "act", "action": "take 2"}))
                views = [await asyncio.wait_for(ws.recv(), 30) for ws in crowd]
                mine = json.loads(await asyncio.wait_for(a.recv(), 30))
                json.loads(await asyncio.wait_for(b.recv(), 30))
                move = list(built), list(per_connection)  # what the move cost (not the leaving after)
                for ws in crowd:
                    await ws.close()
                return views, mine, move

        views, mine, (built, per_connection) = asyncio.run(main())
    assert len(set(views)) == 1 and json.loads(views[0])["version"] == 1 and mine["version"] == 1
    assert json.loads(views[0])["observation"]["pile"] == mine["observation"]["pile"] == 13
    assert per_connection == []  # no connection serialized and framed its own copy
    assert len(built) <= 3, built  # the spectators' frame, and one per seat's own view
