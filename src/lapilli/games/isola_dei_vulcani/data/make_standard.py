"""Writes standard.json: the RECONSTRUCTED standard continent of L'Isola dei Vulcani.

No source gives the printed map (IDV-G1..G10).  This script is the reasoning behind the
reconstruction, kept so the data can be regenerated or changed; the game itself only reads
the JSON.  Run from the repository root:

    PYTHONPATH=src python3 src/lapilli/games/isola_dei_vulcani/data/make_standard.py

Design (all "reconstructed"):
* 48 hexes in axial coordinates (pointy-top): a radius-2 core (areas 1-5 with volcanoes,
  straight sides only; area 9 the centre hex, area 10 a 3-hex inner area), a ring of coast
  areas around it (volcano areas 6-8 and areas 11-22) with a few hexes reaching further out.
* Area sizes: 1-5 three hexes, 6-8 two hexes, 9-22 one to three hexes (the rulebook: 1, 2 or 3).
* Spaces: hexes of volcano areas carry 2 spaces (near "a", far "b") except the volcano hex
  itself (0 spaces, the volcano fills it); every other hex carries 1 space.  Setup lava is then
  13 (first spaces of the volcano areas) + 26 (all spaces of the other areas) = 39 of 47, leaving 8
  in the supply; every village or Moai carved returns one to the supply (IDV-I23).
* Lava channels (IDV-I1 a): from each volcano, one channel per hex direction: the spaces of the
  hexes on that straight line, nearest first, at most 3 hexes, stopping at the sea or at another
  volcano hex.
* Geyser craters (IDV-G5): the continent is cut by "fault lines" between nine plates (groups of
  areas, each holding at most one core volcano).  Every edge of a fault line has a crater facing
  it (so a crack can be placed on it), on the non-volcano hex of the two with fewer craters;
  edges between two volcano-area plates get a crater on both sides (a crack may already be
  present, IDV-E15).  Craters never face an edge inside one area, so a crack never splits an
  area (IDV-I3 readings a and b coincide).  Fault lines make sinkings reachable with 26 cracks.
* Sides (IDV-G9): every outline edge of an area that faces the sea is a coast side; every other
  outline edge is a straight side.  Areas 1-5 and the inner areas 9-10 have straight sides only.
* Landing bay (IDV-G8): the sea in front of the 3 hexes of areas 12 and 19 on the south coast.
* Candidate bays for the advanced setup (IDV-G10): for every area with a coast side, its hexes
  that have a coast side.
"""
from __future__ import annotations

import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[4]))

from lapilli.engine import hexgrid as H  # noqa: E402
from lapilli.games.isola_dei_vulcani.geometry import channels_for  # noqa: E402

AREAS = {
    1: [(1, 0), (2, -1), (2, 0)],
    2: [(1, -1), (1, -2), (2, -2)],
    3: [(0, -1), (0, -2), (-1, -1)],
    4: [(-1, 0), (-2, 0), (-2, 1)],
    5: [(-1, 1), (-2, 2), (-1, 2)],
    6: [(1, 2), (2, 2)],
    7: [(2, -3), (2, -4)],
    8: [(-3, 1), (-4, 2)],
    9: [(0, 0)],
    10: [(0, 1), (0, 2), (1, 1)],
    11: [(-3, 2), (-3, 3), (-4, 4)],
    12: [(-1, 3), (0, 3)],
    13: [(3, 0), (3, -1), (4, -1)],
    14: [(3, -2), (3, -3)],
    15: [(1, -3), (0, -3)],
    16: [(-1, -2), (-2, -1), (-3, -1)],
    17: [(-1, 4), (0, 4)],
    18: [(0, -4), (-1, -3)],
    19: [(-2, 3)],
    20: [(2, 1)],
    21: [(-3, 0)],
    22: [(4, -3)],
}
VOLCANO = {1: (2, -1), 2: (1, -2), 3: (-1, -1), 4: (-2, 1), 5: (-1, 2), 6: (1, 2), 7: (2, -3), 8: (-3, 1)}
PLATES = [
    {1, 5, 9, 10, 12, 13, 17, 19, 20},
    {3, 4, 11, 15, 16, 18, 21},
    {2, 14, 22},
    {6},
    {7},
    {8},
]
BAY = [(-2, 3), (-1, 3), (0, 3)]


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
