"""Comfort scoring, tie-breaks, optional rules and the rulebook's worked examples (KDO-8, 9, 11, 12)."""
import pytest

from lapilli.games.kingdomino_origins import board
from lapilli.games.kingdomino_origins.data import CRO_DECK, CRO_KINDS, DESERT, LAKE, VOLCANO

from .helpers import cell, new, set_territory

EMPTY5 = [". . . . .", ". . . . .", ". . H . .", ". . . . .", ". . . . ."]


def parts(s, p=0):
    return s.score_parts(p)


def regions(s, p=0):
    return sorted(board.regions(s.geo, s.land[p], s.campfires[p], s.fire_tokens[p]))


@pytest.mark.rule("KDO-8.1")
@pytest.mark.rule("KDO-8.2")
@pytest.mark.rule("KDO-8.4")
@pytest.mark.rule("KDO-8.5")
@pytest.mark.rule("KDO-8.6")
@pytest.mark.rule("KDO-8.7")
@pytest.mark.rule("KDO-8.8")
@pytest.mark.rule("KDO-5.2")
@pytest.mark.rule("KDO-V1")
def test_comfort_of_regions():
    s = new(3)
    set_territory(s, 0, ["L1 L L*2 . .",
                         "L . . . .",
                         ". . H L L",
                         ". . V1 V1 .",
                         ". . . . ."])
    assert regions(s) == [(LAKE, 2, 0), (LAKE, 4, 3), (VOLCANO, 2, 0)]
    assert parts(s)["comfort"] == 12  # 4 x 3 + 2 x 0 + volcano 0
    assert s.scores()[0] == 12  # KDO-8.9: Discovery final score = comfort
    # a volcano region never scores, even with fire icons on it
    assert board.comfort([(VOLCANO, 3, 2)]) == 0
    # diagonal contact does not join a region
    set_territory(s, 1, ["D1 . . . .", ". D . . .", ". . H . .", ". . . . .", ". . . . ."])
    assert regions(s, 1) == [(DESERT, 1, 0), (DESERT, 1, 1)]
    assert parts(s, 1)["comfort"] == 1


@pytest.mark.rule("KDO-8.3")
def test_start_tile_joins_no_region():
    s = new(3)
    set_territory(s, 0, [". . . . .", ". . . . .", ". L1 H L .", ". . . . .", ". . . . ."])
    assert regions(s) == [(LAKE, 1, 0), (LAKE, 1, 1)]
    assert parts(s)["comfort"] == 1  # not 3 x 1 through the start tile
    assert parts(s)["largest_region"] == 1


@pytest.mark.rule("KDO-8.9")
@pytest.mark.rule("KDO-10.16")
@pytest.mark.rule("KDO-11.36")
@pytest.mark.rule("KDO-11.37")
@pytest.mark.rule("KDO-10.17")
def test_final_score_by_mode():
    rows = ["S1 S+m . . .", ". . . . .", ". . H . .", ". . . . .", ". . . . D:painter"]
    for mode, expected in (("discovery", 2), ("totem", 2 + 1 + 3), ("tribe", 2 + 0)):
        s = new(3, mode)
        set_territory(s, 0, rows)
        if mode == "totem":
            s.totem[0] = 0  # seat 0 holds the mammoth Totem (3 points)
        assert s.scores()[0] == expected, mode
    # Tribe mode: the painter next to the mammoth scores 2; leftover resources score nothing
    s = new(3, "tribe")
    set_territory(s, 0, ["S1 S+m D:painter . .", ". . . . .", ". . H . .", ". . . . .", ". . . . ."])
    assert parts(s) == {"comfort": 2, "cromagnons": 2, "largest_region": 2, "fire_icons": 1}
    # Totem mode: resources still on row tiles score for nobody
    s = new(3, "totem")
    assert s.row_resources and s.scores() == [0, 0, 0]


@pytest.mark.rule("KDO-8.10")
@pytest.mark.rule("KDO-1.6")
def test_highest_score_wins():
    s = new(3)
    set_territory(s, 0, ["D1 D . . .", ". . . . .", ". . H . .", ". . . . .", ". . . . ."])
    set_territory(s, 1, ["D2 D . . .", ". . . . .", ". . H . .", ". . . . .", ". . . . ."])
    s.phase = "over"
    assert s.scores() == [2, 4, 0]
    assert s.winners() == [1]


