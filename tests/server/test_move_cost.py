"""What a move costs the server besides the rules, without changing what anyone sees: with SQLite
the step is written on the event loop's own thread when nobody else is writing (cheaper than a
worker thread's round trip), else in a worker thread, so that the event loop never waits for a
lock of this process or of another one; a client message is read without a task of its own."""
from __future__ import annotations

import json
import sqlite3
import threading
import time

import pytest
from sqlalchemy import event
from sqlalchemy.pool import Pool

from .support import join, make_table, until_present, wait_for


def _table(client):
    tid = make_table(client, options={"pile": 21})
    return tid, join(client, tid, 0, "ann"), join(client, tid, 1, "bob")


@pytest.fixture
def traced(make_client):
    """A client whose every SQLite connection reports each statement it runs: ``client.steps``
    holds (thread, connection) of each step's INSERT, ``client.checkpoints`` the threads that
    checkpointed the WAL."""
    steps: list = []
    checkpoints: list = []

    def trace(dbapi_conn, _record):
        def seen(statement):
            if statement.lstrip().upper().startswith("INSERT INTO STEPS"):
                steps.append((threading.get_ident(), dbapi_conn))
            elif "wal_checkpoint" in statement:
                checkpoints.append(threading.get_ident())
        dbapi_conn.set_trace_callback(seen)

    event.listen(Pool, "connect", trace)  # connections are opened as they are needed: till the test ends
    try:
        client = make_client()
        client.steps, client.checkpoints = steps, checkpoints
        yield client
    finally:
        event.remove(Pool, "connect", trace)


def test_a_sqlite_step_is_written_on_the_event_loop_thread_which_never_syncs_the_file(traced, monkeypatch):
    from lapilli.server import store

    monkeypatch.setattr(store, "CHECKPOINT_STEPS", 2, raising=False)
    client = traced
    tid, ta, tb = _table(client)
    loop_thread = client.portal.call(threading.get_ident)
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
        until_present(a, [0, 1]), until_present(b, [0, 1])
        for who, action in ((a, "take 1"), (b, "take 2"), (a, "take 3")):
            who.send_text(json.dumps({"type": "act", "action": action}))
            va, vb = a.receive_json(), b.receive_json()
            assert va["type"] == vb["type"] == "state"
    assert va["observation"]["pile"] == 15
    assert [thread for thread, _ in client.steps] == [loop_thread] * 3
    # SQLite's automatic checkpoint (which syncs the file to disk) is off on the connection that
    # writes on the loop's thread; the WAL is checkpointed in a worker thread instead
    for _, db in client.steps:
        assert db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
    # the checkpoint runs in a task of its own after the step that made it due: wait for it
    wait_for(lambda: client.checkpoints, "the WAL checkpointed after the second step")
    assert loop_thread not in client.checkpoints
    with client.app.state.store.engine.connect() as conn:  # the other connections wait for locks
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 30_000


def _ping_takes(ws) -> float:
    t0 = time.monotonic()
    ws.send_text(json.dumps({"type": "ping"}))
    assert ws.receive_json() == {"type": "pong"}
    return time.monotonic() - t0


def test_a_step_waits_for_this_process_writers_in_a_worker_thread_not_on_the_loop(traced):
    client = traced
    tid, ta, tb = _table(client)
    other = make_table(client, options={"pile": 21})
    loop_thread = client.portal.call(threading.get_ident)
    lock = client.app.state.store._write_lock
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, client.websocket_connect(f"/ws/{other}") as spec:
        a.receive_json(), spec.receive_json()
        lock.acquire()  # another writer of this process (a worker thread's write) holds the lock
        try:
            a.send_text(json.dumps({"type": "act", "action": "take 2"}))
            time.sleep(0.3)
            assert _ping_takes(spec) < 1.0  # the held lock stalls the move, not the event loop
        finally:
            lock.release()
        view = a.receive_json()
    assert view["observation"]["pile"] == 19 and view["version"] == 1
    assert len(client.steps) == 1 and client.steps[0][0] != loop_thread


def test_a_step_waits_for_another_process_lock_in_a_worker_thread_not_on_the_loop(client):
    tid, ta, tb = _table(client)
    other = make_table(client, options={"pile": 21})
    path = client.settings.database_url.removeprefix("sqlite:///")
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, client.websocket_connect(f"/ws/{other}") as spec:
        a.receive_json(), spec.receive_json()
        holder = sqlite3.connect(path, isolation_level=None)  # as another process would: its own connection
        holder.execute("BEGIN IMMEDIATE")  # SQLite's write lock, held
        try:
            a.send_text(json.dumps({"type": "act", "action": "take 3"}))
            time.sleep(0.3)
            assert _ping_takes(spec) < 1.0  # the move waits for the lock in a worker thread
        finally:
            holder.execute("COMMIT")
            holder.close()
        view = a.receive_json()
    assert view["observation"]["pile"] == 18 and view["version"] == 1


def test_reading_a_message_starts_no_task(client):
    """The WebSocket's messages are read by a plain await: no task (nor set of waits) per message."""
    import asyncio

    tid, ta, tb = _table(client)
    made: list = []

    def count_tasks():
        loop = asyncio.get_running_loop()

        def factory(loop, coro, **kw):
            made.append(getattr(coro, "__qualname__", ""))
            return asyncio.Task(coro, loop=loop, **kw)
        loop.set_task_factory(factory)

    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a:
        a.receive_json()
        client.portal.call(count_tasks)
        try:
            for _ in range(20):
                assert _ping_takes(a) < 5
        finally:
            client.portal.call(lambda: asyncio.get_running_loop().set_task_factory(None))
    # the test client's own tasks (its portal's, one per call) are not the server's
    assert [name for name in made if name != "TaskHandle._run_coro"] == []


def test_a_move_between_two_present_seats_starts_no_task(client):
    """Without Redis there is nothing to publish, and a seat whose person is at the table gets no
    "your turn" e-mail: a move starts no task for either (each was a task made per move)."""
    import asyncio

    tid, ta, tb = _table(client)
    made: list = []

    def count_tasks():
        loop = asyncio.get_running_loop()

        def factory(loop, coro, **kw):
            made.append(getattr(coro, "__qualname__", ""))
            return asyncio.Task(coro, loop=loop, **kw)
        loop.set_task_factory(factory)

    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
        until_present(a, [0, 1]), until_present(b, [0, 1])
        client.portal.call(count_tasks)
        try:
            for who, other, action in ((a, b, "take 1"), (b, a, "take 2"), (a, b, "take 3")):
                who.send_text(json.dumps({"type": "act", "action": action}))
                assert who.receive_json()["type"] == other.receive_json()["type"] == "state"
        finally:
            client.portal.call(lambda: asyncio.get_running_loop().set_task_factory(None))
    assert [name for name in made if name != "TaskHandle._run_coro"] == []
