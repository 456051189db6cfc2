"""Dolphins & Dive Dice: Challenge 6 (ISL-16, ISL-20.6)."""
import pytest

import lapilli
from lapilli.games.the_island.notation import label
from tests.games.the_island.helpers import (go, H, at, blank, boat, boats, cre, dolphin, ex, illegal, put, sea,
                                            tile, where)


def dive(st, seat, kind, dist):
    return at(st, "creature", seat, roll=[kind, dist])


def prot(st):
    return {f"D{d + 1}": label(st.dolphin_protects[d]) if st.dolphin_protects[d] >= 0 else None for d in range(len(st.dolphin_protects))}


@pytest.mark.rule("ISL-16.1")
@pytest.mark.rule("ISL-16.2")
@pytest.mark.rule("ISL-16.7")
@pytest.mark.rule("ISL-20.6")
@pytest.mark.rule("ISL-0.10")
def test_dive_dice_replace_red_die():
    st = blank(2, dolphins=True)
    assert st.dolphin_at == [-1, -1, -1, -1]
    at(st, "remove", 0)
    seen_a, seen_b = set(), set()
    for seed in range(40):
        c = st.clone()
        c.rng = lapilli.engine.Rng(seed)
        ev = c.apply("remove 3,5")
        r = [e for e in ev if e["type"] == "roll"][0]
        assert r["dice"] == "dive"
        seen_a.add(r["kind"])
        seen_b.add(r["distance"])
    assert seen_a == {"serpent", "shark", "whale", "dolphin", "boat", "starfish"}
    assert seen_b == {1, 2, 3, "D"}


@pytest.mark.rule("ISL-E11")
@pytest.mark.rule("ISL-16.3")
@pytest.mark.rule("ISL-16.4")
@pytest.mark.rule("ISL-16.5")
@pytest.mark.rule("ISL-16.6")
def test_e11_dolphin_back():
    st = blank(4, dolphins=True)
    tile(st, "3,5", "beach", "dolphin")
    ex(st, "R1", "land", "3,5")
    at(st, "remove", 1)
    ev = st.apply("remove 3,5")
    assert {"type": "tile_revealed", "at": "3,5", "back": "dolphin"} in ev
    assert st.hands[1] == []
    assert st.dolphin_at.count(H["3,5"]) == 1 and st.dolphin_at.count(-1) == 3
    assert prot(st)["D1"] == "R1"
    # without Challenge 6 the dolphin back goes into the hand
    st = blank(4)
    tile(st, "3,5", "beach", "dolphin")
    at(st, "remove", 1)
    st.apply("remove 3,5")
    assert st.hands[1] == [(0, "dolphin")]


@pytest.mark.rule("ISL-16.6")
def test_dolphin_back_over_two_swimmers_revealer_chooses():
    st = blank(4, dolphins=True)
    tile(st, "3,5", "beach", "dolphin")
    ex(st, "R1", "land", "3,5")
    ex(st, "Y1", "land", "3,5")
    at(st, "remove", 1)
    st.apply("remove 3,5")
    assert st.decision == "protect" and st.to_move == 1
    st.apply("protect Y1")
    assert prot(st)["D1"] == "Y1"


@pytest.mark.rule("ISL-E12")
@pytest.mark.rule("ISL-16.9")
@pytest.mark.rule("ISL-16.13")
def test_e12_d_result():
    st = blank(2, dolphins=True, dive_move="optional")   # the spec's example lets the player move nothing
    put(st, "shark", "0,5")
    ex(st, "B1", "sea", "2,4")
    boat(st, "2,6")
    dive(st, 0, "shark", "D")
    acts = st.legal_actions()
    assert "shark 0,5 12,5" in acts and "none" in acts
    assert illegal(st, "shark 0,5 2,6").rule == "ISL-16.13"
    assert illegal(st, "shark 0,5 2,4").rule == "ISL-16.13"
    go(st, "shark 0,5 12,5")
    assert cre(st, "shark") == ["12,5"] and where(st, "B1") == ("sea", "2,4")


