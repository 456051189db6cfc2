"""``mix=p`` (agents/mcts.py): on a share p of its decisions the agent plays the heuristic
player's move instead of searching."""
from __future__ import annotations

import pytest

from lapilli.agents import Decision, MCTSAgent
from lapilli.agents.heuristic import heuristic_move
from lapilli.engine.rng import Rng

from .helpers import eruption_position


def _positions():
    return [eruption_position(ph, seed=sd, test=lambda st: len(st.legal_actions()) > 3)
            for ph in ("p3", "place") for sd in (7, 21)]


def test_mix_one_plays_the_heuristic_players_move_without_searching():
    for s in _positions():
        legal = s.legal_actions()
        agent = MCTSAgent(seed=9, iterations=60, rollout_depth=0, mix=1.0)
        got = agent.choose(Decision(s))
        assert agent.last_iterations == 0 and agent.last_root is None
        rng = Rng(9)
        rng.random()                      # the mix draw
        assert got == heuristic_move(Decision(s), legal, rng)


def test_mix_zero_makes_no_draw_and_searches_as_before():
    s = _positions()[0]
    a = MCTSAgent(seed=5, iterations=80, rollout_depth=0)
    b = MCTSAgent(seed=5, iterations=80, rollout_depth=0, mix=0.0)
    assert a.choose(Decision(s)) == b.choose(Decision(s))
    assert {k: v.visits for k, v in a.last_root.children.items()} == \
        {k: v.visits for k, v in b.last_root.children.items()}


def test_mix_half_searches_on_some_decisions_and_not_on_others():
    s = _positions()[1]
    agent = MCTSAgent(seed=3, iterations=30, rollout_depth=0, mix=0.5)
    searched = []
    for _ in range(40):
        agent.choose(Decision(s))
        searched.append(agent.last_iterations > 0)
    assert 5 <= sum(searched) <= 35       # about half (binomial 40, 1/2: outside this ~1e-5)


def test_mix_must_be_a_share():
    for bad in (-0.1, 1.5):
        with pytest.raises(ValueError, match="mix"):
            MCTSAgent(mix=bad)
