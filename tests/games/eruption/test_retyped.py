"""Re-typed actions (random case, spacing, order of the cards discarded together) are accepted."""
import pytest


from ..retype import check_retyped


def _cards(toks, rng):
    if toks[0] == "discard" and len(toks) == 3 and toks[1] != toks[2]:
        return [toks[0], toks[2], toks[1]] if rng.random() < 0.7 else toks
    return None


@pytest.mark.rule("ERU-5.4")
def test_every_legal_action_retyped_is_accepted():
    checked, pairs = check_retyped("eruption", games=4, max_plies=250, shuffle=_cards)
    assert checked > 1000 and pairs > 50


@pytest.mark.rule("ERU-5.4")
def test_help_example_discard_rain_quake():
    from .helpers import blank, goto
    st = blank()
    goto(st, "p3", 0)
    st.hands[0] = ["quake", "rain"]
    legal = [a for a in st.legal_actions() if a.startswith("discard") and len(a.split()) == 3]
    assert legal, "two cards may be discarded together here"
    for text in ("discard rain quake", "discard quake rain", "DISCARD  Rain   Quake "):
        s = st.clone()
        s.apply(text)
        assert s.history[-1] == legal[0]
