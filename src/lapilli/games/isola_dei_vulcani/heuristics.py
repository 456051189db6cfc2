"""L'Isola dei Vulcani heuristics for the shared computer players (agents/heuristic.py,
agents/mcts.py) and for the long-run simulation (bench/long_runs/isola_dei_vulcani.py).

``evaluate(state, seat)``: the seat's *projected* score (points scored, plus what final scoring
would give now, IDV-14, plus what its lying Moai next to free craters are about to bring, minus
the pieces standing in the way of the next lava, IDV-10.7) minus the best other seat's.

``choose(state, legal, rng, seat)``: a rule-based player without look-ahead: it lands, erects
Moai (aiming the crack, IDV-8.5, at small parts holding volcanoes and opponents' pieces, never at
parts holding its own), carves next to free craters, builds villages and colonists off the lava
paths, walks (or carries its lying Moai) toward free craters or lava, prays when its pieces are
threatened, saves its threatened pieces with prayer tokens and rescues its colonists.  Its crack
aim knows the *units* of the continent (areas glued by borders no crater faces, ``units_of``) and
never sinks a part that would leave a unit of three or more volcanoes unable ever to sink
(``doomed_after``, ``sink_weight``): on such a board the game could not end by the rule.

``policy(state, legal, rng)``: a cheap rollout policy for MCTS (action kinds by priority).
``values(state)``: per-seat values in [0, 1] for MCTS; ``fitted_values(state)``: the same from a
conditional logit fitted to game outcomes (evaluator.py).  The levels built on them are in levels.py.
"""
from __future__ import annotations

import math

from ...agents.mcts import win_shares

_FAR = 99

# weights of pieces that a sinking takes away (IDV-11.9): roughly their final value (IDV-14)
_LOSS = {"V": 4.0, "M": 3.0, "E": 3.0}


# ---------------------------------------------------------------- what lava threatens
def exposed(state) -> set:
    """Spaces where a village or lying Moai would be hit by the next eruption of a volcano on the
    board: along each lava channel the first free space and the lava spaces before it (a lava
    tile turned into a village or Moai frees its space, IDV-10.8)."""
    sp = state.spaces
    sunk = state.sunk
    space_hex = state.geo.space_hex
    out = set()
    chans = state.geo.channels
    for v in state.volcanoes:
        for ch in chans[v]:
            for s in ch:
                if space_hex[s] in sunk:
                    break
                out.add(s)
                if sp.get(s) != "L":
                    break
    return out


def _threat(state, seat: int, exp: set) -> float:
    """Final points of ``seat``'s pieces on the next lava's spaces, weighted by the chance that
    an eruption hits them soon, less what its prayer tokens can save."""
    mv, mm = "V%d" % seat, "M%d" % seat
    sp = state.spaces
    hit = [3.0 if sp.get(s) == mv else 2.0 for s in exp if sp.get(s) in (mv, mm)]
    if not hit:
        return 0.0
    hit.sort(reverse=True)
    hit = hit[state.prayer_tokens[seat]:]
    nv = max(1, len(state.volcanoes))
    return 0.5 * sum(hit) * min(1.0, 2.0 / nv)


# ---------------------------------------------------------------- evaluation
def ready_moai(state, seat: int) -> int:
    """Hexes where a lying Moai of ``seat`` has an own colonist and a free crater: it can stand
    next turn."""
    geo = state.geo
    er = state.erected
    k = 0
    for h, c in state.colonists.items():
        if c[seat] and state._own_lying(h, seat) and any(cr not in er for cr in geo.hex_craters[h]):
            k += 1
    return k


def projected(state, seat: int, exp: set | None = None, threat: float | None = None) -> float:
    """Points of ``seat`` if the game ended now, plus a little for Moai about to stand, minus the
    pieces threatened by lava (``_threat`` on ``exp``, or ``threat`` if the caller has it)."""
    if state.is_terminal:
        return float(state.points[seat])
    v = state.points[seat] + state.final_breakdown(seat)["total"]
    v += 1.5 * ready_moai(state, seat)
    v += 1.0 * state.boat[seat]  # a colonist in the boat is 4 points once it lands
    if threat is None:
        threat = _threat(state, seat, exposed(state) if exp is None else exp)
    return v - threat


