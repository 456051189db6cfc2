"""What each seat may read of each act of Stromboli (the door, ``State.readings``).

Stromboli hides only the order of the face-down palm piles, from everyone (STR-1.9, STR-1.10):
every card drawn is laid face up at once, so every act reads the same to every seat.  A drawn
card and a Lava card turned over are chance events.
"""
from __future__ import annotations

from lapilli.engine.narration import with_quiet_act

from .data import FACE

# events whose subject is the seat that acted (the event itself names no seat)
_BY_ACTOR = frozenset({"boat", "lava_marker"})
_QUIET = {"stay": "act.stay", "pass": "act.pass"}


def _item(state, actor, ev, reader):
    t = ev["type"]
    args = {k: v for k, v in ev.items() if k != "type"}
    if t in _BY_ACTOR and actor is not None:
        args["seat"] = actor
    if "card" in args and args["card"] in FACE:
        args["face"] = FACE[args["card"]]
    if t in ("draw", "lava_card"):
        return {"key": t, "args": args, "chance": {"kind": "card", "name": "palm card", "value": ev["card"]}}
    if t == "shuffle":
        return {"key": t, "args": {}}
    if t == "score":
        args.pop("parts", None)
    if t == "eruption":
        return {"key": "eruption" if ev["destroyed"] else "eruption.none",
                "args": {"destroyed": [d["space"] for d in ev["destroyed"]]}}
    if t == "game_over":
        return {"key": "game_over.result", "args": {"scores": ev["scores"]}}
    if t == "place":
        return {"key": "place.lava" if ev["lava"] else "place", "args": args}
    return {"key": t, "args": args}


def readings(state, actor, action, events, reader):
    return with_quiet_act([_item(state, actor, ev, reader) for ev in events], actor, action, _QUIET)
