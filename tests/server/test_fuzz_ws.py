"""A hypothesis state machine sends random sequences of WebSocket messages to a table (two seated
players and a spectator): messages drawn from the protocol's models (lapilli.server.protocol),
valid or mutated, legal and illegal moves, moves out of turn or from a stale or badly typed
version, undos, text that is not JSON or JSON of any shape, binary frames, deep nesting, oversize
frames, reconnections.

After every message: the connection is still open and answers, every answer is a message of the
published schema (docs/protocol.schema.json), no exception was logged, and the table is exactly
what an engine model of the accepted moves says (so a refused message changed nothing, and an
accepted one did just what it should)."""
import json
import logging
import types
from typing import Literal, get_args, get_origin

import pytest
from hypothesis import HealthCheck, assume, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from lapilli.server.protocol import ClientMessage, Refused, models, parse_client, types as message_types

from ..protocol_check import problem
from .support import join, make_table

AGREEMENTS = ("concede", "propose_undo", "answer_undo")

# any JSON value, nested a little
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20),
                    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4),
                    max_leaves=12)
TYPES = st.sampled_from([*message_types(ClientMessage), "reclaim", "", "ACT", "join"])


def field_values(ann, metadata=()) -> st.SearchStrategy:
    """Values of one field of a client message's model (its annotation and metadata), within
    its type and bounds."""
    args = get_args(ann)
    if get_origin(ann) is Literal:
        return st.sampled_from(args)
    if isinstance(ann, types.UnionType) and type(None) in args:
        (inner,) = [a for a in args if a is not type(None)]
        return st.none() | field_values(inner, metadata)
    if ann is bool:
        return st.booleans()
    if ann is str:
        return st.text(max_size=30)
    if ann is int:
        lo = next((m.ge for m in metadata if hasattr(m, "ge")), None)
        hi = next((m.lt - 1 for m in metadata if hasattr(m, "lt")), None)
        return st.integers(lo, hi)
    raise AssertionError(f"the fuzzer draws no {ann}: teach field_values this field's type")


@st.composite
def protocol_messages(draw, hints: dict) -> dict:
    """A valid client message, drawn from the protocol's models: each field from its type, or
    one of ``hints`` (field -> values) when it has some."""
    model = draw(st.sampled_from(models(ClientMessage)))
    msg = {}
    for name, field in model.model_fields.items():
        if not field.is_required() and draw(st.booleans()):
            continue
        values = field_values(field.annotation, field.metadata)
        if hints.get(name):
            values = st.sampled_from(hints[name]) | values
        msg[name] = draw(values)
    return msg


def mutated(draw, msg: dict) -> str:
    """The message's text, maybe mutated: a field dropped, or of a wrong type, an unknown field
    added, an unknown type, wrapped in a list, or the text cut short."""
    how = draw(st.sampled_from(["none", "none", "drop", "retype", "extra", "type", "wrap", "cut"]))
    msg = dict(msg)
    if how == "drop":
        del msg[draw(st.sampled_from(sorted(msg)))]
    elif how == "retype":
        msg[draw(st.sampled_from(sorted(msg)))] = draw(JSON)
    elif how == "extra":
        msg[draw(st.text(min_size=1, max_size=8).filter(lambda k: k not in msg))] = draw(JSON)
    elif how == "type":
        msg["type"] = draw(st.text(max_size=8))
    text = json.dumps([msg] if how == "wrap" else msg)
    return text[:draw(st.integers(0, len(text) - 1))] if how == "cut" else text


class Errors(logging.Handler):
    """Collects the server's log records of level ERROR and above."""

    def __init__(self):
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record):
        self.records.append(record)


