"""The table server survives what a deployment meets: Redis and PostgreSQL outages, a client
that stops reading, crowds of spectators, months of finished tables, restarts with many tables
whose computer is to move, and clients that create tables without end.  Each test runs real
`lapilli serve` processes on 127.0.0.1 with small timeouts set through the environment."""
from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import struct
import time

import httpx
import pytest
import websockets
from websockets.sync.client import connect

from lapilli.server.store import Store
from lapilli.testing.server import ServerProcess
from lapilli.testing.services import Postgres, Redis

from .support import http_join, http_table, recv_state, wait_for

# real processes through outages, crowds and restarts: minutes; the fast tier has the in-process
# tests of the same code (tests/server/test_api.py, test_limits.py, test_presence.py)
pytestmark = pytest.mark.slow


# ---------------------------------------------------------------------------- Redis outage
@pytest.fixture
def own_redis(tmp_path):
    r = Redis(tmp_path)
    url = r.start()
    yield r, url
    r.stop()


def test_redis_outage_heals_under_two_instances(tmp_path, postgres_url, own_redis):
    redis, redis_url = own_redis
    A = ServerProcess(tmp_path, "A", postgres_url, redis_url)
    B = ServerProcess(tmp_path, "B", postgres_url, redis_url)
    try:
        tid = http_table(A.url)
        t0, t1 = http_join(A.url, tid, 0), http_join(B.url, tid, 1)
        with connect(f"{A.ws}/ws/{tid}?token={t0}") as a, connect(f"{B.ws}/ws/{tid}?token={t1}") as b:
            recv_state(a), recv_state(b)
            a.send(json.dumps({"type": "act", "action": "take 3"}))
            assert recv_state(a, 1)["observation"]["pile"] == 12
            assert recv_state(b, 1)["legal"]  # through Redis, before the outage

            redis.stop()
            # a move during the outage is stored and acknowledged to its sender, whose
            # connection stays open; instance A cannot hear of it
            b.send(json.dumps({"type": "act", "action": "take 2", "version": 1}))
            mine = recv_state(b, 2)
            assert mine["observation"]["pile"] == 10 and not mine["legal"]
            health = httpx.get(f"{A.url}/health", timeout=30)
            assert health.status_code == 503 and health.json()["redis"].startswith("unreachable")
            assert health.json()["database"] == "ok" and health.json()["key"] == "health_redis_down"
            wait_for(lambda: "Redis pub/sub lost" in A.text(), "instance A logs the outage")

            redis.start()  # same port, empty
            # A re-reads its open tables: the client that missed the change is brought up to date
            # without asking
            caught = recv_state(a, 2, timeout=30)
            assert caught["observation"]["pile"] == 10 and caught["legal"]
            # the re-read is logged once every open table has been read, after their broadcasts:
            # the view caught up above may arrive first
            wait_for(lambda: "Redis pub/sub back after" in A.text() and "brought up to date" in A.text(),
                     "instance A logs the re-read")
            wait_for(lambda: httpx.get(f"{B.url}/health", timeout=30).status_code == 200, "B healthy again")
            # moves cross both instances again, in both directions
            a.send(json.dumps({"type": "act", "action": "take 1", "version": 2}))
            assert recv_state(b, 3)["observation"]["pile"] == 9
            b.send(json.dumps({"type": "act", "action": "take 3", "version": 3}))
            assert recv_state(a, 4)["observation"]["pile"] == 6
        assert httpx.get(f"{B.url}/api/tables/{tid}").json()["version"] == 4
    finally:
        A.stop()
        B.stop()


# ---------------------------------------------------------------------------- PostgreSQL outage
@pytest.fixture
def own_postgres():
    pg = Postgres()
    url = pg.start()
    yield pg, url
    pg.stop()


