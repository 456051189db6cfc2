"""The Island's strength levels (docs/agents.md gives the measured strength of each).

Every level above easy is the guided search (``GUIDANCE``) with the turn-end leaves of
``heuristics.values``, c=0.05, and a tree either three decisions deep or one decision deep
("flat": every root move scored after the heuristic player finishes the turn, averaged over the
determinizations).
"""
from ...agents.levels import GUIDANCE, HARD_TIME, NORMAL_TIME, search


def _search(iterations: int, time_limit: float, max_depth: int, **params) -> str:
    return search({"iterations": iterations, "time_limit": time_limit, "c": 0.05}, GUIDANCE,
                  {"max_depth": max_depth}, params)


DEEP = _search(400, NORMAL_TIME, 3)
"""Three decisions deep: the level for an unknown player count."""
FLAT = _search(150, NORMAL_TIME, 1)
"""normal at 3-6 players: clearly above the heuristic player, and hard stays clearly above it."""
FLAT_MIXED = _search(150, NORMAL_TIME, 1, mix=0.5)
"""normal at 2 players: FLAT with the heuristic player's move on half the decisions, so that
hard stays clearly above normal (FLAT alone is as strong as the 2-player hard)."""
ENSEMBLE = _search(400, HARD_TIME, 3, ensemble=4)
"""hard at 2 players: the deep search run four times with the visits summed."""
DEEP_FITTED = _search(400, HARD_TIME, 3, evaluator="fitted_values")
"""hard at 3-4 players: the deep search with the leaves scored by the evaluator fitted to game
outcomes (``evaluator.py``)."""
FLAT_SOFT = _search(400, HARD_TIME, 1, evaluator="fitted_soft_values")
"""hard at 5 players: flat, with the fitted weights halved (a flatter logit over five seats)."""
FLAT_FITTED = _search(400, HARD_TIME, 1, evaluator="fitted_values")
"""hard at 6 players: flat with the fitted leaves."""

LEVELS = {
    "easy": "heuristic",
    "normal": {2: FLAT_MIXED, 3: FLAT, 4: FLAT, 5: FLAT, 6: FLAT, "default": DEEP},
    "hard": {2: ENSEMBLE, 3: DEEP_FITTED, 4: DEEP_FITTED, 5: FLAT_SOFT, 6: FLAT_FITTED, "default": DEEP},
}
