"""Loading of The Island's component data (``data/*.json``), done once at import.

The rules code never hard-codes the board or the tiles: it uses the tables built here.  A user
may swap the JSON files (same format) to play on another board or tile mix.
"""
from __future__ import annotations

from lapilli.engine.dataset import data_file

# The files of this game's data set (`lapilli data export`), each with a JSON Schema in
# data/schema/; a copy of this package bound to another data set reads that set's files.
FILES = ('board.json', 'components.json', 'tiles.json')


def _load(name: str) -> dict:
    return data_file(__name__, name)


BOARD = _load("board.json")
TILES = _load("tiles.json")
COMPONENTS = _load("components.json")

TERRAINS: tuple[str, ...] = tuple(TILES["terrains"])
BACKS: dict = TILES["backs"]
GREEN_BACKS = frozenset(k for k, v in BACKS.items() if v["border"] == "green")
RED_BACKS = frozenset(k for k, v in BACKS.items() if v["border"] == "red")
START_BACKS = frozenset(k for k, v in BACKS.items() if v["use"] == "start")
DEFENSIVE_BACKS = frozenset(k for k, v in BACKS.items() if v["use"] == "defensive")


def tile_pool() -> list[tuple[str, str]]:
    """The 40 tiles as (terrain, back) pairs, in a fixed order (shuffled at set-up)."""
    out = []
    for back, info in BACKS.items():
        for terrain in TERRAINS:
            out.extend([(terrain, back)] * int(info["counts"].get(terrain, 0)))
    return out


EXPLORER_VALUES: tuple[int, ...] = tuple(COMPONENTS["explorer_values"]["values"])
REMOVED_5: tuple[int, ...] = tuple(COMPONENTS["removed_5_players"]["values"])
REMOVED_6: tuple[int, ...] = tuple(COMPONENTS["removed_6_players"]["values"])
BOATS_PER_PLAYER = COMPONENTS["boats_per_player"]
PIECES: dict = {k: v for k, v in COMPONENTS["pieces"].items() if k != "provenance"}
RED_DIE: tuple[str, ...] = tuple(COMPONENTS["red_die"]["faces"])
DIVE_A: tuple[str, ...] = tuple(COMPONENTS["dive_die_a"]["faces"])
DIVE_B: tuple = tuple(COMPONENTS["dive_die_b"]["faces"])
COLOURS: tuple[str, ...] = tuple(COMPONENTS["colours"]["letters"])
COLOUR_NAMES: tuple[str, ...] = tuple(COMPONENTS["colours"]["names"])


# ---------------------------------------------------------------- consistency rules of a data set
def check(files: dict) -> list:
    """The game's own rules for a data set (`lapilli data check`): one tile per island slot,
    tile backs the rules know, pieces and dice as the rules use them, every printed space on the
    board.  Each Problem names the file, the item and the rule."""
    from lapilli.engine.dataset import Problem

    out = []
    board, tiles, comp = files["board.json"], files["tiles.json"], files["components.json"]
    cols = board["rows"]["columns"]
    on_board = {(r, c) for r, (lo, hi) in enumerate(cols) for c in range(lo, hi + 1)}
    slots = {(int(r), c) for r, cs in board["island_slots"]["rows"].items() for c in cs}
    for r, c in sorted(slots - on_board):
        out.append(Problem("board.json", f"island_slots.rows.{r}", "ISL-0.24", f"slot {[r, c]} is off the board"))
    total = 0
    for back, info in tiles["backs"].items():
        if info["border"] not in ("green", "red"):
            out.append(Problem("tiles.json", f"backs.{back}.border", "ISL-0.32", f"border {info['border']!r} is not green or red"))
        for t, n in info["counts"].items():
            if t not in tiles["terrains"]:
                out.append(Problem("tiles.json", f"backs.{back}.counts.{t}", "ISL-0.33", f"{t!r} is not one of the terrains"))
            total += n
    if total != len(slots):
        out.append(Problem("tiles.json", "backs", "ISL-0.24", f"{total} tiles for {len(slots)} island slots: one tile per slot"))
    for key in ("centre",):
        if tuple(board[key]["hex"]) not in on_board:
            out.append(Problem("board.json", f"{key}.hex", "ISL-0.25", "off the board"))
    for i, h in enumerate(board["serpent_starts"]["hexes"]):
        if tuple(h) not in on_board:
            out.append(Problem("board.json", f"serpent_starts.hexes[{i}]", "ISL-0.28", f"{h} is off the board"))
    for i, isle in enumerate(board["safe_isles"]["isles"]):
        for h in isle["entrances"]:
            if tuple(h) not in on_board:
                out.append(Problem("board.json", f"safe_isles.isles[{i}]", "ISL-0.27", f"entrance {h} is off the board"))
    vals = comp["explorer_values"]["values"]
    for key in ("removed_5_players", "removed_6_players"):
        rest = list(vals)
        for v in comp[key]["values"]:
            if v in rest:
                rest.remove(v)
            else:
                out.append(Problem("components.json", f"{key}.values", "ISL components", f"value {v} is not among the explorer values"))
    for key, n in (("2-4", 4), ("5", 5), ("6", 6)):
        got = comp["boats_per_player"].get(key)
        if not isinstance(got, list) or len(got) != n:
            out.append(Problem("components.json", f"boats_per_player.{key}", "ISL components", f"one entry per seat ({n})"))
    if len(comp["colours"]["letters"]) != 6 or len(comp["colours"]["names"]) != 6:
        out.append(Problem("components.json", "colours", "ISL components", "six colours (letters and names) for up to 6 players"))
    return out
