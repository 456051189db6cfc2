"""Bad input: malformed notation and illegal actions name the broken rule; the state is unchanged."""
import pytest

from lapilli import IllegalAction

from .helpers import clear, col, fresh, lava

rule = pytest.mark.rule


def refusal(s, text):
    before = s.to_json()
    with pytest.raises(IllegalAction) as e:
        s.apply(text)
    assert s.to_json() == before
    return e.value


@pytest.mark.parametrize("text", ["", "   ", "fly E3", "move E3", "move E3 Z9", "village E3",
                                  "carve E3z", "erect E3a E3-XX", "erupt x", "move E3 F2 G2"])
def test_malformed(text):
    s = clear(fresh(2, first=0))
    col(s, "E3", 0)
    e = refusal(s, text)
    assert e.rule == "notation"
    assert "Actions look like" in e.message


@rule("IDV-2.3")
def test_rule_named_for_legal_looking_actions():
    s = clear(fresh(2, first=0))
    col(s, "E3", 0)
    lava(s, "E3a")
    assert refusal(s, "move E3 H5").rule == "IDV-3.2"
    assert refusal(s, "village F2a").rule == "IDV-5.2"
    assert refusal(s, "erect E3a E3-E").rule == "IDV-8.4"
    assert refusal(s, "land H3").rule == "IDV-3.5"
    assert refusal(s, "done").rule == "IDV-2.8"
    s.apply("move E3 F2")
    assert "move F2 E3" in s.legal_actions()
    assert refusal(s, "end now").rule == "notation"


def test_extra_spaces_accepted():
    s = clear(fresh(2, first=0))
    col(s, "E3", 0)
    s.apply("  move   E3  F2 ")
    assert s.colonists["F2"][0] == 1
