#!/usr/bin/env python3
"""Engine speed for every game: random-play decisions per second and clone time.

Each figure is printed beside a fixed pure-Python calibration loop timed in the same run, so
figures compare across machines: `ratio` = the figure measured in calibration units.

    python3 bench/bench_engine.py [GAME ...] [--seconds 3]

Targets (issue 2): at least 50,000 decisions/s per core and a median clone of at most 20 us.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import lapilli


def calibration(rounds: int = 5, clock=time.perf_counter) -> float:
    """Seconds for a fixed loop of dict, list and integer work (best of ``rounds``), on ``clock``
    (wall time by default; ``time.process_time`` for the CPU time of this process)."""
    best = float("inf")
    for _ in range(rounds):
        t0 = clock()
        d = {}
        acc = 0
        lst = []
        for i in range(200_000):
            d[i & 1023] = i
            acc += d[(i * 7) & 1023] if (i * 7) & 1023 in d else i
            lst.append(acc & 255)
            if len(lst) > 64:
                lst.clear()
        best = min(best, clock() - t0)
    return best


def decisions_per_second(game: str, players: int, options: dict, seconds: float) -> tuple[float, int]:
    rng = random.Random(1)
    n = 0
    games = 0
    seed = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while time.perf_counter() < deadline:
        s = lapilli.new_game(game, players, seed, options)
        seed += 1
        while not s.is_terminal:
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
            n += 1
        games += 1
    return n / (time.perf_counter() - t0), games


def clone_times(game: str, players: int, options: dict, samples: int = 300) -> list[float]:
    """Median-able clone times (seconds) over states taken from random games."""
    rng = random.Random(2)
    states = []
    seed = 1000
    while len(states) < samples:
        s = lapilli.new_game(game, players, seed, options)
        seed += 1
        while not s.is_terminal:
            if rng.random() < 0.15:
                states.append(s.clone())
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
    times = []
    for st in states[:samples]:
        reps = 50
        t0 = time.perf_counter()
        for _ in range(reps):
            st.clone()
        times.append((time.perf_counter() - t0) / reps)
    return times


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="game ids (default: all)")
    ap.add_argument("--seconds", type=float, default=3.0, help="random-play time per configuration")
    ap.add_argument("--players", type=int, default=None)
    args = ap.parse_args()
    games = args.games or lapilli.list_games()
    cal = calibration()
    print(f"calibration loop: {cal * 1e3:.2f} ms (1 unit)")
    print(f"{'game':20s} {'players':>7s} {'decisions/s':>12s} {'ratio':>8s} {'clone med us':>12s} {'ratio':>8s} {'games':>6s}")
    for g in games:
        spec = lapilli.game_spec(g)
        players = args.players or (spec.default_players or spec.max_players)
        dps, n_games = decisions_per_second(g, players, {}, args.seconds)
        ct = statistics.median(clone_times(g, players, {}))
        # ratios: decisions per calibration unit; clone time in calibration units (x 1e6)
        print(f"{g:20s} {players:7d} {dps:12,.0f} {dps * cal:8.1f} {ct * 1e6:12.2f} {ct / cal * 1e6:8.1f} {n_games:6d}")
    print("ratio columns: decisions per calibration unit, and clone time per calibration unit x 1e6")
    return 0


if __name__ == "__main__":
    sys.exit(main())
