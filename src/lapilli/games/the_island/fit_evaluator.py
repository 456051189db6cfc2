"""Fit the weights of ``evaluator`` (a tool, not used in play; numpy only).

    python -m lapilli.games.the_island.fit_evaluator gen OUT.npz --players 2 --games 400 --seed 0 [--agents heuristic]
    python -m lapilli.games.the_island.fit_evaluator fit OUT.json A.npz B.npz ... [--holdout 0.25]

``gen`` plays games (default: every seat the heuristic player) and keeps, at every turn start and
every creature move (the point where the search's turn finish stops), each seat's ``features``
with the seat's final win share (a tie shared by k seats counts 1/k) and final score margin over
the best other seat.  ``fit`` fits one conditional logit per player count by Newton's method
(a small L2 penalty), reports on held-out games (split by game) its log-loss and the share of
positions whose most likely seat won, against the hand-made ``values`` (static) and a one-weight
logit on ``projected``, and writes the weights.
"""
from __future__ import annotations


import numpy as np

from lapilli.agents.logit_fit import cli, holdout_mask, load_by_count, log_loss, self_play, write_weights
from lapilli.agents.logit_fit import logit_fit as _logit_fit, probs as _probs, report as _report

from . import evaluator as FE
from . import heuristics as H


def gen(out: str, players: int, games: int, seed: int, agents: str) -> None:
    def record(st):
        if st.over or not st.started or not (H._turn_start(st) or st.decision == "creature"):
            return None
        return FE.features(st), H._static_values(st)

    X, Y, M, G, B = [], [], [], [], []
    for s0, rows, state, y in self_play("the-island", players, games, seed, agents, record):
        sc = state.scores()
        m = [sc[q] - max(sc[r] for r in range(players) if r != q) for q in range(players)]
        for f, b in rows:
            X.append(f)
            Y.append(y)
            M.append(m)
            G.append(s0)
            B.append(b)
    np.savez_compressed(out, X=np.array(X), Y=np.array(Y), M=np.array(M), G=np.array(G), B=np.array(B),
                        players=players)


def fit(out: str, files: list, holdout: float, prior_search: bool = False) -> None:
    weights, notes = {}, {}
    for n, d in load_by_count(files, ("X", "Y", "G", "B")).items():
        X, Y, G, B = d["X"], d["Y"], d["G"], d["B"]
        games = np.unique(G)
        te = holdout_mask(G, holdout, n)
        tr = ~te
        j = FE.FEATURES.index("projected")
        w1 = _logit_fit(X[tr][:, :, j:j + 1], Y[tr])
        # the prior: the one-weight logit on ``projected``; the penalty chosen on the held-out games
        prior = np.zeros(X.shape[2])
        if prior_search:
            prior[j] = w1[0]
        best = None
        for l2 in ((1e-3, 1e-2, 1e-1, 1.0) if prior_search else (1e-3,)):
            w = _logit_fit(X[tr], Y[tr], l2, w0=prior)
            ll = log_loss(_probs(X[te], w), Y[te])
            if best is None or ll < best[0]:
                best = (ll, l2, w)
        _, l2, w = best
        Bn = B[te] / B[te].sum(axis=1, keepdims=True)
        lines = [f"{n} players: {len(games)} games, {tr.sum()} train / {te.sum()} held-out positions",
                 _report(f"  fitted (L2 {l2:g} towards {'the projected logit' if prior_search else 0})", _probs(X[te], w), Y[te]),
                 _report("  projected logit", _probs(X[te][:, :, j:j + 1], w1), Y[te]),
                 _report("  static values (normalised)", Bn, Y[te]),
                 _report("  uniform", np.full_like(Bn, 1.0 / n), Y[te])]
        if prior_search:
            prior[j] = _logit_fit(X[:, :, j:j + 1], Y)[0]
        wall = _logit_fit(X, Y, l2, w0=prior)
        print("\n".join(lines))
        print("  weights:", dict(zip(FE.FEATURES, np.round(wall, 4))))
        weights[str(n)] = [float(x) for x in wall]
        notes[str(n)] = lines
    write_weights(out, {"fitted": "conditional logit, maximum likelihood (Newton; an L2 penalty of 1e-3 per position "
                                  "towards 0, or with --prior towards the one-weight logit on projected, its size chosen "
                                  "on held-out games) on the final win shares of heuristic self-play games; "
                                  "python -m lapilli.games.the_island.fit_evaluator",
                        "features": list(FE.FEATURES), "weights": weights, "held_out": notes})


def main(argv=None):
    cli(gen, fit, argv, players=2, prior=True)


if __name__ == "__main__":
    main()
