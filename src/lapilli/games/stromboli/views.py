"""What each seat may read of the chance in an action's events: palm cards turned face up from
the piles (STR-1.9, STR-5), Lava cards (STR-10) and cards received; all face up for both
players."""
from __future__ import annotations

from .data import KIND


def chance(events: list, seat) -> list:
    out = []
    for ev in events:
        t = ev["type"]
        if t == "draw":
            out.append({"kind": "card", "name": "palm-card", "value": KIND[ev["card"]], "card": ev["card"],
                        "segment": ev["segment"]})
        elif t == "lava_card":
            out.append({"kind": "card", "name": "lava-card", "value": f"c{ev['crater']}", "card": ev["card"]})
    return out
