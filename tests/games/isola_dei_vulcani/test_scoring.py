"""Scoring during play (IDV-12), final scoring (IDV-14) and tie-breaks (IDV-15)."""
import pytest

from .helpers import BLANK, clear, col, erected, fresh, lava, lying, script, village

rule = pytest.mark.rule


def area4(villages=1, moai_up=0, players=2):
    """Area 4 = E2 (volcano), E3, F2.  Red colonist and lying Moai on E3; Red villages on F2."""
    s = clear(fresh(players, first=0))
    col(s, "E3", 0)
    lying(s, "E3a", 0)
    lying(s, "E3b", 0)
    for x in ("F2a", "F2b")[:villages]:
        village(s, x, 0)
    for c in ("E3-NE", "E3-NW")[:moai_up]:
        erected(s, c, 0)
    return s


def erect_gain(s, src="E3a", crater="E3-E"):
    before = s.points[0]
    script(s, BLANK)
    s.apply(f"erect {src} {crater}")
    return s.points[0] - before


@rule("IDV-12.3")
@rule("IDV-12.4")
@rule("IDV-12.5")
@rule("IDV-E1")
@rule("IDV-I15")
def test_first_moai_one_village():
    assert erect_gain(area4(1, 0)) == 1  # the village is on F2, the Moai on E3: same area


@rule("IDV-12.3")
@rule("IDV-E2")
def test_second_moai_one_village():
    assert erect_gain(area4(1, 1)) == 2


@rule("IDV-12.3")
@rule("IDV-E3")
def test_third_moai_one_village():
    assert erect_gain(area4(1, 2)) == 3


@rule("IDV-12.3")
@rule("IDV-E4")
def test_first_moai_two_villages():
    assert erect_gain(area4(2, 0)) == 2


@rule("IDV-12.3")
@rule("IDV-E5")
def test_second_moai_two_villages():
    assert erect_gain(area4(2, 1)) == 4


@rule("IDV-12.3")
@rule("IDV-E6")
@rule("IDV-8.8")
def test_third_moai_two_villages():
    assert erect_gain(area4(2, 2)) == 6


@rule("IDV-E7")
def test_two_erections_with_two_villages_make_six():
    s = area4(2, 0)
    total = erect_gain(s, "E3a", "E3-E") + erect_gain(s, "E3b", "E3-NE")
    assert total == 6


@rule("IDV-I15")
def test_lying_moai_do_not_count_in_multiplier():
    s = area4(1, 0)  # a second lying Red Moai stays on E3b
    assert erect_gain(s) == 1


@rule("IDV-12.2")
@rule("IDV-E19")
@rule("IDV-I16")
def test_area_without_own_village_scores_one():
    s = area4(0, 2)
    assert erect_gain(s) == 1
    s = area4(0, 0)
    village(s, "F2a", 1)
    village(s, "F2b", 1)  # only Blue villages
    assert erect_gain(s) == 1


@rule("IDV-12.7")
@rule("IDV-12.8")
@rule("IDV-I31")
def test_only_villages_and_erections_score_during_play():
    s = clear(fresh(2, first=0))
    col(s, "E3", 0)
    lava(s, "E3a", "F2a")
    village(s, "E3b", 0)
    s.points = [99, 0]
    s.apply("carve E3a")
    s.apply("colonist E3")
    s.apply("pray")
    s.apply("move E3 F2")
    assert s.points == [99, 0] and s.current_player == 1
    s.apply("end")
    s.apply("village F2a")
    assert s.points == [100, 0] and s.scores() == [100, 0]


def finish(s):
    """Make the end trigger happen and close the round: final scoring."""
    s.end_triggered = True
    s.current_player = s.last_seat()
    s.decision = None
    s.pending = []
    s._legal_cache = None
    s.apply("end")
    assert s.is_terminal and s.to_move is None and s.legal_actions() == []
    return s


@rule("IDV-14.3")
@rule("IDV-14.4")
@rule("IDV-E8")
@rule("IDV-E11")
@rule("IDV-I6")
@rule("IDV-I8")
def test_two_adjacent_moai():
    s = clear(fresh(2, first=0))
    erected(s, "E3-E", 0)
    lying(s, "F2b", 0)  # lying Moai count too (IDV-I8 a)
    b = s.final_breakdown(0)
    assert b["vp_moai"] == 4 and b["vp_groups"] == 4 and b["vp_moai"] + b["vp_groups"] == 8


@rule("IDV-14.4")
@rule("IDV-E9")
@rule("IDV-I6")
def test_three_moai_in_a_line():
    s = clear(fresh(2, first=0))
    erected(s, "E3-E", 0)
    erected(s, "E4-W", 0)
    erected(s, "E5-NE", 0)
    assert s.final_breakdown(0)["vp_groups"] == 6


@rule("IDV-14.4")
@rule("IDV-E10")
@rule("IDV-E11")
@rule("IDV-I7")
def test_four_moai_group_and_same_hex_and_cracks():
    from .helpers import crack
    s = clear(fresh(2, first=0))
    erected(s, "E3-E", 0)
    erected(s, "E3-NE", 0)  # two on one hex are adjacent
    erected(s, "E4-W", 0)
    erected(s, "F3-E", 0)
    crack(s, "E3", "E4")  # cracks do not separate Moai
    erected(s, "A3-E", 0)  # an isolated fifth Moai: no bonus
    erected(s, "H3-E", 1)  # Blue's Moai never join Red's group
    b = s.final_breakdown(0)
    assert b["moai"] == 5 and b["vp_groups"] == 8


@rule("IDV-14.1")
@rule("IDV-14.2")
@rule("IDV-14.5")
@rule("IDV-14.6")
@rule("IDV-9.12")
@rule("IDV-13.5")
@rule("IDV-E25")
@rule("IDV-I29")
def test_final_scoring_composite():
    s = clear(fresh(2, first=0))
    village(s, "E3a", 0)
    village(s, "F2a", 0)
    lying(s, "A3a", 0)
    col(s, "E3", 0, 3)
    s.boat[0] = 1  # a colonist still in the boat scores nothing
    s.prayer_tokens[0] = 1
    s.points = [10, 0]
    finish(s)
    assert s.final[0]["total"] == 2 * 3 + 1 * 2 + 3 * 4 + 1 * 2 == 22
    assert s.scores()[0] == 10 + 22


@rule("IDV-14.7")
@rule("IDV-0.2")
def test_highest_total_wins():
    s = clear(fresh(3, first=0))
    s.points = [5, 9, 7]
    finish(s)
    assert s.winners() == [1]


@rule("IDV-15.1")
@rule("IDV-15.2")
@rule("IDV-15.3")
@rule("IDV-15.4")
@rule("IDV-I30")
def test_tie_breaks():
    # totals equal; colonists decide
    s = clear(fresh(3, first=0))
    col(s, "E3", 1)
    s.points = [4, 0, 3]
    finish(s)
    assert s.scores() == [4, 4, 3] and s.winners() == [1]
    # equal colonists: villages decide (3 VP a village, so balance the in-play VP)
    s = clear(fresh(2, first=0))
    village(s, "E3a", 0)
    s.points = [0, 3]
    finish(s)
    assert s.scores() == [3, 3] and s.winners() == [0]
    # then Moai
    s = clear(fresh(2, first=0))
    lying(s, "E3a", 1)
    s.points = [2, 0]
    finish(s)
    assert s.scores() == [2, 2] and s.winners() == [1]
    # still tied: shared victory
    s = clear(fresh(2, first=0))
    s.points = [6, 6]
    finish(s)
    assert s.winners() == [0, 1]
