#!/usr/bin/env python3
"""A yardstick from outside: Lapilli's levels (easy, normal, hard) against OpenSpiel's
``ISMCTSBot`` at the same time per move, in 2-player games of every game.

    PYTHONPATH=src python3 bench/openspiel_yardstick.py [GAME ...] [--games 100] [--levels easy,normal,hard]
                                                      [--evaluators rollout,heuristic] [--seed 0] [--out FILE.md]
                                                      [--results FILE.jsonl] [--level SPEC ...]

``--level SPEC`` plays an agent spec as one more level (a level's search with one parameter
changed, say, to test a reading of the table: ``--level 'mcts:iterations=600,...,widen=0'``);
with ``--level`` and no ``--levels`` only the specs are played.

Each pairing (game, level, OpenSpiel evaluator) plays ``--games`` games, seats alternated (the
level takes seat ``g % 2`` in game ``g``, whose set-up is that of seed ``seed + g``; both sides
of a pairing meet the same set-ups).  OpenSpiel's side is ``ISMCTSBot`` (UCT, c = 2, unlimited
world samples, inconsistent action sets allowed) over ``lapilli.rl.openspiel``, with

* ``rollout``: OpenSpiel's ``RandomRolloutEvaluator`` (one random rollout to the end), or
* ``heuristic``: Lapilli's own evaluator of the game (``heuristics.values``, or the rank of
  ``heuristics.evaluate``; the one the guided levels use) at the leaf, mapped from [0, 1] to
  [-1, 1].

**Same time per move**: ISMCTS searches, at each of its decisions, for as long as the level has
spent on average per decision so far in that game (CPU time of this process, so other work on
the machine does not shift the balance; 0.05 s before the level's first decision).  It always
runs at least two simulations (the first only expands the root).  A decision with one legal action costs nothing on either side.

The table gives the level's win share (a shared win counts 1/2) with its Wilson 95 % interval
(as ``lapilli tournament`` gives it), the level's mean CPU seconds per decision and ISMCTS's mean simulations
per decision.  It is printed as Markdown (and written to ``--out``) for docs/agents.md.

**The full run** (docs/agents.md): 5 games x 3 levels x 2 evaluators x 100 games = 3,000 games.
The levels' iteration caps end their searches well before their time limits, so a game costs far
less than the limits suggest.  Per 2-player game on this project's two-core machine: easy about
3 s (estimated from its time per decision); measured, normal 3-30 s (the level spends 0.01-0.11 s
of CPU a decision; ISMCTS with random rollouts always runs its two simulations, and a random game
of Stromboli or L'Isola dei Vulcani is long, so those pairings cost the most), about 4 CPU hours
for the normal row; hard 10-110 s a game (the level 0.12-0.41 s a decision; measured over the hard
row at 10 games a pairing, which took 1.4 CPU hours: L'Isola dei Vulcani about 100 s a game,
Stromboli 88 against random rollouts and 23 against the heuristic, The Island 40-55, Kingdomino
Origins 37, Eruption 10), so about 14 CPU hours for the hard row at 100 games a pairing.  Run it
per game or per level (``--levels``) on idle cores, one process per core, and join the tables.
The interval of a 100-game share is at most about +-0.10.

**Resumable**: with ``--results FILE.jsonl`` every finished game is appended to the file as one
JSON line, and a run with the same file plays only the games it does not hold yet (the table is
made from the file's games), so a long run can be stopped and started again, or split over
several processes writing to files of their own.  A line on standard error reports each game.
"""
from __future__ import annotations

import argparse
import json
import os
import math
import statistics
import sys
import time

import numpy as np

import lapilli
from lapilli.agents import make_agent
from lapilli.agents.base import Decision
from lapilli.agents.levels import DEFAULT_LEVELS

GAMES = ["stromboli", "isola-dei-vulcani", "kingdomino-origins", "the-island", "eruption"]
FIRST_BUDGET = 0.05


