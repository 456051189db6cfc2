"""Phase 3 and the action cards (ERU-2, ERU-5, ERU-14, ERU-15)."""
import pytest

from lapilli import IllegalAction
from lapilli.games.eruption import board as B
from lapilli.games.eruption import data as D

from .helpers import H, blank, force_rolls, goto, lay, pending, phase1, tile_of_type, wall


def _err(st, action):
    before = st.to_json()
    with pytest.raises(IllegalAction) as e:
        st.apply(action)
    assert st.to_json() == before
    return e.value


def p3(st, p=0, hand=None):
    goto(st, "p3", p)
    if hand is not None:
        st.hands[p] = sorted(hand)
    return st


def top_tile(st, ttype):
    """Put a tile of that type on top of the lava stack."""
    tid = tile_of_type(st, ttype)
    st.stack.append(tid)
    return tid


def chain_to_d3(st):
    """Volcano -> e4 -> d4 -> d3 (wood hex), every tile joined to the source."""
    lay(st, "e4", "SE NW")
    lay(st, "d4", "SE N")
    lay(st, "d3", "S")


def chain_to_j2(st):
    """Volcano -> h4 -> i3 -> i2 -> j2, j2 touching side 5 of village 1 (j2-N)."""
    lay(st, "h4", "SW NE")
    lay(st, "i3", "SW N")
    lay(st, "i2", "S SE")
    lay(st, "j2", "NW N")


@pytest.mark.rule("ERU-14.26")
@pytest.mark.rule("ERU-14.1")
@pytest.mark.rule("ERU-14.6")
@pytest.mark.rule("ERU-14.8")
@pytest.mark.rule("ERU-14.11")
@pytest.mark.rule("ERU-14.16")
@pytest.mark.rule("ERU-14.20")
@pytest.mark.rule("ERU-14.22")
@pytest.mark.rule("ERU-14.24")
@pytest.mark.rule("ERU-1.2")
@pytest.mark.rule("ERU-1.3")
def test_deck_composition():
    counts = {c: D.DECK.count(c) for c in D.CARD_IDS}
    assert counts == {"aftershock": 5, "lavaflow": 3, "relocate": 5, "sinkhole": 4, "quake": 5, "rain": 4,
                      "reinforce": 6, "bomb": 4}
    assert len(D.DECK) == 36
    st = blank(4)
    assert all(len(h) == 3 for h in st.hands)
    assert len(st.deck) + sum(len(h) for h in st.hands) == 36
    assert sorted(st.deck + [c for h in st.hands for c in h]) == sorted(D.DECK)


@pytest.mark.rule("ERU-5.2")
@pytest.mark.rule("ERU-5.3")
@pytest.mark.rule("ERU-6.5")
@pytest.mark.rule("ERU-E27")
def test_discard_for_wall():
    expected = {"aftershock": "stone", "quake": "stone", "lavaflow": "straw", "relocate": "straw",
                "reinforce": "straw", "sinkhole": "wood", "rain": "wood", "bomb": "wood"}
    for card, mat in expected.items():
        st = p3(blank(), hand=[card])
        before = dict(st.reserve[0])
        st.apply(f"discard {card}")
        assert st.reserve[0][mat] == before[mat] + 1 and st.hands[0] == [] and st.discard[-1] == card


@pytest.mark.rule("ERU-5.4")
@pytest.mark.rule("ERU-5.5")
@pytest.mark.rule("ERU-E28")
def test_two_cards_for_a_tile():
    st = p3(blank(), hand=["rain", "quake", "relocate", "reinforce"])
    before = [dict(r) for r in st.reserve]
    st.apply("discard reinforce relocate")
    assert st.phase == "place" and st.mode == "discard2"
    st.apply(st.legal_actions()[0])
    assert len(st.tiles) == 1 and st.hands[0] == ["quake", "rain"]
    assert st.reserve == before and st.phase == "p3"


