#!/usr/bin/env python3
"""MCTS iterations per second for every game, at its minimum and maximum player count.

Two configurations per game, both through ``lapilli.agents.make_agent`` exactly as play uses them:

* ``normal``: the game's "normal" strength level (``level_spec("normal", game, players)``: the game's
  levels module's LEVELS, or the default level for games without one), every decision
  searched (a level's ``mix=p``, the share of its decisions played by the heuristic player
  instead, is set to 0: those decisions make no iterations);
* ``random``: plain random rollouts (``mcts:iterations=N``, default depth and evaluator).

The root positions are sampled from seeded random games (8 per game, uniformly among the
positions with more than one legal action, so every stage of a game is represented, in a shuffled
order), and the agent decides for each in turn until it has used ``--seconds`` of CPU time.  Each figure is printed beside the calibration loop of
bench/bench_engine.py timed just before it (``cal``: iterations per calibration unit), so runs
on a loaded or a different machine compare.

    PYTHONPATH=src python3 bench/bench_mcts.py [GAME ...] [--seconds 3] [--players N] [--profile]

Target (issue 7): at least 2,000 iterations per second per core in every game.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import lapilli  # noqa: E402
from bench_engine import calibration  # noqa: E402
from lapilli.agents import Decision, level_spec, make_agent  # noqa: E402


def root_positions(game: str, players: int, options: dict, n: int = 40, per_game: int = 8, seed: int = 900) -> list:
    """``n`` positions with a real choice: ``per_game`` drawn uniformly from all such positions
    of each of several seeded random games (so every stage of a game is represented), in a
    shuffled order (so a short run still sees every stage)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        s = lapilli.new_game(game, players, seed, options)
        seed += 1
        cands = []
        while not s.is_terminal:
            legal = s.legal_actions()
            if len(legal) > 1:
                cands.append(s.clone())
            s.apply(legal[rng.randrange(len(legal))])
        out.extend(rng.sample(cands, min(per_game, len(cands), n - len(out))))
    rng.shuffle(out)
    return out


def iterations_per_second(game: str, spec: str, roots: list, seconds: float, seed: int = 1) -> tuple[float, float, int]:
    """Iterations per wall second and per CPU second of this process (``time.process_time``:
    the time it held a core, so the figure per core holds up when other work shares the
    machine) of the agent named ``spec`` over ``roots`` (in turn), and the number of decisions."""
    agent = make_agent(spec, seed=seed, game=game)
    if getattr(agent, "mix", 0.0):
        agent.mix = 0.0   # a level's decisions handed to the heuristic player (mix=p) search nothing
    done = 0
    k = 0
    busy = 0.0
    cpu = 0.0
    while cpu < seconds:
        st = roots[k % len(roots)]
        k += 1
        d = Decision(st)
        t0 = time.perf_counter()
        c0 = time.process_time()
        agent.choose(d)
        cpu += time.process_time() - c0
        busy += time.perf_counter() - t0
        done += agent.last_iterations
    return done / busy, done / cpu if cpu > 0 else float("nan"), k


def configs(game: str, iterations: int, players: int) -> list[tuple[str, str]]:
    return [("normal", level_spec("normal", game, players)), ("random", f"mcts:iterations={iterations}")]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="game ids (default: all)")
    ap.add_argument("--seconds", type=float, default=3.0, help="search time per configuration (CPU seconds)")
    ap.add_argument("--players", type=int, default=None, help="one player count (default: min and max)")
    ap.add_argument("--iterations", type=int, default=300, help="iterations per decision, random rollouts")
    ap.add_argument("--only", choices=("normal", "random"), default=None)
    ap.add_argument("--profile", action="store_true", help="print a cProfile of each configuration")
    args = ap.parse_args()
    games = args.games or lapilli.list_games()
    print(f"{'game':19s} {'pl':>2s} {'config':7s} {'it/s':>8s} {'cal ms':>7s} {'it/unit':>8s} {'it/cpu-s':>8s} {'cpu cal':>7s} {'it/cpu-unit':>11s} {'roots':>5s}  spec")
    for g in games:
        spec = lapilli.game_spec(g)
        counts = [args.players] if args.players else sorted({spec.min_players, spec.max_players})
        for p in counts:
            roots = root_positions(g, p, {})
            for name, text in configs(g, args.iterations, p):
                if args.only and name != args.only:
                    continue
                cal = calibration(3)
                cal_cpu = calibration(3, time.process_time)
                if args.profile:
                    import cProfile
                    import pstats

                    prof = cProfile.Profile()
                    prof.enable()
                    rate, crate, k = iterations_per_second(g, text, roots, args.seconds)
                    prof.disable()
                    pstats.Stats(prof).sort_stats("tottime").print_stats(18)
                else:
                    rate, crate, k = iterations_per_second(g, text, roots, args.seconds)
                print(f"{g:19s} {p:2d} {name:7s} {rate:8,.0f} {cal * 1e3:7.2f} {rate * cal:8.1f} {crate:8,.0f} "
                      f"{cal_cpu * 1e3:7.2f} {crate * cal_cpu:11.1f} {k:5d}  {text}", flush=True)
    print("it/s: iterations per wall second; cal ms: the calibration loop of bench_engine.py in wall time, timed")
    print("before the row; it/unit = it/s x cal (iterations per calibration unit).  it/cpu-s: iterations per")
    print("second of this process's CPU time (per core, holds up when other work shares the machine); cpu cal:")
    print("the calibration loop in CPU time; it/cpu-unit = it/cpu-s x cpu cal.  roots: decisions made.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
