"""The engine contract for every player count and option set, and seeded random games."""
import json

import pytest

import lapilli
from lapilli.testing.conformance import check_conformance, play_random
from tests.games.seeds import seed_sets
from tests.tiers import first_fast

GAME = "isola-dei-vulcani"
CONFIGS = [{"setup": "standard"}, {"setup": "advanced"}]


@pytest.mark.parametrize("players", first_fast([2, 3, 4]))  # every count in the whole suite
@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: o["setup"])
def test_conformance(players, options):
    for seed in (1, 2):
        s = check_conformance(GAME, players, options, seed, every=40)
        assert s.is_terminal


@pytest.mark.parametrize("max_rounds", first_fast([40, 100]))
def test_conformance_safeguard_option(max_rounds):
    s = check_conformance(GAME, 2, {"max_rounds": max_rounds, "setup": "advanced"}, 3, every=60)
    assert s.round <= max_rounds


def test_conformance_every_ply():
    check_conformance(GAME, 3, {}, 5, every=3)


@pytest.mark.parametrize("seeds", seed_sets(range(20)))
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: o["setup"])
def test_random_games(players, options, seeds):
    for seed in seeds:
        s = play_random(GAME, players, options, 1000 + seed)
        assert s.is_terminal and len(s.scores()) == players
        assert s.end_reason in ("volcanoes", "round-limit", "stalled")
        assert sum(1 for v in s.spaces.values() if v == "L") + s.lava_supply == 47
        assert len(s.cracks) + s.crack_supply == 26
        assert s.prayer_supply + sum(s.prayer_tokens) <= 12


def test_no_hidden_information_and_json():
    s = lapilli.new_game(GAME, 3, 4, {"setup": "advanced"})
    assert not any(s.has_hidden(p) for p in (None, 0, 1, 2))
    d = s.determinize(0, 9)
    assert d.legal_actions() == s.legal_actions()
    json.dumps(s.observation(None))
    assert lapilli.load_state(json.dumps(s.to_json())).map_id == s.map_id


def test_render_shows_board_and_private_seat():
    s = lapilli.new_game(GAME, 2, 4)
    text = s.render(0)
    assert "VOLCANO" in text and "E2^4" in text and "you)" in text
    assert "Round 1" in text
