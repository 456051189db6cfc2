"""Distributing the cards (Distribuire le Carte): STR-5.*, examples STR-E4, STR-E5."""
import pytest

from lapilli import IllegalAction

from .helpers import RED, YELLOW, blank, card_ids, fill_all, kinds, legal, play, put_cards, put_discs, set_piles, sp


def arrival_at_3(first=YELLOW):
    """Boat at S0; the active player's 'place 3 b0' will bring it to S3."""
    s = blank(first=first)
    s.boat = 0
    return s


@pytest.mark.rule("STR-E4")
@pytest.mark.rule("STR-5.3")
@pytest.mark.rule("STR-5.10")
@pytest.mark.rule("STR-5.11")
@pytest.mark.rule("STR-5.12")
@pytest.mark.rule("STR-5.9")
def test_e4_yellow_5_against_red_1_3():
    s = arrival_at_3()
    shell, basket = card_ids("shell")[0], card_ids("basket")[0]
    put_cards(s, 3, shell, basket)
    put_discs(s, YELLOW, 3, 5)
    put_discs(s, RED, 3, 1, 3)
    fill_all(s)
    r1, r2 = card_ids("build", 2, deck=2)
    set_piles(s, p2=[r1, r2, card_ids("pearl", 1, deck=2)[0]])
    play(s, "place 3 b0")
    assert s.boat == 3
    assert s.to_move == YELLOW and legal(s) == ["pick 1", "pick 2"]
    play(s, "pick 1")                                   # Yellow takes the Shell
    # Yellow's card is resolved first: the optional purchase comes before Red's card
    assert s.tasks[0] == ("buy", YELLOW) and s.to_move == YELLOW
    assert s.front[RED] == [] and s.cards[7] == basket
    ev = play(s, "pass")
    assert s.shells[YELLOW] == [shell]
    assert s.front[RED] == [basket]
    # discs back, then the two spaces refilled from the current pile (STR-I13 order)
    assert s.sums(3) == (0, 0)
    assert 5 in s.reserve(YELLOW) and s.reserve(RED) == [1, 2, 3, 4, 5]
    assert s.cards[6] == r1 and s.cards[7] == r2
    k = kinds(ev)
    assert k.index("discs_back") < k.index("draw")
    assert s.to_move == RED


@pytest.mark.rule("STR-E4")
@pytest.mark.rule("STR-5.5")
def test_e4_case_2_only_red_has_discs_red_chooses_other_card_stays():
    s = arrival_at_3()
    shell, basket = card_ids("shell")[0], card_ids("basket")[0]
    put_cards(s, 3, shell, basket)
    put_discs(s, RED, 3, 2)
    play(s, "place 3 b0")
    assert s.to_move == RED                            # the non-active player chooses
    play(s, "pick 2")
    assert s.front[RED] == [basket]
    assert s.cards[6] == shell and s.cards[7] is None  # piles empty: nothing to refill
    assert s.front[YELLOW] == [] and s.shells[YELLOW] == []


@pytest.mark.rule("STR-E4")
@pytest.mark.rule("STR-5.6")
@pytest.mark.rule("STR-5.2")
def test_e4_case_3_no_discs_nobody_receives_and_nothing_is_refilled():
    s = arrival_at_3()
    shell, basket = card_ids("shell")[0], card_ids("basket")[0]
    put_cards(s, 3, shell, basket)
    set_piles(s, p1=card_ids("build", 2, deck=1))
    fill_all(s)
    play(s, "place 3 b0")
    assert s.cards[6:8] == [shell, basket]
    assert s.front == [[], []] and s.shells == [[], []]
    assert len(s.piles[0]) == 2
    assert s.to_move == RED


