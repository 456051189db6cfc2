"""What each seat may read of each act of Kingdomino Origins (the door, ``State.readings``).

Kingdomino Origins hides only the order of the tile supply (KDO-2.5, KDO-I7) and of the
Cro-magnon deck (KDO-11.4), from everyone: every tile and Cro-magnon drawn is turned face up at
once, so every act reads the same to every seat.  A row of tiles drawn, Cro-magnons turned into
the cave and a chief drawn are chance events.
"""
from __future__ import annotations


def _item(state, actor, ev, reader):
    t = ev["type"]
    args = {k: v for k, v in ev.items() if k != "type"}
    if t == "shuffle":
        return {"key": "shuffle." + ("cromagnons" if ev["what"] == "cromagnons" else "tiles"), "args": {}}
    if t == "row":
        tiles = [x for x in ev["tiles"] if x is not None]
        return {"key": "row", "args": {"tiles": tiles}, "chance": {"kind": "tile", "name": "tiles", "value": tiles}}
    if t == "cave_refill":
        return {"key": t, "args": args, "chance": {"kind": "card", "name": "cromagnons", "value": ev["cromagnons"]}}
    if t == "chief_drawn":
        return {"key": t, "args": args, "chance": {"kind": "token", "name": "chief", "value": ev["seat"]}}
    if t == "take":
        return {"key": "take.forced" if ev["forced"] else "take", "args": args}
    if t == "discard":
        return {"key": "discard" if "seat" in ev else "discard.row", "args": {"seat": ev.get("seat"), "tile": ev["tile"]}}
    if t == "fire":
        lost = ev.get("destroyed_resource") or ev.get("destroyed_cromagnon")
        args = {"seat": ev["seat"], "square": ev["square"], "fires": ev["fires"]}
        if lost:
            return {"key": "fire.destroys", "args": dict(args, lost=lost)}
        return {"key": "fire", "args": args}
    if t == "totem":
        args = {"resource": ev["resource"], "seat": ev["to"]}
        return {"key": "totem", "args": args}
    if t == "round":
        return {"key": "round.final" if ev["final"] else "round", "args": {"round": ev["round"]}}
    if t == "game_over":
        return {"key": "game_over.result", "args": {"scores": ev["scores"]}}
    if t == "recruit":
        return {"key": "recruit.deck" if ev["from"] == "deck" else "recruit", "args": args}
    return {"key": t, "args": args}


def readings(state, actor, action, events, reader):
    return [_item(state, actor, ev, reader) for ev in events]
