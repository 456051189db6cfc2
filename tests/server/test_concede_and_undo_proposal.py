"""Conceding and undo by agreement.

Concede: at two players the game ends at once and the other seat wins; at three or more the
conceding seat is out (a computer plays it to the end, its token no longer takes it back) and is
ranked after every other seat, the game ending when one seat alone has not conceded.  At a rated
table a concession is a loss, never a way to avoid one.

Propose undo: only at an unrated, untimed table, by the seat whose action is the table's last,
when that action revealed nothing; every other person accepts for their own seat only (computers
accept); a refusal, a new step or the time limit ends the proposal."""
from __future__ import annotations

import time

import pytest

from .support import join, make_table, rated_table, rating_of, sign_up, sync, until_pong, view


def of_type(messages, kind):
    return [m for m in messages if m["type"] == kind]


def errors(messages):
    return [m["message"] for m in of_type(messages, "error")]


def act(ws, action):
    v = sync(ws)
    ws.send_json({"type": "act", "action": action, "version": v["version"]})
    return until_pong(ws)


# ---------------------------------------------------------------------------- concede
def test_conceding_at_two_players_ends_the_game_and_the_other_wins(client):
    tid = make_table(client, options={"pile": 15})
    ta, tb = join(client, tid, 0, "ann"), join(client, tid, 1, "bob")
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
        view(a), view(b)
        act(a, "take 1")
        b.send_json({"type": "concede"})
        until_pong(b)
        v = sync(a)
        assert v["result"]["winners"] == [0] and v["result"]["conceded"] == [1]
        assert v["result"]["scores"] == [None, None]  # the unfinished game's scores are not told
        assert v["legal"] == [] and v["table"]["status"] == "finished"
        b.send_json({"type": "act", "action": "take 1"})
        assert "the game is over" in errors(until_pong(b))
    # read back from storage (a table loaded anew), the end holds
    hub = client.app.state.hub
    hub.rooms.pop(tid)
    with client.websocket_connect(f"/ws/{tid}") as spy:
        assert view(spy)["result"]["winners"] == [0]
    assert client.get(f"/api/tables/{tid}/record").json()["conceded"] == [1]


def test_a_spectator_cannot_concede_and_nothing_changes(client):
    tid = make_table(client, options={"pile": 15})
    join(client, tid, 0, "ann"), join(client, tid, 1, "bob")
    with client.websocket_connect(f"/ws/{tid}") as spy:
        view(spy)
        spy.send_json({"type": "concede"})
        assert errors(until_pong(spy)) == ["spectators cannot play"]
    assert client.get(f"/api/tables/{tid}").json()["status"] == "playing"


def test_at_three_players_the_conceding_seat_is_out_and_ranked_last(client):
    tid = make_table(client, players=3, options={"pile": 21})
    ta, tb, tc = (join(client, tid, s, n) for s, n in ((0, "ann"), (1, "bob"), (2, "cid")))
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
        view(a), view(b)
        act(a, "take 1")
        a.send_json({"type": "concede"})  # not ann's turn: a concession needs none
        until_pong(a)
        v = sync(b)
        assert "result" not in v and v["table"]["status"] == "playing"
        assert v["table"]["seats"][0]["kind"] == "bot" and v["legal"]  # bob plays on
    # ann's token no longer takes the seat back
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as again:
        m = again.receive_json()
        assert m["type"] == "error" and m.get("fatal")
    hub = client.app.state.hub
    room = hub.rooms[tid]
    assert room.conceded == [0]
    # bob concedes too: cid alone has not, and wins
    with client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
        view(b)
        b.send_json({"type": "concede"})
        until_pong(b)
        v = sync(b)
    assert v["result"]["winners"] == [2] and v["result"]["conceded"] == [0, 1]


def test_after_conceding_the_connection_watches_the_table(client):
    """At three players the conceding seat's open connection is told it now watches (a
    ``watching`` message), then gets the spectator's view: its moves are a spectator's, refused
    as such, never "a computer plays seat 0"."""
    tid = make_table(client, players=3, options={"pile": 21})
    ta, tb, tc = (join(client, tid, s, n) for s, n in ((0, "ann"), (1, "bob"), (2, "cid")))
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
        view(a), view(b)
        a.send_json({"type": "concede"})
        got = until_pong(a)
        told = of_type(got, "watching")
        assert told == [{"type": "watching", "seat": 0, "why": "conceded"}]
        assert got.index(told[0]) < max(i for i, m in enumerate(got) if m["type"] == "state")
        v = sync(a)
        assert v["seat"] is None and v["legal"] == []
        a.send_json({"type": "act", "action": "take 1", "version": v["version"]})
        assert [m["key"] for m in of_type(until_pong(a), "error")] == ["spectators_cannot_play"]
        assert sync(b)["present"] == [1]  # ann is no longer present at seat 0


