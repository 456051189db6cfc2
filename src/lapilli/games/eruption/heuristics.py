"""Eruption heuristics for the shared computer players (agents/heuristic.py, agents/mcts.py).

The score is a village's temperature and the lowest wins (ERU-13.9), so every figure below is a
*projected temperature* ("heat"), lower is better:

- the temperature now;
- what Phase 1 will add on each of the seat's coming turns (ERU-10): +20 for each village side
  touched by lava with no wall (ERU-10.4), +10 times the chance that the border wall there falls
  (ERU-10.6; a wall holds when White + bonus > Red, ERU-7.3-7.5), times the turns the seat is
  still expected to play;
- the threat of lava that has not reached the village yet: for each village side whose hex is
  empty, how close the nearest open flow end is (a walled flow end counts as farther, ERU-8);
- minus what the seat holds: walls in the Reserve (ERU-6) and action cards (Rain is worth up
  to 30 degrees, ERU-14.21).

``evaluate(state, seat)`` is the best other seat's projected heat minus the seat's own (terminal
positions: +-1000 for the win on top of the real margin); ``values(state)`` turns the projected
heats into per-seat values in [0, 1] (a softmax, the win share at the end).  ``choose`` is a
greedy player on ``evaluate`` that looks one step further when its move leaves it a tile of its
own to place (Lava Flow, Quake, a two-card discard, the danger zone 3 tile, Lava Rain stacks),
and counts a rolled flow wall by the chance that it holds.  ``policy`` is a cheap rule-based
rollout policy for MCTS.  The players only see the state they are given (the agent framework
passes a determinized copy).
"""
from __future__ import annotations

import math
from collections import deque

from ...agents.mcts import win_shares
from . import board as B
from .data import (DIE, FROM_LABEL, LAST, NEIGH, NUMBERS, PLAYABLE, RAIN, ROT,
                   TILE_MASK, VILLAGES, WALL_BONUS, step)

HEAT_OPEN = NUMBERS["unwalled_contact"]
HEAT_BROKEN = NUMBERS["broken_wall_contact"]


def _hold(bonus: int) -> float:
    """Chance that a wall with this dice bonus holds: White + bonus > Red (ERU-7.3-7.5)."""
    return sum(1 for r in range(1, DIE + 1) for w in range(1, DIE + 1) if w + bonus > r) / DIE ** 2


HOLD = {m: _hold(b) for m, b in WALL_BONUS.items()}
# the heat a side touched by lava costs per Phase 1, by wall material (None: no wall)
SIDE_HEAT = {None: float(HEAT_OPEN), **{m: HEAT_BROKEN * (1.0 - p) for m, p in HOLD.items()}}
# threat of an empty side hex by the distance of the nearest open flow end (0: a tile can go there
# now), in degrees per coming turn
THREAT = (5.0, 2.0, 0.8, 0.3)
WALL_VALUE = {"straw": 3.0, "wood": 4.0, "stone": 5.0}
CARD_VALUE = {"aftershock": 4.0, "lavaflow": 3.0, "relocate": 3.0, "sinkhole": 5.0, "quake": 4.0,
              "rain": 0.0, "reinforce": 4.0, "bomb": 4.0}
TEMP_SCALE = 25.0                 # degrees per unit of the softmax in values()

# per village: its sides as (hex, direction); per playable hex: its distance to each village
_SIDES = [v["sides"] for v in VILLAGES]
_GATES = [sorted({h for h, _ in s}) for s in _SIDES]
_SIDE_KEYS = [tuple((h, d, (v, i)) for i, (h, d) in enumerate(s)) for v, s in enumerate(_SIDES)]   # (hex, dir, side)


def _bfs(starts) -> dict:
    dist = {h: 0 for h in starts}
    q = deque(starts)
    while q:
        h = q.popleft()
        for n in NEIGH[h]:
            if n is not None and n not in dist:
                dist[n] = dist[h] + 1
                q.append(n)
    return dist


DIST = [_bfs(g) for g in _GATES]      # DIST[v][hex]: steps from a hex to the nearest side hex of village v


# ---------------------------------------------------------------- evaluation
# per playable hex: its playable neighbours, in direction order; per flow end: the hex it faces
_NB = {h: tuple(n for n in row if n is not None) for h, row in NEIGH.items()}
_FACE: dict = {}


def _turns_left(state, p) -> float:
    """How many more Phase 1s seat p is expected to suffer."""
    if state.is_terminal:
        return 0.0
    n = state.num_players
    if state.final_left is not None:
        return 1.0 if state.final_left >= 1 else 0.0
    lava = state.lava_count()
    return max(1.0, min(4.0, lava / (1.6 * n)))


