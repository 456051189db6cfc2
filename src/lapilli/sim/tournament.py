"""Tournaments between agents: seats rotated, win shares with confidence intervals, Elo."""
from __future__ import annotations

import math
from collections import defaultdict

from .local import GameRow, wilson


def win_shares(rows: list[GameRow]) -> dict[str, dict]:
    """Per agent name: games played (seat-games), win share, 95 % interval, mean score."""
    acc: dict[str, dict] = defaultdict(lambda: {"n": 0, "wins": 0.0, "wins2": 0.0, "score": 0.0})
    for r in rows:
        if r.error:
            continue
        for seat, name in enumerate(r.lineup):
            w = (1.0 / len(r.winners)) if seat in r.winners else 0.0
            a = acc[name]
            a["n"] += 1
            a["wins"] += w
            a["wins2"] += w * w
            a["score"] += float(r.scores[seat])
    out = {}
    for name, a in acc.items():
        n = a["n"]
        p = a["wins"] / n
        var = max(a["wins2"] / n - p * p, 0.0)
        half = 1.96 * math.sqrt(var / n) if n > 1 else math.nan
        lo, hi = wilson(p, n)
        out[name] = {"seat_games": n, "win_share": p, "ci95": half, "ci_low": lo, "ci_high": hi,
                     "score_mean": a["score"] / n}
    return out


def pairwise_results(rows: list[GameRow], lower_score_wins: bool = False) -> list[tuple[str, str, float]]:
    """(a, b, result for a) for every pair of seats held by differently named agents in a game:
    1 when a finished above b (a won, b did not; or a scored better when neither won), 0.5 for a tie."""
    out = []
    for r in rows:
        if r.error:
            continue
        n = len(r.lineup)
        for i in range(n):
            for j in range(i + 1, n):
                a, b = r.lineup[i], r.lineup[j]
                if a == b:
                    continue
                wi, wj = i in r.winners, j in r.winners
                if wi != wj:
                    res = 1.0 if wi else 0.0
                else:
                    si, sj = r.scores[i], r.scores[j]
                    if lower_score_wins:
                        si, sj = sj, si
                    res = 1.0 if si > sj else 0.0 if si < sj else 0.5
                out.append((a, b, res))
    return out


def elo(rows: list[GameRow], anchor: float = 1500.0, iterations: int = 2000,
        lower_score_wins: bool = False) -> dict[str, float]:
    """Elo ratings fitted to all pairwise results (Bradley-Terry maximum likelihood by
    minorization-maximization, with a half-draw prior so that a clean sweep stays finite),
    scaled to Elo points and centred on ``anchor``."""
    games = pairwise_results(rows, lower_score_wins)
    names = sorted({x for a, b, _ in games for x in (a, b)} | {n for r in rows for n in r.lineup})
    if len(names) < 2 or not games:
        return {n: anchor for n in names}
    wins = defaultdict(float)
    count = defaultdict(float)
    for a, b, res in games:
        wins[a] += res
        wins[b] += 1 - res
        count[(a, b)] += 1
        count[(b, a)] += 1
    for a in names:  # prior: one drawn game against every other agent
        for b in names:
            if a != b:
                wins[a] += 0.5
                count[(a, b)] += 1
    strength = {n: 1.0 for n in names}
    for _ in range(iterations):
        new = {}
        for a in names:
            denom = sum(count[(a, b)] / (strength[a] + strength[b]) for b in names if b != a and count[(a, b)])
            new[a] = wins[a] / denom if denom else strength[a]
        g = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {k: v / g for k, v in new.items()}
        done = max(abs(new[k] - strength[k]) for k in names) < 1e-10
        strength = new
        if done:
            break
    return {n: anchor + 400.0 * math.log10(strength[n]) for n in names}
