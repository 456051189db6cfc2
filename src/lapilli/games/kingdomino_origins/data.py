"""Component data of Kingdomino Origins, loaded once at import from ``data/*.json``.

The rules code never hard-codes a tile, a token, a Totem value or a Cro-magnon: everything
comes from the two JSON files beside this module (swap them to change the components).  The
loader checks the counts the rulebook prints (KDO-D1): 48 tiles, 10 fire tokens matching
the volcano squares, and one resource space per wooden resource.
"""
from __future__ import annotations

from lapilli.engine.dataset import data_file

# The files of this game's data set (`lapilli data export`), each with a JSON Schema in
# data/schema/; a copy of this package bound to another data set reads that set's files.
FILES = ('components.json', 'tiles.json')

# Landscape codes (KDO-1.8).  START is the start tile: no landscape (KDO-D5, KDO-I12).
LANDSCAPES = ("desert", "steppe", "lake", "jungle", "quarry", "volcano")
DESERT, STEPPE, LAKE, JUNGLE, QUARRY, VOLCANO = range(6)
START = 6
LAND_CODE = {name: i for i, name in enumerate(LANDSCAPES)}
LAND_LETTER = "DSLJQV"

# Resource codes (KDO-1.9).
RESOURCES = ("mammoth", "fish", "mushroom", "flint")
RES_CODE = {name: i for i, name in enumerate(RESOURCES)}
RES_LETTER = "mfuk"  # m=mammoth f=fish u=mushroom k=flint (render only)


class DataError(ValueError):
    pass


def _load(name: str) -> dict:
    return data_file(__name__, name)


def _load_tiles(doc: dict) -> dict[int, tuple]:
    """number -> ((land, campfires, craters, resource), (land, campfires, craters, resource)).

    resource is a resource code or -1.
    """
    tiles = {}
    for t in doc["tiles"]:
        n = int(t["number"])
        if n in tiles:
            raise DataError(f"tile number {n} appears twice")
        if len(t["squares"]) != 2:
            raise DataError(f"tile {n} must have two squares")
        sq = []
        for s in t["squares"]:
            land = LAND_CODE[s["landscape"]]
            camp = int(s.get("campfires", 0))
            crat = int(s.get("craters", 0))
            res = s.get("resource")
            res = -1 if res is None else RES_CODE[res]
            if (crat > 0) != (land == VOLCANO):
                raise DataError(f"tile {n}: craters only on volcano squares")
            sq.append((land, camp, crat, res))
        tiles[n] = tuple(sq)
    return tiles


TILES_DOC = _load("tiles.json")
COMPONENTS = _load("components.json")
TILES: dict[int, tuple] = _load_tiles(TILES_DOC)
TILE_NUMBERS: tuple = tuple(sorted(TILES))

# Fire tokens: fires -> count in the supply, fires -> spray range (KDO-5.3-5.6).
TOKEN_COUNTS: dict[int, int] = {int(t["fires"]): int(t["count"]) for t in COMPONENTS["fire_tokens"]["tokens"]}
TOKEN_RANGE: dict[int, int] = {int(t["fires"]): int(t["range"]) for t in COMPONENTS["fire_tokens"]["tokens"]}

# Totem values by resource code (KDO-D3).
TOTEM_VALUE: tuple = tuple(int(COMPONENTS["totems"]["values"][r]) for r in RESOURCES)
RESOURCE_COUNTS: tuple = tuple(int(COMPONENTS["resources"]["counts"][r]) for r in RESOURCES)
DISPLAY_SIZE: int = int(COMPONENTS["cave_display"]["size"])

# Cro-magnons (KDO-11.20-11.35): kind -> scoring rule.
CRO_KINDS: dict[str, dict] = {}
CRO_DECK: tuple = ()
_deck = []
for _k in COMPONENTS["cromagnons"]["kinds"]:
    kind = _k["kind"]
    rule = {"scores": _k["scores"], "points": int(_k.get("points", 0)), "power": int(_k.get("power", 0))}
    if _k["scores"] == "resource":
        rule["resource"] = RES_CODE[_k["resource"]]
    CRO_KINDS[kind] = rule
    _deck.extend([kind] * int(_k["count"]))
CRO_DECK = tuple(_deck)
CRO_ORDER = tuple(CRO_KINDS)  # a fixed order of the kinds (legal actions, display)
WARRIORS = frozenset(k for k, r in CRO_KINDS.items() if r["scores"] == "warrior")


