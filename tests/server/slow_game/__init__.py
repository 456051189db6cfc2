"""Slow Nim: Nim whose heuristic player never answers (test-only), so that its "heuristic" and
"easy" computer seats are tables that would hold a bot worker for ever without the pool's cap."""
from tests.engine.nim_game import GameState as _Nim
from lapilli.engine import GameSpec, OptionSpec

SPEC = GameSpec(id="slownim", title="Slow Nim", min_players=2, max_players=2,
                options={"pile": OptionSpec("pile", (10, 15, 21), 15)}, rules_prefix="NIM")


class GameState(_Nim):
    SPEC = SPEC