@pytest.mark.rule("KDO-9.1")
@pytest.mark.rule("KDO-9.2")
@pytest.mark.rule("KDO-9.3")
def test_tie_breaks():
    s = new(3)
    s.phase = "over"
    # seats 0 and 1 score 4; seat 1 has the larger region (3 squares of desert without fire)
    set_territory(s, 0, ["D2 D . . .", ". . . . .", ". . H . .", ". . . . .", ". . . . ."])
    set_territory(s, 1, ["D2 D . . .", ". . . . .", ". . H Q Q", ". . . . Q", ". . . . ."])
    assert s.scores()[:2] == [4, 4] and s.winners() == [1]
    # equal largest regions: more fire icons wins (a fire icon in a region that scores nothing counts)
    set_territory(s, 1, ["D2 D . . .", ". . . . .", ". . H L . ", ". . . . .", ". . . . ."])
    s.campfires[1][cell(s, 2, 3)] = 1
    s.land[1][cell(s, 2, 3)] = VOLCANO  # a volcano square holding fire scores 0 but its icon counts
    assert s.scores()[:2] == [4, 4] and s.winners() == [1]
    # still tied: shared victory
    set_territory(s, 1, ["D2 D . . .", ". . . . .", ". . H . .", ". . . . .", ". . . . ."])
    assert s.winners() == [0, 1]


@pytest.mark.rule("KDO-9.4")
def test_tie_breaks_on_mode_score():
    s = new(3, "totem")
    s.phase = "over"
    set_territory(s, 0, ["D2 D . . .", ". . . . .", ". . H . .", ". . . . .", ". . . . ."])  # 4
    set_territory(s, 1, ["D1 D D . .", ". . . . .", ". . H . .", ". . . . S+m", ". . . . ."])  # 3 + 1
    assert s.scores()[:2] == [4, 4]
    assert s.winners() == [1]  # larger region (3) after the Totem-mode bonus tied the scores


@pytest.mark.rule("KDO-12.2")
@pytest.mark.rule("KDO-12.3")
@pytest.mark.rule("KDO-12.1")
def test_fire_empire():
    s = new(3, "tribe", fire_empire=True)
    set_territory(s, 0, ["D D D D D", "D D D D D", "D D H D D", "D D D D D", "D D D D D"])
    assert parts(s)["fire_empire"] == 10
    # incomplete but centred: still 10
    set_territory(s, 0, [". . D . .", ". . D . .", "D D H D D", ". . D . .", ". . D . ."])
    assert parts(s)["fire_empire"] == 10
    # columns span 4 (KDO-I27 reading a): the Hut is not exactly at the centre
    set_territory(s, 0, [". . . . .", ". D D D D", ". D H D D", ". D D D D", ". . . . ."])
    assert parts(s)["fire_empire"] == 0
    s = new(3, "discovery")
    assert "fire_empire" not in parts(s)


@pytest.mark.rule("KDO-13.8")
def test_fire_empire_and_homo_habilis_on_seven_by_seven():
    s = new(2, "discovery", fire_empire=True, homo_habilis=True)
    rows = [". . . D . . ."] * 3 + ["D D D H D D D"] + [". . . D . . ."] * 3
    set_territory(s, 0, rows)
    assert parts(s)["fire_empire"] == 10
    rows = [". . . . . . ."] + [". . . D . . ."] * 2 + ["D D D H D D D"] + [". . . D . . ."] * 3
    set_territory(s, 0, rows)
    assert parts(s)["fire_empire"] == 0
    assert parts(s)["homo_habilis"] == 5
    s.discards[0] = 1
    assert parts(s)["homo_habilis"] == 0


@pytest.mark.rule("KDO-12.4")
def test_homo_habilis():
    s = new(4, "totem", homo_habilis=True)
    assert [parts(s, p)["homo_habilis"] for p in range(4)] == [5, 5, 5, 5]
    s.discards[2] = 1
    assert [s.end_bonuses(p)["homo_habilis"] for p in range(4)] == [5, 5, 0, 5]
    assert s.scores() == [0, 0, 0, 0]        # an end-of-game bonus: not scored before the end
    s.phase = "over"
    assert s.scores() == [5, 5, 0, 5]


