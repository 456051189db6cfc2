#!/usr/bin/env python3
"""Engine speed against an outside anchor: random-play decisions per second of each game as a
ratio to OpenSpiel's pure-Python tic-tac-toe (``python_tic_tac_toe``), measured in the same
process.

    PYTHONPATH=src python3 bench/engine_anchor.py [GAME ...] [--seconds 5] [--rounds 3]

A decision is one ``legal_actions()`` and one ``apply`` of a uniformly random legal action (the
engine's checked entry points, with their events), from the set-up of seeds 0, 1, 2 ... with the
game's usual player count and default options; the anchor is one ``legal_actions()`` and one
``apply_action`` in tic-tac-toe games through pyspiel.  Each figure is the best of ``--rounds``
runs of ``--seconds`` of this process's CPU time (``time.process_time``: on a machine shared with
other work the wall clock counts the time the process waits for a core; anchor and games are
interleaved, so what the load does to caches touches both alike).
Without OpenSpiel (the ``openspiel`` extra) the decisions per second are printed alone, and the
script says that the anchor is missing.

Targets: every game at least 1.0 (Eruption) and The Island at least 1.5.

The anchor does not take the machine out of the ratio: tic-tac-toe runs on NumPy arrays and the
engines on plain Python objects, and two machines need not favour them alike.  The same engine code
has read The Island 1.40-1.46 and Eruption 1.03-1.05 on one two-core machine where another read
1.15 and 0.76.  To tell whether a change made an engine faster, run this script from a checkout
of the old code and of the new one back to back on one machine (``git worktree add``), each
against its own anchor, and compare those ratios.
"""
from __future__ import annotations

import argparse
import random
import sys
import time

import lapilli


def game_rate(game: str, players: int, seconds: float) -> float:
    rng = random.Random(1)
    n = 0
    seed = 0
    t0 = time.process_time()
    deadline = t0 + seconds
    while time.process_time() < deadline:
        s = lapilli.new_game(game, players, seed)
        seed += 1
        while not s.is_terminal:
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
            n += 1
    return n / (time.process_time() - t0)


def anchor_rate(seconds: float) -> float | None:
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers python_tic_tac_toe)
    except ImportError:
        return None
    game = pyspiel.load_game("python_tic_tac_toe")
    rng = random.Random(1)
    n = 0
    t0 = time.process_time()
    deadline = t0 + seconds
    while time.process_time() < deadline:
        s = game.new_initial_state()
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply_action(legal[rng.randrange(len(legal))])
            n += 1
    return n / (time.process_time() - t0)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", help="games (default: all five)")
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args(argv)
    games = args.games or ["stromboli", "isola-dei-vulcani", "kingdomino-origins", "the-island", "eruption"]
    best_anchor = None
    best = {g: 0.0 for g in games}
    for _ in range(args.rounds):
        a = anchor_rate(args.seconds)
        if a is not None:
            best_anchor = max(best_anchor or 0.0, a)
        for g in games:
            spec = lapilli.game_spec(g)
            best[g] = max(best[g], game_rate(g, spec.default_players or spec.min_players, args.seconds))
    if best_anchor is None:
        print("OpenSpiel is not installed (pip install -e '.[openspiel]'): no anchor, decisions per second only")
    else:
        print(f"anchor python_tic_tac_toe: {best_anchor:,.0f} decisions/s")
    print(f"{'game':<20} {'players':>7} {'decisions/s':>12} {'ratio':>7}")
    for g in games:
        spec = lapilli.game_spec(g)
        ratio = f"{best[g] / best_anchor:7.2f}" if best_anchor else "      -"
        print(f"{g:<20} {spec.default_players or spec.min_players:>7} {best[g]:>12,.0f} {ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
