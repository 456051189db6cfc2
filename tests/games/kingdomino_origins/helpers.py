"""Position builders for the Kingdomino Origins tests."""
from __future__ import annotations

import lapilli
from lapilli.games.kingdomino_origins.data import CRO_KINDS, LAND_LETTER, RES_LETTER, START, TILES, VOLCANO

GAME = "kingdomino-origins"


def play_to(players, seed, rounds, phase, pos=None):
    """A game between heuristic players (one seeded generator for every seat), played until round
    ``rounds`` reaches ``phase`` (and seat position ``row_position`` when given)."""
    from lapilli.engine.rng import Rng
    from lapilli.games.kingdomino_origins import heuristics as h

    s = lapilli.new_game(GAME, players, seed, {})
    rng = Rng(seed)
    while not (s.round >= rounds and s.phase == phase and (pos is None or s.row_position == pos)):
        s.apply(h.choose(s.clone(), s.legal_actions(), rng, s.to_move))
    return s


def new(players=3, mode="discovery", seed=0, **opts):
    return lapilli.new_game(GAME, players, seed, {"mode": mode, **opts})


def origin(s, k):
    """Cell (frame row, frame col) of the fixture's (0, 0) for a k x k fixture centred on the Hut."""
    geo = s.geo
    return geo.row[geo.center] - k // 2, geo.col[geo.center] - k // 2


def sq(s, r, c, k=5):
    """The name of fixture square (r, c) of a k x k fixture whose centre is the Hut."""
    r0, c0 = origin(s, k)
    return s.geo.name[(r0 + r) * s.geo.w + (c0 + c)]


def cell(s, r, c, k=5):
    return s.geo.index[sq(s, r, c, k)]


def set_territory(s, p, rows):
    """Lay seat p's territory from a fixture: one string per row, cells separated by spaces.

    A cell is '.', 'H' (the start tile, at the centre), or a landscape letter D S L J Q V then
    optional parts: a digit (campfires, or craters on a volcano), '*N' (a fire token with N fires),
    '+x' (a wooden resource: m mammoth, f fish, u mushroom, k flint), ':kind' (a Cro-magnon)."""
    k = len(rows)
    geo = s.geo
    land = [-1] * geo.cells
    camp, tok, crat, res, cro = {}, {}, {}, {}, {}
    occ = []
    r0, c0 = origin(s, k)
    rcount = [0, 0, 0, 0]
    for r, line in enumerate(rows):
        cells = line.split()
        assert len(cells) == k, line
        for c, text in enumerate(cells):
            x = (r0 + r) * geo.w + (c0 + c)
            if text == ".":
                continue
            occ.append(x)
            if text == "H":
                assert x == geo.center
                land[x] = START
                continue
            land[x] = LAND_LETTER.index(text[0])
            rest = text[1:]
            if ":" in rest:
                rest, kind = rest.split(":")
                assert kind in CRO_KINDS
                cro[x] = kind
            if "+" in rest:
                rest, rr = rest.split("+")
                res[x] = RES_LETTER.index(rr)
                rcount[res[x]] += 1
            if "*" in rest:
                rest, t = rest.split("*")
                tok[x] = int(t)
            if rest:
                if land[x] == VOLCANO:
                    crat[x] = int(rest)
                else:
                    camp[x] = int(rest)
    assert land[geo.center] == START
    rows_ = [geo.row[x] for x in occ]
    cols_ = [geo.col[x] for x in occ]
    s.land[p], s.occupied[p] = land, occ
    s.bounding_box[p] = [min(rows_), max(rows_), min(cols_), max(cols_)]
    s.campfires[p], s.fire_tokens[p], s.craters[p], s.resources[p], s.cromagnons[p] = camp, tok, crat, res, cro
    s.resource_counts[p] = rcount
    s._legal_cache = None


def tile_to_play(s, number, events=None):
    """Make tile `number` the tile the active chief is about to play, and start Play the tile."""
    s.current_tiles[s.row_position] = number
    ev = [] if events is None else events
    s._start_play(ev)
    s._legal_cache = None
    return ev


def first_play(players=3, mode="discovery", seed=0, **opts):
    """A state at the first Play the tile of round 1 (set-up picks made in legal order)."""
    s = new(players, mode, seed, **opts)
    while s.phase in ("pick", "pair"):
        s.apply(s.legal_actions()[0])
    return s


def tiles_with(pred):
    return [n for n, t in TILES.items() if pred(t)]


def as_active(s, seat, tile):
    """Make `seat` the player about to play `tile` (with its resources, in Totem/Tribe mode)."""
    s.current_chief[s.row_position] = seat
    s.current_player = seat
    if s.resources_on:
        s.row_resources[tile] = tuple(q[3] for q in TILES[tile])
    return tile_to_play(s, tile)
