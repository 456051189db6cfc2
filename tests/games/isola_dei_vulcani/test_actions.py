"""Turn structure (IDV-2) and the seven actions (IDV-3 .. IDV-9)."""
import pytest

from lapilli import IllegalAction

from .helpers import BLANK, clear, col, crack, erected, fresh, lava, lying, script, types, village

rule = pytest.mark.rule


def refused(s, action):
    before = s.to_json()
    with pytest.raises(IllegalAction) as e:
        s.apply(action)
    assert s.to_json() == before
    return e.value.rule


# ---------------------------------------------------------------- IDV-2 turn structure
@rule("IDV-2.2")
@rule("IDV-2.7")
@rule("IDV-3.5")
@rule("IDV-E14")
@rule("IDV-0.9")
def test_landing_costs_one_move_and_four_points_per_turn():
    s = fresh(2, first=0)
    s.boat = [1, 1]
    s._legal_cache = None
    assert s.action_points == 4
    legal = s.legal_actions()
    assert {a for a in legal if a.startswith("land")} == {"land H3", "land H4", "land H5"}
    s.apply("land H4")
    assert s.action_points == 3 and s.boat[0] == 0 and s.colonists["H4"][0] == 1
    assert not any(a.startswith("land") for a in s.legal_actions())
    s.apply("move H4 G4")
    s.apply("move G4 F4")
    s.apply("move F4 E4")
    # 4 AP spent: Blue's turn with 4 fresh AP
    assert s.current_player == 1 and s.action_points == 4
    assert refused(s, "land G4") == "IDV-3.5"


@rule("IDV-2.3")
@rule("IDV-2.4")
@rule("IDV-7.1")
@rule("IDV-3.1")
@rule("IDV-4.1")
@rule("IDV-5.1")
@rule("IDV-6.1")
@rule("IDV-8.1")
def test_action_costs():
    s = clear(fresh(2, first=0))
    col(s, "E3", 0)
    lava(s, "E3a", "F2a", "F2b")
    s.apply("carve E3a")  # 1
    assert s.action_points == 3
    s.apply("move E3 F2")  # 1
    assert s.action_points == 2
    s.apply("village F2a")  # 2
    assert s.current_player == 1  # turn over
    s.apply("end")
    assert s.action_points == 4 and s.current_player == 0
    s.apply("colonist F2")  # 1
    assert s.action_points == 3
    s.apply("carve F2b")  # 1: the same action twice in a turn is allowed (IDV-2.4)
    s.apply("move F2 E3")
    assert s.action_points == 1
    script(s, BLANK)
    s.apply("erect E3a E3-E")  # 1
    assert s.current_player == 1
    s.apply("end")
    s.apply("carry F2b E3b")  # a colonist is still on F2 (1 AP)
    assert s.action_points == 3


@rule("IDV-2.5")
@rule("IDV-2.6")
@rule("IDV-I27")
def test_points_limit_and_early_end():
    s = clear(fresh(2, first=0))
    col(s, "E3", 0)
    lava(s, "E3a")
    s.apply("move E3 F2")
    s.apply("move F2 E3")
    s.apply("move E3 F2")
    assert s.action_points == 1
    assert not any(a.startswith("village") for a in s.legal_actions())
    s.apply("move F2 E3")
    assert s.action_points == 4 and s.current_player == 1  # all 4 spent: the turn passed
    s.apply("end")  # Blue ends at once, with 4 points unspent
    assert s.current_player == 0 and s.action_points == 4
    s.apply("carve E3a")
    s.apply("end")  # 3 points lost
    s.apply("end")
    assert s.current_player == 0 and s.action_points == 4  # not 7


@rule("IDV-2.5")
def test_too_few_points_cites_the_limit():
    s = clear(fresh(2, first=0))
    col(s, "E3", 0)
    lava(s, "E3a")
    s.action_points = 1
    s._legal_cache = None
    assert refused(s, "village E3a") == "IDV-2.5"


@rule("IDV-2.8")
@rule("IDV-0.12")
def test_only_current_player_acts():
    s = clear(fresh(2, first=0))
    col(s, "E3", 1)
    col(s, "H4", 0)
    assert s.to_move == 0
    assert refused(s, "move E3 F2") == "IDV-3.2"  # a Blue colonist: not Red's
    assert refused(s, "skip") == "IDV-2.8"
    assert refused(s, "save E3a") == "IDV-2.8"


