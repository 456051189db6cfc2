#!/usr/bin/env python3
"""What heavy reads and socket floods from one client cost the other tables, on 127.0.0.1.

Starts `lapilli serve` (SQLite in a temporary folder; started with an open-files soft limit of
1,024, as many systems give by default) after writing finished games straight into its database:
one long game (L'Isola dei Vulcani, about 850 actions, played by random agents) and --finished
more.  A person sits at another table and pings it (every 50 ms after each answer) over its WebSocket throughout.
Then, one after another:

1. replays: --replays requests at once for different steps of the long game's replay;
2. finished list: `GET /api/finished?limit=100`, three times;
3. flood: --sockets spectator WebSockets from this one client to a third table, kept open, while
   the seat pings; then a plain HTTP request and a new WebSocket from another address
   (127.0.0.2, of the loopback network) to the other table.

For each phase it prints the ping round trip (p50 / p95 / max, ms), and the answers' times;
for the flood, how many sockets were taken and refused, whether the other requests were
answered, and how much the server log grew.  --src runs the server of another source tree
(e.g. an older version's src/) against the same scenario.  Every loop has a time limit.

    python3 bench/abuse_replay.py [--replays 40] [--finished 100] [--sockets 1100] [--src DIR]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import socket
import sys
import tempfile
import time

import httpx
import websockets

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))
from lapilli.server.store import Store  # noqa: E402
from lapilli.testing.games import store_finished  # noqa: E402
from lapilli.testing.server import ServerProcess  # noqa: E402


def ms(values: list[float]) -> str:
    if not values:
        return "no answer"
    v = sorted(values)
    return (f"p50 {1e3 * v[len(v) // 2]:.0f}  p95 {1e3 * v[min(len(v) - 1, int(0.95 * len(v)))]:.0f}  "
            f"max {1e3 * v[-1]:.0f} ms ({len(v)} answers)")


class Pinger:
    """The seat at another table, pinging 50 ms after each answer; the round trips are collected per phase.
    A ping not answered counts its wait so far when the phase ends."""

    def __init__(self, ws):
        self.ws = ws
        self.waits: list[float] = []
        self.sent_at: float | None = None
        self.task = asyncio.create_task(self._run())

    async def _run(self):
        while True:
            self.sent_at = time.perf_counter()
            await self.ws.send('{"type":"ping"}')
            while json.loads(await self.ws.recv())["type"] != "pong":
                pass
            self.waits.append(time.perf_counter() - self.sent_at)
            self.sent_at = None
            await asyncio.sleep(0.05)  # within the server's 20 messages a second per connection

    def phase(self) -> list[float]:
        out = self.waits + ([time.perf_counter() - self.sent_at] if self.sent_at is not None else [])
        self.waits = []
        return out


async def scenario(args, base: str, ws_base: str, long_tid: str, log_path: str) -> None:
    async with httpx.AsyncClient(timeout=60) as http:
        other = (await http.post(f"{base}/api/tables", json={"game": "stromboli", "players": 2})).json()["id"]
        token = (await http.post(f"{base}/api/tables/{other}/seats/0", json={"name": "ann"})).json()["token"]
        crowded = (await http.post(f"{base}/api/tables", json={"game": "stromboli", "players": 2})).json()["id"]
    seat = await websockets.connect(f"{ws_base}/ws/{other}?token={token}")
    await seat.recv()
    pinger = Pinger(seat)
    await asyncio.sleep(2)
    print(f"idle:          ping {ms(pinger.phase())}")

    # 1. replays at once
    plies = (await asyncio.to_thread(httpx.get, f"{base}/api/tables/{long_tid}/replay/0")).json()["plies"]
    times = []

    async def one(http, seat_no, ply):
        t = time.perf_counter()
        r = await http.get(f"{base}/api/tables/{long_tid}/replay/{ply}",
                           params={} if seat_no is None else {"seat": seat_no})
        times.append(time.perf_counter() - t)
        return r.status_code

    pinger.phase()
    async with httpx.AsyncClient(timeout=300, limits=httpx.Limits(max_connections=args.replays + 10)) as http:
        t0 = time.perf_counter()
        codes = await asyncio.gather(*(one(http, i % 5 - 1 if i % 5 else None, plies - i)
                                       for i in range(args.replays)))
        wall = time.perf_counter() - t0
    print(f"replays:       {args.replays} at once of a {plies}-action game in {wall:.2f} s "
          f"(answers {sorted(set(codes))}); ping {ms(pinger.phase())}")
    print(f"               replay answer {ms(times)}")
    pinger.phase()
    async with httpx.AsyncClient(timeout=300, limits=httpx.Limits(max_connections=args.replays + 10)) as http:
        times.clear()
        codes = await asyncio.gather(*(one(http, i % 5 - 1 if i % 5 else None, plies - i)
                                       for i in range(args.replays)))
    print(f"same again:    answers {sorted(set(codes))}, {ms(times)}; ping {ms(pinger.phase())}")

    # 2. the finished list
    async with httpx.AsyncClient(timeout=300) as http:
        for i in range(3):
            t = time.perf_counter()
            r = await http.get(f"{base}/api/finished", params={"limit": 100})
            took = time.perf_counter() - t
            print(f"finished list: request {i + 1}: {r.status_code}, {len(r.json()) if r.status_code == 200 else 0} "
                  f"games in {1e3 * took:.0f} ms; ping {ms(pinger.phase())}")

    # 3. a socket flood from this one client
    size_before = os.path.getsize(log_path)
    crowd, refused, failed = [], 0, 0
    t0 = time.perf_counter()

    async def open_one():
        nonlocal refused, failed
        try:
            ws = await asyncio.wait_for(websockets.connect(f"{ws_base}/ws/{crowded}", open_timeout=10), 15)
            first = json.loads(await asyncio.wait_for(ws.recv(), 15))
            if first["type"] == "state":
                crowd.append(ws)
            else:
                refused += 1
                await ws.close()
        except Exception:
            failed += 1

    for i in range(0, args.sockets, 50):  # 50 at a time
        await asyncio.gather(*(open_one() for _ in range(min(50, args.sockets - i))))
        if time.perf_counter() - t0 > args.seconds:
            break
    flood = time.perf_counter() - t0
    print(f"flood:         {args.sockets} sockets asked in {flood:.1f} s: {len(crowd)} taken, {refused} refused "
          f"with a message, {failed} failed; ping {ms(pinger.phase())}")
    await asyncio.sleep(2)
    t = time.perf_counter()
    try:
        r = await asyncio.to_thread(httpx.get, f"{base}/api/tables", timeout=10)
        print(f"               GET /api/tables during the flood: {r.status_code} in {1e3 * (time.perf_counter() - t):.0f} ms")
    except Exception as e:
        print(f"               GET /api/tables during the flood: {e.__class__.__name__} after "
              f"{time.perf_counter() - t:.1f} s")
    t = time.perf_counter()
    try:
        sock = socket.create_connection(("127.0.0.1", int(base.rsplit(":", 1)[1])), timeout=10,
                                        source_address=("127.0.0.2", 0))
        sock.setblocking(False)
        async with websockets.connect(f"{ws_base}/ws/{other}", sock=sock, open_timeout=10) as ws:
            kind = json.loads(await asyncio.wait_for(ws.recv(), 10))["type"]
        print(f"               a new spectator from 127.0.0.2 at the other table: {kind} in "
              f"{1e3 * (time.perf_counter() - t):.0f} ms")
    except Exception as e:
        print(f"               a new spectator from 127.0.0.2 at the other table: {e.__class__.__name__} after "
              f"{time.perf_counter() - t:.1f} s")
    print(f"               seat's ping after the flood {ms(pinger.phase())}; server log grew "
          f"{(os.path.getsize(log_path) - size_before) / 1e3:.1f} kB")
    pinger.task.cancel()
    for ws in crowd:
        await ws.close()
    await seat.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--replays", type=int, default=40)
    ap.add_argument("--finished", type=int, default=100, help="finished games besides the long one")
    ap.add_argument("--sockets", type=int, default=1100)
    ap.add_argument("--seconds", type=float, default=120, help="time limit of the flood")
    ap.add_argument("--src", default=None, help="the src/ folder whose server runs (default: this tree's)")
    args = ap.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # this client holds the whole flood
    folder = tempfile.mkdtemp(prefix="lapilli-abuse-")
    db = f"sqlite:///{folder}/abuse.db"
    store = Store(db)
    long_tid, plies = store_finished(store, "isola-dei-vulcani")
    for s in range(args.finished):
        store_finished(store, "the-island", seed=100 + s)
    store.engine.dispose()
    src = os.path.abspath(args.src) if args.src else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")
    server = ServerProcess(folder, "server", db, PYTHONPATH=src, LAPILLI_CREATE_RATE="100000/minute", LAPILLI_HOME=folder,
                           preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (min(1024, hard), hard)))
    log_path = str(server.log_path)
    print(f"server of {src}; {1 + args.finished} finished games stored; load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    try:
        asyncio.run(scenario(args, server.url, server.ws, long_tid, log_path))
    finally:
        server.stop()
        print(f"server log: {log_path} ({os.path.getsize(log_path) / 1e3:.1f} kB); load average "
              f"{os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
