"""Turn structure, step 1 tiles and step 2 movement (ISL-2, ISL-3, ISL-4, ISL-6.9-6.13, ISL-6.17)."""
import pytest

from tests.games.the_island.helpers import (H, at, blank, boat, boats, cre, ex, hand, illegal, put, tile,
                                            where)


@pytest.mark.rule("ISL-2.1")
@pytest.mark.rule("ISL-2.2")
@pytest.mark.rule("ISL-2.5")
@pytest.mark.rule("ISL-2.6")
@pytest.mark.rule("ISL-4.3")
def test_turn_steps_in_order():
    st = blank(3)
    tile(st, "3,5", "beach", "whirlpool")
    ex(st, "R1", "land", "3,6")
    assert st.decision == "move" and st.movement_points == 3
    assert illegal(st, "remove 3,5").rule == "ISL-2.2"       # step 3 cannot come before step 2
    st.apply("walk R1 3,7")
    ev = st.apply("end")                                      # remaining points are lost
    assert st.decision == "remove" and st.movement_points == 0
    assert st.legal_actions() == ["remove 3,5"]               # step 3 is mandatory: no pass
    ev = st.apply("remove 3,5")
    assert any(e["type"] == "roll" for e in ev)               # step 4: the die is always rolled
    if st.decision == "creature":
        assert "none" in st.legal_actions()                   # moving is optional
        st.apply("none")
    assert st.current_player == 1 and st.turns == [1, 1, 0]              # then the next player clockwise


@pytest.mark.rule("ISL-2.7")
def test_player_without_explorers_skips_step_2():
    st = blank(2)
    tile(st, "3,5", "beach")
    ex(st, "B1", "land", "4,4")
    at(st, "tile", 0)
    st.queue = [("next",), ("step4",), ("step3",), ("step2",)]
    st.decision = None
    st._run([])
    assert st.decision == "remove" and st.decision_seat == 0              # Red has nobody: straight to step 3


@pytest.mark.rule("ISL-2.8")
@pytest.mark.rule("ISL-8.1")
def test_game_ending_mid_turn_skips_the_rest():
    st = blank(2)
    tile(st, "3,5", "mountain", "volcano")
    at(st, "remove", 0)
    ev = st.apply("remove 3,5")
    assert st.is_terminal and not any(e["type"] == "roll" for e in ev)
    assert st.end_reason == "volcano"


@pytest.mark.rule("ISL-2.9")
@pytest.mark.rule("ISL-4.4")
def test_only_own_explorers():
    st = blank(2)
    ex(st, "B1", "land", "3,5")
    ex(st, "R1", "land", "3,6")
    assert not any("B1" in a for a in st.legal_actions())
    assert illegal(st, "walk B1 3,4").rule == "ISL-2.9"


@pytest.mark.rule("ISL-2.3")
@pytest.mark.rule("ISL-3.1")
@pytest.mark.rule("ISL-3.3")
@pytest.mark.rule("ISL-3.5")
@pytest.mark.rule("ISL-3.6")
@pytest.mark.rule("ISL-6.11")
@pytest.mark.rule("ISL-6.17")
def test_step_1_tile_play():
    st = blank(2)
    put(st, "serpent", "1,1")
    ex(st, "R1", "land", "3,5")
    hand(st, 0, "move_serpent", "move_serpent", "shark_repellent")
    at(st, "tile", 0)
    acts = st.legal_actions()
    assert "pass" in acts and "play serpent 1,1 0,5" in acts
    assert "play serpent 1,1 3,5" not in acts                 # only sea spaces
    st.apply("play serpent 1,1 0,5")
    assert cre(st, "serpent") == ["0,5"]
    assert [b for _, b in st.hands[0]] == ["move_serpent", "shark_repellent"]   # one tile played, gone
    assert st.decision == "move" and st.movement_points == 3                # tile movement is extra; one tile per turn
    # without a start-of-turn tile, step 1 is skipped
    st2 = blank(2)
    ex(st2, "R1", "land", "3,5")
    hand(st2, 0, "shark_repellent")
    at(st2, "tile", 0)
    st2.decision = None
    st2.queue = [("next",), ("step4",), ("step3",), ("step2",), ("step1",)]
    st2._run([])
    assert st2.decision == "move"


