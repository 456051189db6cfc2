"""A conditional logit over the seats of a game, fitted with numpy (a tool for the fitted
leaf evaluators, not used in play).

A position has one feature vector per seat; the model gives P(seat q wins) = exp(w . f_q) /
sum_r exp(w . f_r) and is fitted by maximum likelihood to soft targets (the final win share of
each seat: a tie shared by k seats counts 1/k) by Newton's method with a small L2 penalty.
Every game's ``fit_evaluator`` uses it.
"""
from __future__ import annotations

import numpy as np


def logit_fit(X, Y, l2=1e-3, iters=50, w0=None):
    """Conditional logit: X (N, n, F), Y (N, n) soft targets, an L2 penalty of ``l2`` per
    position on the distance to ``w0`` (default 0). Returns w (F,)."""
    N, n, F = X.shape
    w0 = np.zeros(F) if w0 is None else np.asarray(w0, float)
    w = w0.copy()
    for _ in range(iters):
        u = X @ w
        u -= u.max(axis=1, keepdims=True)
        p = np.exp(u)
        p /= p.sum(axis=1, keepdims=True)
        mu = np.einsum("ij,ijk->ik", p, X)
        grad = np.einsum("ij,ijk->k", Y - p, X) - l2 * N * (w - w0)
        Exx = np.einsum("ij,ijk,ijl->kl", p, X, X)
        Hm = Exx - mu.T @ mu + l2 * N * np.eye(F)
        step = np.linalg.solve(Hm, grad)
        w += step
        if np.abs(step).max() < 1e-8:
            break
    return w


def probs(X, w):
    """The model's per-seat probabilities (N, n) for features X (N, n, F) and weights w (F,)."""
    u = X @ w
    u -= u.max(axis=1, keepdims=True)
    p = np.exp(u)
    return p / p.sum(axis=1, keepdims=True)


def log_loss(P, Y):
    """Mean cross-entropy of the soft targets Y under the per-seat probabilities P."""
    return float(-(Y * np.log(np.clip(P, 1e-9, 1))).sum(axis=1).mean())


def top_share(P, Y):
    """The mean win share of the seat P rates most likely to win."""
    return float(Y[np.arange(len(Y)), P.argmax(axis=1)].mean())


def report(name, P, Y):
    """One line: the held-out log-loss and the win share of the most likely seat."""
    return f"{name}: log-loss {log_loss(P, Y):.4f}, win share of the most likely seat {top_share(P, Y):.3f}"


def read_games(fn: str):
    """One ``gen`` file (.npz): its arrays by name (``.files`` lists them)."""
    return np.load(fn)


def load_by_count(files: list, keys: tuple) -> dict:
    """The arrays ``keys`` of the ``gen`` files (.npz with a ``players`` entry), concatenated per
    player count: {n: {key: array}}."""
    by_n: dict = {}
    for fn in files:
        d = read_games(fn)
        by_n.setdefault(int(d["players"]), []).append(d)
    return {n: {k: np.concatenate([d[k] for d in ds]) for k in keys} for n, ds in sorted(by_n.items())}


def holdout_mask(G, holdout: float, seed: int):
    """Positions of the held-out games (a ``holdout`` share of the distinct games in G, drawn with
    ``seed``): a boolean mask over the positions, so a game is never split."""
    games = np.unique(G)
    rng = np.random.default_rng(seed)
    test = set(rng.choice(games, int(len(games) * holdout), replace=False).tolist())
    return np.array([g in test for g in G])


def self_play(game: str, players: int, games: int, seed: int, agents: str, record, every: int = 50):
    """Seeded games for a fit: game g is played from seed ``seed + g`` by the agents named in
    ``agents`` (comma-separated, rotated over the seats from game to game); ``record(state)`` is
    called after every move and returns a row to keep or None.  Yields per game (seed, the rows
    kept, the finished state, its win shares); progress every ``every`` games on stderr."""
    import sys

    from . import make_agent
    from .base import play_game
    from .mcts import win_shares
    from ..engine.registry import new_game

    specs = agents.split(",")
    kept = 0
    for g in range(games):
        s0 = seed + g
        state = new_game(game, players, s0, {})
        lineup = [specs[(i + g) % len(specs)] for i in range(players)]
        ag = [make_agent(lineup[i], seed=s0 * 7919 + i, game=game, players=players) for i in range(players)]
        rows = []

        def step(st, seat, action, events):
            row = record(st)
            if row is not None:
                rows.append(row)

        play_game(state, ag, on_step=step)
        kept += len(rows)
        if g % every == 0:
            print(f"game {g}: {kept} positions", file=sys.stderr, flush=True)
        yield s0, rows, state, win_shares(state)


def write_weights(out: str, doc: dict) -> None:
    """Write a fitted evaluator's weights file (the JSON a game's evaluator.py reads)."""
    import json

    with open(out, "w") as fh:
        json.dump(doc, fh, indent=1)


