"""Set-up (Preparazione): STR-1.*."""
import pytest

import lapilli
from lapilli.games.stromboli.data import DECKS, HUTS, KIND, LAVA_MARKERS, PIER, SCORE_CARDS, STATUES

from .helpers import RED, YELLOW, sp


def new(seed=0, **opts):
    return lapilli.new_game("stromboli", 2, seed=seed, options=opts)


@pytest.mark.rule("STR-1.1")
@pytest.mark.rule("STR-1.4")
def test_each_player_has_eight_statues_and_five_numbered_discs_in_reserve():
    s = new()
    assert STATUES == 8
    assert s.statues_left == [8, 8]
    assert s.reserve(RED) == [1, 2, 3, 4, 5]
    assert s.reserve(YELLOW) == [1, 2, 3, 4, 5]
    assert all(o == -1 for o in s.statues)


@pytest.mark.rule("STR-1.1")
@pytest.mark.rule("STR-1.6")
def test_lava_discs_go_back_in_the_box_in_the_base_game():
    base = new()
    assert base.lava_disc == [-2, -2]
    assert base.observation(0)["lava_discs"] == [None, None]
    tac = new(tactical=True)
    assert tac.lava_disc == [-1, -1]
    assert not any(a.endswith("lava") for a in base.legal_actions())


@pytest.mark.rule("STR-1.2")
def test_shamans_start_on_the_two_opposite_hut_beaches():
    for seed in range(6):
        s = new(seed)
        h1, h2 = HUTS
        assert (h2 - h1) % 6 == 3                      # opposite beaches
        assert s.shaman[s.first] == sp(f"b{h1}")       # STR-I33 default
        assert s.shaman[1 - s.first] == sp(f"b{h2}")


@pytest.mark.rule("STR-1.2")
def test_random_hut_option_puts_the_first_player_on_either_hut():
    seen = set()
    for seed in range(30):
        s = new(seed, huts="random")
        assert sorted(s.shaman) == sorted([sp(f"b{HUTS[0]}"), sp(f"b{HUTS[1]}")])
        seen.add(s.shaman[s.first])
    assert seen == {sp(f"b{HUTS[0]}"), sp(f"b{HUTS[1]}")}


@pytest.mark.rule("STR-1.3")
@pytest.mark.rule("STR-2.1")
def test_first_player_is_random_and_moves_first():
    firsts = set()
    for seed in range(30):
        s = new(seed)
        assert s.to_move == s.first == s.current_player
        assert s.setup_events[0] == {"type": "first_player", "seat": s.first, "colour": ["Red", "Yellow"][s.first]}
        firsts.add(s.first)
    assert firsts == {0, 1}


@pytest.mark.rule("STR-1.5")
def test_both_scores_start_at_zero():
    assert new().scores() == [0, 0]


@pytest.mark.rule("STR-1.7")
@pytest.mark.rule("STR-1.9")
@pytest.mark.rule("STR-1.10")
def test_palm_cards_form_three_separately_shuffled_decks():
    s = new(1)
    on_island = [c for c in s.cards if c is not None]
    assert sorted(on_island + s.piles[0]) == sorted(DECKS[0])
    assert sorted(s.piles[1]) == sorted(DECKS[1])
    assert sorted(s.piles[2]) == sorted(DECKS[2])
    assert [len(p) for p in s.piles] == [3, 12, 15]
    orders = {tuple(new(seed).piles[2]) for seed in range(5)}
    assert len(orders) > 1                              # shuffled by the seed


@pytest.mark.rule("STR-1.8")
def test_twelve_one_palm_cards_are_dealt_face_up_two_per_segment():
    s = new(2)
    assert all(c is not None for c in s.cards) and len(s.cards) == 12
    assert all(c.startswith("1-") for c in s.cards)
    obs = s.observation(None)
    assert all(len(seg) == 2 and all(x["face"] for x in seg) for seg in obs["card_spaces"])


@pytest.mark.rule("STR-1.11")
def test_score_cards_and_priestess_lie_face_up_on_the_scoreboard():
    s = new()
    assert s.board_cards == list(SCORE_CARDS) and len(SCORE_CARDS) == 5
    assert s.priestess_up is True


@pytest.mark.rule("STR-1.12")
def test_boat_starts_at_the_pier():
    s = new()
    assert s.boat == PIER
    assert PIER not in HUTS


@pytest.mark.rule("STR-1.13")
def test_lava_markers_start_in_the_supply():
    s = new()
    assert s.craters == [0] * 6
    assert s.supply() == LAVA_MARKERS == 4


@pytest.mark.rule("STR-1.14")
def test_nothing_is_discarded_held_or_placed_at_the_start():
    s = new(3)
    assert s.discard == []
    assert s.front == [[], []] and s.shells == [[], []] and s.score_cards == [[], []]
    assert all(d == -1 for d in s.discs[0][1:] + s.discs[1][1:])


@pytest.mark.rule("STR-14.2")
@pytest.mark.rule("STR-14.1")
def test_tactical_setup_removes_the_eight_lava_cards_and_keeps_lava_discs():
    s = new(4, tactical=True)
    allcards = [c for c in s.cards if c] + [c for p in s.piles for c in p]
    assert not any(KIND[c] == "lava" for c in allcards)
    assert len(allcards) == 42 - 8
    assert s.lava_disc == [-1, -1]
    b = new(4)
    assert sum(1 for p in b.piles for c in p if KIND[c] == "lava") == 8
