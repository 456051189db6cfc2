"""The heuristic player ``choose`` is the opponent the levels' targets are measured against; it
was made faster.  ``choose`` as it was before (with the evaluation behind it:
``evaluate``, ``heats``, ``_heat`` and the dict frontier ``_frontier_dist``) is kept frozen in
oracle.py, and this test checks that the shipped ``choose`` makes the same choice AND leaves the
random source in the same state on every decision of seeded random and heuristic games, 2-6
players, every variant."""
from __future__ import annotations

import pytest

import lapilli
from lapilli.agents.base import Decision
from lapilli.engine.rng import Rng
from lapilli.games.eruption import heuristics as H

from .oracle import old_choose, old_evaluate, old_heat, old_heats

# ---------------------------------------------------------------- positions
def decisions(players: int, variant: str, seed: int, heuristic_seats=None, max_plies=None):
    """Every decision of one seeded game with more than one legal action, as (state the heuristic
    player is shown, legal, seat, rng seed); the heuristic seats move by the frozen ``old_choose``,
    the others at random."""
    opts = {} if variant == "standard" else {"variant": variant}
    s = lapilli.new_game("eruption", players, seed, opts)
    pick = Rng(seed * 7919 + 1)
    heur = set(range(players)) if heuristic_seats is None else set(heuristic_seats)
    plies = 0
    while not s.is_terminal and (max_plies is None or plies < max_plies):
        seat = s.to_move
        legal = s.legal_actions()
        if len(legal) > 1:
            d = Decision(s, seat)
            shown = d.determinize(pick.next64() & 0x7FFFFFFF)
            r = pick.next64()
            yield shown, list(legal), seat, r
            if seat in heur:
                a = old_choose(shown.clone(), list(legal), Rng(r), seat)
            else:
                a = legal[pick.randbelow(len(legal))]
        else:
            a = legal[0]
        s.apply(a)
        plies += 1


def same_choice(shown, legal, seat, r) -> bool:
    r1, r2 = Rng(r), Rng(r)
    a = H.choose(shown.clone(), list(legal), r1, seat)
    b = old_choose(shown.clone(), list(legal), r2, seat)
    return a == b and r1.state == r2.state


GAMES = [(2, "standard", 1, None), (2, "lava_rain", 2, None), (3, "annihilation", 3, (0,)),
         (4, "cooperation", 4, None), (5, "standard", 5, (1, 3)), (6, "cooperation", 6, (0, 2, 4))]


@pytest.mark.slow  # whole searches over many positions
def test_choose_makes_the_same_choices_and_draws_as_before():
    seen = 0
    for players, variant, seed, heur in GAMES:
        for shown, legal, seat, r in decisions(players, variant, seed, heur, max_plies=120):
            assert same_choice(shown, legal, seat, r), (players, variant, seed, legal)
            seen += 1
    assert seen > 300


@pytest.mark.slow  # every position of many games
def test_heats_equal_the_dict_frontier_heats():
    seen = 0
    for players, variant, seed, heur in GAMES:
        for shown, legal, seat, r in decisions(players, variant, seed + 100, heur, max_plies=80):
            assert H.heats(shown) == old_heats(shown)
            for p in range(players):
                assert H.heat(shown, p) == old_heat(shown, p, None, None)
                assert H.evaluate(shown, p) == old_evaluate(shown, p)
            seen += 1
    assert seen > 200
