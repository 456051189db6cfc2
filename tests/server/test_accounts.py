"""Accounts, sessions, CSRF, the sign-in slow-down per address, the sign-up limit, the bound on
password hashes, names (guests and usernames), rated tables and their ratings, and the migration of
a database made by the previous schema; on SQLite and on PostgreSQL."""
import json
import re
import time

import pytest
import sqlalchemy as sa

from lapilli.server.ratings import Rating, pairwise, places, update

from .support import PASSWORD, as_, new_database, sign_up



@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def db_url(request, tmp_path):
    """A new empty database of each backend."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'accounts.db'}"
    return new_database(request.getfixturevalue("postgres_url"), "acc")


@pytest.fixture
def client(make_client, db_url):
    return make_client(database_url=db_url, signin_rate="1000/minute", signup_rate="1000/minute")


def test_sign_up_sign_in_and_sign_out(client):
    r = client.post("/api/account/signup", json={"username": "Ann", "password": PASSWORD, "email": "ann@example.org"})
    assert r.status_code == 201 and r.json()["username"] == "Ann"
    cookies = r.headers.get_list("set-cookie")
    session = next(c for c in cookies if c.startswith("lapilli_session="))
    assert "HttpOnly" in session and "SameSite=lax" in session
    csrf = next(c for c in cookies if c.startswith("lapilli_csrf="))
    assert "HttpOnly" not in csrf  # the page reads it to send it back in the header
    assert client.get("/api/account").json() == {"username": "Ann"}
    # the name is taken whatever its case
    client.cookies.clear()
    r = client.post("/api/account/signup", json={"username": "ann", "password": PASSWORD})
    assert r.status_code == 409 and "taken" in r.json()["error"]
    assert client.post("/api/account/signup", json={"username": "x", "password": PASSWORD}).status_code == 400
    assert "8 to 200" in client.post("/api/account/signup", json={"username": "bob", "password": "short"}).text
    # sign in (any case of the name), sign out
    r = client.post("/api/account/signin", json={"username": "ANN", "password": PASSWORD})
    assert r.status_code == 200 and r.json()["username"] == "Ann"
    assert client.get("/api/account").json() == {"username": "Ann"}
    old = client.cookies.get("lapilli_session")
    r = client.post("/api/account/signout", headers={"X-CSRF-Token": client.cookies.get("lapilli_csrf")})
    assert r.status_code == 200
    assert client.get("/api/account").json() == {"username": None}
    # the old cookie no longer signs anyone in: its session row is gone
    client.cookies.set("lapilli_session", old)
    assert client.get("/api/account").json() == {"username": None}


def test_session_cookies_are_secure_over_https(make_client, tmp_path):
    from fastapi.testclient import TestClient

    c = make_client(database_url=f"sqlite:///{tmp_path / 's.db'}")
    with TestClient(c.app, base_url="https://testserver") as tls:
        r = tls.post("/api/account/signup", json={"username": "ann", "password": PASSWORD})
        assert r.status_code == 201
        assert all("Secure" in c for c in r.headers.get_list("set-cookie"))
        assert tls.get("/api/account").json() == {"username": "ann"}


def test_a_wrong_password_is_refused_and_repeated_failures_slow_down_that_address(client):
    sign_up(client, "ann")
    client.cookies.clear()
    accounts = client.app.state.accounts
    r = client.post("/api/account/signin", json={"username": "ann", "password": "wrong password"})
    assert r.status_code == 401 and r.json()["error"] == "wrong username or password"
    # an unknown name is refused in the same words
    assert client.post("/api/account/signin", json={"username": "nobody", "password": PASSWORD}).json() == \
        r.json() == {"error": "wrong username or password", "key": "wrong_password",
                     "words": {"en": "wrong username or password", "it": "nome utente o password sbagliati"}}
    for _ in range(client.settings.lockout_failures - 1):
        assert client.post("/api/account/signin", json={"username": "ann", "password": "nope nope"}).status_code == 401
    # from this address, even the right password waits until the window lets a try again
    r = client.post("/api/account/signin", json={"username": "ann", "password": PASSWORD})
    assert r.status_code == 429 and "too many failed sign-ins" in r.json()["error"]
    assert 0 < int(r.headers["Retry-After"]) <= client.settings.lockout_seconds + 1
    assert "lapilli_session" not in client.cookies
    real = accounts.clock
    accounts.clock = lambda: real() + client.settings.lockout_seconds + 1
    r = client.post("/api/account/signin", json={"username": "ann", "password": PASSWORD})
    assert r.status_code == 200 and client.get("/api/account").json() == {"username": "ann"}


def test_sign_in_is_rate_limited_per_address(make_client, tmp_path):
    c = make_client(database_url=f"sqlite:///{tmp_path / 'r.db'}", signin_rate="3/minute")
    codes = [c.post("/api/account/signin", json={"username": "ann", "password": "x" * 8}).status_code
             for _ in range(4)]
    assert codes == [401, 401, 401, 429]


def test_csrf_refusal(client):
    cookies = sign_up(client, "ann")
    headers = as_(client, cookies)
    body = {"game": "nim", "players": 2}
    for h in ({}, {"X-CSRF-Token": "forged"}):
        r = client.post("/api/tables", json=body, headers=h)
        assert r.status_code == 403 and "CSRF" in r.json()["error"]
        r = client.post("/api/account/signout", headers=h)
        assert r.status_code == 403
    assert client.get("/api/account").json() == {"username": "ann"}  # the forged sign-out did nothing
    assert client.post("/api/tables", json=body, headers=headers).status_code == 200
    # a guest (no session cookie) needs no token: guests play by invite as before
    client.cookies.clear()
    tid = client.post("/api/tables", json=body).json()["id"]
    assert client.post(f"/api/tables/{tid}/seats/0", json={"name": "guest"}).status_code == 200


def test_rated_tables_are_for_signed_in_players_at_every_seat(client):
    ann, bob = sign_up(client, "ann"), sign_up(client, "bob")
    client.cookies.clear()
    r = client.post("/api/tables", json={"game": "nim", "players": 2, "rated": True})
    assert r.status_code == 403 and "sign in" in r.json()["error"]
    h = as_(client, ann)
    r = client.post("/api/tables", json={"game": "nim", "players": 2, "rated": True,
                                         "seats": [{"kind": "open"}, {"kind": "bot", "level": "easy"}]}, headers=h)
    assert r.status_code == 400 and "rated table" in r.json()["error"]
    tid = client.post("/api/tables", json={"game": "nim", "players": 2, "rated": True, "clock": {"preset": "24h"}},
                      headers=h).json()["id"]
    assert client.get(f"/api/tables/{tid}").json()["rated"] is True
    r = client.post(f"/api/tables/{tid}/seats/0", json={"name": "whatever"}, headers=h)
    assert r.status_code == 200
    seat0 = client.get(f"/api/tables/{tid}").json()["seats"][0]
    assert (seat0["name"], seat0["account"]) == ("ann", True)  # a signed-in person sits under their username
    # hot-seat: the same person may not take a second seat
    r = client.post(f"/api/tables/{tid}/seats/1", json={"name": "ann's friend"}, headers=h)
    assert r.status_code == 409 and "no hot-seat" in r.json()["error"]
    client.cookies.clear()
    r = client.post(f"/api/tables/{tid}/seats/1", json={"name": "guest"})
    assert r.status_code == 403 and "sign in" in r.json()["error"]
    h = as_(client, bob)
    assert client.post(f"/api/tables/{tid}/seats/1", json={"name": "b"}, headers=h).status_code == 200
    assert client.get(f"/api/tables/{tid}").json()["status"] == "playing"


def play(client, tid, tokens, moves):
    """Play ``moves`` ((seat, action), ...) over each seat's WebSocket; returns the last views."""
    with client.websocket_connect(f"/ws/{tid}?token={tokens[0]}") as a, \
            client.websocket_connect(f"/ws/{tid}?token={tokens[1]}") as b:
        ws = [a, b]
        views = []
        for w in ws:  # every connection's view once both are present
            while True:
                m = w.receive_json()
                if m["type"] == "state" and m["present"] == [0, 1]:
                    break
        for seat, action in moves:
            ws[seat].send_text(json.dumps({"type": "act", "action": action}))
            views = [w.receive_json() for w in ws]
            assert all(v["type"] == "state" for v in views), views
        return views


