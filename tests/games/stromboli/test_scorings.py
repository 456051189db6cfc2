"""Scoring triggers, the steps before a scoring, eruption, round 2 (STR-9.*, STR-10.*, STR-12.*),
examples STR-E9 to STR-E12."""
import pytest

from lapilli import IllegalAction

from .helpers import RED, YELLOW, blank, card_ids, fill_all, kinds, legal, play, put_cards, put_discs, set_piles, sp

SHELLS = card_ids("shell", 6)


def second_trigger(first=RED):
    """Round 2, every pile empty, boat at S0, both card spaces of S1 empty, others full.
    The active player's 'place 1 b0' moves the boat into S1."""
    s = blank(first=first)
    s.round = 2
    s.boat = 0
    fill_all(s)
    put_cards(s, 1, None, None)
    return s


@pytest.mark.rule("STR-E9")
@pytest.mark.rule("STR-9.4")
@pytest.mark.rule("STR-9.6")
@pytest.mark.rule("STR-10.1")
@pytest.mark.rule("STR-10.2")
@pytest.mark.rule("STR-9.5")
def test_e9_red_moves_the_boat_into_an_empty_segment_with_no_three_palm_card_left():
    s = second_trigger(first=RED)
    s.shells = [[SHELLS[0]], [SHELLS[1]]]
    ev = play(s, "place 1 b0")
    assert s.boat == 1
    assert {"type": "trigger", "scoring": 2, "seat": RED} in ev
    assert s.tasks[0] == ("prebuy", RED) and s.to_move == RED        # the trigger buys first
    ev2 = play(s, "buy forest")
    assert s.to_move == YELLOW and s.tasks[0] == ("prebuy", YELLOW)
    assert "buy forest" not in legal(s)
    ev3 = play(s, "pass")
    k = kinds(ev2 + ev3)
    assert k.index("buy") < k.index("eruption") < k.index("score") < k.index("game_over")
    assert s.is_terminal and s.to_move is None and s.legal_actions() == []
    with pytest.raises(IllegalAction) as e:
        s.apply("pass")
    assert e.value.rule == "STR-9.5"


@pytest.mark.rule("STR-E9")
@pytest.mark.rule("STR-9.4")
def test_e9_derived_one_card_in_the_segment_means_no_trigger():
    s = second_trigger(first=RED)
    basket = card_ids("basket", 1, deck=3)[0]
    put_cards(s, 1, basket, None)
    put_discs(s, YELLOW, 1, 2)
    ev = play(s, "place 1 b0")
    assert "trigger" not in kinds(ev)
    assert s.front[YELLOW] == [basket] and not s.is_terminal and s.to_move == YELLOW


@pytest.mark.rule("STR-9.4")
def test_no_second_scoring_while_three_palm_cards_remain():
    s = second_trigger(first=RED)
    set_piles(s, p3=card_ids("build", 2, deck=3))
    ev = play(s, "place 1 b0")
    assert "trigger" not in kinds(ev) and not s.is_terminal


@pytest.mark.rule("STR-9.4")
def test_action_3_can_trigger_the_second_scoring_too():
    s = second_trigger(first=RED)
    put_discs(s, RED, 5, 1, 2, 3, 4, 5)
    ev = play(s, "boat")
    assert {"type": "trigger", "scoring": 2, "seat": RED} in ev and s.is_terminal
    assert s.triggers[-1]["by"] == "3"


def first_trigger(last_two_palm):
    """E10: 1-palm pile empty, 2-palm deck = [last_two_palm], Yellow to move with boat at S0;
    S4 holds a basket and a pearl, Yellow 5 and Red 1 on b4; every other space full."""
    s = blank(first=YELLOW)
    s.boat = 0
    b, p = card_ids("basket", 1, deck=1)[0], card_ids("pearl", 1, deck=1)[0]
    put_cards(s, 4, b, p)
    put_discs(s, YELLOW, 4, 5)
    put_discs(s, RED, 4, 1)
    three = card_ids("nautilus", 1, deck=3) + card_ids("build", 3, deck=3)
    set_piles(s, p2=[last_two_palm], p3=three)
    fill_all(s)
    s.shells = [[SHELLS[0]], [SHELLS[1]]]
    return s, three


