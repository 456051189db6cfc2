"""Frozen copies of Eruption heuristics code as it was before later speed-ups, the oracles of the
tests that check the faster shipped code makes exactly the same choices and floats:
``old_choose`` with the evaluation behind it (``old_evaluate``, ``old_heats``, ``old_heat`` and the
dict frontier ``old_frontier_dist``), and ``old_policy_wall`` (the rollout policy's phase-4
wall as first written).  Not a test module: never edit these
to follow the shipped code."""
from __future__ import annotations

from lapilli.games.eruption import heuristics as H
from lapilli.games.eruption.data import FROM_LABEL, LAST, NEIGH, step

# ---------------------------------------------------------------- frozen copy
_NB = {h: tuple(n for n in row if n is not None) for h, row in NEIGH.items()}
_FACE: dict = {}


def old_frontier_dist(state) -> dict:
    ends = state.open_flow_ends()
    fw = state.flow_walls
    key = ("fdist-oracle", tuple([e for e in ends if e in fw]) if fw else ())
    memo = state._memo()
    got = memo.get(key)
    if got is None:
        got = memo[key] = old_frontier_dist_of(state.tiles, fw, ends)
    return got


def old_frontier_dist_of(tiles, fw, ends) -> dict:
    dist: dict = {}
    zero, one = [], []
    face = _FACE
    for e in ends:
        n = face.get(e)
        if n is None:
            n = face[e] = step(e[0], e[1])
        if e in fw:
            if n not in dist:
                dist[n] = 1
                one.append(n)
        elif dist.get(n) != 0:
            dist[n] = 0
            zero.append(n)
    q = zero + [h for h in one if dist[h] == 1]
    cap = len(H.THREAT)
    nb = _NB
    for h in q:
        dh = dist[h] + 1
        if dh >= cap:
            continue
        for n in nb[h]:
            if n not in tiles and dist.get(n, 99) > dh:
                dist[n] = dh
                q.append(n)
    return dist


def old_turns_left(state, p) -> float:
    if state.is_terminal:
        return 0.0
    n = state.num_players
    if state.final_left is not None:
        return 1.0 if state.final_left >= 1 else 0.0
    lava = state.lava_count()
    return max(1.0, min(4.0, lava / (1.6 * n)))


def old_rain_value(temp) -> float:
    return 0.9 * H.RAIN if temp >= H.RAIN else 20.0


def old_heat(state, p, fdist, turns) -> float:
    v = state.villages[p]
    t = float(state.temperatures[p])
    if v is None:
        return t
    if state.burned[p]:
        return float(LAST) + 50.0
    tiles = state.tiles
    bw = state.border_walls
    per_turn = 0.0
    threat = 0.0
    if fdist is None:
        fdist = old_frontier_dist(state)
    for h, d, side in H._SIDE_KEYS[v]:
        tl = tiles.get(h)
        w = bw.get(side)
        if tl is not None:
            if tl[2] >> d & 1:
                per_turn += H.SIDE_HEAT[w[0] if w else None]
            continue
        k = fdist.get(h)
        if k is not None:
            threat += H.THREAT[k] * (0.35 if w else 1.0)
    k = turns if turns is not None else old_turns_left(state, p)
    t += k * per_turn + max(0.0, k - 1.0) * threat
    held = 0
    for m, c in state.reserve[p].items():
        held += H.WALL_VALUE[m] * (c if c < 3 else 3)
    t -= held
    for c in state.hands[p]:
        t -= old_rain_value(state.temperatures[p]) if c == "rain" else H.CARD_VALUE[c]
    if state.temperatures[p] >= LAST:
        t += 100.0
    return t


def old_heats(state) -> list:
    fd = old_frontier_dist(state)
    k = old_turns_left(state, 0)
    return [old_heat(state, p, fd, k) for p in range(state.num_players)]


def old_team_heats(state, h: list) -> list:
    if state.variant != "cooperation" or state.teams is None:
        return h
    return [h[p] + h[state.mate(p)] for p in range(len(h))]


def old_evaluate(state, seat: int) -> float:
    n = state.num_players
    if state.is_terminal:
        s = state.scores()
        others = [s[q] for q in range(n) if q != seat]
        m = float(min(others) - s[seat]) if others else 0.0
        return m + (1000.0 if seat in state.winners() else -1000.0)
    h = old_team_heats(state, old_heats(state))
    mate = state.mate(seat) if state.variant == "cooperation" else None
    others = [h[q] for q in range(n) if q != seat and q != mate]
    return (min(others) if others else 0.0) - h[seat]


def old_flow_build(state, a):
    p = a.split()
    if p[0] in ("build", "reinforce") and not p[2].startswith("v"):
        h, d = p[2].split("-")
        return p[1], (FROM_LABEL[h], ("N", "NE", "SE", "S", "SW", "NW").index(d))
    return None


def old_value(state, a, seat, depth) -> float:
    c = state.clone()
    c.apply(a)
    fb = old_flow_build(state, a)
    if fb is not None:
        mat, key = fb
        held = key in c.flow_walls
        v1 = old_evaluate(c, seat)
        if held:
            del c.flow_walls[key]
        else:
            c.flow_walls[key] = (mat, seat)
        v2 = old_evaluate(c, seat)
        vs, vf = (v1, v2) if held else (v2, v1)
        return H.HOLD[mat] * vs + (1.0 - H.HOLD[mat]) * vf
    if depth > 0 and not c.is_terminal and c.to_move == seat and c.phase in ("place", "take"):
        legal = c.legal_actions()
        return max(old_value(c, b, seat, depth - 1) for b in legal)
    return old_evaluate(c, seat)