@pytest.mark.rule("ERU-2.8")
@pytest.mark.rule("ERU-E29")
def test_hand_limit():
    st = p3(blank(), hand=["reinforce", "sinkhole", "rain", "quake", "bomb"])
    assert _err(st, "end").rule == "ERU-2.8"
    st.apply("discard reinforce")
    assert _err(st, "end").rule == "ERU-2.8"        # 4 cards: still rejected
    st.apply("discard sinkhole")
    assert st.reserve[0] == {"straw": 2, "wood": 2, "stone": 1}
    st.apply("end")
    assert st.hands[0] == ["bomb", "quake", "rain"]


@pytest.mark.rule("ERU-15.2")
@pytest.mark.rule("ERU-E30")
def test_deck_reshuffle():
    st = blank()
    st.discard = st.deck[:12]
    st.deck = []
    events = []
    st._draw_card(0, events, "test")
    assert events[0] == {"type": "reshuffle", "what": "action deck", "size": 12}
    assert len(st.deck) == 11 and st.discard == [] and events[1]["card"] in st.hands[0]


@pytest.mark.rule("ERU-5.6")
@pytest.mark.rule("ERU-5.7")
@pytest.mark.rule("ERU-5.8")
@pytest.mark.rule("ERU-E22")
def test_cards_for_new_flows_any_village():
    st = blank()
    goto(st, "p3", 1)
    lay(st, "e3", "N")
    wall(st, "v0-2", "stone", owner=0)               # Q1 has a border wall: still a contact
    pending(st, 9, "p2")                             # Phase 2 tile, {N, NE, S}
    n = len(st.hands[1])
    st.apply("place e2 0")                           # touches Q1 (e2-N) and Q2 (e2-NE) of Q's village 0
    assert B.contacts(st.tiles, 0) == [1, 2] and len(st.hands[1]) == n + 2
    st = blank()                                     # village 1 is uncontrolled with 2 players
    lay(st, "j3", "N")
    pending(st, 8, "p2")                             # {N, S, NW}
    n = len(st.hands[0])
    st.apply("place j2 0")
    assert B.contacts(st.tiles, 1) == [4] and len(st.hands[0]) == n + 1


@pytest.mark.rule("ERU-5.12")
@pytest.mark.rule("ERU-5.13")
@pytest.mark.rule("ERU-14.2")
@pytest.mark.rule("ERU-14.3")
@pytest.mark.rule("ERU-E23")
def test_rotation_draws_per_new_flow():
    def fresh():
        st = blank()
        lay(st, "i2", "SE")
        lay(st, "j2", "S SW NW N", exact=True)        # type 11 turned 3: touches W2 = v1-5 only
        assert B.contacts(st.tiles, 1) == [4]
        return p3(st, hand=["aftershock", "aftershock"])
    st = fresh()
    st.apply("aftershock j2 4")                      # now touches v1-5 and v1-6
    assert B.contacts(st.tiles, 1) == [4, 5] and st.tiles[H["j2"]][1] == 4
    assert len(st.hands[0]) == 2                     # one card played, exactly one drawn
    st = fresh()
    st.apply("aftershock j2 2")                      # turned 5 steps back: touches nothing
    assert B.contacts(st.tiles, 1) == [] and len(st.hands[0]) == 1
    st.apply("aftershock j2 3")                      # back to W2 only: not NEW this turn
    assert B.contacts(st.tiles, 1) == [4] and len(st.hands[0]) == 0
    assert H["j2"] in st.tiles                       # the tile stayed in its space


@pytest.mark.rule("ERU-5.10")
@pytest.mark.rule("ERU-5.11")
@pytest.mark.rule("ERU-14.4")
@pytest.mark.rule("ERU-14.5")
@pytest.mark.rule("ERU-E39")
def test_aftershock_removes_walls():
    st = blank()
    lay(st, "e4", "SE NW", exact=True)               # T13, a straight
    wall(st, "e4-NW", "straw")
    lay(st, "d3", "N")                               # d3's S edge toward d4 has no lava
    st.tiles.pop(H["d3"])
    lay(st, "f3", "SE")                              # f3's SW edge toward e4 has no lava
    p3(st, hand=["aftershock"])
    r = st.tiles[H["e4"]][1]
    legal = [a for a in st.legal_actions() if a.startswith("aftershock")]
    assert legal == ["aftershock e4 " + str((r + 3) % 6)]   # the only rotation keeping SE and not NE
    bad = (r + 1) % 6                                # would point a flow into f3's lava-free edge
    assert _err(st, f"aftershock e4 {bad}").rule == "ERU-14.4"
    st.apply(legal[0])
    assert not st.flow_walls


