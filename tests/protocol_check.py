"""A pytest plugin (registered by tests/conftest.py): every text a test sends or receives on a
table's WebSocket is checked against the published schema, docs/protocol.schema.json.

It wraps the WebSocket clients the tests use: starlette's TestClient session, the `websockets`
sync and asyncio connections, and the frames of every Playwright page.  A sent text must be a
``ClientMessage``, a received one a ``ServerMessage``; a violation fails the test that caused it,
with the message and the schema's error.  A test that sends invalid messages on purpose (a
fuzzer, a bad-input test) is marked ``@pytest.mark.invalid_messages``: what it sends is not
checked, what it receives still is.

Whether a message follows the schema is asked first of jsonschema-rs (installed with
schemathesis), which answers a long view in a fraction of a millisecond where jsonschema takes
several; a message it does not pass is asked of jsonschema, whose verdict and error are then
the check's (tests/server/test_protocol.py shows that the two agree on valid and invalid messages)."""
from __future__ import annotations

import functools
import json
import threading
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

try:
    import jsonschema_rs
except ImportError:  # the check runs on jsonschema alone
    jsonschema_rs = None

SCHEMA_FILE = Path(__file__).resolve().parents[1] / "docs" / "protocol.schema.json"
UNIONS = {"sent": "ClientMessage", "received": "ServerMessage"}


@functools.cache
def _schema() -> dict:
    return json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))


def _definition(name: str) -> dict:
    """The schema document made to validate its definition ``name`` (its ``$defs`` kept)."""
    doc = {k: v for k, v in _schema().items() if k != "anyOf"}
    return dict(doc, **{"$ref": f"#/$defs/{name}"})


@functools.cache
def _validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(_definition(name))


@functools.cache
def _quick_validator(name: str):
    """The same schema as ``_validator``'s in jsonschema-rs (None without it)."""
    return None if jsonschema_rs is None else jsonschema_rs.Draft202012Validator(_definition(name))


def quick_pass(name: str, msg) -> bool:
    """jsonschema-rs finds ``msg`` valid by the schema's ``name`` definition (False: it does not,
    cannot read it, or is not installed)."""
    quick = _quick_validator(name)
    if quick is None:
        return False
    try:
        return quick.is_valid(msg)
    except (ValueError, TypeError, OverflowError):  # a value it cannot take in: jsonschema decides
        return False


@functools.lru_cache(maxsize=4096)  # the same view is received by many connections
def problem(direction: str, text: str | bytes) -> str | None:
    """What is wrong with ``text`` sent or received (``direction``) on a table's WebSocket, by
    the published schema; None: nothing."""
    if isinstance(text, bytes):
        return "a binary frame (the protocol's messages are JSON in text frames)"
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):
        return "not JSON"
    union = UNIONS[direction]
    mapping = _schema()["$defs"][union]["discriminator"]["mapping"]
    kind = msg.get("type") if isinstance(msg, dict) else None
    if not isinstance(kind, str) or kind not in mapping:
        return f"not a {union}: its type {kind!r} is none of {sorted(mapping)}"
    name = mapping[kind].rsplit("/", 1)[-1]
    if quick_pass(name, msg):
        return None
    error = best_match(_validator(name).iter_errors(msg))
    if error is None:
        return None
    where = "/".join(str(p) for p in error.absolute_path) or "(the message)"
    return f"{error.message} (at {where}; schema {'/'.join(str(p) for p in error.absolute_schema_path)})"


class Checker:
    """The violations seen while one test runs."""

    def __init__(self, check_sent: bool):
        self.check_sent = check_sent
        self.violations: list[str] = []
        self.lock = threading.Lock()

    def note(self, direction: str, text) -> None:
        if direction == "sent" and not self.check_sent:
            return
        why = problem(direction, text)
        if why is not None:
            shown = text if isinstance(text, bytes) else text[:300]
            with self.lock:
                if len(self.violations) < 20:
                    self.violations.append(f"{direction} {shown!r}: {why}")


_current: Checker | None = None


_checked = {"sent": 0, "received": 0}  # over the whole run, told in the terminal summary


def note(direction: str, text) -> None:
    if _current is not None:
        _current.note(direction, text)
        if direction == "received" or _current.check_sent:
            _checked[direction] += 1