def test_postgres_outage_while_the_computer_thinks(tmp_path, own_postgres):
    pg, url = own_postgres
    S = ServerProcess(tmp_path, "S", url)
    try:
        # the computer thinks for seconds: Slow Nim's heuristic player never answers, and the bot
        # pool plays a random legal move for it when its time is up
        tid = http_table(S.url, game="slownim", seats=[{"kind": "open"}, {"kind": "bot", "level": "heuristic"}])
        other = http_table(S.url)  # two people, for the message a player gets during the outage
        t0 = http_join(S.url, tid, 0)
        o0 = http_join(S.url, other, 0)
        http_join(S.url, other, 1)
        with connect(f"{S.ws}/ws/{tid}?token={t0}") as me, connect(f"{S.ws}/ws/{other}?token={o0}") as p:
            recv_state(me), recv_state(p)
            me.send(json.dumps({"type": "act", "action": "take 1"}))
            assert recv_state(me, 1)["observation"]["pile"] == 14
            pg.halt()  # while the computer thinks
            # a player whose move cannot be stored is told so, with the view as it stands
            p.send(json.dumps({"type": "act", "action": "take 2"}))
            err = json.loads(p.recv(timeout=30))
            assert err["type"] == "error" and "database is not answering" in err["message"], err
            view = json.loads(p.recv(timeout=30))
            assert view["type"] == "state" and view["version"] == 0 and view["observation"]["pile"] == 15
            health = httpx.get(f"{S.url}/health", timeout=30)
            assert health.status_code == 503 and health.json()["database"].startswith("unreachable")
            assert health.json()["key"] == "health_database_down" and "words" in health.json()
            assert url not in health.text and "127.0.0.1" not in health.text  # no connection string
            assert httpx.get(f"{S.url}/api/tables/{tid}", timeout=30).status_code == 503
            # the computer's write fails, and is tried again
            wait_for(lambda: f"computer move on table {tid} not stored" in S.text(), "a failed computer write")
            pg.resume()
            moved = recv_state(me, 2, timeout=60)
            assert moved["legal"] and moved["version"] == 2
            # the other player's move goes through now
            p.send(json.dumps({"type": "act", "action": "take 2"}))
            assert recv_state(p, 1)["observation"]["pile"] == 13
        steps = Store(url, migrate=False).steps(tid)
        assert [(v, seat) for v, _, seat, _ in steps] == [(1, 0), (2, 1)]  # the computer moved once
        time.sleep(1)  # any second attempt would have been stored by now
        assert len(Store(url, migrate=False).steps(tid)) == 2
    finally:
        S.stop()


# ---------------------------------------------------------------------------- a client that never reads
class RawClient:
    """A WebSocket client with a tiny receive buffer that sends and does not read."""

    def __init__(self, port, path):
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
                          .encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(1)
        assert b" 101 " in head.split(b"\r\n")[0], head
        self.sock.settimeout(0.2)

    def send_text(self, text: str) -> bool:
        data, mask = text.encode(), os.urandom(4)
        frame = bytes([0x81, 0x80 | len(data)]) + mask + bytes(c ^ mask[i % 4] for i, c in enumerate(data))
        try:
            self.sock.sendall(frame)
            return True
        except (socket.timeout, OSError):
            return False

    def close_code(self, timeout=60.0) -> int | None:
        """Read everything until the server's close frame; its code."""
        self.sock.settimeout(timeout)
        buf = b""

        def need(n):
            nonlocal buf
            while len(buf) < n:
                chunk = self.sock.recv(1 << 16)
                if not chunk:
                    raise EOFError
                buf += chunk
            out, buf = buf[:n], buf[n:]
            return out

        try:
            while True:
                b0, b1 = need(2)
                n = b1 & 0x7F
                if n == 126:
                    n = struct.unpack("!H", need(2))[0]
                elif n == 127:
                    n = struct.unpack("!Q", need(8))[0]
                payload = need(n)
                if b0 & 0x0F == 0x8:
                    return struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
        except (EOFError, OSError):
            return None


