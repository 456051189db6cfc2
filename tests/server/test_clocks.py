"""Table clocks, on SQLite and PostgreSQL, with an injected wall clock (no test waits for a
deadline): a real-time bank with its increment, a seat whose time runs out passing to the
computer while the game goes on to its end, one instance acting on a deadline, a deadline that
survives a restart, and the clock's presets and refusals."""
from __future__ import annotations

import time

import pytest

from lapilli.server import clocks
from lapilli.server.store import Conflict, Store

from .support import FakeClock, check_clocks, hub_of, join, make_table, new_database, sync, until, view, wait_for


def test_a_realtime_bank_runs_out_and_the_computer_plays_the_seat_to_the_end(make_client, db):
    now = FakeClock()
    c = make_client(database_url=db, now=now, clock_poll=3600)  # the test looks for run-out clocks itself
    tid = make_table(c, seats=[{"kind": "open"}, {"kind": "bot", "level": "random"}], options={"pile": 15},
                     seed=5, clock={"kind": "realtime", "bank": 5, "increment": 5, "level": "easy"})
    token = join(c, tid, 0)
    with c.websocket_connect(f"/ws/{tid}?token={token}") as ws:
        v = view(ws)
        assert v["table"]["clock"] == {"kind": "realtime", "bank": 5.0, "increment": 5.0, "level": "easy"}
        assert v["clock"]["running"] == 0 and v["clock"]["left"] == [5.0, 5.0]
        now.t += 2  # seat 0 thinks 2 s of its 5: 3 left, and 5 back for the move
        ws.send_json({"type": "act", "action": "take 1", "version": v["version"]})
        v = until(ws, lambda m: m["version"] >= 2)  # the computer answered at once (its clock did not move)
        assert v["clock"]["running"] == 0 and v["clock"]["left"] == [8.0, 10.0]
        assert check_clocks(c, tid) == 0  # nothing has run out
        now.t += 8.5
        assert sync(ws)["clock"]["to_move_left"] == 0
        assert check_clocks(c, tid) == 1
        assert check_clocks(c, tid) == 0  # acted on once
        end = until(ws, lambda m: "result" in m)
    seat = end["table"]["seats"][0]
    assert seat["kind"] == "bot" and seat["agent"] == "easy" and seat["timed_out"] and seat["stand_in"]
    assert not end["table"]["seats"][1]["timed_out"]
    assert end["table"]["status"] == "finished" and end["clock"]["running"] is None
    assert sum(end["result"]["scores"]) == 1
    st = hub_of(c).store
    assert st.seat_timed_out(tid, 0) and not st.seat_timed_out(tid, 1)


def test_of_two_instances_finding_one_deadline_one_acts(make_client, db):
    now = FakeClock()
    c = make_client(database_url=db, now=now, clock_poll=3600)
    tid = make_table(c, options={"pile": 10}, clock={"preset": "24h"})
    join(c, tid, 0), join(c, tid, 1, "bob")
    info = hub_of(c).store.get(tid)
    assert info.clock.to_move == 0 and info.clock.deadline == now.t + 86_400
    other = Store(db)  # a second instance's store on the same database
    assert (tid, 0, info.clock.deadline) in other.expired(now.t + 86_401)
    assert tid not in [t for t, _, _ in other.expired(now.t + 86_399)]
    # two servers on the database find the deadline passed: one of them hands the seat over
    second = make_client(database_url=db, now=now, clock_poll=3600)
    now.t += 86_401
    assert check_clocks(c, tid) + check_clocks(second, tid) == 1
    assert not other.time_out(tid, 0, info.clock.deadline, "easy")  # and nobody again
    assert other.seat_timed_out(tid, 0) and not other.seat_timed_out(tid, 1)
    assert other.get(tid).seats[0].kind == "bot"