def _openspiel():
    try:
        import pyspiel  # noqa: F401
        from open_spiel.python.algorithms import ismcts, mcts
    except ImportError:
        raise SystemExit("OpenSpiel is not installed: pip install -e '.[openspiel]'") from None
    import lapilli.rl.openspiel as los
    return ismcts, mcts, los


def timed_ismcts_class(ismcts):
    class TimedISMCTSBot(ismcts.ISMCTSBot):
        """ISMCTSBot searching for ``budget`` CPU seconds per decision instead of a number of
        simulations (the loop of ``ISMCTSBot.run_search`` with a deadline)."""

        budget = FIRST_BUDGET
        last_simulations = 0

        def run_search(self, state):
            self.reset()
            legal_actions = state.legal_actions()
            if len(legal_actions) == 1:
                self.last_simulations = 0
                return [(legal_actions[0], 1.0)]
            self._root_node = self.create_new_node(state)
            deadline = time.process_time() + self.budget
            n = 0
            while n < 2 or time.process_time() < deadline:   # the first one only expands the root
                self.run_simulation(self.sample_root_state(state))
                n += 1
            self.last_simulations = n
            node = self.filter_illegals(self._root_node, state.legal_actions())
            return self.get_final_policy(state, node)

    return TimedISMCTSBot


class HeuristicEvaluator:
    """Lapilli's evaluator of a game as an OpenSpiel MCTS evaluator (values in [-1, 1])."""

    def __init__(self, game: str):
        from lapilli.agents.heuristic import game_heuristics
        from lapilli.agents.mcts import rank_by

        mod = game_heuristics(game)
        fn = getattr(mod, "values", None)
        if fn is None and getattr(mod, "evaluate", None) is not None:
            fn = rank_by(mod.evaluate)
        if fn is None:
            raise SystemExit(f"{game} has no heuristic evaluator")
        self.values = fn

    def evaluate(self, state):
        if state.is_terminal():
            return np.asarray(state.returns(), dtype=float)
        return np.asarray([2.0 * v - 1.0 for v in self.values(state.engine_state)], dtype=float)

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        actions = state.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]


def play(game: str, level: str, evaluator: str, g: int, seed: int, modules) -> tuple[float, list, int]:
    """One game; returns (the level's win share, its CPU seconds per decision, ISMCTS simulations)."""
    ismcts, mcts, los = modules
    osg = __import__("pyspiel").load_game(f"{los.short_name(game)}(players=2,seed={seed + g})")
    state = osg.new_initial_state()
    me = g % 2
    agent = make_agent(level, seed=seed + g, game=game, players=2)
    rs = np.random.RandomState(seed + g)
    ev = (mcts.RandomRolloutEvaluator(1, rs) if evaluator == "rollout" else HeuristicEvaluator(game))
    bot = timed_ismcts_class(ismcts)(osg, ev, uct_c=2.0, max_simulations=1, random_state=rs,
                                     allow_inconsistent_action_sets=True)
    index = osg.adapter._index()
    spent, sims = [], []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rs.choice(outcomes, p=probs)))
            continue
        p = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        if p == me:
            st = state.engine_state
            c0 = time.process_time()
            notation = agent.choose(Decision(st, p, st.legal_actions()))
            spent.append(time.process_time() - c0)
            state.apply_action(index[notation])
        else:
            bot.budget = statistics.mean(spent) if spent else FIRST_BUDGET
            state.apply_action(int(bot.step(state)))
            sims.append(bot.last_simulations)
    share = max(0.0, state.returns()[me]) if state.returns()[me] != 0 else 0.5
    return share, spent, sum(sims) / max(1, len(sims))


def _read_results(path: str | None) -> dict:
    """The games already played, from ``--results`` (a missing file holds none; a line cut short by
    a stop in mid-write is ignored and its game played again)."""
    done: dict = {}
    if not path or not os.path.exists(path):
        return done
    with open(path) as f:
        for line in f:
            try:
                r = json.loads(line)
            except ValueError:
                continue
            done[(r["game"], r["level"], r["evaluator"], r["seed"], r["index"])] = (
                r["share"], r["spent"], r["simulations"])
    return done


