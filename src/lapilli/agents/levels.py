"""Strength levels a player can pick by name: easy, normal, hard.

A game may override a level with ``LEVELS = {"normal": "mcts:iterations=800", ...}`` in its
heuristics module.
"""
from __future__ import annotations

# The guided search of the levels that use it (docs/agents.md): the game's evaluator at the leaf,
# the heuristic player's move expanded first at the root and the rollout policy's below, the other
# root moves best first by a one-ply look, progressive widening.  A level appends it to its budget:
# f"mcts:iterations=600,time_limit=0.9,c=0.05,{GUIDED}".
GUIDED = "rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval"

DEFAULT_LEVELS = {
    "easy": "heuristic",
    "normal": "mcts:iterations=300,rollout_depth=20,time_limit=0.9",
    "hard": "mcts:iterations=1500,rollout_depth=30,time_limit=5",
}


def level_spec(level: str, game: str | None = None) -> str:
    if game is not None:
        from .heuristic import game_heuristics

        mod = game_heuristics(game)
        levels = getattr(mod, "LEVELS", {}) if mod is not None else {}
        if level in levels:
            return levels[level]
    return DEFAULT_LEVELS[level]