def fit_by_count(out: str, data: dict, features: tuple, l2: float, holdout: float, single: tuple,
                 baselines, how: str, header=None) -> None:
    """Fit a conditional logit per player count and write the weights file.

    ``data``: {n: {"X", "Y", "G", ...}} (``load_by_count``); the held-out games (``holdout_mask``)
    are scored by the fit on the others, by one fitted weight on the feature ``single[1]``
    (labelled ``single[0]``), by ``baselines(d, te)`` -> [(label, per-seat values)] and by the
    uniform guess; the weights written are fitted on every game.  ``how`` says how the data
    were made (the file's "fitted" text); ``header(n, games, tr, te)``: the first line per count."""

    weights, notes = {}, {}
    j = features.index(single[1])
    for n, d in data.items():
        X, Y, G = d["X"], d["Y"], d["G"]
        games = np.unique(G)
        te = holdout_mask(G, holdout, n)
        tr = ~te
        w = logit_fit(X[tr], Y[tr], l2)
        w1 = logit_fit(X[tr][:, :, j:j + 1], Y[tr], l2)
        first = (header(n, games, tr, te) if header is not None
                 else f"{n} players: {len(games)} games, {tr.sum()} train / {te.sum()} held-out positions")
        lines = [first,
                 report(f"  fitted (L2 {l2:g})", probs(X[te], w), Y[te]),
                 report(f"  {single[0]}, one fitted weight", probs(X[te][:, :, j:j + 1], w1), Y[te])]
        lines += [report(f"  {label}", P, Y[te]) for label, P in baselines(d, te)]
        lines.append(report("  uniform", np.full(Y[te].shape, 1.0 / n), Y[te]))
        wall = logit_fit(X, Y, l2)
        print("\n".join(lines))
        print("  weights:", dict(zip(features, np.round(wall, 4))))
        weights[str(n)] = [float(x) for x in wall]
        notes[str(n)] = lines
    write_weights(out, {"fitted": f"conditional logit, maximum likelihood (Newton; an L2 penalty of {l2:g} per "
                                  f"position towards 0) on {how}",
                        "features": list(features), "weights": weights, "held_out": notes})


def fit_stages_by_count(out: str, data: dict, features: tuple, edges: tuple, l2: float, holdout: float,
                        how: str, least: int = 200) -> None:
    """Fit one conditional logit per player count and per stage of the game and write the file.

    ``data``: {n: {"X", "Y", "G", "L"}} with ``L`` each position's progress (a number the stage
    edges cut: stage k holds ``edges[k-1] <= L < edges[k]``, ``bisect_right``).  The held-out games
    are scored by the staged fit on the others, by one fit over every stage and by the uniform
    guess; a stage with fewer than ``least`` training positions takes the one fit's weights."""

    weights, notes = {}, {}
    for n, d in data.items():
        X, Y, G, L = d["X"], d["Y"], d["G"], d["L"]
        S = np.searchsorted(np.asarray(edges, float), L, side="right")
        te = holdout_mask(G, holdout, n)
        tr = ~te
        one = logit_fit(X[tr], Y[tr], l2)
        P = np.zeros(Y[te].shape)
        per = []
        for k in range(len(edges) + 1):
            mtr, mte = tr & (S == k), S[te] == k
            w = logit_fit(X[mtr], Y[mtr], l2) if mtr.sum() >= least else one
            if mte.any():
                P[mte] = probs(X[te][mte], w)
                per.append(f"    stage {k}: {mte.sum()} held-out positions, log-loss {log_loss(P[mte], Y[te][mte]):.4f} "
                           f"(one fit {log_loss(probs(X[te][mte], one), Y[te][mte]):.4f})")
        games = np.unique(G)
        lines = [f"{n} players: {len(games)} games, {tr.sum()} train / {te.sum()} held-out positions",
                 report(f"  fitted per stage (L2 {l2:g})", P, Y[te]),
                 report("  one fit over every stage", probs(X[te], one), Y[te]),
                 report("  uniform", np.full(Y[te].shape, 1.0 / n), Y[te])] + per
        print("\n".join(lines))
        allw = None                                   # the one fit on every game, if a stage needs it
        per_stage = []
        for k in range(len(edges) + 1):
            if (S == k).sum() >= least:
                w = logit_fit(X[S == k], Y[S == k], l2)
            else:
                allw = logit_fit(X, Y, l2) if allw is None else allw
                w = allw
            per_stage.append([float(x) for x in w])
        weights[str(n)] = per_stage
        notes[str(n)] = lines
    write_weights(out, {"fitted": f"conditional logit per stage of the game, maximum likelihood (Newton; an L2 "
                                  f"penalty of {l2:g} per position towards 0) on {how}",
                        "features": list(features), "stages": list(edges), "weights": weights, "held_out": notes})


def cli(gen, fit, argv=None, players: int = 2, prior: bool = False, stages=None) -> None:
    """The command line of a game's ``fit_evaluator``: ``gen OUT [--players N --games N --seed S
    --agents A]`` (self-play positions to a file) and ``fit OUT FILES... [--holdout H]`` with
    ``--l2 L`` (``fit(out, files, holdout, l2)``) or, with ``prior``, ``--prior`` (``fit(out,
    files, holdout, prior)``); with ``stages``, also ``stages OUT FILES... [--holdout H --l2 L]``
    (``stages(out, files, holdout, l2)``: weights per stage of the game)."""
    import argparse

    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("gen")
    g.add_argument("out")
    g.add_argument("--players", type=int, default=players)
    g.add_argument("--games", type=int, default=100)
    g.add_argument("--seed", type=int, default=0)
    g.add_argument("--agents", default="heuristic")
    f = sub.add_parser("fit")
    f.add_argument("out")
    f.add_argument("files", nargs="+")
    f.add_argument("--holdout", type=float, default=0.25)
    if prior:
        f.add_argument("--prior", action="store_true")
    else:
        f.add_argument("--l2", type=float, default=1e-3)
    if stages is not None:
        t = sub.add_parser("stages", help="fit weights per stage of the game")
        t.add_argument("out")
        t.add_argument("files", nargs="+")
        t.add_argument("--holdout", type=float, default=0.25)
        t.add_argument("--l2", type=float, default=1e-3)
    a = ap.parse_args(argv)
    if a.cmd == "stages":
        stages(a.out, a.files, a.holdout, a.l2)
    elif a.cmd == "gen":
        gen(a.out, a.players, a.games, a.seed, a.agents)
    else:
        fit(a.out, a.files, a.holdout, a.prior if prior else a.l2)
