"""What the server tests share: making tables and seats and reading views through a TestClient,
the injected wall clock, and real `lapilli serve` processes on 127.0.0.1 (one, or instances on one
database and Redis) with HTTP and WebSocket helpers for them."""
from __future__ import annotations

import json
import os
import signal
import time
from contextlib import contextmanager

import httpx
import pytest

import lapilli
from lapilli.server.hub import Room
from lapilli.server.store import SeatInfo, TableInfo
from lapilli.testing.server import ServerProcess


# ---------------------------------------------------------------- databases
def new_database(admin_url: str, prefix: str) -> str:
    """A new empty PostgreSQL database on the server ``admin_url`` names (the session's): its URL.
    For a test that builds a database from an old schema, or whose instances must not see the
    tables earlier tests left in the shared one (an instance started on it resumes their
    computers and checks their clocks)."""
    import uuid

    import sqlalchemy as sa

    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    with sa.create_engine(admin_url, isolation_level="AUTOCOMMIT").connect() as conn:
        conn.execute(sa.text(f"CREATE DATABASE {name}"))
    return admin_url.rsplit("/", 1)[0] + f"/{name}"


# ---------------------------------------------------------------- a TestClient of the app
def make_table(client, game="nim", players=2, seats=None, **kw):
    r = client.post("/api/tables", json={"game": game, "players": players, "seats": seats or [], **kw})
    assert r.status_code == 200, r.text
    return r.json()["id"]


def join(client, tid, seat, name="ann"):
    r = client.post(f"/api/tables/{tid}/seats/{seat}", json={"name": name})
    assert r.status_code == 200, r.text
    return r.json()["token"]


def take_over(client, tid, seat, token, level="random"):
    return client.post(f"/api/tables/{tid}/seats/{seat}/computer", json={"token": token, "level": level})


def until_present(ws, seats):
    """Read views until one shows exactly these seats connected (the order in which two
    connections register is not fixed); returns it."""
    while True:
        m = ws.receive_json()
        if m["type"] == "state" and m["present"] == seats:
            return m


def view(ws):
    """The next view (skipping errors and pongs)."""
    while True:
        m = ws.receive_json()
        if m["type"] == "state":
            return m


def until(ws, test):
    """Read views until one passes ``test``; returns it."""
    while True:
        v = view(ws)
        if test(v):
            return v


def sync(ws):
    """The current view: answers a ping after everything already sent to this connection."""
    ws.send_text(json.dumps({"type": "sync"}))
    ws.send_text(json.dumps({"type": "ping"}))
    last = None
    while True:
        m = ws.receive_json()
        if m["type"] == "pong":
            return last
        if m["type"] == "state":
            last = m


PASSWORD = "correct horse battery"


def sign_up(client, name, password=PASSWORD, **kw):
    client.cookies.clear()
    r = client.post("/api/account/signup", json={"username": name, "password": password, **kw})
    assert r.status_code == 201, r.text
    return dict(client.cookies)


def as_(client, cookies):
    """The client is now the browser holding these cookies."""
    client.cookies.clear()
    for k, v in cookies.items():
        client.cookies.set(k, v)
    return {"X-CSRF-Token": cookies.get("lapilli_csrf", "")}


# ---------------------------------------------------------------- the server's wall clock
_BASES = iter(range(1_800_000_000, 0, -10_000_000))