def test_a_game_won_on_the_board_by_a_seat_that_conceded_goes_to_the_best_of_the_others():
    from lapilli.server.fanout import result
    from lapilli.engine.registry import new_game

    st = new_game("nim", 3, 1, {"pile": 10})
    for a in ("take 3", "take 3", "take 1", "take 3"):  # seat 0 takes the last stone
        st.apply(a)
    assert st.is_terminal and st.winners() == [0]
    assert result(st, [0])["winners"] == [1, 2] and result(st, [0])["conceded"] == [0]


def test_at_a_rated_table_a_concession_is_a_loss_rated_as_such(make_client):
    client = make_client(signin_rate="1000/minute")
    ann, bob = sign_up(client, "ann"), sign_up(client, "bob")
    tid, (ta, tb) = rated_table(client, [ann, bob], pile=21)
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
        view(a), view(b)
        for _ in range(3):  # past the early share of Nim's usual length (2 plies)
            act(a, "take 1")
            act(b, "take 1")
        b.send_json({"type": "concede"})
        until_pong(b)
        assert sync(a)["result"]["winners"] == [0]
    assert rating_of(client, "ann")["rating"] > 1500
    assert rating_of(client, "bob")["rating"] < 1500
    assert rating_of(client, "bob")["games"] == 1


def test_conceding_at_once_at_a_rated_table_still_costs_the_conceder(make_client):
    client = make_client(signin_rate="1000/minute")
    ann, bob = sign_up(client, "ann"), sign_up(client, "bob")
    tid, (ta, tb) = rated_table(client, [ann, bob], pile=21)
    with client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
        view(b)
        b.send_json({"type": "concede"})  # before any move: an early leaver
        until_pong(b)
    assert rating_of(client, "bob")["rating"] < 1500
    assert rating_of(client, "ann") is None  # nothing to gain for a partner from a puppet's concession


# ---------------------------------------------------------------------------- propose undo
def two_seated(client, game="nim", **kw):
    tid = make_table(client, game=game, **kw)
    return tid, join(client, tid, 0, "ann"), join(client, tid, 1, "bob")


def test_an_accepted_proposal_takes_back_the_proposers_last_action(client):
    tid, ta, tb = two_seated(client, options={"pile": 15})
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
        view(a), view(b)
        act(a, "take 3")
        a.send_json({"type": "propose_undo"})
        got = until_pong(a)
        assert of_type(got, "undo_proposal")[0] | {"seconds": 0} == {"type": "undo_proposal", "seat": 0,
                                                                      "waiting": [1], "seconds": 0}
        assert of_type(until_pong(b), "undo_proposal")[0]["waiting"] == [1]
        a.send_json({"type": "answer_undo", "accept": True})  # the proposer cannot accept for bob
        assert errors(until_pong(a)) == ["you proposed this undo: the other players answer it"]
        assert sync(a)["observation"]["pile"] == 12
        b.send_json({"type": "answer_undo", "accept": True})
        got = until_pong(b)
        assert of_type(got, "undo_proposal_end")[-1]["why"] == "accepted"
        v = sync(a)
        assert v["observation"]["pile"] == 15 and v["legal"] and v["log"] == []


def test_a_refusal_a_new_move_or_the_time_limit_ends_a_proposal(make_client):
    client = make_client(undo_proposal_seconds=0.3)
    tid, ta, tb = two_seated(client, options={"pile": 21})
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
        view(a), view(b)
        act(a, "take 1")
        a.send_json({"type": "propose_undo"})
        until_pong(a)
        b.send_json({"type": "answer_undo", "accept": False})
        assert of_type(until_pong(b), "undo_proposal_end")[-1]["why"] == "refused"
        assert sync(a)["observation"]["pile"] == 20
        a.send_json({"type": "propose_undo"})  # not asked again for the same position
        assert errors(until_pong(a)) == ["this undo was proposed already and not agreed: play on"]
        act(b, "take 1")
        act(a, "take 1")
        a.send_json({"type": "propose_undo"})
        until_pong(a)
        got = act(b, "take 1")  # bob plays instead of answering
        assert of_type(got, "undo_proposal_end")[-1]["why"] == "changed"
        act(a, "take 1")
        a.send_json({"type": "propose_undo"})
        until_pong(a)
        time.sleep(1.5)
        assert of_type(until_pong(b), "undo_proposal_end")[-1]["why"] == "expired"
        b.send_json({"type": "answer_undo", "accept": True})
        assert errors(until_pong(b)) == ["no undo is proposed"]
        assert sync(a)["observation"]["pile"] == 16


