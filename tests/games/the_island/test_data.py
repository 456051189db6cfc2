"""Component data and board geometry (ISL-0.x)."""
import pytest

from lapilli.engine import hexgrid
from lapilli.games.the_island import board as B
from lapilli.games.the_island import data as D
from tests.games.the_island.helpers import H
import lapilli


def rc(names):
    return sorted(tuple(int(x) for x in n.split(",")) for n in names)


@pytest.mark.rule("ISL-0.20")
@pytest.mark.rule("ISL-0.21")
@pytest.mark.rule("ISL-0.1")
def test_playable_hexes_rows():
    assert B.N_HEX == 133
    assert max(r for r, _ in B.RC_T) == 12 and min(r for r, _ in B.RC_T) == 0
    counts = [sum(1 for r, _ in B.RC_T if r == row) for row in range(13)]
    assert counts == [7, 10, 11, 10, 11, 12, 11, 12, 11, 10, 11, 10, 7]
    assert min(c for _, c in B.RC_T) == 0 and max(c for _, c in B.RC_T) == 11


@pytest.mark.rule("ISL-0.22")
@pytest.mark.rule("ISL-0.23")
def test_neighbours_even_r_and_axial():
    for i, (r, c) in enumerate(B.RC_T):
        if r % 2 == 0:
            cand = [(r, c - 1), (r, c + 1), (r - 1, c), (r - 1, c + 1), (r + 1, c), (r + 1, c + 1)]
        else:
            cand = [(r, c - 1), (r, c + 1), (r - 1, c - 1), (r - 1, c), (r + 1, c - 1), (r + 1, c)]
        expect = sorted(x for x in cand if x in B.IDX)
        assert sorted(B.RC_T[n] for n in B.NEIGH[i]) == expect
        q = c - (r + (r % 2)) // 2
        assert B.AXIAL[i] == (q, r) == hexgrid.from_offset(c, r, "even-r")


@pytest.mark.rule("ISL-0.24")
@pytest.mark.rule("ISL-0.25")
def test_island_area_and_centre():
    assert len(B.ISLAND_SLOTS) == 40
    per_row = [sum(1 for s in B.ISLAND_SLOTS if B.RC_T[s][0] == r) for r in range(3, 10)]
    assert per_row == [4, 5, 8, 6, 8, 5, 4]
    assert B.RC_T[B.CENTRE] == (6, 5) and B.CENTRE not in B.ISLAND_SET
    assert rc(B.NAME[n] for n in B.NEIGH[B.CENTRE]) == [(5, 5), (5, 6), (6, 4), (6, 6), (7, 5), (7, 6)]
    assert all(n in B.ISLAND_SET for n in B.NEIGH[B.CENTRE])


@pytest.mark.rule("ISL-0.26")
@pytest.mark.rule("ISL-0.27")
@pytest.mark.rule("ISL-0.16")
def test_safe_isles_and_entrances():
    assert B.ISLE_NAMES == ("nw", "ne", "sw", "se")
    ents = [rc(B.NAME[h] for h in e) for e in B.ISLE_ENTRANCES]
    assert ents == [[(1, 1), (2, 0)], [(1, 10), (2, 10)], [(10, 0), (11, 1)], [(10, 10), (11, 10)]]
    # an isle is adjacent only to its two entrances: only those hexes lead to it
    assert sorted(B.ISLES_OF) == sorted(h for e in B.ISLE_ENTRANCES for h in e)
    assert all(len(v) == 1 for v in B.ISLES_OF.values())


@pytest.mark.rule("ISL-0.28")
@pytest.mark.rule("ISL-0.4")
def test_serpent_starts():
    assert rc(B.NAME[h] for h in B.SERPENT_STARTS) == [(1, 1), (2, 10), (6, 5), (10, 0), (11, 10)]
    outer = [h for h in B.SERPENT_STARTS if h != B.CENTRE]
    isles = sorted(B.ISLES_OF[h][0] for h in outer)
    assert isles == [0, 1, 2, 3]
    assert D.PIECES["serpent"] == 5


@pytest.mark.rule("ISL-0.29")
@pytest.mark.rule("ISL-0.30")
def test_rim_and_inner_tiles():
    assert rc(B.NAME[h] for h in B.RIM) == rc(
        "3,4 3,5 3,6 3,7 4,3 4,7 5,2 5,3 5,8 5,9 6,2 6,8 7,2 7,3 7,8 7,9 8,3 8,7 9,4 9,5 9,6 9,7".split())
    inner = [s for s in B.ISLAND_SLOTS if s not in B.RIM]
    centre_only = [s for s in inner if B.CENTRE in B.NEIGH[s]]
    assert rc(B.NAME[s] for s in centre_only) == rc("5,5 5,6 6,4 6,6 7,5 7,6".split())
    dry = [s for s in inner if s not in centre_only]
    assert rc(B.NAME[s] for s in dry) == rc("4,4 4,5 4,6 5,4 5,7 6,3 6,7 7,4 7,7 8,4 8,5 8,6".split())


@pytest.mark.rule("ISL-0.31")
@pytest.mark.rule("ISL-1.10")
def test_boat_placement_spaces_at_start():
    st = lapilli.new_game("the-island", 4, 3)
    while st.decision == "place":
        st.apply(st.legal_actions()[0])
    spaces = rc(a.split()[1] for a in st.legal_actions())
    assert len(spaces) == 28
    assert spaces == rc("2,3 2,4 2,5 2,6 2,7 3,3 3,8 4,1 4,2 4,8 4,9 5,1 5,10 6,1 6,9 7,1 7,10 8,1 8,2 8,8 8,9 "
                        "9,3 9,8 10,3 10,4 10,5 10,6 10,7".split())
    st.apply("boat 2,4")
    assert "boat 2,4" not in st.legal_actions()          # no second boat on a space


