"""Loads the component data (data/components.json) and the standard continent
(data/standard.json) once, at import.  Swap either file to change the game's components or map."""
from __future__ import annotations

from .board import Board

from lapilli.engine.dataset import data_file

# The files of this game's data set (`lapilli data export`), each with a JSON Schema in
# data/schema/; a copy of this package bound to another data set reads that set's files.
FILES = ('advanced_maps.json', 'components.json', 'standard.json')


def load_json(name: str) -> dict:
    return data_file(__name__, name)


COMPONENTS = load_json("components.json")
STANDARD_MAP = load_json("standard.json")
STANDARD = Board(STANDARD_MAP)

LAVA_TILES = COMPONENTS["lava_tiles"]["count"]
CRACK_TILES = COMPONENTS["crack_tiles"]["count"]
PRAYER_TOKENS = COMPONENTS["prayer_tokens"]["count"]
COLONISTS = COMPONENTS["per_player"]["colonists"]
VILLAGES = COMPONENTS["per_player"]["villages"]
MOAI = COMPONENTS["per_player"]["moai"]
ACTION_POINTS = COMPONENTS["per_player"]["action_points"]
COLOURS = tuple(COMPONENTS["colours"]["names"])
DIE_FACES = tuple(COMPONENTS["eruption_die"]["faces"])

_BOARDS: dict = {}
_LIBRARY: list = load_json("advanced_maps.json")["maps"]


def advanced_library() -> list:
    """The continents of data/advanced_maps.json (made by the advanced builder)."""
    return _LIBRARY


def board_for(map_id: str) -> Board:
    """The Board of a map id: "standard" or "advanced-N" (N-th continent of the library);
    boards are built once and shared by every state."""
    b = _BOARDS.get(map_id)
    if b is None:
        if map_id == "standard":
            b = STANDARD
        else:
            b = Board(advanced_library()[int(map_id.split("-")[1])])
        _BOARDS[map_id] = b
    return b


