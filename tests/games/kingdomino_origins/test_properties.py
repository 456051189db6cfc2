"""Cross-checks of the fast rules code against plain definitions, over positions of random games."""
import random

import pytest

import lapilli
from lapilli.games.kingdomino_origins.data import START, TILES, TOKEN_RANGE, VOLCANO

from .helpers import GAME


def naive_placements(s):
    """KDO-4.1-4.6 written out: every ordered pair of adjacent empty cells of the frame that keeps
    the territory in N x N and touches the start tile or the same landscape."""
    geo, p = s.geo, s.current_player
    land = s.land[p]
    tile = TILES[s.current_tiles[s.row_position]]
    occ = [c for c in range(geo.cells) if land[c] != -1]
    out = set()
    for a in range(geo.cells):
        if not geo.inside[a] or land[a] != -1:
            continue
        for b in geo.orth[a]:
            if not geo.inside[b] or land[b] != -1:
                continue
            rows = [geo.row[c] for c in occ + [a, b]]
            cols = [geo.col[c] for c in occ + [a, b]]
            if max(rows) - min(rows) >= geo.n or max(cols) - min(cols) >= geo.n:
                continue
            ok = False
            for cell, other, ls in ((a, b, tile[0][0]), (b, a, tile[1][0])):
                for nb in geo.orth[cell]:
                    if nb != other and land[nb] in (START, ls):
                        ok = True
            if ok:
                out.add(f"place {geo.name[a]} {geo.name[b]}")
    return out


def naive_fire(s):
    """KDO-6.1-6.6 written out (KDO-I1 Chebyshev range; the start tile only with fire_on_start)."""
    geo, p = s.geo, s.current_player
    barred = (-1, VOLCANO) if s.options.get("fire_on_start", True) else (-1, START, VOLCANO)
    v = s.fire_at
    rng = TOKEN_RANGE[s.fire_value]
    out = set()
    for c in range(geo.cells):
        land = s.land[p][c]
        if land in barred or c in s.campfires[p] or c in s.fire_tokens[p] or c == v:
            continue
        if max(abs(geo.row[c] - geo.row[v]), abs(geo.col[c] - geo.col[v])) <= rng:
            out.add(f"fire {geo.name[c]}")
    return out


@pytest.mark.rule("KDO-4.5")
@pytest.mark.rule("KDO-4.6")
@pytest.mark.rule("KDO-6.4")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_rules_match_the_definitions(players):
    checked = 0
    for seed in range(4):
        s = lapilli.new_game(GAME, players, seed, {"mode": "tribe"})
        rng = random.Random(seed)
        while not s.is_terminal:
            legal = s.legal_actions()
            if s.phase == "place":
                assert set(legal) == naive_placements(s)
                assert len(set(legal)) == len(legal)
                checked += 1
            elif s.phase == "fire":
                assert set(legal) == naive_fire(s) and legal
                checked += 1
            s.apply(rng.choice(legal))
    assert checked > 50
