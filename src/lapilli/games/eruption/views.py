"""What each seat may read of the chance in an action's events: the wall dice (red against
white, ERU-7.3), the lava tiles drawn (ERU-3.1), seen by everyone; the action cards drawn
(ERU-5), whose face only the drawer sees."""
from __future__ import annotations


def chance(events: list, seat) -> list:
    out = []
    for ev in events:
        t = ev["type"]
        if t == "roll":
            out.append({"kind": "die", "name": "wall-dice", "value": f"{ev['red']}:{ev['white']}",
                        "red": ev["red"], "white": ev["white"], "holds": ev["holds"], "material": ev["material"]})
        elif t == "draw_tile":
            out.append({"kind": "tile", "name": "lava-tile", "value": str(ev["tile"])})
        elif t == "draw_card":
            item = {"kind": "card", "name": "action-card", "seat": ev["seat"]}
            if seat == ev["seat"]:
                item["value"] = ev["card"]
            out.append(item)
    return out
