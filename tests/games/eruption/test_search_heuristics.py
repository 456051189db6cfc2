"""Eruption's search functions with the board geometry cached (``heats`` on the frontier bit sets,
``policy`` and ``values_cap`` with the cached placement weights) compute what their first,
uncached versions computed (tests/games/eruption/oracle.py): the same moves, random draws and
floats; ``policy_fast`` / ``values_fast``, the names older search specs use, are the same
functions; ``values_now`` is the capped heats without the placement look-ahead."""
from __future__ import annotations

import random

import lapilli
from lapilli.agents import Decision, make_agent
from lapilli.engine.rng import Rng
from lapilli.games.eruption import heuristics as H

from .oracle import old_heats, old_policy, old_policy_wall, old_values_cap_placed


def _positions(players: int, games: int, seed: int = 11):
    rng = random.Random(seed)
    for g in range(games):
        s = lapilli.new_game("eruption", players, seed + g, {})
        while not s.is_terminal:
            yield s
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])


def test_heats_and_values_cap_equal_the_originals():
    seen = 0
    for players in (2, 4, 6):
        for s in _positions(players, 3):
            assert H.heats(s) == old_heats(s)       # the dict frontier as the oracle
            assert H.values_cap(s) == old_values_cap_placed(s)
            seen += 1
    assert seen > 300


def test_policy_makes_the_same_moves_and_draws_as_the_original():
    moves = 0
    for players in (2, 6):
        for s in _positions(players, 3, seed=40):
            legal = s.legal_actions()
            if len(legal) < 2:
                continue
            r1, r2 = Rng(moves), Rng(moves)
            assert H.policy(s, list(legal), r1) == old_policy(s, list(legal), r2)
            assert r1.next64() == r2.next64()          # the same number of draws
            moves += 1
    assert moves > 100


def test_policy_builds_the_same_walls_in_phase_4_as_before():
    # the phase-4 wall choice reads the frontier's first layer (_frontier_layers) instead of
    # _frontier_dist: the same wall (or "end") in every phase-4 position of random games
    seen = walls = 0
    for players in range(2, 7):
        for s in _positions(players, 4, seed=500):
            if s.phase != "p4":
                continue
            legal = s.legal_actions()
            got = H.policy(s, list(legal), Rng(seen))
            assert got == old_policy_wall(s, legal)
            assert old_policy(s, list(legal), Rng(seen)) == got
            seen += 1
            walls += got != "end"
    assert seen > 200 and walls > 100


def test_values_now_is_the_capped_heats_of_the_position():
    for s in _positions(2, 2, seed=70):
        v = H.values_now(s)
        assert abs(sum(v) - 1.0) < 1e-9 or (s.is_terminal and sum(v) == 0.0)
        if not s.is_terminal and s.phase != "place":
            assert v == H.values_cap(s)


def test_the_older_names_are_the_same_functions():
    assert H.policy_fast is H.policy and H.values_fast is H.values_cap and H.heats_fast is H.heats


def test_search_chooses_as_with_the_original_functions():
    spec = "mcts:iterations=150,c=0.05,rollout_depth=0,prior=game,widen=2,order=eval,chance=key,settle=1"
    roots = [s.clone() for k, s in enumerate(_positions(2, 2, seed=90)) if k % 17 == 5
             and len(s.legal_actions()) > 1][:5]
    assert roots
    for st in roots:
        a = make_agent(spec + ",evaluator=values_cap,policy=game", seed=5, game="eruption")
        b = make_agent(spec + ",evaluator=values_cap,policy=game", seed=5, game="eruption")
        b.evaluator, b.policy = old_values_cap_placed, old_policy
        assert a.choose(Decision(st)) == b.choose(Decision(st))
        ra, rb = a.last_root, b.last_root
        assert {k: (n.visits, n.total) for k, n in ra.children.items()} == \
               {k: (n.visits, n.total) for k, n in rb.children.items()}


def _burning_pair():
    """Two seats on the last space's doorstep: seat 0 holds a Rain, seat 1 none."""
    for s in _positions(2, 4, seed=120):
        if not s.is_terminal and s.phase == "p3" and s.to_move == 0:
            s = s.clone()
            s.temperatures = [H.LAST, H.LAST]
            s.hands = [["rain"], []]
            s._legal_cache = None
            return s
    raise AssertionError("no position")


def test_values_end_counts_a_held_rain_below_the_cap():
    s = _burning_pair()
    v = H.values_end_now(s)
    assert v[0] > 0.7 > 0.3 > v[1]          # 30 degrees below the other at the end
    s.hands = [[], []]
    v = H.values_end_now(s)
    assert abs(v[0] - v[1]) < 1e-9          # both on the mark: level


def test_policy_end_keeps_rain_until_it_counts():
    s = _burning_pair()
    legal = s.legal_actions()
    assert "rain" in legal
    assert H.policy_end(s, legal, Rng(1)) == "rain"     # on the last space: play it
    s.temperatures = [150, 150]
    s._legal_cache = None
    legal = s.legal_actions()
    assert "rain" in legal
    assert H.policy(s, list(legal), Rng(1)) == "rain"   # the rollout policy plays it at once
    assert H.policy_end(s, list(legal), Rng(1)) != "rain"
    s.final_left = 1
    assert H.policy_end(s, list(legal), Rng(1)) == "rain"   # a last turn: play it


def test_values_race_differs_only_in_the_end_race():
    seen = differ = 0
    for s in _positions(2, 3, seed=150):
        a, b = H.values_race(s), H.values_end_now(s)
        assert abs(sum(a) - 1.0) < 1e-9
        seen += 1
        if max(abs(x - y) for x, y in zip(a, b)) > 1e-9:
            differ += 1
            assert max(s.temperatures) >= 100               # only once a village nears the burn mark
    assert seen > 100 and differ < seen


def test_normal_searches_as_the_end_race_with_2_3_players_and_as_values_cap_with_4_6():
    spec = "mcts:iterations=120,c=0.05,rollout_depth=0,prior=game,widen=2,order=eval,chance=key,settle=1"
    for players, same_as in ((2, "evaluator=values_end_now,policy=policy_end"),
                             (3, "evaluator=values_end_now,policy=policy_end"),
                             (4, "evaluator=values_cap,policy=game"),
                             (6, "evaluator=values_cap,policy=game")):
        roots = [s.clone() for k, s in enumerate(_positions(players, 1, seed=300 + players))
                 if k % 23 == 7 and len(s.legal_actions()) > 1][:3]
        assert roots
        for st in roots:
            a = make_agent(spec + ",evaluator=values_by_count,policy=policy_by_count", seed=3, game="eruption")
            b = make_agent(spec + "," + same_as, seed=3, game="eruption")
            assert a.choose(Decision(st)) == b.choose(Decision(st))
            assert {k: (n.visits, n.total) for k, n in a.last_root.children.items()} == \
                   {k: (n.visits, n.total) for k, n in b.last_root.children.items()}
    from lapilli.agents import level_spec
    # an unknown count (and hard at 4-6 players); the levels by count: test_levels.py
    assert "evaluator=values_by_count,policy=policy_by_count" in level_spec("normal", "eruption")
