"""Every ``error`` the server sends says its sentence in every language of the page: the rules'
refusals by the engine's key, the server's own by a key of lapilli.words.SERVER."""
import ast
import json
import pathlib
import string

import pytest

import lapilli.server
from lapilli import words
from lapilli.server.protocol import Error

from .support import join, make_table, until_present

SERVER_SRC = pathlib.Path(lapilli.server.__file__).parent


def _params(template: str) -> dict:
    return {name.split("!")[0].split(".")[0]: "X" for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_server_sentence_has_italian_words():
    """Each of the server's sentences has an Italian text of its own that takes the English one's
    parameters (a missing or misspelt parameter would fail when the error is sent)."""
    for key, texts in words.SERVER.items():
        params = {**_params(texts["en"]), **{k: "move" for k in _params(texts["it"]) if k == "what_it"},
                  **{k: "X" for k in _params(texts["it"]) if k != "what_it"}}
        if "what_it" in params:
            params = {k: v for k, v in params.items() if k != "what_it"} | {"what": "move"}
        said = words.server_words(key, **params)
        assert set(said) == set(words.LANGUAGES), key
        assert said["it"] and said["it"] != said["en"] or texts["en"] == "{message}", key


def _calls(name: str):
    for path in sorted(SERVER_SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == name:
                yield f"{path.relative_to(SERVER_SRC)}:{node.lineno}", node


def test_every_error_the_server_builds_carries_words():
    """Walk every place the server builds an ``error`` message, a refusal or a "not now": each
    carries words (a key of the catalogue, or the rules' refusal in every language)."""
    bare = []
    for name in ("Error", "ActionRefused", "StorageUnavailable"):
        for where, call in _calls(name):
            if where.startswith(("faults.py", "errors.py")):  # the classes' own helpers; errors.py is HTTP
                continue
            if not any(k.arg == "words" for k in call.keywords):
                bare.append(f"{name} at {where}")
    assert bare == []
    keys = [(where, call.args[0].value) for fn in ("refused", "unavailable", "_error")
            for where, call in _calls(fn) if call.args and isinstance(call.args[0], ast.Constant)]
    assert keys, "no refusal by key found"
    for where, key in keys:
        assert key in words.SERVER and "it" in words.SERVER[key], (where, key)


# the HTTP routes whose every refusal is said by key: accounts and names, the per-address limits,
# creating a table, taking a seat and handing one to the computer
KEYED_HTTP = ("accounts.py", "names.py", "rates.py", "routes/accounts.py", "routes/lobby.py")


def test_every_http_refusal_of_the_accounts_and_tables_is_said_by_key():
    """Walk every refusal those modules raise (an account refused, a name refused, not found,
    forbidden, conflict, the game's refusal, an HTTP status): none is a bare English string,
    each is a sentence of the catalogue (``server_said``), so its answer carries ``key`` and
    ``words``."""
    bare = []
    for name in ("AccountError", "NameRefused", "NotFound", "Forbidden", "Conflict", "LapilliError", "HTTPException"):
        for where, call in _calls(name):
            if not where.startswith(KEYED_HTTP):
                continue
            args = call.args[1:] if name == "HTTPException" else call.args[:1]
            if any(isinstance(a, ast.JoinedStr) or isinstance(a, ast.Constant) and isinstance(a.value, str)
                   for a in args):
                bare.append(f"{name} at {where}")
    assert bare == []
    keys = [(where, call.args[0].value) for where, call in _calls("server_said")
            if call.args and isinstance(call.args[0], ast.Constant)]
    assert len(keys) >= 30
    for where, key in keys:
        assert key in words.SERVER and "it" in words.SERVER[key], (where, key)
    for where, call in _calls("one_more"):  # a limit names its sentence's key
        key = call.args[2]
        if isinstance(key, ast.Constant):
            assert key.value in words.SERVER, where


@pytest.mark.invalid_messages  # one of the errors is the answer to a malformed message
def test_server_refusals_arrive_in_italian(client):
    """Driven end to end: a spectator's move, an undo with nothing to undo, a malformed message,
    an empty chat line: each error names its key and has Italian words."""
    tid = make_table(client, game="nim")
    ta, tb = join(client, tid, 0, "ann"), join(client, tid, 1, "bob")
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, client.websocket_connect(f"/ws/{tid}?token={tb}") as b, \
            client.websocket_connect(f"/ws/{tid}") as watcher:
        until_present(a, [0, 1])
        until_present(b, [0, 1])
        until_present(watcher, [0, 1])

        def error_of(ws, msg):
            ws.send_text(json.dumps(msg) if isinstance(msg, dict) else msg)
            got = ws.receive_json()
            while got["type"] != "error":
                got = ws.receive_json()
            Error.model_validate(got)
            return got

        err = error_of(watcher, {"type": "act", "action": "take 1"})
        assert err["key"] == "spectators_cannot_play"
        assert err["words"] == {"en": "spectators cannot play", "it": "gli spettatori non possono giocare"}
        err = error_of(a, {"type": "undo"})
        assert err["key"] == "nothing_to_undo" and err["words"]["it"].startswith("niente da annullare")
        err = error_of(a, "{\"type\": \"act\"}")
        assert err["key"] == "bad_message" and err["words"]["it"].startswith("messaggio non valido")
        err = error_of(a, {"type": "chat", "text": "   "})
        assert err["key"] == "chat_empty" and err["words"]["it"] == "una riga vuota non si invia"


def test_http_refusals_carry_their_key_and_words(make_client):
    """The account routes, table creation, taking a seat and the per-address limits refuse with
    ``error`` (English, as before), and with ``key`` and ``words`` in every language of the page:
    each refusal below is triggered through the API and read in both languages."""
    from lapilli.server.errors import Error as HttpError

    client = make_client(signin_rate="1000/minute", signup_rate="1000/minute", create_rate="2/minute")

    def refused(r, status, key):
        assert r.status_code == status, r.text
        body = r.json()
        HttpError.model_validate(body)
        assert body["key"] == key and set(body["words"]) == set(words.LANGUAGES), body
        assert body["words"]["en"] == body["error"] and body["words"]["it"] != body["error"], body
        return body["words"]

    said = refused(client.post("/api/account/signup", json={"username": "ann", "password": "short"}),
                   400, "password_length")
    assert said == {"en": "a password is 8 to 200 characters long", "it": "una password è lunga da 8 a 200 caratteri"}
    said = refused(client.post("/api/account/signup", json={"username": "a b", "password": "long enough"}),
                   400, "username_form")
    assert said["it"].startswith("un nome utente ha da 3 a 20")
    said = refused(client.post("/api/account/signup", json={"username": "the_admin", "password": "long enough"}),
                   400, "name_reserved")
    assert said["it"].startswith("un nome utente non può essere") and "'admin'" in said["it"]
    assert client.post("/api/account/signup", json={"username": "ann", "password": "long enough"}).status_code == 201
    client.cookies.clear()
    said = refused(client.post("/api/account/signup", json={"username": "Ann", "password": "long enough"}),
                   409, "username_taken")
    assert said["it"] == "il nome utente 'Ann' è già preso, o somiglia a uno già preso; scegline un altro"
    said = refused(client.post("/api/account/signin", json={"username": "ann", "password": "wrong one!"}),
                   401, "wrong_password")
    assert said["it"] == "nome utente o password sbagliati"
    refused(client.get("/api/players/nobody"), 404, "no_player")
    # table creation and seats (the invitation's link opens the table; its seats are taken here)
    said = refused(client.post("/api/tables", json={"game": "nim", "players": 2, "rated": True}), 403, "rated_sign_in")
    assert said["it"].startswith("entra per creare un tavolo valido per la classifica")
    tid = client.post("/api/tables", json={"game": "nim", "players": 2}).json()["id"]
    assert client.post(f"/api/tables/{tid}/seats/0", json={"name": "bob"}).status_code == 200
    said = refused(client.post(f"/api/tables/{tid}/seats/0", json={"name": "cid"}), 409, "seat_not_open")
    assert said["it"] == f"il posto 0 del tavolo {tid} non è libero"
    said = refused(client.post(f"/api/tables/{tid}/seats/1", json={"name": "ann"}), 400, "guest_name_of_account")
    assert said["it"].startswith("'ann' è, o somiglia a, il nome dell'account 'ann'")
    refused(client.post("/api/tables/nosuchtable/seats/0", json={"name": "cid"}), 404, "no_table")
    # the per-address limit of tables created (2/minute): the third is refused, 429
    said = refused(client.post("/api/tables", json={"game": "nim", "players": 2}), 429, "rate_create")
    assert said["it"].startswith("troppi tavoli creati da ") and "riprova più tardi" in said["it"]


def test_a_seat_lost_to_the_computer_is_told_in_every_language(client):
    """The ``seat_lost`` message names its key and carries its words."""
    tid = make_table(client, game="nim")
    ta, tb = join(client, tid, 0, "ann"), join(client, tid, 1, "bob")
    with client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
        until_present(b, [1])
        r = client.post(f"/api/tables/{tid}/seats/1/computer", json={"token": tb, "level": "random"})
        assert r.status_code == 200, r.text
        got = b.receive_json()
        while got["type"] != "seat_lost":
            got = b.receive_json()
        assert got["key"] == "seat_lost" and got["message"] == got["words"]["en"]
        assert got["words"]["it"] == "ora il computer gioca al tuo posto (1); ricarica la pagina per riprenderlo"
    assert ta


def test_a_seat_the_computer_plays_is_offered_no_moves(client):
    """Once a computer plays a seat, the connections still holding its token are offered no
    moves, even when it is that seat's turn (the page would say "your turn" and show a picker
    whose every move the server refuses)."""
    tid = make_table(client, game="nim")
    ta, tb = join(client, tid, 0, "ann"), join(client, tid, 1, "bob")
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
        start = until_present(a, [0, 1])
        until_present(b, [0, 1])
        r = client.post(f"/api/tables/{tid}/seats/1/computer", json={"token": tb, "level": "random"})
        assert r.status_code == 200, r.text
        a.send_text(json.dumps({"type": "act", "action": "take 1", "version": start["version"]}))
        seen = []
        while True:  # bob's views until the computer has answered for seat 1
            m = b.receive_json()
            if m["type"] != "state":
                continue
            seen.append((m["observation"]["to_move"], m["legal"]))
            if m["version"] >= 2:
                break
        assert any(to == 1 for to, _ in seen), seen
        assert all(legal == [] for _, legal in seen), seen
