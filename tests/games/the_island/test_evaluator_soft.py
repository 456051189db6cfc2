"""The Island: the flatter fitted leaves (heuristics.fitted_soft_values, the 5-player hard's
evaluator)."""
from lapilli.agents.fitted import logit_probs
from lapilli.games.the_island import evaluator as FE
from lapilli.games.the_island import heuristics as HEU

from .helpers import heuristic_positions
from .helpers import snapshot


def test_fitted_soft_values_are_the_halved_logit_of_the_finished_turn_and_leave_the_state_alone():
    for players in (3, 5):
        checked = 0
        for s in heuristic_positions(players, 13, 5):
            before = snapshot(s)
            v = HEU.fitted_soft_values(s)
            assert snapshot(s) == before
            assert len(v) == players and all(0.0 <= x <= 1.0 for x in v)
            if s.is_terminal or not s.started:           # as fitted_values: win shares, set-up values
                assert v == HEU.fitted_values(s)
                continue
            assert abs(sum(v) - 1.0) < 1e-9               # a share of the win per seat
            c = s.clone(False)
            HEU.finish_turn(c)
            if c.is_terminal:
                continue
            w = FE.weights(players)
            assert v == logit_probs(FE.features(c), [HEU.SOFT * x for x in w])
            # the same order of the seats as fitted_values, the values closer to 1 / n
            f = HEU.fitted_values(s)
            assert sorted(range(players), key=v.__getitem__) == sorted(range(players), key=f.__getitem__)
            assert max(v) <= max(f) + 1e-12 and min(v) >= min(f) - 1e-12
            checked += 1
        assert checked > 10
