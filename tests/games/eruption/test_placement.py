"""Phase 2 tile placement: Rules A-E, must-place, redraws, resource hexes (ERU-3, ERU-4)."""
import pytest

from lapilli import IllegalAction
from lapilli.games.eruption import board as B
from lapilli.games.eruption import data as D

from .helpers import H, blank, flows, goto, lay, pending, setup

CENTRAL_EXITS = {"e4": "SE", "g3": "SW", "h4": "SW", "g6": "N", "e7": "N", "d6": "SE"}


def _err(st, action):
    before = st.to_json()
    with pytest.raises(IllegalAction) as e:
        st.apply(action)
    assert st.to_json() == before
    return e.value


def test_central_exit_directions():
    # the dead-end tiles used below to close the volcano's exits really face the central flows
    st = blank()
    for lab, d in CENTRAL_EXITS.items():
        need, forbid = B.edge_profile(st.tiles, H[lab])
        assert need == D.mask_of([d])


@pytest.mark.rule("ERU-3.7")
@pytest.mark.rule("ERU-E10")
@pytest.mark.rule("ERU-0.4")
@pytest.mark.rule("ERU-0.6")
def test_rule_b_central_flow():
    st = blank()
    # at the start the 6 central flows are the only open flow ends, each facing an empty space
    assert sorted(B.frontier(st.tiles)) == sorted(H[x] for x in CENTRAL_EXITS)
    assert len(B.open_flow_ends(st.tiles)) == 6
    pending(st, 1)                      # dead end {S}; rotation 5 puts its flow on SE
    assert "place e4 5" in st.legal_actions()   # S1 = e4 is met by the central flow f4-NW
    assert _err(st, "place b7 5").rule == "ERU-3.7"   # S20 = b7: no flow end meets it
    st.apply("place e4 5")
    assert flows(st, "e4") == {"SE"}
    # central flows belong to no tile: they can be neither removed nor rotated
    goto(st, "p3", 0)
    st.hands[0] = ["aftershock", "sinkhole"]
    legal = st.legal_actions()
    assert not any(a.startswith(("sinkhole f", "aftershock f", "sinkhole e5", "sinkhole g4")) for a in legal)
    assert _err(st, "sinkhole f4").rule == "ERU-14.12"


@pytest.mark.rule("ERU-3.13")
@pytest.mark.rule("ERU-E13")
def test_rule_e_volcano_without_flow():
    st = blank()
    pending(st, 3)                      # sharp bend {S, SW}; rotation 5 -> {SE, S}
    assert _err(st, "place e4 5").rule == "ERU-3.13"   # S faces volcano hex e5, which has no printed flow
    assert "place e4 5" not in st.legal_actions()


@pytest.mark.rule("ERU-3.8")
@pytest.mark.rule("ERU-3.9")
@pytest.mark.rule("ERU-3.10")
@pytest.mark.rule("ERU-E11")
@pytest.mark.rule("ERU-0.3")
def test_rule_c_matching():
    st = blank()
    lay(st, "e4", "SE NW")              # T3 at S4 = e4: open flow end into d4 (S3)
    lay(st, "d3", "N")                  # T2 ("*") at S2 = d3: its S edge (toward d4) has no lava
    pending(st, 2)                      # straight {N, S}
    assert _err(st, "place d4 0").rule == "ERU-3.9"       # flow toward S2 = d3: wrong
    assert _err(st, "place d4 1").rule == "ERU-3.10"      # no flow toward S4 = e4: wrong
    legal = [a for a in st.legal_actions() if a.startswith("place d4")]
    assert legal == ["place d4 2", "place d4 5"]          # flow toward e4, none toward d3
    st.apply("place d4 2")
    assert flows(st, "d4") == {"SE", "NW"}                # rotation 2 turned N-S into SE-NW


@pytest.mark.rule("ERU-3.11")
@pytest.mark.rule("ERU-3.12")
@pytest.mark.rule("ERU-E12")
def test_rule_d_village_and_off_board():
    st = blank()
    lay(st, "d3", "N")                  # open flow end into d2
    pending(st, 9)                      # {N, NE, S}: N leaves the board, NE hits side 1 of village 0
    assert "place d2 0" in st.legal_actions()
    st.apply("place d2 0")
    assert B.contacts(st.tiles, 0) == [0]
    assert D.NEIGH[H["d2"]][0] is None and (H["d2"], 0) not in D.SIDE_AT   # N: gap between villages


@pytest.mark.rule("ERU-3.6")
@pytest.mark.rule("ERU-0.1")
def test_rule_a_empty_space():
    st = blank()
    lay(st, "e4", "SE")
    pending(st, 1)
    assert _err(st, "place e4 5").rule == "ERU-3.6"     # a space holds at most one tile
    assert _err(st, "place f5 0").rule == "ERU-3.6"     # the volcano is no space for tiles
    assert _err(st, "place a1 0").rule == "notation"    # not a hex of the board at all


@pytest.mark.rule("ERU-3.1")
@pytest.mark.rule("ERU-3.3")
@pytest.mark.rule("ERU-3.2")
@pytest.mark.rule("ERU-2.4")
def test_phase2_draws_top_tile_and_placer_chooses():
    st = setup(2, seed=3)
    assert st.phase == "place" and st.mode == "p2"       # the first turn's Phase 2 tile is drawn
    assert st.pending not in st.stack and len(st.stack) == 39
    legal = st.legal_actions()
    assert len({a.split()[1] for a in legal}) >= 2        # the placer chooses space and rotation
    a = legal[-1]
    st.apply(a)
    h = H[a.split()[1]]
    assert st.tiles[h][2] == D.ROT[D.TILE_MASK[st.tiles[h][0]]][int(a.split()[2])]
    # the next turn draws the (new) top tile of the stack
    top = st.stack[-1]
    events = []
    first = st.current_player
    while st.current_player == first:
        legal = st.legal_actions()
        events = st.apply("end" if "end" in legal else next(a for a in legal if a.count(" ") == 1
                                                                and a.startswith("discard")))
    draws = [e for e in events if e["type"] == "draw_tile"]
    assert draws[0]["tile"] == top


