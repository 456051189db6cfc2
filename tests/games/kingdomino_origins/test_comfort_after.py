"""``board.comfort_after`` (the comfort after laying a tile, without a flood fill; the heuristics'
placement values use it) gives the same number as a flood fill of the new territory, for every
legal placement of every tile in positions of real games in every mode."""
import pytest

import lapilli
from lapilli.engine.rng import Rng
from lapilli.games.kingdomino_origins import board
from lapilli.games.kingdomino_origins import heuristics as h
from lapilli.games.kingdomino_origins.data import TILES, VOLCANO

from .helpers import GAME


def _flood_comfort_after(geo, land, camp, tok, sq, a, b):
    l2 = land.copy()
    l2[a], l2[b] = sq[0][0], sq[1][0]
    c2 = dict(camp)
    if sq[0][1]:
        c2[a] = sq[0][1]
    if sq[1][1]:
        c2[b] = sq[1][1]
    return board.comfort(board.regions(geo, l2, c2, tok))


@pytest.mark.rule("KDO-8.1")
@pytest.mark.rule("KDO-8.4")
@pytest.mark.rule("KDO-8.5")
@pytest.mark.rule("KDO-8.7")
@pytest.mark.rule("KDO-8.8")
@pytest.mark.parametrize("players,mode", [(2, "discovery"), (3, "totem"), (4, "tribe")])
def test_comfort_after_equals_a_flood_fill(players, mode):
    s = lapilli.new_game(GAME, players, 700 + players, {"mode": mode})
    rng = Rng(players)
    checked = merged = volcano = 0
    while not s.is_terminal:
        if s.phase == "place" and s.round % 3 == 0:
            geo = s.geo
            for p in range(players):
                land, occ, camp, tok = s.land[p], s.occupied[p], s.campfires[p], s.fire_tokens[p]
                lab, regs = board.region_labels(geo, land, camp, tok, occ)
                base = board.comfort(regs)
                assert base == board.comfort(board.regions(geo, land, camp, tok))
                for t in sorted(TILES)[::4]:
                    sq = TILES[t]
                    for a, b in board.placements(geo, land, occ, s.bounding_box[p], sq):
                        got = board.comfort_after(geo, lab, regs, base, sq, a, b)
                        assert got == _flood_comfort_after(geo, land, camp, tok, sq, a, b), (p, t, a, b)
                        checked += 1
                        joined = {lab.get(n) for x, v in ((a, sq[0][0]), (b, sq[1][0]))
                                  for n in geo.orth[x] if n in lab and regs[lab[n]][0] == v}
                        merged += len(joined) > 1
                        volcano += VOLCANO in (sq[0][0], sq[1][0])
        s.apply(h.choose(s.clone(), s.legal_actions(), rng, s.to_move))
    # the sample covered placements whose squares join two or more regions of their landscapes,
    # and placements of volcano squares
    assert checked > 1000 and merged > 20 and volcano > 50, (checked, merged, volcano)
