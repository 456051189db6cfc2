"""Shared pieces of the search tests: seeded Eruption positions and a recording policy/evaluator
pair that shows which seats' decisions the rollout policy made before each leaf was scored."""
from __future__ import annotations

import random

import lapilli
from lapilli.agents import Decision, MCTSAgent
from lapilli.games.eruption import heuristics as H


def eruption_position(phase: str, seed: int = 7, min_legal: int = 2, test=None):
    """A seeded random Eruption game (2 players) advanced to a decision in ``phase``
    (and for which ``test(state)`` holds)."""
    rng = random.Random(seed)
    for g in range(50):
        s = lapilli.new_game("eruption", 2, seed + g, {}, seeding="linear")  # the positions these tests were written on (the seeding before seeds were mixed)
        plies = 0
        while not s.is_terminal:
            legal = s.legal_actions()
            if s.phase == phase and len(legal) >= min_legal and plies > 20 and (test is None or test(s)):
                return s
            s.apply(legal[rng.randrange(len(legal))])
            plies += 1
    raise AssertionError(f"no {phase} position found")


def recorded_leaves(state, iterations: int = 150, seed: int = 4, **options) -> list:
    """Search ``state`` with MCTS (rollout_depth=0 and ``options``, e.g. ``settle=1``) through a
    recording policy and evaluator; per scored leaf: (terminal, seat to move, the seats of the
    policy's decisions since the previous leaf, in order)."""
    calls, seen = [], []

    def pol(st, legal, rng):
        calls.append(st.to_move)
        return H.policy(st, legal, rng)

    def ev(st):
        seen.append((st.is_terminal, st.to_move, tuple(calls)))
        calls.clear()
        return H.values(st)

    agent = MCTSAgent(seed=seed, iterations=iterations, c=0.05, rollout_depth=0, policy=pol, evaluator=ev, **options)
    agent.choose(Decision(state))
    return seen


def assert_search_plays_legal_moves(game: str, spec: str, players: int, seed: int, decisions: int = 40) -> None:
    """Every seat an agent of ``spec``; the first ``decisions`` moves of a seeded game are legal."""
    from lapilli.agents import make_agent

    s = lapilli.new_game(game, players, seed)
    agents = [make_agent(spec, seed=q, game=game, players=players) for q in range(players)]
    k = 0
    while not s.is_terminal and k < decisions:
        d = Decision(s)
        a = agents[s.to_move].choose(d)
        assert a in d.legal_actions
        s.apply(a)
        k += 1
