"""Reinforcement-learning hooks of Kingdomino Origins (see lapilli.rl).

Action table (fixed per player count and options, built from the data and the notation):
``take N`` for every tile number, ``pair 14``/``pair 23`` (2 players), ``place A B`` for every
ordered pair of orthogonally adjacent squares of the frame (9x9, or 13x13 with 2 players),
``fire X`` for every square, in Totem mode ``give P`` for every seat, and in Tribe mode ``pass``,
``recruit KIND``, ``recruit deck KIND``, ``spend X`` and ``put X``.

Observation vector (relative to the observing seat): the header (seat to move, active seat,
phase, round, supply), the two rows of 4 tiles (each square's landscape, campfires, craters and
resource; the chief's seat; the tile number), removed tiles, fire tokens left, the volcano that
throws fire now, and per seat (observer first) its score, discards and its territory on the
frame: per square landscape, campfires, craters, fire token, resource and Cro-magnon.  Totem and
Tribe blocks (totem holders, give choice, display as counts and in its order, deck contents,
destroyed Cro-magnons, recruit in progress) are always present (zeros in other modes).
"""
from __future__ import annotations

from lapilli.rl.features import Features, index_of, rel, seat_order

from .board import GEOMETRY
from .data import CRO_ORDER, DISPLAY_SIZE, LANDSCAPES, RESOURCES, TILE_NUMBERS, TOKEN_COUNTS
from .rules import ROW

PHASES = ("pick", "pair", "place", "fire", "give", "choose", "recruit", "spend", "put", "over")
_LAND = index_of(LANDSCAPES + ("start",))
_RES = index_of(RESOURCES)
_CRO = index_of(CRO_ORDER)
_PHASE = index_of(PHASES)
_TILE = index_of(TILE_NUMBERS)
_FIRES = tuple(sorted(TOKEN_COUNTS))


def _geo(players: int):
    return GEOMETRY[7 if players == 2 else 5]  # KDO-13.3: the 7x7 kingdom with 2 players


def _squares(geo) -> list[int]:
    return [i for i in range(geo.cells) if geo.inside[i]]


def action_space(spec, players, options):
    geo = _geo(players)
    cells = _squares(geo)
    out = [f"take {t}" for t in TILE_NUMBERS]
    if players == 2:
        out += ["pair 14", "pair 23"]
    for a in cells:
        for b in geo.orth[a]:
            if geo.inside[b]:
                out.append(f"place {geo.name[a]} {geo.name[b]}")
    out += [f"fire {geo.name[c]}" for c in cells]
    if options.get("mode") == "totem":
        out += [f"give {p}" for p in range(players)]
    if options.get("mode") == "tribe":
        out.append("pass")
        out += [f"recruit {k}" for k in CRO_ORDER]
        out += [f"recruit deck {k}" for k in CRO_ORDER]
        out += [f"spend {geo.name[c]}" for c in cells]
        out += [f"put {geo.name[c]}" for c in cells]
    return out


def _tile(f: Features, t, seat, n):
    f.flag(t is not None)
    t = t or {}
    f.num(t.get("tile"), 50.0)
    sq = t.get("squares") or [{}, {}]
    for s in sq[:2]:
        f.one_hot(s.get("landscape"), _LAND)
        f.num(s.get("campfires"))
        f.num(s.get("craters"))
        f.one_hot(s.get("resource"), _RES)
    f.one_hot(rel(t.get("chief"), seat, n), range(n))


def encode_observation(obs):
    n = obs["num_players"]
    seat = obs.get("seat")
    geo = _geo(n)
    cells = _squares(geo)
    cell_pos = {geo.name[c]: i for i, c in enumerate(cells)}
    f = Features()
    f.one_hot(rel(obs.get("to_move"), seat, n), range(n))
    f.one_hot(rel(obs.get("active"), seat, n), range(n))
    f.one_hot(obs.get("phase"), _PHASE)
    f.num(obs.get("round"), 10.0)
    f.num(obs.get("supply"), 48.0)
    f.flag(obs.get("is_terminal"))
    for row in ("current_row", "new_row"):
        tiles = list(obs.get(row) or [])
        tiles += [None] * (ROW - len(tiles))
        for t in tiles[:ROW]:
            _tile(f, t, seat, n)
    f.counts(obs.get("removed_tiles") or [], _TILE)
    tokens = obs.get("fire_tokens") or {}
    f.nums((tokens.get(str(k), 0) for k in _FIRES), 5.0)
    fire = obs.get("fire") or {}
    f.one_hot(cell_pos.get(fire.get("volcano")), range(len(cells)))
    f.num(fire.get("fires"))
    scores, discards = obs.get("scores") or [0] * n, obs.get("discards") or [0] * n
    terr = obs.get("territories") or [[] for _ in range(n)]
    per_cell = len(_LAND) + 3 + len(_RES) + len(_CRO)
    for p in seat_order(seat, n):
        f.num(scores[p], 50.0)
        f.num(discards[p])
        start = f.zeros(per_cell * len(cells))
        v = f.v
        for sq in terr[p]:
            i = cell_pos.get(sq["square"])
            if i is None:
                continue
            o = f.mark(start + i * per_cell, sq.get("landscape"), _LAND)
            v[o] = float(sq.get("campfires") or 0)
            v[o + 1] = float(sq.get("craters") or 0)
            v[o + 2] = float(sq.get("token") or 0)
            o = f.mark(o + 3, sq.get("resource"), _RES)
            f.mark(o, sq.get("cromagnon"), _CRO)
    # Totem mode
    totems = obs.get("totems") or {}
    for r in RESOURCES:
        f.one_hot(rel(totems.get(r), seat, n), range(n))
    give = obs.get("give") or {}
    f.one_hot(give.get("resource"), _RES)
    to = set(rel(p, seat, n) for p in give.get("to") or [])
    f.nums(float(i in to) for i in range(n))
    # Tribe mode
    display = obs.get("display") or []
    f.counts(display, _CRO)
    for k in range(DISPLAY_SIZE):  # and the cave's cards in the order shown
        f.one_hot(display[k] if k < len(display) else None, _CRO)
    f.num(obs.get("deck"), 10.0)
    f.counts(obs.get("deck_contents") or [], _CRO)
    f.counts(obs.get("destroyed_cromagnons") or [], _CRO)
    rec = obs.get("recruit") or {}
    f.one_hot(rec.get("cromagnon"), _CRO)
    f.counts(rec.get("spent") or [], _RES)
    f.num(rec.get("left"))
    return f.v
