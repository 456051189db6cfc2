"""No table can stall the server's computer seats: a named level only, one move per table at a
time, fair turns across tables and a hard cap per move (the level's time limit plus a margin),
after which the seat plays a random legal move.

The slow table is Slow Nim (tests/server/slow_game), whose heuristic player never answers: its
"easy" computer seat would hold a worker for ever without the cap."""
import json
import time

import pytest

from .support import join, make_table, take_over


def wait_version(ws, version):
    """Read views until the table reaches ``version``; returns that view."""
    while True:
        m = ws.receive_json()
        if m["type"] == "state" and m["version"] >= version:
            return m


def moves_of(client, tid):
    return [m for m in client.app.state.hub.bots.history if m.table == tid]


@pytest.mark.slow  # waits out a move's cap; one worker's share is checked fast below
def test_a_slow_table_does_not_stall_another_tables_computer(make_client):
    # the slow move's cap (12 + 2 s) leaves a loaded machine time for the other table's three rounds
    client = make_client(bot_workers=2, bot_untimed_limit=12.0, bot_margin=2.0)
    # the slow table: its computer (seat 0) is to move as soon as seat 1 is taken
    slow = make_table(client, game="slownim", seats=[{"kind": "bot", "level": "easy"}, {"kind": "open"}],
                      options={"pile": 15})
    t_slow = join(client, slow, 1, "sam")
    fast = make_table(client, seats=[{"kind": "open"}, {"kind": "bot", "level": "random"}], options={"pile": 21})
    t_fast = join(client, fast, 0, "ann")
    with client.websocket_connect(f"/ws/{slow}?token={t_slow}") as s, \
            client.websocket_connect(f"/ws/{fast}?token={t_fast}") as f:
        assert s.receive_json()["version"] == 0
        v = f.receive_json()
        # three rounds at the other table: each time its computer answers
        for version in (2, 4, 6):
            f.send_text(json.dumps({"type": "act", "action": "take 1", "version": v["version"]}))
            v = wait_version(f, version)
            assert v["legal"], "seat 0 is to move again after the computer's answer"
        # ... while the slow table's computer has still not moved
        assert client.get(f"/api/tables/{slow}").json()["version"] == 0
        assert client.app.state.hub.rooms[slow].thinking
        fast_moves = moves_of(client, fast)
        assert len(fast_moves) == 3
        # each of them was the level's own move, chosen before its cap (no fallback)
        assert not any(m.fallback for m in fast_moves), fast_moves
        # the slow move reaches its cap: the worker is stopped and the seat plays a legal move
        v = wait_version(s, 1)
        assert v["log"][0]["seat"] == 0 and v["log"][0]["action"] in ("take 1", "take 2", "take 3")
        assert v["legal"]  # and the person at the slow table is to move
    (slow_move,) = moves_of(client, slow)
    assert slow_move.fallback and slow_move.level == "easy"


def test_the_slow_table_cannot_keep_the_only_worker(make_client):
    """One worker: the slow table's move is stopped at its cap, so the other table's computer,
    asked while the slow one thought, gets the worker next and moves."""
    client = make_client(bot_workers=1, bot_untimed_limit=2.0, bot_margin=1.0)
    slow = make_table(client, game="slownim", seats=[{"kind": "bot", "level": "easy"}, {"kind": "open"}])
    join(client, slow, 1, "sam")
    fast = make_table(client, seats=[{"kind": "open"}, {"kind": "bot", "level": "random"}], options={"pile": 21})
    t_fast = join(client, fast, 0, "ann")
    with client.websocket_connect(f"/ws/{slow}") as s, client.websocket_connect(f"/ws/{fast}?token={t_fast}") as f:
        assert s.receive_json()["version"] == 0  # the slow table is loaded: its computer thinks
        v = f.receive_json()
        f.send_text(json.dumps({"type": "act", "action": "take 1", "version": v["version"]}))
        v = wait_version(f, 2)
        assert v["log"][-1]["seat"] == 1
    hub = client.app.state.hub
    slow_moves, fast_moves = moves_of(client, slow), moves_of(client, fast)
    # the slow table's first move was stopped at its cap before the other table's computer moved
    assert slow_moves and slow_moves[0].fallback
    assert list(hub.bots.history).index(slow_moves[0]) < list(hub.bots.history).index(fast_moves[0])
    # and it is stored (its write may come a moment after the other table's move on a busy machine)
    deadline = time.monotonic() + 10
    while hub.rooms[slow].version < 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert hub.rooms[slow].version >= 1


