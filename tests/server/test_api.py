"""The web table's HTTP and WebSocket API, on the small test games."""
import json

import pytest

from .support import join, make_table, until_present


def test_lobby_lists_games_and_open_tables(client):
    games = {g["id"] for g in client.get("/api/games").json()}
    assert {"nim", "toy"} <= games
    tid = make_table(client)
    listed = [t["id"] for t in client.get("/api/tables").json()]
    assert tid in listed
    assert client.get(f"/api/tables/{tid}").json()["status"] == "open"


def test_a_table_of_computers_only_is_never_open(client):
    """No seat waits for a person, so the game is under way from the start: a spectator's page
    must not say that it waits for players while the computers play."""
    tid = make_table(client, seats=[{"kind": "bot", "level": "random"}] * 2, options={"pile": 10})
    assert client.get(f"/api/tables/{tid}").json()["status"] in ("playing", "finished")
    with client.websocket_connect(f"/ws/{tid}") as watcher:
        v = watcher.receive_json()
        assert v["table"]["status"] in ("playing", "finished")


@pytest.mark.parametrize("body, text", [
    ({"game": "chess"}, "unknown game"),
    ({"game": "nim", "players": 9}, "players"),
    ({"game": "nim", "options": {"pile": 99}}, "cannot be"),
    ({"game": "nim", "seats": [{"kind": "bot", "level": "wizard"}]},
     "unknown level 'wizard'; the levels are random, heuristic, easy, normal, hard"),
    # a computer seat plays a named level, never an agent spec of the creator's choosing
    ({"game": "nim", "seats": [{"kind": "bot", "level": "mcts:iterations=50000000"}]},
     "the levels are random, heuristic, easy, normal, hard"),
    # every number is bounded: none reaches the database to fail there with a 500
    ({"game": "nim", "seed": 1e23}, "seed: Unable to parse input string as an integer"),
    ({"game": "nim", "seed": 2**64}, "seed: Input should be less than 9223372036854775808"),
    ({"game": "nim", "players": 10**30}, "players: Input should be less than or equal to 64"),
    ({"game": "nim", "seed": -1}, "seed: Input should be greater than or equal to 0"),
    # unknown fields, wrong types, oversize strings
    ({"game": "nim", "colour": "red"}, "colour: unknown field"),
    ({"game": "nim", "seats": [{"kind": "bot", "level": "easy", "think": 99}]}, "seats.0.think: unknown field"),
    ({"game": "nim", "players": "two"}, "players: Input should be a valid integer"),
    ({"game": ["nim"]}, "game: Input should be a valid string"),
    ({"game": "n" * 5000}, "game: String should have at most 64 characters"),
    ({"game": "nim", "options": []}, "options: Input should be a valid dictionary"),
    ({"game": "nim", "seats": [{"kind": "robot"}]}, "seats.0.kind: Input should be 'open' or 'bot'"),
])
def test_bad_table_requests_are_refused_clearly(client, body, text):
    r = client.post("/api/tables", json=body)
    assert r.status_code in (400, 422) and text in r.text


def test_a_seat_is_taken_once(client):
    tid = make_table(client)
    join(client, tid, 0)
    r = client.post(f"/api/tables/{tid}/seats/0", json={"name": "bob"})
    assert r.status_code == 409
    assert client.post(f"/api/tables/{tid}/seats/5", json={"name": "bob"}).status_code == 404


def test_two_people_play_nim_over_websockets(client):
    tid = make_table(client, options={"pile": 10})
    ta, tb = join(client, tid, 0, "ann"), join(client, tid, 1, "bob")
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
        va, vb = until_present(a, [0, 1]), until_present(b, [0, 1])  # each is told the other came
        assert va["seat"] == 0 and va["legal"] == ["take 1", "take 2", "take 3"]
        assert vb["seat"] == 1 and vb["legal"] == []
        # bob may not move for ann, and a token acts only for its own seat
        b.send_text(json.dumps({"type": "act", "action": "take 1"}))
        err = b.receive_json()
        assert err["type"] == "error" and "not your turn" in err["message"]
        b.receive_json()  # resync view
        a.send_text(json.dumps({"type": "act", "action": "take 5"}))
        err = a.receive_json()
        assert err["type"] == "error" and err["rule"] == "NIM-1"
        a.receive_json()
        a.send_text(json.dumps({"type": "act", "action": "take 3"}))
        va, vb = a.receive_json(), b.receive_json()
        assert va["observation"]["pile"] == 7 == vb["observation"]["pile"]
        # the log is narrated for each reader: the actor reads "You", the others the actor's name
        assert vb["legal"] and va["log"][-1]["items"] == [{"key": "act", "args": {"seat": 0, "action": "take 3"}}]
        assert (va["log"][-1]["n"], va["log"][-1]["seat"]) == (1, 0)
        assert va["log"][-1]["text"] == {"en": "You play take 3.", "it": "Giochi take 3."}
        assert vb["log"][-1]["text"] == {"en": "ann plays take 3.", "it": "ann gioca take 3."}
        for who, action in ((b, "take 3"), (a, "take 3"), (b, "take 1")):
            who.send_text(json.dumps({"type": "act", "action": action}))
            a.receive_json()
            vb = b.receive_json()
        assert {k: vb["result"][k] for k in ("scores", "winners")} == {"scores": [0, 1], "winners": [1]}
        assert [sum(p["points"] for p in parts) for parts in vb["result"]["breakdown"]] == [0, 1]
    rec = client.get(f"/api/tables/{tid}/record").json()
    assert rec["actions"] == ["take 3", "take 3", "take 3", "take 1"]
    step = client.get(f"/api/tables/{tid}/replay/2").json()
    assert step["observation"]["pile"] == 4 and step["last"]["text"]["en"] == "bob plays take 3."