class FakeClock:
    """The server's wall clock, moved on by the test.  Each starts ten million seconds before the
    last one, so that the deadlines of an earlier test's tables on a shared database are never
    passed by a later test's clock."""

    def __init__(self, t: float | None = None):
        self.t = float(next(_BASES)) if t is None else t

    def __call__(self) -> float:
        return self.t


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def db(request, tmp_path):
    """A database URL: a fresh SQLite file, then the session's PostgreSQL (slow: the same
    assertions run on SQLite in the fast tier)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'clocks.db'}"
    return request.getfixturevalue("postgres_url")


def hub_of(c):
    return c.app.state.hub


def check_clocks(c, tid) -> int:
    """How many seats of table ``tid`` the server handed over to the computer now (other tests'
    tables on a shared database may run out at the same time: they are not counted)."""
    return c.portal.call(hub_of(c).check_clocks).count(tid)


# ---------------------------------------------------------------- real `lapilli serve` processes
def recv_state(ws, version=0, timeout=20):
    """The next view at ``version`` or later (presence updates at the same version are skipped)."""
    while True:
        m = json.loads(ws.recv(timeout=timeout))
        if m["type"] == "state" and m["version"] >= version:
            return m


def wait_for(check, what, timeout=60.0, every=0.1):
    """Poll ``check`` until it returns something true (returned); AssertionError after ``timeout``."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"never happened: {what}")


def http_table(base, seats=None, options=None, game="nim"):
    r = httpx.post(f"{base}/api/tables", json={"game": game, "players": 2, "options": {"pile": 15} if options is None else options,
                                              "seats": seats or []}, timeout=30)
    assert r.status_code == 200, r.text
    return r.json()["id"]


def http_join(base, tid, seat, name=None):
    r = httpx.post(f"{base}/api/tables/{tid}/seats/{seat}", json={"name": name or f"p{seat}"}, timeout=30)
    assert r.status_code == 200, r.text
    return r.json()["token"]


def stop_all(servers) -> None:
    """Stop these servers (one stopped with SIGSTOP is continued first)."""
    for s in servers:
        if s.proc.poll() is None:
            os.kill(s.pid, signal.SIGCONT)
        s.stop()


@contextmanager
def served_in_thread(app, **config):
    """The ASGI ``app`` served by uvicorn on 127.0.0.1 in a thread of this process (its lifespan
    run), so a test can reach it over real sockets from many threads at once and still touch
    its objects; yields the base URL and stops the server on leaving. (The TestClient's transport
    is not made for concurrent requests from several threads.)  ``config``: more of uvicorn's
    options (``ws``: the WebSocket protocol `lapilli serve` runs)."""
    import threading

    import uvicorn

    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on",
                                           **config))
    thread = threading.Thread(target=server.run, name="uvicorn", daemon=True)
    thread.start()
    try:
        wait_for(lambda: server.started or not thread.is_alive(), "the in-thread server to start", timeout=30)
        assert server.started, "the in-thread server did not start"
        yield f"http://127.0.0.1:{server.servers[0].sockets[0].getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(30)


@contextmanager
def instances(log_dir, database, redis, *envs, **env):
    """Instances A, B, ... of `lapilli serve` on one database and Redis, one per dict of ``envs``
    (its own LAPILLI_* settings, after the common ``env``); stopped on leaving."""
    started = []
    try:
        for name, own in zip("ABCDEFGH", envs):
            started.append(ServerProcess(log_dir, name, database, redis, **{**env, **own}))
        yield started
    finally:
        stop_all(started)


@pytest.fixture
def serve(tmp_path):
    """serve(name="S", database=None, redis=None, args=(), **env): a started `lapilli serve` (a
    ServerProcess: ``.url``, ``.ws``, ``.port``, ``.text()`` its log) on ``database`` (by default
    a fresh SQLite file in tmp_path), stopped when the test ends."""
    started = []

    def start(name="S", database=None, redis=None, args=(), **env):
        database = database or f"sqlite:///{tmp_path / f'{name}-{len(started)}.db'}"
        started.append(ServerProcess(tmp_path, f"{name}-{len(started)}", database, redis, args=args, **env))
        return started[-1]

    yield start
    stop_all(started)


# ---------------------------------------------------------------- rated tables and pings
CLOCK = {"kind": "turn", "per_move": 600, "level": "random"}


