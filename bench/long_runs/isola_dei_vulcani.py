"""Long run for L'Isola dei Vulcani: seeded random games (and games of a simple heuristic
policy) for every player count and setup, with the simulation report asked for by issue 6
(rounds, eruptions, sinkings, how often the game ends by volcanoes falling to two or fewer).

    PYTHONPATH=src nice -n 10 python3 bench/long_runs/isola_dei_vulcani.py [GAMES] \
        [--heuristic N] [--players 2 3 4] [--setup standard advanced]

GAMES: random games per configuration (default 10000); --heuristic: heuristic games per
configuration (default 1000).  Heuristic games: every seat plays ``heuristics.choose`` of the
game (the "easy" computer player: erects Moai aiming the cracks at small parts with volcanoes,
carves next to free craters, walks toward craters or lava, keeps off the lava paths).
Random games: every decision uniformly random over the legal actions.

Columns: games, errors, wall seconds, decisions per game and per second, rounds mean (min-max),
how games ended in % (volc = two or fewer volcanoes after a sinking, the rule IDV-13.1; limit =
the max_rounds safeguard; stall = the no-crack-possible safeguard, IDV-I28), and per game: Moai
erected, eruptions, double eruptions, sinkings, volcanoes sunk, % of games with a sinking.
"""
from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter

from lapilli.engine import Rng
from lapilli.engine.registry import new_game
from lapilli.games.isola_dei_vulcani.heuristics import choose
from lapilli.testing.conformance import play_random

GAME = "isola-dei-vulcani"


def play_heuristic(players: int, options: dict, seed: int, max_plies: int = 200_000):
    s = new_game(GAME, players, seed, options)
    rng = Rng(seed)
    n = 0
    while not s.is_terminal:
        legal = s.legal_actions()
        s.apply(choose(s, legal, rng, s.to_move))
        n += 1
        if n > max_plies:
            raise RuntimeError("heuristic game did not end")
    return s


def run(kind: str, players: int, options: dict, games: int, seed0: int) -> dict:
    st = Counter()
    reasons = Counter()
    rounds = []
    errors = 0
    decisions = 0
    with_sinking = 0
    t0 = time.perf_counter()
    for i in range(games):
        seed = seed0 + i
        try:
            s = play_random(GAME, players, options, seed) if kind == "random" else \
                play_heuristic(players, options, seed)
        except Exception:  # noqa: BLE001 - counted and reported
            errors += 1
            if errors <= 3:
                traceback.print_exc()
            continue
        decisions += len(s.history)
        rounds.append(s.rnd)
        reasons[s.end_reason] += 1
        st.update(s.stats)
        with_sinking += s.stats["sinkings"] > 0
    secs = time.perf_counter() - t0
    ok = max(1, games - errors)
    return {
        "kind": kind, "players": players, "setup": options["setup"], "games": games, "errors": errors,
        "seconds": secs, "decisions": decisions / ok, "dec_per_s": decisions / secs if secs else 0.0,
        "rounds": sum(rounds) / ok, "rounds_min": min(rounds, default=0), "rounds_max": max(rounds, default=0),
        "end_volcanoes": 100.0 * reasons["volcanoes"] / ok, "end_round_limit": 100.0 * reasons["round-limit"] / ok,
        "end_stalled": 100.0 * reasons["stalled"] / ok,
        "erected": st["erected"] / ok, "eruptions": st["eruptions"] / ok,
        "double": st["double_eruptions"] / ok, "sinkings": st["sinkings"] / ok,
        "sunk_volcanoes": st["sunk_volcanoes"] / ok, "games_with_sinking": 100.0 * with_sinking / ok,
    }


HEADER = ("kind      pl setup     games err    secs  dec/game  dec/s  rounds(min-max)  end:volc%  limit%  stall%"
          "  erect  erupt  double  sink  sunkV  %sink")


def line(r: dict) -> str:
    return (f"{r['kind']:<9} {r['players']:>2} {r['setup']:<9} {r['games']:>5} {r['errors']:>3} {r['seconds']:>7.1f}"
            f" {r['decisions']:>9.1f} {r['dec_per_s']:>6.0f} {r['rounds']:>6.1f} ({r['rounds_min']}-{r['rounds_max']})"
            f"   {r['end_volcanoes']:>8.1f} {r['end_round_limit']:>7.1f} {r['end_stalled']:>7.1f}"
            f" {r['erected']:>6.1f} {r['eruptions']:>6.2f} {r['double']:>7.3f} {r['sinkings']:>5.2f}"
            f" {r['sunk_volcanoes']:>6.2f} {r['games_with_sinking']:>6.1f}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="?", type=int, default=10000)
    ap.add_argument("--heuristic", type=int, default=1000)
    ap.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    ap.add_argument("--setup", nargs="*", default=["standard", "advanced"])
    args = ap.parse_args(argv)
    print(HEADER, flush=True)
    errors = 0
    for setup in args.setup:
        for players in args.players:
            opts = {"setup": setup}
            for kind, n in (("random", args.games), ("heuristic", args.heuristic)):
                if n <= 0:
                    continue
                r = run(kind, players, opts, n, seed0=0)
                errors += r["errors"]
                print(line(r), flush=True)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
