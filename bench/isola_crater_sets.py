"""L'Isola dei Vulcani: how games between heuristic players end with each crater set.

Plays seeded games (game i of a cell uses seed i) with every seat on the heuristic player
(``heuristics.choose`` of the package bound to the data set) for each data set, player count and
set-up, writes one CSV row per game as it finishes (``--out``), and prints per cell the share of
games ending by the rule (IDV-13.1), by the round limit and by the stall safeguard (IDV-I28), with
95 % Wilson intervals.

    PYTHONPATH=src nice -n 10 python3 bench/isola_crater_sets.py --games 1000 --jobs 2 \
        [--sets default rim-craters] [--players 2 3 4] [--setup standard advanced] \
        [--out results/isola_crater_sets.csv]

--time N: play N games of each cell and print the seconds per game instead (to size a run).
--table CSV: print the table of a CSV written earlier (all its rows), play nothing.
--seconds S: stop after S seconds of wall time, keeping the games finished (a run that cannot
play every game in the time it has; the cells are interleaved, so they stay even).
"""
from __future__ import annotations

import argparse
import csv
import importlib
import multiprocessing
import sys
import time
from collections import defaultdict

from lapilli.engine import Rng, dataset
from lapilli.engine.registry import new_game
from lapilli.sim.local import wilson

GAME = "isola-dei-vulcani"
ENDS = ("volcanoes", "round-limit", "stalled")


_SETS: dict = {}


def play(task):
    set_name, players, setup, seed = task
    if set_name not in _SETS:
        ds = dataset.load(GAME, set_name)
        _SETS[set_name] = ds, importlib.import_module(dataset.game_module(new_game(GAME, 2, 0, data=ds)) + ".heuristics")
    ds, heur = _SETS[set_name]
    t0 = time.process_time()
    s = new_game(GAME, players, seed, {"setup": setup}, data=ds)
    rng = Rng(seed)
    n = 0
    while not s.is_terminal:
        s.apply(heur.choose(s, s.legal_actions(), rng, s.to_move))
        n += 1
        if n > 200_000:
            raise RuntimeError("a heuristic game did not end")
    return {"set": set_name, "hash": ds.hash[:12], "players": players, "setup": setup, "seed": seed,
            "end": s.end_reason, "rounds": getattr(s, "round", ""), "plies": n,
            "cpu_s": round(time.process_time() - t0, 3)}


def table(rows: list[dict]) -> None:
    cells = defaultdict(list)
    for r in rows:  # a data set is named with its hash: a name may have meant other data at another time
        cells[(f"{r['set']} ({r['hash']})", int(r["players"]), r["setup"])].append(r["end"])
    print("| data set | players | setup | games | by the rule (IDV-13.1) | round limit | stalled |")
    print("|---|---|---|---|---|---|---|")
    for (name, p, setup), ends in sorted(cells.items()):
        n = len(ends)
        out = []
        for e in ENDS:
            k = sum(1 for x in ends if x == e)
            lo, hi = wilson(k / n, n)
            out.append(f"{k} = {100 * k / n:.1f} % [{100 * lo:.1f}, {100 * hi:.1f}]")
        print(f"| {name} | {p} | {setup} | {n} | " + " | ".join(out) + " |")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--sets", nargs="+", default=["default", "rim-craters"])
    ap.add_argument("--players", nargs="+", type=int, default=[2, 3, 4])
    ap.add_argument("--setup", nargs="+", default=["standard", "advanced"])
    ap.add_argument("--out", default="results/isola_crater_sets.csv")
    ap.add_argument("--time", type=int, default=0)
    ap.add_argument("--table", default=None)
    ap.add_argument("--seconds", type=float, default=0, help="stop after this many seconds of wall time "
                    "(the games finished so far are kept; cells are interleaved, so every cell has about as many)")
    a = ap.parse_args()
    if a.table:
        with open(a.table, newline="") as f:
            table(list(csv.DictReader(f)))
        return
    n = a.time or a.games
    # interleave the cells so that a run stopped early has every cell at about the same count
    tasks = [(s, p, u, i) for i in range(n) for s in a.sets for p in a.players for u in a.setup]
    rows = []
    t0 = time.time()
    import pathlib

    pathlib.Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    with multiprocessing.get_context("fork").Pool(a.jobs) as pool, open(a.out if not a.time else "/dev/null", "w", newline="") as f:
        w = None
        for k, r in enumerate(pool.imap(play, tasks, chunksize=1)):
            rows.append(r)
            if w is None:
                w = csv.DictWriter(f, fieldnames=list(r))
                w.writeheader()
            w.writerow(r)
            f.flush()
            if a.seconds and time.time() - t0 > a.seconds:
                print(f"stopped after {a.seconds:.0f} s: {k + 1} of {len(tasks)} games", file=sys.stderr, flush=True)
                pool.terminate()
                break
            if (k + 1) % 200 == 0:
                print(f"{k + 1}/{len(tasks)} games, {time.time() - t0:.0f} s", file=sys.stderr, flush=True)
    if a.time:
        per = defaultdict(list)
        for r in rows:
            per[(r["set"], r["players"], r["setup"])].append(r["cpu_s"])
        for k, v in sorted(per.items()):
            print(k, f"{sum(v) / len(v):.3f} CPU s per game")
        print(f"wall {time.time() - t0:.1f} s for {len(rows)} games")
    table(rows)


if __name__ == "__main__":
    main()