def rated_table(client, players, pile=10, clock=None):
    """A rated Nim table created by the first of ``players`` (cookies of signed-up accounts), each
    seated in order; returns (table id, seat tokens)."""
    h = as_(client, players[0])
    r = client.post("/api/tables", json={"game": "nim", "players": len(players), "rated": True,
                                         "options": {"pile": pile}, "clock": clock or CLOCK}, headers=h)
    assert r.status_code == 200, r.text
    tid, tokens = r.json()["id"], []
    for seat, who in enumerate(players):
        h = as_(client, who)
        r = client.post(f"/api/tables/{tid}/seats/{seat}", json={"name": ""}, headers=h)
        assert r.status_code == 200, r.text
        tokens.append(r.json()["token"])
    client.cookies.clear()
    return tid, tokens


def wait_version(client, tid, version):
    store = client.app.state.hub.store
    for _ in range(400):
        if store.get(tid).version >= version:
            return
        time.sleep(0.025)
    raise AssertionError(f"table {tid} did not reach version {version}")


def rating_of(client, name):
    return {r["game"]: r for r in client.get(f"/api/players/{name}").json()["ratings"]}.get("nim")


def until_pong(ws):
    """Every message up to the answer of a ping (sent now): what the connection was sent so far."""
    ws.send_text(json.dumps({"type": "ping"}))
    got = []
    while True:
        m = ws.receive_json()
        if m["type"] == "pong":
            return got
        got.append(m)


def nim_across(a_server, b_server):
    """A nim table (pile 15) made on instance A, seat 0 taken on A by ann and seat 1 on B by bob:
    (table id, ann's token, bob's token)."""
    import httpx

    tid = httpx.post(f"{a_server.url}/api/tables", json={"game": "nim", "players": 2, "options": {"pile": 15}}).json()["id"]
    t0 = httpx.post(f"{a_server.url}/api/tables/{tid}/seats/0", json={"name": "ann"}).json()["token"]
    t1 = httpx.post(f"{b_server.url}/api/tables/{tid}/seats/1", json={"name": "bob"}).json()["token"]
    return tid, t0, t1


def play_nim_to_the_end(client, tid):
    """Two people join a nim table of a pile of 10 ("ann" and "bob") and play it to its end over
    WebSockets (take 3, 3, 1, 3)."""
    ta, tb = join(client, tid, 0, "ann"), join(client, tid, 1, "bob")
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
        until_present(a, [0, 1])
        until_present(b, [0, 1])
        for who, action in ((a, "take 3"), (b, "take 3"), (a, "take 1"), (b, "take 3")):
            who.send_text(json.dumps({"type": "act", "action": action}))
            a.receive_json()
            b.receive_json()


# ---------------------------------------------------------------- the fan-out's tests


class FakeConn:
    """A connection that keeps what it is sent, decoded."""
    def __init__(self, seat, delta=False):
        self.seat, self.delta, self.have, self.texts = seat, delta, None, []

    def send(self, text):
        self.texts.append(json.loads(text))


class FakePubSub:
    """A single instance's pub/sub: announcing reaches nobody."""
    url = None

    def announce(self, msg):
        pass


def island_room():
    """A two-seat Island table in memory (seed 4), as the fan-out tests build their views on."""
    st = lapilli.new_game("the-island", seed=4)
    info = TableInfo("t1", "the-island", 2, dict(st.options), 4, 0, "playing",
                     [SeatInfo(0, "human", "alice", ""), SeatInfo(1, "human", "bob", "")], seeding=st.seeding,
                     commitment="c0ffee")
    return Room(info)


def descendants(pid: int) -> set[int]:
    """Every process descending from ``pid`` (read from /proc: each process's parent)."""
    parent = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    parent[int(d)] = int(f.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
    out, todo = set(), [pid]
    while todo:
        p = todo.pop()
        kids = [c for c, pp in parent.items() if pp == p]
        out.update(kids)
        todo.extend(kids)
    return out
