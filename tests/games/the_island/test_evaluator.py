"""The Island: the fitted leaf evaluator (evaluator.features / win_probs,
heuristics.fitted_values), the leaves of the hard levels at 3, 4 and 6 players."""
import pytest

import lapilli
from lapilli.agents import Decision, level_spec, make_agent, parse_agent_spec
from lapilli.agents.levels import GUIDED
from lapilli.games.the_island import evaluator as FE
from lapilli.games.the_island import heuristics as HEU

from tests.agents.helpers import assert_search_plays_legal_moves

from .helpers import at, blank, ex, heuristic_positions, put, snapshot, untimed


def _feature(s, seat, name):
    return FE.features(s)[seat][FE.FEATURES.index(name)]


def test_the_weights_file_matches_the_features_for_every_count():
    for n in range(2, 7):
        assert len(FE.weights(n)) == FE.N_FEATURES


def test_features_read_where_the_explorers_are():
    s = blank(2)
    ex(s, "R1", "land", "6,5", value=1)
    ex(s, "B1", "isle", "nw", value=1)
    base = FE.features(s)
    assert base[1][FE.FEATURES.index("saved")] > 0 == base[0][FE.FEATURES.index("saved")]
    assert base[0][FE.FEATURES.index("in_play")] == 1 and base[1][FE.FEATURES.index("in_play")] == 0
    assert base[0][FE.FEATURES.index("to_move")] == 1 and base[1][FE.FEATURES.index("next")] == 1
    # a swimmer next to a shark counts as threatened, away from it as safe
    s2 = blank(2)
    ex(s2, "R1", "sea", "5,0", value=1)
    assert _feature(s2, 0, "sea_safe") > 0 == _feature(s2, 0, "sea_danger")
    put(s2, "shark", "5,1")
    assert _feature(s2, 0, "sea_danger") > 0 == _feature(s2, 0, "sea_safe")


def test_the_projected_feature_is_the_hand_made_projected_worth_to_the_bit():
    # features() and values() take every seat's projected worth from heuristics._projected_all
    # (tables, threats worked out once); it must be _projected's float, dangers (whale, serpent,
    # shark, dolphin) and the doomed swimmer included
    checked = 0
    for players in (2, 4, 6):
        for s in heuristic_positions(players, 7, 12):
            if not s.started or s.is_terminal:
                continue
            com = HEU._common(s)
            assert [f[FE.FEATURES.index("projected")] for f in FE.features(s)] == \
                [HEU._projected(s, q, *com) for q in range(players)]
            checked += 1
    assert checked > 20


def test_win_probs_are_a_distribution_and_the_win_shares_at_the_end():
    for players in (2, 4):
        for s in heuristic_positions(players, 5, 9):
            p = FE.win_probs(s)
            assert len(p) == players and all(0.0 <= x <= 1.0 for x in p)
            if s.started and not s.is_terminal:
                assert abs(sum(p) - 1.0) < 1e-9
            if not s.started:
                assert p == HEU.setup_values(s)
    s = lapilli.new_game("the-island", 2, 3)
    agents = [make_agent("random", seed=q) for q in range(2)]
    while not s.is_terminal:
        s.apply(agents[s.to_move].choose(Decision(s)))
    w = s.winners()
    assert FE.win_probs(s) == [1.0 / len(w) if q in w else 0.0 for q in range(2)]


def test_a_saved_explorer_is_worth_more_than_one_left_far_out():
    s = blank(3)
    ex(s, "R1", "land", "6,5", value=4)
    ex(s, "B1", "isle", "nw", value=4)
    ex(s, "Y1", "land", "6,6", value=4)
    at(s, "move", 2)
    p = FE.win_probs(s)
    assert p[1] > p[0]


def test_fitted_values_score_the_end_of_the_turn_and_leave_the_state_alone():
    for players in (2, 3):
        for s in heuristic_positions(players, 13, 7):
            before = snapshot(s)
            v = HEU.fitted_values(s)
            assert snapshot(s) == before
            if s.is_terminal or not s.started or HEU._turn_start(s):
                assert v == FE.win_probs(s)
            else:
                c = s.clone(False)
                HEU.finish_turn(c)
                assert v == FE.win_probs(c)


def test_a_search_with_the_fitted_evaluator_plays_legal_moves():
    spec = f"mcts:iterations=60,c=0.05,{GUIDED},max_depth=3,evaluator=fitted_values"
    for players in (2, 4):
        assert_search_plays_legal_moves("the-island", spec, players, 21)


def test_hard_at_three_and_four_players_is_one_of_the_two_player_hards_searches_with_the_fitted_leaves():
    # three decisions deep, 400 iterations
    one_search = level_spec("hard", "the-island", 2).removesuffix(",ensemble=4")
    assert one_search != level_spec("hard", "the-island", 2)
    for players in (3, 4):
        hard = level_spec("hard", "the-island", players)
        # the same parameters (a later parameter replaces an earlier one of the same name)
        assert parse_agent_spec(hard) == parse_agent_spec(one_search + ",evaluator=fitted_values")
        agent = make_agent(hard, game="the-island", players=players)
        assert (agent.iterations, agent.max_depth) == (400, 3)


# the flat searches as measured (time limit off)
FLAT = ("mcts:iterations={n},time_limit=0,c=0.05,rollout_depth=0,evaluator=game,policy=game,prior=game,"
        "widen=2,order=eval,evaluator={ev},max_depth=1")
# the 5-player hard's leaves: the fitted weights halved; the 3-6 player normals' leaves: the
# hand-made turn-end values
EVAL = {("hard", 5): "fitted_soft_values", **{("normal", n): "game" for n in (3, 4, 5, 6)}}


@pytest.mark.slow  # whole searches at every count
def test_three_to_six_player_levels_are_the_flat_search_that_was_measured():
    # normal 150 iterations with the hand-made leaves, hard 400 with the fitted ones (5 players: the
    # halved fitted ones), both one decision deep: the level (time limit off, so the iterations end
    # the search) chooses as the measured spec, with the same root statistics; at 3 and 4 players
    # normal only (hard searches three decisions deep, test above)
    both, normal = (("normal", 150), ("hard", 400)), (("normal", 150),)
    for players, levels in ((3, normal), (4, normal), (5, both), (6, both)):
        roots = [st for st in heuristic_positions(players, 11, 17) if len(st.legal_actions()) > 1][2:3]
        assert roots
        _same_as_measured(players, roots, levels)
    assert len({level_spec("normal", "the-island", n) for n in (3, 4, 5, 6)}) == 1


def _same_as_measured(players, roots, levels):
    for level, n in levels:
        spec = level_spec(level, "the-island", players)
        ev = EVAL.get((level, players), "fitted_values")
        params = parse_agent_spec(spec)[1]          # the options as the agent reads them (the last one wins)
        assert params["max_depth"] == 1 and params["evaluator"] == ev
        lvl = make_agent(untimed(spec), seed=5, game="the-island", players=players)
        assert lvl.time_limit is None and "time_limit" in params      # the level's limit removed
        ref = make_agent(FLAT.format(n=n, ev=ev), seed=5, game="the-island", players=players)
        assert (lvl.iterations, lvl.max_depth) == (n, 1)
        for st in roots:
            assert lvl.choose(Decision(st.clone())) == ref.choose(Decision(st.clone()))
            assert {k: (c.visits, c.total) for k, c in lvl.last_root.children.items()} == \
                {k: (c.visits, c.total) for k, c in ref.last_root.children.items()}