def test_one_seat_cannot_accept_for_another(client):
    tid = make_table(client, players=3, options={"pile": 21})
    ta, tb, tc = (join(client, tid, s, n) for s, n in ((0, "ann"), (1, "bob"), (2, "cid")))
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, \
            client.websocket_connect(f"/ws/{tid}?token={tb}") as b, \
            client.websocket_connect(f"/ws/{tid}") as spy:
        view(a), view(b), view(spy)
        act(a, "take 2")
        a.send_json({"type": "propose_undo"})
        until_pong(a)
        b.send_json({"type": "answer_undo", "accept": True})
        b.send_json({"type": "answer_undo", "accept": True})  # bob again, for cid: not counted
        got = until_pong(b)
        assert errors(got) == ["your answer is not asked for"]
        assert of_type(got, "undo_proposal")[-1]["waiting"] == [2]
        spy.send_json({"type": "answer_undo", "accept": True})
        assert errors(until_pong(spy)) == ["spectators cannot play"]
        assert sync(a)["observation"]["pile"] == 19


def test_no_undo_by_agreement_at_a_rated_table(make_client):
    client = make_client(signin_rate="1000/minute")
    ann, bob = sign_up(client, "ann"), sign_up(client, "bob")
    tid, (ta, tb) = rated_table(client, [ann, bob], pile=21)
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a:
        view(a)
        act(a, "take 1")
        a.send_json({"type": "propose_undo"})
        assert errors(until_pong(a)) == ["a rated game takes no undo by agreement"]
        assert sync(a)["version"] == 1


def test_an_action_that_revealed_something_cannot_be_taken_back_by_agreement(client):
    """Eruption: play on (as the engine itself finds) up to an action that draws a lava tile or a
    card, or rolls a die; its seat may not propose taking it back."""
    import random

    tid, ta, tb = two_seated(client, game="eruption", seed=7)
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
        view(a), view(b)
        st, rng, path = client.app.state.hub.rooms[tid].state.clone(), random.Random(3), []
        while True:
            seat, action = st.to_move, rng.choice(st.legal_actions())
            path.append((seat, action))
            if st.reveals(st.apply(action)):
                break
        for seat, action in path:
            assert errors(act((a, b)[seat], action)) == []
        seat = path[-1][0]
        (a, b)[seat].send_json({"type": "propose_undo"})
        assert errors(until_pong((a, b)[seat])) == ["your last action revealed something (a draw, a die or a hidden "
                                                    "tile): it cannot be taken back"]


def test_only_the_seat_whose_action_is_the_last_may_propose(client):
    tid, ta, tb = two_seated(client, options={"pile": 15})
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
        view(a), view(b)
        act(a, "take 1")
        b.send_json({"type": "propose_undo"})
        assert errors(until_pong(b)) == ["only the last action of the game may be taken back, by the seat that made it"]


def test_computer_seats_accept_at_once(client):
    tid = make_table(client, players=3, seats=[{"kind": "open"}, {"kind": "open"}, {"kind": "bot", "level": "random"}],
                     options={"pile": 21})
    ta, tb = join(client, tid, 0, "ann"), join(client, tid, 1, "bob")
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
        view(a), view(b)
        act(a, "take 1")
        a.send_json({"type": "propose_undo"})
        assert of_type(until_pong(a), "undo_proposal")[-1]["waiting"] == [1]  # bob; never the computer
        b.send_json({"type": "answer_undo", "accept": True})
        until_pong(b)
        assert sync(a)["observation"]["pile"] == 21