def _append_result(path: str | None, key: tuple, share: float, spent: list, sims: float) -> None:
    if not path:
        return
    game, level, evaluator, seed, index = key
    line = json.dumps({"game": game, "level": level, "evaluator": evaluator, "seed": seed, "index": index,
                       "share": share, "spent": spent, "simulations": sims}) + "\n"
    with open(path, "a+b") as f:
        if f.tell():                        # a line cut short by a stop is closed first: the new one stays whole
            f.seek(-1, os.SEEK_END)
            if f.read(1) != b"\n":
                f.write(b"\n")
        f.write(line.encode())


def interval(xs: list[float]) -> tuple[float, float, float]:
    """The mean share and its Wilson 95 % interval (as ``lapilli tournament`` gives it)."""
    n = len(xs)
    m = statistics.mean(xs)
    z = 1.96
    centre = (m + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(m * (1 - m) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return m, max(0.0, centre - half), min(1.0, centre + half)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games_", nargs="*", metavar="GAME", help="games (default: all five)")
    ap.add_argument("--games", type=int, default=100, help="games per pairing (default 100)")
    ap.add_argument("--levels", default=None, help="level names, comma-separated (default: easy,normal,hard; "
                    "none when --level is given)")
    ap.add_argument("--level", action="append", default=[], metavar="SPEC",
                    help="an agent spec played as a level (its commas kept), e.g. a level's search with one "
                         "parameter changed; repeat for several")
    ap.add_argument("--evaluators", default="rollout,heuristic")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", help="also write the table to this file")
    ap.add_argument("--results", help="JSON lines of finished games: read to resume, appended to as games end")
    args = ap.parse_args(argv)
    modules = _openspiel()
    games = args.games_ or GAMES
    for g in games:
        lapilli.game_spec(g)
    rows = ["| game | level | ISMCTS evaluator | games | level's win share [95 %] | level s/decision (CPU) "
            "| ISMCTS simulations/decision |", "|---|---|---|---:|---|---:|---:|"]
    if args.levels is not None:
        names = args.levels.split(",")
    else:  # the level names every game has (easy, normal, hard), unless only specs are asked for
        names = [] if args.level else list(DEFAULT_LEVELS)
    levels = names + args.level
    for game in games:  # a level or spec that names no agent fails here, before any game is played
        for level in levels:
            make_agent(level, seed=0, game=game, players=2)
    print(" ".join(["bench/openspiel_yardstick.py", *games, f"--games {args.games}",
                    *([f"--levels {','.join(names)}"] if names else []),
                    *[f"--level '{spec}'" for spec in args.level],
                    f"--evaluators {args.evaluators}", f"--seed {args.seed}"]))
    done = _read_results(args.results)
    for game in games:
        for level in levels:
            for evaluator in args.evaluators.split(","):
                shares, spent, sims = [], [], []
                t0 = time.perf_counter()
                for i in range(args.games):
                    key = (game, level, evaluator, args.seed, i)
                    if key in done:
                        share, sp, si = done[key]
                    else:
                        share, sp, si = play(game, level, evaluator, i, args.seed, modules)
                        _append_result(args.results, key, share, sp, si)
                    shares.append(share)
                    spent.extend(sp)
                    sims.append(si)
                    print(f"{game} {level} {evaluator}: game {i + 1}/{args.games}, level's share so far "
                          f"{statistics.mean(shares):.2f}{' (kept)' if key in done else ''}",
                          file=sys.stderr, flush=True)
                m, lo, hi = interval(shares)
                row = (f"| {game} | {level} | {evaluator} | {len(shares)} | {m:.2f} [{lo:.2f}, {hi:.2f}] "
                       f"| {statistics.mean(spent) if spent else 0:.3f} | {statistics.mean(sims):.0f} |")
                rows.append(row)
                print(row, f"  ({time.perf_counter() - t0:.0f} s)", flush=True)
    table = "\n".join(rows)
    print()
    print(table)
    if args.out:
        with open(args.out, "w") as f:
            f.write(table + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