@pytest.mark.rule("ISL-3.2")
def test_tile_taken_this_turn_waits_for_next_turn():
    st = blank(2)
    tile(st, "3,5", "beach", "move_serpent")
    put(st, "serpent", "1,1")
    ex(st, "B1", "land", "9,5")
    at(st, "remove", 0)
    st.apply("remove 3,5")
    assert [b for _, b in st.hands[0]] == ["move_serpent"]
    assert st.decision != "tile"                                   # nothing offered in this turn
    while st.current_player == 0:
        st.apply(st.legal_actions()[-1])
    assert illegal(st, "play serpent 1,1 0,5").rule in ("ISL-3.2", "ISL-2.2")


@pytest.mark.rule("ISL-3.4")
@pytest.mark.rule("ISL-6.14")
def test_defensive_tiles_not_in_own_turn():
    st = blank(2)
    ex(st, "R1", "sea", "2,5")
    hand(st, 0, "shark_repellent", "move_shark")
    put(st, "shark", "1,5")
    at(st, "tile", 0)
    assert not any("repel" in a for a in st.legal_actions())
    assert illegal(st, "repel").rule == "ISL-3.4"


@pytest.mark.rule("ISL-6.9")
def test_dolphin_tile_moves_own_swimmer_up_to_3():
    st = blank(2)
    ex(st, "R1", "sea", "2,4")
    put(st, "shark", "1,3")
    hand(st, 0, "dolphin")
    at(st, "tile", 0)
    acts = [a for a in st.legal_actions() if a.startswith("play dolphin")]
    dests = {a.split()[3] for a in acts}
    assert "2,7" in dests and "2,8" not in dests and "1,3" in dests
    c = st.clone()
    c.apply("play dolphin R1 1,3")     # into the shark's space: removed (ISL-4.17)
    assert where(c, "R1")[0] == "lost"
    st.apply("play dolphin R1 2,7")
    assert where(st, "R1") == ("sea", "2,7")
    assert st.sea_moved == []          # the tile's move does not use the swimmer's sea move


@pytest.mark.rule("ISL-6.10")
def test_favourable_winds():
    st = blank(2)
    boat(st, "2,4", "R1")
    boat(st, "2,6", "B1")
    boat(st, "2,2")
    hand(st, 0, "winds")
    at(st, "tile", 0)
    acts = [a for a in st.legal_actions() if a.startswith("play winds")]
    assert all(a.startswith("play winds 2,4") for a in acts)  # only a boat Red controls
    dests = {a.split()[3] for a in acts}
    assert "2,6" not in dests and "2,5" in dests and "1,6" in dests and "2,7" not in dests
    st.apply("play winds 2,4 1,5")
    assert boats(st)["1,5"] == ["R1"]


@pytest.mark.rule("ISL-6.12")
@pytest.mark.rule("ISL-6.13")
def test_relocation_tiles_need_empty_space():
    st = blank(2)
    put(st, "shark", "1,5")
    put(st, "whale", "2,8")
    boat(st, "2,6")
    ex(st, "B1", "sea", "2,4")
    hand(st, 0, "move_shark", "move_whale")
    at(st, "tile", 0)
    acts = st.legal_actions()
    assert "play shark 1,5 0,5" in acts and "play whale 2,8 0,5" in acts
    assert "play shark 1,5 2,6" not in acts and "play shark 1,5 2,4" not in acts
    assert illegal(st, "play whale 2,8 2,4").rule == "ISL-6.13"
    st.apply("play whale 2,8 12,5")
    assert cre(st, "whale") == ["12,5"]


@pytest.mark.rule("ISL-4.1")
@pytest.mark.rule("ISL-4.2")
@pytest.mark.rule("ISL-2.4")
def test_three_points_split_freely():
    st = blank(2)
    ex(st, "R1", "land", "3,5")
    ex(st, "R2", "land", "4,4")
    boat(st, "2,7")
    st.apply("walk R1 3,6")
    st.apply("sail 2,7 2,8")
    st.apply("walk R1 3,7")
    assert st.decision != "move" and st.movement_points == 0
    assert where(st, "R1") == ("land", "3,7") and "2,8" in boats(st)


@pytest.mark.rule("ISL-4.5")
@pytest.mark.rule("ISL-4.6")
@pytest.mark.rule("ISL-4.7")
def test_land_moves():
    st = blank(2)
    ex(st, "R1", "land", "3,5")
    for lab in ("B1", "B2", "Y1") if False else ("B1", "B2"):
        ex(st, lab, "land", "3,6")
    boat(st, "2,4", "B3", "B4", "B5")
    boat(st, "2,5")
    acts = st.legal_actions()
    assert "walk R1 3,6" in acts                  # any number of explorers on a tile
    assert "board R1 2,5" in acts and "board R1 2,4" not in acts   # full boat
    assert "swim R1 2,4" in acts and "swim R1 2,5" in acts
    st.apply("swim R1 2,4")
    assert where(st, "R1") == ("sea", "2,4")