@pytest.mark.slow  # two real instances; proposals in one process are tested above
def test_a_proposal_crosses_instances(tmp_path, postgres_url, redis_url):
    """Two instances on PostgreSQL and Redis: ann (on A) proposes to take back her move; bob (on
    B) is shown the proposal, and his acceptance on B takes the move back; a second proposal
    refused on B ends on A, and a spectator opening on B during a proposal is shown it."""
    import json

    from websockets.sync.client import connect

    from .support import instances, nim_across, recv_state

    def next_of(ws, kind):
        while True:
            m = json.loads(ws.recv(timeout=10))
            if m["type"] == kind:
                return m

    with instances(tmp_path, postgres_url, redis_url, {}, {}) as (a_server, b_server):
        pa, pb = a_server.port, b_server.port
        tid, t0, t1 = nim_across(a_server, b_server)
        with connect(f"ws://127.0.0.1:{pa}/ws/{tid}?token={t0}") as a, \
                connect(f"ws://127.0.0.1:{pb}/ws/{tid}?token={t1}") as b:
            v = recv_state(a)
            recv_state(b)
            a.send(json.dumps({"type": "act", "action": "take 3", "version": v["version"]}))
            moved = recv_state(b, v["version"] + 1)
            assert moved["observation"]["pile"] == 12
            a.send(json.dumps({"type": "propose_undo"}))
            shown = next_of(b, "undo_proposal")
            assert (shown["seat"], shown["waiting"]) == (0, [1]) and shown["seconds"] > 0
            with connect(f"ws://127.0.0.1:{pb}/ws/{tid}") as spy:  # opened during the proposal, on B
                assert next_of(spy, "undo_proposal")["seat"] == 0
                # a spectator on B cannot answer for anyone: refused there, nothing sent to A
                spy.send(json.dumps({"type": "answer_undo", "accept": True}))
                assert next_of(spy, "error")["key"] == "spectators_cannot_play"
            a.send(json.dumps({"type": "ping"}))
            seen = []
            while not seen or seen[-1] != "pong":
                seen.append(json.loads(a.recv(timeout=10))["type"])
            assert "undo_proposal_end" not in seen  # nothing ended the proposal on A
            b.send(json.dumps({"type": "answer_undo", "accept": True}))
            assert next_of(a, "undo_proposal_end") == {"type": "undo_proposal_end", "seat": 0, "why": "accepted"}
            assert next_of(b, "undo_proposal_end")["why"] == "accepted"
            b.send(json.dumps({"type": "sync"}))
            back = recv_state(b, moved["version"] + 1)
            assert back["observation"]["pile"] == 15 and back["log"] == []
            # ann moves again and proposes again: bob refuses on B, and A says so
            a.send(json.dumps({"type": "act", "action": "take 2", "version": back["version"]}))
            assert recv_state(b, back["version"] + 1)["observation"]["pile"] == 13
            a.send(json.dumps({"type": "propose_undo"}))
            next_of(b, "undo_proposal")
            b.send(json.dumps({"type": "answer_undo", "accept": False}))
            assert next_of(a, "undo_proposal_end")["why"] == "refused"
            assert next_of(b, "undo_proposal_end")["why"] == "refused"
            a.send(json.dumps({"type": "ping"}))
            assert next_of(a, "pong")
            b.send(json.dumps({"type": "sync"}))
            assert recv_state(b)["observation"]["pile"] == 13  # the move stands
            b.send(json.dumps({"type": "answer_undo", "accept": True}))  # nothing is proposed now
            assert next_of(b, "error")["key"] == "no_undo_proposed"


def _next_of(ws, kind):
    import json

    while True:
        m = json.loads(ws.recv(timeout=10))
        if m["type"] == kind:
            return m


@pytest.mark.slow  # three real instances; proposals in one process are tested above
def test_an_instance_that_loads_the_table_later_shows_and_takes_answers_to_the_proposal(tmp_path, postgres_url,
                                                                                         redis_url):
    """Three instances: ann (on A) proposes while instance C has never loaded the table; a
    spectator opening on C afterwards is shown the proposal, and bob, opening on C, accepts it
    there: the move is taken back."""
    import json

    import httpx
    from websockets.sync.client import connect

    from .support import instances, new_database, nim_across, recv_state

    # a database of its own: C must not resume a computer's table another test left in the shared one
    database = new_database(postgres_url, "later")
    with instances(tmp_path, database, redis_url, {}, {}, {}) as (a_server, b_server, c_server):
        tid, t0, t1 = nim_across(a_server, b_server)
        with connect(f"{a_server.ws}/ws/{tid}?token={t0}") as a:
            v = recv_state(a)
            a.send(json.dumps({"type": "act", "action": "take 3", "version": v["version"]}))
            recv_state(a, v["version"] + 1)
            a.send(json.dumps({"type": "propose_undo"}))
            assert _next_of(a, "undo_proposal")["waiting"] == [1]
            assert httpx.get(f"{c_server.url}/health").json()["tables_loaded"] == 0  # C has not loaded it
            with connect(f"{c_server.ws}/ws/{tid}") as spy:
                shown = _next_of(spy, "undo_proposal")
                assert (shown["seat"], shown["waiting"]) == (0, [1]) and shown["seconds"] > 0
            with connect(f"{c_server.ws}/ws/{tid}?token={t1}") as b:
                assert _next_of(b, "undo_proposal")["seat"] == 0
                b.send(json.dumps({"type": "answer_undo", "accept": True}))
                assert _next_of(b, "undo_proposal_end")["why"] == "accepted"
            assert _next_of(a, "undo_proposal_end") == {"type": "undo_proposal_end", "seat": 0, "why": "accepted"}
            a.send(json.dumps({"type": "sync"}))
            assert recv_state(a, v["version"] + 2)["observation"]["pile"] == 15


