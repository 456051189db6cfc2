"""Territory geometry and scoring for Kingdomino Origins (no game flow here).

A territory lives on a fixed square grid of ``W x W`` cells, ``W = 2N + 1`` for a target size
``N`` (5, or 7 in the Neolithic): the start tile sits in the middle, every square the rules
allow lies within ``N - 1`` rows and columns of it, and a margin of one never-used cell on each
side spares bounds checks.  A cell is one integer ``r * W + c``.  Cells are named like chess
squares: a column letter (``a`` on the left) and a row number (``1`` at the top) over the
``(2N-1) x (2N-1)`` frame, so the Hut stands on ``e5`` (5x5) or ``g7`` (7x7).

Per-player territory data (kept in the state as plain lists and dicts):
  land  list[int]      landscape code per cell, -1 = no square, START = the start tile
  camp  dict[cell,int] printed campfires
  tok   dict[cell,int] fires of the fire token lying there
  crat  dict[cell,int] craters of a volcano square
  res   dict[cell,int] wooden resource code
  cro   dict[cell,str] Cro-magnon kind
  bbox  [minr, maxr, minc, maxc]
"""
from __future__ import annotations

from .data import CRO_KINDS, START, VOLCANO, WARRIORS

LETTERS = "abcdefghijklmnopqrstuvwxyz"


