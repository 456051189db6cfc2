"""Eruption: the fitted leaf evaluator with weights per stage of the game (evaluator.STAGES /
win_probs_staged, heuristics.fitted_values_staged; the 5- and 6-player levels).  The
placement variant (fitted_values_staged_place) is checked with fitted_values_place in
test_evaluator.py."""
from __future__ import annotations

import json

import numpy as np
import pytest

from lapilli.agents.fitted import logit_probs
from lapilli.games.eruption import fit_evaluator
from lapilli.games.eruption import evaluator as FE
from lapilli.games.eruption import heuristics as H

from tests.agents.helpers import assert_search_plays_legal_moves
from tests.games.eruption.helpers import random_positions, snapshot


def test_stages_cut_the_share_of_lava_tiles_drawn():
    assert FE.stage(0.0) == 0 and FE.stage(0.49) == 0 and FE.stage(0.5) == 1
    assert FE.stage(0.975) == len(FE.STAGES) - 1 and FE.stage(0.99) == len(FE.STAGES) - 1
    assert FE.stage(1.0) == len(FE.STAGES)                      # the stack is out: the last stage


def test_the_staged_weights_file_matches_the_features_and_the_stages():
    data = json.loads(FE._DATA_STAGED.read_text())
    assert tuple(data["stages"]) == FE.STAGES and tuple(data["features"]) == FE.FEATURES
    for n in range(2, 7):
        w = FE.weights_staged(n)
        assert len(w) == len(FE.STAGES) + 1 and all(len(v) == FE.N_FEATURES for v in w)


def test_win_probs_staged_use_the_weights_of_the_positions_stage():
    seen = set()
    for players in (3, 5):
        for s in random_positions(players, 60 + players, 10):
            before = snapshot(s)
            p = FE.win_probs_staged(s)
            assert snapshot(s) == before
            assert len(p) == players and abs(sum(p) - 1.0) < 1e-9 and all(0.0 <= x <= 1.0 for x in p)
            assert H.fitted_values_staged(s) == p
            if s.is_terminal:
                w = s.winners()
                assert p == [1.0 / len(w) if q in w else 0.0 for q in range(players)]
            elif any(v is None for v in s.villages):
                assert p == H.values_now(s)
            else:
                k = FE.stage(FE.late_share(s))
                seen.add(k)
                assert p == logit_probs(FE.features(s), FE.weights_staged(players)[k])
    assert len(seen) >= 3                                       # positions from several stages


def test_the_late_share_read_back_from_old_data_files_is_the_one_played():
    X, L = [], []
    for s in random_positions(5, 71, 12):
        if not s.is_terminal and all(v is not None for v in s.villages):
            X.append(FE.features(s))
            L.append(FE.late_share(s))
    assert len(set(L)) >= 3
    assert fit_evaluator._late(np.array(X)).tolist() == L


def test_a_search_with_the_staged_evaluator_plays_legal_moves():
    spec = ("mcts:iterations=40,c=0.05,rollout_depth=0,policy=policy_by_count,prior=game,widen=2,"
            "order=eval,chance=key,settle=1,max_depth=1,evaluator=fitted_values_staged")
    assert_search_plays_legal_moves("eruption", spec, 5, 23)


def test_a_weights_file_fitted_on_other_stages_is_refused(tmp_path):
    from lapilli.agents.fitted import FittedWeights

    data = json.loads(FE._DATA_STAGED.read_text())
    data["stages"] = list(FE.STAGES[:-1])
    bad = tmp_path / "stages.json"
    bad.write_text(json.dumps(data))
    w = FittedWeights(bad, FE.FEATURES, "lapilli.games.eruption.fit_evaluator stages", expect={"stages": FE.STAGES})
    with pytest.raises(ValueError, match="other stages.*fit_evaluator stages"):
        w(5)
