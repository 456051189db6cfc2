"""The issue-7 strength matrix: `lapilli tournament` for every game, player count and pairing,
each result beside its target.

    PYTHONPATH=src python3 bench/long_runs/strength.py [GAME ...] [--games 100] [--players 2 4]
        [--pairings normal:random normal:heuristic hard:normal] [--jobs 2] [--out results/strength]

Each cell seats ONE agent A against n-1 copies of B (seats rotated every game, so N should be a
multiple of n) and runs `lapilli tournament GAME --agents A,B,...,B -p n --games N`.  Its CSV goes to
OUT/GAME-<n>p-A-vs-B.csv; a cell whose CSV already holds N games is read, not played again, so
the matrix can be built in several sittings.  Targets (issue 7): A's win share at least 0.85
(n = 2) or 2/n against random, at least 0.60 (n = 2) or 1.3/n against the heuristic player and
for hard against normal.  "pass" needs the share itself over the target; "sure" needs the lower
end of its 95 % Wilson interval over it too.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import lapilli
from lapilli.sim.output import read_rows
from lapilli.sim.tournament import win_shares


def target(b: str, n: int) -> float:
    if b == "random":
        return 0.85 if n == 2 else 2.0 / n
    return 0.60 if n == 2 else 1.3 / n


def cell(game: str, n: int, a: str, b: str, games: int, jobs: int, out: Path, seed: int) -> dict:
    csv = out / f"{game}-{n}p-{a}-vs-{b}.csv"
    rows = read_rows(csv) if csv.exists() else []
    if len(rows) < games:
        agents = ",".join([a] + [b] * (n - 1))
        cmd = [sys.executable, "-m", "lapilli", "tournament", game, "--agents", agents, "-p", str(n),
               "--games", str(games), "--jobs", str(jobs), "--seed", str(seed), "--out", str(csv), "--quiet"]
        print("$", " ".join(cmd[2:]), flush=True)
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            raise SystemExit(f"{game} {n}p {a} vs {b} failed:\n{r.stderr[-3000:]}")
        rows = read_rows(csv)
    s = win_shares(rows)[a]
    t = target(b, n)
    return {"game": game, "players": n, "a": a, "b": b, "games": len(rows), "share": s["win_share"],
            "lo": s["ci_low"], "hi": s["ci_high"], "target": t, "pass": s["win_share"] >= t, "sure": s["ci_low"] >= t}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games_", nargs="*", metavar="GAME")
    ap.add_argument("--games", type=int, default=100, help="games per cell")
    ap.add_argument("--players", type=int, nargs="*", default=None, help="player counts (default: every count)")
    ap.add_argument("--pairings", nargs="*", default=["normal:random", "normal:heuristic", "hard:normal"])
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, default=Path("results/strength"))
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    results = []
    for game in args.games_ or lapilli.list_games():
        spec = lapilli.game_spec(game)
        counts = [n for n in (args.players or range(spec.min_players, spec.max_players + 1))
                  if spec.min_players <= n <= spec.max_players]
        for n in counts:
            for p in args.pairings:
                a, b = p.split(":")
                r = cell(game, n, a, b, args.games, args.jobs, args.out, args.seed)
                results.append(r)
                print(f"{game:20s} {n}p {a:>6s} vs {b:<9s} {r['games']:4d} games  share {r['share']:.3f} "
                      f"[{r['lo']:.3f}, {r['hi']:.3f}]  target {r['target']:.3f}  "
                      f"{'pass' if r['pass'] else 'FAIL'}{' (sure)' if r['sure'] else ''}", flush=True)
    print("\n| game | players | A vs B | games | A's win share [95 % CI] | target | result |")
    print("|---|---:|---|---:|---|---:|---|")
    for r in results:
        print(f"| {r['game']} | {r['players']} | {r['a']} vs {r['b']} | {r['games']} | {r['share']:.3f} "
              f"[{r['lo']:.3f}, {r['hi']:.3f}] | {r['target']:.3f} | "
              f"{'pass' if r['pass'] else 'FAIL'}{' (sure)' if r['sure'] else ''} |")
    return 0 if all(r["pass"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
