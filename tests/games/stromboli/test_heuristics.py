"""Stromboli's heuristics module for the computer players (games/stromboli/heuristics.py)."""
import lapilli
from lapilli.agents import make_agent
from lapilli.agents.base import Decision
from lapilli.engine.rng import Rng
from lapilli.games.stromboli import heuristics as H

from .helpers import RED, YELLOW, blank, card_ids, sp


def test_evaluate_is_a_margin_and_values_are_probabilities():
    s = lapilli.new_game("stromboli", seed=3)
    rng = Rng(3)
    for _ in range(200):
        if s.is_terminal:
            break
        assert abs(H.evaluate(s, 0) + H.evaluate(s, 1)) < 1e-9
        v = H.values(s)
        assert all(0.0 <= x <= 1.0 for x in v) and abs(sum(v) - 1.0) < 1e-9
        legal = s.legal_actions()
        a = H.policy(s, legal, rng)
        assert a in legal
        b = H.choose(s, legal, rng, s.to_move)
        assert b in legal
        s.apply(b)


def test_evaluate_counts_statues_and_threatening_lava():
    s = blank()
    base = H.evaluate(s, RED)
    s.statues[sp("m2")] = RED
    s.statues_left[RED] -= 1
    with_statue = H.evaluate(s, RED)
    assert with_statue > base + 3          # a mountain statue: 3 now and again at the second scoring
    s.craters[2] = 1                       # one lava marker reaches the mountain (STR-10.5)
    assert H.evaluate(s, RED) < with_statue


def test_pick_prefers_the_more_valuable_card():
    s = blank()
    pearl = card_ids("pearl", 1, pearl="black")[0]
    bf = card_ids("priestess", 1)[0]
    s.cards[0] = bf
    s.cards[1] = pearl
    s.tasks = [("pick", RED, 0, YELLOW)]
    s._legal_cache = None
    assert H.policy(s, s.legal_actions(), Rng(0)) == "pick 2"


def test_levels_build_agents_that_play_legal_moves():
    s = lapilli.new_game("stromboli", seed=1)
    for level in ("easy", "normal", "hard"):
        agent = make_agent(level, seed=1, game="stromboli", players=2)
        if level != "easy":
            agent.iterations = 20          # keep the test quick
        assert agent.choose(Decision(s, s.to_move)) in s.legal_actions()
