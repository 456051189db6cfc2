"""Stromboli heuristics for the shared computer players (agents/heuristic.py, agents/mcts.py).

``evaluate(state, seat)`` is the seat's *projected* score minus the opponent's: points already
scored, plus what the next scoring would give now (STR-11.*), plus what the position is about
to bring (statues and beach cards score again at the second scoring, shells buy score cards,
the cards the boat can bring to beaches where the seat leads, a shaman standing on a free high
space ready for a Build card), minus the statues the lava markers threaten (STR-10.*).

``choose`` is a one-ply greedy player on ``evaluate``; ``policy`` a cheap rollout policy for
MCTS (sensible shaman moves, picks, purchases and Priestess moves, otherwise random);
``values`` turns ``evaluate`` into per-seat values in [0, 1] for MCTS.
"""
from __future__ import annotations

import math

from lapilli.agents.heuristic import greedy_choose

from . import scoring
from .board import RING, SEG
from .data import (
    BASKETS, BUTTERFLIES, CARD_SPACES, FOREST, KIND, MOUNTAIN, NSEG, PEARL, PLAIN, PRIESTESS,
)

STATUE_PTS = {PLAIN: 1, FOREST: 2, MOUNTAIN: 3}
# the ring a lava stack of height n reaches: 1 mountain, 2 forest, 3 plain (STR-10.5)
_THREAT_DEPTH = {MOUNTAIN: 1, FOREST: 2, PLAIN: 3}


def _build_value(state, seat: int) -> float:
    """What a Build card is worth to ``seat`` now (STR-7.3)."""
    sp = state.shaman[seat]
    r = RING[sp]
    if r not in STATUE_PTS or state.statues[sp] >= 0 or state.statues_left[seat] <= 0:
        return 0.4
    v = STATUE_PTS[r] * (2.0 if state.round == 1 else 1.0)
    cards = state.score_cards[seat]
    if "mountain" in cards and r == MOUNTAIN:
        v += 3
    if "forest" in cards and r == FOREST:
        v += 2
    if state.craters[SEG[sp]] >= _THREAT_DEPTH[r]:
        v *= 0.4
    return v


def card_value(state, seat: int, card: str) -> float:
    """A rough value of receiving palm card ``card``."""
    k = KIND[card]
    bf = BUTTERFLIES[card] * (1.0 if "butterflies" in state.score_cards[seat] else 0.3)
    if k == "build":
        return _build_value(state, seat) + bf
    if k == "shell":
        return 1.6 + bf
    if k == "priestess":
        return 0.8 + bf
    if k == "basket":
        return 1.2 * BASKETS[card] + bf
    if k == "pearl":
        return (1.5 if PEARL[card] == "white" else 2.4) + bf
    if k == "nautilus":
        return (3.0 if state.round == 2 else 1.5) + bf
    return bf


def _threat(state, seat: int) -> float:
    """Points of ``seat``'s statues the next eruption would destroy (STR-10.5, STR-I30)."""
    loss = 0.0
    mult = 2.0 if state.round == 1 else 1.0
    for ring, depth in _THREAT_DEPTH.items():
        for s in range(NSEG):
            sp = ring * NSEG + s
            if state.statues[sp] == seat and state.craters[s] >= depth and sp not in state.shaman:
                loss += STATUE_PTS[ring] * mult
    return loss


def _projected(state, seat: int) -> float:
    rnd = state.round
    parts = scoring.breakdown(state, seat, rnd)
    v = state.points[seat] + sum(parts.values())
    if rnd == 1:
        # statues and beach cards stay for the second scoring (STR-12.*); shells become score
        # cards or a point each
        v += 0.8 * (parts["statues"] + parts["pearls"]) + 0.5 * parts["baskets"]
        v += 1.4 * len(state.shells[seat])
    v -= _threat(state, seat)
    # a shaman on a free high space is one Build card away from a statue
    sp = state.shaman[seat]
    r = RING[sp]
    if r in STATUE_PTS and state.statues[sp] < 0 and state.statues_left[seat] > 0:
        v += 0.25 * STATUE_PTS[r]
    return v


def _disc_potential(state, seat: int) -> float:
    """Cards waiting on beaches where ``seat`` has discs: the better one when it leads the sum,
    the other one when it trails (STR-5.*)."""
    v = 0.0
    d0, d1 = state.discs
    for s in range(NSEG):
        cards = [c for c in state.cards[s * CARD_SPACES:(s + 1) * CARD_SPACES] if c is not None]
        if not cards:
            continue
        mine = sum(x for x in range(1, 6) if state.discs[seat][x] == s)
        if not mine:
            continue
        theirs = sum(x for x in range(1, 6) if state.discs[1 - seat][x] == s)
        vals = sorted((card_value(state, seat, c) for c in cards), reverse=True)
        if mine > theirs:
            v += vals[0]
        elif len(vals) > 1:
            v += vals[1]
    return 0.35 * v


def evaluate(state, seat: int) -> float:
    """Projected score margin of ``seat`` (terminal: +-1000 on top of the score margin)."""
    other = 1 - seat
    if state.is_terminal:
        m = float(state.points[seat] - state.points[other])
        return m + (1000.0 if seat in state.winners() else -1000.0)
    return (_projected(state, seat) + _disc_potential(state, seat)
            - _projected(state, other) - _disc_potential(state, other))


