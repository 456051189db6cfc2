"""Phase 1 damage, the burn meter, danger zones (ERU-10, ERU-11)."""
import pytest

from lapilli import IllegalAction
from lapilli.games.eruption import data as D

from .helpers import blank, force_rolls, goto, lay, phase1, setup, wall

# seat 0 holds village 0 in a 2-player game: sides 1-7 are d2-NE, e2-N, e2-NE, f2-N, g1-NW, g1-N, h0-NW


def _err(st, action):
    before = st.to_json()
    with pytest.raises(IllegalAction) as e:
        st.apply(action)
    assert st.to_json() == before
    return e.value


@pytest.mark.rule("ERU-10.3")
@pytest.mark.rule("ERU-10.4")
@pytest.mark.rule("ERU-10.1")
@pytest.mark.rule("ERU-0.8")
@pytest.mark.rule("ERU-E1")
def test_twenty_per_open_flow():
    st = blank()
    lay(st, "d2", "NE")                    # P1
    lay(st, "e2", "N")                     # P2
    st.temperatures[0] = 40
    events = phase1(st, 0)
    assert st.temperatures[0] == 80
    dmg = [e for e in events if e["type"] == "damage"]
    assert dmg == [{"type": "damage", "seat": 0, "amount": 40, "from": 40, "to": 80}]


@pytest.mark.rule("ERU-10.5")
@pytest.mark.rule("ERU-10.6")
@pytest.mark.rule("ERU-9.6")
@pytest.mark.rule("ERU-E2")
def test_ten_when_wall_destroyed(monkeypatch):
    st = blank()
    lay(st, "e2", "NE")                    # P3
    wall(st, "v0-3", "straw", owner=0)
    used = force_rolls(monkeypatch, [(3, 3)])
    phase1(st, 0)
    assert used == [(3, 3)] and st.temperatures[0] == 10 and (0, 2) not in st.border_walls


@pytest.mark.rule("ERU-10.7")
@pytest.mark.rule("ERU-E3")
def test_wall_holds(monkeypatch):
    st = blank()
    lay(st, "e2", "NE")
    wall(st, "v0-3", "wood", owner=0)
    force_rolls(monkeypatch, [(4, 4)])
    phase1(st, 0)
    assert st.temperatures[0] == 0 and st.border_walls[(0, 2)] == ("wood", 0)


@pytest.mark.rule("ERU-10.8")
@pytest.mark.rule("ERU-9.7")
@pytest.mark.rule("ERU-E4")
def test_twenty_next_turn_and_rebuild_flag(monkeypatch):
    st = blank()
    lay(st, "e2", "NE")
    wall(st, "v0-3", "straw", owner=0)
    force_rolls(monkeypatch, [(3, 3)])
    phase1(st, 0)
    assert st.temperatures[0] == 10
    phase1(st, 0)                          # next Phase 1, no wall on P3
    assert st.temperatures[0] == 30
    # recommended reading (ERU-I23 a): P could rebuild on P3 in the earlier turn's Phase 4
    st = blank()
    lay(st, "e2", "NE")
    wall(st, "v0-3", "straw", owner=0)
    force_rolls(monkeypatch, [(3, 3)])
    phase1(st, 0)
    goto(st, "p4", 0)
    st.builds_left = 1
    assert "build wood v0-3" in st.legal_actions()
    # flag border_side_lost = permanent: any wall on P3 is rejected
    st = blank(border_side_lost="permanent")
    lay(st, "e2", "NE")
    wall(st, "v0-3", "straw", owner=0)
    force_rolls(monkeypatch, [(3, 3)])
    phase1(st, 0)
    goto(st, "p4", 0)
    st.builds_left = 1
    assert _err(st, "build wood v0-3").rule == "ERU-10.8"


@pytest.mark.rule("ERU-10.9")
@pytest.mark.rule("ERU-E5")
def test_mixed_contacts_one_move(monkeypatch):
    st = blank()
    lay(st, "d2", "NE")                    # P1, no wall
    lay(st, "e2", "N NE")                  # P2 straw, P3 stone
    wall(st, "v0-2", "straw", owner=0)
    wall(st, "v0-3", "stone", owner=0)
    st.temperatures[0] = 50
    used = force_rolls(monkeypatch, [(5, 6), (6, 4)])
    events = phase1(st, 0)
    assert used == [(5, 6), (6, 4)]
    assert st.temperatures[0] == 80
    assert [e["amount"] for e in events if e["type"] == "damage"] == [30]    # one move
    assert (0, 1) in st.border_walls and (0, 2) not in st.border_walls