def heat(state, p) -> float:
    """Projected temperature of seat p (lower is better): the temperature now, plus what Phase 1
    will add over the seat's expected coming turns (lava touching its sides, a border wall's
    chance to fall), plus the threat of lava near its empty sides, less what it holds.  Computed
    by _heat_fast on the frontier bit sets (_frontier_layers) below."""
    return _heat_fast(state, p, _frontier_layers(state), _turns_left(state, p))


def _rain_value(temp) -> float:
    """Rain in hand: a little less than the 30 degrees it takes off now (so it is played once the
    meter is at 30 or more), and kept for later below that."""
    return 0.9 * RAIN if temp >= RAIN else 20.0


def _team_heats(state, h: list) -> list:
    """In Cooperation a team shares its fate: each seat counts its own and its mate's heat.
    Before the turn order (and so the teams) is set, every seat counts alone."""
    if state.variant != "cooperation" or state.teams is None:
        return h
    return [h[p] + h[state.mate(p)] for p in range(len(h))]


def evaluate(state, seat: int) -> float:
    """The best other seat's projected heat minus this seat's (positive: the seat is ahead)."""
    n = state.num_players
    if state.is_terminal:
        s = state.scores()
        others = [s[q] for q in range(n) if q != seat]
        m = float(min(others) - s[seat]) if others else 0.0
        return m + (1000.0 if seat in state.winners() else -1000.0)
    h = _team_heats(state, heats(state))
    mate = state.mate(seat) if state.variant == "cooperation" else None
    others = [h[q] for q in range(n) if q != seat and q != mate]
    return (min(others) if others else 0.0) - h[seat]


def values(state) -> list:
    """Per-seat values in [0, 1] for MCTS: the win share at the end, else a softmax of -heat.

    A position where a drawn lava tile waits to be placed is valued after the placement the
    rollout policy would make (the tile in hand is about to change the board)."""
    return _after_place(state, _values_now)


def _after_place(state, now) -> list:
    """``now(state)`` (per-seat values), taken after the placement the rollout policy would make
    where a drawn lava tile waits to be placed; the win shares at the end."""
    if state.is_terminal:
        return win_shares(state)
    if state.phase == "place":
        legal = state.legal_actions()
        if legal:
            c = state.clone()
            c.apply(_best_place(c, legal, c.to_move, _NO_RNG, sample=len(legal)))
            if c.phase == "place" and not c.is_terminal:
                return now(c)
            return _after_place(c, now)
    return now(state)


def _softmax_cool(h: list) -> list:
    """Per-seat values from projected heats: a softmax of -heat."""
    lo = min(h)
    e = [math.exp(-(x - lo) / TEMP_SCALE) for x in h]
    s = sum(e)
    return [x / s for x in e]


class _Fixed:
    """A stand-in random source for the evaluator's placement choice (no noise)."""
    def randbelow(self, n):
        return 0

    def random(self):
        return 0.0


_NO_RNG = _Fixed()


def _values_now(state) -> list:
    if state.is_terminal:
        return win_shares(state)
    return _softmax_cool(_team_heats(state, heats(state)))


# ---------------------------------------------------------------- the greedy player
def _flow_build(state, a):
    """(material, flow end key) of a rolled wall action ('build'/'reinforce' on a flow end), else None."""
    p = a.split()
    if p[0] in ("build", "reinforce") and not p[2].startswith("v"):
        h, d = p[2].split("-")
        return p[1], (FROM_LABEL[h], ("N", "NE", "SE", "S", "SW", "NW").index(d))
    return None


def _value(state, a, seat, depth) -> float:
    c = state.clone(history=False)                      # (the rules never read the history)
    c.apply(a)
    if c.phase == "consent":
        # Cooperation: taking a wall waits for the teammate's consent (ERU-I40(1)), which this
        # player always gives (``choose``); weighed as if nothing had happened yet, a take would
        # look better than ending the phase, so giving a wall and taking it back never stopped
        c.apply("accept")
    fb = _flow_build(state, a)
    if fb is not None:
        # a flow wall is rolled when built (ERU-7.1, ERU-I3): weigh both outcomes by the odds
        mat, key = fb
        held = key in c.flow_walls
        v1 = evaluate(c, seat)
        if held:
            del c.flow_walls[key]
        else:
            c.flow_walls[key] = (mat, seat)
        v2 = evaluate(c, seat)
        vs, vf = (v1, v2) if held else (v2, v1)
        return HOLD[mat] * vs + (1.0 - HOLD[mat]) * vf
    if depth > 0 and not c.is_terminal and c.to_move == seat and c.phase in ("place", "take"):
        return max(_value(c, b, seat, depth - 1) for b in c.legal_view())
    return evaluate(c, seat)