def test_a_deadline_survives_a_restart_and_the_next_server_acts_on_it(make_client, db):
    now = FakeClock()
    first = make_client(database_url=db, now=now, clock_poll=3600)
    tid = make_table(first, options={"pile": 10}, clock={"preset": "72h", "level": "random"})
    ta = join(first, tid, 0)
    join(first, tid, 1, "bob")
    with first.websocket_connect(f"/ws/{tid}?token={ta}") as ws:
        v = view(ws)
        now.t += 3600
        ws.send_json({"type": "act", "action": "take 2", "version": v["version"]})
        v = until(ws, lambda m: m["version"] == 1)
    deadline = now.t + 3 * 86_400
    assert v["clock"]["running"] == 1 and v["clock"]["deadline"] == deadline
    # the store read afresh (as after a restart) holds the same deadline and seat
    again = Store(db).get(tid)
    assert (again.clock.to_move, again.clock.deadline, again.to_move) == (1, deadline, 1)
    # a new server on the same database, three days and a second later
    later = FakeClock(deadline + 1)
    second = make_client(database_url=db, now=later, clock_poll=3600)
    assert check_clocks(second, tid) == 1
    with second.websocket_connect(f"/ws/{tid}?token={ta}") as ws:
        v = until(ws, lambda m: m["version"] >= 2)  # the computer moved for bob
    assert v["table"]["seats"][1]["timed_out"] and v["table"]["seats"][1]["kind"] == "bot"
    assert v["clock"]["running"] == 0 and v["clock"]["deadline"] >= later.t + 3 * 86_400 - 1


def test_the_clock_stops_while_seats_are_open_and_runs_from_the_start_of_play(make_client):
    now = FakeClock()
    c = make_client(now=now, clock_poll=3600)
    tid = make_table(c, options={"pile": 10}, clock={"kind": "turn", "per_move": 600})
    join(c, tid, 0)
    assert hub_of(c).store.get(tid).clock.deadline is None  # seat 1 still open: no clock yet
    now.t += 5000
    assert check_clocks(c, tid) == 0
    join(c, tid, 1, "bob")
    assert hub_of(c).store.get(tid).clock.deadline == now.t + 600


def test_clock_presets_and_refusals(client):
    presets = {p["id"]: p for p in client.get("/api/clocks").json()}
    assert presets["5m+5s"]["bank"] == 300 and presets["10m+10s"]["increment"] == 10
    assert presets["24h"]["per_move"] == 86_400 and presets["72h"]["text"] == "3 d a move"
    for bad, why in [({"preset": "1s"}, "unknown clock preset"),
                     ({"kind": "realtime"}, "needs bank"),
                     ({"kind": "turn"}, "needs per_move"),
                     ({"preset": "24h", "bank": 3}, "not both"),
                     ({"kind": "turn", "per_move": 5}, "greater than or equal to 60")]:
        r = client.post("/api/tables", json={"game": "nim", "clock": bad})
        assert r.status_code == 422 and why in r.json()["error"], (bad, r.text)


def test_clock_arithmetic():
    cs = clocks.start({"kind": "realtime", "bank": 60.0, "increment": 2.0}, 2, 0, 100.0)
    assert (cs.to_move, cs.deadline, cs.banks) == (0, 160.0, [60.0, 60.0])
    same = clocks.after_act(cs, 2, 0, 0, 110.0)  # a second action of the same turn keeps the deadline
    assert same.deadline == 160.0
    nxt = clocks.after_act(same, 2, 0, 1, 130.0)
    assert nxt.banks == [32.0, 60.0] and (nxt.to_move, nxt.deadline) == (1, 190.0)
    over = clocks.after_act(nxt, 2, 1, None, 140.0)
    assert over.deadline is None and not over.running() and over.banks == [32.0, 52.0]


