#!/usr/bin/env python3
"""Sign-up flood against a real `lapilli serve` on 127.0.0.1: what 40 concurrent sign-ups from
one address cost the server, and whether another table still answers.

Starts `lapilli serve` (SQLite in a temporary folder, one bot worker), creates a table with a
computer seat and watches it over a WebSocket that sends a ping every 50 ms; then sends --signups
concurrent sign-ups (each a new name) from 127.0.0.1 while the pings go on, and asks /health in
the middle of the burst.  Prints the sign-ups' statuses and wall time, the ping round-trip p50 /
p95 / max during the burst, /health's answer time, and the server's VmRSS / VmHWM (from
/proc/PID/status) before and after.  Each Argon2id hash takes 64 MiB: the server bounds how many
run at once (LAPILLI_HASH_CONCURRENCY) and how many sign-ups one address may make
(LAPILLI_SIGNUP_RATE); --env NAME=VALUE passes such settings to the server (e.g.
LAPILLI_SIGNUP_RATE=1000/hour to measure the bound on hashes alone).

    python3 bench/abuse_signup.py [--signups 40] [--env LAPILLI_SIGNUP_RATE=1000/hour]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time

import httpx
import websockets

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "src"))
from lapilli.testing.server import ServerProcess  # noqa: E402


def memory(pid: int) -> dict:
    """VmRSS and VmHWM of the process, in MiB."""
    out = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(("VmRSS:", "VmHWM:")):
                name, kb = line.split()[:2]
                out[name.rstrip(":")] = int(kb) / 1024
    return out


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


async def pinger(url: str, tid: str, stop: asyncio.Event, rtts: list, window: list) -> None:
    """A spectator of another table: a ping every 50 ms, each round trip recorded while the burst
    runs (``window`` holds the burst's start and end)."""
    async with websockets.connect(f"ws{url[4:]}/ws/{tid}", max_size=2**22) as ws:
        await ws.recv()  # the table's first view
        while not stop.is_set():
            t0 = time.perf_counter()
            await ws.send(json.dumps({"type": "ping"}))
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 60))
                if msg.get("type") == "pong":
                    break
            t1 = time.perf_counter()
            if window and window[0] <= t0 and (len(window) == 1 or t0 <= window[1]):
                rtts.append(t1 - t0)
            await asyncio.sleep(max(0.0, 0.05 - (t1 - t0)))


async def run(url: str, pid: int, n: int) -> None:
    idle: list[float] = []
    async with httpx.AsyncClient(base_url=url, timeout=300) as http:
        r = await http.post("/api/tables", json={"game": "the-island", "players": 2,
                                                  "seats": [{"kind": "open"}, {"kind": "bot", "level": "random"}]})
        tid = r.json()["id"]
        before = memory(pid)
        stop, rtts, window = asyncio.Event(), [], []
        ping = asyncio.create_task(pinger(url, tid, stop, rtts, window))
        window.append(time.perf_counter())
        await asyncio.sleep(3.0)  # pings with nothing else going on, to compare
        idle = list(rtts)
        rtts.clear()
        window.clear()

        async def sign_up(i: int) -> int:
            async with httpx.AsyncClient(base_url=url, timeout=300) as c:  # a browser of its own
                r = await c.post("/api/account/signup",
                                 json={"username": f"flood{i}_{os.getpid() % 1000}", "password": "flood-password-1"})
                return r.status_code

        async def health() -> float:
            await asyncio.sleep(0.3)
            t0 = time.perf_counter()
            await http.get("/health")
            return time.perf_counter() - t0

        window.append(time.perf_counter())
        t0 = time.perf_counter()
        codes, health_s = await asyncio.gather(asyncio.gather(*(sign_up(i) for i in range(n))), health())
        wall = time.perf_counter() - t0
        window.append(time.perf_counter())
        await asyncio.sleep(0.5)
        stop.set()
        await ping
        after = memory(pid)
    counts = {c: codes.count(c) for c in sorted(set(codes))}
    print(f"{n} concurrent sign-ups from 127.0.0.1: statuses {counts}, all answered in {wall:.2f} s")
    print(f"another table's ping before the burst: {len(idle)} pings, p50 {1e3 * pct(idle, .5):.1f} ms, "
          f"p95 {1e3 * pct(idle, .95):.1f} ms, max {1e3 * max(idle, default=float('nan')):.1f} ms")
    print(f"another table's ping during the burst: {len(rtts)} pings, p50 {1e3 * pct(rtts, .5):.1f} ms, "
          f"p95 {1e3 * pct(rtts, .95):.1f} ms, max {1e3 * max(rtts, default=float('nan')):.1f} ms")
    print(f"/health during the burst answered in {1e3 * health_s:.0f} ms")
    print(f"server memory: VmRSS {before['VmRSS']:.0f} MiB before, {after['VmRSS']:.0f} MiB after; "
          f"VmHWM (peak) {after['VmHWM']:.0f} MiB")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--signups", type=int, default=40)
    ap.add_argument("--env", action="append", default=[], help="NAME=VALUE for the server's environment")
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="lapilli-abuse-")
    env = dict(LAPILLI_HOME=work)
    env.update(kv.split("=", 1) for kv in args.env)
    server = ServerProcess(work, "server", f"sqlite:///{work}/abuse.db", args=("--bot-workers", "1"), **env)
    try:
        asyncio.run(run(server.url, server.pid, args.signups))
    finally:
        server.stop()
        print(f"server log: {server.log_path}")


if __name__ == "__main__":
    main()
