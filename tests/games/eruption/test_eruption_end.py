"""Eruption tiles (ERU-12) and the end of the game (ERU-13)."""
import pytest

from lapilli import IllegalAction
from lapilli.games.eruption import board as B
from lapilli.games.eruption import data as D

from .helpers import H, blank, finish_turn, force_rolls, goto, lay, pending, phase1, wall


def _err(st, action):
    before = st.to_json()
    with pytest.raises(IllegalAction) as e:
        st.apply(action)
    assert st.to_json() == before
    return e.value


def erupt_ready(st, p, k=0):
    st.claims[k] = p
    goto(st, "erupt", p)
    return st


@pytest.mark.rule("ERU-12.1")
@pytest.mark.rule("ERU-12.2")
@pytest.mark.rule("ERU-1.6")
def test_eruption_tiles_start_off_board():
    st = blank()
    assert D.ERUPTION_SPACES == (50, 120, 200) and len(D.ERUPTION_IDS) == 3
    assert st.claims == [None, None, None] and st.erupted == [False] * 3
    assert not any(t[0] in D.ERUPTION_IDS for t in st.tiles.values())


@pytest.mark.rule("ERU-12.5")
@pytest.mark.rule("ERU-12.6")
@pytest.mark.rule("ERU-12.3")
@pytest.mark.rule("ERU-12.7")
@pytest.mark.rule("ERU-E32")
def test_eruption_heats_every_other_village():
    st = blank(4)
    st.temperatures = [40, 70, 100, 0]
    erupt_ready(st, 0)
    assert "erupt b7" in st.legal_actions()        # anywhere: b7 is next to no lava at all
    assert _err(st, "end").rule == "ERU-12.3"      # the tile must be placed
    events = st.apply("erupt b7")
    assert st.temperatures == [40, 100, 130, 30]
    assert st.tiles[H["b7"]][0] == D.ERUPTION_IDS[0] and st.erupted[0]
    # C passed the 120 space through the +30: C claims ES2 (ERU-I29)
    assert st.claims[1] == 2 and any(e["type"] == "claim" and e["seat"] == 2 for e in events)


@pytest.mark.rule("ERU-16.6")
@pytest.mark.rule("ERU-E33")
def test_cooperation_exemption():
    st = blank(4, variant="cooperation")
    assert st.teams == [[0, 2], [1, 3]]
    st.temperatures = [40, 70, 100, 0]
    erupt_ready(st, 0)
    st.apply("erupt b7")
    assert st.temperatures == [40, 100, 100, 30]


@pytest.mark.rule("ERU-12.4")
@pytest.mark.rule("ERU-E34")
def test_first_to_reach_only():
    st = blank()
    st.claims[0] = 1
    st.erupted[0] = True
    lay(st, "d2", "NE")
    st.temperatures[0] = 40
    phase1(st, 0)
    assert st.temperatures[0] == 60 and st.claims == [1, None, None] and st.phase != "erupt"


@pytest.mark.rule("ERU-12.11")
@pytest.mark.rule("ERU-12.12")
@pytest.mark.rule("ERU-E35")
def test_two_eruption_spaces_in_one_phase1():
    st = blank()
    by_hex = {}
    for h, d in D.VILLAGES[0]["sides"][:4]:
        by_hex.setdefault(h, []).append(D.DIR_NAMES[d])
    for h, ds in by_hex.items():
        lay(st, D.LABELS[h], " ".join(ds))
    st.temperatures[0] = 40
    phase1(st, 0)                                   # +80: passes 50 and 120
    assert st.temperatures[0] == 120 and st.claims[:2] == [0, 0]
    assert st.phase == "erupt"
    st.apply("erupt b7")                            # eruption tile 1 this turn
    assert st.erupted == [True, False, False] and st.phase != "erupt"
    finish_turn(st)
    finish_turn(st)                                 # the opponent's turn
    assert st.current_player == 0 and st.phase == "erupt"     # eruption tile 2 in P's next turn
    st.apply(st.legal_actions()[0])
    assert st.erupted == [True, True, False]


@pytest.mark.rule("ERU-12.9")
@pytest.mark.rule("ERU-E36")
def test_eruption_tile_destroys_wall(monkeypatch):
    st = blank()
    lay(st, "d3", "N")                              # T12, walled toward d2
    wall(st, "d3-N", "stone")
    used = force_rolls(monkeypatch, [])
    erupt_ready(st, 0)
    st.apply("erupt d2")
    assert used == [] and not st.flow_walls


@pytest.mark.rule("ERU-12.10")
@pytest.mark.rule("ERU-E37")
@pytest.mark.rule("ERU-1.12")
def test_eruption_next_to_uncontrolled_village():
    st = blank()                                    # 2 players: village 1 is uncontrolled
    assert 1 not in st.villages
    erupt_ready(st, 0)
    n = len(st.hands[0])
    st.apply("erupt i1")                            # i1 touches sides 2 and 3 of village 1
    assert B.contacts(st.tiles, 1) == [1, 2]
    assert len(st.hands[0]) == n + 2
    assert len(st.temperatures) == 2                       # the uncontrolled village has no temperature