def test_a_database_of_the_previous_schema_upgrades_and_its_game_in_progress_finishes(make_client, db, tmp_path):
    """The clock migration on a database made at 0003, with a Nim game three moves in: the table keeps
    its steps, has no clock, is listed in My tables with the right turn, and plays to its end."""
    import json

    import sqlalchemy as sa
    from alembic import command

    from lapilli.server.migrate import alembic_config
    from lapilli.server.store import hash_token

    if db.startswith("postgresql"):
        url, as_json = new_database(db, "pre4"), "CAST(:o AS JSON)"
    else:
        url, as_json = f"sqlite:///{tmp_path / 'pre4.db'}", ":o"
    eng = sa.create_engine(url)
    with eng.begin() as conn:
        cfg = alembic_config(url)
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0003")
        conn.execute(sa.text("INSERT INTO tables (id, game, players, options, seed, version, status, created, updated, "
                             f"salt, commitment, seeding) VALUES ('old4', 'nim', 2, {as_json}, 7, 3, 'playing', "
                             "CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, '', '', 'linear')"), {"o": json.dumps({"pile": 10})})
        conn.execute(sa.text("INSERT INTO seats (table_id, seat, kind, name, agent, token_hash) VALUES "
                             "('old4', 0, 'bot', 'computer (random)', 'random', ''), "
                             "('old4', 1, 'human', 'bob', '', :h)"), {"h": hash_token("bobs-token")})
        for v in (1, 2, 3):
            conn.execute(sa.text("INSERT INTO steps (table_id, version, kind, seat, action, created) "
                                 "VALUES ('old4', :v, 'act', :s, 'take 1', CURRENT_TIMESTAMP)"), {"v": v, "s": (v - 1) % 2})
    eng.dispose()
    c = make_client(database_url=url)  # upgrades to the newest schema
    info = c.get("/api/tables/old4").json()
    assert info["clock"] is None and info["version"] == 3 and info["seats"][1]["timed_out"] is False
    mine = c.post("/api/my-tables", json={"seats": [{"table": "old4", "token": "bobs-token"}]}).json()
    assert mine[0]["your_turn"] and mine[0]["to_move"] == 1 and mine[0]["clock"] is None
    with c.websocket_connect("/ws/old4?token=bobs-token") as ws:
        v = view(ws)
        assert v["observation"]["pile"] == 7 and "clock" not in v
        while "result" not in v:
            if v["legal"]:
                ws.send_json({"type": "act", "action": v["legal"][0], "version": v["version"]})
            v = view(ws)
    assert c.get("/api/tables/old4").json()["status"] == "finished"


def test_a_move_from_a_seat_timed_out_on_another_instance_is_refused_by_the_store(make_client, db):
    """Two instances on one database: b hands ann's seat to the computer when her time runs out;
    a has not heard of it and still takes ann's move, but the store refuses it (the seat is no
    longer hers), so a reads the table again and tells her why."""
    now = FakeClock()
    # bot_pace: a computer's move waits an hour before it is stored, so none is stored here
    a = make_client(database_url=db, now=now, clock_poll=3600, bot_pace=3600)
    tid = make_table(a, options={"pile": 10}, clock={"preset": "24h", "level": "random"})
    ta, _ = join(a, tid, 0), join(a, tid, 1, "bob")
    b = make_client(database_url=db, now=now, clock_poll=3600, bot_pace=3600)
    with a.websocket_connect(f"/ws/{tid}?token={ta}") as ws:
        v = view(ws)
        assert v["seat"] == 0 and v["legal"] and v["version"] == 0
        now.t += 86_401
        assert check_clocks(b, tid) == 1
        assert hub_of(a).rooms[tid].info.seats[0].kind == "human"  # a has not heard of it
        ws.send_json({"type": "act", "action": "take 1", "version": v["version"]})
        told = ws.receive_json()  # a learns of it as the store refuses the move: ann is told at once...
        assert told["type"] == "seat_lost" and told["seat"] == 0 and "time ran out" in told["message"], told
        err = ws.receive_json()  # ...and why her move is not stored
        assert err["type"] == "error", err
        assert err["message"] == ("your time ran out and a computer plays seat 0 now, so your move is not stored; "
                                  "reload the page to take the seat back")
        v = view(ws)  # a caught up with the store
        seat = v["table"]["seats"][0]
        assert v["version"] == 0 and seat["kind"] == "bot" and seat["timed_out"] and seat["stand_in"]
    st = Store(db)
    assert st.get(tid).version == 0 and st.steps(tid) == []
    # the same referee for a computer's move on a seat its person took back meanwhile
    st.reclaim_seat(tid, ta)
    with pytest.raises(Conflict):
        st.append_step(tid, 0, "act", 0, "take 1", actor="bot")
    assert st.append_step(tid, 0, "act", 0, "take 1", actor="human") == 1


def test_a_person_taking_back_a_turn_based_seat_after_its_timeout_gets_a_full_turn(make_client, db):
    """Ann's 10 minutes pass and the computer takes her seat; she opens the table before it moves:
    her turn starts again with the full time per move, so she is not timed out again at once,
    and her seat stays marked timed out (a rated game stays lost)."""
    now = FakeClock()
    c = make_client(database_url=db, now=now, clock_poll=3600, bot_pace=3600)
    tid = make_table(c, options={"pile": 10}, clock={"kind": "turn", "per_move": 600, "level": "random"})
    ta, _ = join(c, tid, 0), join(c, tid, 1, "bob")
    now.t += 601
    assert check_clocks(c, tid) == 1
    with c.websocket_connect(f"/ws/{tid}?token={ta}") as ws:
        v = view(ws)
        seat = v["table"]["seats"][0]
        assert v["seat"] == 0 and seat["kind"] == "human" and seat["timed_out"]
        assert v["clock"]["running"] == 0 and v["clock"]["deadline"] == now.t + 600
        assert hub_of(c).store.get(tid).clock.deadline == now.t + 600
        assert check_clocks(c, tid) == 0  # not timed out again at once
        now.t += 599
        assert check_clocks(c, tid) == 0
        ws.send_json({"type": "act", "action": "take 1", "version": v["version"]})
        v = until(ws, lambda m: m["version"] == 1)
        assert v["clock"]["running"] == 1 and v["table"]["seats"][0]["kind"] == "human"
    assert hub_of(c).store.seat_timed_out(tid, 0)


