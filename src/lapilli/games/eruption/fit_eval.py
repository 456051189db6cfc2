"""Fit the weights of ``fitted_eval`` (a tool, not used in play; numpy only).

    python -m lapilli.games.eruption.fit_eval gen OUT.npz --players 2 --games 300 --seed 0 [--agents heuristic]
    python -m lapilli.games.eruption.fit_eval fit OUT.json A.npz B.npz ... [--holdout 0.25]

``gen`` plays games (default: every seat the heuristic player) and keeps, at every decision once
the villages are chosen, each seat's ``features`` with the seat's final win share (a tie shared
by k seats counts 1/k), with the hand-made evaluators' values of the position (``values_raceout``,
``values_now``) to compare against.  ``fit`` fits one conditional logit per player count
(agents/logit_fit.py: Newton's method, an L2 penalty of 1e-3 per position), reports on held-out
games (split by game) its log-loss and the win share of the seat it rates most likely to win,
against the hand-made evaluators, and writes the weights.
"""
from __future__ import annotations

import sys

import numpy as np

from lapilli.agents.logit_fit import cli, fit_by_count, load_by_count

from . import fitted_eval as FE
from . import heuristics as H


def gen(out: str, players: int, games: int, seed: int, agents: str) -> None:
    from lapilli.agents import make_agent
    from lapilli.agents.base import play_game
    from lapilli.engine.registry import new_game

    X, Y, G, R, V = [], [], [], [], []
    specs = agents.split(",")
    for g in range(games):
        s0 = seed + g
        state = new_game("eruption", players, s0, {})
        lineup = [specs[(i + g) % len(specs)] for i in range(players)]
        ag = [make_agent(lineup[i], seed=s0 * 7919 + i, game="eruption", players=players) for i in range(players)]
        rows, base_r, base_v = [], [], []

        def step(st, seat, action, events):
            if st.is_terminal or st.phase == "village" or any(v is None for v in st.vil):
                return
            rows.append(FE.features(st))
            base_r.append(H.values_raceout(st))
            base_v.append(H.values_now(st))

        play_game(state, ag, on_step=step)
        win = state.winners()
        y = [1.0 / len(win) if q in win else 0.0 for q in range(players)]
        for f, r, v in zip(rows, base_r, base_v):
            X.append(f)
            Y.append(y)
            G.append(s0)
            R.append(r)
            V.append(v)
        if g % 50 == 0:
            print(f"game {g}: {len(X)} positions", file=sys.stderr, flush=True)
    np.savez_compressed(out, X=np.array(X), Y=np.array(Y), G=np.array(G), R=np.array(R), V=np.array(V),
                        players=players)


def fit(out: str, files: list, holdout: float, l2: float = 1e-3) -> None:
    def baselines(d, te):
        return [("values_raceout", d["R"][te]), ("values_now", d["V"][te])]

    fit_by_count(out, load_by_count(files, ("X", "Y", "G", "R", "V")), FE.FEATURES, l2, holdout,
                 ("race-out", "race"), baselines,
                 "the final win shares of heuristic self-play games (every decision once the villages "
                 "are chosen); python -m lapilli.games.eruption.fit_eval")


def main(argv=None):
    cli(gen, fit, argv, players=2)


if __name__ == "__main__":
    main()