def machine(client, game, options, errors, tally):
    hub = client.app.state.hub

    class WebSocketMessages(RuleBasedStateMachine):
        def __init__(self):
            super().__init__()
            self.tid = make_table(client, game=game, options=options)
            self.tokens = {0: join(client, self.tid, 0, "ann"), 1: join(client, self.tid, 1, "bob")}
            self.socks = {}
            for who in (0, 1, None):
                self._open(who)
            self.model = hub.rooms[self.tid].state.clone()  # what the table must be
            self.version = 0

        def _open(self, who):
            url = f"/ws/{self.tid}" + ("" if who is None else f"?token={self.tokens[who]}")
            cm = client.websocket_connect(url)
            self.socks[who] = (cm, cm.__enter__())
            self._answers(who)

        def _answers(self, who, pongs=1):
            """Everything this connection was sent up to now: a ping answered by a pong after it
            (``pongs``: how many pongs end it, when the message was a ping itself)."""
            ws = self.socks[who][1]
            ws.send_text(json.dumps({"type": "ping"}))
            out = []
            while True:
                text = ws.receive_text()
                assert problem("received", text) is None, (text[:300], problem("received", text))
                m = json.loads(text)
                if m.get("type") == "pong":
                    pongs -= 1
                    if not pongs:
                        return out
                    continue
                out.append(m)

        def _send(self, who, payload, pongs=1):
            """The answers to one message (the views other connections' moves and presence
            broadcast to this one before it are read first and set aside)."""
            self._answers(who)
            ws = self.socks[who][1]
            if isinstance(payload, bytes):
                ws.send_bytes(payload)
            else:
                ws.send_text(payload)
            return self._answers(who, pongs)

        def _expect_refused(self, answers):
            assert answers and answers[0]["type"] == "error", answers
            assert all(m["version"] == self.version for m in answers if m["type"] == "state")

        def teardown(self):
            for cm, _ in self.socks.values():
                cm.__exit__(None, None, None)

        # ---------------------------------------------------------------- moves
        @rule(data=st.data(), who=st.sampled_from(["to move", "to move", "to move", "other", None]),
              version=st.sampled_from(["none", "current", "current", "current", "stale", "text", "float", "huge", "bool"]))
        def act(self, data, who, version):
            legal = self.model.legal_actions() if not self.model.is_terminal else []
            if who is not None:
                mover = self.model.to_move if self.model.to_move is not None else 0
                who = mover if who == "to move" else 1 - mover
            # (an index, not a sample of the list: each example's table has its own seed)
            action = legal[data.draw(st.integers(0, 10**6)) % len(legal)] if legal else "play 1"
            msg = {"type": "act", "action": action}
            v = {"none": None, "current": self.version, "stale": self.version - 1, "text": str(self.version),
                 "float": self.version + 0.5, "huge": 10**40, "bool": True}[version]
            if v is not None:
                msg["version"] = v
            answers = self._send(who, json.dumps(msg))
            ok = (who is not None and legal and self.model.to_move == who and version in ("none", "current"))
            if ok:
                assert [m["type"] for m in answers] == ["state"], answers
                self.model.apply(action)
                self.version += 1
                assert answers[0]["version"] == self.version
                tally["accepted moves"] += 1
            else:
                self._expect_refused(answers)
                tally["refused moves"] += 1

        @rule(who=st.sampled_from([0, 1]), text=st.one_of(
            st.text(max_size=60), st.sampled_from(["", " ", "play", "take 99", "play -1", "play 1 2", "\x00", "é" * 50]),
            st.builds(lambda a, b: a + b, st.sampled_from(["play ", "place ", "take ", "pick "]), st.text(max_size=12))))
        def act_any_text(self, who, text):
            answers = self._send(who, json.dumps({"type": "act", "action": text}))
            if not self.model.is_terminal and self.model.to_move == who and text in self.model.legal_actions():
                self.model.apply(text)
                self.version += 1
                assert answers[-1]["version"] == self.version
            else:
                self._expect_refused(answers)

        @rule(who=st.sampled_from([0, 1, None]))
        def undo(self, who):
            allowed = hub.rooms[self.tid].can_undo(who)
            answers = self._send(who, json.dumps({"type": "undo"}))
            if allowed:
                assert [m["type"] for m in answers] == ["state"], answers
                history = self.model.history[:-1]
                self.model = hub.rooms[self.tid].state.clone()
                assert self.model.history == history
                self.version += 1
                tally["undos"] += 1
            else:
                self._expect_refused(answers)

        # ---------------------------------------------------------------- junk
        @rule(who=st.sampled_from([0, 1, None]), payload=st.one_of(
            st.text(max_size=200), st.binary(max_size=64),
            JSON.map(json.dumps),
            st.builds(lambda t, extra: json.dumps({"type": t, **extra}), TYPES,
                      st.dictionaries(st.sampled_from(["action", "version", "seat", "token", "x"]), JSON, max_size=3)),
            st.sampled_from(["[" * 16000, "[" * 20000, '{"type":' * 3000, "x" * 20000, json.dumps({"type": "act", "action": "p" * 17000})])))
        def junk(self, who, payload):
            before = hub.rooms[self.tid].state.to_json()
            try:
                msg = json.loads(payload) if isinstance(payload, str) and len(payload) <= 16_384 else None
            except (ValueError, RecursionError):
                msg = None
            kind = msg.get("type") if isinstance(msg, dict) else None
            # concede and undo by agreement end or change the game outside this model (their own
            # tests: test_concede_and_undo_proposal.py)
            assume(kind not in AGREEMENTS)
            answers = self._send(who, payload, pongs=2 if kind == "ping" else 1)
            if kind in ("act", "undo") and answers and answers[0]["type"] == "state":
                # a well-formed move hidden in the junk: the model follows the table
                self.model = hub.rooms[self.tid].state.clone()
                self.version += 1
                return
            if kind == "ping":
                assert answers == []
            elif kind == "sync":
                assert [m["type"] for m in answers] == ["state"]
            elif kind == "chat":  # a line said (to every reader) or refused
                assert answers and {m["type"] for m in answers} <= {"chat", "error"}, answers
            else:
                self._expect_refused(answers)
            assert hub.rooms[self.tid].state.to_json() == before

        @rule(data=st.data(), who=st.sampled_from([0, 1, None]))
        def protocol_message(self, data, who):
            """A message of the protocol's models, maybe mutated: a well-formed one is answered
            as its type says (the connection never drops), any other one with an error."""
            legal = self.model.legal_actions() if not self.model.is_terminal else []
            msg = data.draw(protocol_messages({"action": legal, "version": [self.version, self.version + 1]}))
            text = mutated(data.draw, msg)
            try:
                kind = parse_client(text).type
            except Refused:
                kind = None
            assume(kind not in AGREEMENTS)
            before = hub.rooms[self.tid].state.to_json()
            answers = self._send(who, text, pongs=2 if kind == "ping" else 1)
            if kind == "ping":
                assert answers == []
            elif kind == "sync":
                assert [m["type"] for m in answers] == ["state"]
            elif kind in ("act", "undo") and answers and answers[0]["type"] == "state":
                self.model = hub.rooms[self.tid].state.clone()
                self.version += 1
                assert answers[0]["version"] == self.version
                tally["protocol moves"] += 1
                return
            elif kind == "chat":  # a line said (to every reader) or refused
                assert answers and {m["type"] for m in answers} <= {"chat", "error"}, answers
            else:
                self._expect_refused(answers)
            assert hub.rooms[self.tid].state.to_json() == before
            tally["protocol refused" if kind is None else "protocol well-formed"] += 1

        @rule(who=st.sampled_from([0, 1, None]))
        def sync(self, who):
            (v,) = self._send(who, json.dumps({"type": "sync"}))
            assert v["version"] == self.version and v["seat"] == who

        @rule(who=st.sampled_from([0, 1, None]))
        def reconnect(self, who):
            cm, _ = self.socks.pop(who)
            cm.__exit__(None, None, None)
            self._open(who)

        # ---------------------------------------------------------------- after every step
        @invariant()
        def the_table_is_the_model(self):
            assert not errors.records, [r.getMessage() for r in errors.records]
            room = hub.rooms[self.tid]
            assert room.version == self.version == client.app.state.store.get(self.tid).version
            assert room.state.history == self.model.history
            assert room.state.to_json() == self.model.to_json()
            (v,) = self._send(0, json.dumps({"type": "sync"}))
            assert v["observation"] == self.model.observation(0)

    return WebSocketMessages