def rated_table(client, ann, bob):
    h = as_(client, ann)
    tid = client.post("/api/tables", json={"game": "nim", "players": 2, "rated": True, "options": {"pile": 10},
                                           "clock": {"preset": "24h"}}, headers=h).json()["id"]
    ta = client.post(f"/api/tables/{tid}/seats/0", json={"name": "a"}, headers=h).json()["token"]
    h = as_(client, bob)
    tb = client.post(f"/api/tables/{tid}/seats/1", json={"name": "b"}, headers=h).json()["token"]
    client.cookies.clear()
    return tid, [ta, tb]


def test_a_finished_rated_game_updates_both_ratings_once(client):
    ann, bob = sign_up(client, "ann"), sign_up(client, "bob")
    tid, tokens = rated_table(client, ann, bob)
    views = play(client, tid, tokens, [(0, "take 3"), (1, "take 3"), (0, "take 3"), (1, "take 1")])
    assert views[0]["result"]["winners"] == [1]
    pa, pb = client.get("/api/players/ann").json(), client.get("/api/players/bob").json()
    [ra], [rb] = pa["ratings"], pb["ratings"]
    # two new players (1500, RD 350): Glicko-2 moves the winner up and the loser down alike
    assert ra["game"] == rb["game"] == "nim" and ra["games"] == rb["games"] == 1
    assert rb["rating"] > 1500 > ra["rating"]
    assert rb["rating"] - 1500 == pytest.approx(1500 - ra["rating"], abs=0.2)
    assert ra["rd"] < 350 and rb["rd"] < 350
    # the player page lists the finished game with its result and replay link
    [fin] = pa["finished"]
    assert (fin["id"], fin["won"], fin["rated"], fin["replay"]) == (tid, False, True, f"/t/{tid}")
    assert pb["finished"][0]["won"] is True and pa["playing"] == []
    board = client.get("/api/leaderboard/nim").json()
    assert [(x["rank"], x["username"]) for x in board] == [(1, "bob"), (2, "ann")]
    # applied once: another instance (or a retry) finding the same finished table changes nothing
    assert client.app.state.accounts.rate_finished(tid, [1], [0, 1], False) is None
    assert client.get("/api/players/bob").json()["ratings"] == pb["ratings"]
    assert client.get("/api/leaderboard/chess").status_code == 400