@pytest.mark.rule("STR-E10")
@pytest.mark.rule("STR-9.1")
@pytest.mark.rule("STR-9.2")
@pytest.mark.rule("STR-9.3")
@pytest.mark.rule("STR-12.4")
def test_e10_last_two_palm_card_triggers_the_first_scoring():
    last = card_ids("build", 1, deck=2)[0]
    s, three = first_trigger(last)
    ev = play(s, "place 4 b0", "pick 1")
    assert s.cards[8] == last                                    # K(S4,1) got the last 2-palm card
    assert s.cards[9] is None                                    # K(S4,2) waits for the scoring
    assert {"type": "trigger", "scoring": 1, "seat": YELLOW} in ev
    assert s.tasks[0] == ("prebuy", YELLOW) and s.to_move == YELLOW  # Yellow buys first
    play(s, "pass")
    assert s.to_move == RED and s.tasks[0] == ("prebuy", RED)
    ev = play(s, "pass")
    assert s.round == 2
    assert s.cards[9] == three[0]                                # top 3-palm card after the scoring
    assert s.to_move == RED and s.tasks[0] == ("turn",)          # Red takes the next turn
    assert not s.is_terminal


@pytest.mark.rule("STR-E10")
@pytest.mark.rule("STR-9.1")
def test_e10_derived_last_two_palm_card_is_a_lava_card():
    lava = card_ids("lava", 1, deck=2)[0]
    s, three = first_trigger(lava)
    ev = play(s, "place 4 b0", "pick 1", "pass", "pass")
    k = kinds(ev)
    assert {"type": "lava_card", "card": lava, "crater": 4, "marker": True} in ev
    assert k.index("lava_card") < k.index("trigger") < k.index("eruption")
    erupt = next(e for e in ev if e["type"] == "eruption")
    assert erupt["craters"] == [0, 0, 0, 0, 1, 0]
    assert s.discard[-1] == lava or lava in s.discard
    assert s.cards[8] == three[0] and s.cards[9] == three[1]     # both filled after the scoring


@pytest.mark.rule("STR-12.1")
@pytest.mark.rule("STR-12.2")
@pytest.mark.rule("STR-12.3")
@pytest.mark.rule("STR-12.5")
@pytest.mark.rule("STR-11.16")
@pytest.mark.rule("STR-11.3")
def test_round_two_preparation_and_what_carries_over():
    last = card_ids("build", 1, deck=2)[0]
    s, three = first_trigger(last)
    s.craters = [0, 0, 1, 0, 0, 0]
    s.score_cards[RED] = ["forest"]
    s.board_cards.remove("forest")
    s.priestess_up = False
    s.statues[sp("p0")] = RED
    s.statues_left[RED] = 7
    s.shaman = [sp("p0"), sp("f3")]
    put_discs(s, RED, 5, 3)
    play(s, "place 4 b0", "pick 1", "pass", "pass")
    assert s.round == 2
    assert s.craters == [0] * 6                                  # STR-12.1
    assert s.score_cards == [[], []] and s.board_cards == ["butterflies", "majority", "forest", "mountain", "segment"]
    assert s.priestess_up is True
    # carried over: statues, shamans, discs on beaches, boat, kept shells, beach cards, scores
    assert s.statues[sp("p0")] == RED and s.statues_left[RED] == 7
    assert s.shaman == [sp("p0"), sp("f3")]
    assert s.discs[RED][3] == 5 and s.discs[YELLOW][4] == 0
    assert s.boat == 4
    assert s.shells == [[SHELLS[0]], [SHELLS[1]]]
    assert len(s.front[YELLOW]) == 1 and len(s.front[RED]) == 1
    # first scoring: Red plain statue 1 + white pearl 1 + forest card 0; Yellow more baskets 3
    assert s.points == [1 + 1 + 0, 3]


