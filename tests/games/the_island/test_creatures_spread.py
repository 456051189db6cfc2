"""The Island: creature moves by rule of thumb in the search (``prune=creatures_spread``,
heuristics.creatures_spread; not used by a level)."""
import pytest

from lapilli.agents import Decision, make_agent
from lapilli.engine.rng import Rng
from lapilli.games.the_island import heuristics as HEU

from .helpers import heuristic_positions


def _creature_positions(players, seeds):
    out = []
    for seed in seeds:
        out += [s for s in heuristic_positions(players, seed, 1)
                if not s.is_terminal and s.decision == "creature" and len(s.legal_actions()) > 1]
    return out


@pytest.mark.slow  # searches over many positions
def test_creatures_spread_keeps_the_creature_moves_of_the_most_worth_taken_and_nothing_else_changes():
    narrowed = 0
    for players in (2, 5):
        positions = _creature_positions(players, (3, 4))
        assert len(positions) > 20
        for s in positions:
            acts = s.legal_actions()
            kept = HEU.creatures_spread(s, acts)
            gains = dict(zip(acts, HEU._creature_gains(s, acts)))
            top = max(gains.values())
            assert kept and set(kept) <= set(acts)
            assert [a for a in acts if a in kept] == kept                  # the legal order kept
            assert all(abs(gains[a] - top) <= 1e-9 for a in kept)
            assert all(gains[a] < top - 1e-9 for a in acts if a not in kept)
            assert HEU._best_creature(s, acts, Rng(7)) in kept          # the rollout policy's choice
            narrowed += len(kept) < len(acts)
        # every other decision: the moves themselves
        for s in heuristic_positions(players, 5, 7):
            if not s.is_terminal and s.decision != "creature":
                acts = s.legal_actions()
                assert HEU.creatures_spread(s, acts) is acts
    assert narrowed > 10          # an attack was there to take, and the others were left out


def test_the_search_with_creatures_spread_plays_a_kept_move():
    spec = ("mcts:iterations=60,time_limit=0,c=0.05,rollout_depth=0,evaluator=fitted_values,policy=game,"
            "prior=game,widen=2,order=eval,max_depth=1,prune=creatures_spread")
    positions = [s for s in _creature_positions(5, (4,))
                 if len(HEU.creatures_spread(s, s.legal_actions())) < len(s.legal_actions())][:6]
    assert positions
    for s in positions:
        agent = make_agent(spec, seed=2, game="the-island")
        a = agent.choose(Decision(s))
        assert a in HEU.creatures_spread(s, s.legal_actions())