def test_an_unrated_table_changes_no_rating_and_shows_on_the_player_page(client):
    ann = sign_up(client, "ann")
    h = as_(client, ann)
    tid = client.post("/api/tables", json={"game": "nim", "players": 2, "options": {"pile": 10}}, headers=h).json()["id"]
    ta = client.post(f"/api/tables/{tid}/seats/0", json={"name": "a"}, headers=h).json()["token"]
    client.cookies.clear()
    tb = client.post(f"/api/tables/{tid}/seats/1", json={"name": "guest"}).json()["token"]
    page = client.get("/api/players/ann").json()
    assert [t["id"] for t in page["playing"]] == [tid] and page["playing"][0]["seat"] == 0
    play(client, tid, [ta, tb], [(0, "take 3"), (1, "take 3"), (0, "take 3"), (1, "take 1")])
    page = client.get("/api/players/ann").json()
    assert page["ratings"] == [] and [f["id"] for f in page["finished"]] == [tid]
    assert client.get("/api/players/nobody").status_code == 404


def test_hot_seat_while_signed_in_seats_the_others_under_their_typed_names(client):
    """A signed-in person who seats every player of the screen sits under their username at their
    own seat; the other seats go to the names typed for them, as guests (not to the account)."""
    ann = sign_up(client, "annhot")
    h = as_(client, ann)
    tid = client.post("/api/tables", json={"game": "nim", "players": 3, "options": {"pile": 10}}, headers=h).json()["id"]
    for seat, typed in enumerate(["ignored", "Carla", "Dino"]):
        assert client.post(f"/api/tables/{tid}/seats/{seat}", json={"name": typed}, headers=h).status_code == 200
    seats = client.get(f"/api/tables/{tid}").json()["seats"]
    assert [(s["name"], s["account"]) for s in seats] == [("annhot", True), ("Carla", False), ("Dino", False)]
    page = client.get("/api/players/annhot").json()
    assert [(t["id"], t["seat"]) for t in page["playing"]] == [(tid, 0)]


