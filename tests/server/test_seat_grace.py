"""Seat grace: a person's seat whose connection dropped is held for them for ``seat_grace``
seconds (the others get the countdown in every view) before another player may hand it to a
computer; the seat's token takes it back at any time, and the computer leaves."""
import json
import time

from lapilli.server.config import Settings

from .support import join, make_table, sync, take_over, until, view


def test_the_default_grace_is_two_minutes_and_the_others_see_its_countdown(client):
    assert Settings().seat_grace == 120 == client.settings.seat_grace
    tid = make_table(client, options={"pile": 10})
    ta, tb = join(client, tid, 0), join(client, tid, 1, "bob")
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a:
        v = view(a)
        # bob took his seat and has not come yet: it is held for him, with the seconds left
        (held,) = v["held"]
        assert held["seat"] == 1 and 100 < held["seconds"] <= 120
        r = take_over(client, tid, 1, ta)
        assert r.status_code == 409 and "held for its player" in r.json()["error"]
        with client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
            view(b)
            v = sync(a)
            assert v["held"] == [] and v["present"] == [0, 1]
            assert take_over(client, tid, 1, ta).status_code == 409  # connected: never
        # bob's connection dropped: the countdown starts again from the full grace
        v = until(a, lambda v: v["present"] == [0])
        assert v["held"][0]["seat"] == 1 and v["held"][0]["seconds"] > 100
        first = v["held"][0]["seconds"]
        time.sleep(0.3)
        assert 0 < sync(a)["held"][0]["seconds"] < first  # it counts down
    assert client.get(f"/api/tables/{tid}").json()["seats"][1]["kind"] == "human"


def test_after_the_grace_a_seated_player_may_hand_the_seat_to_a_computer(make_client):
    client = make_client(seat_grace=1.0)
    tid = make_table(client, options={"pile": 21})
    ta, tb = join(client, tid, 0), join(client, tid, 1, "bob")
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a:
        with client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
            view(b)
            assert sync(a)["present"] == [0, 1]
        v = until(a, lambda v: v["present"] == [0])  # bob left
        assert [h["seat"] for h in v["held"]] == [1]
        assert take_over(client, tid, 1, ta).status_code == 409
        # when the grace is over every connection gets a view without the countdown
        v = view(a)
        assert v["held"] == [] and v["present"] == [0]
        r = take_over(client, tid, 1, ta, "random")
        assert r.status_code == 200, r.text
        seat = client.get(f"/api/tables/{tid}").json()["seats"][1]
        assert seat == {"seat": 1, "kind": "bot", "name": "bob", "agent": "random", "stand_in": True,
                        "timed_out": False, "account": False}
        # the computer plays for bob
        a.send_text(json.dumps({"type": "act", "action": "take 1"}))
        while True:
            v = view(a)
            if v["version"] >= 2:
                break
        assert v["log"][-1]["seat"] == 1


def test_a_seat_taken_and_never_opened_ends_its_countdown_too(make_client):
    """Bob takes his seat and his page never connects: the countdown the others see from the
    start must end with a view offering his seat to a computer, as when a connection drops."""
    client = make_client(seat_grace=1.0)
    tid = make_table(client, options={"pile": 21})
    ta = join(client, tid, 0)
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a:
        view(a)
        join(client, tid, 1, "bob")
        v = until(a, lambda v: v["held"])
        assert [h["seat"] for h in v["held"]] == [1] and v["present"] == [0]
        v = until(a, lambda v: not v["held"])  # no move, no connection: the grace alone ends it
        assert v["present"] == [0]
        assert take_over(client, tid, 1, ta, "random").status_code == 200


def test_the_token_takes_the_seat_back_and_the_computer_leaves(make_client):
    """Bob's seat at a Slow Nim table goes to an "easy" computer that thinks for ever; when bob
    comes back with his token the seat is his again, the computer's move is dropped and bob
    plays."""
    client = make_client(seat_grace=0)
    tid = make_table(client, game="slownim", options={"pile": 21})
    ta, tb = join(client, tid, 0), join(client, tid, 1, "bob")
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a:
        view(a)
        assert take_over(client, tid, 1, ta, "easy").status_code == 200
        a.send_text(json.dumps({"type": "act", "action": "take 2"}))
        v = view(a)
        while v["version"] < 1:
            v = view(a)
        for _ in range(200):  # the computer starts its (endless) move
            if tid in client.app.state.hub.bots._jobs:
                break
            time.sleep(0.05)
        assert client.app.state.hub.rooms[tid].thinking and tid in client.app.state.hub.bots._jobs
        with client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
            vb = view(b)
            assert vb["seat"] == 1 and vb["legal"] == ["take 1", "take 2", "take 3"]
            seat = client.get(f"/api/tables/{tid}").json()["seats"][1]
            assert seat == {"seat": 1, "kind": "human", "name": "bob", "agent": "", "stand_in": False,
                            "timed_out": False, "account": False}
            assert not client.app.state.hub.rooms[tid].thinking and tid not in client.app.state.hub.bots._jobs
            b.send_text(json.dumps({"type": "act", "action": "take 3", "version": vb["version"]}))
            vb = view(b)
            assert vb["version"] == 2 and {k: vb["log"][-1][k] for k in ("n", "seat", "action", "items")} == {
                    "n": 2, "seat": 1, "action": "take 3", "items": [{"key": "act", "args": {"seat": 1, "action": "take 3"}}]}
    # the computer's move was dropped, not played later: two steps in all
    assert client.get(f"/api/tables/{tid}").json()["version"] == 2
    assert not [m for m in client.app.state.hub.bots.history if m.table == tid]


def test_a_player_may_hand_their_own_seat_to_the_computer_at_once(client):
    tid = make_table(client, options={"pile": 10})
    ta = join(client, tid, 0)
    join(client, tid, 1, "bob")
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a:
        view(a)
        assert take_over(client, tid, 0, ta, "random").status_code == 200
        # while the computer plays the seat, this still-open connection cannot move for it
        a.send_text(json.dumps({"type": "act", "action": "take 1"}))
        m = a.receive_json()
        while m["type"] != "error":
            m = a.receive_json()
        assert "a computer plays seat 0 now" in m["message"]


def test_a_token_that_holds_no_seat_is_told_so_and_not_retried(client):
    tid = make_table(client)
    with client.websocket_connect(f"/ws/{tid}?token=forged") as f:
        m = f.receive_json()
        assert m["type"] == "error" and m["fatal"] is True and "holds no seat" in m["message"]
    # no such table: a spectator, and a token (whose read of the seats tells it), are told so
    for query in ("", "?token=forged"):
        with client.websocket_connect(f"/ws/nosuchtable{query}") as f:
            m = f.receive_json()
            assert m["fatal"] is True and "no table" in m["message"]