# ---------------------------------------------------------------- Cro-magnons (Tribe mode)

E1_ROWS = ["S+m D:hunter S+m D D",
           "S+m S+m D D D",
           "D D H D D",
           "D D D D S+m",
           "D D D D:hunter S+m"]


@pytest.mark.rule("KDO-E1")
@pytest.mark.rule("KDO-E2")
@pytest.mark.rule("KDO-11.22")
@pytest.mark.rule("KDO-11.24")
@pytest.mark.rule("KDO-11.19")
def test_hunters_example():
    s = new(4, "tribe")
    set_territory(s, 0, E1_ROWS)
    pts = board.cro_points(s.geo, s.cromagnons[0], s.resources[0], s.campfires[0], s.fire_tokens[0])
    assert pts[cell(s, 0, 1)] == 12
    assert pts[cell(s, 4, 3)] == 6
    assert parts(s) == {"comfort": 0, "cromagnons": 18, "largest_region": 17, "fire_icons": 0}
    assert s.scores()[0] == 18


E3_ROWS = ["D:amazzone D:magrolino D D D",
           "D D:magrolino D D D",
           "D D H D D",
           "D D D D D",
           "D D D D D:magrolino"]


@pytest.mark.rule("KDO-E3")
@pytest.mark.rule("KDO-E4")
@pytest.mark.rule("KDO-11.32")
@pytest.mark.rule("KDO-11.33")
@pytest.mark.rule("KDO-11.34")
@pytest.mark.rule("KDO-11.35")
def test_horde_example():
    s = new(4, "tribe")
    set_territory(s, 0, E3_ROWS)
    assert sorted(h[1:] for h in board.hordes(s.geo, s.cromagnons[0])) == [(1, 1), (3, 4)]
    pts = board.cro_points(s.geo, s.cromagnons[0], s.resources[0], s.campfires[0], s.fire_tokens[0])
    assert sorted(pts.values()) == [0, 0, 1, 12]
    assert s.scores()[0] == 13


@pytest.mark.rule("KDO-V3")
@pytest.mark.rule("KDO-11.33")
def test_diagonal_warriors_are_two_hordes():
    s = new(4, "tribe")
    set_territory(s, 0, ["D:amazzone D . . .", "D D:magrolino . . .", ". . H . .", ". . . . .", ". . . . ."])
    assert s.score_parts(0)["cromagnons"] == 3
    # a hunter-gatherer between two warriors does not link them (KDO-I26)
    set_territory(s, 0, ["D:amazzone D:hunter D:magrolino . .", ". . . . .", ". . H . .", ". . . . .",
                         ". . . . ."])
    assert s.score_parts(0)["cromagnons"] == 3


@pytest.mark.rule("KDO-E5")
@pytest.mark.rule("KDO-11.29")
def test_fire_lady_example():
    s = new(4, "tribe")
    set_territory(s, 0, ["D1 D D*2 D D",
                         "D*1 D:firelady D D D",
                         "D D1 H D D",
                         "D D D D D",
                         "D D D D D"])
    pts = board.cro_points(s.geo, s.cromagnons[0], s.resources[0], s.campfires[0], s.fire_tokens[0])
    assert pts == {cell(s, 1, 1): 5}
    assert s.score_parts(0)["comfort"] == 120  # 24 desert squares x 5 fire icons
    assert s.scores()[0] == 125


