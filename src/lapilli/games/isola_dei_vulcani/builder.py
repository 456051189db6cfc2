"""Advanced setup (IDV-16): builds a new continent from the 22 area tiles in phases 1-3, checks
a map against the legality rules (`validate`), and picks the landing bays.

The tiles' shapes, spaces, craters (tile data: [hex index, direction], turned with the tile) and side types (straight / coast, IDV-G9) are those of the
areas in the standard continent's data, so swapping that file changes the tiles too.  A tile is
placed by turning it (6 ways) and shifting it on the hex grid.

Legality (IDV-I32):
* areas touch when a hex edge of one coincides with a hex edge of the other;
* Phase 1: areas 1-5 form one group, each touching at least 2 of the others, with no hole
  (an empty cell completely surrounded by board hexes);
* Phases 2 and 3: a straight edge joins only a straight edge and a coast edge never touches
  another area; right after its placement an area has at most 2 straight edges left free;
* at the end no straight edge faces the sea, the board is connected and has no hole.
"""
from __future__ import annotations

from lapilli.engine import hexgrid as H

from .data import STANDARD_MAP
from .board import channels_for


# ------------------------------------------------------------------ tiles
def _tiles(mapdata: dict) -> dict:
    """area id -> tile: cells relative to the first hex, volcano cell index, spaces, craters, sides."""
    nspace = {(q, r): n for q, r, n in mapdata["spaces"]}
    craters: dict = {}
    for q, r, d in mapdata["craters"]:
        craters.setdefault((q, r), []).append(d)
    out = {}
    for a in mapdata["areas"]:
        cells = [tuple(h) for h in a["hexes"]]
        q0, r0 = cells[0]
        rel = [(q - q0, r - r0) for q, r in cells]
        sides = {}
        for q, r, d, kind in mapdata["sides"][str(a["id"])]:
            sides[(cells.index((q, r)), d)] = kind
        out[a["id"]] = {
            "cells": rel,
            "volcano": cells.index(tuple(a["volcano"])) if a.get("volcano") else None,
            "spaces": [nspace.get(h, 0) for h in cells],
            # craters are printed on the tile: [hex index in the tile, direction] (standard.json areas);
            # older map data without them: the craters of the standard continent on the tile's hexes
            "craters": [tuple(x) for x in a["craters"]] if "craters" in a else
                       [(cells.index(h), d) for h in cells for d in craters.get(h, [])],
            "sides": sides,
        }
    return out


TILES = _tiles(STANDARD_MAP)


def placed_cells(tile: dict, rot: int, at: tuple) -> list:
    return [H.add(H.rotate(c, rot), at) for c in tile["cells"]]


def _outline(tile: dict, rot: int, at: tuple) -> list:
    """[(cell, direction, kind)] for every outline edge of a placed tile."""
    cells = placed_cells(tile, rot, at)
    return [(cells[i], (d + rot) % 6, kind) for (i, d), kind in tile["sides"].items()]


