"""What each seat may see of a position (``observe``, the door of ``State.observation``) and read
of each act of L'Isola dei Vulcani (``readings``, the door of ``State.readings``).

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


def observe(state, player):
    """What ``player`` may see: everything (nothing is hidden in this game, IDV-8)."""

    geo = state.geo
    return {
        "map": state.map_id,
        "areas": {h: geo.area_of[h] for h in geo.hexes},
        # the map's fixed parts a board needs to draw it (public: printed on the tiles)
        "craters": list(geo.craters),
        "hex_spaces": {h: list(geo.spaces[h]) for h in geo.hexes},
        "row_parity": geo.row_parity,
        "volcano_hexes": {str(v): geo.volcano_hex[v] for v in geo.volcano_ids},
        "spaces": dict(state.spaces),
        "loose_moai": {h: list(v) for h, v in state.loose_moai.items()},
        "erected": dict(state.erected),
        "colonists": {h: list(c) for h, c in state.colonists.items()},
        "boat": list(state.boat),
        "bays": [list(b) for b in state.bay_of],
        "reserve": {"colonists": list(state.reserve_colonists), "villages": list(state.reserve_villages),
                    "moai": list(state.reserve_moai)},
        "prayer_tokens": list(state.prayer_tokens),
        "supply": {"lava": state.lava_supply, "cracks": state.crack_supply, "prayer": state.prayer_supply},
        "cracks": sorted(state.cracks),
        "sunk": sorted(state.sunk),
        "volcanoes": list(state.volcanoes),
        "vp": list(state.points),
        "first": state.first,
        "current": state.current_player,
        "ap": state.action_points,
        "prayed": state.prayed,
        "created": {str(a): k for a, k in state.created.items()},
        "round": state.round,
        "end_triggered": state.end_triggered,
        "end_reason": state.end_reason,
        "decision": None if state.decision is None else [state.decision[0], state.decision[1]],
        "eruption": None if state.eruption is None else {
            "volcano": state.eruption[0], "targets": list(state.eruption[1]),
            "threatened": [list(t) for t in state.eruption[2]], "saved": list(state.saved)},
        "final": state.final,
    }
