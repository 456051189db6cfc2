"""Re-typed actions (random case, spacing, order of the explorers boarding together) are accepted."""
import pytest

from ..retype import check_retyped


def _aboard(toks, rng):
    if toks[0] == "aboard" and len(toks) > 2:
        rest = toks[1:]
        rng.shuffle(rest)
        return [toks[0], *rest]
    return None


@pytest.mark.rule("ISL-6.5")
def test_every_legal_action_retyped_is_accepted():
    checked, _ = check_retyped("the-island", games=3, max_plies=200, shuffle=_aboard)
    assert checked > 500


@pytest.mark.rule("ISL-6.5")
def test_aboard_in_any_order():
    import lapilli
    s = lapilli.new_game("the-island", 4, 0)
    # four swimmers where a boat tile is revealed are rare in play: the decision's legal list alone
    s.decision, s.decision_seat, s.decision_data = "aboard", 0, {"candidates": ["R3", "B1", "Y2"], "room": 2, "at": "2,4"}
    legal = s._legal()
    assert "aboard R3 B1" in legal and "aboard B1 R3" not in legal
    assert s._match("ABOARD  b1 r3", legal) == "aboard R3 B1"       # what apply uses to read text
    assert s._match("aboard y2   R3", legal) == "aboard R3 Y2"
