"""The table WebSocket's protocol (lapilli.server.protocol): its published schema is the models',
every client message is parsed by them and handled by one handler, a refused one is answered
with what is wrong, and every message type the server and the web client use is in it."""
import json
import re
from pathlib import Path

import pytest

from lapilli.server import protocol
from lapilli.server.protocol import ClientMessage, ServerMessage, models, types

from .. import protocol_check
from ..protocol_check import problem
from .support import join, make_table

ROOT = Path(__file__).resolve().parents[2]


def test_the_published_schema_file_is_the_models():
    """docs/protocol.schema.json is regenerated with
    `python -m lapilli.server.protocol > docs/protocol.schema.json` after a model changes."""
    on_disk = (ROOT / "docs" / "protocol.schema.json").read_text(encoding="utf-8")
    assert on_disk == protocol.schema_text(), \
        "docs/protocol.schema.json differs from the models: python -m lapilli.server.protocol > docs/protocol.schema.json"


def test_the_schema_route_serves_the_models_schema(client):
    r = client.get("/api/protocol.schema.json")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/")
    assert r.json() == protocol.schema()
    assert set(r.json()["$defs"]["ClientMessage"]["discriminator"]["mapping"]) == {"act", "undo", "sync", "ping", "chat", "concede",
                                                                             "propose_undo", "answer_undo"}


def test_every_client_message_has_one_handler():
    from lapilli.server.routes.ws import HANDLERS

    assert set(HANDLERS) == set(models(ClientMessage))


def _source_types():
    """(types the server's source builds as dict literals, types app.js sends, types app.js reads)."""
    server = set()
    for path in (ROOT / "src" / "lapilli" / "server").rglob("*.py"):
        server |= set(re.findall(r"""["']type["']\s*:\s*["']([a-z_]+)["']""", path.read_text(encoding="utf-8")))
    js = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "src" / "lapilli" / "web").glob("*.js"))
    sent = set(re.findall(r"""JSON\.stringify\(\{\s*type:\s*"([a-z_]+)\"""", js))
    read = set(re.findall(r"""\bm\.type\s*===\s*"([a-z_]+)\"""", js))
    return server, sent, read


def test_every_message_type_in_use_is_in_the_protocol():
    """A message the server builds, or the web client sends or reads, has its model."""
    server, sent, read = _source_types()
    assert sent and read, "the scan of the web client found nothing: its patterns are stale"
    assert server <= set(types(ServerMessage)), server - set(types(ServerMessage))
    assert sent <= set(types(ClientMessage)), sent - set(types(ClientMessage))
    assert read <= set(types(ServerMessage)), read - set(types(ServerMessage))


def test_the_protocol_doc_examples_follow_the_schema():
    """Every JSON example of docs/protocol.md (a line of its code blocks beginning with
    ``→`` for the client's, ``←`` for the server's) is a valid message."""
    doc = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    examples = re.findall(r"^(→|←) (\{.*\})$", doc, re.M)
    assert {json.loads(t)["type"] for _, t in examples} == set(types(ClientMessage)) | set(types(ServerMessage))
    for arrow, text in examples:
        assert problem("sent" if arrow == "→" else "received", text) is None, (text, problem("sent" if arrow == "→" else "received", text))


def test_the_checker_notices_a_message_outside_the_schema():
    """The test suite's check (tests/protocol_check.py) would fail a test for each of these."""
    assert problem("received", '{"type":"pong"}') is None
    assert "pong" in problem("sent", '{"type":"pong"}')
    assert "additional" in problem("received", '{"type":"pong","extra":1}').lower()
    assert "required" in problem("received", '{"type":"seat_lost","message":"x"}')
    assert problem("received", '{"type":"error","message":"x","fatal":"yes"}')
    assert problem("sent", '{"type":"act","action":"take 1","version":"3"}')
    assert problem("sent", b"\x00") and problem("sent", "[") == "not JSON"


def _variants(msg: dict):
    """``msg`` and messages near it that the schema may refuse: each field (at the top and one
    level down) left out, given a value of another kind, and a field the protocol does not know."""
    yield msg
    yield dict(msg, extra=1)
    for key, value in msg.items():
        if key == "type":
            continue
        yield {k: v for k, v in msg.items() if k != key}
        for other in ("x", 3, -1, 2.5, True, None, [], [1, "a"], {}, {"extra": 1}):
            yield dict(msg, **{key: other})
        inner = value[0] if isinstance(value, list) and value else value
        if isinstance(inner, dict):
            for k in list(inner) + ["extra"]:
                changed = [{**inner, k: "x"}, {kk: vv for kk, vv in inner.items() if kk != k}]
                for c in changed:
                    yield dict(msg, **{key: [c, *value[1:]] if isinstance(value, list) else c})


