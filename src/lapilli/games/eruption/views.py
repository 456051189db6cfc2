"""What each seat may see of a position (``observe``, the door of ``State.observation``) and read
of each act of Eruption (``readings``, the door of ``State.readings``).

Hidden things (ERU-2.5, ERU-9): the action cards in a hand and the order of the deck and of the
lava stack.  So a drawn card is read by its drawer only ("You draw Quake"); the others read that
a card was drawn, until the game is over, when every hand is shown and every draw told.  Everything else an act does is on the table for all: played and discarded
cards, lava tiles drawn and turned face up, dice, walls, temperatures.
"""
from __future__ import annotations

from . import notation as N

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


def observe(state, player):
    """What ``player`` may see (None: a spectator): everything on the table, its own hand only
    (every hand once the game is over), the sizes of the deck and of the lava stack."""

    tiles = {N.hex_label(h): [t[0], t[1]] for h, t in sorted(state.tiles.items())}
    obs = {
        "phase": state.phase,
        "turn": state.current_player,
        "order": list(state.order),
        "villages": list(state.villages),
        "teams": state.teams,
        "temperatures": list(state.temperatures),
        "burned": list(state.burned),
        "tiles": tiles,
        "flow_walls": {N.flow_loc(k): list(w) for k, w in sorted(state.flow_walls.items())},
        "border_walls": {N.side_loc(*k): list(w) for k, w in sorted(state.border_walls.items())},
        "reserves": [dict(r) for r in state.reserve],
        "hand": list(state.hands[player]) if player is not None else None,
        "hand_sizes": [len(h) for h in state.hands],
        # once the game is over every hand is shown (nothing is hidden any more)
        "hands": [list(h) for h in state.hands] if state.over else None,
        "deck": len(state.deck),
        "discard_pile": list(state.discard),
        "lava_stack": len(state.stack),
        "lava_rain_stacks": ([{"size": len(s), "top": s[-1] if s else None} for s in state.stacks]
                             if state.stacks is not None else None),
        "set_aside": list(state.set_aside),
        "eruption_claims": list(state.claims),
        "eruption_placed": list(state.erupted),
        "pending_tile": state.pending,
        "mode": state.mode,
        "consent": list(state.consent) if state.consent else None,
        "builds_left": state.builds_left,
        "this_turn": {
            "tested_walls": sorted(N.flow_loc(k) for k in state.tested),
            "touched_sides": sorted(N.side_loc(*k) for k in state.touched),
            "occupied": sorted(N.hex_label(h) for h in state.occupied),
            "danger_card_drawn": state.danger_card_drawn,
            "extra_tile_used": state.extra_used,
            "eruption_placed": state.erupted_now,
            "closed_sides": sorted(N.side_loc(*k) for k in state.lost_turn),
        },
        "closed_sides": sorted(N.side_loc(*k) for k in state.lost),
        "final_turns_left": state.final_left,
        "lava_removed": state.lava_removed,
        "end_event": state.end_event,
    }
    return obs
