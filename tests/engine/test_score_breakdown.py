"""Every game tells its final score part by part (``score_breakdown``): over random finished
games of every game, player count and option set, each seat's parts add up to its score, every
part names its rule and has a label in both languages; the tie-break, when one is named, is a
clause of the game."""
import random

import pytest

import lapilli
from lapilli.agents import Decision, make_agent
from lapilli.engine.registry import BUILTIN_GAMES

GAMES = [g for g in lapilli.list_games() if g in BUILTIN_GAMES]


def _finished(game, players, options, seed, heuristic=False):
    s = lapilli.new_game(game, players=players, seed=seed, options=options)
    r = random.Random(seed)
    agent = make_agent("heuristic", seed=seed, game=game, players=players) if heuristic else None
    while not s.is_terminal:
        s.apply(agent.choose(Decision(s, s.to_move)) if agent else r.choice(s.legal_actions()))
    return s


def _configurations(game):
    spec = lapilli.game_spec(game)
    out = []
    for n in range(spec.min_players, spec.max_players + 1):
        for opts in spec.configurations(n):
            out.append((n, opts))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_parts_add_up_to_the_scores(game):
    spec = lapilli.game_spec(game)
    configs = _configurations(game)
    rnd = random.Random(37)
    # every player count with the default options, and three option sets drawn from the allowed
    # ones; random players, and for the first two games heuristic ones (random explorers of The
    # Island drown: nothing would be scored)
    picks = [(n, spec.resolve(n)[1]) for n in range(spec.min_players, spec.max_players + 1)]
    picks += rnd.sample(configs, min(3, len(configs)))
    nonzero = 0
    for i, (n, opts) in enumerate(picks):
        s = _finished(game, n, opts, seed=100 + i, heuristic=i < 2 and game == "the-island")
        parts = s.score_breakdown()
        assert len(parts) == n
        for seat in range(n):
            assert sum(p["points"] for p in parts[seat]) == s.scores()[seat], (game, n, opts, seat, parts[seat])
            for p in parts[seat]:
                assert p["rule"].startswith(spec.rules_prefix or p["rule"][:3]) and p["rule"], p
                assert p["label"]["en"] and p["label"]["it"], p
                nonzero += p["points"] != 0
        tb = s.tie_break()
        if tb is not None:
            assert tb["rule"] and tb["text"]["en"] and tb["text"]["it"]
    assert nonzero, "every part of every game was 0: the test would not see a wrong sum"


@pytest.mark.parametrize("game", GAMES)
def test_seat_colours_for_every_seat(game):
    spec = lapilli.game_spec(game)
    assert len(spec.seat_colours) >= spec.max_players
    assert all(len(c) == 3 and c[2].startswith("#") for c in spec.seat_colours)
