"""What each seat may read of the chance in an action's events: the eruption die (IDV-10) and
the volcano tokens drawn (IDV-10); both are shown to everyone at the table."""
from __future__ import annotations


def chance(events: list, seat) -> list:
    out = []
    for ev in events:
        if ev["type"] == "roll":
            out.append({"kind": "die", "name": "eruption-die", "value": ev["face"]})
        elif ev["type"] == "volcano-token":
            out.append({"kind": "token", "name": "volcano-token", "value": str(ev["volcano"])})
    return out
