"""The table of the games Lapilli knows (id -> the package that plays it): the lowest floor of
the engine's game lookup.  The data sets (dataset.py), the State contract (state.py) and the
entry points (registry.py, which re-exports these names) all stand on it, and it imports none
of them."""
from __future__ import annotations

import importlib
import importlib.util
import os

from .errors import UnknownGame, said

# id -> module.  Each module exposes SPEC (a GameSpec) and GameState (a State subclass).
GAMES: dict[str, str] = {
    "isola-dei-vulcani": "lapilli.games.isola_dei_vulcani",
    "stromboli": "lapilli.games.stromboli",
    "kingdomino-origins": "lapilli.games.kingdomino_origins",
    "the-island": "lapilli.games.the_island",
    "eruption": "lapilli.games.eruption",
}


BUILTIN_GAMES: tuple[str, ...] = tuple(GAMES)


def _plugins_from_env() -> None:
    """LAPILLI_EXTRA_GAMES="id=module,id2=module2" adds games without editing this file."""
    for item in os.environ.get("LAPILLI_EXTRA_GAMES", "").split(","):
        gid, eq, module = item.partition("=")
        if eq and gid.strip() and module.strip():
            GAMES.setdefault(gid.strip(), module.strip())


def register(game_id: str, module: str) -> None:
    """Add a game (a module exposing SPEC and GameState) under an id; used by plug-ins and tests."""
    GAMES[game_id] = module


def _available(game_id: str) -> bool:
    try:
        return importlib.util.find_spec(GAMES[game_id]) is not None
    except ModuleNotFoundError:
        return False


_plugins_from_env()


def list_games() -> list[str]:
    """The ids of the games this installation can play."""
    return [g for g in GAMES if _available(g)]


def package(game_id: str) -> str:
    """The name of the package that plays ``game_id``; UnknownGame when there is none here."""
    if game_id not in GAMES or not _available(game_id):
        known = ", ".join(list_games())
        raise UnknownGame(said("unknown_game", "unknown game {game!r}; known games: {known}", game=game_id, known=known))
    return GAMES[game_id]


def optional_module(package_name: str, part: str):
    """The module ``<package_name>.<part>`` (a game's heuristics, levels, narration, rl...), or
    None when that module is genuinely absent: the game ships none (or is a plain module, not a
    package).  Anything else fails loudly: a module that is there but cannot be imported, above
    all one needing a library that is not installed, raises its own error rather than silently
    leaving the game without it."""
    name = f"{package_name}.{part}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name in (name, package_name):  # the module, or the package it would stand in, is not there
            return None
        raise


def game_part(game_id: str, part: str):
    """The module ``part`` (scoring, narration, heuristics...) of the game ``game_id``, or None
    when the game is unknown here or ships no such module (see ``optional_module``)."""
    package_name = GAMES.get(game_id)
    return optional_module(package_name, part) if package_name else None
