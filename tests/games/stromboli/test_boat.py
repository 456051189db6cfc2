"""Moving the fishing boat (Muovere la Barca da Pesca): STR-4.*, example STR-E3."""
import pytest

from .helpers import RED, YELLOW, blank, card_ids, play, put_cards, put_discs, sp


@pytest.mark.rule("STR-E3")
@pytest.mark.rule("STR-4.2")
@pytest.mark.rule("STR-4.3")
@pytest.mark.rule("STR-2.4")
def test_e3_yellow_places_a_2_and_the_boat_moves_two_spaces_clockwise():
    s = blank(first=YELLOW)
    s.boat = 1
    basket = card_ids("basket")[0]
    put_cards(s, 3, basket, None)
    put_discs(s, YELLOW, 3, 4)
    ev = play(s, "place 2 b1")
    assert s.boat == 3
    assert s.discs[YELLOW][2] == 1                 # the disc stays on the beach the boat left
    assert {"type": "boat", "from": 1, "to": 3, "steps": 2} in ev
    assert s.front[YELLOW] == [basket]             # distribution resolved at S3
    assert s.shaman[YELLOW] == sp("b3")            # no shaman move
    assert s.to_move == RED


@pytest.mark.rule("STR-E3")
@pytest.mark.rule("STR-4.1")
def test_e3_wrap_around_from_s5_with_a_3_ends_at_s2():
    s = blank(first=YELLOW)
    s.boat = 5
    play(s, "place 3 b5")
    assert s.boat == 2


@pytest.mark.rule("STR-E3")
@pytest.mark.rule("STR-4.4")
@pytest.mark.rule("STR-2.6")
def test_e3_action_3_moves_the_boat_one_space_clockwise_and_distributes_there():
    s = blank(first=RED)
    s.boat = 4
    put_discs(s, RED, 5, 1, 2, 3, 4, 5)
    basket = card_ids("basket")[0]
    put_cards(s, 5, basket, None)
    play(s, "boat")
    assert s.boat == 5
    assert s.front[RED] == [basket]
    assert s.reserve(RED) == [1, 2, 3, 4, 5]       # discs back from b5


@pytest.mark.rule("STR-4.1")
def test_the_boat_only_moves_clockwise_by_the_disc_value():
    for start in range(6):
        for v in range(1, 6):
            s = blank(first=YELLOW)
            s.boat = start
            play(s, f"place {v} b{start}")
            assert s.boat == (start + v) % 6 != start


@pytest.mark.rule("STR-4.5")
def test_segments_passed_over_are_not_affected():
    s = blank(first=YELLOW)
    s.boat = 0
    b1, b2 = card_ids("basket", 2)
    put_cards(s, 1, b1, None)
    put_discs(s, YELLOW, 1, 5)
    put_discs(s, RED, 1, 1)
    play(s, "place 3 b0")                           # passes S1 and S2, stops at S3
    assert s.boat == 3
    assert s.cards[2] == b1 and s.front == [[], []]
    assert s.discs[YELLOW][5] == 1 and s.discs[RED][1] == 1