@pytest.mark.rule("ERU-3.4")
@pytest.mark.rule("ERU-E15")
def test_must_place_even_into_own_village():
    st = blank()
    for lab, d in CENTRAL_EXITS.items():
        lay(st, lab, d)                                   # close every central exit
    lay(st, "d3", "N")                                    # the only open flow end: into d2
    lay(st, "e2", "N")                                    # d2's other neighbours show no lava toward it
    lay(st, "c3", "NW")
    assert set(B.frontier(st.tiles)) == {H["d2"]}
    pending(st, 9)                                        # {N, NE, S}: its only placement hits village 0
    assert st.legal_actions() == ["place d2 0"]
    assert _err(st, "end").rule == "ERU-3.4"
    st.apply("place d2 0")
    assert 0 in B.contacts(st.tiles, st.villages[0])           # side 1 of the placer's own village 0


@pytest.mark.rule("ERU-3.5")
@pytest.mark.rule("ERU-E14")
def test_unplaceable_tile_shuffled_back():
    st = blank()
    for lab, d in CENTRAL_EXITS.items():
        if lab != "d6":
            lay(st, lab, d)
    # d6's other neighbours carry lava only toward each other: only a dead end fits d6
    lay(st, "d5", "SW")
    lay(st, "c6", "NE")
    lay(st, "c7", "SE")
    lay(st, "d7", "NW")
    assert set(B.frontier(st.tiles)) == {H["d6"]}
    need, forbid = B.edge_profile(st.tiles, H["d6"])
    def fits(t):
        return any(D.ROT[D.TILE_MASK[t]][r] & need == need and not D.ROT[D.TILE_MASK[t]][r] & forbid
                   for r in range(6))
    good = [t for t in st.stack if fits(t)]
    bad = [t for t in st.stack if not fits(t)]
    assert good and bad
    st.stack = [good[0], bad[0]]                          # the misfit is on top
    goto(st, "p2?", 0)
    events = []
    st._run(events)
    kinds = [e["type"] for e in events]
    assert kinds[:3] == ["draw_tile", "reshuffle", "draw_tile"]
    assert events[0]["tile"] == bad[0] and events[2]["tile"] == good[0]
    assert st.pending == good[0] and st.stack == [bad[0]]  # the failed draw left the stack's size alone


@pytest.mark.rule("ERU-3.15")
@pytest.mark.rule("ERU-8.10")
def test_rules_apply_to_every_placement_mode():
    st = blank()
    lay(st, "e4", "SE NW")
    lay(st, "d3", "N")
    for mode in ("p2", "extra", "discard2", "lavaflow"):
        goto(st, "p3", 0)
        pending(st, 2, mode)
        assert [a for a in st.legal_actions() if a.startswith("place d4")] == ["place d4 2", "place d4 5"]
        st.stack.append(st.pending)
    goto(st, "p3", 0)
    pending(st, 2, "quake")
    # Quake: the space is the one of a lava tile; the new tile must meet the same rules there
    legal = st.legal_actions()
    assert "place e4 2" in legal and "place e4 5" in legal and "place e4 0" not in legal
    assert all(a.split()[1] in ("e4", "d3") for a in legal)


@pytest.mark.rule("ERU-4.1")
@pytest.mark.rule("ERU-4.2")
@pytest.mark.rule("ERU-4.3")
@pytest.mark.rule("ERU-6.4")
@pytest.mark.rule("ERU-3.16")
@pytest.mark.rule("ERU-E21")
def test_resource_hex_gives_wall():
    assert sorted(D.RESOURCES.values()).count("straw") == 6 and len(D.RESOURCES) == 12
    st = blank()
    lay(st, "e4", "SE NE")                                # NE points at f3, a straw hex
    assert D.RESOURCES[H["f3"]] == "straw"
    pending(st, 1)
    before = dict(st.reserve[0])
    st.apply("place f3 1")                                # dead end turned to SW, into e4
    assert st.reserve[0] == {**before, "straw": before["straw"] + 1}
    st2 = blank()
    lay(st2, "e3", "NW")                                  # toward d3, a wood hex
    pending(st2, 1)
    st2.apply("place d3 5")
    assert D.RESOURCES[H["d3"]] == "wood" and st2.reserve[0]["wood"] == 2   # wood hex -> wood wall


@pytest.mark.rule("ERU-4.4")
@pytest.mark.rule("ERU-5.15")
@pytest.mark.rule("ERU-E25")
def test_resource_after_sinkhole_later_turn():
    st = blank()
    lay(st, "g6", "N S")                                  # fed by the central flow g5-S
    lay(st, "g7", "N SE")
    lay(st, "h7", "NW")                                   # on the stone hex h7
    assert D.RESOURCES[H["h7"]] == "stone"
    goto(st, "p3", 0)
    st.hands[0] = ["sinkhole"]
    st.apply("sinkhole h7")                               # turn "5": P removes the tile on the stone hex
    assert H["h7"] not in st.tiles
    goto(st, "p3", 1)                                     # turn "6": Q
    pending(st, 1)
    stone = st.reserve[1]["stone"]
    st.apply("place h7 2")
    assert st.reserve[1]["stone"] == stone + 1
