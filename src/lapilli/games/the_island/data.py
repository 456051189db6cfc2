"""Loading of The Island's component data (``data/*.json``), done once at import.

The rules code never hard-codes the board or the tiles: it uses the tables built here.  A user
may swap the JSON files (same format) to play on another board or tile mix.
"""
from __future__ import annotations

import json
import os

from lapilli.engine.dataset import files_for

# The files of this game's data set (`lapilli data export`), each with a JSON Schema in
# data/schema/; a copy of this package bound to another data set reads that set's files.
FILES = ('board.json', 'components.json', 'tiles.json')
_DATASET = files_for(__name__)
_DIR = os.path.join(os.path.dirname(__file__), "data")


def _load(name: str) -> dict:
    if _DATASET is not None:
        return _DATASET.read(name)
    with open(os.path.join(_DIR, name), encoding="utf-8") as f:
        return json.load(f)


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
