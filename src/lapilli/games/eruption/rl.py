"""Reinforcement-learning hooks of Eruption (see lapilli.rl).

Action table (fixed per player count and options, from the board data and the notation):
``village V`` for every village, ``erupt H`` / ``sinkhole H`` for every hex of the board,
``place H R`` and ``aftershock H R`` for every hex and rotation 0-5, ``take K`` per Lava Rain
stack (lava_rain only), ``extra``, ``end``, ``rain``, ``lavaflow``, ``quake``, ``draw``,
``relocate A B`` for every ordered pair of village sides, ``reinforce M L`` / ``build M L`` for
every material and wall location (every flow end ``hex-dir`` of the board and every village
side), ``bomb L``, ``discard C`` and ``discard A B`` (cards in sorted order, a pair may repeat a
card), and in the cooperation variant ``give M``, ``receive M``, ``accept``, ``refuse``.

Observation vector (seat blocks relative to the observer): seat to move, phase, seat whose turn
it is, the turn order, per seat its village, temperature, burned flag, reserve, hand size and
teammate; per hex of the board its tile (present, eruption tile, lava edges after rotation,
rotation, tile type) and whether it was occupied this turn; per flow end its wall (material,
builder) and whether it was tested this turn; per village side its wall, whether it is closed
(for good or this turn) and touched this turn; the observer's own hand (counts per card), deck
size, discard pile (counts), lava stack sizes and Lava Rain tops, set-aside tiles, the tile to
place, eruption claims, lava-draw mode, consent request, builds left, the turn flags, final turns
left, lava removed and the end event.
"""
from __future__ import annotations

from lapilli.rl.features import Features, index_of, rel, seat_order

from .data import (CARD_IDS, DIR_NAMES, ERUPTION_IDS, LABELS, MATERIALS, NUM_LAVA, RAIN_STACKS, TILE_MASK, TILE_TYPE,
                   VILLAGES, rotate_mask)
from .rules import LAVA_DRAW_MODES

PHASES = ("village", "erupt?", "erupt", "take", "place", "p2?", "p2x", "p2x?", "p3?", "p3", "consent", "p4?", "p4",
          "endturn", "over")
END_EVENTS = ("A", "B", "annihilation", "stalemate")
HEXES = tuple(sorted(LABELS.values(), key=lambda s: (s[0], int(s[1:]))))
FLOW_ENDS = tuple(f"{h}-{d}" for h in HEXES for d in DIR_NAMES)
SIDES = tuple(f"v{v['id']}-{i + 1}" for v in VILLAGES for i in range(len(v["sides"])))
MAX_SIDES = max(len(v["sides"]) for v in VILLAGES)
CARDS = tuple(sorted(set(CARD_IDS)))
TILE_IDS = tuple(range(NUM_LAVA)) + tuple(ERUPTION_IDS)
TYPES = tuple(sorted(set(TILE_TYPE), key=str))
_HEX, _FLOW, _SIDE = index_of(HEXES), index_of(FLOW_ENDS), index_of(SIDES)
_CARD, _MAT, _TILE, _TYPE = index_of(CARDS), index_of(MATERIALS), index_of(TILE_IDS), index_of(TYPES)
_PHASE, _END, _MODE = index_of(PHASES), index_of(END_EVENTS), index_of(LAVA_DRAW_MODES)
_VIL = index_of(v["id"] for v in VILLAGES)


def action_space(spec, players, options):
    variant = options.get("variant")
    out = [f"village {v['id']}" for v in VILLAGES]
    out += [f"erupt {h}" for h in HEXES]
    if variant == "lava_rain" or options.get("lava_rain"):   # the variant, or the house rule with another
        out += [f"take {k + 1}" for k in range(len(RAIN_STACKS))]
    out += [f"place {h} {r}" for h in HEXES for r in range(6)]
    out += ["extra", "end", "rain", "lavaflow", "quake", "draw"]
    out += [f"aftershock {h} {r}" for h in HEXES for r in range(6)]
    out += [f"sinkhole {h}" for h in HEXES]
    out += [f"relocate {a} {b}" for a in range(1, MAX_SIDES + 1) for b in range(1, MAX_SIDES + 1) if a != b]
    locs = FLOW_ENDS + SIDES
    out += [f"reinforce {m} {loc}" for m in MATERIALS for loc in locs]
    out += [f"build {m} {loc}" for m in MATERIALS for loc in locs]
    out += [f"bomb {loc}" for loc in locs]
    out += [f"discard {c}" for c in CARDS]
    out += [f"discard {a} {b}" for i, a in enumerate(CARDS) for b in CARDS[i:]]
    if variant == "cooperation":
        out += [f"give {m}" for m in MATERIALS] + [f"receive {m}" for m in MATERIALS] + ["accept", "refuse"]
    return out


def _wall(f: Features, start: int, size: int, i: int, wall, seat, n: int) -> None:
    """Material one-hot and builder (relative seat) of a wall ([material, seat]) in block i."""
    if not wall:
        return
    o = start + i * size
    m = _MAT.get(wall[0])
    if m is not None:
        f.v[o + m] = 1.0
    r = rel(wall[1], seat, n) if len(wall) > 1 else None
    if r is not None:
        f.v[o + len(MATERIALS) + r] = 1.0


