"""Eruption component data: loads the JSON files in ``data/`` once, at import.

Everything the rules need from the physical components (board geometry, burn meter, lava and
eruption tiles, action cards, walls) comes from these files, with their provenance; the rules
code never hard-codes it.  Derived lookup tables are module-level constants shared by every state.

Directions are numbered clockwise from north, as in the reference data: 0 N, 1 NE, 2 SE, 3 S,
4 SW, 5 NW.  A tile's flows are a 6-bit mask over these directions; rotating a tile ``r`` steps
clockwise moves its flow on direction ``d`` to ``(d + r) % 6``.  Hexes are the engine's axial
``(q, r)`` tuples (the reference's (x, y) columns and rows, flat-topped).
"""
from __future__ import annotations

from lapilli.engine import hexgrid

from lapilli.engine.dataset import data_file

# The files of this game's data set (`lapilli data export`), each with a JSON Schema in
# data/schema/; a copy of this package bound to another data set reads that set's files.
FILES = ('board.json', 'cards.json', 'meter.json', 'tiles.json')


def _load(name: str) -> dict:
    return data_file(__name__, name)


BOARD_DATA = _load("board.json")
METER_DATA = _load("meter.json")
TILE_DATA = _load("tiles.json")
CARD_DATA = _load("cards.json")

# ---------------------------------------------------------------- directions
DIR_NAMES = ("N", "NE", "SE", "S", "SW", "NW")
DIR_INDEX = {n: i for i, n in enumerate(DIR_NAMES)}
# our clockwise direction -> the engine's hexgrid direction (flat-top names SE NE N NW SW S)
_ENGINE_DIR = tuple(hexgrid.FLAT_NAMES.index(n) for n in DIR_NAMES)
OFFSETS = tuple(hexgrid.DIRECTIONS[e] for e in _ENGINE_DIR)


def opp(d: int) -> int:
    return (d + 3) % 6


def step(h, d: int):
    return hexgrid.neighbour(h, _ENGINE_DIR[d])


def mask_of(names) -> int:
    m = 0
    for n in names:
        m |= 1 << DIR_INDEX[n]
    return m


def rotate_mask(mask: int, r: int) -> int:
    r %= 6
    return ((mask << r) | (mask >> (6 - r))) & 63


# ---------------------------------------------------------------- board
CENTRE = tuple(BOARD_DATA["centre"])
PLAYABLE = tuple(tuple(h) for h in BOARD_DATA["playable"]["hexes"])
PLAYABLE_SET = frozenset(PLAYABLE)
VOLCANO = frozenset(tuple(h) for h in BOARD_DATA["volcano"]["hexes"])
CENTRAL_FLOWS = tuple((tuple(f[:2]), DIR_INDEX[f[2]]) for f in BOARD_DATA["volcano"]["central_flows"])
CENTRAL_FLOW_SET = frozenset(CENTRAL_FLOWS)
RESOURCES = {tuple(r[:2]): r[2] for r in BOARD_DATA["resources"]["items"]}
VILLAGES = tuple(
    {"id": v["id"], "colour": v["colour"],
     "sides": tuple((tuple(s[:2]), DIR_INDEX[s[2]]) for s in v["sides"]),
     "cells": frozenset(tuple(c) for c in v["cells"])}
    for v in BOARD_DATA["villages"]
)
VILLAGE_CELL = {c: v["id"] for v in VILLAGES for c in v["cells"]}
LAYOUT = {int(k): tuple(v) for k, v in BOARD_DATA["layout_by_players"]["items"].items()}
# (hex, direction) -> (village, side index 0..6)
SIDE_AT = {s: (v["id"], i) for v in VILLAGES for i, s in enumerate(v["sides"])}

