"""Hex geometry shared by The Island, Eruption and L'Isola dei Vulcani.

Hexes are axial coordinates ``(q, r)`` (plain tuples, so they hash fast and serialise).  The
third cube coordinate is ``s = -q - r``.  Direction ``d`` (0-5) is the step ``DIRECTIONS[d]``;
going round counter-clockwise on screen.  What a direction is called depends on the layout:

* pointy-top (rows of hexes): 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE;
* flat-top (columns of hexes): 0 SE, 1 NE, 2 N, 3 NW, 4 SW, 5 S.

An edge between two neighbouring hexes is the sorted pair ``(a, b)``; an edge on the rim of a
hex is also named by ``(hex, direction)`` and `edge` turns either into the canonical pair.
Boards laid out in offset rows or columns convert with `from_offset` / `to_offset`.
"""
from __future__ import annotations

from typing import Iterable, Iterator

Hex = tuple[int, int]

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
POINTY_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
FLAT_NAMES = ("SE", "NE", "N", "NW", "SW", "S")
_DIR_INDEX = {d: i for i, d in enumerate(DIRECTIONS)}


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def sub(a: Hex, b: Hex) -> Hex:
    return (a[0] - b[0], a[1] - b[1])


def neighbour(h: Hex, d: int) -> Hex:
    dq, dr = DIRECTIONS[d % 6]
    return (h[0] + dq, h[1] + dr)


def neighbours(h: Hex) -> list[Hex]:
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def direction(a: Hex, b: Hex) -> int | None:
    """The direction from ``a`` to its neighbour ``b`` (None when they are not neighbours)."""
    return _DIR_INDEX.get((b[0] - a[0], b[1] - a[1]))


def opposite(d: int) -> int:
    return (d + 3) % 6


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def are_adjacent(a: Hex, b: Hex) -> bool:
    return distance(a, b) == 1


def edge(a: Hex, b: Hex | int) -> tuple[Hex, Hex]:
    """The canonical name of the edge between neighbours ``a`` and ``b`` (or ``a``'s side ``b``)."""
    if isinstance(b, int):
        b = neighbour(a, b)
    elif direction(a, b) is None:
        raise ValueError(f"{a} and {b} are not neighbours: no edge between them")
    return (a, b) if a <= b else (b, a)


def edges_of(h: Hex) -> list[tuple[Hex, Hex]]:
    """The six edges around a hex, in direction order."""
    return [edge(h, d) for d in range(6)]


def rotate(h: Hex, steps: int = 1, center: Hex = (0, 0)) -> Hex:
    """Turn ``h`` about ``center`` by ``steps`` x 60 degrees counter-clockwise (negative: clockwise)."""
    q, r = h[0] - center[0], h[1] - center[1]
    s = -q - r
    for _ in range(steps % 6):
        # counter-clockwise on screen by 60 degrees in cube coordinates: (q, r, s) -> (-s, -q, -r)
        q, r, s = -s, -q, -r
    return (q + center[0], r + center[1])


def rotate_direction(d: int, steps: int = 1) -> int:
    return (d + steps) % 6


def ring(center: Hex, radius: int) -> list[Hex]:
    if radius == 0:
        return [center]
    out = []
    h = (center[0] + DIRECTIONS[4][0] * radius, center[1] + DIRECTIONS[4][1] * radius)
    for d in range(6):
        for _ in range(radius):
            out.append(h)
            h = neighbour(h, d)
    return out


def spiral(center: Hex, radius: int) -> list[Hex]:
    """Every hex within ``radius`` of ``center``, ring by ring."""
    out = []
    for k in range(radius + 1):
        out.extend(ring(center, k))
    return out


def connected_components(cells: Iterable[Hex]) -> list[set[Hex]]:
    """Split a set of hexes into groups connected through shared edges."""
    left = set(cells)
    parts = []
    while left:
        start = left.pop()
        part = {start}
        stack = [start]
        while stack:
            h = stack.pop()
            for n in neighbours(h):
                if n in left:
                    left.remove(n)
                    part.add(n)
                    stack.append(n)
        parts.append(part)
    return parts


# ----------------------------------------------------------------- offset coordinates
LAYOUTS = ("even-r", "odd-r", "even-q", "odd-q")


def from_offset(col: int, row: int, layout: str = "even-r") -> Hex:
    """Axial coordinates of the hex at (col, row) of an offset layout.

    even-r / odd-r: pointy-top hexes in rows, the even / odd rows pushed half a hex right;
    even-q / odd-q: flat-top hexes in columns, the even / odd columns pushed half a hex down.
    """
    if layout == "even-r":
        return (col - (row + (row & 1)) // 2, row)
    if layout == "odd-r":
        return (col - (row - (row & 1)) // 2, row)
    if layout == "even-q":
        return (col, row - (col + (col & 1)) // 2)
    if layout == "odd-q":
        return (col, row - (col - (col & 1)) // 2)
    raise ValueError(f"unknown offset layout {layout!r}; use one of {', '.join(LAYOUTS)}")


def to_offset(h: Hex, layout: str = "even-r") -> tuple[int, int]:
    q, r = h
    if layout == "even-r":
        return (q + (r + (r & 1)) // 2, r)
    if layout == "odd-r":
        return (q + (r - (r & 1)) // 2, r)
    if layout == "even-q":
        return (q, r + (q + (q & 1)) // 2)
    if layout == "odd-q":
        return (q, r + (q - (q & 1)) // 2)
    raise ValueError(f"unknown offset layout {layout!r}; use one of {', '.join(LAYOUTS)}")


def to_pixel(h: Hex, size: float = 1.0, flat: bool = False) -> tuple[float, float]:
    """Centre of a hex on screen (y grows downwards), for drawing boards."""
    q, r = h
    if flat:
        return (size * 1.5 * q, size * (3 ** 0.5) * (r + q / 2))
    return (size * (3 ** 0.5) * (q + r / 2), size * 1.5 * r)


def corners(h: Hex, size: float = 1.0, flat: bool = False) -> list[tuple[float, float]]:
    import math

    cx, cy = to_pixel(h, size, flat)
    start = 0 if flat else 30
    return [
        (cx + size * math.cos(math.radians(start + 60 * i)), cy + size * math.sin(math.radians(start + 60 * i)))
        for i in range(6)
    ]


def iter_line(a: Hex, b: Hex) -> Iterator[Hex]:
    """The hexes on the straight line from a to b (both included)."""
    n = distance(a, b)
    if n == 0:
        yield a
        return
    for i in range(n + 1):
        t = i / n
        fq = a[0] + (b[0] - a[0]) * t + 1e-6
        fr = a[1] + (b[1] - a[1]) * t + 1e-6
        fs = -fq - fr
        q, r, s = round(fq), round(fr), round(fs)
        dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
        if dq > dr and dq > ds:
            q = -r - s
        elif dr > ds:
            r = -q - s
        yield (q, r)
