"""Eruption: the eruption tiles to come in the search's leaves (heuristics.claim_heats,
values_claims), an evaluator of the eleventh session (docs/agents.md, "Eleventh session")."""
from __future__ import annotations

import random

import lapilli
from lapilli.games.eruption import heuristics as H

from tests.agents.helpers import assert_search_plays_legal_moves


def _positions(players: int, seed: int):
    """Positions of a seeded random game once every village is chosen (not the end)."""
    rng = random.Random(seed)
    s = lapilli.new_game("eruption", players, seed, {})
    while not s.is_terminal:
        if all(v is not None for v in s.vil):
            yield s
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])


def _claim_heats(s):
    layers = H._frontier_layers(s)
    return H.claim_heats(s, layers, H._side_parts(s, layers), H._turns_left(s, 0))


def _per_turn(s, q):
    layers = H._frontier_layers(s)
    return H._side_cached(s, s.vil[q], layers, H._side_parts(s, layers))[0]


def _upcoming(s):
    """The seats in the order of their next Phase 1 (the seat whose turn it is: last)."""
    i = s.order.index(s.turn)
    return s.order[i + 1:] + s.order[:i + 1]


def test_a_claimed_tile_not_yet_placed_costs_every_other_seat_30():
    # ERU-12.5, ERU-I27: the claimant places it at the end of its next Phase 1
    s = next(p for p in _positions(4, 3) if p.phase == "p3").clone()
    s.claims = [2, 0, 1]
    s.erupted = [False, True, True]
    assert _claim_heats(s) == [30.0, 30.0, 0.0, 30.0]
    s.erupted = [True, True, True]
    assert _claim_heats(s) == [0.0, 0.0, 0.0, 0.0]


def test_the_seat_expected_to_reach_an_open_space_first_is_the_likely_claimant():
    # only the first eruption space (50) open; the seats with lava touching their village placed
    # just below it reach it in their next Phase 1, the others (at 0) not before a later turn:
    # the first of them in turn order claims it (ERU-12.3, ERU-I27(1))
    checked = ties = 0
    for seed in range(20, 80):
        for p in _positions(4, seed):
            hot = [q for q in range(4) if _per_turn(p, q) > 0]
            if not hot or any(_per_turn(p, q) >= 50 for q in range(4)) or p.burned.count(True):
                continue
            s = p.clone()
            s.claims = [None, 0, 0]
            s.erupted = [False, True, True]
            s.temps = [49 if q in hot else 0 for q in range(4)]
            first = next(q for q in _upcoming(s) if q in hot)
            likely = H.CLAIM_LIKELY * 30.0
            assert _claim_heats(s) == [0.0 if q == first else likely for q in range(4)]
            checked += 1
            ties += len(hot) > 1                  # several reach it in the same round: turn order decides
        if checked >= 10 and ties >= 5:
            break
    assert checked >= 10 and ties >= 5


def test_no_tile_to_come_leaves_the_values_of_values_fast():
    seen = 0
    for p in _positions(4, 5):
        s = p.clone()
        s.claims = [0, 1, 2]
        s.erupted = [True, True, True]
        assert H.values_claims(s) == H.values_fast(s)
        seen += 1
    assert seen > 50


def test_a_claim_to_come_makes_the_others_hotter_in_the_values():
    s = next(p for p in _positions(4, 3) if p.phase == "p3").clone()
    s.claims = [0, 1, 2]
    s.erupted = [True, True, True]
    before = H._values_claims_now(s)
    s.erupted = [False, True, True]              # seat 0 still has its tile to place
    after = H._values_claims_now(s)
    assert after[0] > before[0]
    assert all(after[q] < before[q] for q in (1, 2, 3))


def test_the_search_with_the_claims_leaves_plays_legal_moves():
    spec = ("mcts:iterations=60,c=0.05,rollout_depth=0,evaluator=values_claims,policy=policy_by_count,"
            "prior=game,widen=2,order=eval,chance=key,settle=0")
    assert_search_plays_legal_moves("eruption", spec, 4, 31)