@pytest.mark.rule("STR-12.4")
def test_lava_cards_drawn_while_completing_the_refill_stay_for_round_two():
    # STR-I19: eruption, scoring, preparation, then the refill; its markers are not removed
    last = card_ids("build", 1, deck=2)[0]
    s, three = first_trigger(last)
    lava3 = card_ids("lava", 1, deck=3)[0]
    set_piles(s, p2=[last], p3=[lava3] + three)
    play(s, "place 4 b0", "pick 1", "pass", "pass")
    assert s.round == 2 and s.craters[4] == 1 and s.cards[9] == three[0]


@pytest.mark.rule("STR-E11")
@pytest.mark.rule("STR-10.3")
@pytest.mark.rule("STR-10.4")
@pytest.mark.rule("STR-10.5")
@pytest.mark.rule("STR-10.6")
@pytest.mark.rule("STR-10.7")
@pytest.mark.rule("STR-10.8")
@pytest.mark.rule("STR-10.11")
def test_e11_eruption_by_number_of_markers():
    s = second_trigger(first=RED)
    s.shaman = [sp("b1"), sp("b4")]
    for seg in range(6):
        for ring in "pfm":
            s.statues[sp(f"{ring}{seg}")] = YELLOW
    s.statues_left[YELLOW] = 0
    s.craters = [1, 2, 3, 4, 0, 0]
    ev = play(s, "place 1 b0")
    gone = {d["space"] for d in next(e for e in ev if e["type"] == "eruption")["destroyed"]}
    assert gone == {"m0", "m1", "f1", "m2", "f2", "p2", "m3", "f3", "p3"}
    assert s.craters == [0] * 6 and s.supply() == 4
    assert s.statues_left[YELLOW] == 9                        # the 9 destroyed statues return


@pytest.mark.rule("STR-E12")
@pytest.mark.rule("STR-10.8")
@pytest.mark.rule("STR-10.9")
@pytest.mark.rule("STR-10.11")
def test_e12_eruption_destroys_two_yellow_statues():
    s = second_trigger(first=RED)
    s.craters[4] = 3
    s.statues[sp("m4")] = YELLOW
    s.statues[sp("p4")] = YELLOW
    s.statues_left[YELLOW] = 6
    play(s, "place 1 b0")
    assert s.statues[sp("m4")] == -1 and s.statues[sp("p4")] == -1
    assert s.statues_left[YELLOW] == 8                        # back in the reserve
    assert s.craters == [0] * 6


@pytest.mark.rule("STR-E12")
@pytest.mark.rule("STR-10.10")
def test_e12_derived_a_shaman_protects_the_statue_on_its_space():
    s = second_trigger(first=RED)
    s.craters[4] = 3
    for name in ("m4", "f4", "p4"):
        s.statues[sp(name)] = YELLOW
    s.statues_left[YELLOW] = 5
    s.shaman = [sp("f4"), sp("b3")]                            # Red's shaman protects a Yellow statue
    play(s, "place 1 b0")
    assert s.statues[sp("f4")] == YELLOW
    assert s.statues[sp("m4")] == -1 and s.statues[sp("p4")] == -1
    assert s.shaman[RED] == sp("f4")


@pytest.mark.rule("STR-10.2")
@pytest.mark.rule("STR-7.13")
def test_priestess_bought_before_the_scoring_acts_before_the_eruption():
    s = second_trigger(first=RED)
    s.shells = [[SHELLS[0]], []]
    s.craters[3] = 1
    s.statues[sp("m3")] = YELLOW
    s.statues_left[YELLOW] = 7
    play(s, "place 1 b0", "buy priestess", "priestess c3 c2")
    assert s.statues[sp("m3")] == YELLOW                       # the marker erupted in S2 instead
    assert s.is_terminal


@pytest.mark.rule("STR-10.2")
def test_before_scoring_each_player_buys_at_most_one_card():
    s = second_trigger(first=RED)
    s.shells = [SHELLS[:4], []]
    play(s, "place 1 b0", "buy forest")
    assert s.is_terminal                                       # Yellow has no shell: no decision
    assert s.score_cards[RED] == ["forest"] and len(s.shells[RED]) == 3
