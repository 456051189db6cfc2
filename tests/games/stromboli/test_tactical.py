"""The tactical variant (Variante tattica): STR-14.*, example STR-E20."""
import pytest

import lapilli
from lapilli import BadOption, IllegalAction

from .helpers import RED, YELLOW, blank, card_ids, fill_all, kinds, legal, play, put_cards, put_discs, sp

SHELLS = card_ids("shell", 4)
PRIESTESS = card_ids("priestess")[0]


@pytest.mark.rule("STR-E20")
@pytest.mark.rule("STR-14.3")
@pytest.mark.rule("STR-14.4")
@pytest.mark.rule("STR-14.7")
def test_e20_yellow_places_a_2_and_the_lava_disc():
    s = blank(first=YELLOW, tactical=True)
    s.craters[5] = 2                                    # 2 markers left in the supply
    put_cards(s, 2, PRIESTESS, None)
    put_discs(s, YELLOW, 2, 5)
    assert "place 2 b0 lava" in legal(s)
    ev = play(s, "place 2 b0 lava")
    assert s.discs[YELLOW][2] == 0 and s.lava_disc[YELLOW] == 0   # both on b0
    assert s.boat == 2
    assert s.craters[2] == 1 and s.supply() == 1
    k = kinds(ev)
    assert k.index("lava_marker") < k.index("receive_card")     # before the S2 cards are handed out
    # Yellow received the Priestess: resolve it (the new marker can be moved), then the disc returns
    assert s.tasks[0] == ("priestess", YELLOW)
    assert s.lava_disc[YELLOW] == 0
    play(s, "priestess c2 c3")
    assert s.craters[3] == 1 and s.lava_disc[YELLOW] == -1


@pytest.mark.rule("STR-E20")
@pytest.mark.rule("STR-14.6")
def test_e20_the_lava_disc_returns_when_a_boat_move_ends_in_its_segment():
    s = blank(first=YELLOW, tactical=True)
    play(s, "place 2 b0 lava")
    assert s.lava_disc[YELLOW] == 0
    # Red moves the boat 2 -> 5: not yet
    play(s, "place 3 b2")
    assert s.lava_disc[YELLOW] == 0 and s.boat == 5
    play(s, "place 1 b4", "stay")                       # Yellow 1a
    play(s, "place 1 b5")                               # Red moves the boat 5 -> 0
    assert s.boat == 0 and s.lava_disc[YELLOW] == -1


@pytest.mark.rule("STR-E20")
@pytest.mark.rule("STR-14.5")
def test_e20_derived_no_marker_when_the_supply_is_empty():
    s = blank(first=YELLOW, tactical=True)
    s.craters = [1, 1, 1, 1, 0, 0]
    assert "place 2 b0 lava" in legal(s)                # the disc may still be placed (STR-I36(c))
    ev = play(s, "place 2 b0 lava")
    assert s.craters == [1, 1, 1, 1, 0, 0]
    assert "lava_marker" not in kinds(ev)


@pytest.mark.rule("STR-14.3")
def test_lava_disc_only_with_action_1b_and_only_from_the_reserve():
    s = blank(first=YELLOW, tactical=True)
    assert not any(a.endswith("lava") and not a.startswith("place") for a in legal(s))
    assert all(" b0 " in a for a in legal(s) if a.endswith("lava"))
    with pytest.raises(IllegalAction) as e:
        s.apply("place 2 b3 lava")
    assert e.value.rule == "STR-14.3"
    s.lava_disc[YELLOW] = 4
    s._legal_cache = None
    assert not any(a.endswith("lava") for a in legal(s))
    with pytest.raises(IllegalAction) as e:
        s.apply("place 2 b0 lava")
    assert e.value.rule == "STR-14.6"