@pytest.mark.rule("ISL-4.8")
@pytest.mark.rule("ISL-4.9")
@pytest.mark.rule("ISL-4.10")
@pytest.mark.rule("ISL-4.11")
def test_boat_explorer_moves():
    st = blank(2)
    boat(st, "2,4", "R1")
    boat(st, "2,5", "B1", "B2")
    acts = st.legal_actions()
    assert "board R1 2,5" in acts                  # other colours aboard: fine, 3 in all
    assert "swim R1 2,4" in acts                   # jump into its own space
    assert not any(a.startswith("walk R1") for a in acts)
    assert illegal(st, "walk R1 3,4").rule == "ISL-4.11"
    st.apply("board R1 2,5")
    assert boats(st)["2,5"] == ["B1", "B2", "R1"]


@pytest.mark.rule("ISL-4.12")
@pytest.mark.rule("ISL-4.13")
@pytest.mark.rule("ISL-4.14")
@pytest.mark.rule("ISL-4.15")
@pytest.mark.rule("ISL-4.19")
@pytest.mark.rule("ISL-E37")
def test_e37_single_sea_move():
    st = blank(2)
    at(st, "move", 1)
    ex(st, "B1", "sea", "2,4")
    boat(st, "2,5")
    assert illegal(st, "board B1 2,5").rule == "ISL-4.15"
    st.apply("swim B1 2,5")
    assert where(st, "B1") == ("sea", "2,5")       # it does not board by itself
    assert illegal(st, "board B1 2,5").rule == "ISL-4.13"
    assert illegal(st, "swim B1 2,6").rule == "ISL-4.13"
    at(st, "move", 1)                              # next Blue turn
    st.apply("board B1 2,5")
    st.apply("sail 2,5 2,6")
    assert boats(st)["2,6"] == ["B1"]
    assert illegal(st, "swim B1 2,6").rule == "ISL-4.13"


@pytest.mark.rule("ISL-4.16")
@pytest.mark.rule("ISL-4.18")
def test_swimmers_share_and_enter_safe_pieces():
    st = blank(2, giant_squid=True)
    for lab in ("R1", "R2", "R3"):
        ex(st, lab, "sea", "2,4")
    ex(st, "B1", "sea", "2,5")
    put(st, "whale", "2,5")
    put(st, "squid", "1,4")
    st.apply("swim R1 2,5")                        # onto a whale: no effect
    st.apply("swim R2 1,4")                        # onto a squid: no effect
    assert where(st, "R1") == ("sea", "2,5") and where(st, "R2") == ("sea", "1,4")


@pytest.mark.rule("ISL-4.17")
def test_swimmer_entering_shark_or_serpent_dies():
    st = blank(2)
    ex(st, "R1", "sea", "2,4")
    ex(st, "R2", "land", "3,5")
    boat(st, "2,6", "R3")
    put(st, "shark", "2,5")
    put(st, "serpent", "2,6")
    st.apply("swim R1 2,5")
    st.apply("swim R2 2,5")
    st.apply("swim R3 2,6")
    assert [where(st, x)[0] for x in ("R1", "R2", "R3")] == ["lost", "lost", "lost"]


@pytest.mark.rule("ISL-4.20")
@pytest.mark.rule("ISL-4.21")
@pytest.mark.rule("ISL-4.22")
@pytest.mark.rule("ISL-4.28")
@pytest.mark.rule("ISL-4.30")
def test_boat_moves():
    st = blank(2)
    boat(st, "2,4")
    boat(st, "2,5", "B1", "B2", "B3")
    ex(st, "R1", "land", "3,5")
    ex(st, "R2", "sea", "1,4")
    put(st, "serpent", "2,3")
    acts = st.legal_actions()
    assert "sail 2,4 2,5" not in acts and "sail 2,4 3,4" not in acts
    assert illegal(st, "sail 2,4 2,5").rule == "ISL-4.21"
    assert illegal(st, "sail 2,4 3,4").rule == "ISL-4.20"
    assert "board R1 2,5" not in acts
    st.apply("sail 2,4 1,4")                       # onto a swimmer: no pick-up
    assert boats(st)["1,4"] == [] and where(st, "R2") == ("sea", "1,4")
    st.apply("sail 1,4 2,3")                       # empty boat onto a serpent: no effect
    assert boats(st)["2,3"] == []