def test_hidden_information_never_reaches_another_seat(client):
    tid = make_table(client, game="toy", seed=3)
    join(client, tid, 0)
    tb = join(client, tid, 1, "bob")
    with client.websocket_connect(f"/ws/{tid}?token={tb}") as b, client.websocket_connect(f"/ws/{tid}") as spec:
        vb, vs = b.receive_json(), spec.receive_json()
        assert isinstance(vb["observation"]["hands"][0], int)
        assert all(isinstance(h, int) for h in vs["observation"]["hands"])
        assert "result" not in vb
    # the record (with its seed) is refused before the end
    assert client.get(f"/api/tables/{tid}/record").status_code == 403


@pytest.mark.invalid_messages  # sends what the protocol refuses, on purpose
def test_malformed_and_oversized_messages_change_nothing(client):
    tid = make_table(client)
    ta = join(client, tid, 0)
    join(client, tid, 1, "bob")
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a:
        v0 = a.receive_json()
        for bad in ("not json", json.dumps({"type": "explode"}), json.dumps([1, 2]),
                    json.dumps({"type": "act"}), "x" * 20000):
            a.send_text(bad)
            m = a.receive_json()
            assert m["type"] == "error"
            if bad.startswith('{"type": "act"'):
                a.receive_json()
        a.send_text(json.dumps({"type": "sync"}))
        assert a.receive_json()["version"] == v0["version"] == 0


def test_flooding_is_throttled(client):
    tid = make_table(client)
    ta = join(client, tid, 0)
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a:
        a.receive_json()
        for _ in range(80):
            a.send_text(json.dumps({"type": "ping"}))
        kinds = [a.receive_json()["type"] for _ in range(80)]
        assert "error" in kinds and kinds.count("pong") < 80


def test_spectators_and_foreign_tokens_cannot_play(client):
    tid = make_table(client)
    join(client, tid, 0)
    with client.websocket_connect(f"/ws/{tid}") as s:
        s.receive_json()
        s.send_text(json.dumps({"type": "act", "action": "take 1"}))
        assert "spectators cannot play" in s.receive_json()["message"]
    with client.websocket_connect(f"/ws/{tid}?token=forged") as f:
        assert f.receive_json()["type"] == "error"


def test_undo_within_own_turn(client):
    tid = make_table(client, game="nim", players=3, options={"pile": 15})
    t0 = join(client, tid, 0)
    join(client, tid, 1, "b"), join(client, tid, 2, "c")
    with client.websocket_connect(f"/ws/{tid}?token={t0}") as a:
        a.receive_json()
        a.send_text(json.dumps({"type": "undo"}))
        assert a.receive_json()["type"] == "error"
        a.receive_json()
        a.send_text(json.dumps({"type": "act", "action": "take 2"}))
        v = a.receive_json()
        # nim passes the turn at once, so there is nothing of seat 0's turn left to undo
        assert v["can_undo"] is False


def test_computer_opponent_plays_and_game_ends(client):
    tid = make_table(client, seats=[{"kind": "open"}, {"kind": "bot", "level": "random"}], options={"pile": 10})
    ta = join(client, tid, 0)
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a:
        v = a.receive_json()
        while "result" not in v:
            if v["legal"]:
                a.send_text(json.dumps({"type": "act", "action": v["legal"][0], "version": v["version"]}))
            v = a.receive_json()
            while v["type"] != "state":
                v = a.receive_json()
        assert len(v["result"]["winners"]) == 1


def test_computer_takes_over_a_seat(make_client):
    client = make_client(seat_grace=0)  # the seat grace has its own tests (test_seat_grace.py)
    tid = make_table(client, options={"pile": 10})
    ta = join(client, tid, 0)
    join(client, tid, 1, "bob")
    r = client.post(f"/api/tables/{tid}/seats/1/computer", json={"token": ta, "level": "random"})
    assert r.status_code == 200
    assert client.get(f"/api/tables/{tid}").json()["seats"][1]["kind"] == "bot"
    assert client.post(f"/api/tables/{tid}/seats/1/computer", json={"token": "nope"}).status_code == 403


