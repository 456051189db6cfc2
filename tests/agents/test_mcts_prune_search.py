"""``prune=NAME`` (agents/mcts.py): the game's function narrows the moves the search considers,
at the root and at every node of the tree."""
from __future__ import annotations

import pytest

from lapilli.agents import Decision, MCTSAgent, make_agent
from lapilli.engine import LapilliError

from .helpers import eruption_position


def _no_discards(calls):
    def prune(state, acts):
        calls.append(state.to_move)
        kept = [a for a in acts if not a.startswith("discard")]
        return kept if kept else acts
    return prune


def _children(node, out):
    for a, ch in node.children.items():
        out.append(a)
        _children(ch, out)
        for sub in (ch.outcomes or {}).values():
            _children(sub, out)
    return out


def test_prune_limits_root_and_tree():
    s = eruption_position("p3", test=lambda st: any(a.startswith("discard") for a in st.legal_actions()))
    legal = s.legal_actions()
    plain = MCTSAgent(seed=3, iterations=300, c=0.3, rollout_depth=0)
    plain.choose(Decision(s))
    assert any(a.startswith("discard") for a in _children(plain.last_root, []))   # what prune removes
    calls = []
    agent = MCTSAgent(seed=3, iterations=300, c=0.3, rollout_depth=0, prune=_no_discards(calls))
    a = agent.choose(Decision(s))
    assert a in legal and not a.startswith("discard")
    moves = _children(agent.last_root, [])
    assert set(agent.last_root.children) == {b for b in legal if not b.startswith("discard")}
    assert len(moves) > len(agent.last_root.children)   # the tree went below the root ...
    assert not any(b.startswith("discard") for b in moves)   # ... and nowhere tried a pruned move
    assert len(calls) > 300                            # called at the root and at the inner nodes
    assert len(set(calls)) == 2                        # for both seats' nodes


def test_prune_to_one_move_plays_it_without_search():
    s = eruption_position("p3", test=lambda st: len(st.legal_actions()) > 3)
    legal = s.legal_actions()
    agent = MCTSAgent(seed=3, iterations=200, rollout_depth=0, prune=lambda st, acts: [acts[-1]])
    assert agent.choose(Decision(s)) == legal[-1]
    assert agent.last_iterations == 0


def test_prune_by_name_and_unknown_name():
    s = eruption_position("p3")
    agent = make_agent("mcts:iterations=20,rollout_depth=0,prune=keep_rain", game="eruption")
    assert agent.choose(Decision(s)) in s.legal_actions()
    bad = make_agent("mcts:iterations=20,rollout_depth=0,prune=no_such_function", game="eruption")
    with pytest.raises(ValueError, match="prune=no_such_function"):
        bad.choose(Decision(s))
    assert make_agent("mcts:iterations=5,prune=none", game="eruption").prune is None
    with pytest.raises(LapilliError, match="prune"):
        make_agent("mcts:iterations=5,prune=3", game="eruption")