def evaluate(state, seat: int) -> float:
    """Projected score margin of ``seat`` over the best other seat (terminal: +-1000 on top)."""
    n = state.num_players
    if state.is_terminal:
        m = float(state.points[seat] - max(state.points[i] for i in range(n) if i != seat))
        return m + (1000.0 if seat in state.winners() else -1000.0)
    exp = exposed(state)
    pr = [projected(state, i, exp) for i in range(n)]
    return pr[seat] - max(pr[i] for i in range(n) if i != seat)


def values(state) -> list:
    """Per-seat values in [0, 1] for MCTS: the win share at the end, else 0.85 x a logistic of the
    seat's projected margin over the best other seat on a 15-point scale, plus 0.15 x the seat's
    share of the projected points.

    The scale is wide on purpose: projected margins of 20-40 points are common mid-game with 3-4
    players (final scoring counts now, IDV-14), and the earlier 6-point scale made every such
    position worth ~1.0 to the leader, so a 4-player search saw all its moves as equal, ended its
    turns early and lost to the heuristic players (and won with these values).
    The share term keeps a seat that is far ahead preferring moves that gain points."""
    if state.is_terminal:
        return win_shares(state)
    n = state.num_players
    exp = exposed(state)
    pr = [projected(state, i, exp) for i in range(n)]
    total = 1.0 + sum(max(0.0, x) for x in pr)
    out = []
    for i in range(n):
        m = pr[i] - max(pr[j] for j in range(n) if j != i)
        out.append(0.85 / (1.0 + math.exp(-max(-40.0, min(40.0, m / 15.0)))) + 0.15 * max(0.0, pr[i]) / total)
    return out


# ---------------------------------------------------------------- cracks
def _stuff(state, hexes, seat: int) -> tuple:
    """(own loss, others' loss) if ``hexes`` sank: villages, Moai, and colonists (the current
    player rescues all its colonists, the others one each, IDV-11.6, IDV-11.7)."""
    geo = state.geo
    sp = state.spaces
    er = state.erected
    own = other = 0.0
    cur = state.current_player
    for h in hexes:
        for s in geo.spaces[h]:
            x = sp.get(s)
            if x is not None and x != "L":
                if int(x[1:]) == seat:
                    own += _LOSS[x[0]]
                else:
                    other += _LOSS[x[0]]
        for cr in geo.hex_craters[h]:
            o = er.get(cr)
            if o is not None:
                if o == seat:
                    own += _LOSS["E"]
                else:
                    other += _LOSS["E"]
        c = state.colonists.get(h)
        if c:
            for o, k in enumerate(c):
                if k:
                    lost = 0 if o == cur else max(0, k - 1)
                    if o == seat:
                        own += 4.0 * lost
                    else:
                        other += 4.0 * lost
        lo = state.loose_moai.get(h)
        if lo:
            for o in lo:
                if o == seat:
                    own += 3.0
                else:
                    other += 3.0
    return own, other


def _sinking_part(state, parts):
    """The part IDV-11.2 / IDV-11.3 would sink (None when a draw decides)."""
    key = [(len(pt), len(state._volcanoes_in(pt))) for pt in parts]
    best = min(key)
    tied = [pt for pt, k in zip(parts, key) if k == best]
    return tied[0] if len(tied) == 1 else None


def _lead(state, seat: int) -> float:
    n = state.num_players
    return state.points[seat] + 0.0 - max(state.points[i] for i in range(n) if i != seat)


def split_value(state, h: str, m: str, key: str, seat: int):
    """If a crack on edge ``key`` (between ``h``, where a Moai of the current player has just been
    erected, and ``m``) cuts the board: the value to ``seat`` of the sinking it causes (volcanoes
    sunk bring the end closer, pieces lost); None when it cuts nothing."""
    state.cracks.add(key)
    try:
        parts = state.parts()
    finally:
        state.cracks.discard(key)
    if len(parts) < 2:
        return None
    part = _sinking_part(state, parts)
    if part is None:
        return 0.0
    own, other = _stuff(state, part, seat)
    if h in part:
        own += 3.0  # the Moai just erected sinks too
    vols = set(state._volcanoes_in(part))
    nv = len(vols)
    v = other / max(1, state.num_players - 1) - own + sink_weight(state, vols, set(part))
    left = len(state.volcanoes) - nv
    if nv and left <= 2:
        v += 25.0 if _lead(state, seat) > 0 else -25.0  # the game ends after this round (IDV-13.1)
    return v


_UNITS: dict = {}


