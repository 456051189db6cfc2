"""Long run for Stromboli: seeded random games for the base game and the tactical variant.

Usage (from the project root):

    PYTHONPATH=src python3 bench/long_runs/stromboli.py [games_per_configuration] [--all-options]

Prints per configuration: games, errors, seconds, mean decisions per game, and Stromboli's own
statistics: game length in turns (whole game and round 1), how each scoring trigger fired
(first scoring: last 2-palm card placed / last 2-palm card was a Lava card; second scoring:
boat moved by action 1b / action 3), the winner split and how often a tie-break decided.
With --all-options every option set of the game is run, not only the two variants.
"""
from __future__ import annotations

import sys
import time
import traceback
from collections import Counter

import lapilli
from lapilli.testing.conformance import play_random

GAME = "stromboli"


def run(options: dict, games: int) -> dict:
    errors = 0
    first_error = None
    decisions = 0
    turns = []
    turns_r1 = []
    trig = Counter()
    wins = Counter()
    ties = Counter()
    points = [0, 0]
    t0 = time.perf_counter()
    for seed in range(games):
        try:
            s = play_random(GAME, 2, options, seed)
        except Exception as e:  # noqa: BLE001 - a long run counts every failure
            errors += 1
            if first_error is None:
                first_error = f"seed {seed}: {e.__class__.__name__}: {e}\n{traceback.format_exc(limit=3)}"
            continue
        decisions += len(s.history)
        turns.append(s.turns)
        turns_r1.append(s.turns_round1)
        for t in s.triggers:
            trig[(t["scoring"], t["by"])] += 1
            trig[(t["scoring"], "fired")] += 1
        w = s.winners()
        wins["red" if w == [0] else "yellow"] += 1
        wins["first player" if w == [s.first] else "second player"] += 1
        sc = s.scores()
        points[0] += sc[0]
        points[1] += sc[1]
        if sc[0] == sc[1]:
            n = [sum(1 for o in s.statues if o == q) for q in (0, 1)]
            ties["statues" if n[0] != n[1] else "not first player"] += 1
    secs = time.perf_counter() - t0
    ok = games - errors
    return {
        "options": options, "games": games, "errors": errors, "seconds": secs,
        "decisions": decisions, "ok": ok, "turns": turns, "turns_r1": turns_r1, "trig": trig,
        "wins": wins, "ties": ties, "points": points, "first_error": first_error,
    }


def report(r: dict) -> None:
    ok = max(r["ok"], 1)
    t = sorted(r["turns"]) or [0]
    t1 = r["turns_r1"] or [0]
    trig = r["trig"]
    print(f"== {GAME} {r['options']}")
    print(f"games {r['games']}  errors {r['errors']}  seconds {r['seconds']:.1f}  "
          f"mean decisions/game {r['decisions'] / ok:.1f}  decisions/s {r['decisions'] / r['seconds']:.0f}")
    print(f"turns/game: mean {sum(t) / len(t):.1f}  min {t[0]}  median {t[len(t) // 2]}  max {t[-1]}; "
          f"turns in round 1: mean {sum(t1) / len(t1):.1f}")
    print(f"first scoring fired in {trig[(1, 'fired')]} games ({100 * trig[(1, 'fired')] / ok:.1f}%): "
          f"last 2-palm card placed {trig[(1, 'card')]}, last 2-palm card a Lava card {trig[(1, 'lava')]}")
    print(f"second scoring fired in {trig[(2, 'fired')]} games ({100 * trig[(2, 'fired')] / ok:.1f}%): "
          f"boat moved by action 1b {trig[(2, '1b')]}, by action 3 {trig[(2, '3')]}")
    w = r["wins"]
    print(f"winners: red {w['red']}  yellow {w['yellow']}  first player {w['first player']}  "
          f"second player {w['second player']}; mean points red {r['points'][0] / ok:.1f} "
          f"yellow {r['points'][1] / ok:.1f}; tied on points {sum(r['ties'].values())} "
          f"(decided by statues {r['ties']['statues']}, by not-first-player {r['ties']['not first player']})")
    if r["first_error"]:
        print("first error:", r["first_error"])


def main(argv: list[str]) -> int:
    games = 10000
    all_options = "--all-options" in argv
    nums = [a for a in argv if not a.startswith("--")]
    if nums:
        games = int(nums[0])
    spec = lapilli.game_spec(GAME)
    if all_options:
        configs = spec.configurations(2)
    else:
        configs = [spec.resolve(2, {"tactical": False})[1], spec.resolve(2, {"tactical": True})[1]]
    bad = 0
    for opts in configs:
        r = run(opts, games)
        report(r)
        bad += r["errors"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