def test_a_client_that_never_reads_cannot_hold_up_its_table(tmp_path):
    S = ServerProcess(tmp_path, "S", f"sqlite:///{tmp_path / 'slow.db'}", LAPILLI_SEND_TIMEOUT=1,
               LAPILLI_SEND_QUEUE=16, LAPILLI_MAX_MESSAGES_PER_SECOND=100000)
    try:
        tid = http_table(S.url, game="the-island", options={})  # views of about 7 kB
        t0, t1 = http_join(S.url, tid, 0), http_join(S.url, tid, 1)
        # b connects once a holds its view, so that b's arrival reaches a as one more view (the
        # server may attach two connections opened together in either order)
        with connect(f"{S.ws}/ws/{tid}?token={t0}") as a:
            views = {a: recv_state(a)}
            with connect(f"{S.ws}/ws/{tid}?token={t1}") as b:
                views[b] = recv_state(b)
                views[a] = recv_state(a)  # b's arrival
                _never_reading_client_is_dropped(S, tid, a, b, views)
    finally:
        S.stop()


def _never_reading_client_is_dropped(S, tid, a, b, views):
    """A client that asks for views and reads none is closed; the players play on meanwhile."""
    slow = RawClient(S.port, f"/ws/{tid}")
    sent = 0
    # asks for 3,000 views (20 MB, far more than the buffers on the way hold) or until the
    # server stops taking its messages, and reads none of them
    while sent < 3000 and slow.send_text(json.dumps({"type": "sync"})):
        sent += 1
    assert sent > 100, sent

    def play(versions):
        for version in versions:
            mover = a if views[a]["legal"] else b
            mover.send(json.dumps({"type": "act", "action": views[mover]["legal"][0],
                                   "version": version - 1}))
            for ws in (a, b):
                views[ws] = recv_state(ws, version, timeout=10)
                assert views[ws]["version"] == version

    # the players play on while the server works through the requests of the client that
    # does not read, and after the server has given up on it
    play(range(1, 3))
    wait_for(lambda: "a connection is closed: too slow" in S.text(), "the slow connection is dropped", 30)
    play(range(3, 5))
    # the non-reading client was closed with 1013 "try again later" (the frame reaches it
    # once it reads what was queued before)
    assert slow.close_code() == 1013


# ---------------------------------------------------------------------------- crowds
def test_200_spectators_cost_200_messages(tmp_path):
    # the crowd connects from one address (the test's), beyond the usual cap per address
    S = ServerProcess(tmp_path, "S", f"sqlite:///{tmp_path / 'crowd.db'}", LAPILLI_MAX_SOCKETS_PER_ADDRESS=1000)
    try:
        tid = http_table(S.url)
        t0, t1 = http_join(S.url, tid, 0), http_join(S.url, tid, 1)

        async def main():
            got: list[int] = []
            async with websockets.connect(f"{S.ws}/ws/{tid}?token={t0}") as a, \
                    websockets.connect(f"{S.ws}/ws/{tid}?token={t1}") as b:
                for ws in (a, b):  # arrivals of the two seats
                    while json.loads(await ws.recv())["present"] != [0, 1]:
                        pass
                crowd = []
                for _ in range(200):
                    ws = await websockets.connect(f"{S.ws}/ws/{tid}")
                    crowd.append(ws)

                async def drain(ws, first=1.0):
                    """The messages ``ws`` receives until it has been quiet for a second; the first
                    may take up to ``first`` seconds (a loaded machine sends 200 views slowly)."""
                    n, wait = 0, first
                    try:
                        while True:
                            await asyncio.wait_for(ws.recv(), wait)
                            n, wait = n + 1, 1.0
                    except asyncio.TimeoutError:
                        return n

                arrivals = await asyncio.gather(*(drain(ws, 15.0) for ws in crowd),
                                                *(drain(ws, 2.0) for ws in (a, b)))
                got.append(sum(arrivals[:200]))
                got.append(sum(arrivals[200:]))
                await a.send(json.dumps({"type": "act", "action": "take 2"}))
                after = await asyncio.gather(*(drain(ws, 15.0) for ws in crowd))
                got.append(sum(after))
                for ws in crowd:
                    await ws.close()
            return got

        crowd_arrivals, seat_messages, after_move = asyncio.run(main())
        # each spectator got its own view and nothing else; the players were not told of them;
        # one move is one message per spectator (200 + 200, where re-sending to all on every
        # arrival would have made 200 * 201 / 2 = 20,100)
        assert crowd_arrivals == 200
        assert seat_messages == 0
        assert after_move == 200
    finally:
        S.stop()


