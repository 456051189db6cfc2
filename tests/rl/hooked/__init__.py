"""Nim as a game *package* with an `rl` hook module (tests the per-game hook path)."""
from lapilli.engine import GameSpec
from tests.engine.nim_game import SPEC as NIM_SPEC, GameState as NimState

SPEC = GameSpec(id="nim-hooked", title="Nim (RL hooks)", min_players=2, max_players=3, options=NIM_SPEC.options)


class GameState(NimState):
    SPEC = SPEC
