"""Reinforcement-learning hooks of L'Isola dei Vulcani (see lapilli.rl).

The table is built from the map data (the standard continent, or with ``setup=advanced`` the union
of every continent of the advanced library, since the map is drawn at set-up) and the notation,
never from the current craters: an ``erect`` names any of the six edges of the Moai's hex, so the
table stays valid when the crater data or the crack rules change.

Action table (hexes H, their spaces S, adjacent hexes A-B on some map of the set-up):
``land H``, ``move A B``, ``carry X Y`` (X the hex A or one of its spaces, Y the hex B or one of
its spaces), ``village S``, ``colonist H``, ``carve S``, ``erect X H-D`` (X the hex H or one of
its spaces, D any of E NE NW W SW SE), ``pray``, ``end``, ``save S``, ``save H`` (a Moai lying
without a space on hex H, IDV-10.9), ``done``, ``eruption N`` (every
volcano number), ``rescue H``, ``rescue A B`` (every ordered pair of hexes: a colonist of the
sinking part goes to a hex next to the part) and ``skip``.

Observation vector (seat blocks relative to the observer): seat to move, map, per hex its area,
volcano, colonists per seat, lying Moai without a space per seat, sunk flag and membership of each
seat's landing bay; per space lava / village of a seat / Moai of a seat, eruption target,
threatened piece (per seat) and saved flag; per crater (every hex edge) the seat of its erected
Moai; cracks per edge; per seat boat, reserves, prayer tokens, victory points and the final
breakdown total; supplies, the volcano tokens in the pool, first and current seat, action points,
prayed, colonists created per area, round, end flags and reason, the pending decision and the
erupting volcano.
"""
from __future__ import annotations

from lapilli.rl.features import Features, index_of, rel, seat_order

from .data import advanced_library, board_for
from .board import DIR_NAMES, edge_key

DECISIONS = ("save", "order", "rescue", "rescue1")
END_REASONS = ("volcanoes", "round-limit", "stalled")
_DEC, _END = index_of(DECISIONS), index_of(END_REASONS)


def _name_key(name: str):
    i = len(name.rstrip("0123456789"))
    return (len(name[:i]), name[:i], int(name[i:] or 0))


def boards(options) -> list:
    """The boards a game with these options can be played on."""
    if options.get("setup", "standard") == "advanced":
        return [board_for("advanced-%d" % k) for k in range(len(advanced_library()))]
    return [board_for("standard")]


class Layout:
    """Fixed names of one set-up: the union over its boards."""

    def __init__(self, options):
        bs = boards(options)
        self.maps = ["standard"] if len(bs) == 1 else ["advanced-%d" % k for k in range(len(bs))]
        self.hexes = sorted({h for b in bs for h in b.hexes}, key=_name_key)
        spaces = {}
        adj = set()
        for b in bs:
            for h in b.hexes:
                spaces.setdefault(h, set()).update(b.spaces[h])
                for m, _ in b.nbrs[h]:
                    adj.add((h, m))
        self.spaces_of = {h: sorted(spaces[h]) for h in self.hexes}
        self.spaces = [s for h in self.hexes for s in self.spaces_of[h]]
        hx = index_of(self.hexes)
        self.adjacent = sorted(adj, key=lambda p: (hx[p[0]], hx[p[1]]))
        self.edges = sorted({edge_key(a, b) for a, b in adj})
        self.craters = [f"{h}-{d}" for h in self.hexes for d in DIR_NAMES]
        self.volcanoes = sorted({v for b in bs for v in b.volcano_ids})
        self.areas = sorted({a for b in bs for a in b.areas})
        self.i_map, self.i_hex, self.i_space = index_of(self.maps), hx, index_of(self.spaces)
        self.i_edge, self.i_crater = index_of(self.edges), index_of(self.craters)
        self.i_volcano, self.i_area = index_of(self.volcanoes), index_of(self.areas)


_LAYOUTS: dict = {}


def layout(options) -> Layout:
    key = options.get("setup", "standard")
    if key not in _LAYOUTS:
        _LAYOUTS[key] = Layout(options)
    return _LAYOUTS[key]


def action_space(spec, players, options):
    L = layout(options)
    src = {h: [h] + L.spaces_of[h] for h in L.hexes}
    out = [f"land {h}" for h in L.hexes]
    out += [f"move {a} {b}" for a, b in L.adjacent]
    out += [f"carry {x} {y}" for a, b in L.adjacent for x in src[a] for y in src[b]]
    out += [f"village {s}" for s in L.spaces]
    out += [f"colonist {h}" for h in L.hexes]
    out += [f"carve {s}" for s in L.spaces]
    out += [f"erect {x} {h}-{d}" for h in L.hexes for x in src[h] for d in DIR_NAMES]
    out += ["pray", "end"]
    out += [f"save {s}" for s in L.spaces] + [f"save {h}" for h in L.hexes] + ["done"]
    out += [f"erupt {v}" for v in L.volcanoes]
    out += [f"rescue {h}" for h in L.hexes]
    out += [f"rescue {a} {b}" for a in L.hexes for b in L.hexes if a != b]
    out.append("skip")
    return out


def _piece(mark: str, seat, n: int):
    """Space content -> slot: 0 lava, 1 + r village of relative seat r, 1 + n + r Moai."""
    if mark == "L":
        return 0
    if len(mark) >= 2 and mark[0] in "VM" and mark[1:].isdigit():
        r = rel(int(mark[1:]), seat, n)
        return 1 + r + (n if mark[0] == "M" else 0)
    return None