_TRANSFERS = ("give", "receive", "accept", "refuse")


def _no_transfer_back(state, legal: list) -> list:
    """Cooperation's Phase 3 allows any number of wall transfers with the teammate (ERU-16.5,
    ERU-I40(1)), so a player who would lose by ending the phase could give a wall and take it back
    for ever.  Within the transfers made since the last other action of the turn, a material given
    is not taken back and a material taken is not given back: every such run of transfers ends."""
    given, taken = set(), set()
    hist = state.history
    for i in range(len(hist) - 1, -1, -1):
        verb, _, mat = hist[i].partition(" ")
        if verb not in _TRANSFERS:
            break
        if verb == "give":
            given.add(mat)
        elif verb == "receive" and i + 1 < len(hist) and hist[i + 1] == "accept":
            taken.add(mat)
    if not given and not taken:
        return legal
    back = {"receive": given, "give": taken}
    kept = []
    for a in legal:
        verb, _, mat = a.partition(" ")
        if mat not in back.get(verb, ()):
            kept.append(a)
    return kept or legal


def choose(state, legal: list, rng, seat: int) -> str:
    """Greedy on ``evaluate``, looking one own placement further (see the module docstring)."""
    if len(legal) == 1:
        return legal[0]
    ph = state.phase
    if ph == "consent":
        return "accept"
    if ph == "p2x":
        # danger zone 3: one more tile ends the game sooner -- good for the coolest village only
        mine = state.temperatures[seat]
        return "extra" if all(mine <= t for q, t in enumerate(state.temperatures) if q != seat) else "end"
    if ph == "village":
        return legal[rng.randbelow(len(legal))]
    if ph == "p3":
        legal = _no_transfer_back(state, legal)
    best, best_v = [], None
    for a in legal:
        v = _value(state, a, seat, 2 if ph == "take" else 1)
        if best_v is None or v > best_v + 1e-9:
            best, best_v = [a], v
        elif abs(v - best_v) <= 1e-9:
            best.append(a)
    if "end" in best:
        return "end"
    return best[rng.randbelow(len(best))]


# ---------------------------------------------------------------- rollout policy
# per village and playable hex: for each direction, the (capped) distance from the hex across
# that edge to the village (4 off the board), so a flow pointing there is scored without a search
_TOWARD = [{h: tuple(min(DIST[v].get(n, 4), 4) if n is not None else 4 for n in NEIGH[h]) for h in PLAYABLE}
           for v in range(len(VILLAGES))]


_PLACE_PARTS: dict = {}    # 'place d4 3' -> ('d4', hex, 3); 'erupt d4' -> ('d4', hex, None)


def policy(state, legal: list, rng) -> str:
    """Cheap rollout policy for MCTS: sensible placements and walls, Rain when it counts."""
    if len(legal) == 1:
        return legal[0]
    ph = state.phase
    me = state.to_move
    if ph in ("place", "erupt"):
        if rng.randbelow(5) == 0:
            return legal[rng.randbelow(len(legal))]
        return _best_place(state, legal, me, rng)
    if ph == "p3":
        if "rain" in legal and state.temperatures[me] >= RAIN:
            return "rain"
        if "end" in legal:
            if "draw" in legal:
                return "draw"
            return "end"
        # more than three cards: discard the least useful one for a wall
        ds = [a for a in legal if a.startswith("discard ") and a.count(" ") == 1]
        if ds:
            return min(ds, key=lambda a: CARD_VALUE[a[8:]] if a[8:] != "rain" else 99.0)
        return legal[rng.randbelow(len(legal))]
    if ph == "p4":       # a wall on the own village: first where lava touches it, then where it may arrive next
        return _policy_wall(state, legal)
    if ph == "p2x":
        return "end"
    if ph == "consent":
        return "accept"
    return legal[rng.randbelow(len(legal))]


# ---------------------------------------------------------------- search helpers
def chance_key(state):
    """The chance outcome the mover now sees, for MCTS ``chance=key|stop`` (agents/mcts.py): the
    shape of the drawn lava tile waiting to be placed ('place'), or the face-up tops of the Lava
    Rain stacks ('take'); None where nothing drawn is waiting.  Tiles of the same shape play alike,
    so the key is the shape (its flow mask), not the tile's id."""
    ph = state.phase
    if ph == "place":
        t = state.pending
        return None if t is None else ("p", TILE_MASK[t], state.mode)
    if ph == "take":
        return ("t",) + tuple(TILE_MASK[s[-1]] if s else -1 for s in state.stacks)
    return None


