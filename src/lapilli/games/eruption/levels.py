"""Eruption's strength levels (docs/agents.md gives the measured strength of each).

Above easy, the guided search with Eruption's own guidance (``ERUPTION``: leaves scored by
``heuristics.values_by_count``, the rollout policy ``policy_by_count``, one child per chance
outcome, the leaf's turn finished before it is scored), c=0.05.  "Flat" searches are one decision
deep (``max_depth=1``); "fitted" ones score the leaves with the evaluator fitted to game outcomes
(``evaluator.py``).
"""
from ...agents.levels import GUIDANCE, HARD_TIME, NORMAL_TIME, search

ERUPTION = {**GUIDANCE, "evaluator": "values_by_count", "policy": "policy_by_count", "chance": "key", "settle": 1}


def _search(iterations: int, time_limit: float, **params) -> str:
    return search({"iterations": iterations, "time_limit": time_limit, "c": 0.05}, ERUPTION, params)


EASY = search({"iterations": 40, "rollout_depth": 0, "c": 0.0, "time_limit": 0.3, "evaluator": "game",
               "policy": "game"})
"""easy: a plain search of 40 iterations, fewer than the moves of most positions (the heuristic
player is too strong for easy here)."""
DEEP = _search(600, NORMAL_TIME)
"""The level for an unknown player count."""
RACE = _search(600, NORMAL_TIME, evaluator="values_raceout", prune="keep_rain")
"""normal at 2 players: the end race played out at the leaves, Rain kept for the last turn."""
FLAT_FITTED_MIXED = _search(150, NORMAL_TIME, evaluator="fitted_values", max_depth=1, mix=0.5)
"""normal at 3-4 players: flat and fitted, with the heuristic player's move on half the decisions
(unmixed it is as strong as hard)."""
FLAT_STAGED_MIXED = _search(150, NORMAL_TIME, evaluator="fitted_values_staged", max_depth=1, mix=0.7)
"""normal at 5 players: flat with weights fitted per stage of the game, the heuristic player's
move on 7 decisions in 10."""
FLAT_STAGED = _search(150, NORMAL_TIME, evaluator="fitted_values_staged", max_depth=1)
"""normal at 6 players: FLAT_STAGED_MIXED without the mix (with it, below the target against
heuristic seats)."""
RACE_FITTED = _search(600, HARD_TIME, evaluator="fitted_values", prune="keep_rain")
"""hard at 2 players: normal's search with the fitted leaves."""
DEEP_FITTED = _search(600, HARD_TIME, evaluator="fitted_values")
"""hard at 3 players: the deep search with the fitted leaves."""
FLAT_PLACE = _search(400, HARD_TIME, evaluator="fitted_values_place", max_depth=1)
"""hard at 4 players: flat, the fitted leaves scored after the rollout policy places a drawn tile."""
FLAT_STAGED_HARD = _search(400, HARD_TIME, evaluator="fitted_values_staged", max_depth=1)
"""hard at 5 players: normal's search without the mix, 400 iterations."""
DEEP_HARD = _search(600, HARD_TIME)
"""hard at 6 players: the deep search with its placement look-ahead in the leaves, which the
6-player normal leaves out for speed."""

LEVELS = {
    "easy": EASY,
    "normal": {2: RACE, 3: FLAT_FITTED_MIXED, 4: FLAT_FITTED_MIXED, 5: FLAT_STAGED_MIXED, 6: FLAT_STAGED,
               "default": DEEP},
    "hard": {2: RACE_FITTED, 3: DEEP_FITTED, 4: FLAT_PLACE, 5: FLAT_STAGED_HARD, 6: DEEP_HARD, "default": DEEP},
}