def _views():
    """A view of every game at its start and one well into it, for a seat and a spectator."""
    import random

    import lapilli
    from lapilli.engine.registry import BUILTIN_GAMES
    from lapilli.server.hub import Room
    from lapilli.server.store import SeatInfo, TableInfo

    for game in BUILTIN_GAMES:
        st = lapilli.new_game(game, seed=2)
        seats = [SeatInfo(p, "human", f"p{p}", "") for p in range(st.num_players)]
        room = Room(TableInfo(id="t", game=game, players=st.num_players, options=dict(st.options), seed=2, version=0,
                              status="playing", seats=seats, commitment="c0ffee", seeding=st.seeding))
        rng = random.Random(2)
        for v in range(1, 41):
            if v in (1, 40):
                yield from (json.loads(room.view_text(seat)) for seat in (0, None))
            if room.state.is_terminal:
                break
            room.apply_stored(v, "act", room.state.to_move, rng.choice(room.state.legal_actions()))


def test_the_quick_validator_agrees_with_jsonschema():
    """The check asks jsonschema-rs first (tests/protocol_check.py): on the protocol doc's
    examples and hundreds of messages near them, and on views of every game and views changed
    deep inside, valid or not, it passes exactly the messages jsonschema passes."""
    pytest.importorskip("jsonschema_rs")
    doc = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    samples = [("sent" if arrow == "→" else "received", m)
               for arrow, text in re.findall(r"^(→|←) (\{.*\})$", doc, re.M)
               for m in _variants(json.loads(text))]
    for view in _views():
        last = view["log"][-1] if view["log"] else {}
        samples += [("received", m) for m in (
            view, dict(view, extra=1), {k: v for k, v in view.items() if k != "version"}, dict(view, version="1"),
            dict(view, log=view["log"] + [dict(last, extra=1)]), dict(view, log=view["log"] + [dict(last, n="x")]),
            dict(view, players=[*view["players"], {"extra": 1}]))]
    schema = protocol_check._schema()
    refused = 0
    for direction, msg in samples:
        union = protocol_check.UNIONS[direction]
        name = schema["$defs"][union]["discriminator"]["mapping"][msg["type"]].rsplit("/", 1)[-1]
        verdict = protocol_check._validator(name).is_valid(msg)
        assert protocol_check.quick_pass(name, msg) == verdict, (name, msg)
        refused += not verdict
    assert refused > 300 and len(samples) - refused > 100, (len(samples), refused)  # many of each


@pytest.mark.invalid_messages
def test_a_refused_message_is_answered_with_what_is_wrong(client):
    """Each message the models refuse gets one error naming the field and what it should be
    (a move's refusal is followed by the position, as every refused move is); a known message
    with a field the protocol does not know is read as if the field were absent."""
    tid = make_table(client)
    ta = join(client, tid, 0)
    join(client, tid, 1, "bob")
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a:
        a.receive_json()
        a.send_text(json.dumps({"type": "nope"}))
        assert a.receive_json()["message"].startswith('unknown message type "nope"; expected')
        a.send_text(json.dumps({"type": "act"}))
        err = a.receive_json()
        assert err["type"] == "error" and "needs an action" in err["message"], err
        assert a.receive_json()["type"] == "state"
        a.send_text(json.dumps({"type": "act", "action": "take 1", "version": -1}))
        err = a.receive_json()
        assert "version must be a whole number" in err["message"] and "got -1" in err["message"], err
        assert a.receive_json()["version"] == 0
        a.send_text(json.dumps({"type": "ping", "since": 3}))
        assert a.receive_json() == {"type": "pong"}
        a.send_text(json.dumps({"type": "act", "action": "take 1", "version": 0, "note": "x"}))
        assert a.receive_json()["version"] == 1


CAUGHT = '''
import json

import pytest
from fastapi import FastAPI, WebSocket
from fastapi.testclient import TestClient

app = FastAPI()


@app.websocket("/ws/{tid}")
async def table(ws: WebSocket, tid: str):
    await ws.accept()
    await ws.receive_text()
    await ws.send_text(json.dumps({"type": "pong", "extra": 1} if tid == "bad" else {"type": "pong"}))


def talk(tid, sent):
    with TestClient(app).websocket_connect(f"/ws/{tid}") as ws:
        ws.send_text(sent)
        ws.receive_text()


def test_receives_a_field_outside_the_protocol():
    talk("bad", '{"type": "ping"}')


def test_sends_an_unknown_type():
    talk("good", '{"type": "hello"}')


@pytest.mark.invalid_messages
def test_sends_an_unknown_type_on_purpose():
    talk("good", '{"type": "hello"}')


def test_follows_the_protocol():
    talk("good", '{"type": "ping"}')
'''


@pytest.mark.slow  # runs pytest on its own tests
def test_the_check_fails_the_test_that_sent_or_received_a_message_outside_the_protocol(tmp_path):
    """The plugin run on a small test file: a test receiving a field the schema does not have,
    or sending an unknown type unmarked, fails with the message and the schema's error."""
    import os
    import subprocess
    import sys

    (tmp_path / "test_caught.py").write_text(CAUGHT, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "src"), *sys.path]))
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tests.protocol_check",
                          "-W", "ignore", "test_caught.py"], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=120)
    out = run.stdout
    assert "2 failed, 2 passed" in out, out[-3000:]
    assert "FAILED test_caught.py::test_receives_a_field_outside_the_protocol" in out
    assert re.search(r"FAILED test_caught.py::test_sends_an_unknown_type\b(?!_)", out), out[-3000:]
    assert "Additional properties are not allowed ('extra' was unexpected)" in out, out[-3000:]
    assert "its type 'hello' is none of" in out, out[-3000:]
