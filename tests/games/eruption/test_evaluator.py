"""Eruption: the fitted leaf evaluator (evaluator.features / win_probs, heuristics.fitted_values),
the leaves of the 2- and 3-player hard."""
from __future__ import annotations

import pytest

from lapilli.agents import make_agent
from lapilli.games.eruption import evaluator as FE
from lapilli.games.eruption import heuristics as H
from lapilli.games.eruption.data import LAST

from tests.agents.helpers import assert_search_plays_legal_moves, eruption_position

from .helpers import random_positions, snapshot


def _f(s, seat, name):
    return FE.features(s)[seat][FE.FEATURES.index(name)]


def test_the_weights_file_matches_the_features_for_every_count():
    for n in range(2, 7):
        assert len(FE.weights(n)) == FE.N_FEATURES


def test_features_read_the_temperature_the_rains_and_the_turn_order():
    s = eruption_position("p3").clone()
    me, other = s.current_player, 1 - s.current_player
    s.temperatures[me], s.temperatures[other] = 100, LAST
    s.hands[me], s.hands[other] = ["rain", "quake"], ["bomb"]
    assert _f(s, me, "temp") == 1.0 and _f(s, other, "temp") == LAST / 100.0
    assert _f(s, me, "rains") == 1 and _f(s, other, "rains") == 0
    assert _f(s, me, "cards") == 1 and _f(s, other, "cards") == 1
    assert _f(s, other, "at_last") == 1 and _f(s, me, "at_last") == 0
    assert _f(s, me, "to_move") == 1 and _f(s, other, "next") == 1
    assert _f(s, me, "rain_final") == 0
    s.final_left = 1
    assert _f(s, me, "rain_final") == 1
    h = H.heats(s)
    assert abs(_f(s, me, "heat") - h[me] / 100.0) < 1e-12


def test_a_cooler_village_with_a_rain_is_rated_ahead():
    s = eruption_position("p3").clone()
    me, other = s.current_player, 1 - s.current_player
    s.temperatures[me], s.temperatures[other] = 120, 200
    s.hands[me], s.hands[other] = ["rain"], []
    p = FE.win_probs(s)
    assert p[me] > p[other]
    s.temperatures[me], s.temperatures[other] = 200, 120
    s.hands[me], s.hands[other] = [], ["rain"]
    p = FE.win_probs(s)
    assert p[other] > p[me]


def test_win_probs_are_a_distribution_and_the_win_shares_at_the_end():
    for players in (2, 4, 6):
        for s in random_positions(players, 30 + players, 8):
            before = snapshot(s)
            p = FE.win_probs(s)
            assert snapshot(s) == before
            assert len(p) == players and all(0.0 <= x <= 1.0 for x in p)
            assert abs(sum(p) - 1.0) < 1e-9
            if s.is_terminal:
                w = s.winners()
                assert p == [1.0 / len(w) if q in w else 0.0 for q in range(players)]
            elif any(v is None for v in s.villages):
                assert p == H.values_now(s)
            assert H.fitted_values(s) == p


@pytest.mark.parametrize("placed, leaf", [("fitted_values_place", "win_probs"),
                                           ("fitted_values_staged_place", "win_probs_staged")])
def test_fitted_values_place_scores_after_the_placement_and_leaves_the_state_alone(placed, leaf):
    s = eruption_position("place").clone()
    before = snapshot(s)
    v = getattr(H, placed)(s)
    assert snapshot(s) == before
    assert v == H._after_place(s, getattr(FE, leaf))
    assert v != getattr(FE, leaf)(s) or s.phase != "place"


@pytest.mark.slow  # whole searches
def test_a_search_with_the_fitted_evaluator_plays_legal_moves():
    for players, ev in ((2, "fitted_values"), (4, "fitted_values_place")):
        spec = ("mcts:iterations=60,c=0.05,rollout_depth=0,policy=policy_by_count,prior=game,widen=2,"
                f"order=eval,chance=key,settle=1,evaluator={ev}")
        assert_search_plays_legal_moves("eruption", spec, players, 21)


def test_hard_at_two_and_three_players_is_the_search_of_normal_with_the_fitted_leaves():
    from lapilli.agents import level_spec

    # 3 players: the deep search (the normal of an unknown count); the 3-player normal: test_levels.py
    for players, ev, normal in ((2, "values_raceout", level_spec("normal", "eruption", 2)),
                                (3, "values_by_count", level_spec("normal", "eruption"))):
        hard = level_spec("hard", "eruption", players)
        assert f"evaluator={ev}" in normal
        assert hard == normal.replace("time_limit=0.9", "time_limit=4").replace(f"evaluator={ev}",
                                                                                "evaluator=fitted_values")
        assert "settle=1" in hard
        assert make_agent(hard, game="eruption", players=players).iterations == 600
    assert "prune=keep_rain" in level_spec("hard", "eruption", 2)   # 4-6 players: test_levels.py


def test_the_4_and_5_player_weights_are_the_fit_the_levels_were_measured_with():
    # fitted on 500 heuristic self-play games each (fit_evaluator gen --seed 41400 / 41500): the
    # weights the 4- and 5-player levels were measured with; 6 players use 5's
    heat, temp_late = FE.FEATURES.index("heat"), FE.FEATURES.index("temp_late")
    assert round(FE.weights(4)[heat], 4) == 1.3653 and round(FE.weights(4)[temp_late], 4) == -1.8381
    assert round(FE.weights(5)[heat], 4) == 1.974 and round(FE.weights(5)[temp_late], 4) == -2.654
    assert FE.weights(6) == FE.weights(5)
