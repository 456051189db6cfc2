"""Bad input: malformed notation and illegal actions leave the state unchanged and say why."""
import pytest

from lapilli.engine import IllegalAction, narration

from .helpers import first_play, new


def refused(s, text):
    before = s.to_json()
    legal = s.legal_actions()
    with pytest.raises(IllegalAction) as e:
        s.apply(text)
    assert s.to_json() == before and s.legal_actions() == legal
    assert e.value.message
    return e.value


@pytest.mark.parametrize("text", ["", "   ", "hello", "place", "place e4", "place z9 e4", "place e4 e99",
                                  "take", "take twelve", "fire", "give me", "recruit dragon", "spend 3,4",
                                  "put", "pass now", "\x00"])
def test_malformed_notation(text):
    s = first_play(3, seed=1)
    e = refused(s, text)
    assert e.rule == "notation"
    assert "look like" in e.message or "square name" in e.message or "Cro-magnon" in e.message


def test_upper_case_is_the_same_action():
    """Case never matters in the notation (issue: forgiving notation): upper case is accepted."""
    s = first_play(3, seed=1)
    a = s.legal_actions()[0]
    s.apply(a.upper())
    assert s.history[-1] == a


def test_notation_accepts_extra_spaces():
    s = first_play(3, seed=1)
    a = s.legal_actions()[0]
    s.apply("  " + a.replace(" ", "   ") + " ")
    assert s.history[-1] == a


@pytest.mark.rule("KDO-2.10")
def test_setup_pick_errors():
    s = new(3, seed=1)
    t = s.current_tiles[0]
    s.apply(f"take {t}")
    assert refused(s, f"take {t}").rule == "KDO-2.10"
    missing = next(n for n in range(1, 49) if n not in s.current_tiles)
    assert refused(s, f"take {missing}").rule == "KDO-2.10"
    assert refused(s, "place e4 e3").rule == "KDO-2.10"


@pytest.mark.rule("KDO-13.5")
def test_pair_only_with_two_players():
    assert refused(new(3, seed=1), "pair 14").rule == "KDO-13.5"
    assert refused(new(2, seed=1), "pair 12").rule == "KDO-13.5"
    s = first_play(2, seed=1)
    assert refused(s, "pair 23").rule == "KDO-13.5"


@pytest.mark.rule("KDO-10.13")
@pytest.mark.rule("KDO-11.8")
def test_mode_actions_out_of_mode():
    s = first_play(3, "discovery", seed=1)
    assert refused(s, "recruit hunter").rule == "KDO-11.8"
    assert refused(s, "give 1").rule == "KDO-10.13"


def test_render_shows_the_position():
    s = first_play(4, "tribe", seed=2)
    text = s.render(s.to_move)
    mover = narration.seat_label(s, s.to_move, "en")
    assert f"{mover} (you) plays their tile" in text and "Current row" in text and "Cave:" in text
    assert "[H]" in text
    s = first_play(2, "totem", seed=2)
    assert "Totems:" in s.render(None) and "7x7" in s.render(None)
