"""Eruption's heuristics module for the computer players (games/eruption/heuristics.py)."""
import pytest

import lapilli
from lapilli.agents import MCTSAgent, make_agent
from lapilli.agents.base import Decision
from lapilli.engine.rng import Rng
from lapilli.games.eruption import heuristics as Hs

from .helpers import blank, goto, lay, pending


def two_paths():
    """Seat 0 on village 0 (top), seat 1 on village 3 (bottom); lava runs from the volcano up to
    g1 (a side hex of village 0: sides v0-5 g1-NW, v0-6 g1-N) and down to g8 (a side hex of
    village 3: sides v3-5 g8-SW, v3-6 g8-S)."""
    st = blank(2)
    assert st.villages == [0, 3]
    lay(st, "g3", "SW N")       # fed by the central flow f4-NE
    lay(st, "g2", "S N")        # -> g1
    lay(st, "g6", "N S")        # fed by the central flow g5-S
    lay(st, "g7", "N S")        # -> g8
    st.hands = [[], []]
    st.reserve = [{"straw": 0, "wood": 0, "stone": 0} for _ in range(2)]
    return st


def test_evaluate_values_policy_and_choose_over_a_game():
    s = lapilli.new_game("eruption", 3, 4)
    rng = Rng(4)
    for _ in range(400):
        if s.is_terminal:
            break
        e = [Hs.evaluate(s, p) for p in range(3)]
        assert all(isinstance(x, float) for x in e)
        v = Hs.values(s)
        assert all(0.0 <= x <= 1.0 for x in v) and abs(sum(v) - 1.0) < 1e-9
        # the seat with the best value is the one the evaluation puts ahead (a tile waiting to be
        # placed is first placed by values())
        if s.phase != "place":
            assert max(range(3), key=lambda p: v[p]) == max(range(3), key=lambda p: e[p])
        legal = s.legal_actions()
        assert Hs.policy(s, legal, rng) in legal
        a = Hs.choose(s, legal, rng, s.to_move)
        assert a in legal
        s.apply(a)
    assert s.is_terminal
    assert Hs.values(s) == [1.0 / len(s.winners()) if p in s.winners() else 0.0 for p in range(3)]


def test_evaluate_counts_lava_on_the_village_and_walls_against_it():
    st = two_paths()
    base = Hs.evaluate(st, 0)
    lay(st, "g1", "S N")                        # lava on v0-6: +20 at each of seat 0's Phase 1s
    touched = Hs.evaluate(st, 0)
    assert touched < base - 20
    st.border_walls[(0, 5)] = ("stone", 0)             # a stone wall there falls only 10/36 of the time
    walled = Hs.evaluate(st, 0)
    assert walled > touched + 20 * 0.7           # >= 0.7 * 20 degrees saved per coming turn
    assert Hs.evaluate(st, 1) == pytest.approx(-Hs.evaluate(st, 0))


def test_places_the_tile_against_the_opponent_not_on_its_own_village():
    st = two_paths()
    goto(st, "place", 0, mode="p2")
    pending(st, 2)                               # a straight N-S tile
    legal = st.legal_actions()
    assert "place g1 0" in legal and "place g8 0" in legal
    for seed in range(5):
        a = Hs.choose(st, legal, Rng(seed), 0)
        assert a in ("place g8 0", "place g8 3")  # onto village 3's side v3-6, never onto v0-6


def test_blocks_the_lava_heading_for_its_village():
    st = two_paths()
    goto(st, "p4", 0)
    st.reserve[0]["stone"] = 1
    st.builds_left = 1
    legal = st.legal_actions()
    a = Hs.choose(st, legal, Rng(0), 0)
    assert a.split()[2] in ("g2-N", "v0-5", "v0-6"), a   # the flow end facing g1, or g1's village sides


def test_walls_the_side_the_lava_touches():
    st = two_paths()
    lay(st, "g1", "S N")
    goto(st, "p4", 0)
    st.reserve[0]["stone"] = 1
    st.builds_left = 1
    legal = st.legal_actions()
    assert Hs.choose(st, legal, Rng(0), 0) == "build stone v0-6"
    assert Hs.policy(st, legal, Rng(0)) == "build stone v0-6"