# For each playable hex and direction, what lies across that edge:
#   ("hex", n)  another playable hex;  ("volcano", flow)  a volcano hex (flow: a central flow faces us);
#   ("village", (v, i))  a village side;  ("sea", None)  off the board (a gap between villages).
NEIGH: dict = {}
# per playable hex: mask of directions where a central flow faces it / where volcano without flow faces it
VOLC_NEED: dict = {}
VOLC_FORBID: dict = {}
for _h in PLAYABLE:
    row = []
    need = forbid = 0
    for _d in range(6):
        n = step(_h, _d)
        if n in PLAYABLE_SET:
            row.append(n)
        elif n in VOLCANO:
            row.append(None)
            if (n, opp(_d)) in CENTRAL_FLOW_SET:
                need |= 1 << _d
            else:
                forbid |= 1 << _d
        else:
            row.append(None)
    NEIGH[_h] = tuple(row)
    VOLC_NEED[_h] = need
    VOLC_FORBID[_h] = forbid
# per playable hex and direction: the flow end (hex, direction) that faces it from there
FLOW_KEY = {h: tuple((step(h, d), opp(d)) for d in range(6)) for h in PLAYABLE}
# flow ends of the central flows: (volcano hex, dir) -> the playable hex it faces
CENTRAL_TARGET = {f: step(f[0], f[1]) for f in CENTRAL_FLOWS}
# the playable hex -> the central flows facing it
CENTRAL_INTO = {}
for _f, _t in CENTRAL_TARGET.items():
    CENTRAL_INTO.setdefault(_t, []).append(_f)

# ---------------------------------------------------------------- meter
LAST = METER_DATA["burned"]
DANGER = tuple(METER_DATA["danger_zones"]["items"])
ERUPTION_SPACES = tuple(METER_DATA["eruption_spaces"]["items"])

# ---------------------------------------------------------------- tiles
# tile ids 0..39 are lava tiles, 40..42 eruption tiles; TILE_MASK[id] is the base flow mask
TILE_TYPE: list = []
TILE_MASK: list = []
for _t in TILE_DATA["lava"]:
    for _ in range(_t["count"]):
        TILE_TYPE.append(_t["type"])
        TILE_MASK.append(mask_of(_t["edges"]))
NUM_LAVA = len(TILE_MASK)
ERUPTION_IDS = tuple(range(NUM_LAVA, NUM_LAVA + TILE_DATA["eruption"]["count"]))
for _ in ERUPTION_IDS:
    TILE_TYPE.append("E")
    TILE_MASK.append(mask_of(TILE_DATA["eruption"]["edges"]))
TILE_TYPE = tuple(TILE_TYPE)
TILE_MASK = tuple(TILE_MASK)
RAIN_STACKS = tuple(TILE_DATA["lava_rain_stacks"]["sizes"])
# distinct masks reachable by rotation, precomputed: ROT[mask][r]
ROT = {m: tuple(rotate_mask(m, r) for r in range(6)) for m in set(TILE_MASK)}

# ---------------------------------------------------------------- cards and walls
CARDS = {c["id"]: c for c in CARD_DATA["cards"]}
CARD_IDS = tuple(c["id"] for c in CARD_DATA["cards"])
CARD_MATERIAL = {c["id"]: c["material"] for c in CARD_DATA["cards"]}
DECK = tuple(c["id"] for c in CARD_DATA["cards"] for _ in range(c["count"]))
MATERIALS = tuple(w["material"] for w in CARD_DATA["walls"]["items"])
WALL_BONUS = {w["material"]: w["bonus"] for w in CARD_DATA["walls"]["items"]}
WALL_PIECES = {w["material"]: w["count"] for w in CARD_DATA["walls"]["items"]}
DIE = CARD_DATA["dice"]["sides"]
NUMBERS = CARD_DATA["rules_numbers"]
RAIN = CARDS["rain"]["amount"]

# ---------------------------------------------------------------- hex labels
COLS = "abcdefghijk"


def label(h) -> str:
    return f"{COLS[h[0]]}{h[1]}"


LABELS = {h: label(h) for h in hexgrid.spiral(CENTRE, BOARD_DATA["radius"])}
FROM_LABEL = {v: k for k, v in LABELS.items()}