@pytest.mark.slow  # two real instances; proposals in one process are tested above
def test_one_proposer_on_two_instances_proposing_at_once_makes_one_proposal(tmp_path, postgres_url, redis_url):
    """Ann's two pages, one on A and one on B, propose at the same moment (several times over):
    one proposal stands, the other page is told one is pending, and every connection (bob's
    on B too) is shown the same proposal."""
    import json
    import threading

    from websockets.sync.client import connect

    from .support import instances, nim_across, recv_state

    with instances(tmp_path, postgres_url, redis_url, {}, {}) as (a_server, b_server):
        tid, t0, t1 = nim_across(a_server, b_server)
        with connect(f"{a_server.ws}/ws/{tid}?token={t0}") as a1, connect(f"{b_server.ws}/ws/{tid}?token={t0}") as a2, \
                connect(f"{b_server.ws}/ws/{tid}?token={t1}") as b:
            v = recv_state(a1)["version"]
            recv_state(a2), recv_state(b)
            for rnd in range(3):  # ann moves, proposes from both pages at once, bob refuses
                a1.send(json.dumps({"type": "act", "action": "take 1", "version": v}))
                v += 1
                for ws in (a1, a2, b):
                    recv_state(ws, v)
                gate = threading.Barrier(2)

                def propose(ws):
                    gate.wait()
                    ws.send(json.dumps({"type": "propose_undo"}))

                both = [threading.Thread(target=propose, args=(ws,)) for ws in (a1, a2)]
                for t in both:
                    t.start()
                for t in both:
                    t.join()
                answers = []
                for ws in (a1, a2):
                    ws.send(json.dumps({"type": "ping"}))
                    seen = []
                    while not seen or seen[-1]["type"] != "pong":
                        seen.append(json.loads(ws.recv(timeout=10)))
                    answers.append([m.get("key") for m in seen if m["type"] == "error"])
                assert sorted(answers) == [[], ["undo_pending"]], (rnd, answers)
                assert _next_of(b, "undo_proposal")["seat"] == 0
                b.send(json.dumps({"type": "answer_undo", "accept": False}))
                assert _next_of(b, "undo_proposal_end")["why"] == "refused"
                for ws in (a1, a2):
                    assert _next_of(ws, "undo_proposal_end")["why"] == "refused"
                b.send(json.dumps({"type": "ping"}))
                for m in iter(lambda: json.loads(b.recv(timeout=10)), None):  # nothing else stands
                    assert m["type"] != "undo_proposal", m
                    if m["type"] == "pong":
                        break
                b.send(json.dumps({"type": "act", "action": "take 1", "version": v}))
                v += 1
                for ws in (a1, a2, b):
                    recv_state(ws, v)


def test_no_proposal_is_made_while_redis_does_not_answer(make_client, tmp_path):
    """With several instances the one standing proposal is kept in Redis: while Redis does not
    answer, a proposal is refused (in every language) rather than made on this instance alone."""
    from lapilli.testing.services import Redis

    redis = Redis(tmp_path)
    client = make_client(redis_url=redis.start())
    try:
        tid, ta, tb = two_seated(client, options={"pile": 15})
        with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, \
                client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
            view(a), view(b)
            act(a, "take 1")
            redis.stop()
            a.send_json({"type": "propose_undo"})
            got = until_pong(a)
            assert [(m["key"], m["words"]["it"]) for m in of_type(got, "error")] == [
                ("undo_unshared", "ora non si può proporre un annullamento perché le istanze del server non si "
                                  "raggiungono: riprova tra un momento")]
            assert of_type(got, "undo_proposal") == [] and of_type(until_pong(b), "undo_proposal") == []
            assert client.app.state.hub.rooms[tid].proposal is None
    finally:
        redis.stop()
