"""Re-typed actions (random case and spacing) are accepted: no action of this game has an unordered set."""
import pytest

from ..retype import check_retyped


@pytest.mark.rule("STR-2.9")
def test_every_legal_action_retyped_is_accepted():
    checked, _ = check_retyped("stromboli", games=6, max_plies=400)
    assert checked > 300


@pytest.mark.rule("STR-2.9")
def test_upper_case_place_and_shaman_are_the_legal_actions():
    import lapilli
    s = lapilli.new_game("stromboli", 2, 0)
    legal = s.legal_actions()
    a = next(x for x in legal if x.startswith("place "))
    t = s.clone()
    t.apply(a.upper())
    assert t.history[-1] == a
