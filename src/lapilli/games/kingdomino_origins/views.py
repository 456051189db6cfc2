"""What each seat may read of the chance in an action's events: the new row of tiles drawn from
the supply (KDO-2.6), the chief drawn (KDO-2.10) and Cro-magnons drawn (KDO-11.7); all public."""
from __future__ import annotations


def chance(events: list, seat) -> list:
    out = []
    for ev in events:
        t = ev["type"]
        if t == "row" and any(x is not None for x in ev["tiles"]):
            out.append({"kind": "tile", "name": "new-row", "value": " ".join(str(x) for x in ev["tiles"] if x is not None)})
        elif t == "chief_drawn":
            out.append({"kind": "token", "name": "chief", "value": f"#{ev['seat']}", "seat": ev["seat"]})
        elif t == "cave_refill":
            out.append({"kind": "card", "name": "cromagnons", "value": " ".join(ev["cromagnons"])})
    return out
