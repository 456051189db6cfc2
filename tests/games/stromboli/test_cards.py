"""Using palm cards and buying (Usare le Carte Palma): STR-7.*, STR-8.*, examples STR-E7, STR-E8, STR-E18."""
import pytest

from lapilli import IllegalAction

from .helpers import RED, YELLOW, blank, card_ids, legal, play, put_cards, put_discs, sp

BUILD = card_ids("build")[0]
PRIESTESS = card_ids("priestess")[0]
SHELLS = card_ids("shell", 4)
BASKET = card_ids("basket")[0]


def arrive(card, seat=YELLOW, first=YELLOW, s=None):
    """``seat`` alone on b3 next to a single card; the active player's 'place 3 b0' brings the boat."""
    s = s or blank(first=first)
    s.boat = 0
    put_cards(s, 3, card, None)
    put_discs(s, seat, 3, 5)
    return s, play(s, "place 3 b0")


@pytest.mark.rule("STR-E7")
@pytest.mark.rule("STR-7.3")
@pytest.mark.rule("STR-7.5")
@pytest.mark.rule("STR-7.1")
@pytest.mark.rule("STR-7.2")
def test_e7_yellow_builds_on_the_shamans_forest_and_discards_the_card():
    s = blank()
    s.shaman[YELLOW] = sp("f2")
    s, ev = arrive(BUILD, s=s)
    assert s.statues[sp("f2")] == YELLOW
    assert s.shaman[YELLOW] == sp("f2")
    assert s.statues_left[YELLOW] == 7
    assert s.discard == [BUILD]
    assert {"type": "build", "seat": YELLOW, "space": "f2"} in ev
    assert s.to_move == RED                                # no decision: compulsory


@pytest.mark.rule("STR-E7")
@pytest.mark.rule("STR-7.6")
def test_e7_build_fails_on_a_beach_but_the_card_is_discarded():
    s = blank()
    s.shaman = [sp("p1"), sp("b0")]
    s, ev = arrive(BUILD, s=s)
    assert s.statues_left[YELLOW] == 8 and YELLOW not in s.statues
    assert s.discard == [BUILD]


@pytest.mark.rule("STR-E7")
@pytest.mark.rule("STR-7.4")
@pytest.mark.rule("STR-7.6")
def test_e7_build_fails_on_a_space_with_a_statue():
    s = blank()
    s.shaman[YELLOW] = sp("f2")
    s.statues[sp("f2")] = RED
    s, ev = arrive(BUILD, s=s)
    assert s.statues[sp("f2")] == RED and s.statues_left[YELLOW] == 8
    assert s.discard == [BUILD]


@pytest.mark.rule("STR-E7")
@pytest.mark.rule("STR-7.6")
def test_e7_build_fails_with_no_statue_in_reserve():
    s = blank()
    s.shaman[YELLOW] = sp("f2")
    s.statues_left[YELLOW] = 0
    s, ev = arrive(BUILD, s=s)
    assert s.statues[sp("f2")] == -1 and s.discard == [BUILD]


@pytest.mark.rule("STR-E8")
@pytest.mark.rule("STR-7.7")
@pytest.mark.rule("STR-7.8")
@pytest.mark.rule("STR-7.2")
def test_e8_priestess_moves_the_marker_to_a_neighbouring_crater_only():
    s = blank()
    s.craters[2] = 1
    s, ev = arrive(PRIESTESS, s=s)
    assert s.to_move == YELLOW
    assert sorted(legal(s)) == ["priestess c2 c1", "priestess c2 c3"]
    for bad in ("priestess c2 c5", "priestess c2 c4", "priestess c2 c0"):
        with pytest.raises(IllegalAction) as e:
            s.apply(bad)
        assert e.value.rule == "STR-7.8"
    with pytest.raises(IllegalAction) as e:
        s.apply("priestess c4 c5")
    assert e.value.rule == "STR-7.7"
    assert s.discard == [PRIESTESS]
    play(s, "priestess c2 c1")
    assert s.craters == [0, 1, 0, 0, 0, 0] and s.to_move == RED


@pytest.mark.rule("STR-E8")
@pytest.mark.rule("STR-7.7")
def test_e8_derived_one_of_two_stacked_markers_moves():
    s = blank()
    s.craters[2] = 2
    s, ev = arrive(PRIESTESS, s=s)
    play(s, "priestess c2 c3")
    assert s.craters[2] == 1 and s.craters[3] == 1


@pytest.mark.rule("STR-7.7")
def test_priestess_with_no_marker_has_no_effect():
    s, ev = arrive(PRIESTESS)
    assert {"type": "priestess_impossible", "seat": YELLOW} in ev
    assert s.to_move == RED and s.discard == [PRIESTESS]