@pytest.mark.slow  # waits out a move's cap
def test_tables_of_computers_only_cannot_slow_a_persons_computer_opponent(make_client):
    """Anyone may create tables where only computers play.  Their moves wait behind those of
    tables where a person plays: one worker, busy with one such table, while a second one and a
    quick demonstration table ask first; the person's computer still gets the worker next.  The
    demonstration's move, which waited longer than its cap, still plays its level's move."""
    client = make_client(bot_workers=1, bot_untimed_limit=2.5, bot_margin=1.0)
    hub = client.app.state.hub
    only_computers = [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
    slow = [make_table(client, game="slownim", seats=only_computers, options={"pile": 15}) for _ in range(2)]
    demo = make_table(client, seats=[{"kind": "bot", "level": "random"}] * 2, options={"pile": 10})
    fast = make_table(client, seats=[{"kind": "open"}, {"kind": "bot", "level": "random"}], options={"pile": 21})
    t_fast = join(client, fast, 0, "ann")

    def until_queued(tables):
        deadline = time.monotonic() + 20
        while sorted(t for t, _ in hub.bots._waiting[1]) != sorted(tables):
            assert time.monotonic() < deadline, "the tables of computers only never asked for a move"
            time.sleep(0.02)

    with client.websocket_connect(f"/ws/{slow[0]}") as w0, client.websocket_connect(f"/ws/{slow[1]}") as w1:
        for ws in (w0, w1):
            ws.receive_json()
        deadline = time.monotonic() + 20
        while not hub.bots._waiting[1]:
            assert time.monotonic() < deadline, "the tables of computers only never asked for a move"
            time.sleep(0.02)
        # one slow table thinks on the only worker (until its cap), the other waits
        (second, _), = hub.bots._waiting[1]
        with client.websocket_connect(f"/ws/{demo}") as wd:
            wd.receive_json()
            until_queued([second, demo])
            with client.websocket_connect(f"/ws/{fast}?token={t_fast}") as f:
                v = f.receive_json()
                f.send_text(json.dumps({"type": "act", "action": "take 1", "version": v["version"]}))
                v = wait_version(f, 2)
                assert v["log"][-1]["seat"] == 1
            deadline = time.monotonic() + 30
            while not moves_of(client, demo):
                assert time.monotonic() < deadline, "the demonstration table's computer never moved"
                time.sleep(0.05)
    order = [m.table for m in hub.bots.history]
    # the person's table asked after the other slow table and the demonstration, and went first
    holder = next(t for t in slow if t != second)
    assert set(order[:2]) == {holder, fast}, order
    assert order.index(fast) < order.index(second) < order.index(demo), order
    d = moves_of(client, demo)[0]
    assert d.waited > d.cap and not d.fallback, d


def test_a_table_has_one_move_at_a_time_and_moves_start_in_turn():
    """The pool's own queue: asking again for a table drops its older move, and the tables
    waiting for the worker get it in the order they asked."""
    import asyncio

    from lapilli.server.bots import BotPool

    async def run():
        pool = BotPool(1)
        order = []
        await pool._acquire("a")  # the only worker is busy

        async def wait(table):
            await pool._acquire(table)
            order.append(table)
            pool._release()

        tasks = [asyncio.ensure_future(wait(t)) for t in ("b", "c", "d")]
        await asyncio.sleep(0)
        tasks[1].cancel()  # "c" stops waiting
        await asyncio.sleep(0)
        pool._release()
        await asyncio.gather(tasks[0], tasks[2])
        assert order == ["b", "d"] and pool._busy == 0 and not any(pool._waiting)
        pool.close()

    asyncio.run(run())


def test_a_persons_table_gets_the_next_worker_before_tables_of_computers_only():
    """The pool's two queues: a move of a person's table starts before every move of a table of
    computers only asked earlier; within each queue moves start in the order they were asked."""
    import asyncio

    from lapilli.server.bots import BotPool

    async def run():
        pool = BotPool(1)
        order = []
        await pool._acquire("busy")

        async def wait(table, people):
            await pool._acquire(table, people)
            order.append(table)
            pool._release()

        tasks = []
        for table, people in (("demo-1", False), ("ann", True), ("demo-2", False), ("bob", True)):
            tasks.append(asyncio.ensure_future(wait(table, people)))
            await asyncio.sleep(0)
        pool._release()
        await asyncio.gather(*tasks)
        assert order == ["ann", "bob", "demo-1", "demo-2"] and pool._busy == 0
        pool.close()

    asyncio.run(run())


def test_computer_seats_take_a_named_level_only(make_client):
    client = make_client(seat_grace=0)
    assert client.get("/api/levels").json() == ["random", "heuristic", "easy", "normal", "hard"]
    tid = make_table(client, options={"pile": 10})
    ta = join(client, tid, 0)
    join(client, tid, 1, "bob")
    for level in ("mcts:iterations=50000000", "wizard", "Normal", ""):
        r = client.post(f"/api/tables/{tid}/seats/1/computer", json={"token": ta, "level": level})
        assert r.status_code == 422, r.text
        assert "the levels are random, heuristic, easy, normal, hard" in r.json()["error"]
    assert client.get(f"/api/tables/{tid}").json()["seats"][1]["kind"] == "human"
    r = client.post(f"/api/tables/{tid}/seats/1/computer", json={"token": ta, "level": "heuristic"})
    assert r.status_code == 200 and client.get(f"/api/tables/{tid}").json()["seats"][1]["agent"] == "heuristic"


def test_a_table_of_computers_only_stops_at_its_cap_and_a_persons_table_does_not(make_client):
    """Some games' rules force no end, and anyone may create a table where only computers play:
    such a table stops after ``computer_only_moves`` decisions instead of playing (and storing
    moves) for ever, and is not held in memory for it.  A table where a person plays is not
    stopped."""
    client = make_client(computer_only_moves=3, bot_pace=0)
    hub = client.app.state.hub
    tid = make_table(client, seats=[{"kind": "bot", "level": "random"}] * 2, options={"pile": 21})
    with client.websocket_connect(f"/ws/{tid}") as ws:
        first = ws.receive_json()
        assert first["version"] < 3 and "stopped" not in first  # it plays on: no word of a stop
        v = wait_version(ws, 3)
        assert v["legal"] == [] and len(v["log"]) == 3
        assert v["stopped"] == 3  # every view says why nothing moves any more
        deadline = time.monotonic() + 20
        while tid not in hub.computers.stopped:
            assert time.monotonic() < deadline, "the table of computers only was not stopped"
            time.sleep(0.02)
        room = hub.rooms[tid]
        hub.computers.schedule(room)  # asked again (a sweep, a reload): it stays stopped
        assert room.version == 3 and not room.thinking and not room.over
    with client.websocket_connect(f"/ws/{tid}") as ws:  # a spectator coming later is told too
        assert ws.receive_json()["stopped"] == 3
    assert len(moves_of(client, tid)) == 3
    # once nobody watches, it may leave memory like any table that waits for no computer
    deadline = time.monotonic() + 20
    while not hub.registry.evictable(room):
        assert time.monotonic() < deadline, "the stopped table is kept in memory"
        time.sleep(0.02)
    # a person's table with two computers goes on past the cap: they answer each of ann's moves
    mixed = make_table(client, players=3, seats=[{"kind": "open"}] + [{"kind": "bot", "level": "random"}] * 2,
                       options={"pile": 21})
    ta = join(client, mixed, 0, "ann")
    with client.websocket_connect(f"/ws/{mixed}?token={ta}") as ws:
        v = ws.receive_json()
        for version in (3, 6):
            ws.send_text(json.dumps({"type": "act", "action": "take 1", "version": v["version"]}))
            v = wait_version(ws, version)
            assert v["log"][-1]["seat"] == 2 and v["legal"] and "stopped" not in v


def test_a_table_whose_people_all_handed_their_seats_stops_and_goes_on_when_one_comes_back(make_client):
    """Seats handed to a computer (stand-ins) make a table of computers only while they last: it
    stops at ``computer_only_moves`` like any such table (nobody waits there), and plays on as
    soon as a person takes a seat back with its token."""
    client = make_client(computer_only_moves=3, bot_pace=0)
    hub = client.app.state.hub
    tid = make_table(client, options={"pile": 21})
    ta, tb = join(client, tid, 0), join(client, tid, 1, "bob")
    assert take_over(client, tid, 0, ta, "random").status_code == 200
    assert take_over(client, tid, 1, tb, "random").status_code == 200
    with client.websocket_connect(f"/ws/{tid}") as spectator:
        v = wait_version(spectator, 3)
        assert v["stopped"] == 3 and all(s["stand_in"] for s in v["table"]["seats"])
    deadline = time.monotonic() + 20
    while tid not in hub.computers.stopped:
        assert time.monotonic() < deadline, "the table was not stopped"
        time.sleep(0.02)
    assert hub.rooms[tid].version == 3
    # ann comes back: her seat is hers again, bob's computer plays on, then it is her turn
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a:
        v = wait_version(a, 4)
        while not v["legal"] and not v.get("result"):
            v = wait_version(a, v["version"] + 1)
        assert v["seat"] == 0 and "stopped" not in v
        assert client.get(f"/api/tables/{tid}").json()["seats"][0]["kind"] == "human"
