"""Step 4: the creature die and the creatures; defensive tiles (ISL-7, ISL-6.14-6.16)."""
import pytest

import lapilli
from tests.games.the_island.helpers import (go, at, blank, boat, boats, cre, ex, hand, illegal, put, where)


def creature(st, seat, kind, dive=None):
    at(st, "creature", seat, roll=[kind, {"serpent": 1, "shark": 2, "whale": 3}[kind]] if dive is None else [kind, dive])
    return st


@pytest.mark.rule("ISL-7.1")
@pytest.mark.rule("ISL-0.8")
def test_red_die_rolled_in_step_4():
    st = blank(2)
    put(st, "serpent", "1,1")
    at(st, "remove", 0)
    kinds = set()
    for seed in range(30):
        c = st.clone()
        c.rng = lapilli.engine.Rng(seed)
        ev = c.apply("remove 3,5")
        r = [e for e in ev if e["type"] == "roll"][0]
        assert r["dice"] == "creature"
        kinds.add(r["kind"])
    assert kinds == {"serpent", "shark", "whale"}


@pytest.mark.rule("ISL-7.2")
@pytest.mark.rule("ISL-7.3")
@pytest.mark.rule("ISL-7.4")
def test_move_one_creature_of_rolled_kind():
    st = blank(2)
    put(st, "shark", "1,5")
    put(st, "shark", "10,5")
    put(st, "whale", "2,8")
    creature(st, 0, "shark")
    acts = st.legal_actions()
    assert "shark 1,5 2,5" in acts and "shark 10,5 10,6" in acts and "none" in acts
    assert not any(a.startswith("whale") for a in acts)
    assert illegal(st, "whale 2,8 2,7").rule == "ISL-7.2"
    assert not any(a.endswith(" 3,5") for a in acts)                 # never onto a terrain tile
    assert illegal(st, "shark 1,5 3,5").rule in ("ISL-7.4", "ISL-7.10")
    # nothing of the rolled kind on the board: step 4 ends by itself
    st2 = blank(2)
    ex(st2, "B1", "land", "9,5")
    at(st2, "remove", 0)
    for seed in range(10):
        c = st2.clone()
        c.rng = lapilli.engine.Rng(seed)
        c.apply("remove 3,5")
        assert c.current_player == 1                                            # nothing to move


@pytest.mark.rule("ISL-7.5")
@pytest.mark.rule("ISL-7.9")
@pytest.mark.rule("ISL-7.12")
@pytest.mark.rule("ISL-7.16")
@pytest.mark.rule("ISL-7.17")
def test_creatures_share_and_ignore_what_they_do_not_attack():
    st = blank(2)
    put(st, "whale", "2,5")
    put(st, "shark", "2,6")
    boat(st, "2,7", "R1")
    boat(st, "1,6")
    ex(st, "B1", "sea", "1,7")
    creature(st, 0, "whale")
    acts = st.legal_actions()
    assert "whale 2,5 2,6" in acts and "whale 2,5 1,6" in acts   # onto a shark / an empty boat
    go(st, "whale 2,5 1,7")                                    # a whale ignores swimmers
    assert where(st, "B1") == ("sea", "1,7") and boats(st)["1,6"] == []
    st = blank(2)
    put(st, "shark", "2,6")
    boat(st, "2,7", "R1")
    creature(st, 0, "shark")
    go(st, "shark 2,6 2,7")                                    # a shark ignores boats
    assert boats(st)["2,7"] == ["R1"]
    # a piece coming to a creature is not attacked by it (ISL-7.17)
    st = blank(2)
    put(st, "whale", "2,5")
    boat(st, "2,5")
    ex(st, "R1", "land", "3,5")
    st.apply("board R1 2,5")
    assert boats(st)["2,5"] == ["R1"]


@pytest.mark.rule("ISL-7.6")
@pytest.mark.rule("ISL-7.7")
@pytest.mark.rule("ISL-7.8")
@pytest.mark.rule("ISL-E45")
def test_e45_serpent():
    st = blank(4)
    put(st, "serpent", "1,5")
    boat(st, "2,5")
    ex(st, "B1", "sea", "2,5")
    ex(st, "Y1", "sea", "2,5")
    creature(st, 0, "serpent")
    st.apply("serpent 1,5 2,5")
    assert where(st, "B1")[0] == "lost" and where(st, "Y1")[0] == "lost" and boats(st) == {"2,5": []}
    st = blank(4)
    put(st, "serpent", "1,6")
    boat(st, "2,6", "G1")
    creature(st, 0, "serpent")
    assert "serpent 1,6 2,7" not in st.legal_actions()
    assert illegal(st, "serpent 1,6 2,7").rule == "ISL-7.6"
    st.apply("serpent 1,6 2,6")
    assert boats(st) == {} and where(st, "G1")[0] == "lost"
    assert st.boat_at.count(-1) == 12                           # the boat returns to the supply (ISL-I16)