def units_of(geo) -> dict:
    """Area -> its *unit*: the areas glued to it by borders that no crater faces (with a crater
    set that puts no crater on volcano hexes, such as the rim-craters data set, two volcano hexes of
    different tiles touching: no crack can ever lie between them, IDV-8.5 / IDV-I2 a; the default
    set glues nothing).  A part (IDV-I3 b) always holds whole units, so a unit
    sinks whole.  A property of the map (cached per board)."""
    u = _UNITS.get(id(geo))
    if u is not None and u[0] is geo:
        return u[1]
    faced = {geo.crater_edge[c][1] for c in geo.craters}
    par = {a: a for a in geo.areas}

    def find(a):
        while par[a] != a:
            a = par[a]
        return a

    for h in geo.hexes:
        for m, key in geo.nbrs[h]:
            if key not in faced and geo.area_of[m] != geo.area_of[h]:
                par[find(geo.area_of[h])] = find(geo.area_of[m])
    unit = {a: find(a) for a in geo.areas}
    _UNITS[id(geo)] = (geo, unit)
    return unit


def _big_units(state) -> dict:
    """Units holding three or more volcanoes still on the board: unit -> (volcanoes, hexes)."""
    geo = state.geo
    unit = units_of(geo)
    vols: dict = {}
    for v in state.volcanoes:
        vols.setdefault(unit[v], set()).add(v)
    out = {}
    for u, vs in vols.items():
        if len(vs) >= 3:
            out[u] = (vs, sum(1 for a in geo.areas if unit[a] == u
                              for h in geo.area_hexes[a] if h not in state.sunk))
    return out


def doomed_after(state, gone: set, gone_hexes: set = frozenset()) -> bool:
    """True when sinking the hexes ``gone_hexes`` (holding the volcanoes ``gone``) leaves more
    than two volcanoes and a unit of three or more volcanoes that can no longer sink: a unit
    sinks only whole and only as the smaller part (IDV-11.2; on equal size IDV-11.3 sinks the part
    with fewer volcanoes), so once it holds half of the hexes left, three or more volcanoes stay
    on the board for ever and the game cannot end by the rule (IDV-13.1; the engine's stall
    safeguard, IDV-I28, or its round limit ends it)."""
    left = len(state.volcanoes) - len(gone)
    if left <= 2:
        return False
    alive = sum(1 for h in state.geo.hexes if h not in state.sunk) - len(gone_hexes)
    for vs, size in _big_units(state).values():
        if not (vs & gone) and 2 * size >= alive:
            return True
    return False


def sink_weight(state, vols: set, hexes=frozenset()) -> float:
    """What sinking a part (``hexes``, holding the live volcanoes ``vols``) is worth to every
    player, before the pieces on it: 6 per volcano (the end comes closer), +15 when it takes a
    unit of three or more volcanoes away (that unit can only ever sink whole, and only while it
    is the smaller part, so the sooner the better), -60 when it leaves such a unit unable ever
    to sink (``doomed_after``: the game could not end by the rule)."""
    # volcanoes beyond those the end needs (all but two, IDV-13.1) bring nothing more
    w = 6.0 * min(len(vols), max(1, len(state.volcanoes) - 2))
    big = _big_units(state)
    if not big:
        return w
    if doomed_after(state, vols, hexes):
        return w - 60.0
    if any(vs & vols for vs, _ in big.values()):
        w += 15.0
    return w


