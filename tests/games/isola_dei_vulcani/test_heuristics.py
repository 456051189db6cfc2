"""L'Isola dei Vulcani's heuristics module for the computer players (heuristics.py)."""
import math

import lapilli
from lapilli.agents import make_agent
from lapilli.agents.base import Decision
from lapilli.engine import Rng
from lapilli.games.isola_dei_vulcani import heuristics as Hh

from .helpers import clear, col, fresh, lying, village

GAME = "isola-dei-vulcani"


def test_choose_policy_and_values_on_random_positions():
    for players, setup in ((2, "standard"), (3, "advanced"), (4, "standard")):
        s = lapilli.new_game(GAME, players, 7, {"setup": setup})
        rng = Rng(7)
        for i in range(400):
            if s.is_terminal:
                break
            legal = s.legal_actions()
            v = Hh.values(s)
            assert len(v) == players and all(0.0 <= x <= 1.0 for x in v)
            e = Hh.evaluate(s, s.to_move)
            assert math.isfinite(e)
            assert Hh.policy(s, legal, rng) in legal
            a = Hh.choose(s, legal, rng, s.to_move)
            assert a in legal
            s.apply(a)


def test_evaluate_counts_final_points_and_lava_threat():
    s = clear(fresh())
    base = Hh.evaluate(s, 0)
    village(s, "E3a", 0)
    assert Hh.evaluate(s, 0) >= base + 2.0  # a village is 3 final points, less its lava risk
    s2 = clear(fresh())
    village(s2, "E3a", 0)
    exp = Hh.exposed(s2)
    assert "E3a" in exp  # E3a is the first space of volcano 4's channel toward E3
    s.volcanoes = []
    assert Hh.exposed(s) == set()  # no volcano left on the board: no lava can come


def test_erects_when_it_can_and_saves_its_pieces():
    s = clear(fresh())
    col(s, "E3", 0)
    lying(s, "E3a", 0)
    s._legal_cache = None
    a = Hh.choose(s, s.legal_actions(), Rng(1), 0)
    assert a.startswith("erect")


def test_aims_the_crack_that_sinks_an_opponents_volcano_part():
    """Area 6 (E7, F6, volcano 6) walled in except D7|E7: Red erects on D7 and may choose the
    crater facing that edge (closing the wall: the part with Blue's village sinks) or others."""
    s = clear(fresh())
    geo = s.geo
    part = set(geo.area_hexes[6])
    for h in part:
        for m, key in geo.nbrs[h]:
            if m not in part and key != "D7|E7":
                s.cracks.add(key)
                s.crack_supply -= 1
    village(s, "F6a", 1)
    col(s, "D7", 0)
    lying(s, "D7a", 0)
    s._legal_cache = None
    legal = s.legal_actions()
    assert "erect D7a D7-SW" in legal and len([a for a in legal if a.startswith("erect")]) > 1
    assert Hh.choose(s, legal, Rng(2), 0) == "erect D7a D7-SW"


def test_levels_build_mcts_with_the_game_hooks():
    s = lapilli.new_game(GAME, 2, 3)
    for level in ("easy", "normal", "hard"):
        ag = make_agent(level, seed=1, game=GAME)
        if level != "easy":
            ag.iterations = 20
            ag.time_limit = None
        assert ag.choose(Decision(s)) in s.legal_actions()
