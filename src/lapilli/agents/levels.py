"""Strength levels a player can pick by name: easy, normal, hard.

A game overrides a level in its ``levels`` module (``lapilli.games.<pkg>.levels``) with
``LEVELS = {"normal": "mcts:iterations=800", ...}``.  A level may also depend on the number of
players: its value is then a dict by player count with a ``"default"`` entry for the counts it
does not name, e.g. ``"hard": {2: "mcts:iterations=1500,...", "default": "mcts:iterations=600,..."}``.
A game's levels are written as a few named searches built with ``search`` from the shared
parameter groups below (docs/agents.md describes every parameter).
"""
from __future__ import annotations


GUIDANCE = {"rollout_depth": 0, "evaluator": "game", "policy": "game", "prior": "game", "widen": 2, "order": "eval"}
"""The guided search: the game's evaluator at the leaf (no rollout), the heuristic player's move
expanded first at the root and the rollout policy's below, the other root moves best first by a
one-ply look, progressive widening."""

GUIDED = ",".join(f"{k}={v}" for k, v in GUIDANCE.items())
"""``GUIDANCE`` as spec text, for specs written by hand: f"mcts:iterations=600,c=0.05,{GUIDED}"."""

NORMAL_TIME = 0.9
"""normal's time limit per decision in seconds (normal answers within a second)."""
HARD_TIME = 4
"""hard's time limit per decision: hard has no time target, its iterations end the search."""


def search(*groups: dict, **params) -> str:
    """The spec of an MCTS search from parameter groups and ``params``, merged left to right: a
    later value replaces an earlier one of the same name in its place.
    ``search({"iterations": 150, "c": 0.05}, GUIDANCE, evaluator="fitted_values")``."""
    merged: dict = {}
    for group in (*groups, params):
        merged.update(group)
    return "mcts:" + ",".join(f"{k}={v}" for k, v in merged.items())


DEFAULT_LEVELS = {
    "easy": "heuristic",
    "normal": "mcts:iterations=300,rollout_depth=20,time_limit=0.9",
    "hard": "mcts:iterations=1500,rollout_depth=30,time_limit=5",
}

_CACHE: dict[str, dict] = {}


def game_levels(game: str) -> dict:
    """The game's ``LEVELS`` (from its ``levels`` module), or {} for a game without one."""
    if game not in _CACHE:
        from ..engine.catalogue import game_part

        mod = game_part(game, "levels")
        _CACHE[game] = getattr(mod, "LEVELS", {})
    return _CACHE[game]


def level_entry(level: str, game: str | None = None) -> str | dict:
    """The game's entry for ``level``: an agent spec, or a dict of specs by player count."""
    if game is not None:
        levels = game_levels(game)
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
