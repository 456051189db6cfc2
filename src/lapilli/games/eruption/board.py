"""Board geometry of Eruption: tile matching (Rules A-E), flow ends, contacts, connectivity.

Functions here take the plain board data of a state (``tiles``: hex -> (tile id, rotation,
flow mask); ``flow_walls``: flow end (hex, direction) -> (material, owner)) and answer geometric
questions; they never change anything.
"""
from __future__ import annotations

from .data import (CENTRAL_FLOWS, CENTRAL_TARGET, ERUPTION_IDS, NEIGH, PLAYABLE, SIDE_AT, VILLAGES,
                   VOLC_FORBID, VOLC_NEED, opp, step)

FIRST_ERUPTION = ERUPTION_IDS[0]

# hex -> the village sides on its rim: ((direction, village, side index), ...)
SIDES_OF_HEX: dict = {}
for (_h, _d), (_v, _i) in SIDE_AT.items():
    SIDES_OF_HEX.setdefault(_h, []).append((_d, _v, _i))
SIDES_OF_HEX = {h: tuple(v) for h, v in SIDES_OF_HEX.items()}


# per playable hex: ((direction, bit, opposite bit, neighbouring playable hex), ...)
_ROWS = {h: tuple((d, 1 << d, 1 << opp(d), n) for d, n in enumerate(NEIGH[h]) if n is not None) for h in NEIGH}


def edge_profile(tiles: dict, s) -> tuple[int, int]:
    """(need, forbid) masks for a tile in space ``s`` (its own content ignored).

    need: directions where lava (a tile flow or a central flow) faces ``s`` -- the new tile must
    carry a flow there (Rule C converse, ERU-I5/I7); forbid: directions where a tile edge without
    lava, or the volcano where no central flow is printed, faces ``s`` (Rule C note, Rule E).
    """
    need = VOLC_NEED[s]
    forbid = VOLC_FORBID[s]
    for d, bit, obit, n in _ROWS[s]:
        t = tiles.get(n)
        if t is not None:
            if t[2] & obit:
                need |= bit
            else:
                forbid |= bit
    return need, forbid


def frontier(tiles: dict) -> dict:
    """Empty playable spaces met by at least one flow end: space -> mask of directions of those ends."""
    out: dict = {}
    for h, t in tiles.items():
        m = t[2]
        for d, bit, obit, n in _ROWS[h]:
            if m & bit and n not in tiles:
                out[n] = out.get(n, 0) | obit
    for f, n in CENTRAL_TARGET.items():
        if n not in tiles:
            out[n] = out.get(n, 0) | (1 << opp(f[1]))
    return out


def profiles(tiles: dict) -> dict:
    """Every empty playable space next to a tile or a central flow: space -> (space, need, forbid),
    in one pass over the tiles (see edge_profile)."""
    return profiles_k(tiles)[0]


# per playable space: its entry of profiles before any tile meets it (only the volcano's edges)
_EMPTY_ENTRY = {n: (n, VOLC_NEED[n], VOLC_FORBID[n]) for n in NEIGH}
# a space that only a central flow faces: its entry of profiles
_CENTRAL_ENTRY = {n: _EMPTY_ENTRY[n] for n in CENTRAL_TARGET.values()}


def profiles_k(tiles: dict) -> tuple[dict, int]:
    """profiles(tiles) and the number of its first entries that lie next to a tile (the others
    only face a central flow), for profiles_after."""
    prof: dict = {}
    for h, t in tiles.items():
        m = t[2]
        for d, bit, obit, n in _ROWS[h]:
            if n not in tiles:
                e = prof.get(n)
                if e is None:
                    e = prof[n] = [VOLC_NEED[n], VOLC_FORBID[n]]
                if m & bit:
                    e[0] |= obit
                else:
                    e[1] |= obit
    out = {n: (n, e[0], e[1]) for n, e in prof.items()}
    k = len(out)
    for n, e in _CENTRAL_ENTRY.items():
        if n not in tiles and n not in out:
            out[n] = e
    return out, k


def profiles_after(prof: dict, k: int, tiles: dict, s) -> tuple[dict, int]:
    """profiles_k(tiles) from (prof, k) = profiles_k of the same tiles without ``s``, the last tile
    of ``tiles`` (just placed on an empty space): the same entries in the same order, without
    recomputing the board.  ``prof`` is left unchanged (its entries are tuples)."""
    out = prof.copy()
    central = k < len(out)          # entries facing only a central flow (none can come back once gone)
    if central:                     # they go last again
        for n in list(out)[k:]:
            del out[n]
    out.pop(s, None)
    m = tiles[s][2]
    for d, bit, obit, n in _ROWS[s]:
        if n not in tiles:
            e = out.get(n) or _EMPTY_ENTRY[n]
            out[n] = (n, e[1] | obit, e[2]) if m & bit else (n, e[1], e[2] | obit)
    k = len(out)
    if central:
        for n, e in _CENTRAL_ENTRY.items():
            if n not in tiles and n not in out:
                out[n] = e
    return out, k