def encode_observation(obs):
    n = obs["num_players"]
    seat = obs.get("seat")
    order = seat_order(seat, n)
    f = Features()
    f.one_hot(rel(obs.get("to_move"), seat, n), range(n))
    f.flag(obs.get("is_terminal"))
    f.one_hot(obs.get("phase"), _PHASE)
    f.one_hot(rel(obs.get("turn"), seat, n), range(n))
    turn_order = list(obs.get("order") or [])
    for k in range(n):
        f.one_hot(rel(turn_order[k], seat, n) if k < len(turn_order) else None, range(n))
    villages, temps = obs.get("villages") or [], obs.get("temperatures") or []
    burned, reserves, sizes = obs.get("burned") or [], obs.get("reserves") or [], obs.get("hand_sizes") or []
    mate = {}
    for a, b in obs.get("teams") or []:
        mate[a], mate[b] = b, a
    for p in order:
        f.one_hot(villages[p] if p < len(villages) else None, _VIL)
        f.num(temps[p] if p < len(temps) else 0, 100.0)
        f.flag(burned[p] if p < len(burned) else False)
        r = reserves[p] if p < len(reserves) else {}
        f.nums((r.get(m, 0) for m in MATERIALS), 5.0)
        f.num(sizes[p] if p < len(sizes) else 0)
        f.one_hot(rel(mate.get(p), seat, n), range(n))
    # the board: tiles per hex
    this_turn = obs.get("this_turn") or {}
    per_hex = 1 + 1 + 6 + 6 + len(TYPES) + 1
    start = f.zeros(per_hex * len(HEXES))
    v = f.v
    for h, (tid, rot) in (obs.get("tiles") or {}).items():
        i = _HEX.get(h)
        if i is None:
            continue
        o = start + i * per_hex
        v[o] = 1.0
        if tid < NUM_LAVA:
            edges = rotate_mask(TILE_MASK[tid], rot)
            for d in range(6):
                if edges >> d & 1:
                    v[o + 2 + d] = 1.0
            t = _TYPE.get(TILE_TYPE[tid])
            if t is not None:
                v[o + 14 + t] = 1.0
        else:
            v[o + 1] = 1.0
            for d in range(6):
                v[o + 2 + d] = 1.0
        if 0 <= rot < 6:
            v[o + 8 + rot] = 1.0
    for h in this_turn.get("occupied") or []:
        i = _HEX.get(h)
        if i is not None:
            v[start + i * per_hex + per_hex - 1] = 1.0
    # walls on flow ends and village sides
    size = len(MATERIALS) + n
    start = f.zeros(size * len(FLOW_ENDS))
    for loc, wall in (obs.get("flow_walls") or {}).items():
        if loc in _FLOW:
            _wall(f, start, size, _FLOW[loc], wall, seat, n)
    f.counts(this_turn.get("tested_walls") or [], _FLOW)
    start = f.zeros(size * len(SIDES))
    for loc, wall in (obs.get("border_walls") or {}).items():
        if loc in _SIDE:
            _wall(f, start, size, _SIDE[loc], wall, seat, n)
    f.counts(obs.get("closed_sides") or [], _SIDE)
    f.counts(this_turn.get("closed_sides") or [], _SIDE)
    f.counts(this_turn.get("touched_sides") or [], _SIDE)
    # cards and tiles
    f.counts(obs.get("hand") or [], _CARD)
    f.num(obs.get("deck"), 40.0)
    f.counts(obs.get("discard_pile") or [], _CARD)
    f.num(obs.get("lava_stack"), 40.0)
    stacks = obs.get("lava_rain_stacks") or []
    for k in range(len(RAIN_STACKS)):
        st = stacks[k] if k < len(stacks) else {}
        f.num(st.get("size"), 15.0)
        f.one_hot(st.get("top"), _TILE)
    f.counts(obs.get("set_aside") or [], _TILE)
    f.one_hot(obs.get("pending_tile"), _TILE)
    claims, placed = obs.get("eruption_claims") or [], obs.get("eruption_placed") or []
    for k in range(len(ERUPTION_IDS)):
        f.one_hot(rel(claims[k], seat, n) if k < len(claims) else None, range(n))
        f.flag(placed[k] if k < len(placed) else False)
    f.one_hot(obs.get("mode"), _MODE)
    consent = obs.get("consent") or []
    f.one_hot(rel(consent[0], seat, n) if consent else None, range(n))
    f.one_hot(consent[-1] if consent else None, _MAT)
    f.num(obs.get("builds_left"))
    f.flag(this_turn.get("danger_card_drawn"))
    f.flag(this_turn.get("extra_tile_used"))
    f.flag(this_turn.get("eruption_placed"))
    left = obs.get("final_turns_left")
    f.flag(left is not None)
    f.num(left)
    f.flag(obs.get("lava_removed"))
    f.one_hot(obs.get("end_event"), _END)
    return f.v