def test_the_player_who_abandons_loses_and_the_other_is_protected(client):
    ann, bob = sign_up(client, "ann"), sign_up(client, "bob")
    tid, tokens = rated_table(client, ann, bob)
    play(client, tid, tokens, [(0, "take 3"), (1, "take 3"), (0, "take 1")])
    # three stones left, bob to move: he resigns, handing his seat to the computer, which takes
    # them all and wins the game on the board for him; yet he abandoned, so he loses
    r = client.post(f"/api/tables/{tid}/seats/1/computer", json={"token": tokens[1], "level": "hard", "resign": True})
    assert r.status_code == 200 and r.json()["resigned"] is True
    with client.websocket_connect(f"/ws/{tid}?token={tokens[0]}") as a:
        v = a.receive_json()
        while "result" not in v:
            v = a.receive_json()
    assert v["result"]["winners"] == [1]
    [ra] = client.get("/api/players/ann").json()["ratings"]
    [rb] = client.get("/api/players/bob").json()["ratings"]
    assert rb["rating"] < 1500 < ra["rating"]


@pytest.mark.parametrize("winners, scores, lower, want", [
    ([1], [0, 1], False, [1, 0]),
    ([0, 2], [5, 3, 5], False, [0, 1, 0]),
    ([2], [40, 31, 12], True, [2, 1, 0]),        # lower wins: 12 first, then 31, then 40
    ([0], [9, 4, 4, 7], False, [0, 2, 2, 1]),    # equal scores share a place
])
def test_places_from_winners_and_scores(winners, scores, lower, want):
    assert places(winners, scores, lower) == want


def test_pairwise_decomposition_and_the_abandon_convention():
    pl = [0, 2, 1]
    assert pairwise(pl, set()) == {0: [(1, 1.0), (2, 1.0)], 1: [(0, 0.0), (2, 0.0)], 2: [(0, 0.0), (1, 1.0)]}
    # seat 0 abandoned (first on the board or not): it is ranked last, the others keep their order
    assert pairwise(pl, {0}) == {0: [(1, 0.0), (2, 0.0)], 1: [(0, 1.0), (2, 0.0)], 2: [(0, 1.0), (1, 1.0)]}
    after = update({s: Rating() for s in range(3)}, pairwise(pl, {0}))
    assert after[2].rating > after[1].rating > after[0].rating and after[0].rating < 1500
    # seat 0 left early: only it is rated, a loss against each other seat
    assert pairwise(pl, {0}, {0}) == {0: [(1, 0.0), (2, 0.0)], 1: [], 2: []}


def test_glicko2_reproduces_the_papers_worked_example():
    """Glickman's example: a 1500/200 player beats 1400/30, loses to 1550/100 and 1700/300;
    afterwards 1464.06, RD 151.52, volatility 0.05999 (tau 0.5)."""
    before = {0: Rating(1500, 200, 0.06), 1: Rating(1400, 30, 0.06), 2: Rating(1550, 100, 0.06),
              3: Rating(1700, 300, 0.06)}
    after = update(before, {0: [(1, 1.0), (2, 0.0), (3, 0.0)]})
    assert after[0].rating == pytest.approx(1464.06, abs=0.02)
    assert after[0].rd == pytest.approx(151.52, abs=0.01)
    assert after[0].vol == pytest.approx(0.05999, abs=1e-5)