def profiles_turned(prof: dict, tiles: dict, h) -> dict:
    """profiles(tiles) from ``prof`` = profiles of the same tiles before the tile at ``h`` was
    turned (Aftershock): the same spaces in the same order (which spaces a tile meets does not
    depend on its flows), the edge facing ``h`` of each empty neighbour set again."""
    out = prof.copy()
    m = tiles[h][2]
    for d, bit, obit, n in _ROWS[h]:
        if n not in tiles:
            e = out[n]
            if m & bit:
                out[n] = (n, e[1] | obit, e[2] & ~obit)
            else:
                out[n] = (n, e[1] & ~obit, e[2] | obit)
    return out


def tile_edges_turned(edges: dict, tiles: dict, h) -> dict:
    """tile_edges(tiles) from ``edges`` = tile_edges of the same tiles before the tile at ``h``
    was turned: the edge facing ``h`` of each neighbouring tile set again."""
    out = edges.copy()
    m = tiles[h][2]
    for d, bit, obit, n in _ROWS[h]:
        i = out.get(n)
        if i is not None:
            i &= ~(obit << 6 | obit)
            out[n] = i | (obit << 6 if m & bit else obit)
    return out


def tile_edges(tiles: dict) -> dict:
    """Every tile's edge_profile as the board is (its own content ignored): hex -> need << 6 |
    forbid, in the order of ``tiles``."""
    out = {}
    for h in tiles:
        need, forbid = edge_profile(tiles, h)
        out[h] = need << 6 | forbid
    return out


def tile_edges_after(edges: dict, prof: dict, tiles: dict, s) -> dict:
    """tile_edges(tiles) from ``edges`` = tile_edges of the same tiles without ``s``, the last
    tile of ``tiles`` (just placed on an empty space), and ``prof`` = profiles of those tiles:
    the new tile's profile is the space's, and each neighbouring tile gains the new tile's edge."""
    out = edges.copy()
    e = prof.get(s)
    out[s] = e[1] << 6 | e[2] if e is not None else VOLC_NEED[s] << 6 | VOLC_FORBID[s]
    m = tiles[s][2]
    for d, bit, obit, n in _ROWS[s]:
        i = out.get(n)
        if i is not None:
            out[n] = i | (obit << 6 if m & bit else obit)
    return out


def flow_end_at(s, d):
    """The flow end (hex, direction) that faces space ``s`` from its direction ``d``."""
    return (step(s, d), opp(d))


# Flow ends as small ints on the hot path (hashing an int costs less than hashing (hex, direction)):
# the flow end (h, d) of a playable hex h is 6 * PLAYABLE.index(h) + d, the central flows follow in
# the order of CENTRAL_TARGET.  END_KEY[id] is the flow end (hex, direction), END_ID its inverse.
END_KEY = tuple((h, d) for h in PLAYABLE for d in range(6)) + tuple(CENTRAL_TARGET)
END_ID = {k: i for i, k in enumerate(END_KEY)}

# per playable hex: ((flow end id, bit, neighbouring playable hex), ...) in direction order
_END_ROWS = {h: tuple((END_ID[(h, d)], 1 << d, n) for d, n in enumerate(NEIGH[h]) if n is not None) for h in NEIGH}
# the central flows: ((flow end id, the playable hex it faces), ...)
_CENTRAL_ENDS = tuple((END_ID[f], n) for f, n in CENTRAL_TARGET.items())
# per playable space: the ids of the tile flow ends that face it
_FACING = {s: frozenset(END_ID[(n, opp(d))] for d, n in enumerate(NEIGH[s]) if n is not None) for s in NEIGH}


def _tile_open_ends(h, tiles: dict, out: list) -> None:
    """Append the ids of the flow ends of the tile at ``h`` that face an empty playable space."""
    m = tiles[h][2]
    for e, bit, n in _END_ROWS[h]:
        if m & bit and n not in tiles:
            out.append(e)


def _with_central(out: list, tiles: dict) -> tuple[list, int]:
    """(out + the ids of the central flows that face an empty space, the number of tile flow ends first)."""
    k = len(out)
    for e, n in _CENTRAL_ENDS:
        if n not in tiles:
            out.append(e)
    return out, k


def open_flow_ends(tiles: dict) -> list:
    """Every flow end (tile or central flow) that faces an empty playable space (ERU-0.6, ERU-I11)."""
    return [END_KEY[e] for e in open_end_ids_k(tiles)[0]]