# ---------------------------------------------------------------- consistency rules of a data set
def check_map(mapdata: dict, file: str, where: str, volcanoes: int) -> list:
    """The rules one continent must keep: areas of 1-3 connected hexes that do not overlap, one
    volcano hex inside each volcano area, spaces and channels on existing hexes, every crater on
    an existing hex facing an edge between two areas (a crack there can part them), the tile
    craters (``areas[].craters``) the same as the map's, landing bays on the coast."""
    from lapilli.engine import hexgrid as H
    from lapilli.engine.dataset import Problem

    out = []

    def bad(item, rule, msg):
        out.append(Problem(file, f"{where}{item}", rule, msg))

    area_of: dict = {}
    for k, a in enumerate(mapdata["areas"]):
        cells = [tuple(h) for h in a["hexes"]]
        if not 1 <= len(cells) <= 3:
            bad(f"areas[{k}] (area {a['id']})", "IDV-G2", f"an area has 1 to 3 hexes, not {len(cells)}")
        for h in cells:
            if h in area_of:
                bad(f"areas[{k}] (area {a['id']})", "IDV-G1", f"hex {list(h)} is also in area {area_of[h]}")
            area_of[h] = a["id"]
        seen, todo = set(), cells[:1]
        while todo:
            h = todo.pop()
            if h not in seen:
                seen.add(h)
                todo.extend(n for n in (H.neighbour(h, d) for d in range(6)) if n in cells and n not in seen)
        if len(seen) != len(cells):
            bad(f"areas[{k}] (area {a['id']})", "IDV-G2", "the hexes of an area must touch one another")
        if a.get("volcano") and tuple(a["volcano"]) not in cells:
            bad(f"areas[{k}].volcano (area {a['id']})", "IDV-G4", "the volcano hex is not one of the area's hexes")
        if "craters" in a:
            for j, (i, d) in enumerate(a["craters"]):
                if not 0 <= i < len(cells):
                    bad(f"areas[{k}].craters[{j}]", "IDV-G5", f"hex index {i} is not in the tile (0-{len(cells) - 1})")
    if out:
        return out
    nvol = sum(1 for a in mapdata["areas"] if a.get("volcano"))
    if nvol != volcanoes:
        bad("areas", "IDV-G4", f"{nvol} volcano areas, but components.json has {volcanoes} volcano tokens")
    for k, (q, r, n) in enumerate(mapdata["spaces"]):
        if (q, r) not in area_of:
            bad(f"spaces[{k}]", "IDV-G3", f"spaces on {[q, r]}, which is not a hex of any area")
    listed = set()
    for k, (q, r, d) in enumerate(mapdata["craters"]):
        h = (q, r)
        listed.add((q, r, d))
        if h not in area_of:
            bad(f"craters[{k}]", "IDV-G5", f"crater on {[q, r]}, which is not a hex of any area")
            continue
        m = H.neighbour(h, d)
        if m not in area_of:
            bad(f"craters[{k}]", "IDV-G5", f"crater {[q, r, d]} faces the sea: a crater faces an edge between two areas")
        elif area_of[m] == area_of[h]:
            bad(f"craters[{k}]", "IDV-G5",
                f"crater {[q, r, d]} faces an edge inside area {area_of[h]}: a crater faces an edge between two areas")
    tile = set()
    for a in mapdata["areas"]:
        for i, d in a.get("craters", ()):
            q, r = a["hexes"][i]
            tile.add((q, r, d))
    if any("craters" in a for a in mapdata["areas"]) and tile != listed:
        diff = sorted(tile ^ listed)[:3]
        bad("craters", "IDV-G5", f"the areas' tile craters and the map's craters differ (e.g. {[list(x) for x in diff]})")
    for v, chans in (mapdata.get("channels") or {}).items():
        for j, ch in enumerate(chans):
            for q, r, i in ch:
                if (q, r) not in area_of:
                    bad(f"channels.{v}[{j}]", "IDV-I1", f"a lava channel runs over {[q, r]}, not a hex")
    bays = mapdata.get("landing_bays") or ([mapdata["landing_bay"]] if "landing_bay" in mapdata else [])
    for j, bay in enumerate(bays):
        for h in bay:
            if tuple(h) not in area_of:
                bad(f"landing bays[{j}]", "IDV-G8", f"{h} is not a hex")
            elif all(H.neighbour(tuple(h), d) in area_of for d in range(6)):
                bad(f"landing bays[{j}]", "IDV-G8", f"{h} is not on the coast")
    return out


def check(files: dict) -> list:
    """The game's own rules for a data set (`lapilli data check`): the components' counts and
    every continent (the standard one and each of the advanced library) by ``check_map``."""
    from lapilli.engine.dataset import Problem

    comp = files["components.json"]
    volcanoes = comp["volcano_tokens"]["count"] if "volcano_tokens" in comp else 8
    out = check_map(files["standard.json"], "standard.json", "", volcanoes)
    for k, m in enumerate(files["advanced_maps.json"]["maps"]):
        out.extend(check_map(m, "advanced_maps.json", f"maps[{k}] ({m.get('name', k)}).", volcanoes))
    if len(comp["colours"]["names"]) < 4:
        out.append(Problem("components.json", "colours.names", "IDV-G12", "four colours are needed (up to 4 players)"))
    if not comp["eruption_die"]["faces"]:
        out.append(Problem("components.json", "eruption_die.faces", "IDV-G7", "the die has no faces"))
    if not out:
        b = Board(files["standard.json"])
        need = len(b.setup_lava_volcano) + len(b.setup_lava_other)
        if need > comp["lava_tiles"]["count"]:
            out.append(Problem("components.json", "lava_tiles.count", "IDV-G11",
                               f"the standard set-up lays {need} lava tiles but there are {comp['lava_tiles']['count']}"))
    return out
