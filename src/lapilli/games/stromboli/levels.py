"""Stromboli's strength levels (docs/agents.md gives the measured strength of each).

Above easy, plain MCTS with short rollouts (12 plies) guided by the game's rollout policy and
scored by its evaluator; hard has three times normal's iterations.
"""
from ...agents.levels import search

_PLAIN = {"rollout_depth": 12}
_GAME = {"c": 0.5, "evaluator": "game", "policy": "game"}

NORMAL = search({"iterations": 300}, _PLAIN, {"time_limit": 0.8}, _GAME)
HARD = search({"iterations": 1000}, _PLAIN, {"time_limit": 2.5}, _GAME)

LEVELS = {
    "easy": "heuristic",
    "normal": NORMAL,
    "hard": HARD,
}