def test_a_database_of_the_previous_schema_with_a_game_in_progress_upgrades_and_the_game_finishes(
        make_client, db_url):
    """Schema 0003 (before accounts), a nim table in progress with two guests: the server upgrades
    it, the guests' tokens still hold their seats and the game finishes."""
    from alembic import command
    from alembic.script import ScriptDirectory

    from lapilli.server.migrate import alembic_config
    from lapilli.server.store import hash_token

    eng = sa.create_engine(db_url)
    with eng.begin() as conn:
        cfg = alembic_config(db_url)
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0003")
    as_json = ":o" if db_url.startswith("sqlite") else "CAST(:o AS JSON)"
    with eng.begin() as conn:
        conn.execute(sa.text("INSERT INTO tables (id, game, players, options, seed, salt, commitment, seeding, "
                             f"version, status, created, updated) VALUES ('old1', 'nim', 2, {as_json}, 7, 'ab', "
                             "'cd', 'mix64', 2, 'playing', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"),
                     {"o": json.dumps({"pile": 10})})
        for s, tok in ((0, "tok-ann"), (1, "tok-bob")):
            conn.execute(sa.text("INSERT INTO seats (table_id, seat, kind, name, agent, token_hash) "
                                 "VALUES ('old1', :s, 'human', :n, '', :h)"),
                         {"s": s, "n": ["ann", "bob"][s], "h": hash_token(tok)})
        for v, (s, a) in enumerate(((0, "take 3"), (1, "take 3")), 1):
            conn.execute(sa.text("INSERT INTO steps (table_id, version, kind, seat, action, created) "
                                 "VALUES ('old1', :v, 'act', :s, :a, CURRENT_TIMESTAMP)"), {"v": v, "s": s, "a": a})
    eng.dispose()
    client = make_client(database_url=db_url)  # the server upgrades the database as it starts
    with sa.create_engine(db_url).connect() as conn:
        head = ScriptDirectory.from_config(alembic_config(db_url)).get_current_head()
        assert conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == head
        assert conn.execute(sa.text("SELECT rated, user_id FROM tables JOIN seats ON seats.table_id = tables.id "
                                    "WHERE seat = 0")).one() == (False, None)
    info = client.get("/api/tables/old1").json()
    assert (info["version"], info["status"], info["rated"]) == (2, "playing", False)
    views = play(client, "old1", ["tok-ann", "tok-bob"], [(0, "take 3"), (1, "take 1")])
    assert views[1]["result"]["winners"] == [1]
    assert client.get("/api/tables/old1").json()["status"] == "finished"
    assert client.get("/api/tables/old1/record").json()["actions"] == ["take 3", "take 3", "take 3", "take 1"]
    # and the upgraded database takes accounts
    sign_up(client, "ann")
    assert client.get("/api/account").json() == {"username": "ann"}


def test_a_seat_whose_time_ran_out_loses_the_rated_game_even_when_taken_back(make_client, db_url):
    """Bob's time runs out and the computer takes his seat; he comes back with his token and plays
    on: whatever the board says at the end, he abandoned (ratings), and Ann is rated only on her
    win against him."""
    from .support import FakeClock, check_clocks

    now = FakeClock()
    client = make_client(database_url=db_url, signin_rate="1000/minute", now=now, clock_poll=3600)
    ann, bob = sign_up(client, "ann"), sign_up(client, "bob")
    h = as_(client, ann)
    tid = client.post("/api/tables", json={"game": "nim", "players": 2, "rated": True, "options": {"pile": 10},
                                           "clock": {"kind": "turn", "per_move": 600, "level": "random"}},
                      headers=h).json()["id"]
    ta = client.post(f"/api/tables/{tid}/seats/0", json={"name": "a"}, headers=h).json()["token"]
    h = as_(client, bob)
    tb = client.post(f"/api/tables/{tid}/seats/1", json={"name": "b"}, headers=h).json()["token"]
    client.cookies.clear()
    # three plies first: a time-out on the second would abandon the game early (not rated for Ann)
    play(client, tid, [ta, tb], [(0, "take 1"), (1, "take 1"), (0, "take 1")])
    now.t += 601                                        # bob, away, runs out of time
    assert check_clocks(client, tid) == 1
    store = client.app.state.hub.store
    for _ in range(200):                                # the computer moves for him
        if store.get(tid).version >= 4:
            break
        time.sleep(0.05)
    assert store.get(tid).version == 4 and store.seat_timed_out(tid, 1)
    # his token takes the seat back and both play the game out, three stones a move at most
    for _ in range(10):
        if client.get(f"/api/tables/{tid}").json()["status"] == "finished":
            break
        with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, \
                client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
            views = []
            for w in (a, b):  # each seat's view once both are present
                m = w.receive_json()
                while not (m["type"] == "state" and m["present"] == [0, 1]):
                    m = w.receive_json()
                views.append(m)
        mover = next(seat for seat, v in enumerate(views) if v["legal"])
        play(client, tid, [ta, tb], [(mover, views[mover]["legal"][-1])])
    assert client.get(f"/api/tables/{tid}").json()["seats"][1]["kind"] == "human"
    [ra] = client.get("/api/players/ann").json()["ratings"]
    [rb] = client.get("/api/players/bob").json()["ratings"]
    assert rb["rating"] < 1500 < ra["rating"]


def _rating_update_fails_once(monkeypatch) -> list:
    """Make the first rating update raise a database error (the storage layer itself is real);
    returns the list of calls made."""
    from sqlalchemy.exc import OperationalError

    from lapilli.server.accounts import Accounts

    real, calls = Accounts.rate_finished, []

    def failing_once(self, *args):
        calls.append(args)
        if len(calls) == 1:
            raise OperationalError("UPDATE tables", {}, ConnectionError("the database is not answering"))
        return real(self, *args)

    monkeypatch.setattr(Accounts, "rate_finished", failing_once)
    return calls


