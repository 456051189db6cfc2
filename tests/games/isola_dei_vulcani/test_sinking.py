"""Sinking of parts of the board (IDV-11)."""
import pytest

from .helpers import BLANK, clear, col, crack, erected, fresh, lying, script

rule = pytest.mark.rule

AREA14_WALL = (("C7", "B6"), ("C7", "C6"), ("C7", "D6"), ("D6", "D7"))  # D7-SW then closes D7|E7


def only(s, areas):
    """Sink every hex outside ``areas`` (to build small boards)."""
    keep = {h for a in areas for h in s.geo.area_hexes[a]}
    s.sunk = {h for h in s.geo.hexes if h not in keep}
    s.spaces = {k: v for k, v in s.spaces.items() if s.geo.space_hex[k] in keep}
    s.volcanoes = [v for v in s.volcanoes if s.geo.volcano_hex[v] in keep]
    s._legal_cache = None


def run_sinkcheck(s):
    ev = []
    s.pending.append(("sinkcheck",))
    s._run(ev)
    return ev


@rule("IDV-11.1")
@rule("IDV-11.2")
@rule("IDV-11.9")
@rule("IDV-11.10")
@rule("IDV-11.12")
@rule("IDV-11.13")
@rule("IDV-12.6")
@rule("IDV-E16")
@rule("IDV-0.5")
def test_enclosed_small_part_sinks_with_everything_on_it():
    s = clear(fresh(2, first=0), keep=("H5a", "C7a"))
    col(s, "D7", 0)
    lying(s, "D7a", 0)
    col(s, "C7", 1)
    erected(s, "D6-SE", 1)  # a crater of D6 (area 3): not in the sinking part
    for a, b in AREA14_WALL:
        crack(s, a, b)
    s.points = [5, 7]
    lava_before = s.lava_supply
    script(s, BLANK)
    s.apply("erect D7a D7-SW")
    assert s.decision[0] == "rescue"
    s.apply("skip")  # Red saves nobody
    assert s.decision[0] == "rescue1" and s.decision[1] == 1
    s.apply("skip")
    assert s.sunk == {"C7", "D7"}
    assert "C7a" not in s.spaces and s.lava_supply == lava_before + 1  # lava back to the supply
    assert s.reserve_colonists == [5, 5] and s.reserve_moai[0] == 14  # the erected Moai went back too
    assert s.cracks == set() and s.crack_supply == 26  # cracks on its border back to the supply
    assert s.points == [6, 7]  # +1 for the erection, nothing lost
    assert s.erected == {"D6-SE": 1}
    assert "D7" not in [m for m in s.geo.hexes if m not in s.sunk]
    assert all(a != "move D6 D7" for a in s.legal_actions())


@rule("IDV-11.11")
@rule("IDV-10.14")
@rule("IDV-11.14")
@rule("IDV-0.4")
def test_volcano_sinks_with_its_token():
    s = clear(fresh(2, first=0))
    col(s, "D7", 0)
    lying(s, "D7a", 0)
    # area 6 (E7 volcano, F6): wall all round except D7|E7
    for a, b in (("E7", "D6"), ("E7", "E6"), ("F6", "E6"), ("F6", "F5"), ("F6", "G6")):
        crack(s, a, b)
    script(s, BLANK)
    ev = s.apply("erect D7a D7-SW")
    assert s.sunk == {"E7", "F6"}
    assert s.volcanoes == [1, 2, 3, 4, 5, 7, 8]
    assert [e["volcanoes"] for e in ev if e["type"] == "sunk"] == [[6]]
    assert not s.end_triggered  # 7 volcanoes left: checked, not triggered


