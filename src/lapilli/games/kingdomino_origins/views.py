"""What each seat may see of a position (``observe``, the door of ``State.observation``) and read
of each act of Kingdomino Origins (``readings``, the door of ``State.readings``).

Kingdomino Origins hides only the order of the tile supply (KDO-2.5, KDO-I7) and of the
Cro-magnon deck (KDO-11.4), from everyone: every tile and Cro-magnon drawn is turned face up at
once, so every act reads the same to every seat.  A row of tiles drawn, Cro-magnons turned into
the cave and a chief drawn are chance events.
"""
from __future__ import annotations

from .data import CRO_ORDER, LANDSCAPES, RESOURCES, START, TILES


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


def _tile_view(s, t, chief=-1):
    if t is None:
        return None
    rr = s.row_resources.get(t, (-1, -1))
    sq = []
    for (land, camp, crat, _), r in zip(TILES[t], rr):
        sq.append({"landscape": LANDSCAPES[land], "campfires": camp, "craters": crat,
                   "resource": RESOURCES[r] if r >= 0 else None})
    return {"tile": t, "squares": sq, "chief": chief if chief >= 0 else None}


def _territory_view(s, p):
    geo = s.geo
    out = []
    land, camp, tok, crat, res, cro = s.land[p], s.campfires[p], s.fire_tokens[p], s.craters[p], s.resources[p], s.cromagnons[p]
    for c in sorted(s.occupied[p]):
        v = land[c]
        out.append({
            "square": geo.name[c],
            "landscape": "start" if v == START else LANDSCAPES[v],
            "campfires": camp.get(c, 0),
            "craters": crat.get(c, 0),
            "token": tok.get(c, 0),
            "resource": RESOURCES[res[c]] if c in res else None,
            "cromagnon": cro.get(c),
        })
    return out


def observe(s, player):
    """Everything here is public: only the order of the tile supply and of the Cro-magnon deck is
    hidden (KDO-I7, KDO-I22).  The deck's contents can be deduced by everyone, so they are shown
    sorted."""
    n = s.num_players
    obs = {
        "mode": s.mode,
        "size": s.size,
        "round": s.round,
        "phase": s.phase,
        "active": s.current_player if s.current_player >= 0 else None,
        "current_row": [_tile_view(s, t, s.current_chief[i]) for i, t in enumerate(s.current_tiles)],
        "new_row": [_tile_view(s, t, s.new_chief[i]) for i, t in enumerate(s.new_tiles)],
        "supply": len(s.supply),
        "removed_tiles": list(s.removed),
        "fire_tokens": {str(f): c for f, c in sorted(s.tokens.items())},
        "territories": [_territory_view(s, p) for p in range(n)],
        "discards": list(s.discards),
        "scores": s.scores(),
        # KDO-12.2/12.4: the optional bonuses count at the end; shown apart, "if the game ended now"
        "end_bonuses_if_ended_now": [s.end_bonuses(p) for p in range(n)],
    }
    if s.phase == "fire":
        obs["fire"] = {"volcano": s.geo.name[s.fire_at], "fires": s.fire_value}
    if s.mode == "totem":
        obs["totems"] = {RESOURCES[t]: (s.totem[t] if s.totem[t] >= 0 else None) for t in range(4)}
        if s.phase == "give":
            obs["give"] = {"resource": RESOURCES[s.give_type], "to": list(s.give_to)}
    if s.mode == "tribe":
        obs["display"] = list(s.display)
        obs["deck"] = len(s.deck)
        obs["deck_contents"] = sorted(s.deck, key=CRO_ORDER.index)
        obs["destroyed_cromagnons"] = list(s.boxed_cromagnons)
        if s.phase in ("spend", "put"):
            obs["recruit"] = {"cromagnon": s.recruit_kind, "spent": [RESOURCES[r] for r in s.recruit_spent],
                              "left": s.recruit_cost_left}
    return obs
