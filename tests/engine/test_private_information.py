"""`GameSpec.private_information` says whether players' views differ: a hot-seat screen hides
one player's view from the next exactly in the games where it holds something of their own."""
import random

import pytest

import lapilli
from lapilli.engine.registry import BUILTIN_GAMES


def views_ever_differ(game: str, players: int, seeds=range(3), plies=120) -> bool:
    for seed in seeds:
        s = lapilli.new_game(game, players=players, seed=seed)
        rng = random.Random(seed)
        for _ in range(plies):
            views = []
            for seat in range(players):
                obs = s.observation(seat)
                obs.pop("seat")
                views.append(obs)
            if any(v != views[0] for v in views[1:]):
                return True
            if s.is_terminal:
                break
            s.apply(rng.choice(s.legal_actions()))
    return False


@pytest.mark.parametrize("game", sorted(BUILTIN_GAMES))
def test_private_information_flag_matches_the_views(game):
    spec = lapilli.game_spec(game)
    assert spec.describe()["private_information"] is spec.private_information
    assert views_ever_differ(game, spec.min_players) is spec.private_information
