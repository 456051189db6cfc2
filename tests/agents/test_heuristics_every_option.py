"""Every game's heuristic functions (the computer players' evaluator and rollout policy) work in
every option value and at the smallest and largest player count that value allows: a short
game is played by the game's policy, and its values() / evaluate() are asked at every position
(a crash here means a strength level cannot play that variant)."""
import pytest

import lapilli
from lapilli.agents.heuristic import game_heuristics
from lapilli.engine.errors import LapilliError
from lapilli.engine.registry import BUILTIN_GAMES
from lapilli.engine.rng import Rng


def _cases():
    out = []
    for game in [g for g in lapilli.list_games() if g in BUILTIN_GAMES]:  # not the test games (nim, toy)
        spec = lapilli.game_spec(game)
        for name, opt in spec.options.items():
            for value in opt.values:
                if value == opt.default or isinstance(value, int) and not isinstance(value, bool) and len(opt.values) > 6:
                    continue
                counts = []
                for n in (spec.min_players, spec.max_players):
                    try:
                        spec.resolve(n, {name: value})
                    except LapilliError:
                        continue
                    counts.append(n)
                if not counts:
                    for n in range(spec.min_players, spec.max_players + 1):
                        try:
                            spec.resolve(n, {name: value})
                        except LapilliError:
                            continue
                        counts.append(n)
                        break
                for n in sorted(set(counts)):
                    out.append(pytest.param(game, n, {name: value}, id=f"{game}-{n}p-{name}={value}"))
    return out


@pytest.mark.parametrize("game,players,options", _cases())
def test_heuristics_work_in_every_option(game, players, options):
    mod = game_heuristics(game)
    assert mod is not None, f"{game} has no heuristics module"
    s = lapilli.new_game(game, players, 11, options)
    rng = Rng(11)
    for _ in range(120):
        if s.is_terminal:
            break
        v = mod.values(s) if hasattr(mod, "values") else None
        if v is not None:
            assert len(v) == players and all(0.0 <= x <= 1.0 for x in v)
        for p in range(players):
            assert isinstance(mod.evaluate(s, p), float)
        legal = s.legal_actions()
        a = mod.policy(s, legal, rng)
        assert a in legal
        s.apply(a)
    assert len(s.history) > 0
