"""Next-round-end leaves for the Kingdomino Origins search (the hard level's leaves):
``finish_rounds`` and ``values_next_round_end`` (a leaf scored at the end of the round after its
own, both rounds played by ``policy_det``)."""
import pytest

import lapilli
from lapilli.agents import Decision, make_agent
from lapilli.games.kingdomino_origins import heuristics as h

from .helpers import GAME
from .helpers import play_to as _play_to


@pytest.mark.parametrize("players", [2, 3, 4])
def test_finish_rounds_plays_two_round_ends_from_the_middle_of_a_round(players):
    s = _play_to(players, 61, 4, "choose")
    assert not h._round_start(s)
    c = h.finish_rounds(s.clone(), 2)
    assert c.round == s.round + 2
    assert h._round_start(c)
    # one round end: the same position as finish_round
    one = h.finish_rounds(s.clone(), 1)
    assert one.history == h.finish_round(s.clone()).history
    # two: finish_round twice, the second from the start of the next round playing that round
    mid = h.finish_round(s.clone())
    r = mid.round
    while mid.round == r:
        mid.apply(h.policy_det(mid, mid.legal_actions()))
    assert c.history == mid.history


def test_finish_rounds_from_the_start_of_a_round_plays_that_round_only():
    s = _play_to(2, 67, 5, "choose")
    start = h.finish_round(s.clone())
    assert h._round_start(start)
    c = h.finish_rounds(start.clone(), 2)
    assert c.round == start.round + 1 and h._round_start(c)


def test_next_round_end_values_are_values_two_round_ends_later_on_a_copy():
    s = _play_to(2, 71, 6, "place")
    s.apply(h.policy_det(s, s.legal_actions()))   # the middle of round 6
    before = s.history[:]
    v = h.values_next_round_end(s)
    assert s.history == before
    c = h.finish_rounds(s.clone(), 2)
    assert v == pytest.approx(h.values_calibrated(c))
    assert len(v) == 2 and all(0.0 <= x <= 1.0 for x in v)


def test_next_round_end_values_near_the_end_are_the_win_shares():
    s = lapilli.new_game(GAME, 2, 73, {})
    while s.round < 11 or h._round_start(s):
        s.apply(h.policy_det(s, s.legal_actions()))
    c = h.finish_rounds(s.clone(), 2)
    assert c.is_terminal
    w = c.winners()
    assert h.values_next_round_end(s) == [1.0 / len(w) if i in w else 0.0 for i in range(2)]


def test_search_with_next_round_end_leaves_plays_legal_moves():
    s = _play_to(2, 79, 3, "place")
    spec = ("mcts:iterations=60,time_limit=0,c=0.1,rollout_depth=0,evaluator=values_next_round_end,"
            "policy=game,prior=game,widen=2,order=eval")
    agent = make_agent(spec, seed=2, game=GAME)
    d = Decision(s)
    assert agent.choose(d) in d.legal_actions
    assert agent.evaluator is h.values_next_round_end
    assert agent.last_iterations == 60


def test_hard_scores_leaves_at_the_next_round_end_at_every_player_count():
    from lapilli.agents.levels import level_spec

    for players in (2, 3, 4):
        assert "evaluator=values_next_round_end" in level_spec("hard", GAME, players)
    agent = make_agent("hard", seed=5, game=GAME, players=2)
    normal = make_agent("normal", seed=5, game=GAME, players=2)
    s = _play_to(2, 83, 2, "place")
    d = Decision(s)
    assert agent.choose(d) in d.legal_actions   # names resolve to the functions at the first search
    assert agent.evaluator is h.values_next_round_end
    assert agent.policy is h.policy_guided and agent.rollout_depth == 0
    for key in ("iterations", "c", "prior", "order", "widen", "alpha", "final", "max_depth", "settle"):
        assert getattr(agent, key) == getattr(normal, key)
    # the level picked at the first decision when the count is not given
    anyc = make_agent("hard", seed=5, game=GAME)
    assert anyc.choose(d) in d.legal_actions
    assert anyc.evaluator is h.values_next_round_end


def test_normal_by_player_count():
    # the 600-iteration normal falls below the 4-player target against heuristic seats; 1,200
    # iterations meet it.  At 3 players it falls below the target too; the same search with
    # leaves scored at the end of their round (values_round_end) meets it
    from lapilli.agents import parse_agent_spec
    from lapilli.agents.levels import GUIDED, level_spec

    assert level_spec("normal", GAME, 4) == f"mcts:iterations=1200,time_limit=0.9,c=0.1,{GUIDED}"
    # the same parameters (a later parameter replaces an earlier one of the same name)
    assert parse_agent_spec(level_spec("normal", GAME, 3)) == \
        parse_agent_spec(f"mcts:iterations=600,time_limit=0.7,c=0.1,{GUIDED},evaluator=values_round_end")
    for players in (2, None):
        assert level_spec("normal", GAME, players) == f"mcts:iterations=600,time_limit=0.7,c=0.1,{GUIDED}"
    assert make_agent("normal", seed=1, game=GAME, players=4).iterations == 1200
