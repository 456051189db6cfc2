"""House rules of L'Isola dei Vulcani (issue 36): each on a position where the two readings differ."""
import pytest

import lapilli

from .helpers import VOLCANO, clear, col, fresh, lying, script, village

rule = pytest.mark.rule
V4 = 3   # volcano 4 (on E2) in the pool of tokens 1..8


def erect_into_eruption(moai_score):
    """Red has villages on E3a and F2a (area 4) and erects on E3; the die calls volcano 4, whose
    first free spaces in two directions are exactly those villages (no prayer token to save them)."""
    s = clear(fresh(2, first=0, options={"moai_score": moai_score}), keep=("H5a",))
    village(s, "E3a", 0)
    village(s, "F2a", 0)
    col(s, "E3", 0)
    lying(s, "E3b", 0)
    script(s, VOLCANO, V4)
    vp = s.points[0]
    ev = s.apply("erect E3b E3-E")
    assert [e["space"] for e in ev if e["type"] == "destroyed"] == ["E3a", "F2a"]
    return [e["vp"] for e in ev if e["type"] == "score"], s.points[0] - vp


@rule("IDV-I9")
@rule("IDV-0.13")
@rule("IDV-8.9")
def test_moai_scores_after_the_eruption_by_default_or_at_once():
    """'after' (the action's steps: crack, die, VP): the villages are gone, 1 VP (IDV-12.2);
    'before' ("ottiene immediatamente dei Punti Vittoria"): 1 Moai x 2 villages = 2 VP."""
    assert erect_into_eruption("after") == ([1], 1)
    assert erect_into_eruption("before") == ([2], 2)
    assert lapilli.game_spec("isola-dei-vulcani").options["moai_score"].default == "after"


def two_colonists(limit):
    s = clear(fresh(2, first=0, options={"colonist_limit": limit}))
    village(s, "E3a", 0)
    village(s, "E3b", 1)          # Blue's village in the same area
    col(s, "E3", 0)
    s.apply("colonist E3")
    return s


@rule("IDV-6.4")
@rule("IDV-I17")
def test_colonist_limit_counts_every_village_present_or_only_ones_own():
    """"un numero di coloni pari al numero di villaggi presenti": with one village of each colour in
    the area, 'all' lets Red create a second colonist there this turn, 'own' does not."""
    s = two_colonists("all")
    assert "colonist E3" in s.legal_actions()
    s.apply("colonist E3")
    s = two_colonists("own")
    assert "colonist E3" not in s.legal_actions()
    with pytest.raises(lapilli.IllegalAction) as e:
        s.apply("colonist E3")
    assert e.value.rule == "IDV-6.4" and "of yours" in e.value.message
    assert lapilli.game_spec("isola-dei-vulcani").options["colonist_limit"].default == "all"


@rule("IDV-I28")
@rule("IDV-13.1")
def test_max_rounds_off_has_no_round_limit():
    """With 'off' only the rulebook's ending (and the stall safeguard) ends the game."""
    def at_round_limit(limit):
        s = fresh(2, first=0, options={"max_rounds": limit})
        s.round = 40
        s.current_player = s.last_seat()
        s.action_points = 0
        s._legal_cache = None
        s.apply("end")
        return s
    assert at_round_limit(40).is_terminal and at_round_limit(40).end_reason == "round-limit"
    s = at_round_limit("off")
    assert not s.is_terminal and s.round == 41
