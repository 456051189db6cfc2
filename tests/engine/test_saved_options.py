"""Records and state files written before an option existed replay as they were played: an
option they do not name takes ``OptionSpec.legacy`` (the reading the engine had before the
option), not its new default."""
from __future__ import annotations

import random

import pytest

import lapilli
from lapilli.engine.spec import AS_DEFAULT

# the house rules whose default (the literal text) changed what the engine did: their old reading
LEGACY = {
    ("isola-dei-vulcani", "colonist_limit"): "own",
    ("kingdomino-origins", "fire_on_start"): False,
    ("kingdomino-origins", "totem_tie"): "keep",
    ("the-island", "tiebreak"): "chain",
    ("the-island", "dive_move"): "optional",
    ("the-island", "dolphin_shift"): "any",
    ("eruption", "annihilation_end"): "quiet_round",
}
CASES = [("isola-dei-vulcani", 2, {}), ("kingdomino-origins", 3, {"mode": "totem"}),
         ("the-island", 3, {"dolphins": True, "giant_squid": True}), ("eruption", 3, {"variant": "annihilation"})]


def test_only_the_changed_house_rules_have_a_legacy_value():
    found = {(g, n): o.legacy for g in lapilli.list_games()
             for n, o in lapilli.game_spec(g).options.items() if o.legacy is not AS_DEFAULT}
    assert found == LEGACY
    for (g, n), old in LEGACY.items():
        o = lapilli.game_spec(g).options[n]
        assert o.house_rule and old in o.values and old != o.default


@pytest.mark.parametrize("game, players, options", CASES, ids=[c[0] for c in CASES])
def test_a_record_without_the_new_options_replays_with_their_legacy_values(game, players, options):
    spec = lapilli.game_spec(game)
    old = dict(spec.saved_options(options))
    for seed in range(3):
        s = lapilli.new_game(game, players, seed, old)
        rng = random.Random(seed)
        while not s.is_terminal and len(s.history) < 400:
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        record = s.to_record()
        record.pop("result", None)
        record["options"] = {k: v for k, v in record["options"].items() if (game, k) not in LEGACY}
        replayed = lapilli.replay(record)
        assert replayed.options == s.options
        assert replayed.to_json()["data"] == s.to_json()["data"]
        js = s.to_json()
        js["options"] = record["options"]
        assert lapilli.load_state(js).options == s.options
