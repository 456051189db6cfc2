"""Step 3: removing tiles and their backs (ISL-5, ISL-6.1-6.8, ISL-6.18)."""
import pytest

from tests.games.the_island.helpers import (H, at, blank, boat, boats, cre, ex, illegal, put, tile,
                                            where)


@pytest.mark.rule("ISL-5.1")
@pytest.mark.rule("ISL-5.2")
@pytest.mark.rule("ISL-5.3")
@pytest.mark.rule("ISL-E43")
def test_e43_first_turn_removal_and_centre():
    st = blank(2)
    for h in ("5,5", "4,4", "3,5"):
        tile(st, h, "beach")
    tile(st, "3,6", "forest")
    at(st, "remove", 0)
    acts = st.legal_actions()
    assert "remove 5,5" in acts and "remove 3,5" in acts        # (5,5) touches the centre hex
    assert "remove 4,4" not in acts
    assert illegal(st, "remove 4,4").rule == "ISL-5.2"
    assert illegal(st, "remove 3,6").rule == "ISL-5.3"          # a forest while beaches remain
    st.apply("remove 5,5")
    assert st.terrain[H["5,5"]] == -1


@pytest.mark.rule("ISL-5.3")
def test_forest_then_mountains():
    st = blank(2)
    tile(st, "3,5", "forest")
    at(st, "remove", 0)
    assert st.legal_actions() == ["remove 3,5"]
    st2 = blank(2)
    at(st2, "remove", 0)
    assert "remove 3,5" in st2.legal_actions()                  # only mountains are left: mountains go


@pytest.mark.rule("ISL-5.4")
@pytest.mark.rule("ISL-5.5")
@pytest.mark.rule("ISL-E42")
def test_e42_enclosed_beach():
    st = blank(2)
    tile(st, "4,4", "beach")
    tile(st, "9,5", "beach")
    for h in ("3,4", "3,5", "4,3", "4,5", "5,4", "5,5"):
        tile(st, h, "forest")
    tile(st, "3,6", "forest")
    at(st, "remove", 0)
    assert st.legal_actions() == ["remove 9,5"]
    assert illegal(st, "remove 4,4").rule == "ISL-5.2"
    assert illegal(st, "remove 3,6").rule == "ISL-5.3"
    st.apply("remove 9,5")
    at(st, "remove", 1)
    assert st.legal_actions() == ["remove 4,4"]                 # the enclosed beach goes last
    # general form: enclosed forests when no forest touches the sea
    st2 = blank(2)
    tile(st2, "4,4", "forest")
    for h in ("3,4", "3,5", "4,3", "4,5", "5,4", "5,5"):
        tile(st2, h, "mountain")
    at(st2, "remove", 0)
    assert st2.legal_actions() == ["remove 4,4"]


@pytest.mark.rule("ISL-5.6")
@pytest.mark.rule("ISL-5.7")
@pytest.mark.rule("ISL-5.8")
@pytest.mark.rule("ISL-5.10")
@pytest.mark.rule("ISL-5.11")
@pytest.mark.rule("ISL-6.18")
def test_red_back_goes_to_hand_hidden():
    st = blank(2)
    tile(st, "3,5", "beach", "move_shark")
    ex(st, "B1", "land", "3,5")
    at(st, "remove", 0)
    ev = st.apply("remove 3,5")
    assert st.terrain[H["3,5"]] == -1 and where(st, "B1") == ("sea", "3,5")
    assert st.hands[0] == [(0, "move_shark")]
    kept = [e for e in ev if e["type"] == "tile_kept"][0]
    assert kept["private"] == {"back": "move_shark"}            # seen by the remover only
    assert st.observation(0)["hands"][0] == [{"terrain": "beach", "back": "move_shark"}]
    assert st.observation(1)["hands"][0] == [{"terrain": "beach", "back": "red"}]
    assert st.observation(None)["hands"][0] == [{"terrain": "beach", "back": "red"}]
    assert not any(e["type"] == "tile_revealed" for e in ev)
    assert st.sea_moved == []                                   # falling is not a move
    # tiles left in hand do not score
    st.over = True
    assert st.scores() == [0, 0]


@pytest.mark.rule("ISL-5.9")
@pytest.mark.rule("ISL-6.1")
@pytest.mark.rule("ISL-6.2")
@pytest.mark.rule("ISL-E39")
def test_e39_shark_back():
    st = blank(3)
    tile(st, "3,5", "beach", "shark")
    ex(st, "B1", "land", "3,5")
    ex(st, "Y1", "land", "3,5")
    at(st, "remove", 0)
    ev = st.apply("remove 3,5")
    assert {"type": "tile_revealed", "at": "3,5", "back": "shark"} in ev
    assert cre(st, "shark") == ["3,5"]
    assert where(st, "B1")[0] == "lost" and where(st, "Y1")[0] == "lost"
    assert st.hands == [[], [], []]


