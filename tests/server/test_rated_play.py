"""Rated play: handing one's own seat to the computer is a resignation said before it happens,
a seat handed over stays abandoned for the rating and taking it back adds no time; no coach at a
rated table before the end, and no move at any table before every seat is taken; a leaver is
ranked last while the others keep their order, a game abandoned early is not rated for the others
and counts against the leaver; a rated table always has a clock."""
from __future__ import annotations

import time


from lapilli.server import ratings
from lapilli.server.ratings import Rating, pairwise, update

from .support import CLOCK, FakeClock, as_, check_clocks, rated_table, rating_of, sign_up, sync, take_over, until, view, wait_version

# ---------------------------------------------------------------------------- point: time and hand-overs
def ann_moved_first(make_client, bank):
    """A rated Nim table of ann and bob with a real-time clock of ``bank`` seconds (no increment) on
    an injected wall clock; ann has made the first move.  Returns (clock, client, table, tokens)."""
    now = FakeClock()
    client = make_client(now=now, clock_poll=3600, signin_rate="1000/minute")
    ann, bob = sign_up(client, "ann"), sign_up(client, "bob")
    tid, (ta, tb) = rated_table(client, [ann, bob], pile=21,
                                clock={"kind": "realtime", "bank": bank, "increment": 0, "level": "random"})
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a:
        v = view(a)
        a.send_json({"type": "act", "action": "take 1", "version": v["version"]})
        until(a, lambda m: m["version"] == 1)
    return now, client, tid, ta, tb


def test_handing_your_own_seat_at_a_rated_table_is_a_resignation_said_first_and_adds_no_time(make_client):
    """Bob, at 1.8 s left of his bank, hands his own seat to the computer and reopens the table
    2.5 s later: he must first say that he resigns; once he has, the computer plays his move and
    taking the seat back leaves his bank where it stood (never the 30 s a reclaim used to give)."""
    now, client, tid, ta, tb = ann_moved_first(make_client, bank=60)
    now.t += 58.2  # bob thinks: 1.8 s left
    r = take_over(client, tid, 1, tb, "hard")
    assert r.status_code == 409 and "resign" in r.json()["error"], r.text
    assert client.get(f"/api/tables/{tid}").json()["seats"][1]["kind"] == "human"
    r = client.post(f"/api/tables/{tid}/seats/1/computer", json={"token": tb, "level": "random", "resign": True})
    assert r.status_code == 200 and r.json()["resigned"] is True, r.text
    wait_version(client, tid, 2)  # the computer played bob's move
    now.t += 2.5
    with client.websocket_connect(f"/ws/{tid}?token={tb}") as b:  # bob's page takes the seat back
        v = view(b)
        assert v["table"]["seats"][1]["kind"] == "human"
        assert v["clock"]["left"][1] <= 1.8 + 1e-6, v["clock"]


def test_a_seat_that_ran_out_and_is_taken_back_gets_no_time_at_a_rated_table(make_client):
    now, client, tid, ta, tb = ann_moved_first(make_client, bank=10)
    now.t += 11
    assert check_clocks(client, tid) == 1
    wait_version(client, tid, 2)
    with client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
        v = view(b)
        assert v["table"]["seats"][1]["kind"] == "human" and v["clock"]["left"][1] == 0, v["clock"]