@pytest.mark.rule("STR-14.1")
@pytest.mark.rule("STR-1.6")
def test_lava_disc_is_refused_in_the_base_game():
    s = blank(first=YELLOW)
    with pytest.raises(IllegalAction) as e:
        s.apply("place 2 b0 lava")
    assert e.value.rule == "STR-1.6"


@pytest.mark.rule("STR-14.7")
def test_a_bought_priestess_also_returns_the_lava_disc():
    s = blank(first=YELLOW, tactical=True)
    s.lava_disc[YELLOW] = 5
    put_cards(s, 3, SHELLS[0], None)
    put_discs(s, YELLOW, 3, 5)
    play(s, "place 3 b0", "buy priestess")             # no marker anywhere: resolved as far as possible
    assert s.lava_disc[YELLOW] == -1 and s.priestess_up is False


@pytest.mark.rule("STR-14.8")
def test_the_lava_disc_cannot_be_taken_back_as_an_action():
    s = blank(first=YELLOW, tactical=True)
    s.lava_disc[YELLOW] = 4
    s._legal_cache = None
    assert "take lava" not in legal(s)
    with pytest.raises(IllegalAction) as e:
        s.apply("take lava")
    assert e.value.rule == "STR-14.8"


def tactical_second_trigger(**opts):
    s = blank(first=RED, tactical=True, **opts)
    s.round = 2
    s.boat = 0
    fill_all(s)
    put_cards(s, 1, None, None)
    s.shells = [SHELLS[:2], SHELLS[2:4]]
    return s


@pytest.mark.rule("STR-14.9")
def test_no_purchase_just_before_a_scoring_in_the_tactical_variant():
    s = tactical_second_trigger()
    play(s, "place 1 b0")
    assert s.is_terminal                                 # no buying step at all (STR-I38)
    assert s.score_cards == [[], []]


@pytest.mark.rule("STR-14.9")
def test_flag_lets_only_the_priestess_be_bought_before_a_scoring():
    s = tactical_second_trigger(prescore_priestess=True)
    play(s, "place 1 b0")
    assert legal(s) == ["buy priestess", "pass"]
    with pytest.raises(IllegalAction) as e:
        s.apply("buy forest")
    assert e.value.rule == "STR-14.9"
    with pytest.raises(BadOption):
        lapilli.new_game("stromboli", 2, options={"prescore_priestess": True})


@pytest.mark.rule("STR-14.4")
def test_lava_marker_from_the_lava_disc_erupts_in_the_final_eruption():
    # STR-I17 / STR-I39: the marker is placed before the second-scoring check
    s = tactical_second_trigger()
    s.statues[sp("m1")] = YELLOW
    s.statues_left[YELLOW] = 7
    ev = play(s, "place 1 b0 lava")
    erupt = next(e for e in ev if e["type"] == "eruption")
    assert erupt["craters"][1] == 1 and s.statues[sp("m1")] == -1


@pytest.mark.rule("STR-14.10")
def test_lava_disc_counts_for_no_sum_and_not_for_the_boat_action():
    s = blank(first=YELLOW, tactical=True)
    put_discs(s, YELLOW, 4, 1, 2, 3, 4, 5)
    assert s.lava_disc[YELLOW] == -1 and "boat" in legal(s)     # lava disc in reserve is ignored
    s2 = blank(first=YELLOW, tactical=True)
    put_discs(s2, RED, 2, 1)
    play(s2, "place 1 b0 lava")                                 # Yellow 1 + lava disc on b0
    assert s2.sums(0) == (0, 1)
    put_discs(s2, RED, 0, 2)
    s2._legal_cache = None
    assert s2.sums(0) == (2, 1)


@pytest.mark.rule("STR-14.2")
def test_tactical_games_never_draw_a_lava_card():
    import random

    for seed in range(5):
        s = lapilli.new_game("stromboli", 2, seed=seed, options={"tactical": True})
        r = random.Random(seed)
        while not s.is_terminal:
            ev = s.apply(r.choice(s.legal_actions()))
            assert "lava_card" not in kinds(ev)