def values_cap(state) -> list:
    """``values`` with every projected heat capped at the burn mark (LAST): the meter stops there
    (ERU-I24), so two villages both projected to burn are level (the game then ends in a shared
    win, ERU-I32), not the cooler projection ahead.  For MCTS ``evaluator=values_cap``."""
    return _after_place(state, _values_cap_now)


def _values_cap_now(state) -> list:
    if state.is_terminal:
        return win_shares(state)
    cap = float(LAST)
    return _softmax_cool(_team_heats(state, [x if x < cap else cap for x in heats(state)]))


# ---------------------------------------------------------------- placement weights
# The board geometry that does not change during a game is cached: the per-direction distances
# part of a placement's weight depends only on the space, the mover's village and the other
# villages still standing.  (tests/games/eruption/oracle.py keeps the uncached first version,
# which these reproduce exactly: the same choices, random draws and floats.)
_BASE_W: dict = {}         # (space, mover's village, other villages standing) -> per-direction base weight
_DIRS = {m: tuple(d for d in range(6) if m >> d & 1) for m in range(64)}   # mask -> its directions


def _space_weights(state, s, me, others):
    """Per direction of a tile on space s: how good a flow there is for the mover ``me``;
    ``others``: the villages of the other seats not burned."""
    vm = state.villages[me]
    key = (s, vm, others)
    base = _BASE_W.get(key)
    if base is None:
        mine = _TOWARD[vm][s]
        tot = [0, 0, 0, 0, 0, 0]
        for v in others:
            o = _TOWARD[v][s]
            for d in range(6):
                tot[d] += o[d]
        base = _BASE_W[key] = tuple((NEIGH[s][d], mine[d] - 0.5 * tot[d]) for d in range(6))
    tiles = state.tiles
    w = [0.0] * 6
    for d in range(6):
        n, b = base[d]
        if n is not None and n not in tiles:
            w[d] = b
    sides = B.SIDES_OF_HEX.get(s)
    if sides:
        bw = state.border_walls
        vil = state.villages
        for d, v, i in sides:
            if v == vm:
                w[d] -= 30.0 if (v, i) not in bw else 8.0
            elif v in vil:
                q = vil.index(v)
                if not state.burned[q]:
                    w[d] += 20.0 if (v, i) not in bw else 5.0
    return w


def _others_standing(state, me) -> tuple:
    burned = state.burned
    return tuple(v for q, v in enumerate(state.villages) if q != me and v is not None and not burned[q])


def _best_place(state, legal, me, rng, sample=12):
    """The best of (a sample of) 'place s r' / 'erupt s' actions by the board geometry alone."""
    cands = legal if len(legal) <= sample else [legal[rng.randbelow(len(legal))] for _ in range(sample)]
    cache = {}
    pend = state.pending
    others = _others_standing(state, me)
    best, bv = cands[0], None
    rots = ROT[TILE_MASK[pend]] if pend is not None else None
    parts = _PLACE_PARTS
    dirs = _DIRS
    random = rng.random
    for a in cands:
        p = parts.get(a)
        if p is None:
            x = a.split()
            p = parts[a] = (x[1], FROM_LABEL[x[1]], int(x[2]) if x[0] == "place" else None)
        w = cache.get(p[0])
        if w is None:
            w = cache[p[0]] = _space_weights(state, p[1], me, others)
        v = random() * 0.5
        for d in dirs[rots[p[2]] if p[2] is not None else 63]:
            v += w[d]
        if bv is None or v > bv:
            best, bv = a, v
    return best


def _policy_wall(state, legal) -> str:
    """``policy``'s wall choice in phase 4: the first side of the own village that lava touches,
    else the first that a flow end meets (the first layer of the memoised _frontier_layers, which
    the evaluator shares)."""
    me = state.to_move
    v = state.villages[me]
    tiles = state.tiles
    bw = state.border_walls
    touched, near = None, None
    l0 = None
    for i, (h, d) in enumerate(_SIDES[v]):
        if (v, i) in bw:
            continue
        t = tiles.get(h)
        if t is not None and t[2] >> d & 1:
            touched = i
            break
        if near is None and t is None:
            if l0 is None:
                l0 = _frontier_layers(state)[0]
            if _HBIT[h] & l0:
                near = i
    side = touched if touched is not None else near
    if side is not None:
        for m in ("stone", "wood", "straw"):
            a = f"build {m} v{v}-{side + 1}"
            if a in legal:
                return a
    return "end"


