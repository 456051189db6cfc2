"""A leaf evaluator for the search fitted to game outcomes (the pattern of The Island's and
Eruption's ``fitted_eval``).

``features(state)`` gives one small vector per seat: the points scored, what final scoring would
give now (IDV-14) and its parts (villages, Moai on the board, their groups, colonists on the
board, prayer tokens), the colonists in the boat, the lying Moai about to stand
(``heuristics.ready_moai``), the points threatened by the next lava (``heuristics._threat`` on
``heuristics.exposed``), the hand-made ``projected`` worth, the Moai left in reserve, the seat's
place in the turn order and whether it still plays a turn once the end is triggered (IDV-13.2);
the score and the projected worth also crossed with how far the game has gone (the share of the
volcanoes gone that the end needs, IDV-13.1).  Everything is read from the state given (the
game has no hidden information; in a search it is the searched copy).  ``win_probs(state)``
scores a position with a conditional logit over the seats: P(seat q wins) = exp(w . f_q) /
sum_r exp(w . f_r), with weights per player count read from ``data/fitted_eval.json`` (fitted by
maximum likelihood on the final win shares of heuristic self-play games,
``python -m lapilli.games.isola_dei_vulcani.fit_eval``; the file says how).  The weights are
data: another fit is a new file.
"""
from __future__ import annotations

from pathlib import Path

from lapilli.agents.fitted import FittedWeights, logit_probs

from . import heuristics as H

FEATURES = (
    "vp",               # points scored so far / 10
    "final_now",        # final scoring if the game ended now (IDV-14) / 10
    "villages",         # villages on the board
    "moai",             # Moai on the board, lying and erected (IDV-I8 a)
    "groups",           # the group bonus of final scoring (IDV-14.4) / 10
    "colonists",        # colonists on the board
    "boat",             # colonists in the boat
    "prayer",           # prayer tokens held
    "ready",            # heuristics.ready_moai: lying Moai that can stand next turn
    "threat",           # heuristics._threat: points threatened by the next lava / 10
    "projected",        # heuristics.projected / 10
    "res_moai",         # Moai left in reserve
    "to_move",          # 1 for the seat whose turn it is
    "next",             # 1 for the seat that plays next
    "last_turn",        # 1 if the end is triggered and the seat still plays this round
    "vp_late",          # vp x progress
    "proj_late",        # projected x progress
)
N_FEATURES = len(FEATURES)
_DATA = Path(__file__).with_name("data") / "fitted_eval.json"


def progress(state) -> float:
    """How far the game has gone: the share of the volcanoes sunk that the end needs (all but
    two, IDV-13.1), in [0, 1]."""
    v0 = len(state.geo.volcano_ids)
    return min(1.0, max(0.0, (v0 - len(state.volcanoes)) / max(1.0, v0 - 2.0)))


def features(state) -> list:
    """Per seat, the vector of ``FEATURES`` (floats) for an unfinished game."""
    n = state.num_players
    exp = H.exposed(state)
    late = progress(state)
    cur = state.cur
    to_end = (state.last_seat() - cur) % n      # seats after the current one still to play this round
    out = []
    for q in range(n):
        f = [0.0] * N_FEATURES
        fb = state.final_breakdown(q)
        pr = H.projected(state, q, exp)
        vp = float(state.vp[q])
        f[0] = vp / 10.0
        f[1] = fb["total"] / 10.0
        f[2] = float(fb["villages"])
        f[3] = float(fb["moai"])
        f[4] = fb["vp_groups"] / 10.0
        f[5] = float(fb["colonists"])
        f[6] = float(state.boat[q])
        f[7] = float(state.prayer[q])
        f[8] = float(H.ready_moai(state, q))
        f[9] = H._threat(state, q, exp) / 10.0
        f[10] = pr / 10.0
        f[11] = float(state.res_moai[q])
        r = (q - cur) % n
        f[12] = 1.0 if r == 0 else 0.0
        f[13] = 1.0 if r == 1 else 0.0
        f[14] = 1.0 if state.end_triggered and r <= to_end else 0.0
        f[15] = f[0] * late
        f[16] = f[10] * late
        out.append(f)
    return out


weights = FittedWeights(_DATA, FEATURES, "lapilli.games.isola_dei_vulcani.fit_eval")
"""The fitted weights for a player count (the nearest fitted count when not fitted)."""


def win_probs(state) -> list:
    """Per-seat values in [0, 1]: the win share at the end (ties shared), else the fitted
    conditional logit over the seats."""
    n = state.num_players
    if state.is_terminal:
        win = state.winners()
        return [1.0 / len(win) if q in win else 0.0 for q in range(n)]
    return logit_probs(features(state), weights(n))