def test_a_person_taking_back_a_realtime_seat_after_its_timeout_gets_the_reclaim_floor(make_client, db):
    """A real-time bank of 10 s without increment runs out; taken back, the seat has the site's
    floor (30 s, or the increment when more) and its turn starts again."""
    now = FakeClock()
    c = make_client(database_url=db, now=now, clock_poll=3600, bot_pace=3600)
    tid = make_table(c, options={"pile": 10}, clock={"kind": "realtime", "bank": 10, "increment": 0,
                                                     "level": "random"})
    ta, _ = join(c, tid, 0), join(c, tid, 1, "bob")
    now.t += 11
    assert check_clocks(c, tid) == 1
    with c.websocket_connect(f"/ws/{tid}?token={ta}") as ws:
        v = view(ws)
        assert v["table"]["seats"][0]["kind"] == "human"
        assert v["clock"]["running"] == 0 and v["clock"]["to_move_left"] == clocks.RECLAIM_FLOOR == 30
        assert v["clock"]["left"] == [30.0, 10.0]
        assert check_clocks(c, tid) == 0
        now.t += 20
        ws.send_json({"type": "act", "action": "take 1", "version": v["version"]})
        v = until(ws, lambda m: m["version"] == 1)
        assert v["clock"]["running"] == 1 and v["clock"]["left"] == [10.0, 10.0]


def test_the_clock_of_a_seat_taken_back():
    turn = clocks.start({"kind": "turn", "per_move": 600.0}, 2, 0, 1000.0)
    assert clocks.reclaimed(turn, 0, 1601.0).deadline == 2201.0      # passed: a full turn from now
    assert clocks.reclaimed(turn, 0, 1500.0) == turn                 # still ahead: unchanged
    assert clocks.reclaimed(turn, 1, 1601.0) == turn                 # not its turn: its next turn is full
    rt = clocks.start({"kind": "realtime", "bank": 10.0, "increment": 45.0}, 2, 0, 1000.0)
    back = clocks.reclaimed(rt, 0, 1011.0)                           # the floor is the increment when more
    assert (back.to_move, back.turn_started, back.deadline, back.banks) == (0, 1011.0, 1056.0, [45.0, 10.0])
    other = clocks.reclaimed(rt, 1, 1005.0)                          # not its turn: its bank is raised
    assert (other.deadline, other.banks) == (1010.0, [10.0, 45.0])
    rich = clocks.start({"kind": "realtime", "bank": 600.0, "increment": 0.0}, 2, 0, 1000.0)
    assert clocks.reclaimed(rich, 0, 1100.0) == rich                 # more than the floor left: unchanged
    assert clocks.reclaimed(clocks.ClockState(None), 0, 5.0) == clocks.ClockState(None)


def _eventually(test) -> bool:
    """Whether ``test()`` holds within ten seconds (for what another instance hears through Redis)."""
    for _ in range(200):
        if test():
            return True
        time.sleep(0.05)
    return test()