@pytest.mark.rule("ERU-12.8")
def test_eruption_tile_must_connect():
    st = blank()
    lay(st, "d3", "SE")                             # d3's N edge (toward d2) has no lava
    erupt_ready(st, 0)
    assert "erupt d2" not in st.legal_actions()
    assert _err(st, "erupt d2").rule == "ERU-12.8"
    assert "erupt d4" not in st.legal_actions()     # d4: d3's S edge has no lava either


@pytest.mark.rule("ERU-12.13")
@pytest.mark.rule("ERU-0.5")
def test_eruption_tile_is_a_source():
    st = blank()
    erupt_ready(st, 0)
    st.apply("erupt b7")
    assert B.connected_tiles(st.tiles) == {H["b7"]}
    goto(st, "p3", 0)
    pending(st, 1, "lavaflow")
    assert "place b6 0" in st.legal_actions()       # dead end pointing S into the eruption tile


@pytest.mark.rule("ERU-13.3")
@pytest.mark.rule("ERU-E44")
def test_rain_prevents_event_a():
    st = blank()
    lay(st, "d2", "NE")
    st.temperatures[0] = 280
    phase1(st, 0)
    assert st.temperatures[0] == 290
    goto(st, "p3", 0)
    st.hands[0] = ["rain"]
    st.apply("rain")
    finish_turn(st)
    assert st.temperatures[0] == 260 and not st.burned[0] and st.final_left is None and not st.is_terminal


@pytest.mark.rule("ERU-13.1")
@pytest.mark.rule("ERU-13.2")
@pytest.mark.rule("ERU-13.4")
@pytest.mark.rule("ERU-13.5")
@pytest.mark.rule("ERU-13.9")
@pytest.mark.rule("ERU-2.1")
@pytest.mark.rule("ERU-E45")
def test_event_a():
    st = blank(4)
    st.temperatures = [290, 100, 40, 60]
    goto(st, "p4", 0)
    st.builds_left = 1
    events = st.apply("end")                        # P ends the turn on the last space
    assert st.burned[0] and st.lava_removed and st.end_event == "A"
    turns = [e["seat"] for e in events if e["type"] == "turn"]
    while not st.is_terminal:
        ev = finish_turn(st)
        events += ev
        turns += [e["seat"] for e in ev if e["type"] == "turn"]
        assert not any(e["type"] == "draw_tile" for e in ev)   # no Phase 2 any more
    assert turns == [1, 2, 3]                       # Q, R, S one last turn each, one at a time
    assert st.winners() == [2]                      # the lowest temperature among all four


@pytest.mark.rule("ERU-13.6")
@pytest.mark.rule("ERU-13.7")
@pytest.mark.rule("ERU-13.8")
@pytest.mark.rule("ERU-E46")
def test_event_b():
    st = blank(4)
    goto(st, "p3", 1)
    st.stack = []
    lay(st, "d3", "N")
    pending(st, 9, "p2")                            # P2 draws the last tile
    st.stack = []
    n = len(st.hands[1])
    events = st.apply("place d2 0")                 # touching village 0 (uncontrolled with 4 players)
    assert len(st.hands[1]) == n + 1                # the village card is still drawn
    turns = [e["seat"] for e in events if e["type"] == "turn"]
    assert turns == [2] and st.end_event == "B"     # P2's turn ended at once
    while not st.is_terminal:
        ev = finish_turn(st)
        turns += [e["seat"] for e in ev if e["type"] == "turn"]
        assert not any(e["type"] == "draw_tile" for e in ev)
    assert turns == [2, 3, 0, 1]


@pytest.mark.rule("ERU-13.9")
@pytest.mark.rule("ERU-E47")
def test_winner_lowest_temperature():
    st = blank(3)
    st.temperatures = [60, 40, 90]
    st.over = True
    assert st.winners() == [1]
    st.temperatures = [40, 40, 90]
    assert st.winners() == [0, 1]
    assert st.scores() == [40, 40, 90]


@pytest.mark.rule("ERU-13.5")
@pytest.mark.rule("ERU-13.8")
@pytest.mark.rule("ERU-I31")
def test_both_events_in_one_turn_house_rule():
    """P2 is on the last space (290) and places the last lava tile: event B ("incluso il giocatore
    che ha piazzato l'ultima tessera lava") and event A ("tutti gli altri giocatori faranno un ultimo
    turno") in one turn.  'all' (default): P2 plays a final turn too; 'others': only the others."""
    def final_turns(rule):
        st = blank(4, both_events_final=rule)
        goto(st, "p3", 1)
        st.temperatures = [100, 290, 40, 60]
        st.stack = []
        lay(st, "d3", "N")
        pending(st, 9, "p2")
        st.stack = []
        events = st.apply("place d2 0")
        assert st.burned[1] and st.end_event == "B"
        turns = [e["seat"] for e in events if e["type"] == "turn"]
        while not st.is_terminal:
            turns += [e["seat"] for e in finish_turn(st) if e["type"] == "turn"]
        return turns
    assert final_turns("all") == [2, 3, 0, 1]
    assert final_turns("others") == [2, 3, 0]
