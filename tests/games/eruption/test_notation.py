"""Bad input: malformed notation and illegal actions leave the state unchanged."""
import pytest

from lapilli import IllegalAction
from lapilli.games.eruption.narration import TERMS

from .helpers import blank, goto


@pytest.mark.parametrize("text", ["", "plce d7 3", "place d7", "place z9 1", "place d7 9", "build gold d7-N",
                                  "build straw d7-X", "build straw v9-1", "discard joker", "take 0",
                                  "relocate 0 8", "village 7", "bomb nowhere"])
def test_malformed(text):
    st = blank()
    before = st.to_json()
    with pytest.raises(IllegalAction) as e:
        st.apply(text)
    assert e.value.rule == "notation" and "look like" in e.value.message
    assert st.to_json() == before


@pytest.mark.parametrize("text,rule", [
    ("place e4 5", "ERU-2.2"),          # no tile drawn: this is Phase 3
    ("build straw v0-1", "ERU-2.2"),    # walls wait for Phase 4
    ("sinkhole e4", "ERU-5.1"),         # card not held
    ("give straw", "ERU-16.5"),
])
def test_illegal_cites_rule(text, rule):
    st = blank()
    goto(st, "p3", 0)
    st.hands[0] = ["rain"]
    before = st.to_json()
    with pytest.raises(IllegalAction) as e:
        st.apply(text)
    assert e.value.rule == rule and e.value.message
    assert st.to_json() == before


def test_extra_spaces_accepted():
    st = blank()
    goto(st, "p3", 0)
    st.hands[0] = ["rain", "bomb"]
    st.temperatures[0] = 40
    st.apply("  rain ")
    assert st.temperatures[0] == 10


def test_render_shows_board_and_hand():
    st = blank()
    goto(st, "p3", 0)
    text = st.render(0)
    hand = ", ".join(TERMS["en"][c] for c in st.hands[0])
    assert "f3s" in text and "^^" in text and f"your hand: {hand}" in text and "burn meter" in text
    assert "your hand" not in st.render(None)
