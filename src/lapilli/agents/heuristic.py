"""Heuristic players.

A game may ship ``lapilli.games.<pkg>.heuristics`` with ``choose(state, legal, rng, seat)`` (and
optionally ``evaluate(state, seat)``); otherwise the generic one-ply greedy player below is used:
it tries each legal action on a determinized copy and keeps the one that leaves the seat best
placed by score.  Either way the agent sees only a determinized state (nothing hidden leaks).
"""
from __future__ import annotations

from ..engine.catalogue import GAMES, optional_module
from ..engine.rng import Rng
from ..engine.state import State
from .base import Decision

_CACHE: dict[str, object] = {}


def game_heuristics(game: str, state: State | None = None):
    """The game's heuristics module, or None.  With ``state``: the module of the package its
    class comes from (a game played with another data set has its own copy, reading those data)."""
    key = game
    if state is not None:
        from ..engine.dataset import game_module

        key = game_module(state)
    if key not in _CACHE:
        package = key if state is not None else GAMES.get(game)
        # a game without a heuristics module plays the generic greedy player; one whose module
        # fails to import (a dependency missing) raises
        _CACHE[key] = optional_module(package, "heuristics") if package else None
    return _CACHE[key]


def score_margin(state: State, seat: int) -> float:
    """Seat's score minus the best other score (a win counts far more)."""
    s = state.scores()
    if state.SPEC.lower_score_wins:
        s = [-x for x in s]
    others = [x for i, x in enumerate(s) if i != seat]
    margin = float(s[seat]) - (max(others) if others else 0.0)
    if state.is_terminal:
        margin += 1000.0 if seat in state.winners() else -1000.0
    return margin


def greedy_choose(state: State, legal: list[str], rng: Rng, seat: int, evaluate=score_margin,
                  limit: int | None = 60, tolerance: float = 0.0) -> str:
    """The one-ply greedy choice: each candidate action is applied to a copy of ``state`` and the
    copy valued by ``evaluate(copy, seat)``; one of the best is drawn with ``rng``.

    Candidates: every legal action, or (more than ``limit`` of them) ``limit`` drawn with ``rng``
    with repeats; ``limit=None`` tries them all.  A value within ``tolerance`` of the best so far
    ties with it; one more than ``tolerance`` above it becomes the new best."""
    cands = legal if limit is None or len(legal) <= limit else [legal[rng.randbelow(len(legal))] for _ in range(limit)]
    best, best_v = [], None
    for a in cands:
        c = state.clone()
        c.apply(a)
        v = evaluate(c, seat)
        if best_v is None or v > best_v + tolerance:
            best, best_v = [a], v
        elif abs(v - best_v) <= tolerance:
            best.append(a)
    return best[rng.randbelow(len(best))]


class HeuristicAgent:
    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)

    def choose(self, decision: Decision) -> str:
        return heuristic_move(decision, decision.legal_actions, self.rng)


def heuristic_move(decision: Decision, legal: list[str], rng: Rng) -> str:
    """The heuristic player's move among ``legal`` for the seat to decide, on one determinized
    state drawn with ``rng`` (the game's ``choose``, or the generic greedy player)."""
    if len(legal) == 1:
        return legal[0]
    state = decision.determinize(rng.next64() & 0x7FFFFFFF)
    mod = game_heuristics(decision.game, state)
    if mod is not None and hasattr(mod, "choose"):
        return mod.choose(state, legal, rng, decision.player)
    evaluate = getattr(mod, "evaluate", score_margin) if mod is not None else score_margin
    return greedy_choose(state, legal, rng, decision.player, evaluate)