class _Regions:
    """Parts that a ring of cracks could cut off, grown from every volcano on the board: start with
    its unit and keep adding the neighbouring unit that leaves the fewest open border edges (edges
    to hexes outside without a crack), while the part stays smaller than the rest (IDV-11.2).
    Parts grow by whole units (``units_of``).  ``by_edge`` maps each open edge to the parts it
    borders: (hexes, open edges, volcanoes, closable, sink_weight) where closable means every
    open edge has a crater facing it."""

    def __init__(self, state):
        geo = state.geo
        sunk = state.sunk
        cracks = state.cracks
        crackable = set()
        for cr in geo.craters:
            m, key = geo.crater_edge[cr]
            if m is not None and m not in sunk and geo.crater_hex[cr] not in sunk:
                crackable.add(key)
        self.crackable = crackable
        alive = sum(1 for h in geo.hexes if h not in sunk)
        half = alive / 2.0
        area_hexes = geo.area_hexes
        area_of = geo.area_of
        nbrs = geo.nbrs

        def border(hexes):
            inside = set(hexes)
            edges = set()
            touch = set()
            for h in hexes:
                for m, key in nbrs[h]:
                    if m in inside or m in sunk:
                        continue
                    touch.add(area_of[m])
                    if key not in cracks:
                        edges.add(key)
            return edges, touch

        self.by_edge: dict = {}
        seen = set()
        pool = set(state.volcanoes)
        unit = units_of(geo)
        members: dict = {}
        for a in geo.areas:
            if any(h not in sunk for h in area_hexes[a]):
                members.setdefault(unit[a], []).append(a)

        def unit_hexes(a):
            # a part always holds whole units (IDV-I3 b with crater-less borders)
            return [h for b in members[unit[a]] for h in area_hexes[b] if h not in sunk]

        for v in state.volcanoes:
            areas = set(members[unit[v]])
            hexes = unit_hexes(v)
            for _ in range(12):
                if len(hexes) >= half:
                    break
                edges, touch = border(hexes)
                key = frozenset(areas)
                if key not in seen and edges:
                    seen.add(key)
                    vols = {geo.volcano_at[h] for h in hexes if h in geo.volcano_at and geo.volcano_at[h] in pool}
                    rec = (tuple(hexes), len(edges), len(vols), edges <= crackable, sink_weight(state, vols, set(hexes)))
                    for e in edges:
                        self.by_edge.setdefault(e, []).append(rec)
                best, best_k, best_hs = None, None, None
                for b in sorted(touch):
                    if b in areas:
                        continue
                    hs = hexes + unit_hexes(b)
                    if len(hs) >= half:
                        continue
                    k = len(border(hs)[0]) + 0.3 * (len(hs) - len(hexes))
                    if best_k is None or k < best_k:
                        best, best_k, best_hs = b, k, hs
                if best is None:
                    break
                areas.update(members[unit[best]])
                hexes = best_hs
        # the targets: the closable parts worth sinking that need the fewest cracks for what they
        # are worth; every player aiming at the same few parts is what closes a ring with few
        # crack tiles
        recs = {id(r): r for lst in self.by_edge.values() for r in lst}.values()
        # a ring needing more cracks than the supply, or more than the Moai the players still
        # have (in reserve or lying), cannot be closed now: it ranks as if it cost three times
        # as much for each crack beyond that budget
        lying = sum(1 for x in state.spaces.values() if x[0] == "M") + sum(len(x) for x in state.loose_moai.values())
        budget = min(state.crack_supply, sum(state.reserve_moai) + lying)
        ranked = sorted((r for r in recs if r[3] and r[2] > 0 and r[4] > 0),
                        key=lambda r: ((r[1] + 2 * max(0, r[1] - budget)) / r[4], r[1], r[0]))
        self.targets = {id(r) for r in ranked[:3]}
        # the first target counts most: players who all aim at the same ring close it sooner
        self.rank = {id(r): (1.0, 0.6, 0.35)[i] for i, r in enumerate(ranked[:3])}
        self.target_edges = {e for e, lst in self.by_edge.items() if any(id(r) in self.targets for r in lst)}


_REGIONS: dict = {}


def regions_of(state) -> _Regions:
    """The _Regions of the state's board, cracks and sunk hexes (cached: they change only when a
    crack is placed or a part sinks)."""
    key = (state.map_id, frozenset(state.sunk), frozenset(state.cracks), tuple(state.volcanoes))
    r = _REGIONS.get(key)
    if r is None:
        if len(_REGIONS) > 4000:
            _REGIONS.clear()
        r = _REGIONS[key] = _Regions(state)
    return r


def progress_value(state, key: str, seat: int, regions: _Regions, wcache: dict | None = None) -> float:
    """How much a crack on edge ``key`` brings a ring round a small part with volcanoes (and
    opponents' pieces) closer, for ``seat``; negative when the part holds its own pieces."""
    best = 0.0
    worst = 0.0
    n1 = max(1, state.num_players - 1)
    for rec in regions.by_edge.get(key, ()):
        hexes, k, nv, closable, ws = rec
        if id(rec) not in regions.targets:
            continue
        w = wcache.get(id(rec)) if wcache is not None else None
        if w is None:
            own, other = _stuff(state, hexes, seat)
            w = ws + other / n1 - own
            if wcache is not None:
                wcache[id(rec)] = w
        v = w / k if closable else 0.3 * w / k
        if v > 0:
            v *= regions.rank[id(rec)]
        if v > best:
            best = v
        if v < worst:
            worst = v
    return best + 0.5 * worst


