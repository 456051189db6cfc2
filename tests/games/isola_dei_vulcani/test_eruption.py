"""Eruptions (IDV-10) and prayer tokens used against them (IDV-9.5 .. IDV-9.11)."""
import pytest

from lapilli import IllegalAction

from .helpers import BLANK, VOLCANO, clear, col, fresh, lying, script, types, village

rule = pytest.mark.rule

# Volcano 4 sits on E2; its channels (data): E3a E3b E4a E5a E5b | D2a D2b C3a C3b B3a |
# D1a C1a | E1a | F2a F2b G3a H3a.  Token index 3 of the pool [1..8] is volcano 4.
V4 = 3


def eruption_position(players=2):
    """Red (seat 0) is about to erect at G4-W; lava on E3a only near volcano 4."""
    s = clear(fresh(players, first=0), keep=("H5a", "E3a"))
    col(s, "G4", 0)
    lying(s, "G4a", 0)
    return s


@rule("IDV-10.1")
@rule("IDV-10.2")
@rule("IDV-10.3")
@rule("IDV-R3")
def test_blank_face_no_eruption():
    s = eruption_position()
    script(s, BLANK)
    ev = s.apply("erect G4a G4-W")
    roll = [e for e in ev if e["type"] == "roll"]
    assert roll == [{"type": "roll", "seat": 0, "face": "blank"}]
    assert "eruption" not in types(ev)
    assert s.spaces == {"H5a": "L", "E3a": "L"}


@rule("IDV-10.4")
@rule("IDV-10.5")
@rule("IDV-10.7")
@rule("IDV-10.8")
@rule("IDV-10.13")
@rule("IDV-I1")
@rule("IDV-I11")
@rule("IDV-G6")
def test_volcano_face_erupts_drawn_volcano():
    s = eruption_position()
    supply = s.lava_supply
    script(s, VOLCANO, V4)
    ev = s.apply("erect G4a G4-W")
    tok = [e for e in ev if e["type"] == "volcano-token"]
    assert tok == [{"type": "volcano-token", "volcano": 4}]
    # first free space in every direction: E3a holds lava, so E3b; then D2a, D1a, E1a, F2a
    for x in ("E3a", "E3b", "D2a", "D1a", "E1a", "F2a"):
        assert s.spaces[x] == "L"
    assert "E4a" not in s.spaces and "D2b" not in s.spaces and "F2b" not in s.spaces
    assert s.lava_supply == supply - 5
    assert s.volcanoes == list(range(1, 9))  # the token goes back to the pool


@rule("IDV-10.6")
@rule("IDV-10.14")
def test_pool_holds_only_volcanoes_on_board():
    s = eruption_position()
    s.volcanoes = [2, 4, 7]  # the others have sunk
    s.sunk.update({s.geo.volcano_hex[v] for v in (1, 3, 5, 6, 8)})
    script(s, VOLCANO, 1)  # index 1 of [2, 4, 7]
    ev = s.apply("erect G4a G4-W")
    assert [e["volcano"] for e in ev if e["type"] == "volcano-token"] == [4]


@rule("IDV-10.9")
@rule("IDV-10.11")
@rule("IDV-10.12")
@rule("IDV-E26")
@rule("IDV-5.8")
def test_lava_destroys_village_and_lying_moai():
    s = eruption_position()
    village(s, "D2a", 1)
    lying(s, "E3b", 1)
    col(s, "D2", 1)
    vp = list(s.points)
    script(s, VOLCANO, V4)
    ev = s.apply("erect G4a G4-W")
    assert s.spaces["D2a"] == "L" and s.spaces["E3b"] == "L"
    assert s.reserve_villages[1] == 6 and s.reserve_moai[1] == 14
    assert s.points[1] == vp[1]
    destroyed = sorted(e["space"] for e in ev if e["type"] == "destroyed")
    assert destroyed == ["D2a", "E3b"]
    assert s.colonists["D2"][1] == 1  # colonists are not touched


