"""The Island's heuristics module for the computer players (games/the_island/heuristics.py)."""
import pytest

import lapilli
from lapilli.agents import make_agent, play_game
from lapilli.agents.base import Decision
from lapilli.engine.rng import Rng
from lapilli.games.the_island import heuristics as HEU
from lapilli.games.the_island.board import BY_NAME

from .helpers import at, blank, boat, ex, go, hand, put, where


def test_evaluate_is_a_margin_and_values_are_probabilities():
    s = lapilli.new_game("the-island", 2, 3)
    rng = Rng(3)
    for _ in range(250):
        if s.is_terminal:
            break
        assert abs(HEU.evaluate(s, 0) + HEU.evaluate(s, 1)) < 1e-9
        v = HEU.values(s)
        assert len(v) == 2 and all(0.0 <= x <= 1.0 for x in v)
        legal = s.legal_actions()
        assert HEU.policy(s, legal, rng) in legal
        b = HEU.choose(s, legal, rng, s.to_move)
        assert b in legal
        s.apply(b)
    assert len(s.history) > 100


@pytest.mark.rule("ISL-8.3")
def test_evaluate_counts_saved_explorers_in_full_and_explorers_in_play_in_part():
    s = blank(2, own_values_visible=True)
    ex(s, "R1", "land", "5,5", value=4)
    on_land = HEU.evaluate(s, 0)
    assert 0 < on_land < 4
    ex(s, "R1", "isle", "nw", value=4)
    assert HEU.evaluate(s, 0) == pytest.approx(4.0)
    ex(s, "B1", "isle", "se", value=6)
    assert HEU.evaluate(s, 0) == pytest.approx(-2.0)


@pytest.mark.rule("ISL-1.12")
def test_hidden_values_count_as_the_mean_of_their_colour():
    # values are hidden from everyone once placed: a sampled value would only be noise
    s = blank(2)
    ex(s, "R1", "isle", "nw", value=6)
    ex(s, "B1", "isle", "se", value=1)
    assert HEU.evaluate(s, 0) == pytest.approx(0.0)
    assert HEU.projected(s, 0) == pytest.approx(2.8)      # (1+1+1+2+2+3+3+4+5+6) / 10, ISL-0.3
    s6 = blank(6)
    ex(s6, "R1", "isle", "nw", value=6)
    assert HEU.projected(s6, 0) == pytest.approx(22 / 7)  # 1, 2 and 3 removed with 6 players, ISL-14.9


@pytest.mark.rule("ISL-4.32")
def test_rescues_a_swimmer_onto_an_isle():
    s = blank(2)
    ex(s, "R1", "sea", "2,0", value=3)           # an entrance of the north-west isle
    ex(s, "R2", "land", "5,5", value=1)
    at(s, "move", 0)
    assert HEU.choose(s, s.legal_actions(), Rng(1), 0) == "isle R1 nw"


@pytest.mark.rule("ISL-4.31")
def test_sails_a_full_boat_to_an_isle_then_lands_its_passengers():
    s = blank(2)
    boat(s, "3,1")
    ex(s, "R1", "boat", "3,1", value=5)
    at(s, "move", 0)
    rng = Rng(2)
    a = HEU.choose(s, s.legal_actions(), rng, 0)
    assert a in ("sail 3,1 2,0", "sail 3,1 2,1")     # one step from the isle: sail next to it
    go(s, a)
    if a == "sail 3,1 2,1":
        a = HEU.choose(s, s.legal_actions(), rng, 0)
        assert a == "sail 2,1 1,1" or a == "sail 2,1 2,0"
        go(s, a)
    assert HEU.choose(s, s.legal_actions(), rng, 0) == "isle R1 nw"


@pytest.mark.rule("ISL-7.11")
def test_gets_a_swimmer_out_of_a_sharks_reach():
    s = blank(2)
    boat(s, "6,10")
    ex(s, "R1", "sea", "6,10", value=4)              # swimming where an empty boat is
    put(s, "shark", "7,10")                          # next to the swimmer
    ex(s, "R2", "land", "5,5", value=1)
    at(s, "move", 0, points=1)
    a = HEU.choose(s, s.legal_actions(), Rng(4), 0)
    assert a == "board R1 6,10"                       # out of the water, into the boat (ISL-4.14)


@pytest.mark.rule("ISL-4.17")
def test_never_swims_onto_a_shark_or_sea_serpent():
    s = blank(2)
    ex(s, "R1", "land", "5,9", value=6)
    put(s, "shark", "5,10")
    put(s, "serpent", "4,9")
    at(s, "move", 0)
    legal = s.legal_actions()
    bad = ("swim R1 5,10", "swim R1 4,9")
    assert all(a in legal for a in bad)
    rng = Rng(5)
    for _ in range(20):
        assert HEU.choose(s, legal, rng, 0) not in bad
    for _ in range(300):                              # its random eighth included
        assert HEU.policy(s, legal, rng) not in bad


