"""Game-agnostic core of Lapilli: the State contract, errors, randomness, records, hex geometry."""
from .errors import (
    BadOption, BadPlayerCount, CorruptRecord, IllegalAction, LapilliError, NotationError, UnknownGame, said,
)
from .registry import game_spec, list_games, load_state, new_game, register, replay, state_class
from .rng import Rng
from .spec import GameSpec, OptionSpec
from .state import State

__all__ = [
    "BadOption", "BadPlayerCount", "CorruptRecord", "IllegalAction", "LapilliError", "NotationError", "UnknownGame",
    "said",
    "game_spec", "list_games", "load_state", "new_game", "register", "replay", "state_class",
    "Rng", "GameSpec", "OptionSpec", "State",
]