def test_a_rating_update_that_fails_stays_pending_and_is_applied_once_later(make_client, db_url, monkeypatch):
    """The database fails as the rated game ends: the move is stored, the rating changes are not
    and stay pending; another instance starting on the database applies them once, and further
    retries (either instance) change nothing."""
    calls = _rating_update_fails_once(monkeypatch)
    first = make_client(database_url=db_url, signin_rate="1000/minute", rating_retry=3600)
    ann, bob = sign_up(first, "ann"), sign_up(first, "bob")
    tid, tokens = rated_table(first, ann, bob)
    views = play(first, tid, tokens, [(0, "take 3"), (1, "take 3"), (0, "take 3"), (1, "take 1")])
    assert views[0]["result"]["winners"] == [1] and len(calls) == 1
    assert first.get(f"/api/tables/{tid}").json()["status"] == "finished"
    assert first.get("/api/players/bob").json()["ratings"] == []  # the update failed: nothing applied
    assert first.app.state.store.ratings_pending() == [tid]
    second = make_client(database_url=db_url, rating_retry=3600)  # retries pending ratings as it starts
    for _ in range(200):
        if second.get("/api/players/bob").json()["ratings"]:
            break
        time.sleep(0.05)
    [ra] = second.get("/api/players/ann").json()["ratings"]
    [rb] = second.get("/api/players/bob").json()["ratings"]
    assert rb["rating"] > 1500 > ra["rating"] and ra["games"] == rb["games"] == 1
    assert first.app.state.store.ratings_pending() == []
    for c in (first, second, first):
        assert c.portal.call(c.app.state.hub.retry_ratings) == []
    assert first.get("/api/players/bob").json()["ratings"] == [rb]


def test_pending_ratings_are_retried_by_the_instance_itself(make_client, db_url, monkeypatch):
    """The periodic retry of the instance whose update failed applies the changes."""
    calls = _rating_update_fails_once(monkeypatch)
    client = make_client(database_url=db_url, signin_rate="1000/minute", rating_retry=0.05)
    ann, bob = sign_up(client, "ann"), sign_up(client, "bob")
    tid, tokens = rated_table(client, ann, bob)
    play(client, tid, tokens, [(0, "take 3"), (1, "take 3"), (0, "take 3"), (1, "take 1")])
    for _ in range(200):
        if client.get("/api/players/bob").json()["ratings"]:
            break
        time.sleep(0.05)
    [rb] = client.get("/api/players/bob").json()["ratings"]
    assert rb["rating"] > 1500 and rb["games"] == 1 and len(calls) >= 2


# ---------------------------------------------------------------------- names, guessing, hashing
def from_address(client, host: str):
    """The client's next requests come from ``host`` (the server sees it as the client address)."""
    client._transport.client = (host, 50000)
    return client


def test_a_guest_cannot_sit_under_an_accounts_name_a_look_alike_or_a_reserved_word(client):
    sign_up(client, "alice")
    client.cookies.clear()
    tid = client.post("/api/tables", json={"game": "nim", "players": 2}).json()["id"]
    for name in ["alice", "Alice", " ALICE ", "\u0430lice",  # Cyrillic а
                 "aI\u0456ce", "a1ice", "\uff41lice",  # capital I and Ukrainian і for l and i, a digit, full width
                 "computer (hard)", "Computer", "c0mputer", "admin", "SYSTEM", "hard", "difficile", "random",
                 "\u202eecila", "bob\n", "bo\u200bb", "bob\u2028", "bob\x00",
                 "\u034f", "bo\u0301\u0301\u0301b"]:  # nothing visible; stacked accents
        r = client.post(f"/api/tables/{tid}/seats/0", json={"name": name})
        assert r.status_code == 400, (name, r.text)
        assert r.json()["error"], name
    assert "account" in client.post(f"/api/tables/{tid}/seats/0", json={"name": "\u0430lice"}).json()["error"]
    assert "reserved" in client.post(f"/api/tables/{tid}/seats/0", json={"name": "computer (hard)"}).json()["error"]
    assert "control" in client.post(f"/api/tables/{tid}/seats/0", json={"name": "\u202eecila"}).json()["error"]
    # other names sit as before, trimmed, and the table tells a guest from an account
    assert client.post(f"/api/tables/{tid}/seats/0", json={"name": "  Ma\u0301rta "}).status_code == 200
    seats = client.get(f"/api/tables/{tid}").json()["seats"]
    assert (seats[0]["name"], seats[0]["account"]) == ("Ma\u0301rta", False)


