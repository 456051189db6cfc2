"""Writes the package's crater set of L'Isola dei Vulcani (data/): the "rim-craters" data set
(datasets/rim-craters/, the continents as make_standard.py and make_advanced.py write them) with
one more crater on every volcano hex, facing each of its straight sides (the tile sides that touch
another tile), on the standard continent and on every continent of the advanced library.

Why: with craters only on the hexes round the volcano (the reconstruction in data/), no crater
faces an edge between two volcano hexes of different tiles, so no crack can ever part two volcano
areas whose volcano hexes touch; the advanced continents glue two to five volcano areas together
that way and some games can then only end by the round limit.  Measured with
bench/isola_crater_sets.py, fewer games end by the round limit with these craters (see
docs/games/isola-dei-vulcani.md), so they are the default; rim-craters stays as a data set.  Craters are printed on the tiles
(IDV-G5), so the new craters are tile data too (``areas[].craters``: [hex index, direction]) and
turn with the tile; the rulebook's pictures are missing, so either set is a reconstruction.  A
lying Moai reaches a volcano hex by being carried there (it lies on the hex, which has no space).

    PYTHONPATH=src python3 src/lapilli/games/isola_dei_vulcani/data/make_volcano_craters.py [SRC [OUT]]

SRC defaults to datasets/rim-craters, OUT to data/ (beside this script).  To remake everything:
make_standard.py and make_advanced.py (they write rim craters into data/), copy data/*.json into
datasets/rim-craters/, then this script.
"""
from __future__ import annotations

import copy
import json
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
NOTE = ("plus one crater on each volcano hex facing each of its straight sides (make_volcano_craters.py; "
        "the set without them is the data set rim-craters)")


def add_volcano_craters(mapdata: dict) -> dict:
    m = copy.deepcopy(mapdata)
    have = {tuple(c) for c in m["craters"]}
    for a in m["areas"]:
        if not a.get("volcano"):
            continue
        v = tuple(a["volcano"])
        idx = [tuple(h) for h in a["hexes"]].index(v)
        for q, r, d, kind in m["sides"][str(a["id"])]:
            if (q, r) == v and kind == "straight" and (q, r, d) not in have:
                m["craters"].append([q, r, d])
                have.add((q, r, d))
                if "craters" in a:
                    a["craters"].append([idx, d])
    m["craters"].sort()
    if "craters_provenance" in m:
        m["craters_provenance"] += "; " + NOTE
    return m


def main(src: pathlib.Path, out: pathlib.Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    std = json.loads((src / "standard.json").read_text(encoding="utf-8"))
    adv = json.loads((src / "advanced_maps.json").read_text(encoding="utf-8"))
    comp = json.loads((src / "components.json").read_text(encoding="utf-8"))
    std2 = add_volcano_craters(std)
    adv2 = dict(adv, provenance=adv["provenance"] + "; " + NOTE, maps=[add_volcano_craters(m) for m in adv["maps"]])
    for name, doc in (("standard.json", std2), ("advanced_maps.json", adv2), ("components.json", comp)):
        (out / name).write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"standard: {len(std['craters'])} -> {len(std2['craters'])} craters; advanced: "
          f"{sum(len(m['craters']) for m in adv['maps'])} -> {sum(len(m['craters']) for m in adv2['maps'])} in "
          f"{len(adv2['maps'])} continents; written to {out}")


if __name__ == "__main__":
    main(pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else HERE.parent / "datasets" / "rim-craters",
         pathlib.Path(sys.argv[2]) if len(sys.argv) > 2 else HERE)