def edge_value(state, h: str, m, key, seat: int, regions) -> float:
    """A crack on the edge between ``h`` and ``m``: the sinking it causes, or its progress toward
    one, less the cost of spending one of the few crack tiles (IDV-8.5) on an edge that helps
    nobody; 0 when no crack is placed (the edge has one already or faces the sea, IDV-8.6)."""
    if m is None or m in state.sunk or key in state.cracks or state.crack_supply <= 0:
        return 0.0
    sv = split_value(state, h, m, key, seat)
    if sv is not None:
        return 3.0 * sv
    waste = 2.0 + 40.0 / (1.0 + state.crack_supply)
    if regions is None:
        return -waste
    pv = progress_value(state, key, seat, regions)
    return 3.0 * pv - (waste if pv < 0.5 else 0.0)


def crack_value(state, crater: str, seat: int, regions) -> float:
    """The value of the crack an erection on ``crater`` brings (its facing edge, IDV-I2 a)."""
    geo = state.geo
    m, key = geo.crater_edge[crater]
    return edge_value(state, geo.crater_hex[crater], m, key, seat, regions)


# ---------------------------------------------------------------- the turn
def _distances(state, targets) -> dict:
    d = {h: 0 for h in targets}
    queue = list(targets)
    nbrs = state.geo.nbrs
    sunk = state.sunk
    cracks = state.cracks
    for h in queue:
        for m, key in nbrs[h]:
            if m not in d and m not in sunk and key not in cracks:
                d[m] = d[h] + 1
                queue.append(m)
    return d


def _erect_points(state, p: int, h: str) -> int:
    area = state.geo.area_of[h]
    v = state._area_villages(area, p)
    return 1 if v == 0 else (state._area_erected(area, p) + 1) * v  # IDV-12.2, IDV-12.3


def _decision(state, legal: list, seat: int) -> str:
    kind = state.decision[0]
    if kind == "save":
        saves = [a for a in legal if a.startswith("save")]
        if saves:
            sp = state.spaces
            # villages first (they multiply Moai points), then Moai
            saves.sort(key=lambda a: 0 if sp.get(a.split()[1], "")[:1] == "V" else 1)
            return saves[0]
        return "done"
    if kind == "order":
        return legal[0]
    # rescues: onto the neighbouring hex farthest from the lava and with most room
    exp = exposed(state)
    best, best_v = "skip", -1e9
    for a in legal:
        if a == "skip":
            continue
        to = a.split()[-1]
        v = sum(1 for s in state.geo.spaces[to] if s not in exp) + 0.5 * len(state.geo.hex_craters[to])
        if v > best_v:
            best, best_v = a, v
    return best


