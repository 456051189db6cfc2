"""Long run for Eruption: seeded random games for every player count and variant.

Usage: PYTHONPATH=src python3 bench/long_runs/eruption.py [games per configuration, default 10000] [part] [first seed]

``part`` (e.g. ``1/2``) runs every second configuration only, so two processes can share the work.

Prints per configuration: games, errors, seconds, mean decisions per game, how often each
ending fired (A: a village burned; B: the lava stack ran out; in Annihilation: the last village
standing or a quiet round), and the mean final temperature (all seats; and of the winners).
"""
from __future__ import annotations

import sys
import time
import traceback

from lapilli.testing.conformance import play_random

CONFIGS = [("standard", n) for n in range(2, 7)]
CONFIGS += [("cooperation", 4), ("cooperation", 6)]
CONFIGS += [("annihilation", n) for n in range(2, 7)]
CONFIGS += [("lava_rain", n) for n in range(2, 7)]


def run(variant: str, players: int, games: int, start: int = 0) -> dict:
    t0 = time.perf_counter()
    errors = 0
    decisions = 0
    ends: dict = {}
    temp_sum = 0
    win_sum = 0
    win_n = 0
    first_error = None
    for seed in range(start, start + games):
        try:
            st = play_random("eruption", players, {"variant": variant}, seed=seed)
        except Exception:                                   # noqa: BLE001 -- counted and reported
            errors += 1
            if first_error is None:
                first_error = f"seed {seed}: " + traceback.format_exc(limit=3)
            continue
        decisions += len(st.history)
        ends[st.end_event] = ends.get(st.end_event, 0) + 1
        temps = st.scores()
        temp_sum += sum(temps) / len(temps)
        w = st.winners()
        win_sum += sum(temps[p] for p in w) / len(w)
        win_n += 1
    ok = games - errors
    return {
        "variant": variant, "players": players, "games": games, "errors": errors,
        "seconds": time.perf_counter() - t0, "decisions": decisions / ok if ok else 0.0,
        "ends": {k: v / ok for k, v in sorted(ends.items())} if ok else {},
        "mean_temp": temp_sum / ok if ok else 0.0, "mean_winner_temp": win_sum / win_n if win_n else 0.0,
        "first_error": first_error,
    }


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    part, parts = (int(x) for x in sys.argv[2].split("/")) if len(sys.argv) > 2 else (1, 1)
    start = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    print(f"{'variant':13s} {'pl':>2s} {'games':>6s} {'errors':>6s} {'seconds':>8s} {'dec/game':>8s} "
          f"{'mean temp':>9s} {'winner temp':>11s}  endings")
    total = time.perf_counter()
    for i, (variant, players) in enumerate(CONFIGS):
        if i % parts != part - 1:
            continue
        r = run(variant, players, games, start)
        ends = ", ".join(f"{k} {v:.1%}" for k, v in r["ends"].items())
        print(f"{variant:13s} {players:2d} {r['games']:6d} {r['errors']:6d} {r['seconds']:8.1f} {r['decisions']:8.1f} "
              f"{r['mean_temp']:9.1f} {r['mean_winner_temp']:11.1f}  {ends}", flush=True)
        if r["first_error"]:
            print("   first error:", r["first_error"].replace("\n", "\n   "))
    print(f"total seconds: {time.perf_counter() - total:.1f}")


if __name__ == "__main__":
    main()
