"""`State.determinize(player)` keeps the legal-action cache when ``player`` is the seat to move
(search reuses it at the root of every iteration).  That is only right if a seat's own legal
actions never depend on what is hidden from it: checked here in every game and player count,
against the actions the determinized state computes afresh."""
import random

import pytest

import lapilli


@pytest.mark.parametrize("game", lapilli.list_games())
def test_own_legal_actions_do_not_depend_on_hidden_information(game):
    spec = lapilli.game_spec(game)
    checked = 0
    for players in range(spec.min_players, spec.max_players + 1):
        s = lapilli.new_game(game, players, 11 * players)
        r = random.Random(players)
        while not s.is_terminal:
            legal = s.legal_actions()
            if len(s.history) % 2 == 0:
                for k in range(2):
                    d = s.determinize(s.to_move, 1000 * k + len(s.history), history=False)
                    assert d.legal_view() == legal  # the kept cache
                    d._legal_cache = None
                    assert d.legal_actions() == legal, (players, len(s.history))  # computed afresh
                    checked += 1
                other = (s.to_move + 1) % players
                d = s.determinize(other, 7 + len(s.history), history=False)
                assert d._legal_cache is None or type(s)._resample_hidden is lapilli.State._resample_hidden
            s.apply(r.choice(legal))
    assert checked >= 10


@pytest.mark.parametrize("game", lapilli.list_games())
def test_determinize_with_a_precomputed_plan_is_the_same(game):
    # `Decision` works out what is hidden once per decision (`hidden_plan`) and passes it to
    # every determinization: the copies must be exactly those made without it
    spec = lapilli.game_spec(game)
    compared = 0
    for players in (spec.min_players, spec.max_players):
        s = lapilli.new_game(game, players, 5 * players)
        r = random.Random(players + 1)
        while not s.is_terminal:
            legal = s.legal_actions()
            if len(s.history) % 3 == 0:
                for seat in {s.to_move, (s.to_move + 1) % players}:
                    plan = s.hidden_plan(seat)
                    for seed in (1, 2):
                        a = s.determinize(seat, seed, history=False)
                        b = s.determinize(seat, seed, history=False, plan=plan)
                        assert a.to_json() == b.to_json()
                        compared += 1
            s.apply(r.choice(legal))
    assert compared >= 10