class Layout:
    """A board being built: cell -> area id, and the kind of every outline edge (cell, dir)."""

    def __init__(self):
        self.cell_area: dict = {}
        self.edge_kind: dict = {}
        self.placed: list = []  # (area, rot, at)

    def copy(self) -> "Layout":
        new = Layout()
        new.cell_area = dict(self.cell_area)
        new.edge_kind = dict(self.edge_kind)
        new.placed = list(self.placed)
        return new

    def check(self, area: int, rot: int, at: tuple, strict: bool) -> tuple:
        """(ok, joined edges, free straight edges, reason) for placing ``area`` turned ``rot`` at ``at``."""
        tile = TILES[area]
        cells = placed_cells(tile, rot, at)
        for c in cells:
            if c in self.cell_area:
                return False, 0, 0, "it overlaps another area"
        joined = 0
        touched = set()
        free_edges = []
        for c, d, kind in _outline(tile, rot, at):
            n = H.neighbour(c, d)
            other = self.cell_area.get(n)
            if other is None:
                if kind == "straight":
                    free_edges.append((c, d))
                continue
            touched.add(other)
            if strict:
                if kind != "straight" or self.edge_kind.get((n, (d + 3) % 6)) != "straight":
                    return False, 0, 0, "a coast side touches another area (only straight sides join)"
            joined += 1
        if self.placed and not joined:
            return False, 0, 0, "it does not touch the board"
        free_straight = len(free_edges)  # IDV-I32: a side is one hex edge
        if strict and free_straight > 2:
            return False, joined, free_straight, f"{free_straight} straight sides stay free (at most 2)"
        if strict:
            # a cell that a straight side must face and a coast side must not: no area could ever fill it
            new_kind = {(c, d): kind for c, d, kind in _outline(tile, rot, at)}
            cellset = set(cells)
            for c, d, kind in _outline(tile, rot, at):
                n = H.neighbour(c, d)
                if n in self.cell_area or n in cellset:
                    continue
                kinds = set()
                for e in range(6):
                    m = H.neighbour(n, e)
                    k = new_kind.get((m, (e + 3) % 6)) or self.edge_kind.get((m, (e + 3) % 6))
                    if k:
                        kinds.add(k)
                if len(kinds) == 2:
                    return False, joined, free_straight, "it leaves a gap that a straight side must face and a coast side forbids"
        return True, joined, free_straight, ""

    def place(self, area: int, rot: int, at: tuple) -> None:
        tile = TILES[area]
        for c in placed_cells(tile, rot, at):
            self.cell_area[c] = area
        for c, d, kind in _outline(tile, rot, at):
            self.edge_kind[(c, d)] = kind
        self.placed.append((area, rot, at))

    def free_straight_edges(self) -> list:
        out = []
        for (c, d), kind in self.edge_kind.items():
            if kind == "straight" and H.neighbour(c, d) not in self.cell_area:
                out.append((c, d))
        out.sort()
        return out


def holes(cells) -> list:
    """Empty cells enclosed by the board (not reachable from outside without crossing hexes)."""
    cells = set(cells)
    if not cells:
        return []
    qs = [c[0] for c in cells]
    rs = [c[1] for c in cells]
    lo_q, hi_q, lo_r, hi_r = min(qs) - 1, max(qs) + 1, min(rs) - 1, max(rs) + 1
    box = {(q, r) for q in range(lo_q, hi_q + 1) for r in range(lo_r, hi_r + 1)}
    empty = box - cells
    start = (lo_q, lo_r)
    seen = {start}
    stack = [start]
    while stack:
        c = stack.pop()
        for n in H.neighbours(c):
            if n in empty and n not in seen:
                seen.add(n)
                stack.append(n)
    return sorted(empty - seen)


def _touching(cell_area: dict, a: int) -> set:
    out = set()
    for c, x in cell_area.items():
        if x != a:
            continue
        for n in H.neighbours(c):
            y = cell_area.get(n)
            if y is not None and y != a:
                out.add(y)
    return out


def phase1_problems(cell_area: dict) -> list:
    """Why a Phase-1 group of areas 1-5 is illegal (empty list: legal)."""
    probs = []
    group = {c: a for c, a in cell_area.items() if a in (1, 2, 3, 4, 5)}
    missing = [a for a in (1, 2, 3, 4, 5) if a not in group.values()]
    if missing:
        probs.append(("IDV-16.5", f"phase 1 needs areas 1-5; missing {missing}"))
    if group and len(H.connected_components(group)) > 1:
        probs.append(("IDV-16.5", "areas 1-5 do not form a single group"))
    for a in sorted(set(group.values())):
        k = len(_touching(group, a))
        if k < 2:
            probs.append(("IDV-16.8", f"area {a} touches only {k} other area(s) of 1-5 instead of at least 2"))
    hs = holes(group)
    if hs:
        probs.append(("IDV-16.9", f"the group of areas 1-5 has a hole at {hs[0]}"))
    return probs


# ------------------------------------------------------------------ building
def _frontier(cell_area: dict) -> list:
    out = set()
    for c in cell_area:
        for n in H.neighbours(c):
            if n not in cell_area:
                out.add(n)
    return sorted(out)


