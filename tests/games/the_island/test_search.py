"""The Island: the turn-end evaluation for the search (heuristics.finish_turn, turn_values)."""
import lapilli
from lapilli.agents import level_spec, make_agent
from lapilli.agents.base import Decision
from lapilli.engine.rng import Rng
from lapilli.games.the_island import heuristics as HEU

from tests.agents.helpers import assert_search_plays_legal_moves

from .helpers import heuristic_positions, untimed


def test_finish_turn_stops_at_the_creature_move_or_the_next_turn():
    mid = [s for s in heuristic_positions(2, 5, 7) if s.decision in ("move", "remove", "creature") and not HEU._turn_start(s)]
    assert len(mid) > 10
    for s in mid:
        c = s.clone(False)
        c.rng = Rng(11)
        cur = c.current_player
        HEU.finish_turn(c)
        assert c.is_terminal or c.decision == "creature" or (c.current_player == (cur + 1) % c.num_players and HEU._turn_start(c))
        if c.decision == "creature":
            assert c.current_player == cur and c.roll is not None


def test_turn_values_score_the_end_of_the_turn_and_leave_the_state_alone():
    for s in heuristic_positions(2, 5, 5):
        before = (s.decision, s.decision_seat, s.current_player, s.movement_points, list(s.explorer_where), list(s.terrain), s.rng.state)
        v = HEU.turn_values(s)
        assert len(v) == 2 and all(0.0 <= x <= 1.0 for x in v)
        assert (s.decision, s.decision_seat, s.current_player, s.movement_points, list(s.explorer_where), list(s.terrain), s.rng.state) == before
        if not s.is_terminal and not s.started:
            assert v == HEU.setup_values(s)
        elif s.is_terminal or HEU._turn_start(s):
            assert v == HEU._static_values(s)
        else:
            c = s.clone(False)
            HEU.finish_turn(c)
            assert v == HEU._static_values(c)


def test_finish_turn_takes_an_open_isle_with_the_points_left():
    # R1 swims next to an isle entrance with two movement points left: the greedy rest of the
    # turn saves it, so the turn-end value is far better than the static one for red
    from .helpers import at, blank, ex

    s = blank(2)
    ex(s, "R1", "sea", "2,0", value=3)
    ex(s, "B1", "land", "6,5", value=3)
    at(s, "move", 0, points=2)
    s._legal_cache = None
    c = s.clone(False)
    HEU.finish_turn(c)
    assert c.explorer_where[0] == HEU.ISLE
    assert HEU.turn_values(s)[0] > HEU._static_values(s)[0]


def test_setup_values_put_the_high_values_on_the_tiles_that_sink_last():
    s = lapilli.new_game("the-island", 2, 3)
    assert s.decision == "place" and not s.started
    seat = s.decision_seat
    legal = s.legal_actions()
    hi, lo = max(s.unplaced[seat]), min(s.unplaced[seat])
    mountain = next(a.split()[2] for a in legal if s.terrain[HEU.BY_NAME[a.split()[2]]] == 2)
    beach = next(a.split()[2] for a in legal if s.terrain[HEU.BY_NAME[a.split()[2]]] == 0
                 and HEU.ISLE_D[HEU.BY_NAME[a.split()[2]]] == HEU.ISLE_D[HEU.BY_NAME[mountain]])

    def after(action):
        c = s.clone(False)
        c.apply(action)
        return HEU.turn_values(c)[seat]

    assert after(f"place {hi} {mountain}") > after(f"place {lo} {mountain}")
    assert after(f"place {hi} {mountain}") > after(f"place {hi} {beach}")
    v = HEU.setup_values(s)
    assert v[0] == v[1] == 0.5


def test_the_levels_search_with_turn_end_leaves_and_place_the_six_on_a_mountain():
    normal = make_agent("normal", seed=0, game="the-island", players=2)
    hard = make_agent("hard", seed=0, game="the-island", players=2)
    assert normal.evaluator is HEU.turn_values and hard.evaluator is HEU.turn_values
    # with 2 players hard is the former normal's search (three decisions deep, 400 iterations)
    # four times, the visits summed; normal the flat search of 3-6 players with the heuristic
    # player's move on half the decisions (mix=0.5)
    assert level_spec("hard", "the-island", 2) == level_spec("normal", "the-island").replace(
        "time_limit=0.9", "time_limit=4") + ",ensemble=4"
    assert level_spec("normal", "the-island", 2) == level_spec("normal", "the-island", 3) + ",mix=0.5"
    assert (normal.max_depth, hard.max_depth) == (1, 3) and (normal.iterations, hard.iterations) == (150, 400)
    assert (normal.ensemble, hard.ensemble, normal.mix) == (1, 4, 0.5)
    # with 3-6 players hard searches with the fitted leaves (test_evaluator.py)
    for players in range(3, 7):
        assert level_spec("hard", "the-island", players) != level_spec("normal", "the-island", players)
    # the level's search without its time limit (the result must not depend on the machine)
    spec = untimed(level_spec("normal", "the-island"))
    for seed in (0, 1):
        s = lapilli.new_game("the-island", 2, seed)
        act = make_agent(spec, seed=seed, game="the-island").choose(Decision(s))
        _, value, tile = act.split()
        assert int(value) == max(s.unplaced[s.decision_seat]) and s.terrain[HEU.BY_NAME[tile]] == 2


def test_hard_at_two_players_runs_normals_search_four_times_and_plays_legal_moves():
    # the 2-player level's spec with fewer iterations and no time limit (the result must not
    # depend on the machine): four searches of 60 iterations each
    spec = untimed(level_spec("hard", "the-island", 2))
    spec = spec.replace("iterations=400", "iterations=60")
    s = next(st for st in heuristic_positions(2, 5, 7) if len(st.legal_actions()) > 1)
    agent = make_agent(spec, seed=3, game="the-island", players=2)
    assert agent.choose(Decision(s)) in s.legal_actions()
    assert agent.last_iterations == 4 * 60
    assert_search_plays_legal_moves("the-island", spec, 2, 23, decisions=20)