@pytest.mark.rule("ERU-14.7")
@pytest.mark.rule("ERU-2.7")
@pytest.mark.rule("ERU-5.1")
def test_lava_flow_and_several_cards():
    st = p3(blank(), hand=["lavaflow", "rain", "bomb"])
    st.temperatures[0] = 50
    st.apply("lavaflow")
    assert st.phase == "place" and st.mode == "lavaflow" and st.discard[-1] == "lavaflow"
    st.apply(st.legal_actions()[0])
    assert len(st.tiles) == 1 and st.phase == "p3"
    st.apply("rain")                                 # a second card in the same Phase 3
    assert st.temperatures[0] == 20 and st.discard[-2:] == ["lavaflow", "rain"] and st.hands[0] == ["bomb"]
    assert _err(st, "rain").rule == "ERU-5.1"        # no longer held


@pytest.mark.rule("ERU-14.9")
@pytest.mark.rule("ERU-14.10")
@pytest.mark.rule("ERU-E40")
def test_relocate(monkeypatch):
    st = blank()
    wall(st, "v0-1", "stone", owner=0)
    wall(st, "v0-2", "straw", owner=0)
    p3(st, hand=["relocate", "relocate"])
    used = force_rolls(monkeypatch, [])
    assert _err(st, "relocate 1 2").rule == "ERU-14.10"
    assert _err(st, "relocate 3 4").rule == "ERU-14.9"
    st.apply("relocate 1 4")
    assert used == [] and st.border_walls == {(0, 3): ("stone", 0), (0, 1): ("straw", 0)}


@pytest.mark.rule("ERU-14.12")
@pytest.mark.rule("ERU-14.13")
@pytest.mark.rule("ERU-14.14")
@pytest.mark.rule("ERU-14.15")
@pytest.mark.rule("ERU-0.12")
@pytest.mark.rule("ERU-15.1")
@pytest.mark.rule("ERU-E41")
def test_sinkhole():
    st = blank()
    lay(st, "e4", "SE NW")                           # T14, fed by the volcano
    lay(st, "d4", "SE N")                            # T15, fed only through T14
    wall(st, "d4-N", "wood")
    p3(st, hand=["sinkhole"])
    assert [a for a in st.legal_actions() if a.startswith("sinkhole")] == ["sinkhole d4"]
    assert _err(st, "sinkhole e4").rule == "ERU-14.15"
    tid = st.tiles[H["d4"]][0]
    st.apply("sinkhole d4")
    assert H["d4"] not in st.tiles and not st.flow_walls and st.set_aside == [tid]
    assert tid not in st.stack                       # never comes back (outside Annihilation)
    # an eruption tile may be removed too
    st = blank()
    st.claims[0] = 0
    goto(st, "erupt", 0)
    st.apply("erupt b7")
    p3(st, hand=["sinkhole"])
    st.apply("sinkhole b7")
    assert not st.tiles and st.set_aside == [D.ERUPTION_IDS[0]]


@pytest.mark.rule("ERU-14.17")
@pytest.mark.rule("ERU-14.18")
@pytest.mark.rule("ERU-14.19")
@pytest.mark.rule("ERU-5.14")
@pytest.mark.rule("ERU-E24")
def test_quake_on_resource_hex():
    st = blank()
    chain_to_d3(st)
    st.tiles[H["d3"]] = (st.tiles[H["d3"]][0], 0, D.mask_of(["S", "NW"]))   # T10 on wood hex d3
    wall(st, "d3-NW", "straw")
    old = st.tiles[H["d3"]][0]
    p3(st, hand=["quake"])
    new = top_tile(st, 1)                            # T11: a dead end
    st.apply("quake")
    assert st.pending == new and st.phase == "place"
    assert "place d3 0" in st.legal_actions()
    wood = st.reserve[0]["wood"]
    st.apply("place d3 0")
    assert st.tiles[H["d3"]][0] == new and st.reserve[0]["wood"] == wood
    assert st.set_aside == [old] and not st.flow_walls