def test_a_restart_loses_nothing(tmp_path):
    from fastapi.testclient import TestClient

    from lapilli.server.app import create_app
    from lapilli.server.config import Settings

    settings = Settings(database_url=f"sqlite:///{tmp_path / 'r.db'}", redis_url=None)
    with TestClient(create_app(settings)) as c:
        tid = make_table(c, options={"pile": 10})
        ta, tb = join(c, tid, 0), join(c, tid, 1, "bob")
        with c.websocket_connect(f"/ws/{tid}?token={ta}") as a:
            a.receive_json()
            a.send_text(json.dumps({"type": "act", "action": "take 2"}))
            assert a.receive_json()["observation"]["pile"] == 8
    with TestClient(create_app(settings)) as c:  # a new server process on the same database
        with c.websocket_connect(f"/ws/{tid}?token={tb}") as b:
            v = b.receive_json()
            assert v["observation"]["pile"] == 8 and v["legal"] and v["version"] == 1


def test_choices_endpoint_disables_a_forbidden_combination(client):
    r = client.post("/api/games/eruption/choices", json={"players": 3, "options": {}})
    assert r.status_code == 200
    assert "4 or 6 players" in r.json()["options"]["variant"]['"cooperation"']
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert games["the-island"]["default_players"] == 4
    assert games["the-island"]["options"]["turn_cap"]["label"]["it"]
    assert client.post("/api/games/eruption/choices", json={"options": {"nope": 1}}).status_code == 400
    too_many = client.post("/api/games/eruption/choices", json={"players": 9})
    assert too_many.status_code == 400 and "2 to 6 players" in too_many.json()["error"]


@pytest.mark.invalid_messages  # sends what the protocol refuses, on purpose
def test_binary_frames_deep_nesting_and_bad_versions_keep_the_connection(client):
    """Each of these once dropped the socket (KeyError on a binary frame, RecursionError on deep
    JSON) or was misread (a version given as text): now each gets an error and nothing changes."""
    tid = make_table(client)
    ta = join(client, tid, 0)
    join(client, tid, 1, "bob")
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a:
        v0 = a.receive_json()
        a.send_bytes(b"\x00\x01")
        assert "binary frames are not read" in a.receive_json()["message"]
        a.send_text("[" * 16000)
        assert "unknown message" in a.receive_json()["message"]
        a.send_text(json.dumps({"type": "act", "action": "take 1", "version": "0"}))
        assert "version must be a whole number" in a.receive_json()["message"]
        a.receive_json()  # the resync view
        a.send_text(json.dumps({"type": "sync"}))
        v = a.receive_json()
        assert v["version"] == v0["version"] == 0 and v["observation"] == v0["observation"]


def test_a_message_whose_handling_fails_is_answered_and_keeps_the_connection(client, monkeypatch, caplog):
    """A bug while handling one message is logged with its traceback, the sender is told that
    nothing changed, and the connection goes on (the handler's log level must not be shadowed)."""
    tid = make_table(client)
    ta = join(client, tid, 0)
    join(client, tid, 1, "bob")
    hub = client.app.state.hub

    async def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    with client.websocket_connect(f"/ws/{tid}?token={ta}&log=delta") as a:
        a.receive_json()
        monkeypatch.setattr(hub, "act", broken)
        with caplog.at_level("ERROR", logger="lapilli.server"):
            a.send_text(json.dumps({"type": "act", "action": "take 1"}))
            assert "nothing changed" in a.receive_json()["message"]
        assert any("failed" in r.getMessage() and r.exc_info for r in caplog.records)
        a.send_text(json.dumps({"type": "ping"}))
        assert a.receive_json()["type"] == "pong"


def test_a_refused_move_is_said_in_every_language(client):
    """A move the rules refuse comes with its message in each language of the page: the rules'
    sentence from the catalogue (lapilli.words), keyed by the engine, never the English only."""
    tid = make_table(client, game="isola-dei-vulcani", seed=3)
    ta, tb = join(client, tid, 0, "ann"), join(client, tid, 1, "bob")
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
        va = until_present(a, [0, 1])
        until_present(b, [0, 1])
        mover, idle = (a, b) if va["legal"] else (b, a)
        idle.send_text(json.dumps({"type": "act", "action": "pray"}))
        err = idle.receive_json()
        assert err["type"] == "error" and err["words"]["it"].startswith("non tocca a te")
        idle.receive_json()
        mover.send_text(json.dumps({"type": "act", "action": "move H3 H4"}))
        err = mover.receive_json()
        while err["type"] != "error":
            err = mover.receive_json()
        assert err["rule"] == "IDV-3.2" and err["message"] == "you have no colonist on H3"
        assert err["words"] == {"en": "you have no colonist on H3", "it": "non hai nessun colono su H3"}