@rule("IDV-2.9")
@rule("IDV-I10")
def test_empty_reserve_blocks_actions():
    s = clear(fresh(2, first=0))
    col(s, "E3", 0)
    village(s, "E3b", 0)
    lava(s, "E3a")
    s.reserve_moai[0] = 0
    s.reserve_villages[0] = 0
    s.reserve_colonists[0] = 0
    s._legal_cache = None
    legal = s.legal_actions()
    assert "carve E3a" not in legal and "village E3a" not in legal and "colonist E3" not in legal
    assert refused(s, "carve E3a") == "IDV-2.9"
    assert refused(s, "village E3a") == "IDV-2.9"
    assert refused(s, "colonist E3") == "IDV-2.9"


# ---------------------------------------------------------------- IDV-3 move a colonist
@rule("IDV-3.2")
@rule("IDV-3.6")
@rule("IDV-3.7")
@rule("IDV-0.5")
@rule("IDV-I20")
def test_move_to_adjacent_hex():
    s = clear(fresh(3, first=0))
    col(s, "E3", 0)
    col(s, "E4", 1)
    col(s, "E4", 2)
    moves = sorted(a for a in s.legal_actions() if a.startswith("move"))
    assert moves == sorted(f"move E3 {m}" for m in ("E4", "D3", "D2", "E2", "F2", "F3"))
    assert refused(s, "move E3 E5") == "IDV-3.2"
    s.apply("move E3 E4")  # other colours on E4 do not block
    assert s.colonists["E4"] == (1, 1, 1) and "E3" not in s.colonists
    s.apply("move E4 E5")  # the same colonist again
    assert s.colonists["E5"] == (1, 0, 0)


@rule("IDV-3.3")
@rule("IDV-0.8")
def test_cracks_block_colonists():
    s = clear(fresh(2, first=0))
    col(s, "E3", 0)
    crack(s, "E3", "E4")
    assert "move E3 E4" not in s.legal_actions()
    assert refused(s, "move E3 E4") == "IDV-3.3"
    assert "move E3 F3" in s.legal_actions()


@rule("IDV-3.4")
@rule("IDV-0.5")
def test_no_move_into_sea_or_sunk_hex():
    s = clear(fresh(2, first=0))
    col(s, "H3", 0)
    assert sorted(a for a in s.legal_actions() if a.startswith("move")) == ["move H3 G3", "move H3 G4", "move H3 H4"]
    s.sunk.add("H4")
    s._legal_cache = None
    assert "move H3 H4" not in s.legal_actions()
    assert refused(s, "move H3 H4") == "IDV-3.4"


# ---------------------------------------------------------------- IDV-4 move with a Moai
@rule("IDV-4.2")
@rule("IDV-4.4")
@rule("IDV-4.5")
@rule("IDV-4.6")
@rule("IDV-I18")
@rule("IDV-7.5")
def test_carry_a_lying_moai():
    s = clear(fresh(2, first=0))
    col(s, "E3", 0)
    lying(s, "E3a", 0)
    lava(s, "F2a", "G3a")
    carries = sorted(a for a in s.legal_actions() if a.startswith("carry"))
    assert "carry E3a F2b" in carries and "carry E3a F2a" not in carries  # F2a holds lava
    s.apply("carry E3a F2b")
    assert s.spaces.get("F2b") == "M0" and "E3a" not in s.spaces  # the space it left is empty
    assert s.colonists["F2"][0] == 1
    s.apply("move F2 E3")  # the colonist goes on alone, the Moai stays
    assert s.spaces.get("F2b") == "M0"
    s.apply("move E3 F2")
    s.apply("carry F2b G3")  # G3's only space holds lava: the Moai lies on the hex without a space
    assert s.loose_moai == {"G3": (0,)}
    assert s.current_player == 1
    s.apply("end")
    script(s, BLANK)
    s.apply("erect G3 G3-E")  # a carried Moai can be erected
    assert s.erected["G3-E"] == 0 and s.loose_moai == {}


@rule("IDV-4.3")
@rule("IDV-0.6")
def test_carry_blocked_by_crack_and_full_space():
    s = clear(fresh(2, first=0))
    col(s, "E3", 0)
    lying(s, "E3a", 0)
    crack(s, "E3", "F2")
    assert not any(a.startswith("carry E3a F2") for a in s.legal_actions())
    assert refused(s, "carry E3a F2b") == "IDV-4.3"
    lava(s, "E4a")
    assert refused(s, "carry E3a E4a") == "IDV-0.6"
    assert refused(s, "carry E3b E4") == "IDV-4.2"  # no Moai at E3b