# the lava frontier as bit sets of playable hexes, read at the village sides
_HBIT = {h: 1 << i for i, h in enumerate(PLAYABLE)}
_NBM = tuple(sum(_HBIT[n] for n in _NB[h]) for h in PLAYABLE)   # per hex index: its playable neighbours


def _nbm8(j: int) -> tuple:
    """Per byte value b: the union of _NBM over the hexes of indices j..j+7 whose bit is set in b."""
    row = [0] * 256
    for b in range(1, 256):
        low = b & -b
        i = j + low.bit_length() - 1
        row[b] = row[b ^ low] | (_NBM[i] if i < len(_NBM) else 0)
    return tuple(row)


_NBM8 = tuple((j, _nbm8(j)) for j in range(0, len(PLAYABLE), 8))


def _frontier_layers(state) -> tuple:
    """(L0, L1, L2, L3): bit sets of the empty playable hexes at distance 0, 1, 2, 3 from the lava:
    0 for a hex that an unwalled flow end meets, 1 if only walled ends meet it, then +1 per step
    over empty hexes (a 0-1 breadth-first search on bit sets).  Memoised per board and walls on
    its open flow ends: the tuple is shared.  (A dict version of this search is kept in
    tests/games/eruption/oracle.py as the tests' oracle.)"""
    ends = state.open_flow_ends()
    fw = state.flow_walls
    key = ("flayers", tuple([e for e in ends if e in fw]) if fw else ())
    memo = state._memo()
    got = memo.get(key)
    if got is not None:
        return got
    occ = memo.get(("occ",))
    if occ is None:
        hb = _HBIT
        occ = 0
        for h in state.tiles:
            b = hb.get(h)
            if b is not None:
                occ |= b
        memo[("occ",)] = occ
    face = _FACE
    hb = _HBIT
    zero = one = 0
    for e in ends:
        n = face.get(e)
        if n is None:
            n = face[e] = step(e[0], e[1])
        if e in fw:
            one |= hb[n]
        else:
            zero |= hb[n]
    one &= ~zero
    empty = ~occ
    layers = [zero]
    seen = zero
    cur = zero
    for k in range(1, len(THREAT)):
        nxt = 0
        for j, row in _NBM8:                            # the neighbours of the layer, 8 hexes at a time
            byte = cur >> j & 255
            if byte:
                nxt |= row[byte]
        nxt &= empty & ~seen
        if k == 1:
            nxt |= one
        seen |= nxt
        layers.append(nxt)
        cur = nxt
    got = memo[key] = tuple(layers)
    return got


# per village: its sides as (hex bit, direction, side)
_SIDE_BITS = [tuple((h, _HBIT[h], d, side) for h, d, side in keys) for keys in _SIDE_KEYS]


def _side_part(state, v, layers) -> tuple:
    """(per_turn, threat) of village v: the heat per coming Phase 1 of the lava touching its sides
    (by the wall there) and the threat of the lava near its empty sides (by the frontier layer)."""
    tiles = state.tiles
    bw = state.border_walls
    per_turn = 0.0
    threat = 0.0
    l0, l1, l2, l3 = layers
    for h, hbit, d, side in _SIDE_BITS[v]:
        tl = tiles.get(h)
        w = bw.get(side)
        if tl is not None:
            if tl[2] >> d & 1:
                per_turn += SIDE_HEAT[w[0] if w else None]
            continue
        if hbit & l0:
            k = 0
        elif hbit & l1:
            k = 1
        elif hbit & l2:
            k = 2
        elif hbit & l3:
            k = 3
        else:
            continue
        threat += THREAT[k] * (0.35 if w else 1.0)
    return per_turn, threat


def _side_parts(state, layers) -> tuple:
    """(memo, key prefix) for _side_part: memoised with the board (state._memo(), which a search's
    copies share), by village, frontier layers and the border walls."""
    return state._memo(), (layers, tuple(state.border_walls.items()) if state.border_walls else ())


def _side_cached(state, v, layers, parts) -> tuple:
    """_side_part(state, v, layers) through the memo ``parts`` (= _side_parts(state, layers))."""
    memo, key = parts
    key = ("side", v, key)
    part = memo.get(key)
    if part is None:
        part = memo[key] = _side_part(state, v, layers)
    return part


def _walls_held(state, p) -> float:
    """What the walls seat p holds count for in ``heat``: their value, at most 3 of a material."""
    held = 0
    for m, c in state.reserve[p].items():
        held += WALL_VALUE[m] * (c if c < 3 else 3)
    return held