def test_plays_rain_when_hot_and_keeps_it_when_cool():
    st = two_paths()
    st.hands[0] = ["rain"]
    st.temperatures[0] = 100
    goto(st, "p3", 0)
    assert Hs.choose(st, st.legal_actions(), Rng(0), 0) == "rain"
    st.temperatures[0] = 0
    goto(st, "p3", 0)
    assert Hs.choose(st, st.legal_actions(), Rng(0), 0) == "end"


def test_plays_sinkhole_on_the_tile_that_burns_its_village():
    st = two_paths()
    lay(st, "g1", "S N")
    st.hands[0] = ["sinkhole"]
    goto(st, "p3", 0)
    legal = st.legal_actions()
    assert "sinkhole g1" in legal
    assert Hs.choose(st, legal, Rng(0), 0) == "sinkhole g1"


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_finishes_a_game(level):
    s = lapilli.new_game("eruption", 2, 7)
    agents = [make_agent(level, seed=p, game="eruption", players=2) for p in range(2)]
    for ag in agents:
        if isinstance(ag, MCTSAgent):
            ag.iterations = 8                    # keep the test quick; the levels are measured by tournaments
            ag.time_limit = None
    for _ in range(2000):
        if s.is_terminal:
            break
        p = s.to_move
        a = agents[p].choose(Decision(s, p))
        assert a in s.legal_actions()
        s.apply(a)
    assert s.is_terminal and s.winners()


@pytest.mark.parametrize("players", [4, 6])
def test_cooperation_is_evaluated_before_and_after_the_teams_are_known(players):
    """Teams exist only once the turn order is set (ERU-I40(2)); the evaluation must work in the
    village choice before it (it raised a TypeError there) and count mates together after it."""
    s = lapilli.new_game("eruption", players, 7, {"variant": "cooperation"})
    rng = Rng(7)
    saw_before = saw_after = False
    for _ in range(300):
        if s.is_terminal:
            break
        v = Hs.values(s)
        assert len(v) == players and abs(sum(v) - 1.0) < 1e-9
        for p in range(players):
            Hs.evaluate(s, p)  # evaluates every seat without failing
        if s.teams is None:
            saw_before = True
        else:
            saw_after = True
            for a, b in s.teams:  # mates share a team heat, so neither is ahead of the other
                assert v[a] == pytest.approx(v[b])
        legal = s.legal_actions()
        s.apply(Hs.policy(s, legal, rng))
    assert saw_before and saw_after


def test_normal_level_plays_cooperation():
    s = lapilli.new_game("eruption", 4, 3, {"variant": "cooperation"})
    agents = [make_agent("normal", seed=p, game="eruption", players=4) for p in range(4)]
    for _ in range(25):  # the opening: village choice, turn order, the first turns
        if s.is_terminal:
            break
        p = s.to_move
        s.apply(agents[p].choose(Decision(s, p, s.legal_actions())))
    assert len(s.history) >= 25


@pytest.mark.rule("ERU-16.5")
@pytest.mark.parametrize("seed", [0, 16])
def test_heuristic_teammates_do_not_pass_a_wall_back_and_forth_forever(seed):
    """Cooperation lets the active player give and take walls any number of times in Phase 3
    (ERU-16.5, ERU-I40(1)); heuristic players weighed a take before its consent, so on these
    seeds a burned village gave a wall and took it back for ever (the study's 5,000-decision cap
    stopped 19 of 500 games).  They now end their games."""
    from lapilli.agents.base import play_game
    from lapilli.sim.local import agent_seed

    s = lapilli.new_game("eruption", 4, seed, {"variant": "cooperation"})
    agents = [make_agent("heuristic", seed=agent_seed(seed, p), game="eruption", players=4) for p in range(4)]
    play_game(s, agents, max_plies=5000)
    assert s.is_terminal and s.winners()
    assert len(s.history) < 1000