# ---------------------------------------------------------------- consistency rules of a data set
def check(files: dict) -> list:
    """The game's own rules for a data set (`lapilli data check`): the board's hexes, flows,
    resources and villages fit together, every seat count has its villages, the Lava Rain stacks
    share out the lava tiles, card materials have walls.  Each Problem names the file, the item
    and the rule."""
    from lapilli.engine.dataset import Problem

    out = []
    b, cards, meter, tiles = files["board.json"], files["cards.json"], files["meter.json"], files["tiles.json"]
    playable = [tuple(h) for h in b["playable"]["hexes"]]
    pset, vset = set(playable), {tuple(h) for h in b["volcano"]["hexes"]}
    if len(pset) != len(playable):
        out.append(Problem("board.json", "playable.hexes", "ERU-D1", "a hex is listed twice"))
    for h in sorted(pset & vset):
        out.append(Problem("board.json", "volcano.hexes", "ERU-D2", f"{list(h)} is both playable and volcano"))
    for i, (q, r, d) in enumerate(b["volcano"]["central_flows"]):
        if (q, r) not in vset:
            out.append(Problem("board.json", f"volcano.central_flows[{i}]", "ERU-D2", f"{[q, r]} is not a volcano hex"))
        elif d not in DIR_INDEX or step((q, r), DIR_INDEX[d]) not in pset:
            out.append(Problem("board.json", f"volcano.central_flows[{i}]", "ERU-D2",
                               f"the flow {[q, r, d]} must face a playable hex"))
    for i, (q, r, _) in enumerate(b["resources"]["items"]):
        if (q, r) not in pset:
            out.append(Problem("board.json", f"resources.items[{i}]", "ERU-D6", f"{[q, r]} is not a playable hex"))
    ids = [v["id"] for v in b["villages"]]
    for i, v in enumerate(b["villages"]):
        for j, (q, r, d) in enumerate(v["sides"]):
            if (q, r) not in pset or d not in DIR_INDEX:
                out.append(Problem("board.json", f"villages[{i}].sides[{j}]", "ERU-D3",
                                   f"a village side is a playable hex and a direction, not {[q, r, d]}"))
        for c in v["cells"]:
            if tuple(c) in pset:
                out.append(Problem("board.json", f"villages[{i}].cells", "ERU-D4", f"{c} is a playable hex"))
    for n, lay in b["layout_by_players"]["items"].items():
        if len(lay) != int(n) or len(set(lay)) != len(lay) or any(x not in ids for x in lay):
            out.append(Problem("board.json", f"layout_by_players.items.{n}", "ERU-D5",
                               f"{n} players need {n} different villages among {ids}"))
    for n in range(2, 7):
        if str(n) not in b["layout_by_players"]["items"]:
            out.append(Problem("board.json", "layout_by_players.items", "ERU-D5", f"no village layout for {n} players"))
    lava = sum(t["count"] for t in tiles["lava"])
    if sum(tiles["lava_rain_stacks"]["sizes"]) != lava:
        out.append(Problem("tiles.json", "lava_rain_stacks.sizes", "ERU-D14",
                           f"the stacks hold {sum(tiles['lava_rain_stacks']['sizes'])} tiles but there are {lava} lava tiles"))
    for i, t in enumerate(tiles["lava"]):
        if any(e not in DIR_INDEX for e in t["edges"]):
            out.append(Problem("tiles.json", f"lava[{i}].edges", "ERU-D9", f"directions are {', '.join(DIR_NAMES)}"))
    mats = {w["material"] for w in cards["walls"]["items"]}
    for i, c in enumerate(cards["cards"]):
        if c["material"] not in mats:
            out.append(Problem("cards.json", f"cards[{i}].material", "ERU cards", f"no wall of material {c['material']!r}"))
    if "rain" not in {c["id"] for c in cards["cards"]}:
        out.append(Problem("cards.json", "cards", "ERU cards", "the rules need the card 'rain'"))
    for key in ("danger_zones", "eruption_spaces"):
        for i, v in enumerate(meter[key]["items"]):
            if not meter["start"] <= v <= meter["burned"]:
                out.append(Problem("meter.json", f"{key}.items[{i}]", "ERU-D8", f"{v} is off the meter ({meter['start']}-{meter['burned']})"))
    return out
