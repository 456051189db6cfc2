"""Strength levels a player can pick by name: easy, normal, hard.

A game may override a level with ``LEVELS = {"normal": "mcts:iterations=800", ...}`` in its
heuristics module.  A level may also depend on the number of players: its value is then a dict
by player count with a ``"default"`` entry for the counts it does not name, e.g.
``"hard": {2: "mcts:iterations=1500,...", "default": "mcts:iterations=600,..."}``.
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


def level_entry(level: str, game: str | None = None) -> str | dict:
    """The game's entry for ``level``: an agent spec, or a dict of specs by player count."""
    if game is not None:
        from .heuristic import game_heuristics

        mod = game_heuristics(game)
        levels = getattr(mod, "LEVELS", {}) if mod is not None else {}
        if level in levels:
            return levels[level]
    return DEFAULT_LEVELS[level]


def by_count(entry: str | dict, players: int | None) -> str:
    """The spec of a level entry for ``players`` (its ``"default"`` when the count is not named
    or not known)."""
    if isinstance(entry, str):
        return entry
    if players in entry:
        return entry[players]
    if "default" not in entry:
        from ..engine.errors import LapilliError

        raise LapilliError(f"a level by player count names {sorted(k for k in entry if k != 'default')} and no 'default'")
    return entry["default"]


def level_spec(level: str, game: str | None = None, players: int | None = None) -> str:
    """The agent spec of ``level`` in ``game`` with ``players`` players."""
    return by_count(level_entry(level, game), players)
