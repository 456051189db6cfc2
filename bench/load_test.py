#!/usr/bin/env python3
"""Bounded load test of the web table on 127.0.0.1.

Starts `lapilli serve` (SQLite by default, or --database URL), creates N tables of a game with
two people each, connects both seats of every table by WebSocket at once, and lets simulated
clients play: the seat to move sends a legal move and waits for its own new view.  Prints the
move round-trip p50 / p95 / max.  Every loop is bounded by a move count and a time limit.
With --spectators N, N more WebSocket clients watch (spread over the first --watched tables)
and stay connected, reading every view, while the seats play; the time to connect them and the
messages and bytes they received are printed too.

With --instances 2, two `lapilli serve` processes share a PostgreSQL database and a Redis (both
started here on 127.0.0.1 unless --database / --redis name others) behind nginx, run from the
template deploy/nginx/lapilli.conf on a free 127.0.0.1 port, and every client connects through
it (--proxy puts nginx in front of a single instance too).  The server CPU printed is that of
all the instances together (nginx's own is printed apart).

    python3 bench/load_test.py [--tables 100] [--moves 20] [--game nim] [--spectators 500 --watched 1]
    python3 bench/load_test.py --instances 2 --tables 400 --game the-island --think 1
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from contextlib import ExitStack

import httpx
import websockets

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from lapilli.server import collector  # noqa: E402
from lapilli.testing.server import ServerProcess  # noqa: E402


async def seat_client(url, tid, seat, token, moves, rtts, deadline, rng, think, errors, delta=False):
    query = f"token={token}" + ("&log=delta" if delta else "")  # log=delta: as the web client asks
    async with websockets.connect(f"{url}/ws/{tid}?{query}", max_size=2**22, open_timeout=120) as ws:
        view = json.loads(await ws.recv())
        made = 0
        while made < moves and time.monotonic() < deadline:
            if view.get("type") == "state" and "result" in view:
                return made
            if view.get("type") == "state" and view["legal"]:
                action = rng.choice(view["legal"])
                if think:  # a person looks at the board before moving (uniform 0..2*think)
                    await asyncio.sleep(rng.uniform(0, 2 * think))
                    while True:  # views that arrived meanwhile (presence) replace this one
                        try:
                            m = json.loads(await asyncio.wait_for(ws.recv(), timeout=0.001))
                        except asyncio.TimeoutError:
                            break
                        if m.get("type") == "state":
                            view = m
                    if "result" in view or not view["legal"]:
                        continue
                    if action not in view["legal"]:
                        action = rng.choice(view["legal"])
                t0 = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": action, "version": view["version"]}))
                while True:
                    m = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
                    if m["type"] == "state" and m["version"] > view["version"]:
                        answered = time.perf_counter()
                        rtts.append((answered - t0, answered))
                        view = m
                        made += 1
                        break
                    if m["type"] == "error":
                        errors.append(m.get("message", ""))
                        if "slow down" in m.get("message", ""):  # refused unseen: ask for the view
                            await asyncio.sleep(0.1)
                            await ws.send(json.dumps({"type": "sync"}))
                        while True:
                            view = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
                            if view.get("type") == "state":
                                break
                        break
            else:
                try:
                    view = json.loads(await asyncio.wait_for(ws.recv(), timeout=max(0.1, deadline - time.monotonic())))
                except (asyncio.TimeoutError, websockets.ConnectionClosed):
                    return made  # the other seat has made its moves (or the time is up)
        return made


SERVER_PIDS: list[int] = []  # the instances started here (none for a given --url)
PROXY_PID: int | None = None  # nginx's master process (its one worker is its child)


def server_cpu(pids: list[int] | None = None) -> float:
    """CPU seconds (user + system) the server processes have used so far (0 for a given --url)."""
    return sum(server_cpu_split(pids))


def server_cpu_split(pids: list[int] | None = None) -> tuple[float, float]:
    """CPU seconds the server processes have used so far in user mode and in the kernel (their
    sockets' writes are the kernel's part)."""
    user = system = 0.0
    for pid in SERVER_PIDS if pids is None else pids:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        user += int(fields[11]) / os.sysconf("SC_CLK_TCK")
        system += int(fields[12]) / os.sysconf("SC_CLK_TCK")
    return user, system


def proxy_cpu() -> float:
    """CPU seconds nginx (its master and worker processes) has used so far."""
    if PROXY_PID is None:
        return 0.0
    children = open(f"/proc/{PROXY_PID}/task/{PROXY_PID}/children").read().split()
    return server_cpu([PROXY_PID, *map(int, children)])


async def spectator(url, tid, counts, ready, stop):
    async with websockets.connect(f"{url}/ws/{tid}", max_size=2**22, open_timeout=120) as ws:
        m = await ws.recv()
        counts[0] += 1
        counts[1] += len(m)
        ready.append(1)
        while not stop.is_set():
            try:
                m = await asyncio.wait_for(ws.recv(), timeout=0.5)
            except asyncio.TimeoutError:
                continue
            except websockets.ConnectionClosed:
                counts[2] += 1
                return
            counts[0] += 1
            counts[1] += len(m)


async def run(args, base):
    rtts: list[tuple[float, float]] = []  # each move's (round trip, when its answer came: perf_counter)
    errors: list[str] = []
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        tables = []
        for _ in range(args.tables):
            r = await http.post("/api/tables", json={"game": args.game, "players": 2, "options": args.options})
            if "id" not in (made := r.json()):
                raise SystemExit(f"creating a table: {r.status_code} {r.text[:300]}")
            tid = made["id"]
            t0 = (await http.post(f"/api/tables/{tid}/seats/0", json={"name": "a"})).json()["token"]
            t1 = (await http.post(f"/api/tables/{tid}/seats/1", json={"name": "b"})).json()["token"]
            tables.append((tid, t0, t1))
    ws_base = base.replace("http", "ws")
    counts, ready, stop, watchers = [0, 0, 0], [], asyncio.Event(), []
    if args.spectators:
        t0, cpu0 = time.perf_counter(), server_cpu()
        watched = [tid for tid, _, _ in tables[:max(1, args.watched)]]
        for i in range(args.spectators):  # one after another, as people arrive
            watchers.append(asyncio.create_task(spectator(ws_base, watched[i % len(watched)], counts, ready, stop)))
            while len(ready) <= i:
                await asyncio.sleep(0.001)
        connect_wall = time.perf_counter() - t0
        await asyncio.sleep(1)  # let the fan-out of the last arrivals end
        print(f"{args.spectators} spectators on {len(watched)} table(s) connected in {connect_wall:.1f} s "
              f"(server CPU {server_cpu() - cpu0:.1f} s): {counts[0]} messages, {counts[1] / 1e6:.1f} MB received")
        counts[0] = counts[1] = 0
    # this process's own collector set as a server's (collector.py): with CPython's defaults its
    # full collections (the views two thousand clients hold) stopped it for 0.2 to 0.45 s every
    # 17 s or so at 1,000 tables, and the moves answered meanwhile counted those pauses as the
    # server's (the max round trip, 330 to 390 ms, came from them)
    collector.tune_collector()
    pacer = asyncio.create_task(collector.pace())
    deadline = time.monotonic() + args.seconds
    rng = random.Random(1)
    t0, cpu0, proxy0, split0 = time.perf_counter(), server_cpu(), proxy_cpu(), server_cpu_split()
    # (moves answered so far, seconds since t0, server CPU) every quarter second: a seat whose
    # opponent has made all its moves waits for the time limit, so the play ends at the last move
    # and the rest of the run is an idle server with its connections open
    samples: list[tuple[int, float, float]] = []

    async def sample():
        while True:
            samples.append((len(rtts), time.perf_counter() - t0, server_cpu()))
            await asyncio.sleep(0.25)

    sampler = asyncio.create_task(sample()) if SERVER_PIDS else None
    made = await asyncio.gather(*(seat_client(ws_base, tid, s, tok, args.moves, rtts, deadline, random.Random(rng.random()),
                                              args.think, errors, args.log_delta)
                                  for tid, a, b in tables for s, tok in ((0, a), (1, b))))
    wall = time.perf_counter() - t0
    cpu = server_cpu() - cpu0
    user, system = (b - a for a, b in zip(split0, server_cpu_split()))
    proxied = proxy_cpu() - proxy0
    if sampler is not None:
        sampler.cancel()
        samples.append((len(rtts), wall, cpu0 + cpu))
        end = next((at, used) for n, at, used in samples if n == len(rtts))
        print(f"server CPU until the last move (within 0.25 s): {end[1] - cpu0:.1f} s over {end[0]:.1f} s of play "
              f"({1e3 * (end[1] - cpu0) / max(1, len(rtts)):.2f} ms per move); after it {cpu0 + cpu - end[1]:.1f} s "
              f"in {wall - end[0]:.1f} s with the remaining connections open and idle")
    stop.set()
    pacer.cancel()
    await asyncio.gather(*watchers, return_exceptions=True)
    if args.spectators:
        print(f"spectators during play: {counts[0]} messages, {counts[1] / 1e6:.1f} MB; "
              f"{counts[2]} spectator connections closed by the server")
    if errors:
        print(f"{len(errors)} moves refused (e.g. {errors[0]!r})")
    if SERVER_PIDS:
        print(f"server CPU during play ({len(SERVER_PIDS)} instance(s)): {cpu:.1f} s "
              f"({1e3 * cpu / max(1, sum(made)):.2f} ms per move; user {user:.2f} s, system {system:.2f} s); "
              f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    if PROXY_PID is not None:
        print(f"nginx CPU during play: {proxied:.1f} s ({1e3 * proxied / max(1, sum(made)):.2f} ms per move)")
    return [(rtt, at - t0) for rtt, at in rtts], sum(made), wall


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--moves", type=int, default=20, help="moves per seat at most (a seat waiting for an opponent "
                    "that has made its moves stops when --seconds is up)")
    ap.add_argument("--seconds", type=float, default=120, help="time limit")
    ap.add_argument("--game", default="nim")
    ap.add_argument("--options", default=None, help="the table's options as JSON (default: nim's pile of 21 for "
                    "nim, the game's own defaults, {}, for every other game)")
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean seconds a simulated player waits before each move (uniform 0..2x); 0 = as fast "
                         "as possible.  The server's flood limit (20 messages/s per connection) answers faster "
                         "clients with 'slow down', so long games need --think >= 0.05")
    ap.add_argument("--log-delta", action="store_true",
                    help="seats ask for views with only the log lines they lack (log=delta), as the web client does")
    ap.add_argument("--spectators", type=int, default=0,
                    help="WebSocket clients that only watch (connected one after another before play starts)")
    ap.add_argument("--watched", type=int, default=1, help="the spectators are spread over this many tables")
    ap.add_argument("--database", default=None, help="database URL (default: SQLite in a temporary folder; "
                    "'postgres', the default with --instances 2 or more: a PostgreSQL started here on 127.0.0.1)")
    ap.add_argument("--redis", default=None, help="Redis URL for several instances (default: one started here)")
    ap.add_argument("--instances", type=int, default=1, help="`lapilli serve` processes; 2 or more share "
                    "PostgreSQL and Redis behind nginx")
    ap.add_argument("--proxy", action="store_true", help="clients connect through nginx (always with --instances 2+)")
    ap.add_argument("--url", default=None, help="use a server already running at this http://127.0.0.1:PORT URL")
    args = ap.parse_args()
    try:
        args.options = {"pile": 21} if args.options is None and args.game == "nim" else json.loads(args.options or "{}")
    except ValueError as e:
        ap.error(f"--options is not JSON: {e}")
    if args.url:
        rtts, moves, wall = asyncio.run(run(args, args.url.rstrip("/")))
        report(args, rtts, moves, wall, "given server")
        return
    if args.instances > 1 and args.database and args.database.startswith("sqlite"):
        ap.error("several instances share a PostgreSQL database (--database postgres or a postgresql+psycopg:// URL)")
    global PROXY_PID
    proxied = args.proxy or args.instances > 1
    logs = tempfile.mkdtemp(prefix="lapilli-load-")
    env = dict(LAPILLI_EXTRA_GAMES="nim=tests.engine.nim_game,toy=tests.engine.toy_game",
               # the load test creates its tables and opens every client's sockets from one address
               LAPILLI_CREATE_RATE="100000/minute", LAPILLI_MAX_SOCKETS_PER_ADDRESS="100000")
    with ExitStack() as stack:
        db, redis = args.database, args.redis
        if db == "postgres" or (db is None and args.instances > 1):
            from lapilli.testing.services import Postgres

            pg = Postgres()
            db = pg.start()
            stack.callback(pg.stop)
        db = db or f"sqlite:///{logs}/load.db"
        if args.instances > 1 and not redis:
            from lapilli.testing.services import Redis

            r = Redis()
            redis = r.start()
            stack.callback(r.stop)
        stack.callback(print, f"server logs: {logs}")
        # behind nginx the instances believe the address it forwards (every client here is 127.0.0.1 anyway)
        trust = ("--trusted-proxies", "127.0.0.1") if proxied else ()
        servers = [stack.enter_context(ServerProcess(logs, f"i{i + 1}", db, redis, args=trust, **env))
                   for i in range(args.instances)]
        SERVER_PIDS[:] = [s.pid for s in servers]
        base = servers[0].url
        if proxied:
            from lapilli.testing.proxy import Nginx

            proxy = stack.enter_context(Nginx(logs, [s.port for s in servers],
                                              worker_connections=max(4096, 8 * (args.tables + args.spectators))))
            PROXY_PID, base = proxy.pid, proxy.url
        rtts, moves, wall = asyncio.run(run(args, base))
    where = db.split(":")[0] + (f", {args.instances} instances" if args.instances > 1 else "") + \
        (" behind nginx" if proxied else "")
    report(args, rtts, moves, wall, where)


def report(args, answered, moves, wall, database):
    """``answered``: each move's (round trip, seconds into the play when its answer came)."""
    rtts = sorted(rtt for rtt, _ in answered)
    def p(q):
        return rtts[min(len(rtts) - 1, int(q * len(rtts)))] * 1e3
    print(f"{args.tables} tables, {2 * args.tables} WebSocket clients, {args.spectators} spectators, game {args.game}, "
          f"database {database}, think {args.think:g} s")
    print(f"moves: {moves} in {wall:.1f} s ({moves / wall:.0f}/s)")
    print(f"round trip ms: p50 {p(0.5):.1f}  p95 {p(0.95):.1f}  max {rtts[-1] * 1e3:.1f}  (target p95 < 50 ms)")
    if answered:  # the slowest moves, and when in the run they were answered: a burst, or spread over it
        worst = sorted(answered, reverse=True)[:5]
        print("slowest round trips: " + ", ".join(f"{1e3 * rtt:.0f} ms at {at:.1f} s"
                                                   for rtt, at in worst))


if __name__ == "__main__":
    main()
