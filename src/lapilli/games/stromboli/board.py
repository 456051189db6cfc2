"""Island geometry: space names, adjacency and the shaman's reachable spaces.

Spaces are integers ``ring * 6 + segment`` (see data.py); their names are a ring letter and
a segment digit: ``w3`` fishing water, ``b3`` beach, ``p3`` plain, ``f3`` forest,
``m3`` mountain, ``c3`` crater of segment 3.  Segments are numbered clockwise.
"""
from __future__ import annotations

from .data import ADJACENT, CRATER, FOREST, MOUNTAIN, NSEG, NSPACES, PLAIN, SPACE_NAMES

RING = tuple(i // NSEG for i in range(NSPACES))
SEG = tuple(i % NSEG for i in range(NSPACES))
# STR-3.9: a shaman may only ever enter plain, forest and mountain spaces.
ENTERABLE = tuple(RING[i] in (PLAIN, FOREST, MOUNTAIN) for i in range(NSPACES))
STATUE_RINGS = (PLAIN, FOREST, MOUNTAIN)


def _reach(start: int, opp: int) -> tuple:
    """End spaces of a shaman move of 1 or 2 steps from ``start`` (STR-3.2 to STR-3.9).

    Each step goes to an adjacent enterable space (never beach, water or crater: STR-3.7,
    STR-3.9); at most one step goes inwards (STR-3.3, STR-I2(a)); outward steps are free
    (STR-3.8, STR-I3(a)); the opposing shaman's space may be passed but not ended on
    (STR-3.5); statues do not block (STR-3.6, STR-I5).  The start space itself is left out
    (a 0-step move is "stay").
    """
    ends = set()
    for a in ADJACENT[start]:
        if not ENTERABLE[a]:
            continue
        in1 = RING[a] > RING[start]
        ends.add(a)
        for b in ADJACENT[a]:
            if not ENTERABLE[b]:
                continue
            if in1 and RING[b] > RING[a]:
                continue
            ends.add(b)
    ends.discard(start)
    ends.discard(opp)
    return tuple(sorted(ends))


_REACH_CACHE: dict = {}


def shaman_ends(start: int, opp: int) -> tuple:
    """Cached ``_reach``: the legal end spaces (other than staying) of a shaman move."""
    key = start * NSPACES + opp
    r = _REACH_CACHE.get(key)
    if r is None:
        r = _REACH_CACHE[key] = _reach(start, opp)
    return r


def reach_ignoring_inward_limit(start: int) -> set:
    """End spaces within 2 enterable steps with no inward limit (for explaining errors)."""
    ends = set()
    for a in ADJACENT[start]:
        if ENTERABLE[a]:
            ends.add(a)
            ends.update(b for b in ADJACENT[a] if ENTERABLE[b])
    return ends


def name(sp: int) -> str:
    return SPACE_NAMES[sp]


def crater(seg: int) -> int:
    return CRATER * NSEG + seg


def neighbours_of_crater(seg: int) -> tuple:
    """The two craters next to crater ``seg``: clockwise first, then counterclockwise (STR-7.7)."""
    return ((seg + 1) % NSEG, (seg - 1) % NSEG)