def _heat_fast(state, p, layers, turns, parts=None) -> float:
    """heat(state, p): the frontier given as _frontier_layers(state), ``turns`` as _turns_left(state, p);
    ``parts``: _side_parts(state, layers) if already known."""
    v = state.villages[p]
    t = float(state.temperatures[p])
    if v is None:
        return t
    if state.burned[p]:
        return float(LAST) + 50.0
    per_turn, threat = _side_cached(state, v, layers, parts if parts is not None else _side_parts(state, layers))
    k = turns
    t += k * per_turn + max(0.0, k - 1.0) * threat
    t -= _walls_held(state, p)
    for c in state.hands[p]:
        t -= _rain_value(state.temperatures[p]) if c == "rain" else CARD_VALUE[c]
    if state.temperatures[p] >= LAST:
        t += 100.0
    return t


def heats(state) -> list:
    """heat() of every seat, the frontier, the expected turns (the same for every seat) and the
    memo worked out once."""
    layers = _frontier_layers(state)
    k = _turns_left(state, 0)
    parts = _side_parts(state, layers)
    return [_heat_fast(state, p, layers, k, parts) for p in range(state.num_players)]


# the names search specs and levels written before the cached versions became the only ones use
# (``evaluator=values_fast,policy=policy_fast``): the same functions
heats_fast = heats
policy_fast = policy
values_fast = values_cap


def values_now(state) -> list:
    """``values_cap`` without the placement look-ahead: the capped heats of the position as it is
    (a cheaper evaluator: no copy and no placement per leaf; it plays differently)."""
    return _values_cap_now(state)


# ---------------------------------------------------------------- the end race
# Most 2-player games between the search and the heuristic player ended with both villages on the
# last space (a shared win): the meter stops there (ERU-10.10, ERU-I24), and "Rain" takes 30 off
# whenever it is played (ERU-14.21), so a Rain kept until the last turn lowers the final
# temperature below the mark (ERU-13.3, ERU-E44) where one played early is lost under the cap.
def _end_heat(state, p, layers, turns) -> float:
    """The projected final temperature of seat p: _heat_fast without the Rain credit, capped at
    the last space, minus 30 per Rain in hand (played in the last turn, after the cap); a burned
    village stays on the last space."""
    if state.villages[p] is None:                                # no village yet: the temperature as it is
        return float(state.temperatures[p])
    if state.burned[p]:
        return float(LAST)
    hand = state.hands[p]
    n_rain = hand.count("rain")
    t = _heat_fast(state, p, layers, turns)
    if n_rain:
        t += n_rain * _rain_value(state.temperatures[p])          # take the Rain credit back out
    cap = float(LAST)
    if t > cap:
        t = cap
    return t - RAIN * n_rain


def values_end(state) -> list:
    """Per-seat values for MCTS (``evaluator=values_end``): a softmax of the projected final
    temperatures of _end_heat (capped at the last space, a Rain in hand 30 below the cap), after
    the rollout policy's placement of a drawn tile (as ``values_cap``)."""
    return _after_place(state, _values_end_now)


def _values_end_now(state) -> list:
    if state.is_terminal:
        return win_shares(state)
    layers = _frontier_layers(state)
    k = _turns_left(state, 0)
    return _softmax_cool(_team_heats(state, [_end_heat(state, p, layers, k) for p in range(state.num_players)]))


def values_end_now(state) -> list:
    """values_end without the placement look-ahead (cheaper)."""
    return _values_end_now(state)


def policy_end(state, legal: list, rng) -> str:
    """``policy`` that keeps "Rain" for when it counts: in a last turn (after event A or B),
    or when the village is on the last space (a Rain then keeps the game going, ERU-13.3)."""
    if state.phase == "p3" and "rain" in legal:
        me = state.to_move
        if state.final_left is None and state.temperatures[me] < LAST:
            legal = [a for a in legal if a != "rain"]
            if len(legal) == 1:
                return legal[0]
            r = policy(state, legal, rng)
            return r
        return "rain"
    return policy(state, legal, rng)


