"""Eruption's normal and hard levels by player count: 2 players score the leaves by the end race
played out (``values_raceout``) and keep the Rain (``prune=keep_rain``); 3 and 4 players play the
fitted leaves one decision deep with the heuristic player's move on half the decisions, and the
4-player hard is the fitted leaves after the placement look-ahead with 400 iterations, no mix;
5 players play the same search with the leaves scored by weights fitted per stage of the game and
the heuristic player's move on 7 decisions in 10, and their hard is that search with 400
iterations, no mix; 6 players play the 5-player normal's search without the mix; an unknown count
plays the deep search (``levels.DEEP``)."""
from __future__ import annotations

import random

import pytest

import lapilli
from lapilli.agents import Decision, level_spec, make_agent
from lapilli.games.eruption import levels as L

# the deep search (the level for an unknown player count), written out
OLD_NORMAL = ("mcts:iterations=600,time_limit=0.9,c=0.05,rollout_depth=0,evaluator=values_by_count,"
              "policy=policy_by_count,prior=game,widen=2,order=eval,chance=key,settle=1")
NEW_2 = ("mcts:iterations=600,time_limit=0.9,c=0.05,rollout_depth=0,evaluator=values_raceout,"
         "policy=policy_by_count,prior=game,widen=2,order=eval,chance=key,settle=1,prune=keep_rain")
# 5 players: the fitted leaves with weights per stage of the game, one decision
# deep, 150 iterations, the heuristic player's move on 7 decisions in 10 (the spec measured, with
# time_limit=0); hard: the same with 400 iterations and no mix (with hard's time limit)
NEW_5 = ("mcts:iterations=150,time_limit=0.9,c=0.05,rollout_depth=0,evaluator=fitted_values_staged,"
         "policy=policy_by_count,prior=game,widen=2,order=eval,chance=key,settle=1,max_depth=1,mix=0.7")
HARD_5 = ("mcts:iterations=400,time_limit=4,c=0.05,rollout_depth=0,evaluator=fitted_values_staged,"
          "policy=policy_by_count,prior=game,widen=2,order=eval,chance=key,settle=1,max_depth=1")
# 3 players: the fitted leaves one decision deep, 150 iterations, the heuristic
# player's move on half the decisions (the spec measured, with time_limit=0)
NEW_3 = ("mcts:iterations=150,time_limit=0.9,c=0.05,rollout_depth=0,evaluator=fitted_values,"
         "policy=policy_by_count,prior=game,widen=2,order=eval,chance=key,settle=1,max_depth=1,mix=0.5")
# 6 players: the 5-player normal's search (weights per stage of the game) without
# the mix, every decision searched (the spec measured, with time_limit=0)
NEW_6 = NEW_5.replace(",mix=0.7", "")
# 4 players: hard is the fitted leaves after the placement look-ahead, one
# decision deep, 400 iterations, no mix (the spec measured, with hard's time limit)
HARD_4 = ("mcts:iterations=400,time_limit=4,c=0.05,rollout_depth=0,evaluator=fitted_values_place,"
          "policy=policy_by_count,prior=game,widen=2,order=eval,chance=key,settle=1,max_depth=1")


def _roots(players: int, seed: int, k: int = 3) -> list:
    rng = random.Random(seed)
    s = lapilli.new_game("eruption", players, seed, {})
    out = []
    n = 0
    while not s.is_terminal and len(out) < k:
        legal = s.legal_actions()
        if len(legal) > 1:
            n += 1
            if n % 17 == 5:
                out.append(s.clone())
        s.apply(legal[rng.randrange(len(legal))])
    return out


def test_the_levels_by_player_count():
    assert level_spec("normal", "eruption", 2) == NEW_2              # hard at 2-3: test_evaluator.py
    assert level_spec("normal", "eruption", 3) == NEW_3
    assert level_spec("normal", "eruption", 4) == NEW_3          # the 3-player normal
    for level in ("normal", "hard"):
        assert level_spec(level, "eruption") == OLD_NORMAL          # count not known: as before
    assert level_spec("normal", "eruption", 5) == NEW_5
    assert level_spec("normal", "eruption", 6) == NEW_6
    assert level_spec("hard", "eruption", 4) == HARD_4
    assert level_spec("hard", "eruption", 5) == HARD_5
    # hard at 6 players is the deep search (look-ahead leaves, turn finished)
    assert level_spec("hard", "eruption", 6) == OLD_NORMAL.replace("time_limit=0.9", "time_limit=4")
    assert set(L.LEVELS["hard"]) == set(L.LEVELS["normal"]) == {2, 3, 4, 5, 6, "default"}


def _plays_as_measured(players, measured, seed, k=6):
    """The level (time limit off) makes the same choices, mix draws included, as the spec of the
    tournaments over a run of decisions of one game, with the same root statistics where it
    searches; returns (decisions searched, decisions handed to the heuristic player)."""
    lvl = make_agent(level_spec("normal", "eruption", players).replace("time_limit=0.9", "time_limit=0"),
                     seed=5, game="eruption", players=players)
    ref = make_agent(measured, seed=5, game="eruption", players=players)
    searched = mixed = 0
    roots = _roots(players, seed, k=k)
    assert roots
    for st in roots:
        assert lvl.choose(Decision(st.clone())) == ref.choose(Decision(st.clone()))
        assert lvl.last_iterations == ref.last_iterations
        if lvl.last_iterations:
            searched += 1
            assert {k: (n.visits, n.total) for k, n in lvl.last_root.children.items()} == \
                {k: (n.visits, n.total) for k, n in ref.last_root.children.items()}
        else:
            mixed += 1
    return searched, mixed


_FITTED = ("mcts:iterations=150,time_limit=0,c=0.05,rollout_depth=0,evaluator=fitted_values,"
           "policy=policy_by_count,prior=game,widen=2,order=eval,chance=key,settle=1,max_depth=1,mix=0.5")


@pytest.mark.parametrize("players, measured, seed, k", [
    # 3 players: the fitted leaves one decision deep on some decisions, the
    # heuristic player's move on others
    (3, _FITTED, 503, 6),
    # 4 players: the 3-player normal's spec with the refitted 4-player weights
    (4, _FITTED, 504, 6),
    # 5 players: the leaves with weights per stage of the game, mix=0.7
    (5, "mcts:iterations=150,time_limit=0,c=0.05,rollout_depth=0,policy=policy_by_count,prior=game,widen=2,"
        "order=eval,chance=key,settle=1,max_depth=1,evaluator=fitted_values_staged,mix=0.7", 505, 10),
])
def test_the_normal_plays_as_the_measured_spec(players, measured, seed, k):
    searched, mixed = _plays_as_measured(players, measured, seed, k=k)
    assert searched and mixed


def test_the_6_player_normal_plays_as_the_measured_spec():
    """6 players: the leaves with weights per stage of the game (the 5-player
    weights, the nearest fitted count), no mix: every decision searched."""
    measured = ("mcts:iterations=150,time_limit=0,c=0.05,rollout_depth=0,evaluator=fitted_values_staged,"
                "policy=policy_by_count,prior=game,widen=2,order=eval,chance=key,settle=1,max_depth=1")
    searched, mixed = _plays_as_measured(6, measured, 506, k=6)
    assert searched == 6 and mixed == 0
