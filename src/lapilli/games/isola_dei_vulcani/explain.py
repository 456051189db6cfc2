"""Why an action of L'Isola dei Vulcani is refused: the clause it breaks, in a plain sentence."""
from __future__ import annotations

from lapilli.engine import IllegalAction

from .notation import DECISION_VERBS, TURN_VERBS, parse


def explain(state, action: str) -> IllegalAction:
    got = parse(state, action)
    if isinstance(got, IllegalAction):
        return got
    verb, args = got

    def err(rule, msg):
        return IllegalAction(msg, rule, action)

    geo = state.geo
    dec = state.dec
    if dec is not None:
        kind, seat = dec[0], dec[1]
        if verb in TURN_VERBS:
            return err("IDV-2.8", f"seat {seat} must first decide ({kind}); no other action can be taken now")
        if kind == "save":
            if verb != "save" and verb != "done":
                return err("IDV-2.8", "an eruption is being resolved: use 'save SPACE' or 'done'")
            if verb == "save":
                if state.prayer[seat] <= 0:
                    return err("IDV-9.6", "a prayer token is needed to save a piece, and you hold none")
                return err("IDV-9.6", f"{args[0]} holds no piece of yours that this eruption's lava will destroy "
                                      "(or it is already saved)")
        if kind == "order":
            if verb != "erupt":
                return err("IDV-10.16", "a double eruption is pending: choose which drawn volcano erupts first "
                                        "with 'erupt N'")
            return err("IDV-10.16", f"volcano {args[0]} was not drawn for this double eruption")
        if kind in ("rescue", "rescue1"):
            if verb not in ("rescue", "skip"):
                return err("IDV-11.6", "a part is sinking: rescue colonists with 'rescue' or decline with 'skip'")
            if kind == "rescue":
                if len(args) != 1:
                    return err("IDV-11.6", "the current player moves ALL their colonists of the sinking part onto "
                                           "ONE adjacent hex: 'rescue HEX'")
                return err("IDV-11.6", f"{args[0]} is not a hex adjacent to the sinking part")
            if len(args) != 2:
                return err("IDV-11.7", "another player saves ONE colonist: 'rescue FROM TO'")
            if args[0] not in dec[2] or not state._colonists(args[0], seat):
                return err("IDV-11.7", f"you have no colonist on {args[0]} in the sinking part")
            return err("IDV-11.7", f"{args[1]} is not a hex adjacent to the sinking part")
        return err("IDV-2.8", "that decision is not possible now")
    if verb in DECISION_VERBS:
        return err("IDV-2.8", f"{verb!r} is only possible during an eruption or a sinking; now seat {state.cur} "
                              "spends action points")
    p = state.cur
    ap = state.ap
    sp = state.sp
    sunk = state.sunk
    cost = {"land": 1, "move": 1, "carry": 1, "village": 2, "colonist": 1, "carve": 1, "erect": 1}.get(verb)
    if verb == "pray":
        if state.prayed:
            return err("IDV-9.2", "a player may obtain only 1 prayer token per turn")
        if state.prayer_supply <= 0:
            return err("IDV-9.1", "no prayer token is left in the supply")
        c = state.prayer_cost(p)
        return err("IDV-9.3", f"a prayer token costs {c} action points now (1 + the tokens you hold), "
                              f"you have {ap} left")
    if cost is not None and cost > ap:
        return err("IDV-2.5", f"{verb} costs {cost} action point(s) and you have {ap} left")

    def on_board(h, rule="IDV-3.4"):
        if h in sunk:
            return err(rule, f"{h} has sunk: it is sea now")
        return None

    if verb == "land":
        h = args[0]
        if not state.boat[p]:
            return err("IDV-3.5", "you have no colonist left in your boat")
        if h not in state.bay_of[p]:
            return err("IDV-3.5", f"the colonist in the boat lands only on a hex of your landing bay "
                                  f"({', '.join(state.bay_of[p])})")
        return on_board(h) or err("IDV-3.5", "landing is not possible there")
    if verb == "move":
        a, b = args
        if not state._colonists(a, p):
            return err("IDV-3.2", f"you have no colonist on {a}")
        if b not in geo.nbr_set[a]:
            return err("IDV-3.2", f"a colonist moves to an adjacent hex; {b} is not adjacent to {a}")
        e = on_board(b)
        if e:
            return e
        return err("IDV-3.3", f"a crack tile lies between {a} and {b}: colonists never cross cracks")
    if verb == "carry":
        src, dst = args
        a = geo.space_hex.get(src, src)
        b = geo.space_hex.get(dst, dst)
        mark = "M%d" % p
        has = sp.get(src) == mark if src in geo.space_hex else p in state.loose.get(src, ())
        if not has:
            return err("IDV-4.2", f"no lying Moai of yours is at {src}")
        if not state._colonists(a, p):
            return err("IDV-4.2", f"a colonist of yours must be on {a} to carry the Moai")
        if b not in geo.nbr_set[a]:
            return err("IDV-4.2", f"the colonist and the Moai move to an adjacent hex; {b} is not adjacent to {a}")
        e = on_board(b)
        if e:
            return e
        key = a + "|" + b if a < b else b + "|" + a
        if key in state.cracks:
            return err("IDV-4.3", f"a crack tile lies between {a} and {b}: colonists never cross cracks, "
                                  "with or without a Moai")
        if dst in geo.space_hex:
            return err("IDV-0.6", f"space {dst} is not empty: a space holds one lava tile, village or lying Moai")
        return err("IDV-4.4", f"{b} still has an empty space: lay the Moai on one of them (IDV-I18)")
    if verb in ("village", "carve"):
        s = args[0]
        h = geo.space_hex[s]
        rule_col, rule_lava = ("IDV-5.2", "IDV-5.3") if verb == "village" else ("IDV-7.2", "IDV-7.3")
        if h in sunk:
            return err("IDV-3.4", f"{h} has sunk")
        if not state._colonists(h, p):
            return err(rule_col, f"you need a colonist of yours on {h} to {verb} there")
        if sp.get(s) != "L":
            return err(rule_lava, f"space {s} holds no lava tile")
        return err("IDV-2.9", f"your reserve has no {'village' if verb == 'village' else 'Moai'} left")
    if verb == "colonist":
        h = args[0]
        if h in sunk:
            return err("IDV-3.4", f"{h} has sunk")
        mark = "V%d" % p
        if not state._colonists(h, p) or not any(sp.get(s) == mark for s in geo.spaces[h]):
            return err("IDV-6.3", f"a colonist is created on a hex holding a village and a colonist of yours; "
                                  f"{h} does not")
        area = geo.area_of[h]
        limit = state._colonist_limit(area, p)
        if state.created.get(area, 0) >= limit:
            whose = "of yours" if state.options.get("colonist_limit", "all") == "own" else "in all"
            return err("IDV-6.4", f"this turn you created {state.created.get(area, 0)} colonist(s) in area {area}, "
                                  f"which holds {limit} village(s) {whose}: build another village there first")
        return err("IDV-2.9", "your reserve has no colonist left")
    if verb == "erect":
        src, cr = args
        h = geo.crater_hex[cr]
        a = geo.space_hex.get(src, src)
        if a != h:
            return err("IDV-8.4", f"the Moai erected must lie on the crater's hex {h}")
        if h in sunk:
            return err("IDV-3.4", f"{h} has sunk")
        if cr in state.erected:
            return err("IDV-8.2", f"crater {cr} is already covered by a Moai")
        mark = "M%d" % p
        has = sp.get(src) == mark if src in geo.space_hex else p in state.loose.get(src, ())
        if not has:
            return err("IDV-8.4", f"no lying Moai of yours is at {src}")
        return err("IDV-8.3", f"you need a colonist of yours on {h} to erect a Moai there")
    return err("IDV-2.3", "that action is not possible now")