@rule("IDV-4.7")
@rule("IDV-8.10")
def test_erected_moai_cannot_move():
    s = clear(fresh(2, first=0))
    col(s, "E3", 0)
    erected(s, "E3-E", 0)
    assert not any(a.startswith("carry") for a in s.legal_actions())
    assert refused(s, "carry E3 E4") == "IDV-4.2"


# ---------------------------------------------------------------- IDV-5 build a village
@rule("IDV-5.2")
@rule("IDV-5.3")
@rule("IDV-5.4")
@rule("IDV-5.5")
@rule("IDV-5.6")
@rule("IDV-12.1")
@rule("IDV-E20")
@rule("IDV-0.14")
@rule("IDV-I23")
def test_build_village():
    s = clear(fresh(2, first=0))
    col(s, "E3", 0)
    lava(s, "E3a")
    assert refused(s, "village F2a") == "IDV-5.2"
    assert refused(s, "village E3b") == "IDV-5.3"
    supply = s.lava_supply
    ev = s.apply("village E3a")
    assert s.spaces["E3a"] == "V0" and s.reserve_villages[0] == 5
    assert s.points[0] == 1 and s.action_points == 2
    assert s.lava_supply == supply + 1 and s.lava_on_board() == 1
    assert s.colonists["E3"][0] == 1
    assert "village" in types(ev)


@rule("IDV-5.7")
@rule("IDV-5.8")
def test_village_never_moves():
    s = clear(fresh(2, first=0))
    col(s, "E3", 0)
    village(s, "E3a", 0)
    assert not any(a.startswith("carry") for a in s.legal_actions())
    assert refused(s, "carry E3a F2b") == "IDV-4.2"
    for _ in range(2):
        s.apply("end")
    assert s.spaces["E3a"] == "V0"


# ---------------------------------------------------------------- IDV-6 create a colonist
@rule("IDV-6.2")
@rule("IDV-6.3")
@rule("IDV-6.4")
@rule("IDV-6.5")
@rule("IDV-6.6")
@rule("IDV-E13")
@rule("IDV-I17")
@rule("IDV-I4")
def test_create_colonist_limit():
    s = clear(fresh(2, first=0))
    col(s, "E3", 0)
    village(s, "E3a", 0)
    lava(s, "F2a")
    assert refused(s, "colonist F2") == "IDV-6.3"
    s.apply("colonist E3")
    assert s.colonists["E3"][0] == 2 and s.reserve_colonists[0] == 3
    assert "colonist E3" not in s.legal_actions()
    assert refused(s, "colonist E3") == "IDV-6.4"
    s.apply("move E3 F2")  # the new colonist can act at once
    s.apply("village F2a")  # a second village in area 4
    assert s.current_player == 1
    s.apply("end")
    # a new turn: the count starts again
    s.apply("colonist E3")
    s.apply("colonist F2")  # area 4 has 2 Red villages now: 2 creations per turn
    assert refused(s, "colonist E3") == "IDV-6.4"
    # another player's village does not allow creation
    t = clear(fresh(2, first=0))
    col(t, "E3", 0)
    village(t, "E3a", 1)
    assert refused(t, "colonist E3") == "IDV-6.3"


# ---------------------------------------------------------------- IDV-7 carve a Moai
@rule("IDV-7.2")
@rule("IDV-7.3")
@rule("IDV-7.4")
@rule("IDV-7.6")
@rule("IDV-0.10")
def test_carve():
    s = clear(fresh(2, first=0))
    col(s, "E3", 0)
    lava(s, "E3a", "F2a")
    assert refused(s, "carve F2a") == "IDV-7.2"
    assert refused(s, "carve E3b") == "IDV-7.3"
    s.apply("carve E3a")
    assert s.spaces["E3a"] == "M0" and s.reserve_moai[0] == 13 and s.points[0] == 0
    assert "E3a" in s._own_lying("E3", 0)


# ---------------------------------------------------------------- IDV-8 erect a Moai
@rule("IDV-8.2")
@rule("IDV-8.3")
@rule("IDV-8.4")
@rule("IDV-8.5")
@rule("IDV-8.7")
@rule("IDV-8.8")
@rule("IDV-0.7")
@rule("IDV-0.13")
@rule("IDV-I2")
@rule("IDV-I19")
def test_erect():
    s = clear(fresh(2, first=0))
    lying(s, "E3a", 0)
    lying(s, "E3b", 1)
    assert refused(s, "erect E3a E3-E") == "IDV-8.3"
    col(s, "E3", 0)
    assert refused(s, "erect E3b E3-E") == "IDV-8.4"  # Blue's Moai
    assert refused(s, "erect E3a E4-W") == "IDV-8.4"  # crater on another hex
    erected(s, "E3-NE", 1)
    assert refused(s, "erect E3a E3-NE") == "IDV-8.2"
    script(s, BLANK)
    ev = s.apply("erect E3a E3-E")
    assert s.erected["E3-E"] == 0 and "E3a" not in s.spaces
    assert "E3|E4" in s.cracks and s.crack_supply == 25
    assert types(ev)[:4] == ["erect", "crack", "roll", "score"]
    assert s.points[0] == 1