@pytest.mark.rule("ISL-E13")
@pytest.mark.rule("ISL-16.11")
@pytest.mark.rule("ISL-16.12")
@pytest.mark.rule("ISL-16.14")
@pytest.mark.rule("ISL-16.16")
def test_e13_serpent_up_to_3_stops_on_swimmer():
    st = blank(2, dolphins=True)
    put(st, "serpent", "0,3")
    ex(st, "B1", "sea", "0,4")
    boat(st, "1,3")
    dive(st, 0, "serpent", 3)
    acts = st.legal_actions()
    assert "serpent 0,3 0,4" in acts and "serpent 0,3 1,5" in acts
    c = st.clone()
    c.apply("serpent 0,3 1,5")            # (0,3)-(1,3)-(1,4)-(1,5): the empty boat is no obstacle
    assert where(c, "B1") == ("sea", "0,4") and boats(c) == {"1,3": []}
    st2 = blank(2, dolphins=True)
    put(st2, "serpent", "0,3")
    ex(st2, "B1", "sea", "0,4")
    dive(st2, 0, "serpent", 2)
    assert "serpent 0,3 0,5" not in st2.legal_actions()   # the only 2-step path ends on (0,4)
    assert illegal(st2, "serpent 0,3 0,5").rule == "ISL-16.16"
    st.apply("serpent 0,3 0,4")
    assert where(st, "B1")[0] == "lost"
    red = blank(2)
    put(red, "serpent", "0,3")
    at(red, "creature", 0, roll=["serpent", 1])
    assert "serpent 0,3 1,5" not in red.legal_actions()   # the red die: 1 space only


@pytest.mark.rule("ISL-E14")
@pytest.mark.rule("ISL-16.15")
@pytest.mark.rule("ISL-16.17")
def test_e14_dive_dice_never_move_occupied_boats():
    st = blank(2, dolphins=True)
    boat(st, "2,6", "R1")
    boat(st, "2,3")
    ex(st, "B1", "sea", "2,4")
    dive(st, 0, "boat", 2)
    acts = st.legal_actions()
    assert not any(a.startswith("drift 2,6") for a in acts)
    assert illegal(st, "drift 2,6 2,7").rule == "ISL-16.15"
    assert "drift 2,3 2,5" in acts and "drift 2,3 2,7" not in acts
    st.apply("drift 2,3 2,4")                              # through swimmers: no pick-up
    assert boats(st)["2,4"] == [] and where(st, "B1") == ("sea", "2,4")


@pytest.mark.rule("ISL-16.17")
def test_empty_boat_drift_blocked_by_boats():
    st = blank(2, dolphins=True)
    boat(st, "2,3")
    boat(st, "2,4")
    dive(st, 0, "boat", 1)
    assert "drift 2,3 2,4" not in st.legal_actions()


@pytest.mark.rule("ISL-E15")
@pytest.mark.rule("ISL-16.10")
@pytest.mark.rule("ISL-20.8")
def test_e15_starfish():
    st = blank(2, dolphins=True, giant_squid=True, dive_move="optional")
    put(st, "serpent", "0,3")
    put(st, "shark", "0,6")
    put(st, "whale", "10,5")
    put(st, "squid", "12,5")
    dolphin(st, 0, "1,8")
    boat(st, "11,2")
    dive(st, 0, "starfish", 2)
    kinds = {a.split()[0] for a in st.legal_actions()}
    assert kinds == {"serpent", "shark", "whale", "squid", "dolphin", "drift", "none"}
    assert "shark 0,6 0,8" in st.legal_actions() and "shark 0,6 1,10" not in st.legal_actions()


@pytest.mark.rule("ISL-E16")
@pytest.mark.rule("ISL-16.18")
@pytest.mark.rule("ISL-16.19")
@pytest.mark.rule("ISL-16.34")
def test_e16_swimmer_reaches_free_dolphin():
    st = blank(3, dolphins=True)
    dolphin(st, 0, "2,5")
    ex(st, "B1", "sea", "2,4")
    put(st, "shark", "1,5")
    sea(st, "3,5")
    at(st, "move", 1)
    st.apply("swim B1 2,5")
    assert prot(st)["D1"] == "B1"
    ex(st, "Y1", "sea", "2,4")                 # an unprotected swimmer: the shark would stop there
    dive(st, 0, "shark", 2)
    assert "shark 1,5 3,5" in st.legal_actions()   # only through (2,5): not stopped by B1
    c = st.clone()
    go(c, "shark 1,5 3,5")
    assert where(c, "B1") == ("sea", "2,5")
    go(st, "shark 1,5 2,5")                  # ending on (2,5): nothing removed
    assert where(st, "B1") == ("sea", "2,5") and st.decision != "repel"
    s2 = blank(2, dolphins=True)               # a protected swimmer survives a serpent too
    dolphin(s2, 0, "2,5", "B1")
    ex(s2, "B1", "sea", "2,5")
    put(s2, "serpent", "1,5")
    dive(s2, 0, "serpent", 1)
    s2.apply("serpent 1,5 2,5")
    assert where(s2, "B1") == ("sea", "2,5")