def _candidates(lay: Layout, area: int, targets, strict: bool) -> list:
    tile = TILES[area]
    out = []
    seen = set()
    for t in targets:
        for rot in range(6):
            for c in tile["cells"]:
                at = H.sub(t, H.rotate(c, rot))
                if (rot, at) in seen:
                    continue
                seen.add((rot, at))
                ok, joined, free, _ = lay.check(area, rot, at, strict)
                if ok:
                    out.append((rot, at, joined, free))
    return out


def _phase1(rng) -> Layout | None:
    for _ in range(200):
        lay = Layout()
        lay.place(1, rng.randbelow(6), (0, 0))
        ok = True
        for a in (2, 3, 4, 5):
            cands = _candidates(lay, a, _frontier(lay.cell_area), strict=False)
            # compact: prefer placements touching the group on many edges
            if not cands:
                ok = False
                break
            top = max(c[2] for c in cands)
            good = [c for c in cands if c[2] >= top - 1]
            rot, at, _, _ = good[rng.randbelow(len(good))]
            lay.place(a, rot, at)
        if ok and not phase1_problems(lay.cell_area):
            return lay
    return None


def _phase2(lay: Layout, rng) -> Layout | None:
    for _ in range(50):
        cur = lay.copy()
        ok = True
        for a in (6, 7, 8):
            cands = _candidates(cur, a, _frontier(cur.cell_area), strict=True)
            if not cands:
                ok = False
                break
            rot, at, _, _ = cands[rng.randbelow(len(cands))]
            cur.place(a, rot, at)
        if ok and not holes(cur.cell_area):
            return cur
    return None


def _phase3(lay: Layout, rng, budget: list) -> Layout | None:
    """Depth-first: close the free straight edges with areas 9-22, one area at a time."""
    free = lay.free_straight_edges()
    if not free:
        return lay if not holes(lay.cell_area) else None
    used = {a for a, _, _ in lay.placed}
    left = [a for a in range(9, 23) if a in TILES and a not in used]
    if not left:
        return None
    c, d = free[0]
    target = H.neighbour(c, d)
    options = [(a, rot, at) for a in left for rot, at, _, _ in _candidates(lay, a, [target], strict=True)]
    rng.shuffle(options)
    for a, rot, at in options[:6]:
        budget[0] -= 1
        if budget[0] < 0:
            return None
        nxt = lay.copy()
        nxt.place(a, rot, at)
        if holes(nxt.cell_area):
            continue
        got = _phase3(nxt, rng, budget)
        if got is not None:
            return got
    return None


def build_layout(rng) -> Layout:
    for _ in range(400):
        lay = _phase1(rng)
        if lay is None:
            continue
        lay = _phase2(lay, rng)
        if lay is None:
            continue
        got = _phase3(lay, rng, [400])
        if got is not None:
            return got
    raise RuntimeError("the advanced builder found no legal continent")


def layout_to_map(lay: Layout) -> dict:
    areas, spaces, craters, sides = [], [], [], {}
    for area, rot, at in lay.placed:
        tile = TILES[area]
        cells = placed_cells(tile, rot, at)
        areas.append({"id": area, "hexes": [list(c) for c in cells],
                      "volcano": list(cells[tile["volcano"]]) if tile["volcano"] is not None else None,
                      "craters": [[i, (d + rot) % 6] for i, d in tile["craters"]],
                      "provenance": "advanced setup: tile of the standard data, turned and placed by the builder"})
        for c, n in zip(cells, tile["spaces"]):
            spaces.append([c[0], c[1], n])
        for i, d in tile["craters"]:
            craters.append([cells[i][0], cells[i][1], (d + rot) % 6])
        sides[str(area)] = [[c[0], c[1], d, kind] for c, d, kind in _outline(tile, rot, at)]
    mapdata = {
        "name": "advanced",
        "areas": areas,
        "spaces": spaces,
        "craters": craters,
        "sides": sides,
        "order": [[a, rot, list(at)] for a, rot, at in lay.placed],
    }
    mapdata["channels"] = {str(v): ch for v, ch in channels_for(mapdata).items()}
    mapdata["landing_bays"] = candidate_bays(mapdata)
    return mapdata


