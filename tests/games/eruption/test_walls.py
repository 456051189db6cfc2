"""Walls: building, the dice, flow walls (Rules A-I), border walls (ERU-6, ERU-7, ERU-8, ERU-9)."""
import pytest

from lapilli import IllegalAction
from lapilli.games.eruption import data as D

from .helpers import H, blank, force_rolls, goto, lay, pending, wall


def _err(st, action):
    before = st.to_json()
    with pytest.raises(IllegalAction) as e:
        st.apply(action)
    assert st.to_json() == before
    return e.value


def p4(st, p=0, builds=1):
    goto(st, "p4", p)
    st.builds_left = builds
    return st


@pytest.mark.rule("ERU-7.1")
@pytest.mark.rule("ERU-7.2")
@pytest.mark.rule("ERU-7.3")
@pytest.mark.rule("ERU-7.5")
@pytest.mark.rule("ERU-2.9")
@pytest.mark.rule("ERU-6.8")
@pytest.mark.rule("ERU-E7")
def test_build_roll_stone_fails(monkeypatch):
    st = p4(blank())
    used = force_rolls(monkeypatch, [(3, 1)])
    st.apply("build stone f4-NW")          # a flow wall on the central flow toward e4
    assert used == [(3, 1)]                # Wall 1 + 2 = 3, not more than Lava 3
    assert (H["f4"], 5) not in st.flow_walls and st.reserve[0]["stone"] == 0   # back to the supply
    assert st.current_player == 1                    # the build was used up: no other wall this Phase 4


@pytest.mark.rule("ERU-7.4")
@pytest.mark.rule("ERU-6.9")
@pytest.mark.rule("ERU-E7")
def test_build_roll_wood_holds(monkeypatch):
    st = p4(blank())
    force_rolls(monkeypatch, [(3, 3)])
    st.apply("build wood f4-NW")           # Wall 3 + 1 = 4 > 3
    assert st.flow_walls[(H["f4"], 5)] == ("wood", 0)   # stays, and belongs to its builder


@pytest.mark.rule("ERU-E8")
@pytest.mark.rule("ERU-7.7")
def test_survival_odds(monkeypatch):
    # every (red, white) pair once: the wall survives 15, 21, 26 times out of 36
    st = blank()
    for mat, expected in (("straw", 15), ("wood", 21), ("stone", 26)):
        force_rolls(monkeypatch, [(r, w) for r in range(1, 7) for w in range(1, 7)])
        held = sum(st._test_wall(mat, [], "test", "x") for _ in range(36))
        assert held == expected


@pytest.mark.rule("ERU-7.6")
@pytest.mark.rule("ERU-9.3")
@pytest.mark.rule("ERU-9.4")
@pytest.mark.rule("ERU-9.5")
@pytest.mark.rule("ERU-E9")
@pytest.mark.rule("ERU-0.10")
@pytest.mark.rule("ERU-6.11")
def test_border_wall_no_roll(monkeypatch):
    st = p4(blank(), builds=2)
    used = force_rolls(monkeypatch, [])
    v = st.villages[0]
    st.apply(f"build straw v{v}-5")        # no lava touches P5: the wall stands, no dice
    assert used == [] and st.border_walls[(v, 4)] == ("straw", 0) and not st.flow_walls
    assert {a.split()[2][0] for a in st.legal_actions() if a.startswith("build")} <= {"v", *"abcdefghijk"}
    force_rolls(monkeypatch, [(1, 6)])
    st.apply("build wood f4-NW")           # the other kind: a flow wall, kept apart from border walls
    assert st.flow_walls == {(H["f4"], 5): ("wood", 0)} and len(st.border_walls) == 1
    st2 = p4(blank())
    q = st2.villages[1]
    assert _err(st2, f"build straw v{q}-5").rule == "ERU-9.3"   # Q's village


