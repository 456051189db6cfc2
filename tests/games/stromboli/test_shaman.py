"""Moving the shaman (Muovere lo Sciamano): STR-3.*, example STR-E2."""
import pytest

from lapilli import IllegalAction

from .helpers import RED, YELLOW, blank, legal, play, sp


def ends_after_1a(s, seat=RED, place="place 1 b4"):
    """The spaces the shaman may end on after an action 1a ('stay' shown as its own space)."""
    play(s, place)
    acts = legal(s)
    assert s.to_move == seat
    out = {a.split()[1] for a in acts if a.startswith("shaman ")}
    if "stay" in acts:
        out.add(s.observation(None)["shamans"][seat])
    return out


def fixture(red, yellow):
    s = blank(first=RED)
    s.shaman = [sp(red), sp(yellow)]
    return s


@pytest.mark.rule("STR-E2")
@pytest.mark.rule("STR-3.2")
@pytest.mark.rule("STR-3.5")
def test_e2_fixture_a_from_plain_next_to_the_opposing_shaman():
    s = fixture("p0", "p1")
    assert ends_after_1a(s) == {"p0", "f0", "p5", "f1", "f5", "p2", "p4"}


@pytest.mark.rule("STR-3.5")
def test_the_opposing_shamans_space_may_be_passed_but_not_ended_on():
    s = fixture("p0", "p1")
    play(s, "place 1 b4")
    with pytest.raises(IllegalAction) as e:
        s.apply("shaman p1")
    assert e.value.rule == "STR-3.5"
    play(s, "shaman p2")                                  # through p1
    assert s.shaman[RED] == sp("p2")


@pytest.mark.rule("STR-3.3")
@pytest.mark.rule("STR-E2")
def test_at_most_one_step_inwards():
    s = fixture("p0", "p1")
    play(s, "place 1 b4")
    with pytest.raises(IllegalAction) as e:
        s.apply("shaman m0")                              # p0 -> f0 -> m0: two inward steps
    assert e.value.rule == "STR-3.3"
    assert "shaman f1" in legal(s)                        # one inward step then a lateral one


@pytest.mark.rule("STR-E2")
@pytest.mark.rule("STR-3.8")
@pytest.mark.rule("STR-3.7")
def test_e2_fixture_b_from_the_mountain():
    s = fixture("m0", "b3")
    assert ends_after_1a(s) == {"m0", "f0", "m1", "m5", "p0", "f1", "f5", "m2", "m4"}


@pytest.mark.rule("STR-3.8")
def test_two_steps_outwards_are_allowed():
    s = fixture("m0", "b3")
    play(s, "place 1 b4", "shaman p0")
    assert s.shaman[RED] == sp("p0")


@pytest.mark.rule("STR-3.7")
def test_never_through_or_onto_a_crater():
    s = fixture("m0", "b3")
    play(s, "place 1 b4")
    acts = legal(s)
    assert not any(a.startswith("shaman c") for a in acts)
    assert "shaman m3" not in acts                        # would need to cross the crater
    with pytest.raises(IllegalAction) as e:
        s.apply("shaman c0")
    assert e.value.rule == "STR-3.7"


@pytest.mark.rule("STR-E2")
@pytest.mark.rule("STR-3.4")
@pytest.mark.rule("STR-3.9")
def test_e2_fixture_c_first_move_from_the_hut_beach_only_reaches_plains():
    s = fixture("b0", "b3")
    assert ends_after_1a(s) == {"b0", "p0", "p1", "p5"}


@pytest.mark.rule("STR-3.9")
def test_shaman_never_enters_beach_or_water():
    s = fixture("p0", "b3")
    play(s, "place 1 b4")
    for target in ("b0", "b1", "w0"):
        with pytest.raises(IllegalAction) as e:
            s.apply(f"shaman {target}")
        assert e.value.rule == "STR-3.9"
    s2 = fixture("b0", "b3")
    play(s2, "place 1 b4")
    with pytest.raises(IllegalAction) as e:
        s2.apply("shaman f0")
    assert e.value.rule == "STR-3.3"


@pytest.mark.rule("STR-E2")
@pytest.mark.rule("STR-3.6")
def test_e2_fixture_d_statues_do_not_block():
    s = fixture("p0", "p1")
    s.statues[sp("f0")] = YELLOW
    ends = ends_after_1a(s)
    assert "f0" in ends and "f5" in ends and "f1" in ends
    play(s, "shaman f0")
    assert s.shaman[RED] == sp("f0")


@pytest.mark.rule("STR-3.1")
def test_only_actions_1a_and_2_give_a_shaman_move_and_only_of_ones_own_shaman():
    s = blank(first=RED)
    play(s, "place 2 b0")                                 # 1b: the boat moves, no shaman step
    assert s.tasks[0] == ("turn",) and s.to_move == YELLOW
    play(s, "place 1 b5")                                 # Yellow 1a
    assert s.to_move == YELLOW and s.tasks[0] == ("shaman",)
    play(s, "shaman p3")
    assert s.shaman == [sp("b0"), sp("p3")]


@pytest.mark.rule("STR-3.2")
def test_the_move_is_optional_and_reaches_at_most_two_steps():
    s = fixture("p0", "b3")
    play(s, "place 1 b4")
    assert "stay" in legal(s)
    with pytest.raises(IllegalAction) as e:
        s.apply("shaman p3")                              # three steps away
    assert e.value.rule == "STR-3.2"
    play(s, "stay")
    assert s.shaman[RED] == sp("p0") and s.to_move == YELLOW


@pytest.mark.rule("STR-3.2")
def test_naming_the_shamans_own_space_asks_for_stay():
    s = fixture("p0", "b3")
    play(s, "place 1 b4")
    with pytest.raises(IllegalAction) as e:
        s.apply("shaman p0")
    assert e.value.rule == "STR-3.2" and "stay" in e.value.message
