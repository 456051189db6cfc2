"""The reconstructed geyser craters (IDV-G5) are tile data, and every continent can sink."""
import pytest

import lapilli
from lapilli.engine import Rng
from lapilli.engine import dataset
from lapilli.engine import hexgrid as H
from lapilli.games.isola_dei_vulcani import builder as B
from lapilli.games.isola_dei_vulcani.data import advanced_library, board_for

rule = pytest.mark.rule
GAME = "isola-dei-vulcani"
MAP_IDS = ["standard"] + [f"advanced-{k}" for k in range(len(advanced_library()))]


@rule("IDV-0.7")
@rule("IDV-G5")
@pytest.mark.parametrize("crater_set", ["default", "rim-craters"])
def test_every_crater_faces_a_straight_side_of_its_tile(crater_set):
    """Each tile's craters ([hex index, direction], relative to the tile) face one of its straight
    sides, never a coast side or the inside of the tile; every straight side has its crater, on
    the volcano hex too in the default set, never on the volcano hex in the rim-craters set."""
    std = dataset.load(GAME, crater_set).files["standard.json"]
    tiles = B._tiles(std)
    n = 0
    for area in std["areas"]:
        tile = tiles[area["id"]]
        for i, d in area["craters"]:
            assert tile["sides"].get((i, d)) == "straight", (area["id"], i, d)
            assert crater_set == "default" or i != tile["volcano"]
            n += 1
        want = {k for k, kind in tile["sides"].items()
                if kind == "straight" and (crater_set == "default" or k[0] != tile["volcano"])}
        assert want == {tuple(x) for x in area["craters"]}
    assert n == len(std["craters"])
    assert n == (160 if crater_set == "default" else 131)


@rule("IDV-0.8")
@rule("IDV-8.5")
@pytest.mark.parametrize("map_id", MAP_IDS)
def test_craters_turn_with_their_tile_and_face_another_tile(map_id):
    """On every continent (the advanced ones are built by turning and moving the tiles) each
    crater is the tile's crater turned with it, and faces a hex of another area, so its crack
    straddles two hexes and never splits a tile."""
    geo = board_for(map_id)
    data = geo.data
    for area in data["areas"]:
        cells = [tuple(h) for h in area["hexes"]]
        rot = 0
        for a, r, _ in data.get("order", []):
            if a == area["id"]:
                rot = r
        tile_craters = {(i, (d + rot) % 6) for i, d in B.TILES[area["id"]]["craters"]}
        assert {(i, d) for i, d in area["craters"]} == tile_craters
        for i, d in area["craters"]:
            cid = f"{geo.names[cells[i]]}-{H.POINTY_NAMES[d]}"
            m, key = geo.crater_edge[cid]
            assert m is not None and geo.area_of[m] != area["id"], cid


@rule("IDV-11.1")
@rule("IDV-G5")
@pytest.mark.parametrize("map_id", MAP_IDS)
def test_every_volcano_can_be_enclosed_by_cracks(map_id):
    """Every volcano area, joined to the volcano areas it touches across an edge that no crater
    faces (two volcano hexes side by side), has a border made only of edges that craters face:
    cracking them all cuts that part off, and it sinks."""
    geo = board_for(map_id)
    crackable = {geo.crater_edge[c][1] for c in geo.craters}
    for v in geo.volcano_ids:
        part = set(geo.area_hexes[v])
        grew = True
        while grew:
            grew = False
            for h in list(part):
                for m, key in geo.nbrs[h]:
                    if m not in part and key not in crackable:
                        part |= set(geo.area_hexes[geo.area_of[m]])
                        grew = True
        assert len(part) < len(geo.hexes) / 2, (map_id, v)
        border = {key for h in part for m, key in geo.nbrs[h] if m not in part}
        assert border <= crackable
        s = lapilli.new_game(GAME, 2, 0)
        s.geo = geo  # parts() reads only the board, the sunk hexes and the cracks
        s.cracks = set(border)
        parts = s.parts()
        assert len(parts) == 2 and set(min(parts, key=len)) == part


@rule("IDV-11.2")
@rule("IDV-11.11")
@rule("IDV-13.1")
def test_seeded_advanced_game_sinks_volcanoes_and_ends_by_the_rule():
    """Heuristic players on a builder's continent: parts sink, volcanoes with them, and the game
    ends because two or fewer volcanoes are left (not by a safeguard)."""
    from lapilli.games.isola_dei_vulcani.heuristics import choose

    s = lapilli.new_game(GAME, 4, 0, {"setup": "advanced"})
    rng = Rng(0)
    while not s.is_terminal:
        s.apply(choose(s, s.legal_actions(), rng, s.to_move))
    assert s.map_id.startswith("advanced-")
    assert s.stats["sinkings"] >= 1 and s.stats["sunk_volcanoes"] >= 6
    assert s.end_reason == "volcanoes" and len(s.volcanoes) <= 2