def test_a_seat_handed_over_after_the_grace_stays_abandoned_when_taken_back(make_client):
    """Bob stays away; after his grace Ann hands his seat to the computer; he comes back, takes it
    and wins on the board: for the rating he abandoned, whatever happened later."""
    client = make_client(seat_grace=0, signin_rate="1000/minute")
    ann, bob = sign_up(client, "ann"), sign_up(client, "bob")
    tid, (ta, tb) = rated_table(client, [ann, bob], pile=10)
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, \
            client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
        for w in (a, b):
            until(w, lambda m: m["present"] == [0, 1])
        a.send_json({"type": "act", "action": "take 3"})
        until(b, lambda m: m["version"] == 1)
        b.send_json({"type": "act", "action": "take 3"})
        until(a, lambda m: m["version"] == 2)
    # bob's page is closed; ann's turn: she hands his seat over (the computer is not to move)
    for _ in range(100):  # once the server has seen bob's connection end
        r = take_over(client, tid, 1, ta, "random")
        if r.status_code != 409:
            break
        time.sleep(0.02)
    assert r.status_code == 200, r.text
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, \
            client.websocket_connect(f"/ws/{tid}?token={tb}") as b:  # bob takes his seat back
        for w in (a, b):
            until(w, lambda m: m["present"] == [0, 1] and m["table"]["seats"][1]["kind"] == "human")
        a.send_json({"type": "act", "action": "take 1"})
        until(b, lambda m: m["version"] == 3)
        b.send_json({"type": "act", "action": "take 3"})
        end = until(a, lambda m: "result" in m)
    assert end["result"]["winners"] == [1]
    assert rating_of(client, "bob")["rating"] < 1500 < rating_of(client, "ann")["rating"]


def test_no_computer_takes_the_open_seat_of_a_rated_table(client):
    ann = sign_up(client, "ann")
    h = as_(client, ann)
    tid = client.post("/api/tables", json={"game": "nim", "players": 2, "rated": True, "clock": CLOCK},
                      headers=h).json()["id"]
    ta = client.post(f"/api/tables/{tid}/seats/0", json={"name": ""}, headers=h).json()["token"]
    client.cookies.clear()  # the seat's token is what the route checks
    r = take_over(client, tid, 1, ta, "hard")
    assert r.status_code == 409 and "open" in r.json()["error"], r.text
    assert client.get(f"/api/tables/{tid}").json()["seats"][1]["kind"] == "open"


# ---------------------------------------------------------------------------- point: hints and the start
def test_no_move_and_no_hint_before_every_seat_is_taken_and_the_start_is_shown_to_everyone(client):
    r = client.post("/api/tables", json={"game": "nim", "players": 2, "options": {"pile": 10}})
    tid = r.json()["id"]
    ta = client.post(f"/api/tables/{tid}/seats/0", json={"name": "ann"}).json()["token"]
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, client.websocket_connect(f"/ws/{tid}") as watcher:
        v = view(a)
        assert v["table"]["status"] == "open" and v["legal"] == []
        a.send_json({"type": "act", "action": "take 1"})
        m = a.receive_json()
        while m["type"] != "error":
            m = a.receive_json()
        assert "every seat" in m["message"]
        assert sync(a)["version"] == 0
        r = client.post(f"/api/tables/{tid}/hint", json={"token": ta})
        assert r.status_code == 409 and "every seat" in r.json()["error"], r.text
        client.post(f"/api/tables/{tid}/seats/1", json={"name": "bob"})
        # the start: every connection (the spectator too) is shown the table playing
        for w in (a, watcher):
            until(w, lambda m: m["table"]["status"] == "playing")
        v = sync(a)
        assert v["legal"]
        a.send_json({"type": "act", "action": "take 1", "version": v["version"]})
        assert until(a, lambda m: m["version"] == 1)


def test_a_computer_seat_waits_for_every_seat_to_be_taken(client):
    r = client.post("/api/tables", json={"game": "nim", "players": 3, "options": {"pile": 10},
                                         "seats": [{"kind": "bot", "level": "random"}]})
    tid = r.json()["id"]
    ta = client.post(f"/api/tables/{tid}/seats/1", json={"name": "ann"}).json()["token"]
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a:
        view(a)
        # the computer (seat 0, to move) is not even asked to think before the game starts
        assert not client.app.state.hub.rooms[tid].thinking
        assert sync(a)["version"] == 0
        client.post(f"/api/tables/{tid}/seats/2", json={"name": "bob"})
        until(a, lambda m: m["version"] == 1)  # it moves once the game starts


