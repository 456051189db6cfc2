"""What each seat may read of each act of Eruption (the door, ``State.readings``).

Hidden things (ERU-2.5, ERU-9): the action cards in a hand and the order of the deck and of the
lava stack.  So a drawn card is read by its drawer only ("You draw Quake"); the others read that
a card was drawn, until the game is over, when every hand is shown and every draw told.  Everything else an act does is on the table for all: played and discarded
cards, lava tiles drawn and turned face up, dice, walls, temperatures.
"""
from __future__ import annotations

# events whose subject is the seat that acted (the event itself names no seat)
_BY_ACTOR = frozenset({"rotated", "relocated", "tile_set_aside", "wall_discarded", "roll", "walls_held",
                       "wall_destroyed"})
_TILE = {"kind": "tile", "name": "lava tile"}


def _item(state, actor, ev, reader):
    t = ev["type"]
    args = {k: v for k, v in ev.items() if k not in ("type", "why")}
    if t in _BY_ACTOR and actor is not None and "seat" not in args:
        args["seat"] = actor
    if t == "transfer":
        args = {"seat": ev["from"], "to_seat": ev["to"], "material": ev["material"]}
        return {"key": "transfer" if ev["accepted"] else "transfer.refused", "args": args}
    if t == "draw_card":
        if state.over or (reader is not None and reader == ev["seat"]):
            return {"key": "draw_card", "args": {"seat": ev["seat"], "card": ev["card"]},
                    "chance": {"kind": "card", "name": "action card", "value": ev["card"]}}
        return {"key": "draw_card.hidden", "args": {"seat": ev["seat"]},
                "chance": {"kind": "card", "name": "action card", "value": None}}
    if t in ("draw_tile", "take_tile", "face_up"):
        item = {"key": t, "args": args}
        if t != "take_tile":
            item["chance"] = dict(_TILE, value=ev["tile"])
        return item
    if t == "lava_rain":
        return {"key": t, "args": args, "chance": dict(_TILE, value=list(ev["tops"]))}
    if t == "roll":
        return {"key": "roll.holds" if ev["holds"] else "roll.fails",
                "args": {k: args[k] for k in ("seat", "red", "white", "material", "at") if k in args},
                "chance": {"kind": "die", "name": "wall dice", "value": [ev["red"], ev["white"]]}}
    if t == "no_tile":
        return {"key": t, "args": {}}
    if t == "game_over":
        return {"key": "game_over.eruption", "args": {"temperatures": list(ev["temperatures"])}}
    if t == "eruption":
        args.pop("heated", None)
    if t == "discard":
        args.pop("wall", None)
    return {"key": t, "args": args}


def readings(state, actor, action, events, reader):
    items = [_item(state, actor, ev, reader) for ev in events]
    if action is not None and not any(it["args"].get("seat") == actor for it in items):
        verb, *rest = action.split()
        if verb == "receive":                       # asking the teammate for a wall (ERU-I40)
            items.insert(0, {"key": "act.receive", "args": {"seat": actor, "material": rest[0]}})
        else:
            items.insert(0, {"key": "act." + verb if verb in ("end", "pass", "extra", "accept", "refuse") else "act",
                             "args": {"seat": actor, "action": action}})
    return items
