"""``settle=k`` for k > 1 (agents/mcts.py): before a leaf is scored the rollout policy finishes
the mover's turn and then the turns of the next k - 1 seats to move."""
from __future__ import annotations

from .helpers import eruption_position, recorded_leaves


def _settled_runs(settle: int):
    """Per scored leaf after a settle: (terminal, seat to move, the seats of the policy's decisions in order)."""
    return [x for x in recorded_leaves(eruption_position("p3"), iterations=120, settle=settle) if x[2]]


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
