"""``settle=k`` for k > 1 (agents/mcts.py): before a leaf is scored the rollout policy finishes
the mover's turn and then the turns of the next k - 1 seats to move."""
from __future__ import annotations

import random

import lapilli
from lapilli.agents import Decision, MCTSAgent
from lapilli.games.eruption import heuristics as H


def _p3_position(seed: int = 7):
    rng = random.Random(seed)
    s = lapilli.new_game("eruption", 2, seed, {})
    plies = 0
    while not s.is_terminal:
        legal = s.legal_actions()
        if s.phase == "p3" and len(legal) >= 2 and plies > 20:
            return s
        s.apply(legal[rng.randrange(len(legal))])
        plies += 1
    raise AssertionError("no p3 position")


def _settled_runs(settle: int):
    """Per scored leaf: (terminal, seat to move, the seats of the policy's decisions in order)."""
    s = _p3_position()
    calls, seen = [], []

    def pol(state, legal, rng):
        calls.append(state.to_move)
        return H.policy(state, legal, rng)

    def ev(state):
        seen.append((state.is_terminal, state.to_move, tuple(calls)))
        calls.clear()
        return H.values(state)

    agent = MCTSAgent(seed=4, iterations=120, c=0.05, rollout_depth=0, policy=pol, evaluator=ev, settle=settle)
    agent.choose(Decision(s))
    return [x for x in seen if x[2]]


def _runs(seq):
    out = []
    for x in seq:
        if not out or out[-1] != x:
            out.append(x)
    return out


def test_settle_two_plays_the_next_seats_turn_too():
    two = _settled_runs(2)
    assert two
    crossed = 0
    for term, to_move, c in two:
        r = _runs(c)
        assert len(r) <= 2                            # at most the mover's turn and the next seat's
        if len(r) == 2 and not term:
            crossed += 1
            assert to_move != r[1]                    # scored once the next seat's turn is over
    assert crossed > 0, "settle=2 never played the next seat's turn"


def test_settle_one_is_unchanged_by_the_generalisation():
    one = _settled_runs(1)
    assert one
    for term, to_move, c in one:
        assert len(set(c)) == 1
        assert term or to_move != c[0]
