"""``opp`` (an opponent model at the other seats' nodes) and ``anchor`` (keep the prior's root
move unless the search's is clearly better) in agents/mcts.py."""
from __future__ import annotations

import pytest

from lapilli.agents import Decision, MCTSAgent, make_agent
from lapilli.engine import LapilliError

from lapilli.games.eruption import heuristics as H

from .helpers import eruption_position


def _nodes(node, out):
    """Every (action, child) below ``node``, through the chance outcomes."""
    for a, ch in node.children.items():
        out.append((a, ch))
        _nodes(ch, out)
        for sub in (ch.outcomes or {}).values():
            _nodes(sub, out)
    return out


def _last_of(calls):
    def pol(st, legal, rng):
        a = legal[-1]
        calls.append((st.to_move, a))
        return a
    return pol


def _p4():
    return eruption_position("p4", test=lambda st: len(st.legal_actions()) > 3)


def test_opp_policy_narrows_the_other_seats_nodes_to_the_policy_move():
    s = _p4()
    me = s.to_move
    plain = MCTSAgent(seed=2, iterations=400, c=0.3, rollout_depth=0, policy=_last_of([]))
    plain.choose(Decision(s))
    theirs = [(a, ch) for a, ch in _nodes(plain.last_root, []) if ch.player != me]
    assert theirs                                               # the tree reaches the other seat's moves
    calls = []
    agent = MCTSAgent(seed=2, iterations=400, c=0.3, rollout_depth=0, policy=_last_of(calls), opp="policy")
    assert agent.choose(Decision(s)) in s.legal_actions()
    theirs = [(a, ch) for a, ch in _nodes(agent.last_root, []) if ch.player != me]
    assert theirs and calls
    assert {q for q, _ in calls} == {1 - me}                    # asked only where the other seat moves
    picked = {a for _, a in calls}
    assert all(a in picked for a, _ in theirs)                  # and the tree holds only its moves there
    mine = [a for a, ch in _nodes(agent.last_root, []) if ch.player == me]
    assert len(mine) > len(agent.last_root.children)            # the own moves below the root still searched


def test_opp_names():
    s = _p4()
    a = make_agent("mcts:iterations=30,rollout_depth=0,policy=game,opp=choose", game="eruption")
    assert a.choose(Decision(s)) in s.legal_actions()
    assert make_agent("mcts:iterations=5,opp=none", game="eruption").opp is None
    with pytest.raises(LapilliError, match="opp"):
        make_agent("mcts:iterations=5,opp=best", game="eruption")


def _mean(node):
    return node.total / node.visits


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_anchor_keeps_the_prior_move_unless_the_search_move_is_clearly_better(seed):
    s = eruption_position("p3", seed=seed, test=lambda st: len(st.legal_actions()) > 3)
    legal = s.legal_actions()
    prior = lambda st, acts, rng: acts[0]           # noqa: E731
    opts = dict(iterations=200, c=0.3, rollout_depth=0, prior=prior, evaluator=H.values_now)
    free = MCTSAgent(seed=seed, **opts)
    move = free.choose(Decision(s))
    kids = free.last_root.children
    assert free.last_root.first == legal[0] != move     # (on these seeds the search moves off the prior)
    for d in (0.02, 0.1):
        got = MCTSAgent(seed=seed, anchor=d, **opts).choose(Decision(s))
        if _mean(kids[move]) >= _mean(kids[legal[0]]) + d:
            assert got == move
        else:
            assert got == legal[0]
    assert MCTSAgent(seed=seed, anchor=2.0, **opts).choose(Decision(s)) == legal[0]   # values are in [0, 1]


def test_anchor_moves_off_the_prior_when_the_search_is_sure():
    s = eruption_position("p3", test=lambda st: len(st.legal_actions()) > 3)
    legal = s.legal_actions()
    worst = legal[-1]

    def ev(st):          # the prior's move loses, every other wins (a search copy's history starts at the root)
        v = 0.0 if st.history[0] == worst else 1.0
        return [v] * st.num_players

    agent = MCTSAgent(seed=4, iterations=100, c=0.3, rollout_depth=0, prior=lambda st, acts, rng: worst,
                      evaluator=ev, anchor=0.5)
    assert agent.choose(Decision(s)) != worst
