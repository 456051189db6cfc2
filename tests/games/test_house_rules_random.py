"""Every house rule's other value(s) in a seeded random game to the end, with the engine contract
checks (the defaults are played by tests/games/*/test_conformance.py; test_heuristics_every_option.py
plays each value with the computer players' policy)."""
import pytest

import lapilli
from lapilli.engine.errors import LapilliError
from lapilli.engine.registry import BUILTIN_GAMES
from lapilli.testing.conformance import check_conformance

# a house rule's clause, for the rules marker
CLAUSE = {"moai_score": "IDV-I9", "colonist_limit": "IDV-6.4", "fire_on_start": "KDO-6.6", "totem_tie": "KDO-I18",
          "prescore_priestess": "STR-I38", "shells_score": "STR-I23", "both_events_final": "ERU-I31",
          "annihilation_end": "ERU-I42", "lava_rain": "ERU-18.1",
          "tiebreak": "ISL-I6", "dive_move": "ISL-16.12", "dolphin_shift": "ISL-16.31"}
# the options a house rule acts with (so that the random game reaches it)
WITH = {"totem_tie": {"mode": "totem"}, "prescore_priestess": {"tactical": True}, "dive_move": {"dolphins": True},
        "dolphin_shift": {"dolphins": True}, "annihilation_end": {"variant": "annihilation"},
        "lava_rain": {"variant": "annihilation"}}


def _cases():
    out = []
    for game in sorted(BUILTIN_GAMES):
        spec = lapilli.game_spec(game)
        for name, o in spec.options.items():
            if not o.house_rule:
                continue
            for value in o.values:
                if value == o.default:
                    continue
                opts = {**WITH.get(name, {}), name: value}
                n = spec.min_players
                try:
                    spec.resolve(n, opts)
                except LapilliError:
                    continue
                out.append(pytest.param(game, n, opts, marks=pytest.mark.rule(CLAUSE[name]),
                                        id=f"{game}-{name}={value}"))
    return out


def test_every_house_rule_is_listed():
    names = {n for g in BUILTIN_GAMES for n, o in lapilli.game_spec(g).options.items() if o.house_rule}
    assert names == set(CLAUSE)


@pytest.mark.parametrize("game,players,options", _cases())
def test_house_rule_in_random_games(game, players, options):
    s = check_conformance(game, players, options, 1, every=40)
    assert s.is_terminal and s.options == lapilli.game_spec(game).resolve(players, options)[1]
    assert len(s.winners()) >= 1