@pytest.mark.rule("ISL-7.10")
@pytest.mark.rule("ISL-7.11")
def test_shark_stops_on_swimmers():
    st = blank(2)
    put(st, "shark", "1,4")
    ex(st, "B1", "sea", "1,5")
    creature(st, 0, "shark")
    acts = st.legal_actions()
    assert "shark 1,4 1,5" in acts and "shark 1,4 1,6" not in acts     # it cannot pass the swimmer
    assert "shark 1,4 0,5" in acts and "shark 1,4 0,6" not in acts
    assert illegal(st, "shark 1,4 1,6").rule == "ISL-7.10"
    go(st, "shark 1,4 1,5")
    assert where(st, "B1")[0] == "lost"


@pytest.mark.rule("ISL-7.13")
@pytest.mark.rule("ISL-7.14")
@pytest.mark.rule("ISL-7.15")
def test_whale_capsizes():
    st = blank(2)
    put(st, "whale", "2,3")
    boat(st, "2,5", "B1", "B2")
    put(st, "shark", "2,5")
    creature(st, 0, "whale")
    acts = st.legal_actions()
    assert "whale 2,3 2,6" not in acts and "whale 2,3 2,5" in acts and "whale 2,3 1,5" in acts
    assert "whale 2,3 2,7" not in acts
    go(st, "whale 2,3 2,5")
    assert boats(st) == {} and where(st, "B1")[0] == "lost" and where(st, "B2")[0] == "lost"
    st = blank(2)
    put(st, "whale", "2,3")
    boat(st, "2,5", "B1")
    put(st, "serpent", "2,5")                                   # a serpent acts as a shark (ISL-I40)
    creature(st, 0, "whale")
    go(st, "whale 2,3 2,5")
    assert where(st, "B1")[0] == "lost"
    st = blank(2)
    put(st, "whale", "2,3")
    boat(st, "2,5", "B1")
    creature(st, 0, "whale")
    go(st, "whale 2,3 2,5")
    assert where(st, "B1") == ("sea", "2,5") and boats(st) == {}


@pytest.mark.rule("ISL-6.15")
@pytest.mark.rule("ISL-E47")
def test_e47_shark_repellent():
    def position():
        st = blank(4)
        put(st, "shark", "1,5")
        ex(st, "B1", "sea", "2,5")
        ex(st, "Y1", "sea", "2,5")
        hand(st, 1, "shark_repellent")
        hand(st, 2, "shark_repellent")
        creature(st, 0, "shark")
        go(st, "shark 1,5 2,5")
        return st
    st = position()
    assert st.decision == "repel" and st.to_move == 1 and st.legal_actions() == ["repel", "pass"]
    st.apply("repel")
    assert cre(st, "shark") == [] and where(st, "B1")[0] == "sea" and where(st, "Y1")[0] == "sea"
    assert st.hands[1] == [] and st.hands[2] == [(0, "shark_repellent")]
    st = position()
    st.apply("pass")
    assert st.to_move == 2 and st.decision == "repel"
    st.apply("pass")
    assert where(st, "B1")[0] == "lost" and where(st, "Y1")[0] == "lost"
    # on Blue's own turn the repellent cannot be played
    st = blank(4)
    put(st, "shark", "1,5")
    ex(st, "B1", "sea", "2,5")
    hand(st, 1, "shark_repellent")
    creature(st, 1, "shark")
    go(st, "shark 1,5 2,5")
    assert where(st, "B1")[0] == "lost"


@pytest.mark.rule("ISL-6.16")
def test_whale_repellent():
    st = blank(3)
    put(st, "whale", "2,3")
    boat(st, "2,5", "B1", "Y1")
    hand(st, 2, "whale_repellent")
    hand(st, 1, "shark_repellent")
    creature(st, 0, "whale")
    st.apply("whale 2,3 2,5")
    assert st.decision == "repel" and st.to_move == 1          # Blue and Yellow control the boat (tie)
    assert st.legal_actions() == ["pass"]                 # Blue holds no whale repellent
    assert illegal(st, "repel").rule == "ISL-6.14"
    st.apply("pass")
    assert st.to_move == 2 and st.legal_actions() == ["repel", "pass"]
    st.apply("repel")
    assert cre(st, "whale") == [] and boats(st) == {"2,5": ["B1", "Y1"]}
    st = blank(3)
    put(st, "whale", "2,3")
    boat(st, "2,5", "B1", "B2", "Y1")
    hand(st, 2, "whale_repellent")
    creature(st, 0, "whale")
    go(st, "whale 2,3 2,5")                              # Yellow does not control: no window
    assert st.decision != "repel" and "2,5" not in boats(st)