# ---------------------------------------------------------------------------- memory
def test_finished_and_idle_tables_leave_memory(tmp_path):
    cap = 20
    S = ServerProcess(tmp_path, "S", f"sqlite:///{tmp_path / 'mem.db'}", LAPILLI_IDLE_SECONDS=1,
               LAPILLI_MAX_TABLES=cap)
    try:
        bots = [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]
        tids = [http_table(S.url, seats=bots, options={"pile": 10}) for _ in range(300)]
        loaded = []

        async def watch(tid, gate):
            async with gate:
                async with websockets.connect(f"{S.ws}/ws/{tid}") as ws:
                    while "result" not in json.loads(await asyncio.wait_for(ws.recv(), 60)):
                        pass

        async def main():
            gate = asyncio.Semaphore(10)
            tasks = [asyncio.create_task(watch(t, gate)) for t in tids]
            async with httpx.AsyncClient(timeout=30) as http:
                while not all(t.done() for t in tasks):
                    loaded.append((await http.get(f"{S.url}/health")).json()["tables_loaded"])
                    await asyncio.sleep(0.2)
            await asyncio.gather(*tasks)

        asyncio.run(main())
        finished = httpx.get(f"{S.url}/api/tables", params={"status": "finished", "limit": 200}).json()
        assert len(finished) == 200  # a page; the next one holds the rest
        rest = httpx.get(f"{S.url}/api/tables", params={"status": "finished", "limit": 200, "offset": 200}).json()
        assert {t["id"] for t in finished + rest} == set(tids)
        # while games were played, finished tables left beyond the cap (10 being watched at a time)
        assert max(loaded) <= cap + 10, loaded
        time.sleep(2.5)  # an idle period
        assert httpx.get(f"{S.url}/health").json()["tables_loaded"] <= cap
        # a table that left memory is read back on demand, and reading it (its record, a view)
        # keeps memory within the cap
        rec = httpx.get(f"{S.url}/api/tables/{tids[0]}/record")
        assert rec.status_code == 200 and rec.json()["actions"]
        with connect(f"{S.ws}/ws/{tids[1]}") as ws:
            assert "result" in recv_state(ws)
        assert httpx.get(f"{S.url}/health").json()["tables_loaded"] <= cap
    finally:
        S.stop()


# ---------------------------------------------------------------------------- restart
def test_a_restart_resumes_every_table_whose_computer_is_to_move(tmp_path):
    db = f"sqlite:///{tmp_path / 'restart.db'}"
    store = Store(db)
    # tables left by a server that stopped: 150 whose computer is to move (more than a lobby
    # page, more than a batch), 10 waiting for their person
    waiting_for_computer, waiting_for_person = [], []
    for i in range(160):
        computer_first = i < 150
        seats = [{"kind": "bot", "agent": "random"}, {"kind": "open"}]
        tid = store.create_table("nim", 2, {"pile": 15}, i, seats if computer_first else seats[::-1])
        store.claim_seat(tid, 1 if computer_first else 0, "ann")
        (waiting_for_computer if computer_first else waiting_for_person).append(tid)
    S = ServerProcess(tmp_path, "S", db, LAPILLI_RESUME_BATCH=20)
    try:
        wait_for(lambda: all(v == 1 for v in store.versions(waiting_for_computer).values()),
               "every computer to move has moved", timeout=120)
        assert set(store.versions(waiting_for_person).values()) == {0}
        assert "resumed 150 tables" in wait_for(lambda: "resumed" in S.text() and S.text(), "the resume log")
    finally:
        S.stop()
