"""``ensemble=k`` (agents/mcts.py): k independent searches, the move with the most visits summed
over their roots."""
from __future__ import annotations

import pytest

from lapilli.agents import Decision, MCTSAgent
from lapilli.engine.rng import Rng

from .helpers import eruption_position


def test_ensemble_sums_the_visits_of_k_independent_searches():
    s = eruption_position("p3", test=lambda st: len(st.legal_actions()) > 3)
    legal = s.legal_actions()
    agent = MCTSAgent(seed=11, iterations=60, c=0.3, rollout_depth=0, ensemble=3)
    got = agent.choose(Decision(s))
    assert agent.last_iterations == 180
    master = Rng(11)
    totals = {}
    for _ in range(3):
        sub = MCTSAgent(seed=master.next64(), iterations=60, c=0.3, rollout_depth=0)
        sub.choose(Decision(s))
        for a, ch in sub.last_root.children.items():
            totals[a] = totals.get(a, 0) + ch.visits
    best = max(range(len(legal)), key=lambda j: (totals.get(legal[j], -1), -j))
    assert got == legal[best]
    assert sum(totals.values()) == 180


def test_ensemble_of_one_is_the_plain_search():
    s = eruption_position("p3")
    a = MCTSAgent(seed=5, iterations=80, rollout_depth=0)
    b = MCTSAgent(seed=5, iterations=80, rollout_depth=0, ensemble=1)
    assert a.choose(Decision(s)) == b.choose(Decision(s))
    assert {k: v.visits for k, v in a.last_root.children.items()} == {k: v.visits for k, v in b.last_root.children.items()}


def test_ensemble_must_be_positive():
    with pytest.raises(ValueError, match="ensemble"):
        MCTSAgent(ensemble=0)


def test_ensemble_prunes_the_root_once_and_searches_only_the_pruned_moves():
    s = eruption_position("p3", test=lambda st: len(st.legal_actions()) > 3)
    legal = s.legal_actions()
    keep = legal[:2]
    probes = []

    def prune(state, acts):
        return [a for a in acts if a in keep] or acts

    class Counting(Decision):
        def determinize(self, seed, history=True):
            if seed == 0:
                probes.append(seed)
            return super().determinize(seed, history)

    agent = MCTSAgent(seed=11, iterations=40, c=0.3, rollout_depth=0, ensemble=3, prune=prune)
    got = agent.choose(Counting(s))
    assert got in keep
    assert len(probes) == 1          # one probe for the root's pruning, not one per sub-search
    assert agent.last_iterations == 120
