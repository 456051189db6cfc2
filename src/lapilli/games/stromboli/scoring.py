"""Scoring (Calcolare i Punti): a pure computation on a position, STR-11.*.

``breakdown(state, seat, rnd)`` returns the points of one seat at scoring ``rnd`` (1 or 2),
part by part.  The parts add up (STR-11.18).
"""
from __future__ import annotations

from .board import RING, SEG
from .data import BASKETS, BUTTERFLIES, FOREST, KIND, MOUNTAIN, NSEG, PEARL, PLAIN, SCORE_BUTTERFLIES

# STR-11.2: a statue scores 3 on a mountain, 2 on a forest, 1 on a plain.
STATUE_POINTS = {PLAIN: 1, FOREST: 2, MOUNTAIN: 3}
BASKET_POINTS = 3      # STR-11.4
WHITE, BLACK, PAIR = 1, 2, 1   # STR-11.5 with STR-I24(a): 1 + 2 + 1 = 4 for a pair
NAUTILUS_POINTS = 3    # STR-11.6, second scoring only (STR-I29)


def baskets(front: list) -> int:
    """Printed fish baskets on a player's cards (STR-I25: a per-card data field)."""
    return sum(BASKETS[c] for c in front)


def statue_counts(statues: list, seat: int) -> dict:
    """How many statues ``seat`` has on each terrain ring."""
    n = {PLAIN: 0, FOREST: 0, MOUNTAIN: 0}
    for sp, owner in enumerate(statues):
        if owner == seat:
            n[RING[sp]] += 1
    return n


def breakdown(state, seat: int, rnd: int) -> dict:
    other = 1 - seat
    statues = state.statues
    mine = statue_counts(statues, seat)
    theirs = statue_counts(statues, other)
    front = state.front[seat]
    parts = {}
    # STR-11.2 statues
    parts["statues"] = sum(STATUE_POINTS[r] * k for r, k in mine.items())
    # STR-11.4 fish baskets: strictly more than the opponent; a tie (also 0-0) gives nobody 3
    parts["baskets"] = BASKET_POINTS if baskets(front) > baskets(state.front[other]) else 0
    # STR-11.5 pearls, STR-I24(a)
    w = sum(1 for c in front if KIND[c] == "pearl" and PEARL[c] == "white")
    b = sum(1 for c in front if KIND[c] == "pearl" and PEARL[c] == "black")
    parts["pearls"] = WHITE * w + BLACK * b + PAIR * min(w, b)
    # STR-11.6 / STR-I29 nautilus only at the second scoring
    naut = sum(1 for c in front if KIND[c] == "nautilus")
    parts["nautilus"] = NAUTILUS_POINTS * naut if rnd == 2 else 0
    # STR-11.9 every score card is scored
    for card in state.score_cards[seat]:
        if card == "butterflies":
            # STR-11.11 / STR-I26(a): butterflies on the cards in front of the player
            n = sum(BUTTERFLIES[c] for c in front) + sum(BUTTERFLIES[c] for c in state.shells[seat])
            n += sum(SCORE_BUTTERFLIES.get(c, 0) for c in state.score_cards[seat])
            parts["butterflies"] = n
        elif card == "majority":
            # STR-11.12 / STR-I27: 2 per terrain with strictly more statues than the opponent
            parts["majority"] = 2 * sum(1 for r in (PLAIN, FOREST, MOUNTAIN) if mine[r] > theirs[r])
        elif card == "forest":
            parts["forest"] = 2 * mine[FOREST]          # STR-11.13
        elif card == "mountain":
            parts["mountain"] = 3 * mine[MOUNTAIN]      # STR-11.14
        elif card == "segment":
            # STR-11.15 / STR-I28: segments whose plain, forest and mountain all hold own statues
            full = 0
            for s in range(NSEG):
                if all(statues[r * NSEG + s] == seat for r in (PLAIN, FOREST, MOUNTAIN)):
                    full += 1
            parts["segment"] = 4 * full
    # STR-11.17 / STR-I23 shells only at the second scoring (p. 7); house rule shells_score 'every':
    # at both scorings (p. 6, "ricevi 1 punto per ogni carta Conchiglia rimasta in mano")
    every = state.options.get("shells_score", "second") == "every"
    parts["shells"] = len(state.shells[seat]) if rnd == 2 or every else 0
    return parts


def statues_on_board(statues: list, seat: int) -> int:
    return sum(1 for o in statues if o == seat)


__all__ = ["breakdown", "baskets", "statue_counts", "statues_on_board", "STATUE_POINTS", "SEG"]


# ------------------------------------------------------------------ the result, told in full
_PARTS = {
    "statues": ("STR-11.2", "statues", "statue"),
    "baskets": ("STR-11.4", "fish baskets", "cestini di pesce"),
    "pearls": ("STR-11.5", "pearls", "perle"),
    "nautilus": ("STR-11.6", "nautilus", "nautilus"),
    "butterflies": ("STR-11.11", "card: Butterflies", "carta: Farfalle"),
    "majority": ("STR-11.12", "card: Majority of Statues", "carta: Maggioranza di Statue"),
    "forest": ("STR-11.13", "card: Statues in the Forest", "carta: Statue nella Foresta"),
    "mountain": ("STR-11.14", "card: Statues on the Mountain", "carta: Statue in Montagna"),
    "segment": ("STR-11.15", "card: Complete Segment", "carta: Segmento Completo"),
    "shells": ("STR-11.17", "Shell cards", "carte Conchiglia"),
}


def score_breakdown(state) -> list[list[dict]]:
    """Each scoring (STR-11.1: there are two) part by part, as the ``score`` events gave them;
    parts worth nothing in a scoring are left out unless a score card asked for them (STR-11.9)."""
    out = [[], []]
    for _, _, events in state.replay_events():
        for ev in events:
            if ev["type"] != "score":
                continue
            rnd = ev["round"]
            for key, pts in ev["parts"].items():
                rule, en, it = _PARTS[key]
                if pts == 0 and key in ("statues", "baskets", "pearls", "nautilus", "shells"):
                    continue
                out[ev["seat"]].append({"part": f"{rnd}:{key}", "points": pts, "rule": rule,
                                        "label": {"en": f"scoring {rnd}: {en}", "it": f"conteggio {rnd}: {it}"}})
    return out


def tie_break(state) -> dict | None:
    p = state.points
    if not state.is_terminal or p[0] != p[1]:
        return None
    n = [statues_on_board(state.statues, s) for s in (0, 1)]
    if n[0] != n[1]:
        return {"rule": "STR-13.2", "text": {"en": "tied on points: decided by more statues on the island",
                                             "it": "pari merito: vince chi ha più statue sull'isola"}}
    return {"rule": "STR-13.3", "text": {"en": "tied on points and statues: the player who did not start wins",
                                         "it": "pari merito anche nelle statue: vince chi non ha iniziato"}}
