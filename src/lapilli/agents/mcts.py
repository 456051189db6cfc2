"""Information-set Monte Carlo tree search (single-observer ISMCTS), one implementation for
every game.

Each iteration samples a full game state consistent with what the deciding seat has seen
(`Decision.determinize`), walks the tree of actions through the ones legal in that sample
(UCB1 with availability counts), adds one node, plays a rollout, and backs up a reward for
every seat.  Rollouts are random by default, or guided by a game's heuristic policy; they
stop after ``rollout_depth`` decisions and the position is then scored by an evaluator.

The budget is counted in iterations (so results do not depend on the machine); for play a
``time_limit`` in seconds may end the search earlier.
"""
from __future__ import annotations

import math
import time
from typing import Callable

from ..engine.rng import Rng
from ..engine.state import State
from .base import Decision


def rank_values(state: State) -> list[float]:
    """A value in [0, 1] per seat: the win share when the game is over, otherwise the seat's
    rank by current score (1 = strictly ahead of everyone)."""
    n = state.num_players
    if state.is_terminal:
        winners = state.winners()
        share = 1.0 / len(winners) if winners else 0.0
        return [share if i in winners else 0.0 for i in range(n)]
    scores = state.scores()
    if state.SPEC.lower_score_wins:
        scores = [-x for x in scores]
    if n == 1:
        return [0.5]
    out = []
    for i, s in enumerate(scores):
        below = sum(1 for t in scores if t < s)
        ties = sum(1 for t in scores if t == s) - 1
        out.append((below + 0.5 * ties) / (n - 1))
    return out


def rank_by(evaluate) -> Callable[[State], list[float]]:
    """An evaluator from a per-seat heuristic ``evaluate(state, seat)``: the win share at the
    end, otherwise each seat's rank by that heuristic, in [0, 1]."""
    def values(state: State) -> list[float]:
        if state.is_terminal:
            return rank_values(state)
        n = state.num_players
        h = [evaluate(state, i) for i in range(n)]
        if n == 1:
            return [0.5]
        return [(sum(1 for t in h if t < x) + 0.5 * (sum(1 for t in h if t == x) - 1)) / (n - 1) for x in h]
    return values


class _Node:
    __slots__ = ("children", "visits", "total", "avail", "player")

    def __init__(self, player: int | None):
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.player = player  # the seat that chose the action leading here


class MCTSAgent:
    name = "mcts"

    def __init__(self, seed: int = 0, iterations: int = 1000, c: float = 0.7, rollout_depth: int = 30,
                 time_limit: float | None = None, policy: Callable | None = None,
                 evaluator: Callable[[State], list[float]] | None = None, terminal_bonus: float = 1.0):
        self.rng = Rng(seed)
        self.iterations = int(iterations)
        self.c = float(c)
        self.rollout_depth = int(rollout_depth)
        self.time_limit = time_limit
        self.policy = policy          # policy(state, legal, rng) -> action, for rollouts
        self.evaluator = evaluator or rank_values
        self.last_iterations = 0

    def choose(self, decision: Decision) -> str:
        legal = decision.legal_actions
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = _Node(None)
        deadline = time.perf_counter() + self.time_limit if self.time_limit else None
        perf_counter = time.perf_counter
        rng = self.rng
        next64 = rng.next64
        randbelow = rng.randbelow
        policy = self.policy
        evaluator = self.evaluator
        c = self.c
        rollout_depth = self.rollout_depth
        log = math.log
        sqrt = math.sqrt
        Node = _Node
        determinize = decision.determinize
        it = 0
        for it in range(1, self.iterations + 1):
            state = determinize(next64() & 0x7FFFFFFF, False)
            node = root
            path = [root]
            # selection and expansion
            while not state.is_terminal:
                acts = state.legal_view()
                children = node.children
                untried = None
                for a in acts:
                    ch = children.get(a)
                    if ch is None:
                        if untried is None:
                            untried = [a]
                        else:
                            untried.append(a)
                    else:
                        ch.avail += 1
                if untried is not None:
                    a = untried[randbelow(len(untried))]
                    child = Node(state.to_move)
                    child.avail = 1
                    children[a] = child
                    state.apply_legal(a)
                    path.append(child)
                    break
                best, best_v = None, -1.0
                for a in acts:
                    ch = children[a]
                    v = ch.total / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                    if v > best_v:
                        best, best_v = a, v
                node = children[best]
                state.apply_legal(best)
                path.append(node)
            # rollout
            depth = 0
            if policy is None:
                while depth < rollout_depth and not state.is_terminal:
                    acts = state.legal_view()
                    state.apply_legal(acts[randbelow(len(acts))])
                    depth += 1
            else:
                while depth < rollout_depth and not state.is_terminal:
                    state.apply(policy(state, state.legal_actions(), rng))
                    depth += 1
            values = evaluator(state)
            for n in path:
                n.visits += 1
                if n.player is not None:
                    n.total += values[n.player]
            if deadline is not None and perf_counter() > deadline:
                break
        self.last_iterations = it
        # the most visited action among those legal now
        best = max(legal, key=lambda a: (root.children[a].visits if a in root.children else -1))
        return best