@rule("IDV-11.3")
@rule("IDV-11.4")
@rule("IDV-E21")
@rule("IDV-I25")
@rule("IDV-R6")
@rule("IDV-I3")
def test_which_part_sinks():
    # 3 hexes (areas 22 and 20) against 20 hexes (SE quadrant + areas 2, 3, 14, 15)
    s = clear(fresh(2, first=0), keep=())
    only(s, [22, 20, 5, 6, 18, 19, 21, 2, 3, 14, 15])
    for a, b in (("G4", "G5"), ("G4", "F4"), ("H4", "H5"), ("H4", "G5")):
        crack(s, a, b)
    parts = sorted(s.parts(), key=len)
    assert [len(p) for p in parts] == [3, 20]
    run_sinkcheck(s)
    assert {"H3", "G4", "H4"} <= s.sunk and "G5" not in s.sunk
    # 10 hexes each (SE quadrant / NW quadrant + E1), 2 against 1 volcano: the part with 1 sinks
    s = clear(fresh(2, first=0), keep=())
    only(s, [5, 6, 18, 19, 21, 1, 8, 9, 10, 16])
    crack(s, "D3", "E4")
    s.volcanoes = [1, 5, 6]
    assert sorted(len(p) for p in s.parts()) == [10, 10]
    run_sinkcheck(s)
    assert "D3" in s.sunk and "F5" not in s.sunk
    # 10 and 10 with 1 volcano each: the current player draws a token (pool [1, 5]; index 1 = 5)
    s = clear(fresh(2, first=0), keep=())
    only(s, [5, 6, 18, 19, 21, 1, 8, 9, 10, 16])
    crack(s, "D3", "E4")
    s.volcanoes = [1, 5]
    script(s, 1)
    ev = run_sinkcheck(s)
    assert [e["volcano"] for e in ev if e["type"] == "volcano-token"] == [5]
    assert "F5" in s.sunk and "D3" not in s.sunk
    # equal hexes, no volcano on either: a random part (IDV-I25)
    s = clear(fresh(2, first=0), keep=())
    only(s, [5, 6, 18, 19, 21, 1, 8, 9, 10, 16])
    crack(s, "D3", "E4")
    s.volcanoes = []
    script(s, 0)
    ev = run_sinkcheck(s)
    assert [e["reason"] for e in ev if e["type"] == "sinking"] == ["random (no volcano)"]
    assert len(s.parts()) == 1


@rule("IDV-I3")
def test_three_parts_sink_one_after_another():
    s = clear(fresh(2, first=0), keep=())
    only(s, [22, 16, 12])  # three single hexes, far apart
    assert len(s.parts()) == 3
    run_sinkcheck(s)
    assert len(s.parts()) == 1


@rule("IDV-11.5")
def test_inland_part_enclosed_by_cracks_sinks():
    s = clear(fresh(2, first=0))
    col(s, "D4", 0)
    lying(s, "D4a", 0)
    for m in ("E5", "D3", "E3", "F3", "F4"):
        crack(s, "E4", m)
    script(s, BLANK)
    s.apply("erect D4a D4-SW")  # D4-SW faces E4
    assert s.sunk == {"E4"}


@rule("IDV-11.6")
@rule("IDV-11.7")
@rule("IDV-11.8")
@rule("IDV-E22")
@rule("IDV-I22")
@rule("IDV-D13")
@rule("IDV-D14")
@rule("IDV-2.8")
def test_rescue():
    s = clear(fresh(3, first=0))
    col(s, "D7", 0, 2)
    col(s, "C7", 0)
    col(s, "C7", 1, 2)
    col(s, "D7", 2)
    lying(s, "D7a", 0)
    for a, b in AREA14_WALL:
        crack(s, a, b)
    script(s, BLANK)
    s.apply("erect D7a D7-SW")
    assert s.decision[0] == "rescue" and s.to_move == 0
    # adjacent hexes of the sinking part (cracks do not matter)
    assert sorted(s.legal_actions()) == sorted(["rescue B6", "rescue C6", "rescue D6", "rescue E7", "skip"])
    s.apply("rescue D6")  # all 3 Red colonists onto ONE hex
    assert s.colonists["D6"][0] == 3
    assert s.to_move == 1 and s.decision[0] == "rescue1"
    assert "rescue C7 B6" in s.legal_actions() and "rescue B6" not in s.legal_actions()
    s.apply("rescue C7 B6")  # Blue saves one
    assert s.to_move == 2
    s.apply("rescue D7 E7")
    assert s.colonists["B6"][1] == 1 and s.colonists["E7"][2] == 1
    assert s.reserve_colonists[1] == 4  # the other Blue colonist went back to the reserve
    assert s.action_points == 3 and s.current_player == 0  # rescues cost no action points


@rule("IDV-11.15")
@rule("IDV-11.16")
@rule("IDV-I24")
@rule("IDV-D15")
@rule("IDV-D16")
def test_sinking_is_immediate_so_no_late_discovery():
    # after every action no enclosed part is left on the board, so the 3 VP of a late discovery
    # never arise; the tie with no volcano is decided by chance, never by a player (IDV-I25)
    from lapilli.testing.conformance import play_random
    for seed in range(6):
        s = play_random("isola-dei-vulcani", 2, {}, seed)
        assert len(s.parts()) == 1
    s = clear(fresh(2, first=0))
    col(s, "D7", 0)
    lying(s, "D7a", 0)
    for a, b in AREA14_WALL:
        crack(s, a, b)
    script(s, BLANK)
    s.apply("erect D7a D7-SW")
    s.apply("skip")
    assert s.points == [1, 0] and len(s.parts()) == 1
    assert not any(a.startswith(("claim", "choose")) for a in s.legal_actions())
