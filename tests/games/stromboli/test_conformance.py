"""The engine contract: conformance kit, random games, observations, rendering, data files."""
import json
import random

import pytest

import lapilli
from lapilli.games.stromboli.data import BOARD, CARDS, DECKS, KIND
from lapilli.testing.conformance import check_conformance, play_random
from tests.games.seeds import seed_sets
from tests.tiers import first_fast

CONFIGS = lapilli.game_spec("stromboli").configurations(2)


def test_every_option_set_is_listed():
    assert len(CONFIGS) == 6 * 2   # x the house rule shells_score
    assert {"tactical": False, "huts": "first", "prescore_priestess": False, "shells_score": "second"} in CONFIGS
    assert {"tactical": True, "huts": "random", "prescore_priestess": True, "shells_score": "every"} in CONFIGS


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
@pytest.mark.parametrize("seed", first_fast([1, 2]))  # the second seed in the whole suite
def test_conformance(options, seed):
    st = check_conformance("stromboli", 2, options, seed, every=7)
    assert st.is_terminal and len(st.triggers) == 2


@pytest.mark.parametrize("seeds", seed_sets(range(30)))
@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_random_games_end_with_both_scorings_and_conserve_components(options, seeds):
    for seed in seeds:
        s = play_random("stromboli", 2, options, seed)
        assert s.is_terminal and [t["scoring"] for t in s.triggers] == [1, 2]
        # every palm card is somewhere exactly once
        where = ([c for c in s.cards if c] + s.discard + [c for p in s.piles for c in p]
                 + s.front[0] + s.front[1] + s.shells[0] + s.shells[1])
        expected = [c for d in DECKS for c in d if not (options["tactical"] and KIND[c] == "lava")]
        assert sorted(where) == sorted(expected)
        # statues conserved, scores recomputable from the scoring events
        for seat in (0, 1):
            assert s.statues_left[seat] + sum(1 for o in s.statues if o == seat) == 8
        assert s.supply() == 4 - sum(s.craters)


def test_scores_equal_the_sum_of_the_scoring_events():
    for seed in range(10):
        s = lapilli.new_game("stromboli", 2, seed=seed)
        r = random.Random(seed)
        total = [0, 0]
        while not s.is_terminal:
            for e in s.apply(r.choice(s.legal_actions())):
                if e["type"] == "score":
                    total[e["seat"]] += e["total"]
        assert total == s.scores()


def test_observation_hides_only_the_pile_order_and_determinize_reshuffles_it():
    s = lapilli.new_game("stromboli", 2, seed=3)
    obs = s.observation(0)
    text = json.dumps(obs)
    assert obs["piles"] == [3, 12, 15]
    for pile in s.piles:
        for c in pile:
            assert c not in text
    assert s.has_hidden(0) and s.has_hidden(None)
    d = s.determinize(0, 5)
    assert d.observation(0) == obs and d.piles != s.piles
    assert sorted(d.piles[2]) == sorted(s.piles[2])


def test_render_shows_the_island_scores_and_whose_turn():
    s = lapilli.new_game("stromboli", 2, seed=2)
    text = s.render(0)
    for seg in range(6):
        assert f"S{seg}" in text
    assert "BOAT" in text and "Red" in text and "Yellow" in text and "to play" in text
    assert "hut" in text and "pier" in text
    s = play_random("stromboli", 2, {}, 2)
    assert "Game over" in s.render(None)


def test_data_files_carry_provenance_for_every_item():
    for key, item in BOARD.items():
        if isinstance(item, dict):
            assert "provenance" in item, key
    for g in CARDS["palm_cards"] + CARDS["score_cards"]:
        assert g["provenance"]
    sizes = {d: sum(g["count"] for g in CARDS["palm_cards"] if g["deck"] == d) for d in (1, 2, 3)}
    assert sizes == {1: 15, 2: 12, 3: 15}
    assert sum(g["count"] for g in CARDS["palm_cards"] if g["kind"] == "lava") == 8
