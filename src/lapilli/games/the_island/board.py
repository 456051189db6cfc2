"""Board geometry of The Island, built from ``data/board.json`` with the engine's hex code.

Hexes are numbered 0..N-1 in reading order (row by row); ``NAME[i]`` is its notation ``"r,c"``
(row, column of the printed board's even-r offset grid, ISL-0.20 to ISL-0.23).
Everything here is immutable and shared by every state.
"""
from __future__ import annotations

from lapilli.engine import hexgrid

from .data import BOARD

LAYOUT = BOARD["layout"]
_ROWS = BOARD["rows"]["columns"]

RC: list[tuple[int, int]] = []
for _r, (_c0, _c1) in enumerate(_ROWS):
    for _c in range(_c0, _c1 + 1):
        RC.append((_r, _c))
RC_T: tuple[tuple[int, int], ...] = tuple(RC)
N_HEX = len(RC_T)
IDX: dict[tuple[int, int], int] = {rc: i for i, rc in enumerate(RC_T)}
NAME: tuple[str, ...] = tuple(f"{r},{c}" for r, c in RC_T)
BY_NAME: dict[str, int] = {n: i for i, n in enumerate(NAME)}

# axial coordinates via the engine's offset conversion (col, row) (ISL-0.23)
AXIAL: tuple = tuple(hexgrid.from_offset(c, r, LAYOUT) for r, c in RC_T)
_AX_IDX = {a: i for i, a in enumerate(AXIAL)}
NEIGH: tuple[tuple[int, ...], ...] = tuple(
    tuple(_AX_IDX[n] for n in hexgrid.neighbours(a) if n in _AX_IDX) for a in AXIAL
)

ISLAND_SLOTS: tuple[int, ...] = tuple(
    IDX[(int(r), c)] for r, cols in BOARD["island_slots"]["rows"].items() for c in cols
)
ISLAND_SET = frozenset(ISLAND_SLOTS)
CENTRE = IDX[tuple(BOARD["centre"]["hex"])]
ISLE_NAMES: tuple[str, ...] = tuple(i["name"] for i in BOARD["safe_isles"]["isles"])
ISLE_ENTRANCES: tuple[tuple[int, ...], ...] = tuple(
    tuple(IDX[tuple(e)] for e in i["entrances"]) for i in BOARD["safe_isles"]["isles"]
)
# hex -> isles it leads to
ISLES_OF: dict[int, tuple[int, ...]] = {}
for _k, _ents in enumerate(ISLE_ENTRANCES):
    for _h in _ents:
        ISLES_OF[_h] = ISLES_OF.get(_h, ()) + (_k,)
SERPENT_STARTS: tuple[int, ...] = tuple(IDX[tuple(h)] for h in BOARD["serpent_starts"]["hexes"])

# outer sea at the start: every sea hex but the centre (ISL-0.29)
OUTER_SEA = frozenset(i for i in range(N_HEX) if i not in ISLAND_SET and i != CENTRE)
RIM = frozenset(s for s in ISLAND_SLOTS if any(n in OUTER_SEA for n in NEIGH[s]))


def hex_index(name: str) -> int | None:
    return BY_NAME.get(name)

ROWS_SPAN: tuple[tuple[int, int], ...] = tuple((a, b) for a, b in _ROWS)