@rule("IDV-10.10")
@rule("IDV-9.6")
@rule("IDV-9.7")
@rule("IDV-9.8")
@rule("IDV-E26")
@rule("IDV-I12")
@rule("IDV-I13")
@rule("IDV-D11")
def test_prayer_token_saves_village_outside_own_turn():
    s = eruption_position()
    village(s, "D2a", 1)
    s.prayer_tokens[1] = 1
    s.prayer_supply -= 1
    script(s, VOLCANO, V4)
    s.apply("erect G4a G4-W")
    assert s.to_move == 1 and s.current_player == 0  # Blue decides during Red's turn
    assert s.legal_actions() == ["save D2a", "done"]
    with pytest.raises(IllegalAction) as e:
        s.apply("save E3b")
    assert e.value.rule == "IDV-9.6"
    s.apply("save D2a")
    assert s.spaces["D2a"] == "V1"  # saved, and no lava in that direction
    assert "D2b" not in s.spaces and "C3a" not in s.spaces
    assert s.prayer_tokens[1] == 0 and s.prayer_supply == 11  # removed from the game, not returned
    assert s.to_move == 0


@rule("IDV-9.9")
@rule("IDV-9.10")
def test_several_tokens_at_once_and_never_obliged():
    s = eruption_position()
    village(s, "D2a", 1)
    lying(s, "E3b", 1)
    village(s, "F2a", 1)
    s.prayer_tokens[1] = 3
    script(s, VOLCANO, V4)
    s.apply("erect G4a G4-W")
    assert sorted(s.legal_actions()) == ["done", "save D2a", "save E3b", "save F2a"]
    s.apply("save D2a")
    s.apply("save E3b")
    assert s.legal_actions() == ["save F2a", "done"]
    s.apply("done")  # keeps the third token, loses the village on F2a
    assert s.prayer_tokens[1] == 1
    assert s.spaces["D2a"] == "V1" and s.spaces["E3b"] == "M1" and s.spaces["F2a"] == "L"


@rule("IDV-9.5")
def test_token_used_in_the_turn_it_was_obtained():
    s = eruption_position()
    village(s, "D2a", 0)
    s.apply("pray")
    script(s, VOLCANO, V4)
    s.apply("erect G4a G4-W")
    assert s.to_move == 0 and s.decision[0] == "save"
    s.apply("save D2a")
    assert s.spaces["D2a"] == "V0" and s.prayer_tokens[0] == 0


@rule("IDV-9.11")
def test_no_prayer_against_sinking():
    # area 14 (C7, D7) sinks with a Blue village on it; Blue holds a token but is never asked
    from .helpers import crack
    s = clear(fresh(2, first=0))
    col(s, "D7", 0)
    lying(s, "D7a", 0)
    village(s, "C7a", 1)
    s.prayer_tokens[1] = 2
    for a, b in (("C7", "B6"), ("C7", "C6"), ("C7", "D6"), ("D6", "D7")):
        crack(s, a, b)
    script(s, BLANK)
    s.apply("erect D7a D7-SW")
    assert s.decision[0] == "rescue" and s.decision[1] == 0
    s.apply("skip")
    assert "C7" in s.sunk and s.reserve_villages[1] == 6 and s.prayer_tokens[1] == 2


@rule("IDV-10.16")
@rule("IDV-10.17")
@rule("IDV-E24")
@rule("IDV-I14")
@rule("IDV-D12")
@rule("IDV-R5")
def test_double_eruption_when_last_lava_is_used():
    s = clear(fresh(2, first=0), keep=("E3a",))
    col(s, "E3", 0)
    script(s, 0, 0)  # the two tokens drawn: volcanoes 1 and 2
    ev = s.apply("carve E3a")
    assert "roll" not in types(ev)
    assert [e["volcanoes"] for e in ev if e["type"] == "double-eruption"] == [[1, 2]]
    assert s.decision == ("order", 0, (1, 2)) and s.to_move == 0
    assert s.legal_actions() == ["erupt 1", "erupt 2"]
    ev = s.apply("erupt 2")
    order = [e["volcano"] for e in ev if e["type"] == "eruption"]
    assert order == [2, 1]
    assert s.lava_on_board() > 0
    assert s.action_points == 3  # Red goes on with the turn