@pytest.mark.rule("ERU-10.11")
@pytest.mark.rule("ERU-E6")
def test_only_active_player():
    st = blank()
    lay(st, "d9", "S")                     # village 3 (Q, seat 1) side (3,10)... see below
    st.tiles.clear()
    q_sides = D.VILLAGES[st.villages[1]]["sides"]
    for h, d in q_sides[:2]:
        st.tiles[h] = (30 + len(st.tiles), 0, 1 << d)
    st.temperatures = [0, 60]
    phase1(st, 0)
    assert st.temperatures == [0, 60]
    phase1(st, 1)
    assert st.temperatures[1] == 100


@pytest.mark.rule("ERU-10.10")
@pytest.mark.rule("ERU-10.2")
@pytest.mark.rule("ERU-1.11")
def test_meter_stops_at_last_space():
    st = setup(3)
    assert st.temperatures == [0, 0, 0]
    st = blank()
    lay(st, "d2", "NE")
    lay(st, "e2", "N")
    st.temperatures[0] = 280
    phase1(st, 0)
    assert st.temperatures[0] == D.LAST == 290


@pytest.mark.rule("ERU-11.1")
@pytest.mark.rule("ERU-11.2")
@pytest.mark.rule("ERU-11.3")
@pytest.mark.rule("ERU-11.4")
@pytest.mark.rule("ERU-11.5")
@pytest.mark.rule("ERU-11.6")
@pytest.mark.rule("ERU-5.9")
@pytest.mark.rule("ERU-E31")
def test_danger_zone_abilities():
    assert D.DANGER == (50, 120, 200)
    # DZ1, below DZ2: up to 2 walls in Phase 4, no Phase 3 draw
    st = blank()
    st.temperatures[0] = 50
    st.hands[0] = ["rain"]
    goto(st, "p3", 0)
    assert "draw" not in st.legal_actions()
    assert _err(st, "draw").rule == "ERU-5.9"
    st.apply("end")
    assert st.phase == "p4" and st.builds_left == 2
    # DZ2: also may draw one card in Phase 3, once
    st = blank()
    st.temperatures[0] = 120
    goto(st, "p3", 0)
    n = len(st.hands[0])
    st.apply("draw")
    assert len(st.hands[0]) == n + 1 and "draw" not in st.legal_actions()
    st.hands[0] = st.hands[0][:3]
    st._legal_cache = None
    st.apply("end")
    assert st.builds_left == 2                # zone 3 or 2 still gives only one extra wall (ERU-I18)
    # DZ3: also may draw and place one extra lava tile in Phase 2
    st = blank()
    st.temperatures[0] = 200
    goto(st, "p2x?", 0)
    st._run([])
    assert st.phase == "p2x" and st.legal_actions() == ["extra", "end"]
    st.apply("extra")
    assert st.phase == "place" and st.mode == "extra"
    # P drops below DZ2 with Rain before drawing: may no longer draw
    st = blank()
    st.temperatures[0] = 130
    st.hands[0] = ["rain"]
    goto(st, "p3", 0)
    assert "draw" in st.legal_actions()
    st.apply("rain")
    assert st.temperatures[0] == 100 and "draw" not in st.legal_actions()


@pytest.mark.rule("ERU-11.7")
@pytest.mark.rule("ERU-0.14")
def test_danger_zone_separate_from_eruption_space():
    st = blank()
    st.claims[0] = 1
    st.erupted[0] = True                   # ES1's tile is gone
    lay(st, "d2", "NE")
    st.temperatures[0] = 40
    events = phase1(st, 0)                 # 40 -> 60: passes the 50 space
    assert st.temperatures[0] == 60 and not any(e["type"] == "claim" for e in events)
    goto(st, "p4?", 0)
    st._run([])
    assert st.builds_left == 2             # but the danger zone ability is there
    st = blank()
    lay(st, "d2", "NE")
    st.temperatures[0] = 40
    events = phase1(st, 0)                 # reaching *or passing* 50 claims ES1
    assert st.claims[0] == 0


@pytest.mark.rule("ERU-2.10")
@pytest.mark.rule("ERU-2.3")
def test_first_phase1_changes_nothing():
    import lapilli
    st = lapilli.new_game("eruption", 2, 5)
    ev = st.apply("village 0")             # the last village is forced: the first turn starts
    dmg = [e for e in ev if e["type"] == "damage"]
    assert dmg and dmg[0]["amount"] == 0 and st.temperatures == [0, 0]