@rule("IDV-8.6")
@rule("IDV-E15")
@rule("IDV-I26")
def test_crack_already_present():
    s = clear(fresh(2, first=0))
    col(s, "E3", 0)
    lying(s, "E3a", 0)
    crack(s, "E3", "E4")
    before = (set(s.cracks), s.crack_supply)
    script(s, BLANK)
    ev = s.apply("erect E3a E3-E")
    assert (set(s.cracks), s.crack_supply) == before
    assert "roll" in types(ev) and "crack" not in types(ev)


@rule("IDV-8.9")
@rule("IDV-I9")
def test_order_crack_die_score_sinking():
    # D7 (area 14 with C7) is cut off by cracks except D7|E7; erecting at D7-SW closes it
    s = clear(fresh(2, first=0))
    col(s, "D7", 0)
    lying(s, "D7a", 0)
    crack(s, "C7", "B6")
    crack(s, "C7", "C6")
    crack(s, "C7", "D6")
    crack(s, "D6", "D7")
    script(s, BLANK)
    ev = s.apply("erect D7a D7-SW")
    t = types(ev)
    assert t.index("crack") < t.index("roll") < t.index("score") < t.index("sinking")
    assert s.points[0] == 1  # scored before the part sank
    assert s.decision[0] == "rescue"  # Red's colonist stands in the sinking part
    s.apply("skip")
    assert "D7" in s.sunk and "C7" in s.sunk


@rule("IDV-8.11")
@rule("IDV-I33")
@rule("IDV-10.15")
def test_erected_moai_and_colonists_immune_to_eruption():
    s = clear(fresh(2, first=0), keep=("H5a", "E3a"))
    erected(s, "E3-E", 1)
    col(s, "E3", 1)
    col(s, "E4", 0)
    lying(s, "E4a", 0)
    crack(s, "D3", "E4")
    before_cracks = set(s.cracks)
    # volcano 4 (E2) erupts: channel E3a (lava) -> E3b, etc.
    script(s, 4, 3)  # volcano face, token index 3 = volcano 4
    ev = s.apply("erect E4a E4-NE")
    assert "eruption" in types(ev)
    assert s.erected["E3-E"] == 1 and s.colonists["E3"][1] == 1
    assert s.spaces["E3a"] == "L" and s.spaces["E3b"] == "L"
    assert before_cracks <= s.cracks


# ---------------------------------------------------------------- IDV-9 prayer tokens
@rule("IDV-9.1")
@rule("IDV-9.2")
@rule("IDV-9.3")
@rule("IDV-9.4")
@rule("IDV-E12")
@rule("IDV-I5")
def test_prayer_token_costs():
    s = clear(fresh(2, first=0))
    s.apply("pray")
    assert s.prayer_tokens == [1, 0] and s.prayer_supply == 11 and s.action_points == 3
    assert "pray" not in s.legal_actions()
    assert refused(s, "pray") == "IDV-9.2"
    s.apply("end")
    s.apply("end")
    s.apply("pray")  # holding 1: costs 2
    assert s.action_points == 2 and s.prayer_tokens[0] == 2
    s.apply("end")
    s.apply("end")
    s.apply("pray")  # holding 2: costs 3
    assert s.action_points == 1 and s.prayer_tokens[0] == 3
    s.apply("end")
    s.apply("end")
    s.apply("pray")  # holding 3: costs 4
    assert s.prayer_tokens[0] == 4 and s.current_player == 1
    s.apply("end")
    assert "pray" not in s.legal_actions()  # holding 4: 5 AP, never possible
    assert refused(s, "pray") == "IDV-9.3"
    # after using a token the cost falls again (reading a of IDV-I5)
    s.prayer_tokens[0] = 0
    s._legal_cache = None
    s.apply("pray")
    assert s.action_points == 3


@rule("IDV-9.1")
def test_prayer_supply_finite():
    s = clear(fresh(2, first=0))
    s.prayer_supply = 0
    s._legal_cache = None
    assert refused(s, "pray") == "IDV-9.1"
