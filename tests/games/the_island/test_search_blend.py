"""The Island: ``heuristics.blend_values``, half the hand-made turn-end values and half the fitted
logit on the same finished turn (a 2-player hard candidate, not used by a level)."""
from lapilli.agents.levels import GUIDED
from lapilli.games.the_island import evaluator as FE
from lapilli.games.the_island import heuristics as HEU

from tests.agents.helpers import assert_search_plays_legal_moves

from .helpers import heuristic_positions


def _snapshot(s):
    return (s.decision, s.decision_seat, s.current_player, s.movement_points, list(s.explorer_where), list(s.explorer_at), list(s.terrain),
            list(s.back), s.rng.state, {k: list(v) for k, v in s.creatures.items()})


def test_blend_is_the_mean_of_the_two_leaves_on_the_finished_turn_and_leaves_the_state_alone():
    seen = 0
    for players in (2, 3):
        for s in heuristic_positions(players, 17, 7):
            before = _snapshot(s)
            v = HEU.blend_values(s)
            assert _snapshot(s) == before
            assert len(v) == players and all(0.0 <= x <= 1.0 for x in v)
            if s.is_terminal or not s.started:
                assert v == HEU.turn_values(s)
                continue
            c = s.clone(False)
            if not HEU._turn_start(s):
                HEU.finish_turn(c)
            if c.over:
                continue
            a, b = HEU._static_values(c), FE.win_probs(c)
            assert v == [(x + y) / 2 for x, y in zip(a, b)]
            seen += 1
    assert seen > 20


def test_a_search_with_the_blended_evaluator_plays_legal_moves():
    spec = f"mcts:iterations=60,c=0.05,{GUIDED},max_depth=3,evaluator=blend_values"
    assert_search_plays_legal_moves("the-island", spec, 2, 22)