def check_counts() -> list[str]:
    """Consistency checks of the data against the rulebook's component list (empty = fine)."""
    problems = []
    if len(TILES) != 48:
        problems.append(f"{len(TILES)} tiles instead of 48")
    volcano = {}
    spaces = [0, 0, 0, 0]
    for sq in TILES.values():
        if sum(1 for s in sq if s[0] == VOLCANO) > 1:
            problems.append("a tile with two volcano squares (KDO-I5)")
        for land, camp, crat, res in sq:
            if land == VOLCANO:
                volcano[crat] = volcano.get(crat, 0) + 1
            if res >= 0:
                if land - 1 != res or camp:
                    problems.append(f"resource {RESOURCES[res]} on a {LANDSCAPES[land]} square with {camp} campfires")
                spaces[res] += 1
    if volcano != TOKEN_COUNTS:
        problems.append(f"volcano squares by craters {volcano} do not match the fire tokens {TOKEN_COUNTS}")
    if tuple(spaces) != RESOURCE_COUNTS:
        problems.append(f"resource spaces {spaces} do not match the wooden resources {RESOURCE_COUNTS}")
    if len(CRO_DECK) != 22:
        problems.append(f"{len(CRO_DECK)} Cro-magnons instead of 22")
    return problems



def check(files: dict) -> list:
    """The game's own rules for a data set (`lapilli data check`, KDO-D1 and the component
    list): each Problem names the file, the item and the rule."""
    from lapilli.engine.dataset import Problem

    out = []
    comp, doc = files["components.json"], files["tiles.json"]
    seen = {}
    volcano: dict = {}
    spaces = dict.fromkeys(RESOURCES, 0)
    land_of = comp["resources"].get("landscape", {})
    for i, t in enumerate(doc["tiles"]):
        item = f"tiles[{i}] (number {t['number']})"
        if t["number"] in seen:
            out.append(Problem("tiles.json", item, "KDO-D1", f"tile number {t['number']} appears twice"))
        seen[t["number"]] = i
        if len(t["squares"]) != 2:
            out.append(Problem("tiles.json", item, "KDO-D1", "a tile has two squares"))
        if sum(1 for s in t["squares"] if s["landscape"] == "volcano") > 1:
            out.append(Problem("tiles.json", item, "KDO-I5", "a tile with two volcano squares"))
        for j, s in enumerate(t["squares"]):
            it = f"{item}.squares[{j}]"
            if s["landscape"] not in LAND_CODE:
                out.append(Problem("tiles.json", it, "KDO-1.8", f"unknown landscape {s['landscape']!r}"))
                continue
            crat = s.get("craters", 0)
            if (crat > 0) != (s["landscape"] == "volcano"):
                out.append(Problem("tiles.json", it, "KDO-5.2", "craters only (and always) on volcano squares"))
            if s["landscape"] == "volcano":
                volcano[crat] = volcano.get(crat, 0) + 1
            res = s.get("resource")
            if res is not None:
                if res not in RES_CODE:
                    out.append(Problem("tiles.json", it, "KDO-1.9", f"unknown resource {res!r}"))
                    continue
                if land_of.get(res, LANDSCAPES[RES_CODE[res] + 1]) != s["landscape"] or s.get("campfires", 0):
                    out.append(Problem("tiles.json", it, "KDO-1.9",
                                       f"resource {res} on a {s['landscape']} square with {s.get('campfires', 0)} campfires"))
                spaces[res] += 1
    if len(doc["tiles"]) != 48:
        out.append(Problem("tiles.json", "tiles", "KDO-D1", f"{len(doc['tiles'])} tiles instead of 48"))
    tokens = {t["fires"]: t["count"] for t in comp["fire_tokens"]["tokens"]}
    if volcano != tokens:
        out.append(Problem("components.json", "fire_tokens.tokens", "KDO-D1",
                           f"volcano squares by craters {volcano} do not match the fire tokens {tokens}"))
    for r in RESOURCES:
        if r not in comp["resources"]["counts"] or r not in comp["totems"]["values"]:
            out.append(Problem("components.json", "resources.counts / totems.values", "KDO-D3", f"{r} missing"))
        elif spaces[r] != comp["resources"]["counts"][r]:
            out.append(Problem("components.json", f"resources.counts.{r}", "KDO-D1",
                               f"{comp['resources']['counts'][r]} wooden {r} but {spaces[r]} resource spaces on the tiles"))
    kinds = comp["cromagnons"]["kinds"]
    if sum(k["count"] for k in kinds) != 22:
        out.append(Problem("components.json", "cromagnons.kinds", "KDO-D1",
                           f"{sum(k['count'] for k in kinds)} Cro-magnons instead of 22"))
    for i, k in enumerate(kinds):
        if k["scores"] == "resource" and k.get("resource") not in RES_CODE:
            out.append(Problem("components.json", f"cromagnons.kinds[{i}].resource", "KDO-11.20",
                               f"a resource Cro-magnon names the resource {k.get('resource')!r}"))
    return out
