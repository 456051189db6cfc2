"""Board geometry of one continent: hex names, areas, spaces, craters, lava channels, bays.

A `Board` is built once from map data (the standard continent's JSON or a map made by the
advanced builder) and is shared, never changed, by every state that plays on it.  Pieces and
tiles live in the state; the Board only answers "what is where" questions.

Names: a hex is named by its row letter and column number in the odd-r offset layout (row A
at the top), e.g. ``D5``; a space by its hex and a letter, ``D5a`` / ``D5b``; a geyser crater
by its hex and the direction of the edge it faces, ``D5-NE`` (E, NE, NW, W, SW, SE).
"""
from __future__ import annotations

from lapilli.engine import hexgrid as H

DIR_NAMES = H.POINTY_NAMES  # E, NE, NW, W, SW, SE
MAX_CHANNEL_HEXES = 3


def channels_for(mapdata: dict) -> dict:
    """Lava channels (IDV-I1 a) of every volcano: volcano id -> list of channels, each a list of
    [q, r, space-index] going outward.  One channel per hex direction: the spaces of the hexes
    on that straight line, nearest first, at most MAX_CHANNEL_HEXES hexes, stopping at the sea
    or at another volcano's hex."""
    hexes = {}
    for a in mapdata["areas"]:
        for h in a["hexes"]:
            hexes[tuple(h)] = a["id"]
    nspace = {(q, r): n for q, r, n in mapdata["spaces"]}
    vol = {a["id"]: tuple(a["volcano"]) for a in mapdata["areas"] if a.get("volcano")}
    vol_hexes = set(vol.values())
    out = {}
    for v, vh in sorted(vol.items()):
        chans = []
        for d in range(6):
            ch = []
            h = vh
            for _ in range(MAX_CHANNEL_HEXES):
                h = H.neighbour(h, d)
                if h not in hexes or h in vol_hexes:
                    break
                for i in range(nspace.get(h, 0)):
                    ch.append([h[0], h[1], i])
            if ch:
                chans.append(ch)
        out[v] = chans
    return out


def hex_names(coords) -> dict:
    """(q, r) -> name, rows from the top, columns from the left (odd-r offset layout)."""
    offs = {h: H.to_offset(h, "odd-r") for h in coords}
    min_c = min(c for c, _ in offs.values())
    min_r = min(r for _, r in offs.values())
    names = {}
    for h, (c, r) in offs.items():
        row = r - min_r
        names[h] = (chr(ord("A") + row) if row < 26 else "Z" + chr(ord("A") + row - 26)) + str(c - min_c + 1)
    return names


def edge_key(a: str, b: str) -> str:
    return a + "|" + b if a < b else b + "|" + a


