"""Nim with per-game statistics (`stats()`), for the report tests: an ending (string) and two
special events (numbers)."""
from tests.engine.nim_game import SPEC as NIM_SPEC, GameState as NimState
from lapilli.engine import GameSpec

SPEC = GameSpec(id="nim-stats", title="Nim with stats", min_players=2, max_players=3, options=NIM_SPEC.options)


class GameState(NimState):
    SPEC = SPEC

    def stats(self):
        takes = [int(a.split()[1]) for a in self.history]
        return {"ending": "take three" if takes and takes[-1] == 3 else "small take",
                "threes": takes.count(3), "never": 0, "first_took_one": takes[0] == 1 if takes else False}
