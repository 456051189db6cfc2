#!/usr/bin/env python3
"""Abuse of the coach, measured on a real `lapilli serve` on 127.0.0.1: while N review requests
(each from its own client address, each abandoned by its client after --abandon seconds) come
in, how long does a live game's hint at another table take?

The server plays the test game Nim (tests/engine/nim_game.py, run from the repository's root);
the finished games to review are played by two random computer seats.  Reviews are made long
with --iterations (a search of that many iterations per move of each of about ten decisions),
while a hint (one search of one position) stays short.  Client addresses are told apart by
X-Forwarded-For, which uvicorn trusts from 127.0.0.1 (as many clients behind many addresses).

    python3 bench/abuse_coach.py [--reviews 24] [--abandon 2] [--iterations 5000] [--limit 30] [--coach-workers N]
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import threading
import time

import httpx
from websockets.sync.client import connect

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "src"))
from lapilli.testing.server import ServerProcess  # noqa: E402


def finished_tables(base: str, n: int) -> list[str]:
    tids = [httpx.post(f"{base}/api/tables", json={"game": "nim", "options": {"pile": 21},
                                                   "seats": [{"kind": "bot", "level": "random"}] * 2}).json()["id"]
            for _ in range(n)]
    port = base.rsplit(":", 1)[1]
    for t in tids:  # a spectator loads the table: its computers play it to the end
        with connect(f"ws://127.0.0.1:{port}/ws/{t}") as ws:
            end = time.monotonic() + 120
            while time.monotonic() < end:
                m = json.loads(ws.recv(timeout=120))
                if m.get("type") == "state" and "result" in m:
                    break
    if not all(httpx.get(f"{base}/api/tables/{t}").json()["status"] == "finished" for t in tids):
        raise SystemExit("the computer games did not finish")
    return tids


def live_hint_table(base: str) -> tuple[str, str]:
    tid = httpx.post(f"{base}/api/tables", json={"game": "nim", "options": {"pile": 10},
                                                 "seats": [{"kind": "open"}, {"kind": "bot", "level": "random"}]}
                     ).json()["id"]
    token = httpx.post(f"{base}/api/tables/{tid}/seats/0", json={"name": "ann"}).json()["token"]
    port = base.rsplit(":", 1)[1]
    with connect(f"ws://127.0.0.1:{port}/ws/{tid}?token={token}") as ws:  # the table is loaded
        json.loads(ws.recv(timeout=30))
    return tid, token


def hint(base: str, tid: str, token: str) -> tuple[float, int]:
    t = time.monotonic()
    r = httpx.post(f"{base}/api/tables/{tid}/hint", json={"token": token},
                   headers={"X-Forwarded-For": "10.9.9.9"}, timeout=900)
    return time.monotonic() - t, r.status_code


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reviews", type=int, default=24)
    ap.add_argument("--abandon", type=float, default=2.0, help="seconds after which each review's client leaves")
    ap.add_argument("--iterations", type=int, default=5000, help="LAPILLI_COACH_ITERATIONS of the server")
    ap.add_argument("--limit", type=float, default=30.0, help="LAPILLI_COACH_LIMIT of the server (seconds)")
    ap.add_argument("--coach-workers", type=int, default=None, help="LAPILLI_COACH_WORKERS (default: the server's)")
    args = ap.parse_args()

    tmp = tempfile.mkdtemp(prefix="lapilli-abuse-coach-")
    env = dict(PYTHONPATH=os.pathsep.join([os.path.join(ROOT, "src"), ROOT]),
               LAPILLI_EXTRA_GAMES="nim=tests.engine.nim_game", LAPILLI_BOT_PACE="0",
               LAPILLI_COACH_ITERATIONS=str(args.iterations), LAPILLI_COACH_SAMPLES="1",
               LAPILLI_COACH_LIMIT=str(args.limit), LAPILLI_CREATE_RATE="1000/minute")
    if args.coach_workers:
        env["LAPILLI_COACH_WORKERS"] = str(args.coach_workers)
    server = ServerProcess(tmp, "server", f"sqlite:///{tmp}/abuse.db", **env)
    base = server.url
    try:
        keys = [(t, seat, level) for t in finished_tables(base, (args.reviews + 3) // 4)
                for seat in (0, 1) for level in ("normal", "hard")][:args.reviews]
        tid, token = live_hint_table(base)
        quiet = [hint(base, tid, token) for _ in range(3)]
        print(f"hint with the coach idle: {', '.join(f'{s:.2f} s ({c})' for s, c in quiet)}")

        outcome: list[str] = []

        def ask(i: int, key) -> None:
            t, seat, level = key
            try:
                r = httpx.get(f"{base}/api/tables/{t}/review/{seat}", params={"level": level},
                              headers={"X-Forwarded-For": f"10.0.{i // 250}.{i % 250 + 1}"}, timeout=args.abandon)
                outcome.append(str(r.status_code))
            except httpx.TimeoutException:
                outcome.append("abandoned")

        threads = [threading.Thread(target=ask, args=(i, k)) for i, k in enumerate(keys)]
        for th in threads:
            th.start()
        time.sleep(0.5)
        took, status = hint(base, tid, token)
        for th in threads:
            th.join()
        counts = {o: outcome.count(o) for o in sorted(set(outcome))}
        print(f"{len(keys)} review requests, each abandoned after {args.abandon:g} s: {counts}")
        print(f"another table's hint during them: {took:.2f} s (HTTP {status})")
        settings = {k: v for k, v in env.items() if k.startswith("LAPILLI_")}
        print("server settings:", " ".join(f"{k}={v}" for k, v in sorted(settings.items())))
    finally:
        server.stop()


if __name__ == "__main__":
    main()
