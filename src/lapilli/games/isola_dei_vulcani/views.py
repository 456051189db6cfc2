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
    if t == "destroyed" and "hex" in ev:  # IDV-10.9: a Moai lying without a space, reached by lava
        return {"key": "destroyed-lying", "args": {"seat": ev["seat"], "hex": ev["hex"]}}
    if t == "prayer-used" and ev["space"] not in state.geo.space_hex:  # IDV-10.10: a lying Moai saved
        return {"key": "prayer-used-lying", "args": {"seat": ev["seat"], "hex": ev["space"]}}
    return {"key": t, "args": args}


def readings(state, actor, action, events, reader):
    return [_item(state, actor, ev, reader) for ev in events]