@pytest.mark.rule("STR-7.9")
def test_base_game_scoreboard_priestess_is_just_a_priestess():
    s = blank()
    s.shells[YELLOW] = [SHELLS[1]]
    s.craters[0] = 1
    s, ev = arrive(SHELLS[0], s=s)
    play(s, "buy priestess")
    assert s.tasks[0] == ("priestess", YELLOW)
    play(s, "priestess c0 c1")
    assert s.lava_disc == [-2, -2] and s.craters[1] == 1 and s.to_move == RED


@pytest.mark.rule("STR-7.10")
@pytest.mark.rule("STR-7.11")
@pytest.mark.rule("STR-8.2")
def test_a_purchase_is_offered_only_on_receiving_a_shell():
    s = blank()
    s.shells[YELLOW] = [SHELLS[1], SHELLS[2]]
    s, ev = arrive(BASKET, s=s)
    assert s.to_move == RED and s.tasks[0] == ("turn",)      # a basket gives no purchase
    with pytest.raises(IllegalAction) as e:
        s.apply("buy forest")
    assert e.value.rule == "STR-2.2"
    s2, ev = arrive(SHELLS[0])
    assert s2.tasks[0] == ("buy", YELLOW) and "pass" in legal(s2)
    play(s2, "pass")
    assert s2.shells[YELLOW] == [SHELLS[0]]                  # kept for later
    assert s2.to_move == RED


@pytest.mark.rule("STR-7.12")
@pytest.mark.rule("STR-8.6")
@pytest.mark.rule("STR-8.3")
def test_bought_score_card_goes_in_front_and_spent_shells_are_discarded():
    s, ev = arrive(SHELLS[0])
    play(s, "buy forest")
    assert s.score_cards[YELLOW] == ["forest"]
    assert "forest" not in s.board_cards
    assert s.shells[YELLOW] == [] and s.discard == [SHELLS[0]]


@pytest.mark.rule("STR-7.14")
def test_beach_cards_are_collected_with_no_immediate_effect():
    naut = card_ids("nautilus")[0]
    s, ev = arrive(naut)
    assert s.front[YELLOW] == [naut] and s.points == [0, 0] and s.to_move == RED


@pytest.mark.rule("STR-E18")
@pytest.mark.rule("STR-8.1")
@pytest.mark.rule("STR-8.3")
@pytest.mark.rule("STR-8.4")
@pytest.mark.rule("STR-8.5")
def test_e18_first_shell_buys_only_one_shell_cards_or_the_priestess():
    s, ev = arrive(SHELLS[0])
    acts = legal(s)
    assert acts == ["buy butterflies", "buy majority", "buy forest", "buy priestess", "pass"]
    with pytest.raises(IllegalAction) as e:
        s.apply("buy mountain")
    assert e.value.rule == "STR-8.5"


@pytest.mark.rule("STR-E18")
@pytest.mark.rule("STR-8.5")
@pytest.mark.rule("STR-7.12")
def test_e18_kept_shell_plus_new_one_buy_a_two_shell_card():
    s = blank()
    s.shells[YELLOW] = [SHELLS[1]]
    s, ev = arrive(SHELLS[0], s=s)
    assert "buy mountain" in legal(s) and "buy segment" in legal(s)
    play(s, "buy mountain")
    assert s.shells[YELLOW] == [] and sorted(s.discard) == sorted(SHELLS[:2])
    assert s.score_cards[YELLOW] == ["mountain"]


@pytest.mark.rule("STR-E18")
@pytest.mark.rule("STR-8.7")
@pytest.mark.rule("STR-8.8")
def test_e18_bought_priestess_is_used_at_once_then_face_down():
    s = blank()
    s.craters[4] = 1
    s, ev = arrive(SHELLS[0], s=s)
    play(s, "buy priestess")
    assert s.priestess_up is False
    assert s.tasks[0] == ("priestess", YELLOW) and s.to_move == YELLOW
    play(s, "priestess c4 c5")
    assert s.craters[5] == 1
    # later in the round it cannot be bought again
    s.shells[RED] = [SHELLS[1]]
    s.tasks = [("buy", RED)] + s.tasks
    s._legal_cache = None
    assert "buy priestess" not in legal(s)
    with pytest.raises(IllegalAction) as e:
        s.apply("buy priestess")
    assert e.value.rule == "STR-8.8"


@pytest.mark.rule("STR-8.9")
def test_priestess_may_be_bought_with_no_marker_on_any_crater():
    s, ev = arrive(SHELLS[0])
    assert "buy priestess" in legal(s)
    play(s, "buy priestess")
    assert s.priestess_up is False and s.shells[YELLOW] == [] and s.to_move == RED


@pytest.mark.rule("STR-8.1")
def test_a_bought_score_card_is_not_available_to_the_other_player():
    s, ev = arrive(SHELLS[0])
    play(s, "buy majority")
    s2, ev = arrive(SHELLS[1], seat=RED, first=YELLOW, s=None)
    s2.board_cards = list(s.board_cards)
    s2._legal_cache = None
    assert "buy majority" not in legal(s2)
    with pytest.raises(IllegalAction) as e:
        s2.apply("buy majority")
    assert e.value.rule == "STR-8.1"
