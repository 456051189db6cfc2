"""Writes standard.json: the RECONSTRUCTED standard continent of L'Isola dei Vulcani.

No source gives the printed map (IDV-G1..G10).  This script is the reasoning behind the
reconstruction, kept so the data can be regenerated or changed; the game itself only reads
the JSON.  Run from the repository root:

    PYTHONPATH=src python3 src/lapilli/games/isola_dei_vulcani/data/make_standard.py

Design (all "reconstructed"):
* 44 hexes in 8 rows (odd-r offset cells below).  Areas 1-5: three hexes each, inside the continent
  (straight sides only); 6-8: two hexes each on the coast; 9-22: one to three hexes.  One volcano
  hex in each of areas 1-8.
* Spaces: hexes of volcano areas carry 2 spaces (near "a", far "b") except the volcano hex itself
  (0 spaces, the volcano fills it); every other hex carries 1 space.  Setup lava is then
  13 (first spaces of the volcano areas) + 23 (all spaces of the other areas) = 36 of 47, leaving 11
  in the supply; every village or Moai carved returns one to the supply (IDV-I23).
* Lava channels (IDV-I1 a): from each volcano, one channel per hex direction: the spaces of the
  hexes on that straight line, nearest first, at most 3 hexes, stopping at the sea or at another
  volcano hex.
* Geyser craters (IDV-G5): craters are printed on the tiles, so they are tile data (each area's
  "craters": [hex index in the tile, direction], turned and moved with the tile by the advanced
  builder).  Every tile has one crater facing each of its straight sides (on the hex of that side),
  none on its volcano hex (the volcano fills it) and none facing a coast side.  Reason: in a legal
  continent every straight side touches another tile (IDV-16.14), so every border between two
  tiles can receive a crack, on the standard continent and on every advanced one; a ring of cracks
  can then enclose any group of whole tiles, with or without volcanoes, and no crack ever splits a
  tile (IDV-I3 readings a and b coincide).  Earlier designs: (1) craters facing every area border
  and (2) every border of a volcano area were judged by a heuristic that did not aim its cracks and
  stalled; (3) craters on two fault lines between four quadrants of the standard continent worked
  there but could never enclose a volcano on the builder's continents (the fault lines are not tile
  data).  With cracks aimed at small parts holding volcanoes (heuristics.py), design (1) as tile data
  ends most games by the rule in both setups (see the docs' simulation report).
* Sides (IDV-G9): every outline edge of an area that faces the sea is a coast side; every other
  outline edge is a straight side.
* Landing bay (IDV-G8): the sea in front of the 3 hexes H3, H4, H5 on the south coast.
"""
from __future__ import annotations

import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[4]))

from lapilli.engine import hexgrid as H  # noqa: E402
from lapilli.games.isola_dei_vulcani.board import channels_for  # noqa: E402

def _o(*cells):
    """Offset (column, row) cells of the odd-r layout -> axial coordinates."""
    return [H.from_offset(c, r, "odd-r") for c, r in cells]


# The continent in odd-r offset cells (column, row); rows 0-7.  Quadrants: north = rows 0-3,
# south = rows 4-7, west = columns 0-2, east = columns 3-6.
AREAS = {
    1: _o((2, 2), (1, 3), (2, 3)),
    2: _o((3, 1), (4, 1), (4, 2)),
    3: _o((5, 2), (5, 3), (4, 3)),
    4: _o((1, 4), (2, 4), (1, 5)),
    5: _o((4, 4), (4, 5), (3, 5)),
    6: _o((6, 4), (5, 5)),
    7: _o((0, 5), (1, 6)),
    8: _o((1, 1), (1, 2)),
    9: _o((2, 0), (2, 1)),
    10: _o((0, 2), (0, 3)),
    11: _o((3, 0), (4, 0)),
    12: _o((5, 0)),
    13: _o((5, 1)),
    14: _o((6, 2), (6, 3)),
    15: _o((3, 2), (3, 3)),
    16: _o((0, 4)),
    17: _o((2, 5), (2, 6)),
    18: _o((3, 4)),
    19: _o((5, 4)),
    20: _o((3, 6), (3, 7)),
    21: _o((4, 6), (5, 6), (4, 7)),
    22: _o((2, 7)),
}
VOLCANO = {1: _o((2, 3))[0], 2: _o((4, 1))[0], 3: _o((5, 3))[0], 4: _o((1, 4))[0], 5: _o((4, 5))[0],
           6: _o((6, 4))[0], 7: _o((0, 5))[0], 8: _o((1, 1))[0]}
