"""Advanced setup (IDV-16): the builder, its legality rules, the validator and the bays."""
import pytest

import lapilli
from lapilli.engine import Rng
from lapilli.games.isola_dei_vulcani import builder as B
from lapilli.games.isola_dei_vulcani.data import advanced_library

rule = pytest.mark.rule


@rule("IDV-16.4")
@rule("IDV-16.12")
@rule("IDV-16.14")
@rule("IDV-16.15")
@rule("IDV-16.21")
@rule("IDV-D2")
@rule("IDV-I32")
def test_library_maps_are_legal():
    lib = advanced_library()
    assert len(lib) >= 10
    for m in lib:
        assert B.validate(m) == []
        order = [a for a, _, _ in m["order"]]
        assert order[:5] == [1, 2, 3, 4, 5] and sorted(order[5:8]) == [6, 7, 8]
        assert all(a >= 9 for a in order[8:]) and len(order) == len(set(order))
    assert any(len(m["areas"]) < 22 for m in lib)  # not every area has to be used


@rule("IDV-16.3")
@rule("IDV-G9")
def test_tile_sides():
    for a in (1, 2, 3, 4, 5):
        assert set(B.TILES[a]["sides"].values()) == {"straight"}
    for a in (6, 7, 8):
        assert "coast" in B.TILES[a]["sides"].values()


@rule("IDV-16.5")
@rule("IDV-16.6")
@rule("IDV-16.7")
@rule("IDV-16.8")
@rule("IDV-E17")
def test_phase1_area_touching_only_one():
    line = {(i, 0): i + 1 for i in range(5)}  # a chain: the two ends touch only 1
    probs = B.phase1_problems(line)
    assert ("IDV-16.8", "area 1 touches only 1 other area(s) of 1-5 instead of at least 2") in probs
    assert [p[0] for p in probs] == ["IDV-16.8", "IDV-16.8"]
    apart = {(0, 0): 1, (1, 0): 2, (0, 1): 3, (5, 5): 4, (5, 6): 5}
    assert "IDV-16.5" in [p[0] for p in B.phase1_problems(apart)]
    compact = {(0, 0): 1, (1, 0): 2, (1, -1): 3, (0, -1): 4, (-1, 0): 5, (-1, 1): 5, (0, 1): 2}
    assert B.phase1_problems(compact) == []


@rule("IDV-16.7")
@rule("IDV-16.9")
@rule("IDV-E18")
def test_phase1_hole():
    from lapilli.engine import hexgrid as H
    ring = H.ring((0, 0), 1)
    cells = {c: [1, 1, 2, 3, 4, 5][i] for i, c in enumerate(ring)}
    probs = B.phase1_problems(cells)
    assert [p[0] for p in probs] == ["IDV-16.9"]
    assert B.holes(cells) == [(0, 0)]


@rule("IDV-16.10")
@rule("IDV-16.11")
@rule("IDV-16.13")
def test_phase2_and_3_rules():
    m = advanced_library()[0]
    lay = B.Layout()
    for a, rot, at in m["order"][:5]:
        lay.place(a, rot, tuple(at))
    reasons = set()
    for rot, at, _, _ in B._candidates(lay, 6, B._frontier(lay.cell_area), strict=False):
        ok, _, free, why = lay.check(6, rot, at, strict=True)
        if not ok:
            reasons.add(why.split(" (")[0].split(":")[0])
        else:
            assert free <= 2
    assert any("straight sides stay free" in r for r in reasons)
    assert any("coast side touches" in r for r in reasons)
    bad_areas = [x for x in m["areas"] if x["id"] != 6]
    missing = dict(m, areas=bad_areas)
    assert ("IDV-16.10", "volcano area 6 is missing") in B.validate(missing)


@rule("IDV-16.14")
def test_validator_explains_straight_side_on_sea():
    m = advanced_library()[0]
    last = m["order"][-1][0]
    cut = dict(m, areas=[a for a in m["areas"] if a["id"] != last], order=m["order"][:-1])
    probs = B.validate(cut)
    assert probs and all(p[0] == "IDV-16.14" for p in probs)
    assert "straight side" in probs[0][1] and "faces the sea" in probs[0][1]


def test_live_builder_makes_a_legal_map():
    m = B.build_map(Rng(0))
    assert B.validate(m) == []


@rule("IDV-16.17")
@rule("IDV-16.18")
@rule("IDV-16.19")
@rule("IDV-16.20")
@rule("IDV-G10")
@rule("IDV-R2")
@rule("IDV-I21")
def test_advanced_bays():
    assignments = set()
    firsts = set()
    for seed in range(12):
        s = lapilli.new_game("isola-dei-vulcani", 4, seed, {"setup": "advanced"})
        assert len(set(s.bay_of)) == 4
        for p in range(4):
            for h in s.bay_of[p]:
                assert h in s.geo.hexes
        assignments.add(tuple(s.bay_of))
        firsts.add(s.first)
        p = s.current_player
        lands = sorted(a.split()[1] for a in s.legal_actions() if a.startswith("land"))
        assert lands == sorted(s.bay_of[p])
    assert len(assignments) > 1 and len(firsts) > 1