@pytest.mark.rule("KDO-11.25")
@pytest.mark.rule("KDO-11.26")
@pytest.mark.rule("KDO-11.27")
@pytest.mark.rule("KDO-11.28")
@pytest.mark.rule("KDO-11.30")
def test_each_hunter_gatherer_kind():
    s = new(4, "tribe")
    # around (1,1): a fish, a mushroom, a flint, a mammoth, and two Cro-magnons (a shaman, a warrior)
    set_territory(s, 0, ["L+f J+u Q+k . .",
                         "S+m D:fisher D . .",
                         "D:shaman D:magrolino H . .",
                         ". . . . .",
                         ". . . . ."])
    c = cell(s, 1, 1)
    expected = {"fisher": 3, "gatherer": 4, "sculptress": 5, "hunter": 3, "painter": 2 * 4, "firelady": 0,
                "shaman": 2 * 2}
    for kind, pts in expected.items():
        s.cromagnons[0][c] = kind
        got = board.cro_points(s.geo, s.cromagnons[0], s.resources[0], s.campfires[0], s.fire_tokens[0])[c]
        assert got == pts, kind


@pytest.mark.rule("KDO-11.23")
@pytest.mark.rule("KDO-V2")
@pytest.mark.rule("KDO-10.6")
def test_printed_icons_are_not_resources():
    s = new(4, "tribe")
    # steppe squares whose mammoths were spent or burnt: the printed icons do not count
    set_territory(s, 0, ["S S S . .", "S D:hunter S . .", "S S H . .", ". . . . .", ". . . . ."])
    assert board.cro_points(s.geo, s.cromagnons[0], s.resources[0], s.campfires[0], s.fire_tokens[0]) == {cell(s, 1, 1): 0}
    assert s.resource_counts[0] == [0, 0, 0, 0]


@pytest.mark.rule("KDO-11.20")
@pytest.mark.rule("KDO-11.21")
@pytest.mark.rule("KDO-11.31")
def test_cromagnon_set():
    assert len(CRO_DECK) == 22
    warriors = [k for k in CRO_DECK if CRO_KINDS[k]["scores"] == "warrior"]
    assert len(warriors) == 8
    assert sorted(CRO_KINDS[k]["power"] for k in warriors) == [1, 1, 1, 1, 2, 2, 2, 3]
    gatherers = [k for k in CRO_DECK if k not in warriors]
    assert len(gatherers) == 14 and len(set(gatherers)) == 7
    assert all(gatherers.count(k) == 2 for k in set(gatherers))


@pytest.mark.rule("KDO-12.2")
@pytest.mark.rule("KDO-12.4")
def test_bonuses_are_not_scored_before_the_end():
    """At move 0 with both optional rules nobody has scored: the +10 Fire Empire and +5 Homo
    Habilis are shown apart, "if the game ended now", and counted in the final score."""
    import random

    import lapilli
    s = lapilli.new_game("kingdomino-origins", 3, 4, {"fire_empire": True, "homo_habilis": True})
    assert s.scores() == [0, 0, 0]
    assert [s.end_bonuses(p) for p in range(3)] == [{"fire_empire": 10, "homo_habilis": 5}] * 3
    obs = s.observation(0)
    assert obs["scores"] == [0, 0, 0] and obs["end_bonuses_if_ended_now"][0] == {"fire_empire": 10, "homo_habilis": 5}
    rng = random.Random(4)
    while not s.is_terminal:
        before = s.scores()
        assert before == [sum(v for k, v in s.score_parts(p).items() if k in ("comfort",)) for p in range(3)]
        s.apply(rng.choice(s.legal_actions()))
    final = [sum(v for k, v in s.score_parts(p).items() if k not in ("largest_region", "fire_icons")) for p in range(3)]
    assert s.scores() == final
    assert any(sum(s.end_bonuses(p).values()) > 0 for p in range(3))


@pytest.mark.rule("KDO-8.5")
def test_region_parts_are_told_in_good_grammar():
    """A region's part of the score says "1 square × 1 fire" and "2 squares × 3 fires" (and the
    Italian "1 casella × 1 fuoco", "2 caselle × 3 fuochi"), never "1 squares"."""
    s = new(3)
    set_territory(s, 0, [". . . . .", ". . . . .", ". L1 H . .", ". . . . .", "L*2 L . . ."])
    labels = sorted((p["label"]["en"], p["label"]["it"]) for p in s.score_breakdown()[0] if p["part"].startswith("region:"))
    assert labels == [("lake region: 1 square × 1 fire", "regione lago: 1 casella × 1 fuoco"),
                      ("lake region: 2 squares × 2 fires", "regione lago: 2 caselle × 2 fuochi")]
