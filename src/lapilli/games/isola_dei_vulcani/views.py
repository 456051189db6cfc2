"""What each seat may read of each act of L'Isola dei Vulcani (the door, ``State.readings``).

Nothing is hidden in this game: the eruption die and every volcano token drawn are shown at once
(IDV-8), so every act reads the same to every seat.  Die rolls and volcano tokens are chance
events.
"""
from __future__ import annotations


def _item(state, actor, ev, reader):
    t = ev["type"]
    args = {k: v for k, v in ev.items() if k != "type"}
    if t == "roll":
        return {"key": "roll." + ev["face"], "args": args,
                "chance": {"kind": "die", "name": "eruption die", "value": ev["face"]}}
    if t == "volcano-token":
        return {"key": t, "args": {"volcano": ev["volcano"]},
                "chance": {"kind": "token", "name": "volcano token", "value": ev["volcano"]}}
    if t == "no-crack":
        return {"key": t, "args": {}}
    if t == "sinking":
        return {"key": t, "args": {"hexes": ev["hexes"]}}
    if t == "game-end":
        return {"key": "game-end", "args": {"reason": ev["reason"], "scores": ev["scores"]}}
    if t == "eruption":
        args.pop("threatened", None)
    return {"key": t, "args": args}


def readings(state, actor, action, events, reader):
    return [_item(state, actor, ev, reader) for ev in events]
