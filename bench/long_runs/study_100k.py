#!/usr/bin/env python3
"""The issue-9 long run: a 100,000-game simulation of a game, killed halfway and resumed.

For each game given (default: all built-in games) it starts

    lapilli simulate GAME -p P -n N --jobs J --out OUT

as a subprocess (its progress bar goes to OUT.log), waits until at least half of the games are
written to the Parquet output, kills the driver with SIGKILL (no clean-up: the worst case), checks
that its workers go away by themselves, then runs the same command with ``--resume`` and checks
that the output holds every game index exactly once.  It prints per game: games written before
the kill, seconds to the kill, seconds of the resumed run, games per second, and the check.

    PYTHONPATH=src python3 bench/long_runs/study_100k.py [GAME ...] [-n 100000] [--jobs 2]
        [--out results/100k] [--players GAME=P ...]

The outputs are what `lapilli report GAME --from OUT` reads (see docs/reports/).
"""
from __future__ import annotations

import argparse
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq

import lapilli
from lapilli.engine.registry import BUILTIN_GAMES
from lapilli.workers import process_alive

# The player count each game's study uses (a common table size for the game).
DEFAULT_PLAYERS = {
    "kingdomino-origins": 4,
    "stromboli": 2,
    "the-island": 4,
    "eruption": 4,
    "isola-dei-vulcani": 4,
}


def rows_written(out: Path) -> int:
    total = 0
    for part in out.glob("part-*.parquet"):
        try:
            total += pq.read_metadata(part).num_rows
        except Exception:  # a part being renamed right now
            pass
    return total


def children(pid: int) -> list[int]:
    try:
        out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    except FileNotFoundError:
        return []
    return [int(x) for x in out.split()]


def run_one(game: str, players: int, n: int, jobs: int, out: Path, lapilli_cmd: list[str]) -> dict:
    if out.exists():
        shutil.rmtree(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    log = open(str(out) + ".log", "w")
    cmd = lapilli_cmd + ["simulate", game, "-p", str(players), "-n", str(n), "--jobs", str(jobs), "--out", str(out)]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
    workers: set[int] = set()
    while proc.poll() is None and rows_written(out) < n // 2:
        for c in children(proc.pid):
            workers.add(c)
            workers.update(children(c))
        time.sleep(0.5)
    if proc.poll() is not None:
        raise SystemExit(f"{game}: the run ended before it could be killed (rc={proc.returncode})")
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    t_kill = time.perf_counter() - t0
    at_kill = rows_written(out)
    deadline = time.time() + 60
    while any(process_alive(w) for w in workers) and time.time() < deadline:
        time.sleep(0.5)
    orphans = [w for w in workers if process_alive(w)]
    log.write(f"\n--- driver killed with SIGKILL after {t_kill:.1f} s, {at_kill} games written; resuming ---\n")
    log.flush()
    t1 = time.perf_counter()
    rc = subprocess.run(cmd + ["--resume"], stdout=log, stderr=subprocess.STDOUT).returncode
    t_resume = time.perf_counter() - t1
    log.close()
    idx = pq.read_table(out, columns=["index"]).column("index").to_pylist()
    ok = rc == 0 and len(idx) == n and set(idx) == set(range(n))
    return {"game": game, "players": players, "games": len(idx), "unique": len(set(idx)),
            "at_kill": at_kill, "kill_s": t_kill, "resume_s": t_resume, "orphans": len(orphans),
            "rate": n / (t_kill + t_resume), "rc": rc, "ok": ok}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*")
    ap.add_argument("-n", type=int, default=100_000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default="results/100k")
    ap.add_argument("--players", action="append", default=[], help="GAME=P")
    args = ap.parse_args()
    games = args.games or [g for g in lapilli.list_games() if g in BUILTIN_GAMES]
    players = dict(DEFAULT_PLAYERS)
    for item in args.players:
        g, _, p = item.partition("=")
        players[g] = int(p)
    exe = shutil.which("lapilli")
    lapilli_cmd = [exe] if exe else [sys.executable, "-m", "lapilli.cli"]
    print(f"{'game':20} {'p':>2} {'games':>7} {'unique':>7} {'at kill':>8} {'to kill s':>9} "
          f"{'resume s':>8} {'games/s':>8} {'orphans':>7} ok", flush=True)
    for g in games:
        p = players.get(g, lapilli.game_spec(g).min_players)
        r = run_one(g, p, args.n, args.jobs, Path(args.out) / f"{g}-{p}p", lapilli_cmd)
        print(f"{r['game']:20} {r['players']:>2} {r['games']:>7} {r['unique']:>7} {r['at_kill']:>8} "
              f"{r['kill_s']:>9.1f} {r['resume_s']:>8.1f} {r['rate']:>8.1f} {r['orphans']:>7} {r['ok']}", flush=True)


if __name__ == "__main__":
    main()