@pytest.mark.rule("ERU-9.1")
@pytest.mark.rule("ERU-9.2")
@pytest.mark.rule("ERU-0.7")
def test_seven_sides_one_wall_each():
    assert all(len(v["sides"]) == 7 for v in D.VILLAGES) and len(D.VILLAGES) == 6
    st = p4(blank(), builds=2)
    v = st.villages[0]
    st.apply(f"build straw v{v}-1")
    assert _err(st, f"build wood v{v}-1").rule == "ERU-9.2"
    sides = [a for a in st.legal_actions() if a.startswith("build wood v")]
    assert len(sides) == 6                 # the 6 other sides of the own village


@pytest.mark.rule("ERU-6.7")
@pytest.mark.rule("ERU-6.2")
@pytest.mark.rule("ERU-6.3")
@pytest.mark.rule("ERU-0.9")
def test_walls_come_from_own_reserve():
    st = p4(blank())
    assert D.MATERIALS == ("straw", "wood", "stone")
    assert st.reserve == [{"straw": 1, "wood": 1, "stone": 1}] * 2
    st.reserve[0]["stone"] = 0
    v = st.villages[0]
    assert _err(st, f"build stone v{v}-1").rule == "ERU-6.7"
    st.apply(f"build wood v{v}-1")
    assert st.reserve[0]["wood"] == 0 and st.reserve[1]["wood"] == 1


@pytest.mark.rule("ERU-6.6")
@pytest.mark.rule("ERU-6.5")
def test_supply_never_runs_out():
    st = blank()
    st.reserve[0]["straw"] = D.WALL_PIECES["straw"] + 5     # more than the 18 straw pieces
    st.hands[0] = ["reinforce"]
    st.apply("discard reinforce")
    assert st.reserve[0]["straw"] == D.WALL_PIECES["straw"] + 6


@pytest.mark.rule("ERU-8.1")
@pytest.mark.rule("ERU-8.2")
@pytest.mark.rule("ERU-8.3")
@pytest.mark.rule("ERU-8.4")
@pytest.mark.rule("ERU-8.13")
@pytest.mark.rule("ERU-8.14")
@pytest.mark.rule("ERU-8.15")
@pytest.mark.rule("ERU-E20")
def test_where_flow_walls_stand(monkeypatch):
    force_rolls(monkeypatch, [(1, 6)] * 5)
    st = p4(blank(), p=1, builds=3)
    lay(st, "d2", "N NE S")                # N leaves the board, NE touches village 0 (W3 here)
    lay(st, "d3", "N")
    assert _err(st, "build straw d2-N").rule == "ERU-8.2"      # leaves the board
    assert _err(st, "build straw d2-NE").rule == "ERU-8.14"    # touches a village border
    assert _err(st, "build straw d2-SE").rule == "ERU-8.1"     # no lava on that edge
    st.apply("build stone f4-NW")          # a central flow facing the empty e4
    assert _err(st, "build straw f4-NW").rule == "ERU-8.4"     # a second wall on that flow
    lay(st, "h4", "SW NE SE")              # one tile, two open flows (toward i3 and i4)
    st._legal_cache = None
    st.apply("build straw h4-NE")
    st.apply("build wood h4-SE")
    assert st.flow_walls[(H["h4"], 1)] == ("straw", 1) and st.flow_walls[(H["h4"], 2)] == ("wood", 1)
    # seat 1 built on lava that has nothing to do with its own village (ERU-8.15)


@pytest.mark.rule("ERU-8.5")
@pytest.mark.rule("ERU-8.7")
@pytest.mark.rule("ERU-8.8")
@pytest.mark.rule("ERU-3.14")
@pytest.mark.rule("ERU-6.1")
@pytest.mark.rule("ERU-E16")
def test_rule_d_wall_holds(monkeypatch):
    st = blank()
    lay(st, "d3", "N")                     # T4: its flow toward S7 = d2 carries Q's straw wall
    wall(st, "d3-N", "straw", owner=1)
    pending(st, 1, "p2")
    used = force_rolls(monkeypatch, [(2, 5)])
    assert "place d2 0" in st.legal_actions()
    st.apply("place d2 0")                 # Wall 5 > Lava 2: holds
    assert used == [(2, 5)] and H["d2"] not in st.tiles and (H["d3"], 0) in st.flow_walls
    assert st.phase == "place" and not any(a.startswith("place d2") for a in st.legal_actions())
    st.apply("place e4 5")                 # the tile goes elsewhere
    # later that turn, a second tile cannot try d2 through the same wall
    goto_keep = st.tested
    st.phase, st.mode = "p3", None
    pending(st, 9, "discard2")
    st.tested = goto_keep
    st._legal_cache = None
    assert not any(a.startswith("place d2") for a in st.legal_actions())
    assert _err(st, "place d2 0").rule == "ERU-8.8"


