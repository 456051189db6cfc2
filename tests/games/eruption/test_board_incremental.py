"""Eruption's board geometry kept from board to board (board.py's ..._after and ..._turned
helpers, applied by the rules on each placement and each Aftershock) equals the geometry worked
out afresh from the tiles, after every action of seeded random games in every variant; and
Sinkhole's cut-vertex search equals removing each tile in turn and following the lava."""
from __future__ import annotations

import random

import pytest

import lapilli
from lapilli.games.eruption import board as B

CONFIGS = [(4, {}), (3, {"variant": "annihilation"}), (4, {"variant": "cooperation"}), (4, {"variant": "lava_rain"})]


def _fresh(tiles: dict) -> dict:
    """Every kept entry of a board's memo, worked out from the tiles alone."""
    prof, k, edges = (*B.profiles_k(tiles), B.tile_edges(tiles))
    ids, ends_k = B.open_end_ids_k(tiles)
    return {"profiles": prof, "profiles_k": k, "tile_edges": edges, "end_ids": tuple(ids), "ends_k": ends_k,
            "ends": tuple(B.open_flow_ends(tiles)), "contacts": frozenset(B.all_contacts(tiles))}


def _check(state) -> int:
    """Compare the state's board memo with the fresh geometry (dicts in order too); the entries compared."""
    if state._geo is None:
        return 0
    hexes, content, memo, _ = state._geo
    assert hexes == tuple(state.tiles) and content == tuple(state.tiles.values())
    fresh = _fresh(state.tiles)
    n = 0
    for key, want in fresh.items():
        got = memo.get(key)
        if got is not None:
            assert got == want, key
            if isinstance(want, dict):
                assert list(got.items()) == list(want.items()), key
            n += 1
    return n


def test_kept_geometry_equals_fresh_geometry():
    rng = random.Random(5)
    checked = 0
    for players, options in CONFIGS:
        for seed in range(6):
            s = lapilli.new_game("eruption", players, seed, options)
            while not s.is_terminal:
                if s.phase in ("p3", "p4"):
                    s._aftershock_options()                 # keep the tiles' edges and open ends too
                    s._open_ends()
                legal = s.legal_actions()
                s.apply(legal[rng.randrange(len(legal))])
                checked += _check(s)
                if rng.random() < 0.05:                     # a search's copy shares and extends boards
                    d = s.determinize(s.to_move, rng.randrange(1000))
                    for _ in range(4):
                        if d.is_terminal:
                            break
                        dl = d.legal_actions()
                        d.apply(dl[rng.randrange(len(dl))])
                        checked += _check(d)
    assert checked > 5000


def _removable_by_removing(tiles: dict) -> list:
    """ERU-14.15 read directly: a joined tile whose removal leaves every other joined tile joined."""
    joined = B.connected_tiles(tiles)
    return [h for h in tiles if h in joined and B.connected_tiles(tiles, without=h) == joined - {h}]


@pytest.mark.rule("ERU-14.15")
def test_removable_equals_removing_each_tile():
    rng = random.Random(7)
    boards = 0
    for players, options in CONFIGS:
        for seed in range(4):
            s = lapilli.new_game("eruption", players, seed, options)
            while not s.is_terminal:
                tiles = dict(s.tiles)
                assert B.removable(tiles) == _removable_by_removing(tiles)
                hexes = list(tiles)                         # part of the board: tiles cut off from the lava
                rng.shuffle(hexes)
                part = {h: tiles[h] for h in hexes[: len(hexes) * 2 // 3]}
                assert B.removable(part) == _removable_by_removing(part)
                boards += 1
                legal = s.legal_actions()
                s.apply(legal[rng.randrange(len(legal))])
    assert boards > 300