@pytest.mark.rule("ISL-E17")
@pytest.mark.rule("ISL-16.21")
@pytest.mark.rule("ISL-16.23")
@pytest.mark.rule("ISL-16.20")
def test_e17_dolphin_onto_two_swimmers():
    st = blank(3, dolphins=True)
    dolphin(st, 0, "1,5")
    ex(st, "B1", "sea", "2,5")
    ex(st, "Y1", "sea", "2,5")
    dive(st, 0, "dolphin", 1)
    st.apply("dolphin D1 2,5")
    assert st.decision == "protect" and st.to_move == 0
    assert sorted(st.legal_actions()) == ["protect B1", "protect Y1"]
    st.apply("protect Y1")
    assert prot(st)["D1"] == "Y1" and st.decision != "protect"
    obs = st.observation(None)["dolphins"][0]
    assert obs == {"id": "D1", "at": "2,5", "protects": "Y1"}
    single = blank(2, dolphins=True)
    dolphin(single, 0, "1,5")
    ex(single, "B1", "sea", "2,5")
    dive(single, 0, "dolphin", 1)
    single.apply("dolphin D1 2,5")
    assert prot(single)["D1"] == "B1"


@pytest.mark.rule("ISL-E18")
@pytest.mark.rule("ISL-16.22")
@pytest.mark.rule("ISL-16.24")
def test_e18_two_dolphins_one_victim():
    st = blank(4, dolphins=True)
    ex(st, "B1", "sea", "2,5")
    ex(st, "Y1", "sea", "2,5")
    ex(st, "R1", "sea", "2,5")
    dolphin(st, 0, "2,5", "B1")
    dolphin(st, 1, "2,5", "Y1")
    put(st, "shark", "1,5")
    dive(st, 3, "shark", 1)
    go(st, "shark 1,5 2,5")
    assert where(st, "R1")[0] == "lost" and where(st, "B1")[0] == "sea" and where(st, "Y1")[0] == "sea"
    # a busy dolphin does not take a second swimmer
    s2 = blank(2, dolphins=True)
    dolphin(s2, 0, "2,5")
    ex(s2, "R1", "sea", "2,4")
    ex(s2, "R2", "sea", "2,6")
    s2.apply("swim R1 2,5")
    s2.apply("swim R2 2,5")
    assert prot(s2)["D1"] == "R1"


@pytest.mark.rule("ISL-E19")
@pytest.mark.rule("ISL-16.26")
@pytest.mark.rule("ISL-16.27")
def test_e19_dolphin_moved_away():
    st = blank(2, dolphins=True)
    ex(st, "B1", "sea", "2,5")
    dolphin(st, 0, "2,5", "B1")
    put(st, "shark", "2,5")
    dive(st, 0, "dolphin", 1)
    st.apply("dolphin D1 1,5")
    assert where(st, "B1")[0] == "lost"
    assert st.dolphin_at[0] == H["1,5"] and prot(st)["D1"] is None


@pytest.mark.rule("ISL-E20")
@pytest.mark.rule("ISL-16.28")
@pytest.mark.rule("ISL-16.29")
@pytest.mark.rule("ISL-16.30")
@pytest.mark.rule("ISL-16.33")
def test_e20_moving_with_the_dolphin():
    st = blank(2, dolphins=True)
    ex(st, "B1", "sea", "2,5")
    dolphin(st, 0, "2,5", "B1")
    ex(st, "B2", "land", "9,5")
    at(st, "move", 1)
    st.apply("swim B1 2,4 dolphin")
    assert st.dolphin_at[0] == H["2,4"] and prot(st)["D1"] == "B1" and st.movement_points == 2
    assert not any(a.startswith("swim B1") for a in st.legal_actions())     # 1 sea space per turn
    st = blank(2, dolphins=True)
    ex(st, "B1", "sea", "2,5")
    dolphin(st, 0, "2,5", "B1")
    boat(st, "2,5")
    at(st, "move", 1)
    assert illegal(st, "board B1 2,5 dolphin").rule == "notation"
    st.apply("board B1 2,5")
    assert where(st, "B1") == ("boat", "2,5") and prot(st)["D1"] is None and st.dolphin_at[0] == H["2,5"]
    # moving away without the dolphin ends protection too
    st = blank(2, dolphins=True)
    ex(st, "B1", "sea", "2,5")
    dolphin(st, 0, "2,5", "B1")
    at(st, "move", 1)
    st.apply("swim B1 2,6")
    assert prot(st)["D1"] is None and st.dolphin_at[0] == H["2,5"]