@pytest.mark.rule("ERU-8.6")
@pytest.mark.rule("ERU-0.11")
@pytest.mark.rule("ERU-E17")
def test_rule_d_wall_breaks(monkeypatch):
    st = blank()
    lay(st, "d3", "N")
    wall(st, "d3-N", "straw", owner=1)
    pending(st, 1, "p2")
    force_rolls(monkeypatch, [(6, 2)])
    st.apply("place d2 0")
    assert H["d2"] in st.tiles and not st.flow_walls          # the wall left the board
    assert st.reserve[1] == {"straw": 1, "wood": 1, "stone": 1}   # ... to the supply, not to Q


@pytest.mark.rule("ERU-8.11")
@pytest.mark.rule("ERU-8.12")
@pytest.mark.rule("ERU-E18")
def test_rule_g_two_walls(monkeypatch):
    st = blank()
    lay(st, "d3", "N")                     # T5 -> d2, straw wall X1
    lay(st, "e2", "NW")                    # T6 -> d2, wood wall X2
    wall(st, "d3-N", "straw")
    wall(st, "e2-NW", "wood")
    pending(st, 6, "p2")                   # {NE, SE, S}
    # X2 (toward d2's SE) is rolled first, then X1: X2 red 1 / white 3 holds, X1 red 4 / white 2 falls
    used = force_rolls(monkeypatch, [(1, 3), (4, 2)])
    st.apply("place d2 0")
    assert used == [(1, 3), (4, 2)]
    assert H["d2"] in st.tiles and not st.flow_walls          # X2 then goes without a further roll
    # if both hold, S8 is unavailable for the rest of the turn
    st2 = blank()
    lay(st2, "d3", "N")
    lay(st2, "e2", "NW")
    wall(st2, "d3-N", "straw")
    wall(st2, "e2-NW", "wood")
    pending(st2, 6, "p2")
    force_rolls(monkeypatch, [(1, 3), (1, 3)])
    st2.apply("place d2 0")
    assert H["d2"] not in st2.tiles and len(st2.flow_walls) == 2
    assert not any(a.startswith("place d2") for a in st2.legal_actions())


@pytest.mark.rule("ERU-8.9")
@pytest.mark.rule("ERU-E19")
def test_rule_e_going_around(monkeypatch):
    st = blank()
    lay(st, "d3", "N")                     # T7, walled
    lay(st, "e2", "NW")                    # T8, not walled
    wall(st, "d3-N", "stone")
    pending(st, 6, "p2")
    used = force_rolls(monkeypatch, [])
    st.apply("place d2 0")
    assert used == [] and H["d2"] in st.tiles and not st.flow_walls


@pytest.mark.rule("ERU-9.7")
@pytest.mark.rule("ERU-6.10")
def test_destroyed_wall_can_be_built_again(monkeypatch):
    st = blank()
    lay(st, "d3", "N")
    wall(st, "d3-N", "straw", owner=0)
    goto(st, "p3", 0)
    st.hands[0] = ["bomb", "reinforce"]
    st.apply("bomb d3-N")                  # discarded: back to the supply
    assert not st.flow_walls
    force_rolls(monkeypatch, [(1, 6)])
    st.reserve[0]["straw"] = 1             # acquired again
    st.apply("reinforce straw d3-N")       # built again on the same flow
    assert st.flow_walls[(H["d3"], 0)] == ("straw", 0)
