"""Challenge 5: Super sovrappopolazione! during play (ISL-15.9 to ISL-15.18)."""
import pytest

from tests.games.the_island.helpers import H, at, blank, boat, boats, cre, ex, illegal, tile, where


def e8(back="whale", **opts):
    st = blank(5, challenge_5=True, **opts)
    tile(st, "3,5", "beach", back)
    ex(st, "B1", "land", "3,5")
    ex(st, "G1", "land", "3,5")
    at(st, "remove", 2)
    return st


@pytest.mark.rule("ISL-E8")
@pytest.mark.rule("ISL-15.9")
@pytest.mark.rule("ISL-15.10")
@pytest.mark.rule("ISL-15.13")
@pytest.mark.rule("ISL-15.14")
@pytest.mark.rule("ISL-15.15")
def test_e8_mini_round_order():
    st = e8()
    ev = st.apply("remove 3,5")
    assert cre(st, "whale") == ["3,5"] and where(st, "B1") == ("sea", "3,5")
    assert not any(e["type"] == "roll" for e in ev)          # before step 4
    assert st.decision == "c5" and st.to_move == 3                # P3 (not involved), then P4
    acts = st.legal_actions()
    assert "swim G1 2,4" in acts and "swim G1 2,5" in acts and "pass" in acts
    assert not any("B1" in a for a in acts)
    assert illegal(st, "swim B1 2,4").rule == "ISL-15.10"
    assert illegal(st, "sail 2,4 2,5").rule == "ISL-15.15"
    st.apply("swim G1 2,4")
    assert where(st, "G1") == ("sea", "2,4")
    assert st.decision == "c5" and st.to_move == 1                # then P2
    ev = st.apply("pass")                                    # not kept for later
    assert any(e["type"] == "roll" for e in ev)
    assert where(st, "B1") == ("sea", "3,5")
    assert st.current_player == 2


@pytest.mark.rule("ISL-E9")
@pytest.mark.rule("ISL-15.11")
@pytest.mark.rule("ISL-15.12")
def test_e9_shark_cancels_movements():
    st = e8("shark")
    ev = st.apply("remove 3,5")
    assert cre(st, "shark") == ["3,5"]
    assert where(st, "B1")[0] == "lost" and where(st, "G1")[0] == "lost"
    assert st.decision != "c5" and any(e["type"] == "roll" for e in ev)


@pytest.mark.rule("ISL-E10")
@pytest.mark.rule("ISL-15.16")
@pytest.mark.rule("ISL-15.17")
@pytest.mark.rule("ISL-15.18")
def test_e10_boat_back_with_empty_supply():
    def pos():
        st = blank(6, challenge_5=True)
        boat(st, "10,5")
        for h in ("2,2", "2,8", "4,1", "4,9", "5,1", "5,10", "6,1", "6,9", "7,1", "7,10", "8,1"):
            boat(st, h)
        ex(st, "Y1", "boat", "2,2")
        tile(st, "3,5", "beach", "boat")
        ex(st, "B1", "land", "3,5")
        at(st, "remove", 0)
        return st
    st = pos()
    assert st.boat_at.count(-1) == 0
    st.apply("remove 3,5")
    assert st.decision == "take" and st.to_move == 0
    assert "take 10,5" in st.legal_actions() and "take 2,2" not in st.legal_actions()
    assert illegal(st, "take 2,2").rule == "ISL-15.16"
    st.apply("take 10,5")
    assert "10,5" not in boats(st) and boats(st)["3,5"] == ["B1"]
    assert st.decision == "c5" and st.to_move == 1                 # P2's movement with B1
    # a destroyed boat is in the supply: it is used, no choice
    st = pos()
    b = st.boat_on_hex[H["8,1"]]
    st._remove_boat(b)
    st.apply("remove 3,5")
    assert st.decision != "take" and boats(st)["3,5"] == ["B1"] and "10,5" in boats(st)
    # no boat anywhere: no boat is placed
    st = pos()
    empties = [name for name, pax in sorted(boats(st).items()) if not pax]
    for k, name in enumerate(empties):
        ex(st, f"{'WO'[k // 10]}{k % 10 + 1}", "boat", name)
    st.apply("remove 3,5")
    assert "3,5" not in boats(st) and where(st, "B1") == ("sea", "3,5")