def values(state) -> list:
    """Per-seat values in [0, 1] for MCTS: the win at the end, else a logistic of the margin."""
    if state.is_terminal:
        w = state.winners()
        return [1.0 if 0 in w else 0.0, 1.0 if 1 in w else 0.0]
    m = evaluate(state, 0)
    v0 = 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, m / 4.0))))
    return [v0, 1.0 - v0]


# ---------------------------------------------------------------- move choices
def _shaman_target(state, legal: list) -> str:
    """Move to the free statue space with the most points, away from lava; 'stay' if no better."""
    p = state.current_player
    best, best_v = "stay", -1.0
    here = state.shaman[p]
    r = RING[here]
    if r in STATUE_PTS and state.statues[here] < 0:
        best_v = STATUE_PTS[r] - (2 if state.craters[SEG[here]] >= _THREAT_DEPTH[r] else 0)
    for a in legal:
        if not a.startswith("shaman"):
            continue
        sp = _space(a.split()[1])
        ring = RING[sp]
        if state.statues[sp] >= 0:
            # standing on an own threatened statue protects it (STR-I30)
            v = 0.5 * STATUE_PTS[ring] if (state.statues[sp] == p and state.craters[SEG[sp]] >= _THREAT_DEPTH[ring]) else -0.5
        else:
            v = STATUE_PTS[ring] - (2 if state.craters[SEG[sp]] >= _THREAT_DEPTH[ring] else 0)
        if v > best_v:
            best, best_v = a, v
    return best


_SP = {}


def _space(name: str) -> int:
    sp = _SP.get(name)
    if sp is None:
        from .data import SPACE_INDEX

        sp = _SP[name] = SPACE_INDEX[name]
    return sp


def _buy_choice(state, seat: int, legal: list) -> str:
    """The purchase that adds the most points now (statues in place), or the Priestess when
    lava threatens; 'pass' when nothing helps."""
    best, best_v = "pass", 0.5
    n = scoring.statue_counts(state.statues, seat)
    o = scoring.statue_counts(state.statues, 1 - seat)
    for a in legal:
        if a == "pass":
            continue
        card = a.split()[1]
        if card == "mountain":
            v = 3 * n[MOUNTAIN] + 1
        elif card == "forest":
            v = 2 * n[FOREST] + 0.5
        elif card == "majority":
            v = 2 * sum(1 for r in (PLAIN, FOREST, MOUNTAIN) if n[r] > o[r]) + 0.5
        elif card == "segment":
            v = 4 * sum(1 for s in range(NSEG) if all(state.statues[r * NSEG + s] == seat for r in (PLAIN, FOREST, MOUNTAIN))) + 0.3
        elif card == "butterflies":
            v = sum(BUTTERFLIES[c] for c in state.front[seat])
        elif card == PRIESTESS:
            v = 0.5 * _threat(state, seat)
        else:
            v = 0
        v -= 0.8 * (2 if card in ("mountain", "segment") else 1) if state.round == 1 else 0.0
        if v > best_v:
            best, best_v = a, v
    return best


def _priestess_choice(state, seat: int, legal: list) -> str:
    best, best_v = legal[0], None
    for a in legal:
        _, x, y = a.split()
        a_, b_ = int(x[1]), int(y[1])
        state.craters[a_] -= 1
        state.craters[b_] += 1
        v = _threat(state, 1 - seat) - _threat(state, seat)
        state.craters[a_] += 1
        state.craters[b_] -= 1
        if best_v is None or v > best_v:
            best, best_v = a, v
    return best


def policy(state, legal: list, rng) -> str:
    """Cheap rollout policy for MCTS."""
    if len(legal) == 1:
        return legal[0]
    kind = state.tasks[0][0]
    seat = state.to_move
    if kind == "shaman":
        return _shaman_target(state, legal) if rng.randbelow(4) else legal[rng.randbelow(len(legal))]
    if kind == "pick":
        seg = state.tasks[0][2]
        return max(legal, key=lambda a: card_value(state, seat, state.cards[seg * CARD_SPACES + int(a[-1]) - 1]))
    if kind in ("buy", "prebuy"):
        return _buy_choice(state, seat, legal)
    if kind == "priestess":
        return _priestess_choice(state, seat, legal)
    # a turn: half the time a placement on the boat's beach that wins cards now, else random
    if rng.randbelow(2):
        boat = state.boat
        good = []
        for a in legal:
            if a.startswith("place") and a.endswith(f"b{boat}"):
                v = int(a.split()[1])
                dest = (boat + v) % NSEG
                if any(state.cards[dest * CARD_SPACES + j] is not None for j in range(CARD_SPACES)):
                    good.append(a)
        if good:
            return good[rng.randbelow(len(good))]
    return legal[rng.randbelow(len(legal))]


def choose(state, legal: list, rng, seat: int) -> str:
    """One-ply greedy on ``evaluate`` (with the rule-based shaman, buy and Priestess choices)."""
    kind = state.tasks[0][0]
    if kind == "shaman":
        return _shaman_target(state, legal)
    if kind in ("buy", "prebuy"):
        return _buy_choice(state, seat, legal)
    if kind == "priestess":
        return _priestess_choice(state, seat, legal)
    return greedy_choose(state, legal, rng, seat, evaluate, limit=None, tolerance=1e-9)
