"""The Giant Squid and its variants (ISL-17, ISL-18, ISL-19, ISL-20.7-20.11)."""
import pytest

from tests.games.the_island.helpers import (go, H, at, blank, boat, boats, cre, dolphin, ex, hand, illegal, put, tile, where)


def red(st, seat, kind="whale"):
    return at(st, "creature", seat, roll=[kind, {"serpent": 1, "shark": 2, "whale": 3}[kind]])


def e22(**opts):
    st = blank(4, giant_squid=True, **opts)
    tile(st, "3,4", "beach")
    ex(st, "B1", "land", "3,4")
    ex(st, "Y1", "land", "3,4")
    tile(st, "3,5", "beach", "whale")
    at(st, "remove", 0)
    st.apply("remove 3,5")
    return st


@pytest.mark.rule("ISL-E22")
@pytest.mark.rule("ISL-17.1")
@pytest.mark.rule("ISL-17.2")
@pytest.mark.rule("ISL-17.3")
@pytest.mark.rule("ISL-17.4")
def test_e22_squid_placed_removes_one():
    st = e22()
    assert cre(st, "whale") == ["3,5"]
    assert st.decision == "squid" and st.to_move == 0 and st.supply["squid"] == 5
    acts = st.legal_actions()
    assert "squid 2,4" in acts and "squid 3,5" not in acts and "squid 1,5" not in acts
    assert illegal(st, "squid 3,5").rule == "ISL-17.3"
    assert illegal(st, "squid 1,5").rule == "ISL-17.3"
    st.apply("squid 2,4")
    assert cre(st, "squid") == ["2,4"] and st.supply["squid"] == 4
    assert st.decision == "eat" and sorted(st.legal_actions()) == ["eat B1", "eat Y1"]
    assert illegal(st, "eat R1").rule == "ISL-17.12"
    st.apply("eat Y1")
    assert where(st, "Y1")[0] == "lost" and where(st, "B1") == ("land", "3,4")


@pytest.mark.rule("ISL-E23")
@pytest.mark.rule("ISL-19.1")
def test_e23_variant_2_placement_removes_nobody():
    st = e22(squid_variant_2=True)
    st.apply("squid 2,4")
    assert st.decision != "eat" and where(st, "B1") == ("land", "3,4") and where(st, "Y1") == ("land", "3,4")


def e24():
    st = blank(4, giant_squid=True)
    put(st, "squid", "1,6")
    boat(st, "2,6", "G1", "G2")
    boat(st, "1,7", "R1")
    ex(st, "Y1", "land", "3,6")
    return red(st, 0)


@pytest.mark.rule("ISL-E24")
@pytest.mark.rule("ISL-17.5")
@pytest.mark.rule("ISL-17.7")
@pytest.mark.rule("ISL-17.9")
@pytest.mark.rule("ISL-17.12")
@pytest.mark.rule("ISL-17.13")
def test_e24_squid_onto_occupied_boat():
    st = e24()
    acts = st.legal_actions()
    assert "squid 1,6 2,6" in acts and "squid 1,6 2,7" not in acts     # (2,6) ends the movement
    assert illegal(st, "squid 1,6 2,7").rule == "ISL-17.9"
    assert "squid 1,6 0,3" in acts and "squid 1,6 0,2" not in acts      # up to 3 spaces
    st.apply("squid 1,6 2,6")
    assert st.decision == "eat" and sorted(st.legal_actions()) == ["eat G1", "eat G2", "eat Y1"]
    st.apply("eat G2")
    assert where(st, "G2")[0] == "lost" and boats(st)["2,6"] == ["G1"] and where(st, "Y1") == ("land", "3,6")
    assert st.decision != "eat"


@pytest.mark.rule("ISL-E25")
@pytest.mark.rule("ISL-17.10")
def test_e25_squid_stays_and_attacks():
    st = blank(2, giant_squid=True)
    put(st, "squid", "2,4")
    ex(st, "R1", "land", "3,4")
    red(st, 0)
    c = st.clone()
    c.apply("none")
    assert where(c, "R1") == ("land", "3,4")
    st.apply("squid 2,4 2,4")
    assert where(st, "R1")[0] == "lost"


@pytest.mark.rule("ISL-E26")
@pytest.mark.rule("ISL-17.11")
def test_e26_squid_enters_whale_space():
    st = blank(2, giant_squid=True)
    put(st, "squid", "1,8")
    put(st, "whale", "2,8")
    red(st, 0)
    st.apply("squid 1,8 2,8")
    assert cre(st, "whale") == [] and cre(st, "squid") == ["2,8"] and st.supply["whale"] == 5


@pytest.mark.rule("ISL-17.14")
def test_whale_removed_before_victim():
    st = blank(2, giant_squid=True)
    put(st, "squid", "1,4")
    put(st, "whale", "2,4")
    ex(st, "B1", "land", "3,4")
    red(st, 0)
    ev = st.apply("squid 1,4 2,4")
    types = [e["type"] for e in ev]
    assert types.index("creature_removed") < types.index("explorer_lost")
    assert where(st, "B1")[0] == "lost" and cre(st, "whale") == []