@pytest.mark.rule("ISL-6.3")
def test_whale_back():
    st = blank(2)
    tile(st, "3,5", "beach", "whale")
    ex(st, "B1", "land", "3,5")
    at(st, "remove", 0)
    st.apply("remove 3,5")
    assert cre(st, "whale") == ["3,5"] and where(st, "B1") == ("sea", "3,5")
    assert st.supply["whale"] == 4


@pytest.mark.rule("ISL-6.4")
@pytest.mark.rule("ISL-6.5")
@pytest.mark.rule("ISL-E40")
def test_e40_boat_back_four_swimmers():
    st = blank(4)
    tile(st, "3,5", "beach", "boat")
    for lab in ("B1", "B2", "Y1", "G1"):
        ex(st, lab, "land", "3,5")
    at(st, "remove", 0)
    st.apply("remove 3,5")
    assert st.decision == "aboard" and st.to_move == 0
    acts = st.legal_actions()
    assert len(acts) == 4 and all(len(a.split()) == 4 for a in acts)
    assert illegal(st, "aboard B1 B2 Y1 G1").rule == "ISL-6.5"
    st.apply("aboard B1 B2 Y1")
    assert boats(st) == {"3,5": ["B1", "B2", "Y1"]}
    assert where(st, "G1") == ("sea", "3,5")
    assert st._controllers(st.boat_on_hex[H["3,5"]]) == {1}
    st2 = blank(2)
    tile(st2, "3,5", "beach", "boat")
    ex(st2, "B1", "land", "3,5")
    at(st2, "remove", 0)
    st2.apply("remove 3,5")
    assert boats(st2) == {"3,5": ["B1"]}                        # up to 3 board without a choice


@pytest.mark.rule("ISL-6.6")
@pytest.mark.rule("ISL-6.7")
@pytest.mark.rule("ISL-E41")
def test_e41_whirlpool_reach():
    st = blank(4)
    tile(st, "3,5", "beach", "whirlpool")
    ex(st, "B1", "land", "3,5")
    boat(st, "2,4", "Y1")
    ex(st, "B2", "sea", "2,4")
    put(st, "shark", "2,5")
    put(st, "whale", "2,5")
    put(st, "serpent", "2,5")
    tile(st, "3,4", "beach")
    ex(st, "G1", "land", "3,4")
    boat(st, "2,6", "R1")
    at(st, "remove", 0)
    st.apply("remove 3,5")
    for lab in ("B1", "Y1", "B2"):
        assert where(st, lab)[0] == "lost"
    assert "2,4" not in boats(st) and cre(st, "shark") == [] and cre(st, "whale") == [] and cre(st, "serpent") == []
    assert where(st, "G1") == ("land", "3,4")
    assert boats(st) == {"2,6": ["R1"]}


@pytest.mark.rule("ISL-6.8")
@pytest.mark.rule("ISL-8.2")
@pytest.mark.rule("ISL-8.3")
@pytest.mark.rule("ISL-8.4")
@pytest.mark.rule("ISL-8.5")
@pytest.mark.rule("ISL-E44")
def test_e44_volcano_ends_value_beats_number():
    st = blank(4)
    tile(st, "3,5", "mountain", "volcano")
    for lab, v in (("R1", 6), ("R2", 5), ("B1", 4), ("B2", 3), ("B3", 3), ("Y1", 2), ("Y2", 1), ("Y3", 1), ("Y4", 1)):
        ex(st, lab, "isle", "nw", v)
    ex(st, "G1", "land", "3,6", 6)
    boat(st, "2,4", "G2")
    st.explorer_value[31] = 5
    ex(st, "G3", "sea", "0,5", 4)
    at(st, "remove", 0)
    ev = st.apply("remove 3,5")
    assert st.is_terminal and not any(e["type"] == "roll" for e in ev)
    assert st.scores() == [11, 10, 5, 0]
    assert st.winners() == [0]
    obs = st.observation(1)
    vals = {x["id"]: x.get("value") for x in obs["explorers"]}
    assert vals["R1"] == 6 and vals["G1"] == 6                   # all values shown once the game is over


@pytest.mark.rule("ISL-8.6")
def test_base_game_ends_by_fortieth_tile():
    from lapilli.testing.conformance import play_random
    for seed in range(5):
        st = play_random("the-island", 4, {}, seed)
        assert st.end_reason == "volcano"
        assert sum(st.turns) <= 40
