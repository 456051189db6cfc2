"""Loads the component data (data/components.json) and the standard continent
(data/standard.json) once, at import.  Swap either file to change the game's components or map."""
from __future__ import annotations

import json
import pathlib

from .board import Board

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
_LIBRARY: list = load_json("advanced_maps.json")["maps"]


def advanced_library() -> list:
    """The continents of data/advanced_maps.json (made by the advanced builder)."""
    return _LIBRARY


def board_for(map_id: str) -> Board:
    """The Board of a map id: "standard" or "advanced-N" (N-th continent of the library);
    boards are built once and shared by every state."""
    b = _BOARDS.get(map_id)
    if b is None:
        if map_id == "standard":
            b = STANDARD
        else:
            b = Board(advanced_library()[int(map_id.split("-")[1])])
        _BOARDS[map_id] = b
    return b