def e27(shark=False, repellent=False):
    st = blank(4, giant_squid=True)
    put(st, "whale", "2,8")
    put(st, "squid", "2,6")
    boat(st, "2,6", "G1", "G2")
    if shark:
        put(st, "shark", "2,6")
    if repellent:
        hand(st, 3, "whale_repellent")
    return red(st, 0)


@pytest.mark.rule("ISL-E27")
@pytest.mark.rule("ISL-17.15")
@pytest.mark.rule("ISL-17.16")
@pytest.mark.rule("ISL-17.17")
def test_e27_whale_enters_squid_space():
    st = e27()
    assert "whale 2,8 2,5" not in st.legal_actions()                     # the whale stops on (2,6)
    ev = go(st, "whale 2,8 2,6")
    assert cre(st, "whale") == ["2,6"] and cre(st, "squid") == []
    assert boats(st) == {} and where(st, "G1") == ("sea", "2,6") and where(st, "G2") == ("sea", "2,6")
    types = [e["type"] for e in ev]
    assert types.index("creature_removed") < types.index("capsize")
    st = e27(shark=True)
    go(st, "whale 2,8 2,6")
    assert where(st, "G1")[0] == "lost" and where(st, "G2")[0] == "lost"


@pytest.mark.rule("ISL-E28")
def test_e28_whale_repellent_next_to_squid():
    st = e27(repellent=True)
    go(st, "whale 2,8 2,6")
    assert st.decision == "repel" and st.to_move == 3
    st.apply("repel")
    assert cre(st, "whale") == [] and cre(st, "squid") == ["2,6"] and boats(st) == {"2,6": ["G1", "G2"]}
    assert st.hands[3] == []
    own = e27(repellent=True)
    at(own, "creature", 3, roll=["whale", 3])
    go(own, "whale 2,8 2,6")                                           # Green's own turn: no window
    assert own.decision != "repel" and boats(own) == {}


@pytest.mark.rule("ISL-E29")
@pytest.mark.rule("ISL-17.18")
@pytest.mark.rule("ISL-17.19")
def test_e29_occupied_boat_not_into_squid():
    st = blank(2, giant_squid=True)
    put(st, "squid", "2,6")
    boat(st, "2,5", "R1")
    boat(st, "2,7")
    assert "sail 2,5 2,6" not in st.legal_actions()
    assert illegal(st, "sail 2,5 2,6").rule == "ISL-17.18"
    st.apply("sail 2,7 2,6")
    assert boats(st)["2,6"] == []
    # nor by favourable winds
    w = blank(2, giant_squid=True)
    put(w, "squid", "2,6")
    boat(w, "2,5", "R1")
    hand(w, 0, "winds")
    at(w, "tile", 0)
    assert "play winds 2,5 2,6" not in w.legal_actions()


@pytest.mark.rule("ISL-E30")
@pytest.mark.rule("ISL-17.20")
def test_e30_whirlpool_removes_squid():
    st = blank(4, giant_squid=True, dolphins=True)
    tile(st, "3,6", "beach", "whirlpool")
    put(st, "squid", "2,6")
    dolphin(st, 0, "2,5")
    put(st, "shark", "2,5")
    ex(st, "Y1", "land", "3,7")
    boat(st, "2,7", "B1")
    at(st, "remove", 0)
    st.apply("remove 3,6")
    assert cre(st, "squid") == [] and cre(st, "shark") == [] and st.dolphin_at[0] == -1
    assert where(st, "Y1") == ("land", "3,7") and boats(st) == {"2,7": ["B1"]}
    assert st.supply["squid"] == 5


@pytest.mark.rule("ISL-E31")
@pytest.mark.rule("ISL-17.21")
def test_e31_squid_serpent_dolphin_share():
    st = blank(2, giant_squid=True, dolphins=True)
    put(st, "squid", "2,6")
    dolphin(st, 0, "2,6")
    put(st, "serpent", "1,6")
    at(st, "creature", 0, roll=["serpent", 1])
    st.apply("serpent 1,6 2,6")
    assert cre(st, "squid") == ["2,6"] and st.dolphin_at[0] == H["2,6"] and cre(st, "serpent") == ["2,6"]


@pytest.mark.rule("ISL-E32")
@pytest.mark.rule("ISL-17.6")
def test_e32_squid_moved_by_whale_tile():
    st = blank(2, giant_squid=True)
    hand(st, 0, "move_whale")
    put(st, "squid", "0,5")
    ex(st, "B1", "land", "3,4")
    boat(st, "2,6")
    at(st, "tile", 0)
    acts = st.legal_actions()
    assert "play squid 0,5 2,4" in acts and "play squid 0,5 12,5" in acts
    assert illegal(st, "play squid 0,5 2,6").rule == "ISL-17.6"
    st.apply("play squid 0,5 2,4")
    assert where(st, "B1")[0] == "lost" and cre(st, "squid") == ["2,4"]


