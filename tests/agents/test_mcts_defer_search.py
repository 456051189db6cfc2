"""``defer`` (decisions left to the game's heuristic player, no search) in agents/mcts.py."""
from __future__ import annotations

import pytest

from lapilli.agents import Decision, MCTSAgent, make_agent
from lapilli.engine import LapilliError
from lapilli.engine.rng import Rng
from lapilli.games.eruption import heuristics as H

from .helpers import eruption_position


def _p3():
    return eruption_position("p3", test=lambda st: len(st.legal_actions()) > 2)


def _place():
    return eruption_position("place", test=lambda st: len(st.legal_actions()) > 3)


def test_a_deferred_decision_is_the_heuristic_players_and_runs_no_search():
    s = _p3()
    seen = []

    def always(st):
        seen.append(st.phase)
        return True

    agent = MCTSAgent(seed=5, iterations=200, rollout_depth=0, defer=always)
    a = agent.choose(Decision(s))
    assert seen == ["p3"]                        # asked once, on what the seat sees
    assert agent.last_iterations == 0 and agent.last_root is None
    # the same move as the heuristic player on the same determinization and random stream
    rng = Rng(5)
    probe = Decision(s).determinize(rng.next64() & 0x7FFFFFFF, False)
    assert a == H.choose(probe, list(s.legal_actions()), rng, s.to_move)


def test_a_decision_not_deferred_is_searched():
    s = _place()
    agent = MCTSAgent(seed=5, iterations=120, rollout_depth=0, defer=lambda st: False)
    assert agent.choose(Decision(s)) in s.legal_actions()
    assert agent.last_iterations == 120


@pytest.mark.parametrize("name, phase, searched", [
    ("defer_cards_walls", "p3", False), ("defer_cards_walls", "place", True),
    ("defer_lava", "p3", True), ("defer_lava", "place", False),
])
def test_eruption_defers_its_cards_and_walls_or_its_lava_by_name(name, phase, searched):
    s = _p3() if phase == "p3" else _place()
    agent = make_agent(f"mcts:iterations=80,rollout_depth=0,defer={name}", seed=1, game="eruption")
    assert agent.choose(Decision(s)) in s.legal_actions()
    assert (agent.last_iterations > 0) == searched


def test_an_unknown_defer_function_is_an_error():
    s = _p3()
    agent = make_agent("mcts:iterations=10,defer=no_such_thing", seed=1, game="eruption")
    with pytest.raises(ValueError, match="defer=no_such_thing"):
        agent.choose(Decision(s))
    with pytest.raises(LapilliError):
        make_agent("mcts:iterations=10,defer=3", seed=1, game="eruption")