def test_a_signed_in_persons_hot_seat_names_are_checked_as_a_guests(client):
    ann = sign_up(client, "annhs")
    sign_up(client, "bobhs")
    h = as_(client, ann)
    tid = client.post("/api/tables", json={"game": "nim", "players": 2}, headers=h).json()["id"]
    assert client.post(f"/api/tables/{tid}/seats/0", json={"name": ""}, headers=h).status_code == 200
    assert client.post(f"/api/tables/{tid}/seats/1", json={"name": "B\u043EBHS"}, headers=h).status_code == 400


def test_sign_up_refuses_reserved_words_look_alikes_and_control_characters(client):
    sign_up(client, "alice")
    client.cookies.clear()
    for name, status in [("admin", 400), ("Computer", 400), ("system", 400), ("normal", 400),
                         ("alIce", 409), ("a1ice", 409), ("ALICE", 409), ("ali\u200bce", 400), ("al\u202eice", 400)]:
        r = client.post("/api/account/signup", json={"username": name, "password": PASSWORD})
        assert r.status_code == status, (name, r.text)
    assert client.post("/api/account/signup", json={"username": "alice2", "password": PASSWORD}).status_code == 201


def test_the_owner_signs_in_from_another_address_after_wrong_passwords_from_an_attacker(client):
    """Wrong passwords slow down the (name, address) pair that sent them, never the name for
    everyone: the attacker's address is refused for a while, the owner's is not."""
    sign_up(client, "ann")
    client.cookies.clear()
    from_address(client, "10.6.6.6")
    n = client.settings.lockout_failures
    codes = [client.post("/api/account/signin", json={"username": "ann", "password": "wrong password"}).status_code
             for _ in range(n + 1)]
    assert codes == [401] * n + [429]
    r = client.post("/api/account/signin", json={"username": "ann", "password": PASSWORD})
    assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0  # not even the right one from there
    from_address(client, "10.1.1.1")
    r = client.post("/api/account/signin", json={"username": "ann", "password": PASSWORD})
    assert r.status_code == 200 and client.get("/api/account").json() == {"username": "ann"}
    # the slow-down ends with its window
    client.cookies.clear()
    accounts = client.app.state.accounts
    real = accounts.clock
    accounts.clock = lambda: real() + client.settings.lockout_seconds + 1
    from_address(client, "10.6.6.6")
    assert client.post("/api/account/signin", json={"username": "ann", "password": PASSWORD}).status_code == 200


def test_unknown_names_and_wrong_passwords_are_answered_alike(client):
    sign_up(client, "ann")
    client.cookies.clear()

    def answers(name):
        out = []
        for _ in range(client.settings.lockout_failures + 2):
            r = client.post("/api/account/signin", json={"username": name, "password": "wrong password"})
            # the same words, but for the seconds left to wait
            out.append((r.status_code, re.sub(r"\d+", "N", r.json()["error"]), r.headers.get("Retry-After") is not None))
        return out

    known, unknown = answers("ann"), answers("nobody")
    assert [a[0] for a in known][-1] == 429
    assert known == unknown


@pytest.mark.slow  # many password hashes
def test_sign_up_is_rate_limited_per_address(make_client, tmp_path):
    c = make_client(database_url=f"sqlite:///{tmp_path / 'u.db'}")  # the default rate
    codes = []
    for i in range(30):
        c.cookies.clear()
        codes.append(c.post("/api/account/signup", json={"username": f"ann{i}", "password": PASSWORD}).status_code)
    assert 429 in codes and set(codes) == {201, 429}
    allowed = codes.index(429)
    assert codes[allowed:] == [429] * (30 - allowed)
    r = c.post("/api/account/signup", json={"username": "annx", "password": PASSWORD})
    assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0
    c.cookies.clear()
    from_address(c, "10.2.2.2")  # another address is not held back
    assert c.post("/api/account/signup", json={"username": "bob", "password": PASSWORD}).status_code == 201


