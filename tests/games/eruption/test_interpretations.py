"""Recommended readings of the spec's interpretations that the clause tests do not already pin down."""
from lapilli.games.eruption import board as B
from lapilli.games.eruption import data as D

from .helpers import H, blank, finish_turn, goto, lay, phase1, put

CLOSED = {"e4": "SE", "g3": "SW", "h4": "SW", "g6": "N", "e7": "N", "d6": "SE"}


def closed_board(st):
    """Every central exit closed by a dead end: no lava tile fits anywhere."""
    for lab, d in CLOSED.items():
        lay(st, lab, d)
    assert B.frontier(st.tiles) == {}


def test_i9_no_tile_fits_then_dry_round_is_event_b():
    st = blank(2)
    closed_board(st)
    size = len(st.stack)
    events = phase1(st, 1)
    assert any(e["type"] == "no_tile" for e in events) and len(st.stack) == size and st.pending is None
    assert st.dry_turns == 1 and st.final_left is None
    finish_turn(st)                                  # seat 1's turn ends; seat 0's Phase 2 is dry too
    assert st.end_event == "B"                       # a whole round of dry Phase 2s counts as event B


def test_i35_quake_without_fitting_tile_is_wasted():
    st = blank(2)
    lay(st, "e4", "NW N NE SE", exact=True)          # the only lava tile, between three eruption tiles
    for lab in ("d4", "e3", "f3"):
        put(st, lab, "E", 0)
    # only 4- or 5-flow tiles of types 11 and 13 could replace it; none is left in the stack
    st.stack = [t for t in st.stack if D.TILE_TYPE[t] not in (11, 13)]
    goto(st, "p3", 0)
    st.hands[0] = ["quake", "rain"]
    events = st.apply("quake")
    assert any(e["type"] == "no_tile" for e in events)
    assert st.phase == "p3" and st.hands[0] == ["rain"] and "quake" in st.discard
    assert st.tiles[H["e4"]][0] < D.NUM_LAVA and not st.set_aside


def test_i27_simultaneous_claim_goes_to_next_in_turn_order():
    st = blank(4)
    st.order = [0, 1, 2, 3]
    st.temperatures = [0, 100, 100, 0]
    st.claims[0] = 3
    st.erupted[0] = True
    st.claims[1] = None
    goto(st, "erupt", 3)
    st.claims[0] = 3
    st.erupted[0] = False
    st.apply("erupt b7")                             # seats 0, 1, 2 get +30: 1 and 2 both pass 120
    assert st.claims[1] == 1                         # seat 1 plays sooner after seat 3 than seat 2


def test_i30_eruption_tiles_still_placed_after_event_a():
    st = blank(3)
    st.lava_removed = True
    st.final_left = 2
    st.claims[0] = 1
    phase1(st, 1)
    assert st.phase == "erupt"
    st.apply("erupt b7")
    assert st.phase != "place" and H["b7"] in st.tiles