class Board:
    """Immutable geometry of one continent (see the module docstring)."""

    def __init__(self, mapdata: dict):
        self.data = mapdata
        self.name = mapdata.get("name", "map")
        coords = [tuple(h) for a in mapdata["areas"] for h in a["hexes"]]
        names = hex_names(coords)
        self.names = names
        self.coord = {n: h for h, n in names.items()}
        order = sorted(coords, key=lambda h: (H.to_offset(h, "odd-r")[1], H.to_offset(h, "odd-r")[0]))
        self.hexes: tuple = tuple(names[h] for h in order)
        self.hex_index = {n: i for i, n in enumerate(self.hexes)}
        self.area_of: dict = {}
        self.area_hexes: dict = {}
        self.volcano_hex: dict = {}
        for a in mapdata["areas"]:
            hs = tuple(names[tuple(h)] for h in a["hexes"])
            self.area_hexes[a["id"]] = hs
            for n in hs:
                self.area_of[n] = a["id"]
            if a.get("volcano"):
                self.volcano_hex[a["id"]] = names[tuple(a["volcano"])]
        self.areas: tuple = tuple(sorted(self.area_hexes))
        self.volcano_at = {h: v for v, h in self.volcano_hex.items()}
        self.volcano_ids: tuple = tuple(sorted(self.volcano_hex))
        # spaces
        nspace = {tuple(x[:2]): x[2] for x in mapdata["spaces"]}
        self.spaces: dict = {}
        self.space_hex: dict = {}
        for n in self.hexes:
            sp = tuple(n + "ab"[i] if i < 2 else n + chr(ord("a") + i) for i in range(nspace.get(self.coord[n], 0)))
            self.spaces[n] = sp
            for s in sp:
                self.space_hex[s] = n
        self.all_spaces: tuple = tuple(s for n in self.hexes for s in self.spaces[n])
        self.village_act = {s: "village " + s for s in self.all_spaces}
        self.carve_act = {s: "carve " + s for s in self.all_spaces}
        # neighbours: (neighbour name, edge key), in direction order
        self.nbrs: dict = {}
        for n in self.hexes:
            out = []
            for d in range(6):
                m = names.get(H.neighbour(self.coord[n], d))
                if m is not None:
                    out.append((m, edge_key(n, m)))
            self.nbrs[n] = tuple(out)
        self.nbr_set = {n: frozenset(m for m, _ in v) for n, v in self.nbrs.items()}
        # ready-made action strings (legal_actions is called at every decision)
        self.move_acts = {n: tuple((m, key, f"move {n} {m}") for m, key in v) for n, v in self.nbrs.items()}
        self.move_all = {n: (tuple(m for m, _, _ in v), tuple(a for _, _, a in v)) for n, v in self.move_acts.items()}
        self.edge_set = {n: frozenset(key for _, key in v) for n, v in self.nbrs.items()}
        self.land_act = {n: "land " + n for n in self.hexes}
        self.colonist_act = {n: "colonist " + n for n in self.hexes}
        # craters
        craters = []
        self.crater_hex: dict = {}
        self.crater_edge: dict = {}  # crater -> (neighbour name or None, edge key or None)
        self.hex_craters: dict = {n: () for n in self.hexes}
        for q, r, d in mapdata["craters"]:
            n = names[(q, r)]
            cid = f"{n}-{DIR_NAMES[d]}"
            craters.append(cid)
            self.crater_hex[cid] = n
            m = names.get(H.neighbour((q, r), d))
            self.crater_edge[cid] = (m, edge_key(n, m) if m else None)
            self.hex_craters[n] = self.hex_craters[n] + (cid,)
        self.craters: tuple = tuple(sorted(craters, key=lambda c: (self.hex_index[self.crater_hex[c]], c)))
        # lava channels
        chans = mapdata.get("channels") or {str(k): v for k, v in channels_for(mapdata).items()}
        self.channels: dict = {}
        for v, lst in chans.items():
            self.channels[int(v)] = tuple(
                tuple(self.spaces[names[(q, r)]][i] for q, r, i in ch) for ch in lst
            )
        # landing bays: each a tuple of hex names
        if "landing_bays" in mapdata:
            self.bays = tuple(tuple(names[tuple(h)] for h in b) for b in mapdata["landing_bays"])
        else:
            self.bays = (tuple(names[tuple(h)] for h in mapdata["landing_bay"]),)
        # first spaces at setup (IDV-1.5): first space of each channel lying in the volcano's own area
        first = []
        for v, lst in sorted(self.channels.items()):
            for ch in lst:
                s = ch[0]
                if self.area_of[self.space_hex[s]] == v and s not in first:
                    first.append(s)
        self.setup_lava_volcano: tuple = tuple(first)
        self.setup_lava_other: tuple = tuple(
            s for n in self.hexes if self.area_of[n] not in self.volcano_hex for s in self.spaces[n]
        )
        # rendering helpers
        self.offset = {n: H.to_offset(self.coord[n], "odd-r") for n in self.hexes}
        # rows are named from the top (A = the first row); in the odd-r layout a row is shifted
        # half a hex to the right when its axial r is odd, i.e. when (row index + parity) is odd
        self.row_parity = min(r for _, r in self.offset.values()) % 2

    def neighbours(self, h: str) -> tuple:
        return self.nbrs[h]