def candidate_bays(mapdata: dict) -> list:
    """IDV-G10: one bay per area with a coast side: its hexes that have a coast side."""
    out = []
    for a in mapdata["areas"]:
        hs = []
        for q, r, d, kind in mapdata["sides"][str(a["id"])]:
            if kind == "coast" and [q, r] not in hs:
                hs.append([q, r])
        if hs:
            out.append(hs)
    return out


def build_map(rng) -> dict:
    """A random legal continent (IDV-16.5 .. IDV-16.15) as map data."""
    return layout_to_map(build_layout(rng))


_BEST_BAYS: dict = {}


def _best_bay_sets(geo, players: int) -> list:
    """The sets of ``players`` different bays whose closest two are as far apart as possible."""
    import itertools

    key = (id(geo), players)
    got = _BEST_BAYS.get(key)
    if got is None:
        coords = [geo.coord[b[0]] for b in geo.bays]
        best, best_d = [], -1
        for pick in itertools.combinations(range(len(coords)), players):
            d = min(H.distance(coords[i], coords[j]) for i, j in itertools.combinations(pick, 2))
            if d > best_d:
                best, best_d = [pick], d
            elif d == best_d:
                best.append(pick)
        got = _BEST_BAYS[key] = best
    return got


def choose_bays(geo, players: int, rng) -> list:
    """IDV-16.18: boats face down in different, roughly equidistant bays (one of the sets of bays
    whose closest pair is farthest apart, drawn at random), then assigned to the players at random."""
    sets = _best_bay_sets(geo, players)
    pick = sets[rng.randbelow(len(sets))]
    chosen = [geo.bays[i] for i in pick]
    rng.shuffle(chosen)  # IDV-R2: boats assigned at random
    return chosen


# ------------------------------------------------------------------ validation
def validate(mapdata: dict) -> list:
    """Every reason why an advanced map is illegal, as (clause, message); empty when legal."""
    probs = []
    cell_area = {}
    for a in mapdata["areas"]:
        for h in a["hexes"]:
            h = tuple(h)
            if h in cell_area:
                probs.append(("IDV-0.3", f"hex {h} belongs to areas {cell_area[h]} and {a['id']}"))
            cell_area[h] = a["id"]
    ids = [a["id"] for a in mapdata["areas"]]
    if len(set(ids)) != len(ids):
        probs.append(("IDV-16.2", "an area is used twice"))
    for v in range(1, 9):
        if v not in ids:
            probs.append(("IDV-16.10", f"volcano area {v} is missing"))
    probs.extend(phase1_problems(cell_area))
    edge_kind = {}
    for a in mapdata["areas"]:
        for q, r, d, kind in mapdata["sides"][str(a["id"])]:
            edge_kind[((q, r), d)] = kind
    for (c, d), kind in sorted(edge_kind.items()):
        n = H.neighbour(c, d)
        if n in cell_area and cell_area[n] != cell_area[c]:
            if kind != "straight" or edge_kind.get((n, (d + 3) % 6)) != "straight":
                probs.append(("IDV-16.11", f"a coast side of area {cell_area[c]} touches area {cell_area[n]}"))
        elif n not in cell_area and kind == "straight":
            probs.append(("IDV-16.14", f"a straight side of area {cell_area[c]} faces the sea at {c}"))
    if len(H.connected_components(cell_area)) > 1:
        probs.append(("IDV-16.14", "the continent is not in one piece"))
    hs = holes(cell_area)
    if hs:
        probs.append(("IDV-16.14", f"the continent has a hole at {hs[0]}"))
    order = mapdata.get("order")
    if order:
        lay = Layout()
        for i, (a, rot, at) in enumerate(order):
            at = tuple(at)
            if a in (1, 2, 3, 4, 5):
                lay.place(a, rot, at)
                continue
            ok, _, _, why = lay.check(a, rot, at, strict=True)
            if not ok:
                rule = "IDV-16.11" if a in (6, 7, 8) else "IDV-16.13"
                probs.append((rule, f"placing area {a} (step {i + 1}): {why}"))
            lay.place(a, rot, at)
    # de-duplicate, keep order
    seen, out = set(), []
    for p in probs:
        if p not in seen:
            seen.add(p)
            out.append(p)
    return out