def _turn_scores(state, legal: list, rng, cheap: bool) -> list:
    p = state.current_player
    geo = state.geo
    sp = state.spaces
    er = state.erected
    exp = exposed(state)
    own_lying_hexes = {h for h, c in state.colonists.items() if c[p] and state._own_lying(h, p)}
    alive = [h for h in geo.hexes if h not in state.sunk]
    regions = None if cheap else regions_of(state)
    good = set()
    if regions is not None and state.crack_supply > 0:
        ev = {}
        wcache: dict = {}
        for key in regions.target_edges:
            ev[key] = progress_value(state, key, p, regions, wcache)
        for h in alive:
            if any(ev.get(geo.crater_edge[c][1], 0.0) > 0.5 for c in geo.hex_craters[h] if c not in er):
                good.add(h)
    free_crater = [h for h in alive if any(c not in er for c in geo.hex_craters[h])]
    crater_targets = [h for h in free_crater if h in good] or free_crater
    has_lava = [h for h in alive if any(sp.get(x) == "L" for x in geo.spaces[h])]
    lava_targets = ([h for h in has_lava if h in good] or [h for h in has_lava if h in free_crater]
                    or has_lava)
    # the seat's last Moai (reserve + lying, IDV-1.12) are kept for cracks that count
    mm = "M%d" % p
    scarce = state.reserve_moai[p] + sum(1 for x in sp.values() if x == mm) + \
        sum(lo.count(p) for lo in state.loose_moai.values()) <= 4
    d_crater = _distances(state, crater_targets)
    d_lava = _distances(state, lava_targets)
    out = []
    ap = state.action_points
    for a in legal:
        t = a.split()
        v = t[0]
        if v == "erect":
            h = geo.crater_hex[t[2]]
            pts = _erect_points(state, p, h)
            cv = crack_value(state, t[2], p, regions)
            if cv < 0 and pts < 3 and good and d_crater.get(h, _FAR) < _FAR:
                # the crack would be wasted: keep the Moai for a crater whose crack counts
                w = 20.0 + 4.0 * pts + cv
            elif scarce and cv <= 0 and pts < 6 and state.crack_supply > 0:
                # the last Moai are kept for the cracks that close a ring (a lying Moai scores
                # the same at the end, IDV-14, IDV-I8 a)
                w = -5.0
            else:
                w = 100.0 + 4.0 * pts + cv
        elif v == "land":
            w = 90.0
        elif v == "carve":
            s = t[1]
            h = geo.space_hex[s]
            free = sum(1 for c in geo.hex_craters[h] if c not in er)
            has = len(state._own_lying(h, p))
            if free > has:
                w = 60.0 - 2.0 * has if (h in good or not good) else 30.0
            else:
                w = 12.0
            if s in exp:
                w -= 15.0
        elif v == "carry":
            a_, b_ = geo.space_hex.get(t[1], t[1]), geo.space_hex.get(t[2], t[2])
            w = 52.0 if d_crater.get(b_, _FAR) < d_crater.get(a_, _FAR) else 2.0
            if t[2] in exp:
                w -= 10.0
        elif v == "village":
            s = t[1]
            h = geo.space_hex[s]
            w = 40.0 + 3.0 * sum(1 for c in geo.hex_craters[h] if c not in er)
            if s in exp:
                w -= 30.0
            if ap < 2:
                w = -1.0
        elif v == "colonist":
            w = 55.0
        elif v == "move":
            a_, b_ = t[1], t[2]
            if a_ in own_lying_hexes and state._colonists(a_, p) <= 1:
                w = 1.0  # stay with the Moai to erect it
            else:
                w = 30.0 if d_lava.get(b_, _FAR) < d_lava.get(a_, _FAR) else 6.0
        elif v == "pray":
            mine = sum(1 for s in exp if sp.get(s) in ("V%d" % p, "M%d" % p))
            w = (35.0 if mine > state.prayer_tokens[p] else 14.0) - 8.0 * state.prayer_tokens[p]
        else:  # end
            w = 0.0
        out.append((w, a))
    return out


def choose(state, legal: list, rng, seat: int) -> str:
    """The rule-based player described in the module docstring."""
    if len(legal) == 1:
        return legal[0]
    if state.decision is not None:
        return _decision(state, legal, seat)
    scored = _turn_scores(state, legal, rng, cheap=False)
    best, best_w = legal[-1], -1e9
    for w, a in scored:
        w += rng.random() * 4.0
        if w > best_w:
            best, best_w = a, w
    return best


_PRIORITY = {"erect": 9.0, "land": 8.0, "colonist": 6.0, "carve": 5.0, "village": 4.0, "carry": 3.0,
             "move": 2.5, "pray": 1.0, "end": 0.2}


def policy(state, legal: list, rng) -> str:
    """Cheap rollout policy for MCTS: erect, land, create colonists, carve (next to a free
    crater), build villages, otherwise a random move; prayer tokens save threatened pieces."""
    if len(legal) == 1:
        return legal[0]
    if state.decision is not None:
        kind = state.decision[0]
        if kind == "save":
            return legal[0]
        return legal[rng.randbelow(len(legal) - 1)] if kind != "order" else legal[0]
    if rng.randbelow(5) == 0:
        return legal[rng.randbelow(len(legal))]
    er = state.erected
    geo = state.geo
    best, best_w = [], -1.0
    for a in legal:
        i = a.find(" ")
        v = a[:i] if i > 0 else a
        w = _PRIORITY.get(v, 0.0)
        if w < best_w:
            continue
        if v == "carve" and not any(c not in er for c in geo.hex_craters[geo.space_hex[a[6:]]]):
            w = 1.5
            if w < best_w:
                continue
        if w > best_w:
            best, best_w = [a], w
        else:
            best.append(a)
    return best[rng.randbelow(len(best))]


# ---------------------------------------------------------------- fitted leaf values (search)
def fitted_values(state) -> list:
    """Per-seat values for MCTS (``evaluator=fitted_values``): ``evaluator.win_probs``, a
    conditional logit over the seats fitted to the outcomes of heuristic self-play (weights in
    data/evaluator.json): the win share at the end."""
    from .evaluator import win_probs

    return win_probs(state)
