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