def _race_heats(state, layers, k) -> list:
    """Per seat the projected final temperature with the end race: as _end_heat, but every seat
    is projected over at most one turn more than the first village expected to burn needs (when a
    village burns the others take one last turn, ERU-13.5), not over the whole expected game."""
    n = state.num_players
    parts = []
    first = k
    for p in range(n):
        v = state.villages[p]
        t = float(state.temperatures[p])
        if v is None:
            parts.append(None)
            continue
        if state.burned[p]:
            parts.append(None)
            continue
        n_rain = state.hands[p].count("rain")
        h0 = _heat_fast(state, p, layers, 0.0)            # now, less what the seat holds (no turns)
        h1 = _heat_fast(state, p, layers, 1.0)            # one more Phase 1
        per = h1 - h0
        if n_rain:
            r = n_rain * _rain_value(state.temperatures[p])
            h0 += r
        parts.append((h0, per, n_rain))
        room = LAST - (t - RAIN * n_rain)
        if per > 0.0:
            j = max(0.0, math.ceil(room / per)) if room > 0 else 0.0
            if j + 1.0 < first:
                first = j + 1.0
    out = []
    cap = float(LAST)
    for p in range(n):
        q = parts[p]
        if q is None:
            out.append(float(state.temperatures[p]) if state.villages[p] is None else cap)
            continue
        h0, per, n_rain = q
        kk = first if first < k else k
        th = _heat_fast(state, p, layers, kk) + (n_rain * _rain_value(state.temperatures[p]) if n_rain else 0.0)
        if th > cap:
            th = cap
        out.append(th - RAIN * n_rain)
    return out


def values_race(state) -> list:
    """values_end_now with the end race's horizon (_race_heats).  For MCTS ``evaluator=values_race``."""
    if state.is_terminal:
        return win_shares(state)
    layers = _frontier_layers(state)
    k = _turns_left(state, 0)
    return _softmax_cool(_team_heats(state, _race_heats(state, layers, k)))


def values_by_count(state) -> list:
    """Normal's evaluator: the end race (``values_end_now``) with 2-3 players, ``values_cap`` (as
    ``values_cap``) with 4-6: with more players the end race played
    out at every leaf judged worse than the capped heat (a normal seat against heuristic seats)."""
    return _values_end_now(state) if state.num_players <= 3 else values_cap(state)


def policy_by_count(state, legal: list, rng) -> str:
    """Normal's rollout policy, with ``values_by_count``: ``policy_end`` (Rain kept for the last
    turn) with 2-3 players, ``policy`` with 4-6."""
    return policy_end(state, legal, rng) if state.num_players <= 3 else policy(state, legal, rng)


# ---------------------------------------------------------------- keeping the Rain
def keep_rain(state, acts):
    """For MCTS ``prune=keep_rain``: the moves of Phase 3 that throw away a Rain the mover needs.

    A village on the last space at the end of its owner's turn burns (ERU-13.2) unless a Rain
    has lowered it (ERU-13.3, ERU-E44), and a Rain still in hand when a seat's last turn ends is
    lost (the final temperatures decide, ERU-13.9).  So while the mover stands on the last space,
    or is in its last turn (after event A or B every seat to move is in its last turn,
    ERU-13.5, ERU-13.8) above 0, ending the turn and discarding its last Rain are left out: the
    search then plays the Rain at the point of the turn it likes best (after a danger-zone draw,
    for instance, ERU-E31).  Everything else is kept; ``acts`` itself when nothing is removed."""
    if state.phase != "p3":
        return acts
    p = state.current_player
    hand = state.hands[p]
    if "rain" not in hand:
        return acts
    t = state.temperatures[p]
    if t < LAST and (state.final_left is None or t <= 0):
        return acts
    n_rain = hand.count("rain")
    out = [a for a in acts
           if a != "end" and not (a.startswith("discard ") and a.split().count("rain") >= n_rain)]
    return out if out else acts


# ---------------------------------------------------------------- the end race played out
_BEFORE_P4 = frozenset(("village", "erupt?", "erupt", "p2?", "place", "take", "p2x?", "p2x", "p3?", "p3", "consent"))
CREDIT_WEIGHT = 0.25      # the held walls and other cards, as a tie-break below the race's outcome


