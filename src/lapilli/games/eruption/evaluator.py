"""A leaf evaluator for the search fitted to game outcomes (a conditional logit over the seats).

``features(state)`` gives one small vector per seat: the village's temperature, the hand-made
projections the other evaluators make (``heat``, the end race played out of ``values_raceout``),
the lava touching the village now and the threat near it, the walls and cards held, the Rains
(Lava Rain cards) held, whether the village stands on the last space or has burned, and the
seat's place in the turn order; a few of them crossed with how far the game has gone.  Cards
in hand are read from the state given: in a search that is a determinization (the deciding
seat's own hand, the others' hands drawn from what it has not seen), never the true hands of
the other seats.  ``win_probs(state)`` scores a position with a conditional logit over the
seats: P(seat q wins) = exp(w . f_q) / sum_r exp(w . f_r), with weights per player count read
from ``data/evaluator.json`` (fitted by maximum likelihood on the final win shares of heuristic
self-play games, ``python -m lapilli.games.eruption.fit_evaluator``; the file says how).  The
weights are data: another fit is a new file.
"""
from __future__ import annotations

from bisect import bisect_right
from pathlib import Path

from lapilli.agents.fitted import FittedWeights, logit_probs

from . import heuristics as H
from .data import LAST

FEATURES = (
    "temp",             # the temperature now / 100
    "heat",             # heuristics.heat / 100 (projected; lower is better)
    "race",             # the end race played out (heuristics._race_out) / 100
    "per_turn",         # Phase 1 heat of the lava touching the village now / 10
    "threat",           # heat per turn of the lava near its empty sides / 10
    "walls",            # walls held (heuristics._walls_held) / 10
    "rains",            # Rains in hand
    "cards",            # other action cards in hand
    "at_last",          # 1 if the village is on the last space
    "rain_at_last",     # Rains in hand, on the last space
    "rain_final",       # Rains in hand in the final turns (after event A or B)
    "burned",           # 1 if the village has burned
    "to_move",          # 1 for the seat whose turn it is
    "next",             # 1 for the seat that plays next
    "temp_late",        # temp x the share of the lava tiles drawn
    "heat_late",        # heat x the share of the lava tiles drawn
)
N_FEATURES = len(FEATURES)
_DATA = Path(__file__).with_name("data") / "evaluator.json"
_LAVA = 40.0                    # lava tiles at the start (data.TILE_MASK)


def late_share(state) -> float:
    """How far the game has gone: the share of the lava tiles drawn (1 once the stack is out)."""
    return 1.0 - min(1.0, state.lava_count() / _LAVA)


def features(state) -> list:
    """Per seat, the vector of ``FEATURES`` (floats) for a game whose villages are all chosen."""
    n = state.num_players
    layers = H._frontier_layers(state)
    parts = H._side_parts(state, layers)
    k = H._turns_left(state, 0)
    race = H._race_out(state, layers)
    late = late_share(state)
    final = state.final_left is not None
    order = state.order or list(range(n))
    i = order.index(state.current_player) if state.current_player in order else 0
    pos = {q: (j - i) % n for j, q in enumerate(order)}
    out = []
    for q in range(n):
        f = [0.0] * N_FEATURES
        t = float(state.temperatures[q])
        h = H._heat_fast(state, q, layers, k, parts)
        f[0] = t / 100.0
        f[1] = h / 100.0
        f[2] = race[q] / 100.0
        v = state.villages[q]
        if v is not None and not state.burned[q]:
            per, thr = H._side_cached(state, v, layers, parts)
            f[3] = per / 10.0
            f[4] = thr / 10.0
        f[5] = H._walls_held(state, q) / 10.0
        hand = state.hands[q]
        r = hand.count("rain")
        f[6] = float(r)
        f[7] = float(len(hand) - r)
        last = state.temperatures[q] >= LAST
        f[8] = 1.0 if last else 0.0
        f[9] = float(r) if last else 0.0
        f[10] = float(r) if final else 0.0
        f[11] = 1.0 if state.burned[q] else 0.0
        p = pos.get(q, 0)
        f[12] = 1.0 if p == 0 else 0.0
        f[13] = 1.0 if p == 1 else 0.0
        f[14] = f[0] * late
        f[15] = f[1] * late
        out.append(f)
    return out


weights = FittedWeights(_DATA, FEATURES, "lapilli.games.eruption.fit_evaluator")
"""The fitted weights for a player count (the nearest fitted count when not fitted)."""


def _win_probs(state, weights_of) -> list:
    """The win share at the end, before every village is chosen the hand-made ``values_now``,
    else the conditional logit over the seats with the weights ``weights_of(state)``."""
    if state.is_terminal:
        return H.win_shares(state)
    if state.phase == "village" or any(v is None for v in state.villages):
        return H.values_now(state)
    return logit_probs(features(state), weights_of(state))


def _by_count(state) -> list:
    return weights(state.num_players)


def win_probs(state) -> list:
    """Per-seat values in [0, 1]: the win share at the end, before every village is chosen the
    hand-made ``values_now``, else the fitted conditional logit over the seats."""
    return _win_probs(state, _by_count)


# ---------------------------------------------------------------- weights by the stage of the game 
# In heuristic self-play at 5 players neither the temperature nor the projected heat ranks the
# seats' chances before about two thirds of the lava tiles are drawn (the seat with the lowest of
# either wins 0.19-0.24 of the games from there, 1 in 5 by chance), and most of the heat comes in
# the last third; one set of weights over the whole game (``weights``, with the two "late"
# crossings) is then worse than the uniform guess early and too flat at the end.  The same
# features with weights fitted per stage (``STAGES``: the share of the lava tiles drawn,
# ``late_share``) fit held-out games much better.
STAGES = (0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.925, 0.95, 0.975, 1.0)
"""Stage edges: stage k holds the positions with STAGES[k-1] <= late_share < STAGES[k] (the
last stage: the stack is out)."""
_DATA_STAGED = Path(__file__).with_name("data") / "evaluator_stages.json"


def stage(late: float) -> int:
    """The stage of a ``late_share`` (0 .. len(STAGES))."""
    return bisect_right(STAGES, late)


weights_staged = FittedWeights(_DATA_STAGED, FEATURES, "lapilli.games.eruption.fit_evaluator stages",
                               expect={"stages": STAGES})
"""Per player count, one weight vector per stage (data/evaluator_stages.json; the nearest
fitted count when not fitted)."""


def _staged(state) -> list:
    return weights_staged(state.num_players)[stage(late_share(state))]


def win_probs_staged(state) -> list:
    """``win_probs`` with the weights of the position's stage (``weights_staged``)."""
    return _win_probs(state, _staged)