@pytest.mark.rule("ERU-5.16")
@pytest.mark.rule("ERU-5.14")
@pytest.mark.rule("ERU-E26")
def test_sinkhole_then_replacement_same_turn():
    # resource part: tile removed from wood hex d3 and a new one placed there in the same Phase 3
    st = blank()
    chain_to_d3(st)
    p3(st, hand=["sinkhole", "rain", "bomb"])
    st.apply("sinkhole d3")
    top_tile(st, 1)
    st.apply("discard bomb rain")
    wood = st.reserve[0]["wood"]
    st.apply("place d3 0")
    assert st.reserve[0]["wood"] == wood              # no resource wall
    # village part: tile touching W4 removed, new one touching W4 and W5 -> 1 card (W5 only)
    # (no resource hex of the real board touches a village, so the two halves use two spaces)
    st = blank()
    chain_to_j2(st)
    p3(st, hand=["sinkhole", "rain", "bomb"])
    st.apply("sinkhole j2")
    top_tile(st, 6)                                  # {NE, SE, S} turned 4 -> {NW, N, NE}
    st.apply("discard bomb rain")
    n = len(st.hands[0])
    st.apply("place j2 4")
    assert B.contacts(st.tiles, 1) == [4, 5] and len(st.hands[0]) == n + 1


@pytest.mark.rule("ERU-14.21")
@pytest.mark.rule("ERU-E38")
def test_rain():
    st = p3(blank(), hand=["rain", "rain"])
    st.temperatures[0] = 90
    st.apply("rain")
    assert st.temperatures[0] == 60
    st.temperatures[0] = 20
    st.apply("rain")
    assert st.temperatures[0] == 0


@pytest.mark.rule("ERU-14.25")
@pytest.mark.rule("ERU-E42")
def test_volcanic_bomb():
    st = blank()
    lay(st, "b7", "N")
    st.tiles.clear()
    q = st.villages[1]                                    # village 3
    h, d = D.VILLAGES[q]["sides"][2]
    lay(st, D.LABELS[h], D.DIR_NAMES[d])             # a flow on Q3
    wall(st, f"v{q}-3", "stone", owner=1)
    p3(st, hand=["bomb"])
    st.apply(f"bomb v{q}-3")
    assert not st.border_walls
    phase1(st, 1)
    assert st.temperatures[1] == 20


@pytest.mark.rule("ERU-14.23")
@pytest.mark.rule("ERU-11.3")
@pytest.mark.rule("ERU-E43")
def test_reinforce_plus_danger_zone():
    st = p3(blank(), hand=["reinforce"])
    st.temperatures[0] = 60
    st.reserve[0] = {"straw": 3, "wood": 0, "stone": 0}
    st.apply("reinforce straw v0-1")                 # built at once
    assert (0, 0) in st.border_walls
    assert st.phase == "p4" and st.builds_left == 2  # nothing left to do in Phase 3
    st.apply("build straw v0-2")
    st.apply("build straw v0-3")
    assert len(st.border_walls) == 3 and st.current_player == 1      # 3 walls that turn, then the turn passed


@pytest.mark.rule("ERU-5.17")
@pytest.mark.rule("ERU-2.5")
@pytest.mark.rule("ERU-2.6")
@pytest.mark.rule("ERU-2.2")
def test_phase_order_and_skips():
    st = p3(blank(), hand=["rain"])
    assert "end" in st.legal_actions()               # Phase 3 may be skipped
    st.apply("end")
    assert st.phase == "p4"
    assert _err(st, "rain").rule == "ERU-5.17"        # cards only in Phase 3
    assert "end" in st.legal_actions()               # Phase 4 may be skipped
    events = st.apply("end")
    kinds = [e["type"] for e in events]
    # the next turn: Phase 1 (damage), then Phase 2 (tile draw), in that order
    assert kinds.index("turn") < kinds.index("damage") < kinds.index("draw_tile")
    assert st.current_player == 1 and st.phase == "place"