BAY = _o((2, 7), (3, 7), (4, 7))


def main() -> None:
    area_of = {h: a for a, hs in AREAS.items() for h in hs}
    assert len(area_of) == sum(len(v) for v in AREAS.values())
    spaces = {}
    for h, a in area_of.items():
        if VOLCANO.get(a) == h:
            spaces[h] = 0
        elif a <= 8:
            spaces[h] = 2
        else:
            spaces[h] = 1
    vol_hexes = set(VOLCANO.values())
    # craters (reconstructed, IDV-G5): one crater on every straight side of every tile, facing it,
    # except on the volcano hex (the volcano fills it); stored per tile, relative to the tile
    craters: dict = {h: [] for h in area_of}
    tile_craters: dict = {}
    for a, hs in AREAS.items():
        tile_craters[a] = []
        for i, h in enumerate(hs):
            if h in vol_hexes:
                continue
            for d in range(6):
                n = H.neighbour(h, d)
                if n in hs or n not in area_of:
                    continue  # inside the tile, or a coast side
                craters[h].append(d)
                tile_craters[a].append([i, d])
    sides = {}
    for a, hs in AREAS.items():
        out = []
        for h in hs:
            for d in range(6):
                n = H.neighbour(h, d)
                if n in hs:
                    continue
                out.append([h[0], h[1], d, "straight" if n in area_of else "coast"])
        sides[a] = out
    data = {
        "name": "standard",
        "provenance": "reconstructed: the printed map is only in a missing illustration (IDV-G1..G10); "
                      "see make_standard.py and docs/games/isola-dei-vulcani.md",
        "layout": "axial coordinates (q, r), pointy-top hexes; hex names are row letter + column number "
                  "of the odd-r offset layout",
        "areas": [
            {
                "id": a,
                "hexes": [list(h) for h in hs],
                "volcano": list(VOLCANO[a]) if a in VOLCANO else None,
                "craters": tile_craters[a],
                "provenance": "rulebook: area number, 1-3 hexes, volcano in areas 1-8; "
                              "reconstructed: its hexes, position and volcano hex (missing illustration)",
            }
            for a, hs in AREAS.items()
        ],
        "spaces": [[h[0], h[1], spaces[h]] for h in sorted(area_of)],
        "spaces_provenance": "reconstructed: 2 spaces on every hex of a volcano area (0 on the volcano hex), "
                             "1 on every other hex",
        "craters": [[h[0], h[1], d] for h in sorted(area_of) for d in sorted(craters[h])],
        "craters_provenance": "reconstructed (IDV-G5): the craters are printed on the tiles: each tile has one "
                              "crater facing each of its straight sides, on the hex of that side, except on "
                              "the volcano hex; each area's 'craters' lists them relative to the tile "
                              "([hex index in the tile, direction]); this list is the same craters on the "
                              "standard continent (see make_standard.py)",
        "sides": {str(a): s for a, s in sides.items()},
        "sides_provenance": "reconstructed: sea-facing outline edges are coast sides, the others straight",
        "landing_bay": [list(h) for h in BAY],
        "landing_bay_provenance": "reconstructed: the sea in front of 3 hexes of the south coast",
    }
    geo_channels = channels_for(data)
    data["channels"] = {str(v): ch for v, ch in geo_channels.items()}
    data["channels_provenance"] = ("reconstructed (IDV-I1 a): one channel per hex direction, spaces of the "
                                   "hexes on the straight line, nearest first, at most 3 hexes")
    out = pathlib.Path(__file__).with_name("standard.json")
    out.write_text(json.dumps(data, indent=1) + "\n")
    n_hex = len(area_of)
    n_sp = sum(spaces.values())
    print(f"hexes {n_hex}, spaces {n_sp}, craters {len(data['craters'])}")


if __name__ == "__main__":
    main()