@pytest.mark.rule("ISL-7.8")
def test_moves_a_creature_onto_the_opponents_swimmers_not_its_own():
    s = blank(2)
    ex(s, "B1", "sea", "2,5", value=5)
    ex(s, "R1", "sea", "2,3", value=5)
    ex(s, "R2", "land", "5,5", value=1)
    ex(s, "B2", "land", "5,6", value=1)
    put(s, "serpent", "2,4")
    at(s, "creature", 0, roll=("serpent", 1))
    legal = s.legal_actions()
    assert "serpent 2,4 2,3" in legal and "serpent 2,4 2,5" in legal
    a = HEU.choose(s, legal, Rng(6), 0)
    assert a == "serpent 2,4 2,5"
    go(s, a)
    assert where(s, "B1")[0] == "lost" and where(s, "R1") == ("sea", "2,3")


@pytest.mark.rule("ISL-6.9")
def test_plays_the_dolphin_tile_to_bring_a_swimmer_to_an_isle_entrance():
    s = blank(2)
    ex(s, "R1", "sea", "3,3", value=4)
    ex(s, "R2", "land", "5,5", value=1)
    hand(s, 0, "dolphin")
    at(s, "tile", 0)
    a = HEU.choose(s, s.legal_actions(), Rng(7), 0)
    assert a.startswith("play dolphin R1 ")
    dest = BY_NAME[a.split()[3]]
    assert HEU.ISLE_D[dest] < HEU.ISLE_D[BY_NAME["3,3"]] - 1


@pytest.mark.rule("ISL-6.15")
def test_plays_a_repellent_when_its_swimmers_are_attacked():
    s = blank(2)
    ex(s, "R1", "sea", "2,5", value=5)
    ex(s, "R2", "land", "5,5", value=1)
    ex(s, "B2", "land", "5,6", value=1)
    put(s, "shark", "2,7")
    hand(s, 0, "shark_repellent")
    at(s, "creature", 1, roll=("shark", 2))
    s.apply("shark 2,7 2,5")
    assert s.decision == "repel" and s.decision_seat == 0
    assert HEU.choose(s, s.legal_actions(), Rng(8), 0) == "repel"
    assert HEU.policy(s, s.legal_actions(), Rng(8)) == "repel"


@pytest.mark.rule("ISL-1.6")
def test_places_the_best_explorer_on_a_tile_that_sinks_late():
    s = lapilli.new_game("the-island", 2, 11)
    a = HEU.choose(s, s.legal_actions(), Rng(9), 0)
    _, v, h = a.split()
    assert v == "6"
    assert s.terrain[BY_NAME[h]] == 2                 # a mountain: removed last (ISL-5.3)


@pytest.mark.slow  # whole games at every level
def test_levels_play_full_games_to_the_end():
    for players, lineup in ((2, ("easy", "normal")), (3, ("hard", "easy", "normal"))):
        s = lapilli.new_game("the-island", players, 21)
        agents = [make_agent(lv, seed=i, game="the-island", players=players) for i, lv in enumerate(lineup)]
        for ag in agents:
            if hasattr(ag, "iterations"):
                ag.iterations = 8          # keep the test quick; the search itself is the same
                ag.time_limit = None
        final = play_game(s, agents)
        assert final.is_terminal and final.end_reason
        assert len(final.scores()) == players


def test_level_specs_name_the_game_hooks():
    for level in ("easy", "normal", "hard"):
        agent = make_agent(level, seed=1, game="the-island", players=2)
        s = lapilli.new_game("the-island", 2, 4)
        assert agent.choose(Decision(s, s.to_move)) in s.legal_actions()
    normal = make_agent("normal", seed=1, game="the-island", players=2)
    assert normal.policy is HEU.policy and normal.evaluator is HEU.values


@pytest.mark.rule("ISL-7.11")
def test_a_shark_attack_waiting_for_the_repellent_window_counts_as_done():
    s = blank(2)
    ex(s, "R1", "sea", "2,5", value=5)
    ex(s, "R2", "land", "5,5", value=1)
    ex(s, "B2", "land", "5,6", value=1)
    put(s, "shark", "2,7")
    at(s, "creature", 1, roll=("shark", 2))
    before = HEU.projected(s, 0)
    s.apply("shark 2,7 2,5")
    assert s.decision == "repel"
    after = HEU.projected(s, 0)
    go(s, "pass")
    assert where(s, "R1")[0] == "lost"
    assert after == pytest.approx(HEU.projected(s, 0)) and after < before


@pytest.mark.rule("ISL-4.31")
def test_rollout_policy_saves_first_and_attacks_the_others():
    s = blank(2)
    boat(s, "1,1")
    ex(s, "R1", "boat", "1,1", value=3)
    ex(s, "R2", "land", "5,5", value=1)
    at(s, "move", 0)
    picks = {HEU.policy(s, s.legal_actions(), Rng(k)) for k in range(40)}
    assert "isle R1 nw" in picks and len(picks) < len(s.legal_actions())
    s = blank(2)
    ex(s, "B1", "sea", "2,5", value=5)
    ex(s, "R1", "sea", "2,3", value=5)
    ex(s, "R2", "land", "5,5", value=1)
    ex(s, "B2", "land", "5,6", value=1)
    put(s, "serpent", "2,4")
    at(s, "creature", 0, roll=("serpent", 1))
    picks = [HEU.policy(s, s.legal_actions(), Rng(k)) for k in range(40)]
    assert "serpent 2,4 2,3" not in picks[:3] and picks.count("serpent 2,4 2,5") > 25