class Geometry:
    """Immutable, shared by every state of one size."""

    def __init__(self, n: int):
        self.n = n
        self.w = w = 2 * n + 1
        self.cells = w * w
        self.center = (w // 2) * w + w // 2
        self.row = [i // w for i in range(self.cells)]
        self.col = [i % w for i in range(self.cells)]
        self.inside = [1 <= self.row[i] <= w - 2 and 1 <= self.col[i] <= w - 2 for i in range(self.cells)]
        self.name = [""] * self.cells
        self.index: dict[str, int] = {}
        for i in range(self.cells):
            if self.inside[i]:
                nm = f"{LETTERS[self.col[i] - 1]}{self.row[i]}"
                self.name[i] = nm
                self.index[nm] = i
        # orthogonal neighbours (for inside cells; margin cells get none)
        self.orth: list[tuple] = []
        self.ring: list[tuple] = []
        for i in range(self.cells):
            if not self.inside[i]:
                self.orth.append(())
                self.ring.append(())
                continue
            self.orth.append((i - w, i + 1, i + w, i - 1))
            self.ring.append(tuple(i + dr * w + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc))
        # cells within Chebyshev distance 1..R of a cell, inside the frame (KDO-I1)
        self._within: dict[tuple, tuple] = {}

    def within(self, cell: int, rng: int) -> tuple:
        key = (cell, rng)
        got = self._within.get(key)
        if got is None:
            r0, c0 = self.row[cell], self.col[cell]
            w = self.w
            got = tuple(
                r * w + c
                for r in range(max(1, r0 - rng), min(w - 2, r0 + rng) + 1)
                for c in range(max(1, c0 - rng), min(w - 2, c0 + rng) + 1)
                if (r, c) != (r0, c0)
            )
            self._within[key] = got
        return got

    def chebyshev(self, a: int, b: int) -> int:
        return max(abs(self.row[a] - self.row[b]), abs(self.col[a] - self.col[b]))


GEOMETRY = {5: Geometry(5), 7: Geometry(7)}


def new_territory(geo: Geometry) -> tuple:
    land = [-1] * geo.cells
    land[geo.center] = START
    r, c = geo.row[geo.center], geo.col[geo.center]
    return land, [r, r, c, c]


def fits(geo: Geometry, bbox: list, cells) -> bool:
    """KDO-4.6: every square (the start tile included) inside one N x N square."""
    minr, maxr, minc, maxc = bbox
    for x in cells:
        r, c = geo.row[x], geo.col[x]
        if r < minr:
            minr = r
        elif r > maxr:
            maxr = r
        if c < minc:
            minc = c
        elif c > maxc:
            maxc = c
    return maxr - minr < geo.n and maxc - minc < geo.n


_PLACEMENTS: dict = {}
_PLACEMENTS_MAX = 4_096


def placements(geo: Geometry, land: list, occ: list, bbox: list, tile: tuple) -> list:
    """Every legal placement of a tile as (cell of square 1, cell of square 2) (KDO-4.2-4.6).

    Memoised per territory (its squares and frame) and the tile's two landscapes, the only
    parts of the tile that matter here (a small memo of immutable tuples, cheap to keep and
    to miss); the sequence returned is a tuple.
    """
    key = (geo.n, tuple(land), tuple(bbox), tile[0][0], tile[1][0])
    out = _PLACEMENTS.get(key)
    if out is None:
        if len(_PLACEMENTS) >= _PLACEMENTS_MAX:
            _PLACEMENTS.clear()
        out = _PLACEMENTS[key] = tuple(placements_fresh(geo, land, occ, bbox, tile))
    return out


def placements_fresh(geo: Geometry, land: list, occ: list, bbox: list, tile: tuple) -> list:
    """placements() without the memo (a new list; for callers that rarely see a territory twice).

    A square may go on an empty cell inside the window of rows and columns that keeps the
    territory within N x N (KDO-4.6; for two adjacent cells checking each is enough); the tile
    connects when square 1 or square 2 touches the start tile or its own landscape (KDO-4.3-4.5).
    KDO-I10: orthogonal contact only, the start tile is wild, a volcano matches a volcano.
    """
    n = geo.n
    minr, maxr, minc, maxc = bbox
    r0, r1, c0, c1 = maxr - n + 1, minr + n - 1, maxc - n + 1, minc + n - 1
    row, col, orth = geo.row, geo.col, geo.orth
    # empty cells next to the territory, with a bit mask of the landscapes they touch
    masks = {}
    for i in occ:
        bit = 1 << land[i]
        for nb in orth[i]:
            if land[nb] == -1:
                masks[nb] = masks.get(nb, 0) | bit
    ba = (1 << tile[0][0]) | _START_BIT
    bb = (1 << tile[1][0]) | _START_BIT
    out = []
    for x, mx in masks.items():
        if not (r0 <= row[x] <= r1 and c0 <= col[x] <= c1):
            continue
        for y in orth[x]:
            if land[y] != -1 or not (r0 <= row[y] <= r1 and c0 <= col[y] <= c1):
                continue
            my = masks.get(y)
            if my is None:
                my = 0
            elif y < x:
                continue  # this pair is handled from y's side
            if mx & ba or my & bb:
                out.append((x, y))
            if my & ba or mx & bb:
                out.append((y, x))
    out.sort()
    return out


_START_BIT = 1 << START


def regions(geo: Geometry, land: list, camp: dict, tok: dict, cells=None) -> list:
    """KDO-8.1: every region as (landscape, squares, fire icons).  The start tile is in none (KDO-I12).

    ``cells``: where to look for regions (default every cell; the occupied cells give the same
    regions faster)."""
    return region_labels(geo, land, camp, tok, range(geo.cells) if cells is None else cells)[1]


def region_labels(geo: Geometry, land: list, camp: dict, tok: dict, cells) -> tuple:
    """The regions (KDO-8.1) found from ``cells`` with the region of every cell: (cell -> index
    into the list, the list of (landscape, squares, fire icons)).  For ``regions`` and
    ``comfort_after``."""
    lab = {}
    out = []
    orth = geo.orth
    for i in cells:
        v = land[i]
        if v < 0 or v == START or i in lab:
            continue
        k = len(out)
        lab[i] = k
        stack = [i]
        size = 0
        fire = 0
        while stack:
            x = stack.pop()
            size += 1
            fire += camp.get(x, 0) + tok.get(x, 0)
            for nb in orth[x]:
                if land[nb] == v and nb not in lab:
                    lab[nb] = k
                    stack.append(nb)
        out.append((v, size, fire))
    return lab, out


def comfort_after(geo: Geometry, lab: dict, regs: list, base: int, sq: tuple, a: int, b: int) -> int:
    """The comfort (KDO-8.5-8.8) after laying the domino squares ``sq`` on the empty cells ``a``
    and ``b`` of a territory whose regions are ``region_labels``' (``lab``, ``regs``) and whose
    comfort is ``base``: the same number as ``comfort(regions(...))`` of the new territory,
    without a flood fill.  A square joins the regions of its landscape next to it (and the other
    square when both have one landscape), bringing its printed campfires (no fire token lies on an
    empty cell: tokens go on the player's own squares, KDO-I3); volcano regions earn nothing
    (KDO-8.7)."""
    orth = geo.orth
    la, lb = sq[0][0], sq[1][0]
    if la == lb:
        groups = ((la, (a, b), sq[0][1] + sq[1][1]),)
    else:
        groups = ((la, (a,), sq[0][1]), (lb, (b,), sq[1][1]))
    out = base
    for v, new, fire in groups:
        if v == VOLCANO:
            continue
        ids = set()
        for x in new:
            for nb in orth[x]:
                i = lab.get(nb)
                if i is not None and regs[i][0] == v:
                    ids.add(i)
        size = len(new)
        for i in ids:
            _, s, f = regs[i]
            out -= s * f
            size += s
            fire += f
        out += size * fire
    return out


def comfort(regs: list) -> int:
    """KDO-8.5-8.8: size x fire icons for each region; volcano regions earn nothing."""
    return sum(size * fire for land, size, fire in regs if land != VOLCANO)


def fire_icons(camp: dict, tok: dict) -> int:
    """KDO-I13: every fire icon in the territory (printed campfires and token fires)."""
    return sum(camp.values()) + sum(tok.values())


def cro_points(geo: Geometry, cro: dict, res: dict, camp: dict, tok: dict) -> dict:
    """Points of every Cro-magnon of a territory (KDO-11.22-11.35): cell -> points.

    KDO-I25: a piece counts for every Cro-magnon around it; a token with N fires counts N; the
    shaman counts every Cro-magnon tile around it (warriors too, never itself); KDO-I24: a
    Cro-magnon is no resource.

    Warriors score as hordes; the horde's points are given on the cell of each of its warriors
    split as (size x power) for the first cell found and 0 for the others."""
    out = {}
    ring = geo.ring
    warriors = []
    for cell, kind in cro.items():
        rule = CRO_KINDS[kind]
        how = rule["scores"]
        if how == "warrior":
            warriors.append(cell)
            continue
        pts = 0
        if how == "resource":
            want = rule["resource"]
            pts = sum(1 for nb in ring[cell] if res.get(nb, -1) == want) * rule["points"]
        elif how == "any_resource":
            pts = sum(1 for nb in ring[cell] if nb in res) * rule["points"]
        elif how == "fire":
            pts = sum(camp.get(nb, 0) + tok.get(nb, 0) for nb in ring[cell]) * rule["points"]
        elif how == "cromagnon":
            pts = sum(1 for nb in ring[cell] if nb in cro) * rule["points"]
        out[cell] = pts
    for cell, size, power in hordes(geo, cro):
        out[cell] = size * power
    for cell in warriors:
        out.setdefault(cell, 0)
    return out


def hordes(geo: Geometry, cro: dict) -> list:
    """KDO-11.33: maximal groups of warriors linked orthogonally, warrior to warrior (KDO-I26).

    Returns (first cell, number of warriors, total power) per horde."""
    seen = set()
    out = []
    for cell in sorted(cro):
        if cell in seen or cro[cell] not in WARRIORS:
            continue
        seen.add(cell)
        stack = [cell]
        size = power = 0
        while stack:
            x = stack.pop()
            size += 1
            power += CRO_KINDS[cro[x]]["power"]
            for nb in geo.orth[x]:
                if nb not in seen and cro.get(nb) in WARRIORS:
                    seen.add(nb)
                    stack.append(nb)
        out.append((cell, size, power))
    return out


def hut_centred(geo: Geometry, bbox: list) -> bool:
    """KDO-12.2/12.3 with KDO-I27 reading (a): the Hut is exactly halfway between the outermost
    occupied rows and between the outermost occupied columns of the territory built."""
    minr, maxr, minc, maxc = bbox
    h = geo.center
    return 2 * geo.row[h] == minr + maxr and 2 * geo.col[h] == minc + maxc