def open_end_ids_k(tiles: dict) -> tuple[list, int]:
    """The ids (END_ID) of open_flow_ends(tiles), in its order, and the number of its first entries
    that are tile flow ends (the others are central flows), for open_end_ids_after."""
    out = []
    for h in tiles:
        _tile_open_ends(h, tiles, out)
    return _with_central(out, tiles)


def open_end_ids_after(ids, k: int, tiles: dict, s) -> tuple[list, int]:
    """open_end_ids_k(tiles) from (ids, k) = open_end_ids_k of the same tiles without ``s``, the
    last tile of ``tiles`` (just placed on an empty space)."""
    facing = _FACING[s]
    out = [e for e in ids[:k] if e not in facing]
    _tile_open_ends(s, tiles, out)
    if k == len(ids):               # no central flow faces an empty space: none can again
        return out, len(out)
    return _with_central(out, tiles)


def contacts(tiles: dict, v: int) -> list[int]:
    """The sides (0..6) of village ``v`` that a tile flow touches (ERU-0.8)."""
    out = []
    for i, (h, d) in enumerate(VILLAGES[v]["sides"]):
        t = tiles.get(h)
        if t is not None and t[2] >> d & 1:
            out.append(i)
    return out


def all_contacts(tiles: dict) -> set:
    out = set()
    for h, sides in SIDES_OF_HEX.items():
        t = tiles.get(h)
        if t is not None:
            for d, v, i in sides:
                if t[2] >> d & 1:
                    out.add((v, i))
    return out


def connected_tiles(tiles: dict, without=None) -> set:
    """Tiles joined to a source (the volcano's central flows or an eruption tile), optionally
    as if the tile at ``without`` were gone."""
    seen = set()
    stack = []
    for f, n in CENTRAL_TARGET.items():
        if n != without and n in tiles and n not in seen:
            seen.add(n)
            stack.append(n)
    for h, t in tiles.items():
        if t[0] >= FIRST_ERUPTION and h != without and h not in seen:
            seen.add(h)
            stack.append(h)
    while stack:
        h = stack.pop()
        m = tiles[h][2]
        row = NEIGH[h]
        for d in range(6):
            if m >> d & 1:
                n = row[d]
                if n is not None and n != without and n not in seen and n in tiles and tiles[n][2] >> opp(d) & 1:
                    seen.add(n)
                    stack.append(n)
    return seen


def removable(tiles: dict) -> list:
    """Tiles that "Sinkhole" may remove: every other tile stays joined to a source (ERU-14.15, ERU-I34).

    The tiles form a graph (shared edges carrying lava) with one extra root joined to every tile
    fed by a central flow and to every eruption tile; a tile is removable unless it is a cut vertex
    of that graph (one iterative depth-first search, Tarjan's low-link).  The vertices are the
    tiles' positions in ``tiles`` (0, 1, ...) and the root is the next number, so that the search
    reads lists instead of dicts keyed by hexes."""
    if not tiles:
        return []
    index = {h: i for i, h in enumerate(tiles)}
    root = len(index)
    adj = []
    roots = []
    for h, t in tiles.items():
        m = t[2]
        nb = []
        for d, bit, obit, n in _ROWS[h]:
            if m & bit:
                u = tiles.get(n)
                if u is not None and u[2] & obit:
                    nb.append(index[n])
        if t[0] >= FIRST_ERUPTION:
            roots.append(len(adj))
        adj.append(nb)
    for n in CENTRAL_TARGET.values():
        i = index.get(n)
        if i is not None and i not in roots:
            roots.append(i)
    for i in roots:
        adj[i].append(root)
    adj.append(roots)
    disc = [-1] * (root + 1)                # discovery time, -1 until reached
    low = [0] * (root + 1)
    disc[root] = 0
    cut = [False] * (root + 1)
    counter = 1
    stack = [(root, -1, iter(roots))]
    while stack:
        v, parent, it = stack[-1]
        for w in it:
            if w == parent:
                continue
            dw = disc[w]
            if dw >= 0:
                if dw < low[v]:
                    low[v] = dw
            else:
                disc[w] = low[w] = counter
                counter += 1
                stack.append((w, v, iter(adj[w])))
                break
        else:                               # every neighbour of v seen: v is done
            stack.pop()
            if parent >= 0:
                if low[v] < low[parent]:
                    low[parent] = low[v]
                if parent != root and low[v] >= disc[parent]:
                    cut[parent] = True
    return [h for h, i in index.items() if not cut[i] and disc[i] >= 0]


EMPTY_SPACES = PLAYABLE
CENTRAL = CENTRAL_FLOWS