def encode_observation(obs):
    n = obs["num_players"]
    seat = obs.get("seat")
    order = seat_order(seat, n)
    L = layout(obs.get("options") or {})
    f = Features()
    v = f.v
    f.one_hot(rel(obs.get("to_move"), seat, n), range(n))
    f.flag(obs.get("is_terminal"))
    f.one_hot(obs.get("map"), L.i_map)
    # per hex: exists, area, volcano, colonists per seat, lying Moai per seat, sunk, bay per seat
    per_hex = 1 + len(L.areas) + len(L.volcanoes) + 4 * n + 1
    start = f.zeros(per_hex * len(L.hexes))
    area_o, volc_o = 1, 1 + len(L.areas)
    col_o = volc_o + len(L.volcanoes)
    loose_o, sunk_o, bay_o = col_o + n, col_o + 2 * n, col_o + 2 * n + 1
    for h, a in (obs.get("areas") or {}).items():
        i = L.i_hex.get(h)
        if i is not None:
            v[start + i * per_hex] = 1.0
            if a in L.i_area:
                v[start + i * per_hex + area_o + L.i_area[a]] = 1.0
    for vid, h in (obs.get("volcano_hexes") or {}).items():
        i, k = L.i_hex.get(h), L.i_volcano.get(int(vid))
        if i is not None and k is not None:
            v[start + i * per_hex + volc_o + k] = 1.0
    for h, counts in (obs.get("colonists") or {}).items():
        i = L.i_hex.get(h)
        if i is not None:
            for p, c in enumerate(counts):
                v[start + i * per_hex + col_o + rel(p, seat, n)] = float(c)
    for h, owners in (obs.get("loose_moai") or {}).items():
        i = L.i_hex.get(h)
        if i is not None:
            for p in owners:
                v[start + i * per_hex + loose_o + rel(p, seat, n)] += 1.0
    for h in obs.get("sunk") or []:
        i = L.i_hex.get(h)
        if i is not None:
            v[start + i * per_hex + sunk_o] = 1.0
    for p, bay in enumerate(obs.get("bays") or []):
        for h in bay:
            i = L.i_hex.get(h)
            if i is not None:
                v[start + i * per_hex + bay_o + rel(p, seat, n)] = 1.0
    # per space: content (lava, village or Moai of a seat), eruption target, threatened owner, saved
    per_space = 1 + 2 * n + 1 + n + 1
    start = f.zeros(per_space * len(L.spaces))
    for s, mark in (obs.get("spaces") or {}).items():
        i, k = L.i_space.get(s), _piece(mark, seat, n)
        if i is not None and k is not None:
            v[start + i * per_space + k] = 1.0
    er = obs.get("eruption") or {}
    for s in er.get("targets") or []:
        if s in L.i_space:
            v[start + L.i_space[s] * per_space + 1 + 2 * n] = 1.0
    for s, owner in er.get("threatened") or []:
        if s in L.i_space:
            v[start + L.i_space[s] * per_space + 2 + 2 * n + rel(owner, seat, n)] = 1.0
    for s in er.get("saved") or []:
        if s in L.i_space:
            v[start + L.i_space[s] * per_space + per_space - 1] = 1.0
    f.one_hot(er.get("volcano"), L.i_volcano)
    # per crater (every hex edge): the seat of the erected Moai; cracks per edge
    start = f.zeros(n * len(L.craters))
    for cr, p in (obs.get("erected") or {}).items():
        i = L.i_crater.get(cr)
        if i is not None:
            v[start + i * n + rel(p, seat, n)] = 1.0
    f.counts(obs.get("cracks") or [], L.i_edge)
    # per seat
    boat, reserve = obs.get("boat") or [], obs.get("reserve") or {}
    prayer, vp, final = obs.get("prayer_tokens") or [], obs.get("vp") or [], obs.get("final") or []
    for p in order:
        f.num(boat[p] if p < len(boat) else 0)
        for k in ("colonists", "villages", "moai"):
            lst = reserve.get(k) or []
            f.num(lst[p] if p < len(lst) else 0, 10.0)
        f.num(prayer[p] if p < len(prayer) else 0)
        f.num(vp[p] if p < len(vp) else 0, 50.0)
        fin = final[p] if p < len(final) and isinstance(final[p], dict) else {}
        f.num(fin.get("total"), 50.0)
    supply = obs.get("supply") or {}
    f.nums((supply.get(k, 0) for k in ("lava", "cracks", "prayer")), 10.0)
    f.counts(obs.get("volcanoes") or [], L.i_volcano)
    f.one_hot(rel(obs.get("first"), seat, n), range(n))
    f.one_hot(rel(obs.get("current"), seat, n), range(n))
    f.num(obs.get("ap"))
    f.flag(obs.get("prayed"))
    created = obs.get("created") or {}
    f.nums(created.get(str(a), 0) for a in L.areas)
    f.num(obs.get("round"), 60.0)
    f.flag(obs.get("end_triggered"))
    f.one_hot(obs.get("end_reason"), _END)
    dec = obs.get("decision") or [None, None]
    f.one_hot(dec[0], _DEC)
    f.one_hot(rel(dec[1], seat, n), range(n))
    return f.v
