"""Loads the component data (data/components.json) and the standard continent
(data/standard.json) once, at import.  Swap either file to change the game's components or map."""
from __future__ import annotations

import json
import pathlib

from .geometry import Board

DATA_DIR = pathlib.Path(__file__).with_name("data")


def load_json(name: str) -> dict:
    with open(DATA_DIR / name, encoding="utf-8") as f:
        return json.load(f)


COMPONENTS = load_json("components.json")
STANDARD_MAP = load_json("standard.json")
STANDARD = Board(STANDARD_MAP)

LAVA_TILES = COMPONENTS["lava_tiles"]["count"]
CRACK_TILES = COMPONENTS["crack_tiles"]["count"]
PRAYER_TOKENS = COMPONENTS["prayer_tokens"]["count"]
COLONISTS = COMPONENTS["per_player"]["colonists"]
VILLAGES = COMPONENTS["per_player"]["villages"]
MOAI = COMPONENTS["per_player"]["moai"]
ACTION_POINTS = COMPONENTS["per_player"]["action_points"]
COLOURS = tuple(COMPONENTS["colours"]["names"])
DIE_FACES = tuple(COMPONENTS["eruption_die"]["faces"])

_BOARDS: dict = {}


def board_for(mapdata: dict | None) -> Board:
    """The Board of a map (None: the standard continent); boards are cached and shared."""
    if mapdata is None:
        return STANDARD
    key = json.dumps(mapdata, sort_keys=True)
    b = _BOARDS.get(key)
    if b is None:
        if len(_BOARDS) > 256:
            _BOARDS.clear()
        b = _BOARDS[key] = Board(mapdata)
    return b
