"""L'Isola dei Vulcani's heuristics module for the computer players (heuristics.py)."""
import math

import lapilli
from lapilli.agents import level_spec, make_agent, parse_agent_spec
from lapilli.agents.base import Decision
from lapilli.engine import Rng
from lapilli.games.isola_dei_vulcani import heuristics as Hh
from lapilli.games.isola_dei_vulcani import heuristics as Hh_default

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
        ag = make_agent(level, seed=1, game=GAME, players=2)
        if level != "easy":
            ag.iterations = 20
            ag.time_limit = None
        assert ag.choose(Decision(s)) in s.legal_actions()


def _rim():
    """The rim-craters data set (no crater on volcano hexes, so touching volcano areas are glued)
    and its heuristics module."""
    import importlib

    from lapilli.engine import dataset

    rim = dataset.load(GAME, "rim-craters")
    return rim, importlib.import_module(dataset.bound_module(rim).__name__ + ".heuristics")


def _glued_unit_game():
    """An advanced game of the rim-craters set whose continent glues three or more volcano areas
    into one unit."""
    rim, Hh = _rim()
    for seed in range(100):
        s = lapilli.new_game(GAME, 2, seed, {"setup": "advanced"}, data=rim)
        unit = Hh.units_of(s.geo)
        sizes = {}
        for v in s.geo.volcano_ids:
            sizes.setdefault(unit[v], []).append(v)
        big = [vs for vs in sizes.values() if len(vs) >= 3]
        if big:
            return s, unit, big[0]
    raise AssertionError("no continent of the library has a glued unit")


def test_units_are_areas_glued_by_borders_no_crater_faces():
    rim, Hh = _rim()
    s, unit, vols = _glued_unit_game()
    geo = s.geo
    faced = {geo.crater_edge[c][1] for c in geo.craters}
    for h in geo.hexes:
        for m, key in geo.nbrs[h]:
            a, b = geo.area_of[h], geo.area_of[m]
            if a != b and key not in faced:
                assert unit[a] == unit[b]  # no crack can ever separate them (IDV-I2 a)
    # the glued volcano areas touch at volcano hexes (which hold no crater)
    assert all(not geo.hex_craters[geo.volcano_hex[v]] for v in vols)
    std = Hh.units_of(lapilli.new_game(GAME, 2, 0, data=rim).geo)
    assert std[3] == std[6] and std[4] == std[7] and std[1] != std[2]
    # the default crater set has craters on volcano hexes: no two areas are glued, on any continent
    for setup, seed in (("standard", 0), ("advanced", 1), ("advanced", 2)):
        geo = lapilli.new_game(GAME, 2, seed, {"setup": setup}).geo
        assert len(set(Hh_default.units_of(geo).values())) == len(geo.areas), (setup, seed)


def test_doomed_after_a_sinking_that_leaves_a_glued_unit_unable_to_sink():
    rim, Hh = _rim()
    s, unit, vols = _glued_unit_game()
    geo = s.geo
    assert not Hh.doomed_after(s, set())
    u_hexes = {h for a in geo.areas if unit[a] == unit[vols[0]] for h in geo.area_hexes[a]}
    other = next(v for v in geo.volcano_ids if unit[v] != unit[vols[0]])
    o_hexes = set(geo.area_hexes[other])
    # everything else has sunk: the unit and one single volcano area remain
    s.sunk = {h for h in geo.hexes if h not in u_hexes | o_hexes}
    s.volcanoes = sorted(set(vols) | {other})
    # sinking the single area would leave the unit alone: it can never be the smaller part
    assert Hh.doomed_after(s, {other}, o_hexes)
    # sinking the unit leaves one volcano: the game ends (IDV-13.1)
    assert not Hh.doomed_after(s, set(vols), u_hexes)
    assert Hh.sink_weight(s, {other}, o_hexes) < 0 < Hh.sink_weight(s, set(vols), u_hexes)
    # a crack that would cut the single area off is judged a loss by every seat
    inside = o_hexes
    open_edges = [(h, m, key) for h in inside for m, key in geo.nbrs[h]
                  if m not in inside and m not in s.sunk]
    for h, m, key in open_edges[1:]:
        s.cracks.add(key)
    h, m, key = open_edges[0]
    assert len(o_hexes) < len(u_hexes)  # the single area is the smaller part: it would sink
    for seat in range(2):
        assert Hh.split_value(s, h, m, key, seat) < -30.0


def test_policy_choose_plays_the_heuristic_player_for_the_seat_to_move():
    # the hard level at 2 and 4 players finishes turns with the heuristic player: mcts ``policy=choose``
    for players in (2, 4):
        params = parse_agent_spec(level_spec("hard", GAME, players))[1]
        assert (params["settle"], params["policy"]) == (1, "choose")
    ag = make_agent("mcts:iterations=30,settle=1,policy=choose,rollout_depth=0,evaluator=game",
                    seed=2, game=GAME)
    s = lapilli.new_game(GAME, 3, 11)
    assert ag.choose(Decision(s)) in s.legal_actions()   # the name is looked up at the first search
    for i in range(120):
        if s.is_terminal:
            break
        legal = s.legal_actions()
        a = ag.policy(s.clone(), list(legal), Rng(i))
        assert a == Hh.choose(s.clone(), list(legal), Rng(i), s.to_move)
        s.apply(a)
