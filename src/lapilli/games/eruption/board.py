"""Board geometry of Eruption: tile matching (Rules A-E), flow ends, contacts, connectivity.

Functions here take the plain board data of a state (``tiles``: hex -> (tile id, rotation,
flow mask); ``fwalls``: flow end (hex, direction) -> (material, owner)) and answer geometric
questions; they never change anything.
"""
from __future__ import annotations

from .data import (CENTRAL_FLOWS, CENTRAL_TARGET, ERUPTION_IDS, NEIGH, PLAYABLE, SIDE_AT, VILLAGES,
                   VOLC_FORBID, VOLC_NEED, opp, step)

FIRST_ERUPTION = ERUPTION_IDS[0]

# hex -> the village sides on its rim: ((direction, village, side index), ...)
SIDES_OF_HEX: dict = {}
for (_h, _d), (_v, _i) in SIDE_AT.items():
    SIDES_OF_HEX.setdefault(_h, []).append((_d, _v, _i))
SIDES_OF_HEX = {h: tuple(v) for h, v in SIDES_OF_HEX.items()}


def edge_profile(tiles: dict, s) -> tuple[int, int]:
    """(need, forbid) masks for a tile in space ``s`` (its own content ignored).

    need: directions where lava (a tile flow or a central flow) faces ``s`` -- the new tile must
    carry a flow there (Rule C converse, ERU-I5/I7); forbid: directions where a tile edge without
    lava, or the volcano where no central flow is printed, faces ``s`` (Rule C note, Rule E).
    """
    need = VOLC_NEED[s]
    forbid = VOLC_FORBID[s]
    row = NEIGH[s]
    for d in range(6):
        n = row[d]
        if n is not None:
            t = tiles.get(n)
            if t is not None:
                if t[2] >> opp(d) & 1:
                    need |= 1 << d
                else:
                    forbid |= 1 << d
    return need, forbid


def frontier(tiles: dict) -> dict:
    """Empty playable spaces met by at least one flow end: space -> mask of directions of those ends."""
    out: dict = {}
    for h, t in tiles.items():
        m = t[2]
        row = NEIGH[h]
        for d in range(6):
            if m >> d & 1:
                n = row[d]
                if n is not None and n not in tiles:
                    out[n] = out.get(n, 0) | (1 << opp(d))
    for f, n in CENTRAL_TARGET.items():
        if n not in tiles:
            d = opp(f[1])
            out[n] = out.get(n, 0) | (1 << d)
    return out


def flow_end_at(s, d):
    """The flow end (hex, direction) that faces space ``s`` from its direction ``d``."""
    return (step(s, d), opp(d))


def open_flow_ends(tiles: dict) -> list:
    """Every flow end (tile or central flow) that faces an empty playable space (ERU-0.6, ERU-I11)."""
    out = []
    for h, t in tiles.items():
        m = t[2]
        row = NEIGH[h]
        for d in range(6):
            if m >> d & 1:
                n = row[d]
                if n is not None and n not in tiles:
                    out.append((h, d))
    for f, n in CENTRAL_TARGET.items():
        if n not in tiles:
            out.append(f)
    return out


def contacts(tiles: dict, v: int) -> list[int]:
    """The sides (0..6) of village ``v`` that a tile flow touches (ERU-0.8)."""
    out = []
    for i, (h, d) in enumerate(VILLAGES[v]["sides"]):
        t = tiles.get(h)
        if t is not None and t[2] >> d & 1:
            out.append(i)
    return out


def all_contacts(tiles: dict) -> set:
    out = set()
    for h, sides in SIDES_OF_HEX.items():
        t = tiles.get(h)
        if t is not None:
            for d, v, i in sides:
                if t[2] >> d & 1:
                    out.add((v, i))
    return out


def connected_tiles(tiles: dict, without=None) -> set:
    """Tiles joined to a source (the volcano's central flows or an eruption tile), optionally
    as if the tile at ``without`` were gone."""
    seen = set()
    stack = []
    for f, n in CENTRAL_TARGET.items():
        if n != without and n in tiles and n not in seen:
            seen.add(n)
            stack.append(n)
    for h, t in tiles.items():
        if t[0] >= FIRST_ERUPTION and h != without and h not in seen:
            seen.add(h)
            stack.append(h)
    while stack:
        h = stack.pop()
        m = tiles[h][2]
        row = NEIGH[h]
        for d in range(6):
            if m >> d & 1:
                n = row[d]
                if n is not None and n != without and n not in seen and n in tiles and tiles[n][2] >> opp(d) & 1:
                    seen.add(n)
                    stack.append(n)
    return seen


def removable(tiles: dict) -> list:
    """Tiles that "Sinkhole" may remove: every other tile stays joined to a source (ERU-14.15, ERU-I34)."""
    out = []
    n = len(tiles)
    for h in tiles:
        if len(connected_tiles(tiles, without=h)) == n - 1:
            out.append(h)
    return out


EMPTY_SPACES = PLAYABLE
CENTRAL = CENTRAL_FLOWS
