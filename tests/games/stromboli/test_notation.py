"""Bad input: malformed notation and illegal actions leave the state unchanged."""
import json

import pytest

import lapilli
from lapilli import IllegalAction

from .helpers import YELLOW, blank, play, put_discs


def snapshot(s):
    return json.dumps(s.to_json(), sort_keys=True)


@pytest.mark.parametrize("text", ["", "   ", "place", "place 3", "place 3 p2", "place x b2", "place 3 b9",
                                  "place 3 b2 fire", "take", "take three", "shaman", "shaman x9",
                                  "pick 3", "buy", "buy castle", "priestess c1", "priestess c1 m2",
                                  "fly away", "boat now", "\x00"])
def test_malformed_notation_is_refused_with_rule_notation(text):
    s = blank()
    before = snapshot(s)
    with pytest.raises(IllegalAction) as e:
        s.apply(text)
    assert e.value.rule == "notation"
    assert "place 3 b2" in e.value.message                   # says what the notation looks like
    assert snapshot(s) == before


@pytest.mark.rule("STR-2.3")
def test_placing_a_disc_that_is_not_in_the_reserve_cites_the_rule():
    s = blank(first=YELLOW)
    put_discs(s, YELLOW, 4, 3)
    before = snapshot(s)
    with pytest.raises(IllegalAction) as e:
        s.apply("place 3 b1")
    assert e.value.rule == "STR-2.3" and "reserve" in e.value.message
    with pytest.raises(IllegalAction) as e:
        s.apply("place 7 b1")
    assert e.value.rule == "STR-2.3"
    assert snapshot(s) == before


@pytest.mark.rule("STR-2.5")
def test_taking_back_a_disc_that_is_not_on_a_beach_cites_the_rule():
    s = blank(first=YELLOW)
    before = snapshot(s)
    with pytest.raises(IllegalAction) as e:
        s.apply("take 2")
    assert e.value.rule == "STR-2.5"
    assert snapshot(s) == before


@pytest.mark.rule("STR-2.2")
def test_out_of_turn_or_wrong_phase_actions_name_the_pending_decision():
    s = blank(first=YELLOW)
    with pytest.raises(IllegalAction) as e:
        s.apply("pick 1")
    assert e.value.rule == "STR-2.2"
    with pytest.raises(IllegalAction) as e:
        s.apply("stay")
    assert e.value.rule == "STR-2.2"
    with pytest.raises(IllegalAction) as e:
        s.apply("priestess c1 c2")
    assert e.value.rule == "STR-2.2"


def test_extra_spaces_are_accepted():
    s = blank(first=YELLOW)
    play(s, "  place   2   b4 ")
    assert s.discs[YELLOW][2] == 4 and s.history[-1] == "place 2 b4"


def test_bad_options_and_player_counts():
    with pytest.raises(lapilli.BadPlayerCount):
        lapilli.new_game("stromboli", 3)
    with pytest.raises(lapilli.BadOption):
        lapilli.new_game("stromboli", 2, options={"tactical": "maybe"})
    with pytest.raises(lapilli.BadOption):
        lapilli.new_game("stromboli", 2, options={"colour": "red"})
    s = lapilli.new_game("stromboli", 2, options={"tactical": "true", "huts": "random"})
    assert s.options == {"tactical": True, "huts": "random", "prescore_priestess": False, "shells_score": "second"}


def test_illegal_action_after_the_end_is_refused():
    s = lapilli.new_game("stromboli", 2, seed=1)
    s.over = True
    s.tasks = []
    with pytest.raises(IllegalAction) as e:
        s.apply("boat")
    assert e.value.rule == "STR-9.5"
