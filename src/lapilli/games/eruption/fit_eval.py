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


import numpy as np

from lapilli.agents.logit_fit import cli, fit_by_count, load_by_count, self_play

from . import fitted_eval as FE
from . import heuristics as H


def gen(out: str, players: int, games: int, seed: int, agents: str) -> None:
    def record(st):
        if st.is_terminal or st.phase == "village" or any(v is None for v in st.vil):
            return None
        return FE.features(st), H.values_raceout(st), H.values_now(st)

    X, Y, G, R, V = [], [], [], [], []
    for s0, rows, _, y in self_play("eruption", players, games, seed, agents, record):
        for f, r, v in rows:
            X.append(f)
            Y.append(y)
            G.append(s0)
            R.append(r)
            V.append(v)
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
