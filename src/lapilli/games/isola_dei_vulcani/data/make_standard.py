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
* Geyser craters (IDV-G5): the continent is cut by two fault lines into four quadrants ("plates",
  north/south x west/east), each holding two volcanoes.  Every edge of a fault line has a crater
  facing it on each side whose hex is not a volcano hex.  Craters never face an edge inside one area,
  so a crack never splits an area (IDV-I3 readings a and b coincide).  Short fault lines make
  sinkings reachable with the 26 crack tiles: completing a line cuts the continent in two halves,
  completing half of each line cuts off a quadrant.  (Craters facing every area border, or every
  border of a volcano area, were tried in simulation: most games stalled with the crack supply spent
  and no part enclosed.)
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
from lapilli.games.isola_dei_vulcani.geometry import channels_for  # noqa: E402

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
QUADRANTS = {
    "NW": [1, 8, 9, 10],
    "NE": [2, 3, 11, 12, 13, 14, 15],
    "SW": [4, 7, 16, 17, 22],
    "SE": [5, 6, 18, 19, 20, 21],
}
PLATES = [set(v) for v in QUADRANTS.values()]
BAY = _o((2, 7), (3, 7), (4, 7))


def main() -> None:
    area_of = {h: a for a, hs in AREAS.items() for h in hs}
    plate_of = {a: i for i, p in enumerate(PLATES) for a in p}
    assert len(area_of) == sum(len(v) for v in AREAS.values())
    spaces = {}
    for h, a in area_of.items():
        if VOLCANO.get(a) == h:
            spaces[h] = 0
        elif a <= 8:
            spaces[h] = 2
        else:
            spaces[h] = 1
    # fault edges
    fault = []
    for h in sorted(area_of):
        for d in range(6):
            n = H.neighbour(h, d)
            if n in area_of and h < n and plate_of[area_of[h]] != plate_of[area_of[n]]:
                fault.append((h, n))
    vol_hexes = set(VOLCANO.values())
    craters: dict = {h: [] for h in area_of}
    for a, b in fault:
        both = a not in vol_hexes and b not in vol_hexes
        cands = [x for x in (a, b) if x not in vol_hexes] or [a, b]  # two volcano hexes: crater on one
        if both:
            chosen = cands
        else:
            chosen = [min(cands, key=lambda x: (len(craters[x]), x))]
        for x in chosen:
            other = b if x == a else a
            craters[x].append(H.direction(x, other))
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
                "provenance": "rulebook: area number, 1-3 hexes, volcano in areas 1-8; "
                              "reconstructed: its hexes, position and volcano hex (missing illustration)",
            }
            for a, hs in AREAS.items()
        ],
        "spaces": [[h[0], h[1], spaces[h]] for h in sorted(area_of)],
        "spaces_provenance": "reconstructed: 2 spaces on every hex of a volcano area (0 on the volcano hex), "
                             "1 on every other hex",
        "craters": [[h[0], h[1], d] for h in sorted(area_of) for d in sorted(craters[h])],
        "craters_provenance": "reconstructed: one crater facing every edge of the fault lines between plates "
                              "(see make_standard.py)",
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
    print(f"hexes {n_hex}, spaces {n_sp}, fault edges {len(fault)}, craters {len(data['craters'])}")


if __name__ == "__main__":
    main()