def old_choose(state, legal: list, rng, seat: int) -> str:
    if len(legal) == 1:
        return legal[0]
    ph = state.phase
    if ph == "consent":
        return "accept"
    if ph == "p2x":
        mine = state.temperatures[seat]
        return "extra" if all(mine <= t for q, t in enumerate(state.temperatures) if q != seat) else "end"
    if ph == "village":
        return legal[rng.randbelow(len(legal))]
    best, best_v = [], None
    for a in legal:
        v = old_value(state, a, seat, 2 if ph == "take" else 1)
        if best_v is None or v > best_v + 1e-9:
            best, best_v = [a], v
        elif abs(v - best_v) <= 1e-9:
            best.append(a)
    if "end" in best:
        return "end"
    return best[rng.randbelow(len(best))]


# ---------------------------------------------------------------- the phase-4 wall
def old_policy_wall(state, legal):
    """policy's phase-4 wall choice as it was written before _policy_wall, on the
    dict frontier."""
    me = state.to_move
    v = state.villages[me]
    tiles = state.tiles
    touched, near = None, None
    fd = None
    for i, (h, d) in enumerate(H._SIDES[v]):
        if (v, i) in state.border_walls:
            continue
        t = tiles.get(h)
        if t is not None and t[2] >> d & 1:
            touched = i
            break
        if near is None and t is None:
            if fd is None:
                fd = old_frontier_dist(state)
            if fd.get(h) == 0:
                near = i
    side = touched if touched is not None else near
    if side is not None:
        for m in ("stone", "wood", "straw"):
            a = f"build {m} v{v}-{side + 1}"
            if a in legal:
                return a
    return "end"


# ---------------------------------------------------------------- the rollout policy's placement, uncached
# (the shipped ``_space_weights`` caches the per-direction distances by space and villages standing)
def old_space_weights(state, s, me):
    vm = state.villages[me]
    tiles = state.tiles
    row = NEIGH[s]
    mine = H._TOWARD[vm][s]
    tot = [0, 0, 0, 0, 0, 0]
    burned = state.burned
    for q, v in enumerate(state.villages):
        if q != me and v is not None and not burned[q]:
            o = H._TOWARD[v][s]
            for d in range(6):
                tot[d] += o[d]
    w = [0.0] * 6
    for d in range(6):
        n = row[d]
        if n is not None and n not in tiles:
            w[d] = mine[d] - 0.5 * tot[d]
    for d, v, i in H.B.SIDES_OF_HEX.get(s, ()):
        if v == vm:
            w[d] -= 30.0 if (v, i) not in state.border_walls else 8.0
        elif v in state.villages:
            q = state.villages.index(v)
            if not state.burned[q]:
                w[d] += 20.0 if (v, i) not in state.border_walls else 5.0
    return w


def old_best_place(state, legal, me, rng, sample=12):
    cands = legal if len(legal) <= sample else [legal[rng.randbelow(len(legal))] for _ in range(sample)]
    cache = {}
    pend = state.pending
    best, bv = cands[0], None
    rots = H.ROT[H.TILE_MASK[pend]] if pend is not None else None
    for a in cands:
        x = a.split()
        p = (x[1], FROM_LABEL[x[1]], int(x[2]) if x[0] == "place" else None)
        w = cache.get(p[0])
        if w is None:
            w = cache[p[0]] = old_space_weights(state, p[1], me)
        mask = rots[p[2]] if p[2] is not None else 63
        v = rng.random() * 0.5
        for d in range(6):
            if mask >> d & 1:
                v += w[d]
        if bv is None or v > bv:
            best, bv = a, v
    return best


def old_policy(state, legal: list, rng) -> str:
    if len(legal) == 1:
        return legal[0]
    ph = state.phase
    me = state.to_move
    if ph in ("place", "erupt"):
        if rng.randbelow(5) == 0:
            return legal[rng.randbelow(len(legal))]
        return old_best_place(state, legal, me, rng)
    if ph == "p3":
        if "rain" in legal and state.temperatures[me] >= H.RAIN:
            return "rain"
        if "end" in legal:
            if "draw" in legal:
                return "draw"
            return "end"
        ds = [a for a in legal if a.startswith("discard ") and a.count(" ") == 1]
        if ds:
            return min(ds, key=lambda a: H.CARD_VALUE[a[8:]] if a[8:] != "rain" else 99.0)
        return legal[rng.randbelow(len(legal))]
    if ph == "p4":
        return old_policy_wall(state, legal)
    if ph == "p2x":
        return "end"
    if ph == "consent":
        return "accept"
    return legal[rng.randbelow(len(legal))]


def old_after_place(state, now) -> list:
    if state.is_terminal:
        return H.win_shares(state)
    if state.phase == "place":
        legal = state.legal_actions()
        if legal:
            c = state.clone()
            c.apply(old_best_place(c, legal, c.to_move, H._NO_RNG, sample=len(legal)))
            if c.phase == "place" and not c.is_terminal:
                return now(c)
            return old_after_place(c, now)
    return now(state)


def old_values_cap(state) -> list:
    if state.is_terminal:
        return H.win_shares(state)
    cap = float(LAST)
    return H._softmax_cool(H._team_heats(state, [x if x < cap else cap for x in old_heats(state)]))


def old_values_cap_placed(state) -> list:
    """``values_cap`` as first written: the uncached placement look-ahead, the dict frontier."""
    return old_after_place(state, old_values_cap)
