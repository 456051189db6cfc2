"""Long run: seeded random games of Kingdomino Origins for every player count and mode.

Usage:  PYTHONPATH=src python3 bench/long_runs/kingdomino_origins.py [GAMES_PER_CONFIG] [--options | --options-only]

Plays GAMES_PER_CONFIG (default 10000) games with `lapilli.testing.conformance.play_random`
(seeds 0..N-1) for 2, 3 and 4 players in the Discovery, Totem and Tribe modes (with --options,
also with Fire Empire and Homo Habilis both on; with --options-only, only those) and prints, per configuration: games, errors,
seconds, mean decisions per game, and game statistics: mean score, mean winning score, share of
shared victories, discarded tiles per player, fire tokens placed per game, Totems held at the
end (Totem mode), Cro-magnons standing at the end per player (Tribe mode).
"""
from __future__ import annotations

import sys
import time
import traceback

from lapilli.testing.conformance import play_random

GAME = "kingdomino-origins"


def run(players: int, options: dict, games: int) -> dict:
    errors = 0
    first_error = None
    decisions = score_sum = win_sum = shared = discards = fires = totems = cros = 0
    t0 = time.perf_counter()
    for seed in range(games):
        try:
            s = play_random(GAME, players, options, seed=seed)
        except Exception:  # counted and reported, the run goes on
            errors += 1
            if first_error is None:
                first_error = f"seed {seed}: " + traceback.format_exc(limit=3)
            continue
        decisions += len(s.history)
        sc = s.scores()
        score_sum += sum(sc)
        w = s.winners()
        win_sum += sc[w[0]]
        shared += len(w) > 1
        discards += sum(s.discards)
        fires += sum(len(t) for t in s.fire_tokens)
        totems += sum(1 for h in s.totem if h >= 0)
        cros += sum(len(c) for c in s.cromagnons)
    dt = time.perf_counter() - t0
    ok = max(1, games - errors)
    return {
        "games": games, "errors": errors, "seconds": dt, "decisions": decisions / ok,
        "mean_score": score_sum / (ok * players), "mean_win": win_sum / ok, "shared": shared / ok,
        "discards": discards / (ok * players), "fires": fires / ok, "totems": totems / ok,
        "cros": cros / (ok * players), "dec_per_s": decisions / dt if dt else 0.0, "first_error": first_error,
    }


def main(argv):
    games = int(argv[1]) if len(argv) > 1 and argv[1].isdigit() else 10000
    with_options = "--options" in argv
    only_options = "--options-only" in argv
    configs = []
    for mode in ("discovery", "totem", "tribe"):
        for n in (2, 3, 4):
            if not only_options:
                configs.append((n, {"mode": mode, "fire_empire": False, "homo_habilis": False}))
            if with_options or only_options:
                configs.append((n, {"mode": mode, "fire_empire": True, "homo_habilis": True}))
    print(f"Kingdomino Origins long run: {games} seeded random games per configuration (seeds 0..{games - 1})")
    hdr = (f"{'players':>7} {'mode':<9} {'opts':<4} {'games':>6} {'errors':>6} {'seconds':>8} {'dec/game':>8} "
           f"{'dec/s':>7} {'score':>6} {'win':>6} {'shared':>6} {'disc/p':>6} {'fires':>5} {'totems':>6} {'cro/p':>5}")
    print(hdr)
    total = 0.0
    bad = 0
    for n, opts in configs:
        r = run(n, opts, games)
        total += r["seconds"]
        bad += r["errors"]
        o = "on" if opts["fire_empire"] else "off"
        print(f"{n:>7} {opts['mode']:<9} {o:<4} {r['games']:>6} {r['errors']:>6} {r['seconds']:>8.1f} "
              f"{r['decisions']:>8.1f} {r['dec_per_s']:>7.0f} {r['mean_score']:>6.1f} {r['mean_win']:>6.1f} "
              f"{r['shared']:>6.3f} {r['discards']:>6.2f} {r['fires']:>5.2f} {r['totems']:>6.2f} {r['cros']:>5.2f}",
              flush=True)
        if r["first_error"]:
            print("   first error:", r["first_error"])
    print(f"total: {len(configs)} configurations, {bad} errors, {total:.1f} s")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