@pytest.mark.invalid_messages  # what it sends is refused on purpose; what it receives is checked
@pytest.mark.timeout(300)  # a connection that stops answering fails, not hangs
@pytest.mark.slow  # long random sequences; each message's refusal is checked fast (test_protocol.py, test_api.py)
@pytest.mark.parametrize("game, options", [("toy", {}), ("stromboli", {})])
def test_random_websocket_message_sequences(make_client, game, options):
    # each example opens a table of its own: the creation limit is not what this test explores
    client = make_client(max_messages_per_second=1e6, seat_grace=0, create_rate="100000/minute")
    errors = Errors()
    tally = {"accepted moves": 0, "refused moves": 0, "undos": 0, "protocol moves": 0, "protocol refused": 0,
             "protocol well-formed": 0}
    for name in ("lapilli", "uvicorn", "starlette", "fastapi"):
        logging.getLogger(name).addHandler(errors)
    try:
        run_state_machine_as_test(machine(client, game, options, errors, tally), settings=settings(
            max_examples=20, stateful_step_count=30, deadline=None, derandomize=True,
            suppress_health_check=list(HealthCheck)))
    finally:
        for name in ("lapilli", "uvicorn", "starlette", "fastapi"):
            logging.getLogger(name).removeHandler(errors)
    print(game, tally)
    # the machine reached past the refusals: the tables moved, and moves were refused
    assert tally["accepted moves"] > 0 and tally["refused moves"] > 0, tally
    # and the protocol's messages were drawn both well-formed and refused
    assert tally["protocol well-formed"] + tally["protocol moves"] > 0 and tally["protocol refused"] > 0, tally