@pytest.mark.rule("STR-E5")
@pytest.mark.rule("STR-5.4")
@pytest.mark.rule("STR-5.11")
def test_e5_identical_cards_only_the_higher_sum_receives_one():
    s = blank(first=YELLOW)
    s.boat = 0
    b1, b2 = card_ids("build", 2, deck=1)
    put_cards(s, 2, b1, b2)
    put_discs(s, YELLOW, 2, 4)
    put_discs(s, RED, 2, 2)
    s.shaman[YELLOW] = sp("f2")
    fill_all(s)
    new = card_ids("basket", 1, deck=2)[0]
    set_piles(s, p2=[new] + card_ids("build", 2, deck=2))
    play(s, "place 2 b0")                              # boat 0 -> 2, no pick decision
    assert s.statues[sp("f2")] == YELLOW               # Yellow received and resolved one
    assert s.discard == [b1]
    assert s.front[RED] == [] and s.statues_left[RED] == 8
    assert s.cards[4] == new and s.cards[5] == b2      # only the emptied space refilled
    assert s.reserve(RED) == [1, 2, 3, 4, 5] and 4 in s.reserve(YELLOW)
    assert s.discs[YELLOW][2] == 0                     # the 1b disc stays on b0 (STR-I12)
    assert s.to_move == RED


@pytest.mark.rule("STR-5.1")
def test_only_the_cards_of_the_arrival_segment_can_be_received():
    s = arrival_at_3()
    b1, b2, b3 = card_ids("basket", 3)
    put_cards(s, 3, b1, None)
    put_cards(s, 2, b2, b3)
    put_cards(s, 4, card_ids("shell")[0], None)
    put_discs(s, YELLOW, 3, 5)
    play(s, "place 3 b0")
    assert s.front[YELLOW] == [b1]
    assert s.cards[4:6] == [b2, b3] and s.cards[8] is not None


@pytest.mark.rule("STR-5.7")
def test_one_card_left_higher_sum_must_take_it_lower_gets_nothing():
    s = arrival_at_3()
    basket = card_ids("basket")[0]
    put_cards(s, 3, None, basket)
    put_discs(s, YELLOW, 3, 1)
    put_discs(s, RED, 3, 4)
    play(s, "place 3 b0")
    assert s.front[RED] == [basket] and s.front[YELLOW] == []
    assert s.to_move == RED and s.tasks[0] == ("turn",)


@pytest.mark.rule("STR-5.7")
def test_no_card_left_nobody_receives_but_discs_go_home():
    s = arrival_at_3()
    put_discs(s, YELLOW, 3, 1)
    put_discs(s, RED, 3, 4)
    play(s, "place 3 b0")
    assert s.front == [[], []]
    assert s.sums(3) == (0, 0)


@pytest.mark.rule("STR-5.8")
def test_a_card_cannot_be_refused_and_is_discarded_if_unusable():
    s = arrival_at_3()
    build, basket = card_ids("build")[0], card_ids("basket")[0]
    put_cards(s, 3, build, basket)
    put_discs(s, YELLOW, 3, 5)
    put_discs(s, RED, 3, 1)
    play(s, "place 3 b0")
    assert "pass" not in legal(s)
    with pytest.raises(IllegalAction):
        s.apply("pass")
    play(s, "pick 2")                                 # Yellow takes the basket, Red must take the Build
    assert s.front[YELLOW] == [basket]
    assert s.discard == [build] and s.statues_left[RED] == 8   # Red's shaman is on a beach


@pytest.mark.rule("STR-5.9")
def test_received_beach_card_is_put_in_front_of_the_player():
    s = arrival_at_3()
    pearl = card_ids("pearl", pearl="black")[0]
    put_cards(s, 3, pearl, None)
    put_discs(s, RED, 3, 2)
    play(s, "place 3 b0")
    assert s.front[RED] == [pearl]
    assert s.observation(YELLOW)["front"][RED] == [{"id": pearl, "face": "pearl-black"}]


@pytest.mark.rule("STR-5.2")
def test_the_case_depends_only_on_numbered_discs_on_that_beach():
    # discs on a neighbouring beach do not count
    s = arrival_at_3()
    b1, b2 = card_ids("basket", 2)
    put_cards(s, 3, b1, b2)
    put_discs(s, YELLOW, 2, 5)
    put_discs(s, RED, 4, 4)
    play(s, "place 3 b0")
    assert s.front == [[], []]
