"""The turn (Il turno di gioco): STR-2.*, example STR-E1."""
import json

import pytest

from lapilli import IllegalAction

from .helpers import RED, YELLOW, blank, legal, play, put_discs, sp


@pytest.mark.rule("STR-2.2")
def test_a_turn_offers_only_actions_1_2_and_3():
    s = blank()
    acts = legal(s)
    assert {a.split()[0] for a in acts} == {"place"}      # reserve full: no take, no boat
    put_discs(s, YELLOW, 2, 1)
    assert {a.split()[0] for a in legal(s)} == {"place", "take"}


@pytest.mark.rule("STR-2.2")
@pytest.mark.rule("STR-2.1")
def test_after_one_action_and_the_shaman_step_the_other_player_moves():
    s = blank(first=YELLOW)
    play(s, "place 2 b4")
    assert s.to_move == YELLOW and s.tasks[0] == ("shaman",)
    with pytest.raises(IllegalAction) as e:
        s.apply("place 3 b5")                              # no second action in the same turn
    assert e.value.rule == "STR-3.1"
    play(s, "stay")
    assert s.to_move == RED and s.current_player == RED


@pytest.mark.rule("STR-2.3")
def test_action_1a_places_a_disc_away_from_the_boat_then_allows_a_shaman_move():
    s = blank()
    play(s, "place 4 b2")
    assert s.discs[YELLOW][4] == 2 and s.boat == 0
    assert "shaman p3" in legal(s) and "stay" in legal(s)


@pytest.mark.rule("STR-2.4")
def test_action_1b_moves_the_boat_and_gives_no_shaman_move():
    s = blank()
    play(s, "place 3 b0")
    assert s.boat == 3
    assert s.to_move == RED and s.tasks[0] == ("turn",)
    assert s.shaman[YELLOW] == sp("b3")


@pytest.mark.rule("STR-2.5")
def test_action_2_takes_a_disc_back_then_allows_a_shaman_move():
    s = blank()
    put_discs(s, YELLOW, 5, 3)
    play(s, "take 3")
    assert s.discs[YELLOW][3] == -1 and 3 in s.reserve(YELLOW)
    assert s.tasks[0] == ("shaman",) and s.to_move == YELLOW


@pytest.mark.rule("STR-2.6")
def test_action_3_only_with_an_empty_reserve():
    s = blank()
    put_discs(s, YELLOW, 2, 1, 2, 3, 4)
    with pytest.raises(IllegalAction) as e:
        s.apply("boat")
    assert e.value.rule == "STR-2.6"
    put_discs(s, YELLOW, 2, 5)
    assert "boat" in legal(s)
    play(s, "boat")
    assert s.boat == 1


@pytest.mark.rule("STR-2.7")
def test_with_all_discs_out_both_action_2_and_action_3_are_open():
    s = blank()
    put_discs(s, YELLOW, 4, 1, 2, 3, 4, 5)
    acts = legal(s)
    assert "boat" in acts
    assert all(f"take {v}" in acts for v in range(1, 6))


@pytest.mark.rule("STR-2.8")
def test_no_limit_to_discs_on_one_beach():
    s = blank()
    put_discs(s, RED, 2, 1, 2)
    put_discs(s, YELLOW, 2, 3, 4)
    play(s, "place 5 b2", "stay")
    assert [v for v in range(1, 6) if s.discs[YELLOW][v] == 2] == [3, 4, 5]
    assert s.sums(2) == (3, 12)


@pytest.mark.rule("STR-2.9")
@pytest.mark.rule("STR-2.10")
@pytest.mark.rule("STR-E1")
def test_e1_yellow_cannot_place_a_3_next_to_red_4_but_can_place_2_or_5():
    s = blank(first=YELLOW)
    put_discs(s, RED, 2, 4)
    put_discs(s, YELLOW, 2, 1)
    put_discs(s, YELLOW, 5, 4)                              # reserve {2, 3, 5}
    assert s.reserve(YELLOW) == [2, 3, 5] and s.boat != 2
    acts = legal(s)
    assert "place 3 b2" not in acts
    assert "place 2 b2" in acts and "place 5 b2" in acts
    before = json.dumps(s.to_json())
    with pytest.raises(IllegalAction) as e:
        s.apply("place 3 b2")
    assert e.value.rule == "STR-2.9"
    assert json.dumps(s.to_json()) == before
    play(s, "place 2 b2")
    assert s.sums(2) == (4, 3)


@pytest.mark.rule("STR-E1")
@pytest.mark.rule("STR-2.9")
def test_e1_minimal_variant_single_red_3():
    s = blank(first=YELLOW)
    put_discs(s, RED, 2, 3)
    acts = legal(s)
    assert "place 3 b2" not in acts and "place 2 b2" in acts


@pytest.mark.rule("STR-E1")
@pytest.mark.rule("STR-2.10")
def test_e1_action_2_variant_taking_back_may_not_equalise_sums():
    s = blank(first=YELLOW)
    put_discs(s, YELLOW, 4, 1, 2)
    put_discs(s, RED, 4, 2)
    acts = legal(s)
    assert "take 1" not in acts and "take 2" in acts
    with pytest.raises(IllegalAction) as e:
        s.apply("take 1")
    assert e.value.rule == "STR-2.10"


@pytest.mark.rule("STR-2.9")
def test_an_emptied_beach_is_no_violation():
    s = blank(first=YELLOW)
    put_discs(s, YELLOW, 4, 1)
    assert "take 1" in legal(s)                            # 0 against 0: the beach is empty
    play(s, "take 1")
    assert s.sums(4) == (0, 0)


@pytest.mark.rule("STR-2.9")
def test_random_games_never_show_equal_nonzero_sums():
    import random

    import lapilli

    for seed in range(6):
        s = lapilli.new_game("stromboli", 2, seed=seed)
        r = random.Random(seed)
        while not s.is_terminal:
            s.apply(r.choice(s.legal_actions()))
            for seg in range(6):
                a, b = s.sums(seg)
                assert a != b or a == 0