def test_hint_consent_counts_the_person_whose_seat_a_computer_plays(make_client):
    """Bob has not agreed to hints; his seat going to the computer does not make hints allowed."""
    client = make_client(seat_grace=0)
    tid = client.post("/api/tables", json={"game": "nim", "players": 2, "options": {"pile": 10}}).json()["id"]
    ta = client.post(f"/api/tables/{tid}/seats/0", json={"name": "ann"}).json()["token"]
    client.post(f"/api/tables/{tid}/seats/1", json={"name": "bob"})
    assert client.post(f"/api/tables/{tid}/hint", json={"token": ta}).status_code == 403
    assert take_over(client, tid, 1, ta, "random").status_code == 200
    r = client.post(f"/api/tables/{tid}/hint", json={"token": ta})
    assert r.status_code == 403 and "1" in r.json()["error"], r.text
    got = client.get(f"/api/tables/{tid}/hints").json()
    assert got["allowed"] is False and got["waiting_for"] == [1]


def test_no_hint_at_a_rated_table_before_the_game_ends(client):
    ann, bob = sign_up(client, "ann"), sign_up(client, "bob")
    tid, (ta, tb) = rated_table(client, [ann, bob])
    for t in (tb, ta):
        client.post(f"/api/tables/{tid}/hints/agree", json={"token": t})
    r = client.post(f"/api/tables/{tid}/hint", json={"token": ta})
    assert r.status_code == 403 and "rated" in r.json()["error"], r.text
    assert client.get(f"/api/tables/{tid}/hints").json()["allowed"] is False


# ---------------------------------------------------------------------------- point: ratings
def test_a_rated_table_always_has_a_clock(client):
    h = as_(client, sign_up(client, "ann"))
    r = client.post("/api/tables", json={"game": "nim", "players": 2, "rated": True}, headers=h)
    assert r.status_code == 400 and "clock" in r.json()["error"], r.text
    r = client.post("/api/tables", json={"game": "nim", "players": 2, "rated": True, "clock": {"preset": "24h"}},
                    headers=h)
    assert r.status_code == 200, r.text


def test_a_puppet_that_leaves_at_once_gives_its_partner_nothing(make_client):
    """A fresh account takes the other seat and never comes: its seat goes to the computer before
    any move.  The game is abandoned early: Ann's rating does not move, the puppet loses."""
    client = make_client(seat_grace=0, signin_rate="1000/minute")
    ann, puppet = sign_up(client, "ann"), sign_up(client, "puppet")
    tid, (ta, tp) = rated_table(client, [ann, puppet], pile=10)
    assert take_over(client, tid, 1, ta, "random").status_code == 200
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a:
        v = view(a)
        while "result" not in v:
            if v["legal"]:
                a.send_json({"type": "act", "action": v["legal"][-1], "version": v["version"]})
            v = view(a)
    assert rating_of(client, "ann") is None  # not rated: no rating for this game at all
    assert rating_of(client, "puppet")["rating"] < 1500


def test_a_leaver_is_ranked_last_and_the_others_keep_their_order():
    """Three players; seat 2 abandons while the board has it first: seat 0 (ahead of seat 1)
    gains more than seat 1, who still gains from the leaver, and the leaver loses."""
    before = {s: Rating() for s in range(3)}
    after = update(before, pairwise([1, 2, 0], {2}))
    assert after[0].rating > after[1].rating > 1400 and after[2].rating < 1500
    assert after[0].rating - 1500 > 2 * abs(after[1].rating - 1500)


def test_the_early_share_is_a_quarter_of_the_games_usual_length():
    assert ratings.EARLY_SHARE == 0.25
    assert ratings.early("the-island", 4, 10) and not ratings.early("the-island", 4, 100)
    assert ratings.early("nim", 2, 1) and not ratings.early("nim", 2, 2)
