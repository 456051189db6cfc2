"""Fit the weights of ``evaluator`` (a tool, not used in play; numpy only).

    python -m lapilli.games.isola_dei_vulcani.fit_evaluator gen OUT.npz --players 3 --games 1500 --seed 0 [--agents heuristic]
    python -m lapilli.games.isola_dei_vulcani.fit_evaluator fit OUT.json A.npz B.npz ... [--holdout 0.25]

``gen`` plays games (default: every seat the heuristic player) and keeps, at every decision of an
unfinished game, each seat's ``features`` with the seat's final win share (a tie shared by k
seats counts 1/k), with the hand-made ``values`` of the position to compare against and the
names of the features (``fit`` picks the current ``FEATURES`` from them by name).  ``fit``
fits one conditional logit per player count (agents/logit_fit.py: Newton's method, an L2 penalty
of 1e-3 per position), reports on held-out games (split by game) its log-loss and the win share
of the seat it rates most likely to win, against the hand-made ``values`` and a one-weight logit
on ``projected``, and writes the weights with how they were made (games, seeds, agents, date).
"""
from __future__ import annotations

import datetime

import numpy as np

from lapilli.agents.logit_fit import cli, fit_by_count, read_games, self_play

from . import evaluator as FE
from . import heuristics as H

GAME = "isola-dei-vulcani"


def gen(out: str, players: int, games: int, seed: int, agents: str) -> None:
    def record(st):
        return None if st.is_terminal else (FE.features(st), H.values(st))

    X, Y, G, V = [], [], [], []
    for s0, rows, _, y in self_play(GAME, players, games, seed, agents, record, every=100):
        for f, v in rows:
            X.append(f)
            Y.append(y)
            G.append(s0)
            V.append(v)
    np.savez_compressed(out, X=np.array(X), Y=np.array(Y), G=np.array(G), V=np.array(V), players=players,
                        agents=agents, names=np.array(FE.FEATURES))


def load(files: list) -> dict:
    """The ``gen`` files per player count, {n: {"X", "Y", "G", "V"}}, X holding the columns of
    ``evaluator.FEATURES`` picked by name from the features each file was made with (``names``),
    so a fit on fewer features reuses the games played."""
    by_n: dict = {}
    for fn in files:
        d = read_games(fn)
        names = [str(x) for x in d["names"]]
        idx = [names.index(f) for f in FE.FEATURES]
        by_n.setdefault(int(d["players"]), []).append({"X": d["X"][:, :, idx], "Y": d["Y"], "G": d["G"], "V": d["V"]})
    return {n: {k: np.concatenate([d[k] for d in ds]) for k in ("X", "Y", "G", "V")} for n, ds in sorted(by_n.items())}


def fit(out: str, files: list, holdout: float, l2: float = 1e-3) -> None:
    def baselines(d, te):
        return [("values (normalised)", d["V"][te] / d["V"][te].sum(axis=1, keepdims=True))]

    def header(n, games, tr, te):
        return (f"{n} players: {len(games)} games (seeds {int(games.min())}-{int(games.max())}), "
                f"{tr.sum()} train / {te.sum()} held-out positions")

    fit_by_count(out, load(files), FE.FEATURES, l2, holdout, ("projected", "projected"), baselines,
                 "the final win shares of heuristic self-play games (every decision of an unfinished "
                 "game); python -m lapilli.games.isola_dei_vulcani.fit_evaluator; "
                 f"fitted {datetime.date.today().isoformat()}", header)


def main(argv=None):
    cli(gen, fit, argv, players=3)


if __name__ == "__main__":
    main()
