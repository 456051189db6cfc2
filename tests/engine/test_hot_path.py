"""The engine's hot-path entry points (legal_view, apply_legal, copies without history) do what
the checked entry points do, for every game."""
from __future__ import annotations

import json

import pytest

import lapilli
from lapilli.engine.rng import Rng
from tests.engine.nim_game import GameState as Nim


def positions(game: str, players: int, n: int = 12, seed: int = 3) -> list:
    r = Rng(seed)
    out = []
    s = lapilli.new_game(game, players, seed, {})
    while not s.is_terminal and len(out) < n:
        legal = s.legal_actions()
        if r.randbelow(4) == 0:
            out.append(s.clone())
        s.apply(legal[r.randbelow(len(legal))])
    return out


def data(s) -> str:
    return json.dumps(s.to_json()["data"], sort_keys=True, default=str)


@pytest.mark.parametrize("game", lapilli.list_games())
def test_hot_path_matches_checked_path(game):
    spec = lapilli.game_spec(game)
    r = Rng(7)
    for st in positions(game, spec.max_players):
        view = st.legal_view()
        assert view == st.legal_actions()
        a = view[r.randbelow(len(view))]
        checked, fast = st.clone(), st.clone()
        events = checked.apply(a)
        assert isinstance(events, list)
        assert fast.apply_legal(a) is None
        assert data(fast) == data(checked)
        assert fast.history == checked.history == st.history + [a]
        assert fast.legal_actions() == checked.legal_actions()
        # copies without history: same position, empty record from here on
        bare = st.clone(history=False)
        assert bare.history == [] and data(bare) == data(st)
        seat = st.to_move
        d1, d2 = st.determinize(seat, 11), st.determinize(seat, 11, history=False)
        assert data(d1) == data(d2) and d2.history == [] and d1.history == st.history
        assert d2.legal_actions() == d1.legal_actions()


def test_legal_view_of_a_finished_game_is_empty():
    s = Nim(2, 0, {"pile": 10})
    while not s.is_terminal:
        s.apply_legal(s.legal_view()[-1])
    assert s.legal_view() == [] and s.winners() != []


def test_determinize_keeps_the_legal_cache_without_hidden_information():
    s = Nim(2, 0, {"pile": 10})
    s.legal_actions()
    d = s.determinize(0, 5)
    assert d._legal_cache is s._legal_cache          # nothing hidden: the list stands
    assert d.rng.state != s.rng.state                 # future chance is re-seeded all the same
    k = lapilli.new_game("stromboli", 2, 1, {}, seeding="linear")  # a position where seat 1 is to move
    k.legal_actions()
    assert k.determinize(0, 5)._legal_cache is None   # a game with hidden parts lists again
