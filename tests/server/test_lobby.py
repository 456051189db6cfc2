"""The lobby's list of tables: who is seated with their public rating, how long each table has
waited, the rated mark, filters by game and player count (validated, bounded, and answered by
the database without loading a table), nothing secret; and the rating change of a finished rated
table, each account's rating before and after it."""
from __future__ import annotations

import json

from sqlalchemy import event

from .support import as_, rated_table, sign_up


def rated_nim(client, players, pile=10):
    """A rated Nim table with a day per move, created by the first of ``players``, each seated in order."""
    return rated_table(client, players, pile, clock={"preset": "24h"})


def finish(client, tid, tokens, moves):
    """Play ``moves`` ((seat, action), ...) over the seats' WebSockets; returns the last view."""
    with client.websocket_connect(f"/ws/{tid}?token={tokens[0]}") as a, \
            client.websocket_connect(f"/ws/{tid}?token={tokens[1]}") as b:
        ws, last = [a, b], None
        for w in ws:
            while True:
                m = w.receive_json()
                if m["type"] == "state" and m["present"] == [0, 1]:
                    break
        for seat, action in moves:
            ws[seat].send_text(json.dumps({"type": "act", "action": action}))
            last = [w.receive_json() for w in ws][0]
        return last


def public_rating(client, name, game="nim"):
    return {r["game"]: r for r in client.get(f"/api/players/{name}").json()["ratings"]}[game]["rating"]


def test_the_lobby_shows_who_waits_with_their_rating_and_for_how_long(client):
    ann, bob = sign_up(client, "ann"), sign_up(client, "bob")
    done, tokens = rated_nim(client, [ann, bob])
    finish(client, done, tokens, [(0, "take 3"), (1, "take 3"), (0, "take 3"), (1, "take 1")])
    # ann opens a rated table and waits; a guest opens an unrated one
    h = as_(client, ann)
    tid = client.post("/api/tables", json={"game": "nim", "players": 2, "rated": True, "options": {"pile": 10},
                                           "clock": {"preset": "24h"}}, headers=h).json()["id"]
    token = client.post(f"/api/tables/{tid}/seats/0", json={"name": ""}, headers=h).json()["token"]
    client.cookies.clear()
    guest = client.post("/api/tables", json={"game": "nim", "players": 2}).json()["id"]
    client.post(f"/api/tables/{guest}/seats/0", json={"name": "carl"})
    r = client.get("/api/tables", params={"status": "open"})
    assert r.status_code == 200
    listed = {t["id"]: t for t in r.json()}
    assert set(listed) == {tid, guest}  # the finished table is not waiting
    mine = listed[tid]
    assert mine["rated"] is True and listed[guest]["rated"] is False
    seat0, seat1 = mine["seats"]
    assert (seat0["name"], seat0["account"], seat1["kind"]) == ("ann", True, "open")
    # the rating shown is the public one of the account's player page, in this table's game
    assert seat0["rating"] == public_rating(client, "ann") < 1500
    assert seat1["rating"] is None and listed[guest]["seats"][0]["rating"] is None  # an open seat, a guest
    assert isinstance(mine["waited"], (int, float)) and mine["waited"] >= 0
    # never a secret: the seed, the salt, a seat's token
    info = client.app.state.hub.store.get(tid)
    for secret in (str(info.seed), info.salt, token):
        assert secret not in r.text
    assert "seed" not in mine and "salt" not in mine


def test_the_lobby_filters_by_game_and_player_count_in_the_database(client):
    ids = {}
    for game, players in [("nim", 2), ("nim", 3), ("nim", 2), ("stromboli", 2)]:
        r = client.post("/api/tables", json={"game": game, "players": players})
        assert r.status_code == 200, r.text
        ids.setdefault((game, players), []).append(r.json()["id"])
    get = lambda **q: client.get("/api/tables", params=q)  # noqa: E731
    assert sorted(t["id"] for t in get(game="nim", players=2).json()) == sorted(ids[("nim", 2)])
    assert [t["id"] for t in get(game="nim", players=3).json()] == ids[("nim", 3)]
    assert [t["id"] for t in get(game="stromboli").json()] == ids[("stromboli", 2)]
    assert len(get(players=2).json()) == 3
    # the filter applies before the page: a page of one is a table of that game
    assert [t["game"] for t in get(game="stromboli", limit=1).json()] == ["stromboli"]
    # refused clearly, before any query: an unknown game, a player count out of range, a long name
    r = get(game="chess")
    assert r.status_code == 400 and "chess" in r.json()["error"]
    for bad in ({"players": 0}, {"players": 65}, {"players": "two"}, {"game": "x" * 65}, {"limit": 201}):
        assert get(**bad).status_code == 422, bad
    # bounded: the same number of statements for a page of 1 and of 200, and no table loaded
    statements = []
    engine = client.app.state.hub.store.engine
    count = lambda *a: statements.append(a[2])  # noqa: E731
    event.listen(engine, "before_cursor_execute", count)
    try:
        sizes = []
        for limit in (1, 200):
            statements.clear()
            assert get(game="nim", limit=limit).status_code == 200
            sizes.append(len(statements))
    finally:
        event.remove(engine, "before_cursor_execute", count)
    assert sizes[0] == sizes[1] <= 3
    assert client.app.state.hub.rooms == {}


def test_a_finished_rated_table_says_each_accounts_rating_before_and_after(client):
    ann, bob = sign_up(client, "ann"), sign_up(client, "bob")
    tid, tokens = rated_nim(client, [ann, bob])
    assert "rating_changes" not in client.get(f"/api/tables/{tid}").json()  # nothing yet: the game goes on
    last = finish(client, tid, tokens, [(0, "take 3"), (1, "take 3"), (0, "take 3"), (1, "take 1")])
    assert last["result"]["winners"] == [1]
    r = client.get(f"/api/tables/{tid}")
    assert r.status_code == 200
    changes = {c["seat"]: c for c in r.json()["rating_changes"]}
    assert set(changes) == {0, 1}
    assert (changes[0]["username"], changes[1]["username"]) == ("ann", "bob")
    assert changes[0]["before"] == changes[1]["before"] == 1500
    assert changes[0]["after"] == public_rating(client, "ann") < 1500
    assert changes[1]["after"] == public_rating(client, "bob") > 1500
    # the next game starts from there
    tid2, tokens2 = rated_nim(client, [ann, bob])
    finish(client, tid2, tokens2, [(0, "take 3"), (1, "take 3"), (0, "take 3"), (1, "take 1")])
    again = {c["seat"]: c for c in client.get(f"/api/tables/{tid2}").json()["rating_changes"]}
    assert again[0]["before"] == changes[0]["after"] and again[0]["after"] == public_rating(client, "ann")
    # an unrated table has none
    plain = client.post("/api/tables", json={"game": "nim", "players": 2}).json()["id"]
    assert "rating_changes" not in client.get(f"/api/tables/{plain}").json()