@pytest.mark.rule("ISL-0.2")
@pytest.mark.rule("ISL-0.32")
@pytest.mark.rule("ISL-0.33")
@pytest.mark.rule("ISL-0.34")
@pytest.mark.rule("ISL-0.35")
def test_tile_distribution():
    pool = D.tile_pool()
    assert len(pool) == 40
    assert [sum(1 for t, _ in pool if t == k) for k in D.TERRAINS] == [16, 16, 8]
    table = {b: [sum(1 for t, x in pool if x == b and t == k) for k in D.TERRAINS] for b in D.BACKS}
    assert table == {
        "whale": [3, 2, 0], "shark": [3, 2, 1], "boat": [1, 3, 0], "whirlpool": [0, 2, 4], "volcano": [0, 0, 1],
        "dolphin": [3, 1, 0], "winds": [2, 0, 0], "move_serpent": [1, 1, 0], "move_shark": [1, 1, 0],
        "move_whale": [1, 1, 0], "shark_repellent": [1, 1, 1], "whale_repellent": [0, 2, 1]}
    assert len(D.BACKS) == 12
    assert D.GREEN_BACKS == {"shark", "whale", "boat", "whirlpool", "volcano"}
    assert D.DEFENSIVE_BACKS == {"shark_repellent", "whale_repellent"}
    assert not any(b == "serpent" for _, b in pool)     # no back brings a serpent


@pytest.mark.rule("ISL-0.3")
@pytest.mark.rule("ISL-0.5")
@pytest.mark.rule("ISL-0.6")
@pytest.mark.rule("ISL-0.7")
@pytest.mark.rule("ISL-0.8")
@pytest.mark.rule("ISL-0.9")
@pytest.mark.rule("ISL-0.10")
@pytest.mark.rule("ISL-0.11")
@pytest.mark.rule("ISL-0.12")
@pytest.mark.rule("ISL-0.13")
def test_components():
    assert sorted(D.EXPLORER_VALUES) == [1, 1, 1, 2, 2, 3, 3, 4, 5, 6] and sum(D.EXPLORER_VALUES) == 28
    assert D.PIECES == {"boat": 12, "serpent": 5, "shark": 6, "whale": 5, "squid": 5, "dolphin": 4}
    assert sorted(D.RED_DIE) == ["serpent", "serpent", "shark", "shark", "whale", "whale"]
    assert sorted(D.DIVE_A) == sorted(["serpent", "shark", "whale", "dolphin", "boat", "starfish"])
    assert list(D.DIVE_B) == [1, 1, 2, 2, 3, "D"]
    assert D.COLOURS == ("R", "B", "Y", "G", "O", "W")
    # 6 players: six colours of 10 explorers each with the base distribution (ISL-0.9, ISL-I38)
    st = lapilli.new_game("the-island", 6, 0, {"challenge_5": True})
    assert all(sorted(u) == sorted(D.EXPLORER_VALUES) for u in st.unplaced)


@pytest.mark.rule("ISL-0.14")
@pytest.mark.rule("ISL-0.15")
def test_sea_spaces_at_start():
    st = lapilli.new_game("the-island", 4, 0)
    sea = [h for h in range(B.N_HEX) if st.terrain[h] < 0]
    assert len(sea) == 93 and B.CENTRE in sea
    assert all(st.terrain[s] >= 0 for s in B.ISLAND_SLOTS)


@pytest.mark.rule("ISL-0.17")
@pytest.mark.rule("ISL-0.18")
@pytest.mark.rule("ISL-0.19")
def test_swimmer_boat_and_empty_space_definitions():
    from tests.games.the_island.helpers import blank, boat, ex, put, dolphin
    st = blank(dolphins=True)
    boat(st, "2,4", "R1")
    boat(st, "2,6")
    ex(st, "R2", "sea", "2,5")
    obs = {x["id"]: x for x in st.observation(None)["explorers"]}
    assert obs["R1"]["where"] == "boat" and obs["R2"]["where"] == "sea"
    occupied = {b["at"]: b["passengers"] for b in st.observation(None)["boats"]}
    assert occupied == {"2,4": ["R1"], "2,6": []}
    put(st, "shark", "1,5")
    dolphin(st, 0, "1,6")
    for name, empty in [("2,4", False), ("2,5", False), ("2,6", False), ("1,5", False), ("1,6", False),
                        ("1,4", True), ("3,5", False)]:
        assert st._empty_sea(H[name]) is empty, name


@pytest.mark.rule("ISL-0.36")
@pytest.mark.rule("ISL-14.4")
@pytest.mark.rule("ISL-14.9")
@pytest.mark.rule("ISL-15.2")
def test_values_by_player_count():
    assert lapilli.new_game("the-island", 4, 0).unplaced[0] == [1, 1, 1, 2, 2, 3, 3, 4, 5, 6]
    assert lapilli.new_game("the-island", 5, 0).unplaced[4] == [1, 1, 2, 2, 3, 4, 5, 6]
    assert lapilli.new_game("the-island", 6, 0).unplaced[5] == [1, 1, 2, 3, 4, 5, 6]
    assert lapilli.new_game("the-island", 5, 0, {"challenge_5": True}).unplaced[0] == [1, 1, 1, 2, 2, 3, 3, 4, 5, 6]
    assert lapilli.new_game("the-island", 6, 0, {"challenge_5": True}).unplaced[3] == [1, 1, 1, 2, 2, 3, 3, 4, 5, 6]