@pytest.mark.rule("ISL-E33")
@pytest.mark.rule("ISL-17.8")
@pytest.mark.rule("ISL-20.7")
@pytest.mark.rule("ISL-20.9")
def test_e33_squid_and_dive_dice():
    def pos(dist):
        st = blank(2, giant_squid=True, dolphins=True)
        put(st, "squid", "1,3")
        ex(st, "B1", "land", "3,4")
        boat(st, "2,2", "R5")          # occupied boats on the other ways out also stop the squid
        boat(st, "1,4", "R6")
        return at(st, "creature", 0, roll=["whale", dist])
    st = pos(2)
    acts = st.legal_actions()
    assert "squid 1,3 2,3" in acts and "squid 1,3 2,4" not in acts
    assert illegal(st, "squid 1,3 2,4").rule == "ISL-17.9"
    st.apply("squid 1,3 2,3")
    assert where(st, "B1")[0] == "lost"
    st = pos("D")
    assert "squid 1,3 2,4" in st.legal_actions()
    st.apply("squid 1,3 2,4")
    assert where(st, "B1")[0] == "lost"


@pytest.mark.rule("ISL-E34")
@pytest.mark.rule("ISL-18.1")
@pytest.mark.rule("ISL-18.2")
@pytest.mark.rule("ISL-18.3")
@pytest.mark.rule("ISL-20.11")
def test_e34_variant_1():
    def pos(**o):
        st = blank(4, giant_squid=True, squid_variant_1=True, **o)
        tile(st, "3,5", "beach", "whale")
        ex(st, "B1", "land", "3,4")
        at(st, "remove", 0)
        return st
    st = pos()
    assert st.supply["whale"] == 0
    st.apply("remove 3,5")
    assert cre(st, "whale") == [] and st.decision == "squid"
    assert "squid 3,5" in st.legal_actions()           # nothing was placed on the emptied space
    st.apply("squid 2,4")
    assert where(st, "B1")[0] == "lost"
    st = pos(squid_variant_2=True)
    st.apply("remove 3,5")
    st.apply("squid 2,4")
    assert where(st, "B1") == ("land", "3,4")


@pytest.mark.rule("ISL-18.4")
@pytest.mark.rule("ISL-18.5")
@pytest.mark.rule("ISL-19.2")
def test_variant_1_whale_results_move_squids():
    st = blank(3, giant_squid=True, squid_variant_1=True, squid_variant_2=True)
    put(st, "squid", "1,4")
    ex(st, "B1", "land", "3,4")
    boat(st, "2,3", "Y1")
    hand(st, 2, "whale_repellent")
    red(st, 1)
    acts = st.legal_actions()
    assert "squid 1,4 2,4" in acts and not any(a.startswith("whale") for a in acts)
    st.apply("squid 1,4 2,3")                          # onto Yellow's boat: no window for Yellow
    assert st.decision == "eat"                             # Variant 2 still removes after a movement
    assert sorted(st.legal_actions()) == ["eat B1", "eat Y1"]


@pytest.mark.rule("ISL-20.10")
def test_whale_under_die_b_enters_squid():
    st = blank(2, giant_squid=True, dolphins=True)
    put(st, "whale", "1,3")
    put(st, "squid", "1,4")
    at(st, "creature", 0, roll=["whale", 3])
    acts = st.legal_actions()
    assert "whale 1,3 1,4" in acts and "whale 1,3 1,5" in acts   # (1,5) by another path
    go(st, "whale 1,3 1,4")
    assert cre(st, "squid") == [] and cre(st, "whale") == ["1,4"]


@pytest.mark.rule("ISL-17.22")
@pytest.mark.rule("ISL-17.23")
def test_squid_ignores_swimmers_and_visitors():
    st = blank(2, giant_squid=True)
    put(st, "squid", "1,4")
    ex(st, "B1", "sea", "2,4")
    ex(st, "R1", "land", "4,4")
    red(st, 0)
    c = st.clone()
    c.apply("squid 1,4 2,4")           # next to (3,4)/(3,5): no explorers there; a swimmer is no victim
    assert where(c, "B1") == ("sea", "2,4") and c.decision != "eat"
    at(st, "move", 0)
    st.apply("walk R1 3,4")            # walking next to the squid triggers nothing
    assert where(st, "R1") == ("land", "3,4")


@pytest.mark.rule("ISL-17.10")
@pytest.mark.rule("ISL-17.6")
def test_squid_moved_by_the_tile_may_stay_and_attack_its_boat():
    """Rulebook: "La Piovra Gigante potrebbe anche non muoversi e rimanere nella stessa casella di
    mare" holds for a tile too, so a squid sharing its space with a boat can attack that boat."""
    st = blank(4, giant_squid=True)
    hand(st, 0, "move_whale")
    put(st, "squid", "2,4")
    boat(st, "2,4", "B1", "Y1")
    at(st, "tile", 0)
    assert "play squid 2,4 2,4" in st.legal_actions()
    st.apply("play squid 2,4 2,4")
    assert cre(st, "squid") == ["2,4"]
    assert st.decision == "eat" and sorted(st.legal_actions()) == ["eat B1", "eat Y1"]
    st.apply("eat B1")
    assert where(st, "B1")[0] == "lost" and where(st, "Y1") == ("boat", "2,4")
