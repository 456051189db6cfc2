"""Fit the weights of ``evaluator`` (a tool, not used in play; numpy only).

    python -m lapilli.games.eruption.fit_evaluator gen OUT.npz --players 2 --games 300 --seed 0 [--agents heuristic]
    python -m lapilli.games.eruption.fit_evaluator fit OUT.json A.npz B.npz ... [--holdout 0.25]
    python -m lapilli.games.eruption.fit_evaluator stages OUT.json A.npz B.npz ... [--holdout 0.25]

``gen`` plays games (default: every seat the heuristic player) and keeps, at every decision once
the villages are chosen, each seat's ``features`` with the seat's final win share (a tie shared
by k seats counts 1/k), with the hand-made evaluators' values of the position (``values_raceout``,
``values_now``) to compare against.  ``fit`` fits one conditional logit per player count
(agents/logit_fit.py: Newton's method, an L2 penalty of 1e-3 per position), reports on held-out
games (split by game) its log-loss and the win share of the seat it rates most likely to win,
against the hand-made evaluators, and writes the weights.  ``stages`` fits one set of weights per
stage of the game (``evaluator.STAGES``, the share of the lava tiles drawn) for
``evaluator.win_probs_staged``.
"""
from __future__ import annotations


import numpy as np

from lapilli.agents.logit_fit import cli, fit_by_count, fit_stages_by_count, load_by_count, read_games, self_play

from . import evaluator as FE
from . import heuristics as H


def gen(out: str, players: int, games: int, seed: int, agents: str) -> None:
    def record(st):
        if st.is_terminal or st.phase == "village" or any(v is None for v in st.villages):
            return None
        return FE.features(st), H.values_raceout(st), H.values_now(st), FE.late_share(st)

    X, Y, G, R, V, L = [], [], [], [], [], []
    for s0, rows, _, y in self_play("eruption", players, games, seed, agents, record):
        for f, r, v, late in rows:
            X.append(f)
            Y.append(y)
            G.append(s0)
            R.append(r)
            V.append(v)
            L.append(late)
    np.savez_compressed(out, X=np.array(X), Y=np.array(Y), G=np.array(G), R=np.array(R), V=np.array(V),
                        L=np.array(L), players=players)


def fit(out: str, files: list, holdout: float, l2: float = 1e-3) -> None:
    def baselines(d, te):
        return [("values_raceout", d["R"][te]), ("values_now", d["V"][te])]

    fit_by_count(out, load_by_count(files, ("X", "Y", "G", "R", "V")), FE.FEATURES, l2, holdout,
                 ("race-out", "race"), baselines,
                 "the final win shares of heuristic self-play games (every decision once the villages "
                 "are chosen); python -m lapilli.games.eruption.fit_evaluator")


def _late(X):
    """Each position's ``late_share`` from its features (files written before ``gen`` kept it):
    temp_late / temp (heat_late / heat where no village is warm), put back on the 1/40 grid."""
    f = list(FE.FEATURES)
    t, tl = X[:, :, f.index("temp")], X[:, :, f.index("temp_late")]
    h, hl = X[:, :, f.index("heat")], X[:, :, f.index("heat_late")]
    with np.errstate(divide="ignore", invalid="ignore"):
        r = np.where(t > 0, tl / t, np.where(np.abs(h) > 1e-9, hl / h, -1.0))
    late = np.maximum(r.max(axis=1), 0.0)          # no seat to read it from: 0 (the first stage)
    return 1.0 - np.round((1.0 - late) * FE._LAVA) / FE._LAVA


def stages(out: str, files: list, holdout: float, l2: float = 1e-3) -> None:
    data: dict = {}
    for fn in files:
        d = read_games(fn)
        X = d["X"][:, :, :FE.N_FEATURES]
        L = d["L"] if "L" in d.files else _late(X)
        data.setdefault(int(d["players"]), []).append((X, d["Y"], d["G"], L))
    merged = {n: {k: np.concatenate([p[i] for p in parts]) for i, k in enumerate("XYGL")}
              for n, parts in sorted(data.items())}
    fit_stages_by_count(out, merged, FE.FEATURES, FE.STAGES, l2, holdout,
                        "the final win shares of heuristic self-play games (every decision once the villages "
                        "are chosen); python -m lapilli.games.eruption.fit_evaluator stages")


def main(argv=None):
    cli(gen, fit, argv, players=2, stages=stages)


if __name__ == "__main__":
    main()