# ------------------------------------------------------------------ the clients' wrappers
def _wrap_starlette() -> None:
    from starlette.testclient import WebSocketTestSession

    send, receive = WebSocketTestSession.send, WebSocketTestSession.receive

    def checked_send(self, message):
        if message.get("type") == "websocket.receive":
            note("sent", message["text"] if message.get("text") is not None else message.get("bytes", b""))
        return send(self, message)

    def checked_receive(self):
        message = receive(self)
        if message.get("type") == "websocket.send":
            note("received", message["text"] if message.get("text") is not None else message.get("bytes", b""))
        return message

    WebSocketTestSession.send, WebSocketTestSession.receive = checked_send, checked_receive


def _wrap_websockets() -> None:
    from websockets.asyncio.connection import Connection as AsyncConnection
    from websockets.sync.connection import Connection as SyncConnection

    def table(conn) -> bool:  # a table's WebSocket (not another service's)
        request = getattr(conn, "request", None)
        return request is None or "/ws/" in getattr(request, "path", "/ws/")

    send, recv = SyncConnection.send, SyncConnection.recv

    def sync_send(self, message, *args, **kwargs):
        if table(self) and isinstance(message, (str, bytes)):
            note("sent", message)
        return send(self, message, *args, **kwargs)

    def sync_recv(self, *args, **kwargs):
        message = recv(self, *args, **kwargs)
        if table(self):
            note("received", message)
        return message

    SyncConnection.send, SyncConnection.recv = sync_send, sync_recv

    asend, arecv = AsyncConnection.send, AsyncConnection.recv

    async def async_send(self, message, *args, **kwargs):
        if table(self) and isinstance(message, (str, bytes)):
            note("sent", message)
        return await asend(self, message, *args, **kwargs)

    async def async_recv(self, *args, **kwargs):
        message = await arecv(self, *args, **kwargs)
        if table(self):
            note("received", message)
        return message

    AsyncConnection.send, AsyncConnection.recv = async_send, async_recv


def _wrap_playwright() -> None:
    try:
        from playwright.sync_api import Browser, BrowserContext
    except ImportError:
        return

    def watch(page):
        def on_socket(ws):
            if "/ws/" in ws.url:
                ws.on("framesent", lambda payload: note("sent", payload))
                ws.on("framereceived", lambda payload: note("received", payload))

        page.on("websocket", on_socket)
        return page

    for cls in (Browser, BrowserContext):
        new_page = cls.new_page

        def checked_new_page(self, *args, _new_page=new_page, **kwargs):
            return watch(_new_page(self, *args, **kwargs))

        cls.new_page = checked_new_page


# ------------------------------------------------------------------ the hooks
def pytest_configure(config):
    config.addinivalue_line("markers", "invalid_messages: the test sends invalid WebSocket messages on purpose "
                                       "(what it sends is not checked against the protocol; what it receives is)")
    _wrap_starlette()
    _wrap_websockets()
    _wrap_playwright()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    global _current
    _current = Checker(check_sent=item.get_closest_marker("invalid_messages") is None)


def _violations() -> str:
    checker = _current
    if checker is None or not checker.violations:
        return ""
    return "WebSocket messages outside the protocol (docs/protocol.schema.json):\n  " + "\n  ".join(checker.violations)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    try:
        out = yield
    except BaseException:  # the test failed on its own: its report says what the protocol check saw too
        if _violations():
            item.add_report_section("call", "protocol", _violations())
        raise
    if _violations():
        raise AssertionError(_violations())
    return out


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item):
    global _current
    _current = None


def pytest_sessionfinish(session):
    """An xdist worker hands its counts to the controller (pytest_testnodedown)."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["protocol_checked"] = dict(_checked)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """The controller adds each worker's counts to the run's."""
    for direction, n in getattr(node, "workeroutput", {}).get("protocol_checked", {}).items():
        _checked[direction] += n


def pytest_terminal_summary(terminalreporter):
    if any(_checked.values()):
        terminalreporter.write_line(f"protocol check: {_checked['sent']} WebSocket messages sent and "
                                    f"{_checked['received']} received were checked against docs/protocol.schema.json")
