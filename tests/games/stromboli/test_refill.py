"""Refills and Lava cards (Aggiungete nuove carte Palma; Le carte Lava): STR-6.*, example STR-E6."""
import pytest

from .helpers import RED, YELLOW, blank, card_ids, fill_all, kinds, play, put_cards, put_discs, set_piles


BASKET = card_ids("basket", 1, deck=1)[0]
PEARL = card_ids("pearl", 1, deck=1, pearl="white")[0]


def take_from_s3(first=YELLOW, exclude=()):
    """Boat at S0, Yellow's 5 alone on b3, K(S3,1) a basket, K(S3,2) a pearl, every other
    card space full.  'place 3 b0' then 'pick 1' empties K(S3,1) only."""
    s = blank(first=first)
    s.boat = 0
    put_cards(s, 3, BASKET, PEARL)
    put_discs(s, YELLOW, 3, 5)
    fill_all(s, exclude=exclude)
    return s


@pytest.mark.rule("STR-E6")
@pytest.mark.rule("STR-6.4")
@pytest.mark.rule("STR-6.5")
@pytest.mark.rule("STR-6.6")
def test_e6_two_lava_cards_then_a_pearl():
    lava1, lava2 = card_ids("lava", 2, deck=2)
    pearl = card_ids("pearl", 1, deck=2)[0]
    s = take_from_s3(exclude=[pearl])
    set_piles(s, p2=[lava1, lava2, pearl] + card_ids("build", 2, deck=2))
    ev = play(s, "place 3 b0", "pick 1")
    assert s.craters[3] == 2                            # stacked on the boat's crater
    assert s.discard == [lava1, lava2]
    assert s.cards[6] == pearl
    assert s.supply() == 4 - 2
    assert kinds(ev).count("lava_card") == 2


@pytest.mark.rule("STR-6.1")
@pytest.mark.rule("STR-6.3")
def test_every_empty_space_is_refilled_boat_segment_first_then_clockwise():
    s = take_from_s3()
    s.cards[2] = None                                   # K(S1,1)
    s.cards[11] = None                                  # K(S5,2)
    top = card_ids("build", 3, deck=2)
    set_piles(s, p2=top + card_ids("shell", 1, deck=2))
    play(s, "place 3 b0", "pick 2")                     # Yellow takes the pearl from K(S3,2)
    # order: K(S3,2), then S4, S5 (K(S5,2)), S0, S1 (K(S1,1)), S2
    assert s.cards[7] == top[0] and s.cards[11] == top[1] and s.cards[2] == top[2]
    faces = s.observation(RED)["card_spaces"]
    assert faces[5][1] == {"id": top[1], "face": "build"}   # face up


@pytest.mark.rule("STR-6.2")
def test_current_pile_is_one_palm_then_two_palm_then_three_palm():
    s = take_from_s3()
    s.cards[2] = s.cards[4] = None
    p1 = card_ids("build", 1, deck=1)
    p2 = card_ids("build", 3, deck=2)
    set_piles(s, p1=p1, p2=p2)
    play(s, "place 3 b0", "pick 1")
    assert s.cards[6] == p1[0]                          # first the last 1-palm card
    assert s.cards[2] == p2[0] and s.cards[4] == p2[1]  # then the 2-palm deck
    assert s.piles[0] == [] and s.piles[1] == [p2[2]]


@pytest.mark.rule("STR-6.4")
def test_lava_marker_goes_on_the_boats_crater_whichever_space_is_filled():
    s = take_from_s3()
    s.cards[6] = None                                    # S3 holds only the pearl now
    s.cards[0] = None                                    # K(S0,1): not the boat's segment
    lava = card_ids("lava", 1, deck=2)[0]
    set_piles(s, p2=[lava] + card_ids("build", 3, deck=2) + card_ids("shell", 1, deck=2))
    play(s, "place 3 b0")
    assert s.front[YELLOW] == [PEARL] and s.round == 1 and s.cards[0] is not None
    assert s.craters == [0, 0, 0, 1, 0, 0]


@pytest.mark.rule("STR-6.4")
def test_no_marker_when_all_four_are_on_the_island():
    # STR-I14(a): the Lava card is discarded and replaced, no marker is moved
    s = take_from_s3()
    s.craters = [1, 1, 1, 1, 0, 0]
    lava = card_ids("lava", 1, deck=2)[0]
    b = card_ids("build", 3, deck=2)
    set_piles(s, p2=[lava] + b)
    ev = play(s, "place 3 b0", "pick 1")
    assert s.craters == [1, 1, 1, 1, 0, 0]
    assert s.discard == [lava] and s.cards[6] == b[0]
    assert {"type": "lava_card", "card": lava, "crater": 3, "marker": False} in ev


@pytest.mark.rule("STR-6.7")
def test_spaces_stay_empty_only_when_no_palm_card_is_left():
    s = take_from_s3()
    s.round = 2
    s.cards[6] = None
    s.cards[0] = None
    last = card_ids("build", 1, deck=3)
    set_piles(s, p3=last)
    play(s, "place 3 b0")
    assert s.cards[6] == last[0]
    assert s.cards[0] is None and s.piles == [[], [], []]


@pytest.mark.rule("STR-6.8")
@pytest.mark.rule("STR-9.1")
@pytest.mark.rule("STR-9.2")
def test_refill_is_interrupted_by_the_first_scoring():
    s = take_from_s3()
    s.cards[9] = None                                   # K(S4,2) will still be empty
    two = card_ids("build", 1, deck=2)
    three = card_ids("basket", 1, deck=3) + card_ids("build", 2, deck=3)
    set_piles(s, p2=two, p3=three)
    ev = play(s, "place 3 b0", "pick 1")
    k = kinds(ev)
    assert k.index("trigger") < k.index("eruption") < k.index("score")
    assert s.round == 2
    # K(S3,1) got the last 2-palm card, the scoring interrupted, K(S4,2) filled after it
    assert s.cards[6] == two[0]
    assert s.cards[9] == three[0]
    draws = [e for e in ev if e["type"] == "draw"]
    assert [d["deck"] for d in draws] == [2, 3]
    assert k.index("draw", k.index("score")) > k.index("round2")
