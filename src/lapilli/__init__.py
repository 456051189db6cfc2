"""Lapilli: play and study five volcano-island board games.

The engine contract (docs/engine.md)::

    import lapilli
    lapilli.list_games()
    s = lapilli.new_game("kingdomino-origins", players=4, seed=7)
    s.legal_actions(); s.apply(a); s.scores(); s.winners(); s.observation(0)
"""
from .engine import (
    BadOption, BadPlayerCount, CorruptRecord, GameSpec, IllegalAction, LapilliError, NotationError, OptionSpec,
    State, UnknownGame, game_spec, list_games, load_state, new_game, replay,
)

__version__ = "0.1.0"
__all__ = [
    "BadOption", "BadPlayerCount", "CorruptRecord", "GameSpec", "IllegalAction", "LapilliError", "NotationError",
    "OptionSpec",
    "State", "UnknownGame", "game_spec", "list_games", "load_state", "new_game", "replay",
]
