"""The engine contract for every player count and option set; random play; bad input; hidden information."""
import json

import pytest

import lapilli
from lapilli.testing.conformance import check_conformance, play_random
from tests.games.seeds import seed_sets
from tests.games.the_island.helpers import at, blank, ex, hand, illegal, tile
from tests.tiers import fast_where, first_fast

EXPANSIONS = {
    "none": {},
    "dolphins": {"dolphins": True},
    "squid": {"giant_squid": True},
    "all": {"dolphins": True, "giant_squid": True},
}
SINGLE = [
    (4, {"challenge_1": True}),
    (3, {"challenge_2": True, "turn_cap": 200}),
    (4, {"challenge_2": True, "challenge_4": True}),
    (4, {"challenge_3": True}),
    (4, {"challenge_4": True}),
    (5, {"challenge_5": True}),
    (6, {"challenge_5": True}),
    (4, {"giant_squid": True, "squid_variant_1": True}),
    (4, {"giant_squid": True, "squid_variant_2": True}),
    (3, {"own_values_visible": True}),
    (2, {"setup_correction": True}),
]
EVERYTHING = {"challenge_2": True, "challenge_3": True, "challenge_4": True, "dolphins": True,
              "giant_squid": True, "squid_variant_1": True, "squid_variant_2": True, "turn_cap": 200}


@pytest.mark.parametrize("players", first_fast([2, 3, 4, 5, 6]))  # every count in the whole suite
@pytest.mark.parametrize("exp", list(EXPANSIONS))
def test_conformance_expansions(players, exp):
    st = check_conformance("the-island", players, EXPANSIONS[exp], seed=players * 7 + len(exp), every=30)
    assert st.is_terminal


@pytest.mark.parametrize("players,opts", fast_where(SINGLE, lambda n, o: n <= 3))  # four and more: whole suite
def test_conformance_single_options(players, opts):
    st = check_conformance("the-island", players, opts, seed=3, every=30)
    assert st.is_terminal


@pytest.mark.parametrize("players,extra", first_fast([(4, {"challenge_1": True}), (6, {"challenge_5": True})]))
def test_conformance_everything(players, extra):
    st = check_conformance("the-island", players, {**EVERYTHING, **extra}, seed=5, every=40)
    assert st.is_terminal


@pytest.mark.parametrize("seeds", seed_sets(range(1000, 1008)))
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("exp", list(EXPANSIONS))
def test_random_games(players, exp, seeds):
    for seed in seeds:
        st = play_random("the-island", players, EXPANSIONS[exp], seed=seed)
        assert st.is_terminal and st.winners()
        assert len(st.scores()) == players


def test_random_games_challenges():
    for players, opts in SINGLE:
        for seed in range(4):
            st = play_random("the-island", players, opts, seed=seed)
            assert st.is_terminal and st.winners()


@pytest.mark.parametrize("text", ["", "walk", "walk R1", "walk R1 99,99", "walk Z1 3,5", "place x 3,5",
                                  "swim R1 2,4 dolphins", "remove", "shark 1,5", "play boat 2,5 2,6", "fly away"])
def test_malformed_notation(text):
    st = blank(2)
    ex(st, "R1", "land", "3,5")
    err = illegal(st, text)
    assert err.rule == "notation" and "notation" in err.message


def test_illegal_actions_name_rules():
    st = blank(2)
    ex(st, "R1", "land", "3,5")
    ex(st, "B1", "land", "3,6")
    assert illegal(st, "walk B1 3,7").rule == "ISL-2.9"
    assert illegal(st, "walk R1 2,5").rule == "ISL-4.5"
    assert illegal(st, "shark 1,5 2,5").rule == "ISL-2.2"
    assert illegal(st, "remove 3,5").rule == "ISL-2.2"
    at(st, "remove", 0)
    assert illegal(st, "remove 2,5").rule == "ISL-5.1"
    assert illegal(st, "walk R1 3,4").rule == "ISL-5.1"


def test_hidden_information():
    st = lapilli.new_game("the-island", 3, 11)
    st.apply("place 6 3,5")
    assert st.has_hidden(1) and st.has_hidden(0)
    d = st.determinize(1, seed=4)
    assert d.unplaced[1] == st.unplaced[1]                      # own values to place are kept
    assert sorted(d.unplaced[0] + [d.explorer_value[0]]) == sorted(st.unplaced[0] + [st.explorer_value[0]])
    diff = any(st.determinize(1, s).explorer_value[0] != 6 for s in range(30))
    assert diff                                                  # Red's placed value is re-sampled for Blue
    assert all(st.determinize(1, s).observation(1) == st.observation(1) for s in range(5))
    # hands: the holder's icons are kept, others' re-sampled among red backs of the same terrain
    b = blank(3)
    tile(b, "3,5", "beach", "shark")
    tile(b, "4,4", "forest", "move_whale")
    tile(b, "4,5", "forest", "whale_repellent")
    hand(b, 0, "winds", terrain=0)
    hand(b, 1, "move_shark", terrain=1)
    seen = set()
    for s in range(40):
        d = b.determinize(0, s)
        assert d.hands[0] == [(0, "winds")]
        t, back = d.hands[1][0]
        assert t == 1 and back in ("dolphin", "move_serpent", "move_shark", "move_whale", "shark_repellent",
                                   "whale_repellent")
        seen.add(back)
    assert len(seen) > 1
    obs = json.dumps(b.observation(0))
    assert "move_shark" not in obs and "winds" in obs


def test_render_shows_board_and_private_info():
    st = blank(2)
    tile(st, "3,5", "beach")
    ex(st, "R1", "land", "3,5")
    hand(st, 0, "winds")
    text = st.render(0)
    assert "_R" in text and "your hand: favourable winds (beach)" in text and "Red moves explorers and boats" in text
    assert "winds" not in st.render(1)


def test_conformance_dense_checks():
    """One game with the heavy checks at every third ply."""
    st = check_conformance("the-island", 4, {"dolphins": True, "giant_squid": True}, seed=21, every=3)
    assert st.is_terminal