@pytest.mark.rule("ISL-E21")
@pytest.mark.rule("ISL-16.31")
@pytest.mark.rule("ISL-16.36")
def test_e21_shift_protection():
    def pos(shark):
        st = blank(3, dolphins=True)
        ex(st, "B1", "sea", "2,5")
        ex(st, "Y1", "sea", "2,5")
        dolphin(st, 0, "2,5", "B1")
        if shark:
            put(st, "shark", "2,5")
        dive(st, 2, "dolphin", 2)
        return st
    st = pos(False)
    st.apply("shift D1 Y1")
    assert st.dolphin_at[0] == H["2,5"] and prot(st)["D1"] == "Y1" and where(st, "B1") == ("sea", "2,5")
    st = pos(True)
    st.apply("shift D1 Y1")
    assert where(st, "B1")[0] == "lost" and where(st, "Y1") == ("sea", "2,5")


@pytest.mark.rule("ISL-16.8")
@pytest.mark.rule("ISL-16.32")
@pytest.mark.rule("ISL-16.25")
def test_dolphin_moves_only_by_dice_and_through_sea():
    st = blank(2, dolphins=True)
    dolphin(st, 0, "2,5")
    put(st, "shark", "2,4")
    boat(st, "2,6")
    ex(st, "R1", "land", "3,5")
    acts = st.legal_actions()                  # step 2: no dolphin moves
    assert not any(a.startswith(("dolphin", "shark")) for a in acts)
    dive(st, 0, "dolphin", 1)
    dests = {a.split()[2] for a in st.legal_actions() if a.startswith("dolphin")}
    assert dests == {"1,5", "1,6", "2,4", "2,6"}        # not onto the tiles (3,5), (3,6)
    st.apply("dolphin D1 2,4")                          # shares with a shark
    assert st.dolphin_at[0] == H["2,4"] and cre(st, "shark") == ["2,4"]


@pytest.mark.rule("ISL-16.35")
def test_whirlpool_takes_dolphins_and_protected_swimmers():
    st = blank(2, dolphins=True)
    tile(st, "3,5", "beach", "whirlpool")
    ex(st, "B1", "sea", "2,5")
    dolphin(st, 0, "2,5", "B1")
    at(st, "remove", 0)
    st.apply("remove 3,5")
    assert where(st, "B1")[0] == "lost" and st.dolphin_at[0] == -1 and prot(st)["D1"] is None


@pytest.mark.rule("ISL-16.12")
def test_dive_move_house_rule():
    """"selezionate e muovete una delle Creature marine": by default (the literal text) a piece must
    be moved after the dive dice; with dive_move 'optional' the player may answer 'none'."""
    def pos(rule):
        st = blank(2, dolphins=True, dive_move=rule)
        put(st, "shark", "0,5")
        return dive(st, 0, "shark", 2)
    st = pos("compulsory")
    assert "none" not in st.legal_actions() and "shark 0,5 0,6" in st.legal_actions()
    assert illegal(st, "none").rule == "ISL-16.12"
    assert "none" in pos("optional").legal_actions()


@pytest.mark.rule("ISL-16.31")
def test_dolphin_shift_house_rule():
    """"quel Delfino si trova in una casella di mare con più Nuotatori": with one swimmer on a
    protecting-nobody dolphin's space no shift is offered by default ('several'); 'any' offers it."""
    def pos(rule):
        st = blank(3, dolphins=True, dolphin_shift=rule)
        ex(st, "Y1", "sea", "2,5")
        dolphin(st, 0, "2,5")
        return dive(st, 2, "dolphin", 2)
    assert "shift D1 Y1" not in pos("several").legal_actions()
    assert illegal(pos("several"), "shift D1 Y1").rule == "ISL-16.31"
    assert "shift D1 Y1" in pos("any").legal_actions()