def test_with_redis_the_other_instance_hears_of_a_timeout_and_of_the_seat_taken_back(make_client, db, redis_url):
    """With Redis between them, the instance where ann sits hears at once that the other one
    handed her seat to the computer (her view shows it), and the other one hears that she took
    it back."""
    now = FakeClock()
    a = make_client(database_url=db, redis_url=redis_url, instance="a", now=now, clock_poll=3600, bot_pace=3600)
    b = make_client(database_url=db, redis_url=redis_url, instance="b", now=now, clock_poll=3600, bot_pace=3600)
    tid = make_table(a, options={"pile": 10}, clock={"preset": "24h", "level": "random"})
    ta, _ = join(a, tid, 0), join(a, tid, 1, "bob")
    with a.websocket_connect(f"/ws/{tid}?token={ta}") as ws:
        view(ws)
        now.t += 86_401
        assert check_clocks(b, tid) == 1
        assert _eventually(lambda: hub_of(a).rooms[tid].info.seats[0].kind == "bot")
        v = until(ws, lambda m: m["table"]["seats"][0]["kind"] == "bot")  # pushed to ann through a
        assert v["table"]["seats"][0]["timed_out"] and v["version"] == 0
    with a.websocket_connect(f"/ws/{tid}?token={ta}") as ws:  # she comes back through a
        assert view(ws)["table"]["seats"][0]["kind"] == "human"
        assert _eventually(lambda: hub_of(b).rooms[tid].info.seats[0].kind == "human")  # b hears of it
        assert hub_of(b).rooms[tid].info.clock.deadline == now.t + 86_400


@pytest.mark.parametrize("skewed_starts", [False, True])
def test_deadlines_hold_on_instances_whose_clocks_disagree(make_client, db, skewed_starts):
    """Instance A's clock runs 40 s ahead of B's (and of the database's).  Deadlines are judged by
    the database's clock: whichever instance starts a 30 s clock, neither times it out early, both
    show the same time left, and it runs out on both once the database's clock passes it."""
    ahead = 40.0
    a = make_client(database_url=db, now=lambda: time.time() + ahead, clock_sync=30, clock_poll=3600, bot_pace=3600)
    b = make_client(database_url=db, now=time.time, clock_sync=30, clock_poll=3600, bot_pace=3600)
    first, other = (a, b) if skewed_starts else (b, a)
    tid = make_table(first, seats=[{"kind": "open"}, {"kind": "open"}], options={"pile": 15},
                     clock={"kind": "realtime", "bank": 30, "increment": 0, "level": "random"})
    join(first, tid, 0)
    join(first, tid, 1)  # play begins: the first instance starts the clock
    deadline = hub_of(first).store.get(tid).clock.deadline
    assert abs(deadline - (time.time() + 30)) < 5, deadline - time.time()  # 30 s by the database's clock
    for c in (a, b):
        assert check_clocks(c, tid) == 0  # nobody's time ran out
        room = c.portal.call(hub_of(c).room, tid)
        shown = clocks.public(room.info.clock, hub_of(c).now())
        assert 25 < shown["left"][0] <= 30, shown  # the same time left on both
    # the database's clock passes the deadline (it is moved back here instead: nobody waits 30 s)
    with hub_of(first).store.engine.begin() as conn:
        conn.exec_driver_sql(f"UPDATE tables SET deadline = deadline - 31 WHERE id = '{tid}'")
    assert check_clocks(other, tid) == 1


def test_the_watcher_asks_the_store_often_only_while_a_clock_runs_here(make_client, tmp_path):
    """A server with no running clock does not ask the database at every round; a table it has
    loaded with a running clock makes it look at every round; a clocked table no instance has
    loaded (its players left, the server restarted) is still found and handed over."""
    db = f"sqlite:///{tmp_path / 'watch.db'}"
    now = FakeClock()
    c = make_client(database_url=db, now=now, clock_poll=0.01, clock_idle=3600)
    clocks_ = hub_of(c).clocks
    wait_for(lambda: clocks_.rounds >= 30, "thirty rounds of the clock watcher")
    assert clocks_.looks == 1  # the first round only: nothing runs here
    tid = make_table(c, options={"pile": 10}, clock={"preset": "24h", "level": "random"})
    join(c, tid, 0), join(c, tid, 1, "bob")  # play begins: the clock runs on a table loaded here
    looked = clocks_.looks
    wait_for(lambda: clocks_.looks >= looked + 10, "ten looks while a clock runs")
    # a second instance that has not loaded the table: its first look finds nothing due; then its
    # clock alone passes the deadline (so the first cannot act) and a later idle look finds it
    later = FakeClock(now.t + 86_399)
    other = make_client(database_url=db, now=later, clock_poll=0.01, clock_idle=0.05)
    wait_for(lambda: hub_of(other).clocks.looks >= 2, "two looks of the idle instance")
    assert not hub_of(other).store.seat_timed_out(tid, 0) and tid not in hub_of(other).rooms
    later.t += 2
    wait_for(lambda: hub_of(other).store.seat_timed_out(tid, 0), "the idle instance hands the seat over")