@pytest.mark.rule("ISL-4.23")
@pytest.mark.rule("ISL-4.24")
@pytest.mark.rule("ISL-4.25")
@pytest.mark.rule("ISL-E36")
def test_e36_boat_control():
    st = blank(3)
    boat(st, "2,6", "R1", "B1")
    boat(st, "2,2")
    ex(st, "R9", "land", "9,5")
    ex(st, "B9", "land", "9,5")
    ex(st, "Y9", "land", "9,5")
    assert "sail 2,6 2,7" in st.legal_actions() and "sail 2,2 2,1" in st.legal_actions()
    at(st, "move", 1)
    assert "sail 2,6 2,7" in st.legal_actions()
    at(st, "move", 2)
    assert "sail 2,6 2,7" not in st.legal_actions() and "sail 2,2 2,1" in st.legal_actions()
    assert illegal(st, "sail 2,6 2,7").rule == "ISL-4.25"
    at(st, "move", 0)
    st.apply("sail 2,6 2,7")
    assert boats(st)["2,7"] == ["B1", "R1"]
    ex(st, "R2", "boat", "2,7")
    at(st, "move", 1)
    assert "sail 2,7 2,6" not in st.legal_actions()     # R1 R2 B1: only Red
    st2 = blank(3)
    boat(st2, "2,6", "R1", "B1", "Y1")
    for seat in range(3):
        at(st2, "move", seat)
        assert "sail 2,6 2,7" in st2.legal_actions()


@pytest.mark.rule("ISL-4.26")
@pytest.mark.rule("ISL-4.27")
@pytest.mark.rule("ISL-4.29")
@pytest.mark.rule("ISL-E38")
def test_e38_boat_onto_whale_and_shark():
    st = blank(2)
    boat(st, "2,5", "R1")
    put(st, "whale", "2,6")
    put(st, "shark", "2,6")
    st.apply("sail 2,5 2,6")
    assert "2,6" not in boats(st) and where(st, "R1")[0] == "lost"
    assert st.boat_at.count(-1) == 12
    st = blank(2)
    boat(st, "2,5", "R1")
    put(st, "whale", "2,6")
    st.apply("sail 2,5 2,6")
    assert where(st, "R1") == ("sea", "2,6")
    assert "swim R1 2,7" in st.legal_actions()    # the capsized swimmer may still swim
    st.apply("swim R1 2,7")
    assert where(st, "R1") == ("sea", "2,7")
    st = blank(2)
    boat(st, "2,5", "R1")
    put(st, "shark", "2,6")
    st.apply("sail 2,5 2,6")                       # a shark does nothing to a boat
    assert boats(st)["2,6"] == ["R1"]
    st = blank(2)
    boat(st, "2,5", "R1")
    put(st, "serpent", "2,6")
    st.apply("sail 2,5 2,6")                       # serpent: capsized and eaten
    assert where(st, "R1")[0] == "lost" and "2,6" not in boats(st)


@pytest.mark.rule("ISL-4.31")
@pytest.mark.rule("ISL-4.32")
@pytest.mark.rule("ISL-4.33")
@pytest.mark.rule("ISL-4.34")
def test_safe_isles():
    st = blank(2)
    boat(st, "1,10", "R1")
    ex(st, "R2", "sea", "11,1")
    ex(st, "R3", "sea", "2,9")
    acts = st.legal_actions()
    assert "isle R1 ne" in acts and "isle R2 sw" in acts
    assert not any(a.startswith("isle R3") for a in acts)
    assert illegal(st, "isle R3 ne").rule == "ISL-4.32"
    st.apply("isle R1 ne")
    assert boats(st) == {"1,10": []}               # the boat stays
    st.apply("isle R2 sw")
    assert where(st, "R1") == ("isle", "ne") and where(st, "R2") == ("isle", "sw")
    assert not any("R1" in a or "R2" in a for a in st.legal_actions())
    # no creature or whirlpool reaches the isle
    put(st, "serpent", "1,10")
    st._whirlpool(H["1,10"], [])
    assert where(st, "R1") == ("isle", "ne")
    at(st, "move", 1)
    ex(st, "B1", "sea", "2,10")
    assert "isle B1 ne" in st.legal_actions()      # any player's explorers use any isle