def _race_out(state, layers) -> list:
    """Per seat the final temperature of the end race played out turn by turn, in turn order, on
    each village's projected Phase 1 heat (_side_part: the lava touching it now, and from its
    second turn on the threat of the lava near it), over the expected turns of ``heat``
    (_turns_left), every seat keeping its Rains for when it stands on the last space or plays
    its last turn (as ``keep_rain``): a seat on the last space without a Rain burns at the end of
    its turn (ERU-13.2) and every other seat then plays one last turn, its Phase 1 and all its
    Rains (ERU-13.5); in the final turns (after event A or B) each seat still to play does the
    same.  Without a burn, the Rains still held come off at the end.  The held walls and other
    cards are a small tie-break (CREDIT_WEIGHT of their value in ``heat``)."""
    n = state.num_players
    parts = _side_parts(state, layers)
    cap = float(LAST)
    temps = [float(t) for t in state.temperatures]
    rains = [h.count("rain") for h in state.hands]
    per, thr, credit, alive = [0.0] * n, [0.0] * n, [0.0] * n, [False] * n
    for p in range(n):
        v = state.villages[p]
        if v is None or state.burned[p]:
            continue
        alive[p] = True
        per[p], thr[p] = _side_cached(state, v, layers, parts)
        held = _walls_held(state, p)
        for c in state.hands[p]:
            if c != "rain":
                held += CARD_VALUE[c]
        credit[p] = CREDIT_WEIGHT * held
    order = state.order or list(range(n))
    i = order.index(state.current_player) if state.current_player in order else 0
    mover = order[i]
    mover_can_rain = state.phase in _BEFORE_P4
    done = [False] * n                                # the seat's last turn is played

    def last_turn(q, phase1: bool):
        t = temps[q]
        if phase1:
            t = min(cap, t + per[q] + thr[q])
        temps[q] = max(0.0, t - RAIN * rains[q])
        rains[q] = 0
        done[q] = True

    if state.final_left is not None:                  # the final turns: each seat still to play one plays it
        left = state.final_left - (0 if state.final_fresh else 1)
        if alive[mover] and not state.final_fresh:
            if mover_can_rain:
                last_turn(mover, False)
            done[mover] = True
        for k in range(1, left + 1):
            q = order[(i + k) % n]
            if alive[q] and not done[q]:
                last_turn(q, True)
    else:
        turns = max(1, math.ceil(_turns_left(state, mover)))
        burned = None
        if alive[mover] and temps[mover] >= cap:      # the mover's own turn: its Phase 1 is behind it
            if rains[mover] and mover_can_rain:
                rains[mover] -= 1
                temps[mover] -= RAIN
            else:
                burned = 0
        seen = [0] * n
        k = 1
        while burned is None and k <= turns * n:
            q = order[(i + k) % n]
            if alive[q]:
                seen[q] += 1
                temps[q] = min(cap, temps[q] + per[q] + (thr[q] if seen[q] >= 2 else 0.0))
                if temps[q] >= cap:
                    if rains[q]:
                        rains[q] -= 1
                        temps[q] -= RAIN
                    else:
                        burned = k
            k += 1
        if burned is not None:                        # event A: every other seat's last turn
            b = order[(i + burned) % n]
            for j in range(1, n):
                q = order[(i + burned + j) % n]
                if alive[q] and q != b:
                    last_turn(q, True)
    out = []
    for p in range(n):
        if state.villages[p] is None:
            out.append(float(state.temperatures[p]))
        elif not alive[p]:                            # burned
            out.append(cap)
        elif not done[p]:
            out.append(max(0.0, temps[p] - RAIN * rains[p]) - credit[p])
        else:
            out.append(temps[p] - credit[p])
    return out


def values_raceout(state) -> list:
    """Per-seat values for MCTS (``evaluator=values_raceout``): a softmax of the final
    temperatures of the end race played out (_race_out)."""
    if state.is_terminal:
        return win_shares(state)
    return _softmax_cool(_team_heats(state, _race_out(state, _frontier_layers(state))))


# ---------------------------------------------------------------- the fitted leaf evaluator
def fitted_values(state) -> list:
    """Per-seat values for MCTS (``evaluator=fitted_values``): ``evaluator.win_probs``, a
    conditional logit over the seats on per-seat features (the temperature, ``heat``, the end
    race of ``values_raceout``, walls, Rains and other cards held, the turn order), fitted to the
    outcomes of heuristic self-play (weights in data/evaluator.json)."""
    from .evaluator import win_probs

    return win_probs(state)


def fitted_values_place(state) -> list:
    """``fitted_values`` after the rollout policy's placement of a drawn lava tile (as
    ``values_cap``).  ``evaluator=fitted_values_place``."""
    from .evaluator import win_probs

    return _after_place(state, win_probs)


def fitted_values_staged(state) -> list:
    """``fitted_values`` with weights fitted per stage of the game (``evaluator.win_probs_staged``:
    the share of the lava tiles drawn).  ``evaluator=fitted_values_staged``."""
    from .evaluator import win_probs_staged

    return win_probs_staged(state)


def fitted_values_staged_place(state) -> list:
    """``fitted_values_staged`` after the rollout policy's placement of a drawn lava tile.
    ``evaluator=fitted_values_staged_place``."""
    from .evaluator import win_probs_staged

    return _after_place(state, win_probs_staged)
