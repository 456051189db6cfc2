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

import json
import sys

import numpy as np

from lapilli.agents.logit_fit import cli, holdout_mask, load_by_count, logit_fit, probs, report

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
    weights, notes = {}, {}
    for n, d in load_by_count(files, ("X", "Y", "G", "R", "V")).items():
        X, Y, G, R, V = d["X"], d["Y"], d["G"], d["R"], d["V"]
        games = np.unique(G)
        te = holdout_mask(G, holdout, n)
        tr = ~te
        w = logit_fit(X[tr], Y[tr], l2)
        j = FE.FEATURES.index("race")
        w1 = logit_fit(X[tr][:, :, j:j + 1], Y[tr], l2)
        lines = [f"{n} players: {len(games)} games, {tr.sum()} train / {te.sum()} held-out positions",
                 report(f"  fitted (L2 {l2:g})", probs(X[te], w), Y[te]),
                 report("  race-out, one fitted weight", probs(X[te][:, :, j:j + 1], w1), Y[te]),
                 report("  values_raceout", R[te], Y[te]),
                 report("  values_now", V[te], Y[te]),
                 report("  uniform", np.full_like(R[te], 1.0 / n), Y[te])]
        wall = logit_fit(X, Y, l2)
        print("\n".join(lines))
        print("  weights:", dict(zip(FE.FEATURES, np.round(wall, 4))))
        weights[str(n)] = [float(x) for x in wall]
        notes[str(n)] = lines
    json.dump({"fitted": f"conditional logit, maximum likelihood (Newton; an L2 penalty of {l2:g} per position "
                         "towards 0) on the final win shares of heuristic self-play games (every decision once "
                         "the villages are chosen); python -m lapilli.games.eruption.fit_eval",
               "features": list(FE.FEATURES), "weights": weights, "held_out": notes},
              open(out, "w"), indent=1)


def main(argv=None):
    cli(gen, fit, argv, players=2)


if __name__ == "__main__":
    main()
