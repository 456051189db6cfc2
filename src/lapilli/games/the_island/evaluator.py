"""A leaf evaluator for the search fitted to game outcomes (a conditional logit over the seats).

``features(state)`` gives one small vector per seat, read from what every seat sees (explorer
values that are hidden count their colour's mean, as in ``heuristics._values_of``): where the
seat's explorers are (saved; on land by the sea distance to an isle; in a boat or swimming,
threatened or not), how far the island has sunk, the seat's place in the turn order, and the
hand-made ``projected`` worth.  ``win_probs(state)`` scores a position with a conditional logit
over the seats: P(seat q wins) = exp(w . f_q) / sum_r exp(w . f_r), with weights per player count
read from ``data/evaluator.json`` (fitted by maximum likelihood on the final win shares of
heuristic self-play games; the file says how).  The weights are data: another fit is a new file.
"""
from __future__ import annotations

from pathlib import Path

from lapilli.agents.fitted import FittedWeights, logit_probs
from lapilli.agents.mcts import win_shares

from . import heuristics as H
from .rules import BOAT, ISLE, LAND, SEA

FEATURES = (
    "saved",            # value saved on the isles
    "land_near",        # value on land, sea distance to an isle <= 5 (island tiles are 4-7 away)
    "land_mid",         # ... 6
    "land_far",         # ... 7 or more
    "boat_safe",        # value in boats no whale (3) or sea serpent (1) can reach
    "boat_danger",      # value in boats one can reach
    "boat_dist",        # value in boats x the boat's distance to an isle
    "sea_safe",         # value swimming, no shark (2) or serpent (1) near, or protected
    "sea_danger",       # value swimming within reach of a shark or serpent
    "sea_dist",         # value swimming x its distance to an isle
    "play_sunk",        # value in play x the share of the island sunk
    "projected",        # heuristics.projected (score now + the hand-made worth in play)
    "to_move",          # 1 for the player whose turn it is
    "next",             # 1 for the player who moves next
    "boats",            # boats the seat controls (most explorers aboard)
    "in_play",          # number of the seat's explorers in play
)
N_FEATURES = len(FEATURES)
_LAND_TILES = 40.0
_DATA = Path(__file__).with_name("data") / "evaluator.json"


def features(state) -> list:
    """Per seat, the vector of ``FEATURES`` (floats) for a started, unfinished game."""
    n = state.num_players
    doomed, sink = H._common(state)
    v = [1] * 60 if state.challenge_3 else H._values_of(state, 0)
    sunk = 1.0 - min(1.0, H._land_left(state.terrain) / _LAND_TILES)
    threats = H._threats(state)
    boat_d, swim_d = threats
    projected = H._projected_all(state, doomed, sink, threats)
    w, a, boat_at, prot = state.explorer_where, state.explorer_at, state.boat_at, state.dolphin_protects
    isle_d = H.ISLE_D
    ctrl = [0] * n
    for b, pax in enumerate(state.boat_passengers):
        if pax and boat_at[b] >= 0:
            for q in state._controllers(b):         # ISL-4.24: the most explorers aboard
                ctrl[q] += 1
    cur = state.current_player
    out = []
    for q in range(n):
        f = [0.0] * N_FEATURES
        play = 0.0
        k = 0
        for e in range(q * 10, q * 10 + 10):
            we = w[e]
            if we == ISLE:
                f[0] += v[e]
            elif we == LAND:
                d = isle_d[a[e]]
                f[1 if d <= 5 else 2 if d == 6 else 3] += v[e]
                play += v[e]
                k += 1
            elif we == BOAT:
                h = boat_at[a[e]]
                f[5 if h in boat_d else 4] += v[e]
                f[6] += v[e] * isle_d[h]
                play += v[e]
                k += 1
            elif we == SEA:
                h = a[e]
                if h == doomed and e not in prot:
                    continue
                f[8 if (h in swim_d and e not in prot) else 7] += v[e]
                f[9] += v[e] * isle_d[h]
                play += v[e]
                k += 1
        f[10] = play * sunk
        f[11] = projected[q]
        r = (q - cur) % n
        f[12] = 1.0 if r == 0 else 0.0
        f[13] = 1.0 if r == 1 else 0.0
        f[14] = float(ctrl[q])
        f[15] = float(k)
        out.append(f)
    return out


weights = FittedWeights(_DATA, FEATURES, "lapilli.games.the_island.fit_evaluator")
"""The fitted weights for a player count (the nearest fitted count when not fitted)."""


def win_probs(state, k: float = 1.0) -> list:
    """Per-seat values in [0, 1]: the win share at the end, during set-up ``setup_values``, else
    the fitted conditional logit over the seats.  ``k``: every weight times ``k`` (the same order
    of the seats, the differences between them ``k`` times as steep; k < 1 a flatter logit)."""
    if state.is_terminal:
        return win_shares(state)
    if not state.started:
        return H.setup_values(state)
    w = weights(state.num_players)
    return logit_probs(features(state), w if k == 1.0 else [k * x for x in w])