class CountingHasher:
    """A password hasher that counts how many of its hashes run at the same time."""

    def __init__(self, real):
        import threading

        self.real, self.lock, self.now, self.peak, self.calls = real, threading.Lock(), 0, 0, 0

    def _count(self, fn, *a):
        with self.lock:
            self.now += 1
            self.calls += 1
            self.peak = max(self.peak, self.now)
        try:
            time.sleep(0.05)  # long enough for the others to start if nothing holds them back
            return fn(*a)
        finally:
            with self.lock:
                self.now -= 1

    def hash(self, password):
        return self._count(self.real.hash, password)

    def verify(self, digest, password):
        return self._count(self.real.verify, digest, password)

    def check_needs_rehash(self, digest):
        return self.real.check_needs_rehash(digest)


@pytest.mark.slow  # many password hashes at once
def test_concurrent_sign_ups_and_sign_ins_hash_at_most_the_configured_number_at_once(tmp_path):
    """Eight browsers sign up, then sign in, at once over real sockets: no more than the configured
    two hashes run at the same time, whatever the number of requests."""
    from concurrent.futures import ThreadPoolExecutor

    import httpx

    from lapilli.server.app import create_app
    from lapilli.server.config import Settings

    from .support import served_in_thread

    settings = Settings(database_url=f"sqlite:///{tmp_path / 'h.db'}", redis_url=None, bot_workers=1,
                        signin_rate="1000/minute")
    app = create_app(settings)
    with served_in_thread(app) as base:
        accounts = app.state.accounts
        accounts.hasher = counting = CountingHasher(accounts.hasher)

        def sign_up_one(i):
            with httpx.Client(base_url=base, timeout=30) as b:  # a browser of its own (its own cookies)
                return b.post("/api/account/signup", json={"username": f"user{i}", "password": PASSWORD}).status_code

        def sign_in_one(i):
            with httpx.Client(base_url=base, timeout=30) as b:
                return b.post("/api/account/signin", json={"username": f"user{i % 3}",
                                                           "password": PASSWORD if i % 2 else "wrong!!!"}).status_code

        with ThreadPoolExecutor(8) as pool:
            ups = list(pool.map(sign_up_one, range(8)))  # within the default sign-up rate of one address
            ins = list(pool.map(sign_in_one, range(8)))
    assert ups == [201] * 8 and set(ins) <= {200, 401}
    assert counting.calls >= 16
    assert 1 <= counting.peak <= 2
    assert settings.hash_concurrency == 2  # the default


def test_past_the_hashes_running_and_the_requests_waiting_a_sign_up_is_answered_busy_at_once():
    """The queue in front of the hashes is bounded too: whatever arrives, at most
    ``concurrency`` hashes run and ``waiting`` requests wait; the next is answered 503."""
    import asyncio

    from lapilli.server.accounts import AccountError, HashGate

    async def scenario():
        gate, release, started = HashGate(concurrency=1, waiting=1), asyncio.Event(), []

        async def hold(i):
            async with gate.slot():
                started.append(i)
                await release.wait()

        running = asyncio.ensure_future(hold(0))
        await asyncio.sleep(0)
        waiting = asyncio.ensure_future(hold(1))
        await asyncio.sleep(0)
        assert started == [0] and gate.waiting == 1
        with pytest.raises(AccountError) as refused:
            async with gate.slot():
                pass
        assert refused.value.status == 503 and refused.value.retry_after
        release.set()
        await asyncio.gather(running, waiting)
        assert started == [0, 1] and gate.waiting == 0
        async with gate.slot():  # free again
            pass

    asyncio.run(scenario())


def test_an_unknown_names_password_is_checked_against_a_real_hash_made_once_per_process():
    """The dummy hash an unknown name is checked against is a real argon2 hash of a secret with the
    hasher's own parameters (so checking it costs what checking a known name's does), made once
    per process and set of parameters rather than once per server built."""
    from argon2 import PasswordHasher
    from argon2.exceptions import VerifyMismatchError

    from lapilli.server.accounts import _dummy_hash

    hasher = PasswordHasher()
    dummy = _dummy_hash(hasher)
    assert _dummy_hash(PasswordHasher()) == dummy
    with pytest.raises(VerifyMismatchError):
        hasher.verify(dummy, PASSWORD)
    assert not hasher.check_needs_rehash(dummy)  # the hasher's parameters
    other = PasswordHasher(time_cost=1, memory_cost=1024)
    assert _dummy_hash(other) != dummy and not other.check_needs_rehash(_dummy_hash(other))