@rule("IDV-I14")
def test_double_eruption_not_repeated_without_new_lava():
    s = clear(fresh(2, first=0), keep=())
    col(s, "E3", 0)
    s.double_eruption_allowed = False  # a double eruption already happened and left no lava
    ev = s.apply("move E3 F2")
    assert "double-eruption" not in types(ev)
    s2 = clear(fresh(2, first=0), keep=())
    col(s2, "E3", 0)
    script(s2, 0, 0)
    ev = s2.apply("move E3 F2")  # no lava at all and it had not run out before: double eruption
    assert "double-eruption" in types(ev)


@rule("IDV-I10")
def test_eruption_limited_by_lava_supply():
    s = eruption_position()
    s.lava_supply = 2
    script(s, VOLCANO, V4)
    s.apply("erect G4a G4-W")
    # G4a's lava came back to the supply? no: erecting does not return lava; 2 tiles placed in channel order
    assert s.spaces.get("E3b") == "L" and s.spaces.get("D2a") == "L" and "D1a" not in s.spaces
    assert s.lava_supply == 0


def carried_onto_volcano(prayer=0):
    """Red carries a lying Moai onto volcano 4's hex E2 (no spaces there) and a second one onto G3,
    whose only space holds lava; then Red erects at G4-W and the die calls volcano 4."""
    s = clear(fresh(2, first=0), keep=("H5a", "F2a", "F2b", "G3a"))
    col(s, "E3", 0)
    lying(s, "E3a", 0)
    s.apply("carry E3a E2")
    col(s, "F3", 0)
    lying(s, "F3a", 0)
    s.apply("carry F3a G3")
    assert s.loose_moai == {"E2": (0,), "G3": (0,)}
    col(s, "G4", 0)
    lying(s, "G4a", 0)
    s.prayer_tokens = [prayer, 0]
    s.action_points = 4
    s._legal_cache = None
    return script(s, VOLCANO, V4)


@rule("IDV-10.9")
@rule("IDV-I18")
def test_lava_destroys_a_moai_lying_without_a_space():
    """"un Moai non ancora eretto ... sarà distrutto" when lava reaches it: a Moai carried onto a
    volcano hex is destroyed when that volcano erupts, and one on a hex whose spaces all hold lava
    when the flow passes over its hex.  No lying Moai is out of lava's reach."""
    s = carried_onto_volcano()
    moai = s.reserve_moai[0]
    ev = s.apply("erect G4a G4-W")
    erupt = next(e for e in ev if e["type"] == "eruption")
    assert sorted(map(tuple, erupt["threatened"])) == [("E2", 0), ("G3", 0)]   # H3a is where F2-G3's flow lands
    assert "H3a" in erupt["targets"]
    destroyed = [e for e in ev if e["type"] == "destroyed"]
    assert {e.get("hex") for e in destroyed} == {"E2", "G3"} and s.loose_moai == {}
    assert s.reserve_moai[0] == moai + 2


@rule("IDV-10.10")
@rule("IDV-I18")
def test_a_prayer_token_saves_a_moai_lying_without_a_space():
    s = carried_onto_volcano(prayer=1)
    s.apply("erect G4a G4-W")
    assert s.decision == ("save", 0) and sorted(s.legal_actions()) == ["done", "save E2", "save G3"]
    ev = s.apply("save E2")
    assert s.loose_moai == {"E2": (0,)} and [e.get("hex") for e in ev if e["type"] == "destroyed"] == ["G3"]
