"""Every ``error`` the server sends says its sentence in every language of the page: the rules'
refusals by the engine's key, the server's own by a key of lapilli.words.SERVER."""
import ast
import functools
import json
import pathlib
import string

import pytest

import lapilli.server
from lapilli import words
from lapilli.server.protocol import Error

from .support import join, make_table, play_nim_to_the_end, until, until_present

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


@functools.cache
def _server_calls() -> dict:
    """Every call in the server's modules, by the name called: (where, the call node), in the
    order of the files and of ``ast.walk``; the modules are read and parsed once for all tests."""
    calls: dict = {}
    for path in sorted(SERVER_SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                calls.setdefault(name, []).append((f"{path.relative_to(SERVER_SRC)}:{node.lineno}", node))
    return calls


def _calls(name: str):
    yield from _server_calls().get(name, [])


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


# ---------------------------------------------------------------------------------------------
# every HTTP refusal, in the page's language


def said_in_italian(r, status, key=None) -> str:
    """The refusal ``r`` (status ``status``) as the page reads it: ``error`` in English as
    before, ``key`` and ``words`` in every language, the Italian its own; returns the Italian."""
    from lapilli.server.errors import Error as HttpError

    assert r.status_code == status, r.text
    body = r.json()
    HttpError.model_validate(body)
    assert body.get("key") and set(body.get("words") or ()) == set(words.LANGUAGES), body
    assert body["words"]["en"] == body["error"] and body["words"]["it"] != body["error"], body
    if key is not None:
        assert body["key"] == key, body
    return body["words"]["it"]


def test_a_request_with_a_bad_field_is_refused_in_italian(client):
    """Pydantic's refusals (422): a missing, unknown, wrong-type or out-of-bounds field, named as
    the API spells it, with what is wrong with it said in Italian; several at once, each."""
    def create(**body):
        return client.post("/api/tables", json=body)

    cases = [
        (create(), "field_missing", "game: campo obbligatorio mancante"),
        (create(game="nim", colour="red"), "field_unknown", "colour: campo sconosciuto"),
        (create(game="nim", players="two"), "field_integer", "players: deve essere un numero intero"),
        (create(game="nim", seed=1e23), "field_integer_size", "seed: il numero intero ha troppe cifre"),
        (create(game="nim", players=10**30), "field_at_most", "players: deve essere al massimo 64"),
        (create(game="nim", seed=-1), "field_at_least", "seed: deve essere almeno 0"),
        (create(game="nim", seed=2**64), "field_below", "seed: deve essere minore di 9223372036854775808"),
        (create(game="n" * 5000), "field_text_too_long", "game: deve avere al massimo 64 caratteri"),
        (create(game=["nim"]), "field_text", "game: deve essere un testo"),
        (create(game="nim", rated="maybe"), "field_boolean", "rated: deve essere true o false"),
        (create(game="nim", options=[]), "field_object", "options: deve essere un oggetto JSON"),
        (create(game="nim", seats="x"), "field_list", "seats: deve essere una lista"),
        (create(game="nim", seats=[{"kind": "robot"}]), "field_choice", "seats.0.kind: deve essere 'open' o 'bot'"),
        (create(game="nim", seats=[{"kind": "bot", "level": "wizard"}]), "field_level",
         "seats.0.level: livello sconosciuto 'wizard'; i livelli sono random, heuristic, easy, normal, hard"),
        (create(game="nim", clock={"kind": "turn", "per_move": 5}), "field_at_least",
         "clock.per_move: deve essere almeno 60"),
        # the clock's own refusals (a validator's sentence of the catalogue)
        (create(game="nim", clock={"preset": "1s"}), "field_refused",
         "clock: orologio predefinito sconosciuto '1s'; quelli predefiniti sono 5m+5s, 10m+10s, 30m+30s, 24h, 72h"),
        (create(game="nim", clock={"preset": "24h", "bank": 3}), "field_refused",
         "clock: indica un orologio predefinito o i numeri dell'orologio, non entrambi"),
        (create(game="nim", clock={"kind": "turn"}), "field_refused",
         "clock: un orologio a turni vuole per_move (il tempo per mossa, in secondi)"),
        (client.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"}),
         "body_not_json", "il corpo della richiesta non è JSON valido (posizione 1)"),
        (client.get("/api/finished?limit=0"), "field_at_least", "query.limit: deve essere almeno 1"),
        (client.post("/api/learn/stromboli/0/1", json={"action": ""}), "field_empty", "action: non può essere vuoto"),
        (client.get("/api/tables/x/replay/0?seat=seat"), "field_integer", "query.seat: deve essere un numero intero"),
    ]
    for r, key, italian in cases:
        assert said_in_italian(r, 422, key) == italian
    # the English is pydantic's, as before
    assert create(game="nim", players="two").json()["error"] == \
        "players: Input should be a valid integer, unable to parse string as an integer"
    # several faults: each said, the first three, and how many more
    it = said_in_italian(create(game=5, players="x", seed="y", rated="z", chat=3), 422, "invalid_request")
    assert it == ("richiesta non valida: game: deve essere un testo; players: deve essere un numero intero; "
                  "seed: deve essere un numero intero (e altri 2)")


def test_a_games_players_and_options_are_refused_in_italian(client):
    """A table of an unknown game, a player count the game does not take, an option it does not
    have, a value out of an option's choices, a combination its rules forbid: each said in
    Italian, and the same from the lobby form's choices."""
    def create(**body):
        return said_in_italian(client.post("/api/tables", json=body), 400)

    assert create(game="chess").startswith("gioco sconosciuto 'chess'; i giochi disponibili: ")
    assert create(game="nim", players=9) == "Nim si gioca da 2 a 3 giocatori, non in 9"
    assert create(game="kingdomino-origins", players=5) == "Kingdomino Origins si gioca da 2 a 4 giocatori, non in 5"
    assert create(game="nim", options={"heap": 3}) == "Nim non ha nessuna opzione 'heap'; le sue opzioni: pile"
    assert create(game="toy", options={"pile": 1}) == "Toy non ha nessuna opzione 'pile'; le sue opzioni: double"
    assert create(game="nim", options={"pile": 99}) == "l'opzione 'pile' non può valere 99; valori ammessi: 10, 15, 21"
    # a combination the rules forbid, in the game's own Italian words
    from lapilli.games.stromboli.spec import CONSTRAINT_WORDS

    it = create(game="stromboli", options={"prescore_priestess": True, "tactical": False})
    assert it == next(iter(CONSTRAINT_WORDS.values()))["it"]
    assert "Sacerdotessa" in it
    # a game of exactly two players and no options (the engine's sentences, as the server says them)
    from lapilli.engine import GameSpec
    from lapilli.engine.errors import BadOption, BadPlayerCount

    bare = GameSpec(id="bare", title="Bare", min_players=2, max_players=2)
    with pytest.raises(BadPlayerCount) as e:
        bare.resolve(3)
    assert words.words_of(e.value.args[0]) == {"en": "Bare is for exactly 2 players, not 3",
                                               "it": "Bare si gioca esattamente in 2 giocatori, non in 3"}
    with pytest.raises(BadOption) as e:
        bare.resolve(2, {"x": 1})
    assert words.words_of(e.value.args[0]) == {"en": "Bare has no option 'x'; its options: none",
                                               "it": "Bare non ha nessuna opzione 'x'; le sue opzioni: nessuna"}
    r = client.post("/api/games/nim/choices", json={"players": 2, "options": {"pile": "many"}})
    assert said_in_italian(r, 400, "option_value") == "l'opzione 'pile' non può valere 'many'; valori ammessi: 10, 15, 21"
    r = client.post("/api/games/nim/choices", json={"players": 7, "options": {}})
    assert said_in_italian(r, 400, "players_range") == "Nim si gioca da 2 a 3 giocatori, non in 7"


def test_the_coach_refuses_in_italian(client, monkeypatch):
    """The coach's refusals: a review or record before the end (403), a hint or consent with a
    token that holds no seat (403), before every person agreed (403), at a rated table (403),
    before the game started or out of turn (409), too many waited for (429), past the coach's
    limit (503), and the streamed review's stop."""
    from lapilli.server.bots import CoachBusy

    from .support import rated_table, sign_up

    tid = make_table(client, options={"pile": 10})
    ta = join(client, tid, 0, "ann")
    assert said_in_italian(client.post(f"/api/tables/{tid}/hint", json={"token": ta}), 409, "not_started") == \
        "la partita non è iniziata: inizia quando tutti i posti sono occupati"
    tb = join(client, tid, 1, "bob")
    assert said_in_italian(client.get(f"/api/tables/{tid}/review/0"), 403, "finished_only") == \
        "l'analisi è disponibile quando la partita è finita"
    assert said_in_italian(client.get(f"/api/tables/{tid}/review/0?progress=1"), 403) == \
        "l'analisi è disponibile quando la partita è finita"
    assert said_in_italian(client.get(f"/api/tables/{tid}/record"), 403) == \
        "la registrazione della partita è disponibile quando la partita è finita"
    assert said_in_italian(client.get(f"/api/tables/{tid}/replay/0"), 403) == \
        "il replay è disponibile quando la partita è finita"
    it = said_in_italian(client.post(f"/api/tables/{tid}/hints/agree", json={"token": "nobody"}), 403,
                         "hints_agree_not_seated")
    assert it.startswith("solo chi siede a questo tavolo può accettare i suggerimenti")
    it = said_in_italian(client.post(f"/api/tables/{tid}/hint", json={"token": "nobody"}), 403, "hint_not_seated")
    assert it.startswith("solo chi siede a questo tavolo può chiedere un suggerimento")
    assert said_in_italian(client.post(f"/api/tables/{tid}/hint", json={"token": ta}), 403, "hints_waiting") == \
        "i suggerimenti richiedono il consenso di tutte le persone sedute; manca quello dei posti 1"
    assert client.post(f"/api/tables/{tid}/hints/agree", json={"token": tb}).status_code == 200
    assert said_in_italian(client.post(f"/api/tables/{tid}/hint", json={"token": tb}), 409, "hint_not_your_turn") == \
        "il suggerimento è per chi deve muovere; aspetta il tuo turno"
    # the coach's worker: busy for this address (429), or past its limit (503)
    bots = client.app.state.hub.bots

    async def busy(*args, **kw):
        raise CoachBusy("testclient", 2)

    async def slow(*args, **kw):
        raise TimeoutError

    monkeypatch.setattr(bots, "coach", busy)
    r = client.post(f"/api/tables/{tid}/hint", json={"token": ta})
    assert said_in_italian(r, 429, "coach_busy") == \
        "testclient aspetta già 2 tra analisi e suggerimenti; chiedi di nuovo quando uno ha risposto"
    monkeypatch.setattr(bots, "coach", slow)
    assert said_in_italian(client.post(f"/api/tables/{tid}/hint", json={"token": ta}), 503, "hint_too_long") == \
        "il suggerimento ha superato il tempo concesso al coach; chiedi di nuovo"
    # a finished game's review
    done = make_table(client, options={"pile": 10})
    play_nim_to_the_end(client, done)
    assert client.get(f"/api/tables/{done}").json()["status"] == "finished"
    assert said_in_italian(client.get(f"/api/tables/{done}/review/0"), 503, "review_too_long") == \
        "l'analisi ha superato il tempo concesso al coach; chiedi di nuovo più tardi"
    with client.stream("GET", f"/api/tables/{done}/review/0?progress=1") as r:
        lines = [json.loads(line) for line in r.iter_lines() if line]
    stop = lines[-1]
    assert stop["stage"] == "error" and stop["status"] == 503 and stop["key"] == "review_too_long", lines
    assert stop["words"] == {"en": stop["detail"],
                             "it": "l'analisi ha superato il tempo concesso al coach; chiedi di nuovo più tardi"}
    monkeypatch.setattr(bots, "coach_full", lambda client: True)
    it = said_in_italian(client.get(f"/api/tables/{done}/review/1?progress=1"), 429, "coach_full")
    assert it == "testclient aspetta già tutte le analisi e i suggerimenti che può; chiedi di nuovo quando uno ha risposto"
    # no hint at a rated table
    ann, bob = sign_up(client, "ann"), sign_up(client, "bob")
    rated, (ra, _) = rated_table(client, [ann, bob])
    it = said_in_italian(client.post(f"/api/tables/{rated}/hints/agree", json={"token": ra}), 403, "hints_rated")
    assert it.startswith("niente suggerimenti a un tavolo valido per la classifica")



def test_the_tables_other_doors_refuse_in_italian(make_client):
    """The address for notices (403, 422), the tutorials (404), a body too large (413), a
    path with no route (404) or a method it does not take (405), a table that moved on (409)."""
    client = make_client(max_body_bytes=2000)
    tid = make_table(client, options={"pile": 10})
    ta = join(client, tid, 0, "ann")
    r = client.post(f"/api/tables/{tid}/notify", json={"token": "nobody", "email": "x@example.org"})
    assert said_in_italian(r, 403, "notify_not_seated") == \
        "solo chi siede al posto di questo gettone può indicare un indirizzo per gli avvisi"
    r = client.post(f"/api/tables/{tid}/notify", json={"token": ta, "email": "not an address"})
    assert said_in_italian(r, 422, "email_not_address") == "email: 'not an address' non è un indirizzo e-mail"
    assert said_in_italian(client.get("/api/learn/chess"), 404, "no_tutorial") == "nessun tutorial per chess"
    assert said_in_italian(client.get("/api/learn/stromboli/99/0"), 404, "no_tutorial_step") == \
        "nessun passo 99/0 nel tutorial di stromboli"
    r = client.post("/api/tables", content=b"{" + b" " * 3000 + b"}", headers={"content-type": "application/json"})
    assert said_in_italian(r, 413, "body_too_large") == "il corpo della richiesta supera i 2000 byte"
    assert said_in_italian(client.get("/api/no-such-thing"), 404, "no_such_path") == \
        "non c'è niente a questo indirizzo"
    assert said_in_italian(client.delete("/api/tables"), 405, "method_not_allowed") == \
        "questo indirizzo non accetta questo metodo"
    # a table that moved on while a step was written (the store's own refusal)
    from lapilli.server.store import Conflict

    with pytest.raises(Conflict) as e:
        client.app.state.store.append_step(tid, 5, "act", 0, "take 1", "playing", 1)
    assert words.words_of(e.value.args[0])["it"].startswith(f"il tavolo {tid} non è più alla versione 5")


_PATH_VALUES = {"tid": "nosuchtable", "seat": "0", "ply": "0", "gid": "nosuchgame", "game": "nosuchgame",
                "chapter": "0", "step": "0", "username": "nobody", "token": "x"}


def test_every_http_refusal_of_every_route_has_italian_words(client):
    """Walk every route of the application's OpenAPI schema, asked wrongly (a table that does
    not exist, an unknown field, no body, a body that is not JSON, bad query values, a method it
    does not take): every refusal in JSON carries its key and Italian words of its own."""
    import re

    bare, seen, paths = [], 0, client.get("/openapi.json").json()["paths"]
    tid = make_table(client)

    def check(r, what):
        nonlocal seen
        if r.status_code < 400 or not r.headers.get("content-type", "").startswith("application/json"):
            return
        seen += 1
        body = r.json()
        said = body.get("words") or {}
        if not body.get("key") or not said.get("it") or said.get("it") == body.get("error"):
            bare.append(f"{what}: {r.status_code} {body}")

    for template, operations in paths.items():
        for values in (_PATH_VALUES, dict(_PATH_VALUES, tid=tid)):
            path = re.sub(r"{(\w+)}", lambda m: values.get(m.group(1), "x"), template)
            for method in operations:
                for kw in ({}, {"json": {"no_such_field": 1}}, {"content": b"{", "headers": {"content-type": "application/json"}},
                           {"params": {"seat": "x", "level": "x", "limit": "x", "status": "x" * 50}}):
                    if method == "get" and ("json" in kw or "content" in kw):
                        continue
                    check(client.request(method, path, **kw), f"{method} {path} {kw}")
            check(client.request("put", path), f"put {path}")
    assert bare == []
    assert seen > 100


def test_every_http_refusal_the_server_raises_is_said_by_key():
    """Walk every refusal the server's modules and the engine's game set-up raise (an HTTP
    status, not found, forbidden, conflict, the game's refusal, a field's validator, a bad
    option or player count, an unknown game, the coach's limit) and every error body written
    by hand: none is a bare English string."""
    bare = []
    kinds = ("AccountError", "NameRefused", "NotFound", "Forbidden", "Conflict", "LapilliError", "HTTPException",
             "CoachBusy", "BadOption", "BadPlayerCount", "UnknownGame")
    engine = pathlib.Path(lapilli.server.__file__).parent.parent / "engine"
    for name in kinds:
        for where, call in [*_calls(name), *_calls_in(engine, name, ("spec.py", "catalogue.py"))]:
            if where.startswith("config.py"):
                continue
            args = call.args[1:] if name == "HTTPException" else call.args[:1]
            if any(isinstance(a, ast.JoinedStr) or isinstance(a, ast.Constant) and isinstance(a.value, str)
                   for a in args):
                bare.append(f"{name} at {where}")
    for where, call in _calls("ValueError"):  # the request models' validators (their refusal is a 422)
        if where.startswith(("routes/", "schemas.py")) and any(
                isinstance(a, (ast.JoinedStr, ast.Constant)) for a in call.args):
            bare.append(f"ValueError at {where}")
    for where, call in _calls("JSONResponse"):  # an error body written by hand
        for a in call.args[:1]:
            named = {k.value for k in a.keys if isinstance(k, ast.Constant)} if isinstance(a, ast.Dict) else set()
            if "error" in named and "words" not in named:
                bare.append(f"JSONResponse at {where}")
    assert bare == []


def _calls_in(root: pathlib.Path, name: str, files: tuple):
    for path in sorted(root.glob("*.py")):
        if path.name not in files:
            continue
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == name:
                yield f"engine/{path.name}:{node.lineno}", node


def test_an_unexpected_fault_answers_json_in_every_language_and_reveals_nothing(client, monkeypatch, caplog):
    """A route whose store raises what no route expects: 500 with the shape of every refusal,
    words in English and Italian saying the table is safe to reload, and a reference that the
    log line with the traceback carries too; nothing of the exception reaches the client."""
    import logging

    from fastapi.testclient import TestClient

    from lapilli.server.errors import Error as HttpError

    tid = make_table(client)
    hub = client.app.state.hub
    hub.rooms.clear()  # read from the store again
    hub.peeked.clear()

    def broken(*args, **kwargs):
        raise RuntimeError("secret detail at /srv/lapilli/private.py")

    monkeypatch.setattr(client.app.state.store, "get", broken)
    quiet = TestClient(client.app, raise_server_exceptions=False)  # the application's own answer, not the raise
    with caplog.at_level(logging.ERROR, logger="lapilli.server"):
        r = quiet.get(f"/api/tables/{tid}")
    assert r.status_code == 500 and r.headers["content-type"] == "application/json", r.text
    body = r.json()
    HttpError.model_validate(body)
    ref = body["ref"]
    assert body["key"] == "server_fault" and set(body["words"]) == set(words.LANGUAGES)
    assert body["words"]["en"] == body["error"] and ref in body["error"] and "safe to reload" in body["error"]
    assert body["words"]["it"].startswith(f"qualcosa è andato storto sul server (guasto {ref})")
    assert "secret" not in r.text and "/srv" not in r.text and "RuntimeError" not in r.text
    logged = [rec for rec in caplog.records if ref in rec.getMessage()]
    assert len(logged) == 1 and logged[0].exc_info and logged[0].exc_info[0] is RuntimeError
    assert f"GET /api/tables/{tid}" in logged[0].getMessage()


def test_a_move_chosen_before_a_step_that_lands_while_it_waits_is_told_the_table_changed(client):
    """A move chosen at version v waits for the table while a step of the same seat, played
    through another instance, is brought in (the table is caught up under its lock).  The move
    is then refused as "changed since you chose", the refusal that says the position moved on,
    not as "not your turn" (the version is judged once the move holds the table)."""
    import asyncio

    hub = client.app.state.hub
    tid = make_table(client, options={"pile": 21})
    ta, tb = join(client, tid, 0, "ann"), join(client, tid, 1, "bob")
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
        until_present(a, [0, 1]), until_present(b, [0, 1])
        a.send_text(json.dumps({"type": "act", "action": "take 1", "version": 0}))
        assert until(b, lambda m: m["version"] == 1)["legal"]
        room = client.portal.call(hub.registry.room, tid)
        client.portal.call(room.lock.acquire)  # the table is busy (as while it is caught up)
        try:
            b.send_text(json.dumps({"type": "act", "action": "take 2", "version": 1}))

            async def waiting():  # bob's move has arrived and waits for the table
                for _ in range(2000):
                    if room.lock._waiters:
                        return True
                    await asyncio.sleep(0.005)
                return False

            assert client.portal.call(waiting)
            # bob's "take 1" through another instance is stored, and this one catches up
            client.app.state.hub.store.append_step(tid, 1, "act", 1, "take 1", None, 0)
            client.portal.call(hub.referee._catch_up, room)
            assert room.version == 2 and room.state.to_move == 0
        finally:
            client.portal.call(room.lock.release)
        m = b.receive_json()
        while m["type"] != "error":
            m = b.receive_json()
        assert m["key"] == "table_changed_since_chose", m
    assert client.get(f"/api/tables/{tid}").json()["version"] == 2
