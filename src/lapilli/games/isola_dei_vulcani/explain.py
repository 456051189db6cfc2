"""Why an action of L'Isola dei Vulcani is refused: the clause it breaks, in a plain sentence."""
from __future__ import annotations

from lapilli.engine import IllegalAction, NotationError, said

from .notation import DECISION_VERBS, TURN_VERBS, parse


def explain(state, action: str) -> IllegalAction:
    try:
        verb, args = parse(action, state)
    except NotationError as e:
        return e

    def err(rule, msg):
        return IllegalAction(msg, rule, action)

    geo = state.geo
    dec = state.decision
    if dec is not None:
        kind, seat = dec[0], dec[1]
        if verb in TURN_VERBS:
            return err("IDV-2.8", said('idv.IDV-2.8.seat-must-first-decide', 'seat {seat} must first decide ({kind}); no other action can be taken now', seat=seat, kind=kind))
        if kind == "save":
            if verb != "save" and verb != "done":
                return err("IDV-2.8", said('idv.IDV-2.8.eruption-being-resolved-use', "an eruption is being resolved: use 'save SPACE' or 'done'"))
            if verb == "save":
                if state.prayer_tokens[seat] <= 0:
                    return err("IDV-9.6", said('idv.IDV-9.6.prayer-token-needed-save', 'a prayer token is needed to save a piece, and you hold none'))
                return err("IDV-9.6", said('idv.IDV-9.6.holds-no-piece-yours', "{args0} holds no piece of yours that this eruption's lava will destroy (or it is already saved)", args0=args[0]))
        if kind == "order":
            if verb != "erupt":
                return err("IDV-10.16", said('idv.IDV-10.16.double-eruption-pending-choose', "a double eruption is pending: choose which drawn volcano erupts first with 'erupt N'"))
            return err("IDV-10.16", said('idv.IDV-10.16.volcano-was-not-drawn', 'volcano {args0} was not drawn for this double eruption', args0=args[0]))
        if kind in ("rescue", "rescue1"):
            if verb not in ("rescue", "skip"):
                return err("IDV-11.6", said('idv.IDV-11.6.part-sinking-rescue-colonists', "a part is sinking: rescue colonists with 'rescue' or decline with 'skip'"))
            if kind == "rescue":
                if len(args) != 1:
                    return err("IDV-11.6", said('idv.IDV-11.6.current-player-moves-all', "the current player moves ALL their colonists of the sinking part onto ONE adjacent hex: 'rescue HEX'"))
                return err("IDV-11.6", said('idv.IDV-11.6.not-hex-adjacent-sinking', '{args0} is not a hex adjacent to the sinking part', args0=args[0]))
            if len(args) != 2:
                return err("IDV-11.7", said('idv.IDV-11.7.another-player-saves-one', "another player saves ONE colonist: 'rescue FROM TO'"))
            if args[0] not in dec[2] or not state._colonists(args[0], seat):
                return err("IDV-11.7", said('idv.IDV-11.7.have-no-colonist-sinking', 'you have no colonist on {args0} in the sinking part', args0=args[0]))
            return err("IDV-11.7", said('idv.IDV-11.7.not-hex-adjacent-sinking', '{args1} is not a hex adjacent to the sinking part', args1=args[1]))
        return err("IDV-2.8", said('idv.IDV-2.8.that-decision-not-possible', 'that decision is not possible now'))
    if verb in DECISION_VERBS:
        return err("IDV-2.8", said('idv.IDV-2.8.only-possible-during-eruption', '{verb!r} is only possible during an eruption or a sinking; now seat {cur} spends action points', verb=verb, cur=state.current_player))
    p = state.current_player
    ap = state.action_points
    sp = state.spaces
    sunk = state.sunk
    cost = {"land": 1, "move": 1, "carry": 1, "village": 2, "colonist": 1, "carve": 1, "erect": 1}.get(verb)
    if verb == "pray":
        if state.prayed:
            return err("IDV-9.2", said('idv.IDV-9.2.player-may-obtain-only', 'a player may obtain only 1 prayer token per turn'))
        if state.prayer_supply <= 0:
            return err("IDV-9.1", said('idv.IDV-9.1.no-prayer-token-left', 'no prayer token is left in the supply'))
        c = state.prayer_cost(p)
        return err("IDV-9.3", said('idv.IDV-9.3.prayer-token-costs-action', 'a prayer token costs {c} action points now (1 + the tokens you hold), you have {ap} left', c=c, ap=ap))
    if cost is not None and cost > ap:
        return err("IDV-2.5", said('idv.IDV-2.5.costs-action-point-s', '{verb} costs {cost} action point(s) and you have {ap} left', verb=verb, cost=cost, ap=ap))

    def on_board(h, rule="IDV-3.4"):
        if h in sunk:
            return err(rule, said("idv.sunk-sea", "{h} has sunk: it is sea now", h=h))
        return None

    if verb == "land":
        h = args[0]
        if not state.boat[p]:
            return err("IDV-3.5", said('idv.IDV-3.5.have-no-colonist-left', 'you have no colonist left in your boat'))
        if h not in state.bay_of[p]:
            return err("IDV-3.5", said('idv.IDV-3.5.colonist-boat-lands-only', 'the colonist in the boat lands only on a hex of your landing bay ({p})', p=', '.join(state.bay_of[p])))
        return on_board(h) or err("IDV-3.5", said('idv.IDV-3.5.landing-not-possible-there', 'landing is not possible there'))
    if verb == "move":
        a, b = args
        if not state._colonists(a, p):
            return err("IDV-3.2", said('idv.IDV-3.2.have-no-colonist', 'you have no colonist on {a}', a=a))
        if b not in geo.nbr_set[a]:
            return err("IDV-3.2", said('idv.IDV-3.2.colonist-moves-adjacent-hex', 'a colonist moves to an adjacent hex; {b} is not adjacent to {a}', b=b, a=a))
        e = on_board(b)
        if e:
            return e
        return err("IDV-3.3", said('idv.IDV-3.3.crack-tile-lies-between', 'a crack tile lies between {a} and {b}: colonists never cross cracks', a=a, b=b))
    if verb == "carry":
        src, dst = args
        a = geo.space_hex.get(src, src)
        b = geo.space_hex.get(dst, dst)
        mark = "M%d" % p
        has = sp.get(src) == mark if src in geo.space_hex else p in state.loose_moai.get(src, ())
        if not has:
            return err("IDV-4.2", said('idv.IDV-4.2.no-lying-moai-yours', 'no lying Moai of yours is at {src}', src=src))
        if not state._colonists(a, p):
            return err("IDV-4.2", said('idv.IDV-4.2.colonist-yours-must-carry', 'a colonist of yours must be on {a} to carry the Moai', a=a))
        if b not in geo.nbr_set[a]:
            return err("IDV-4.2", said('idv.IDV-4.2.colonist-moai-move-adjacent', 'the colonist and the Moai move to an adjacent hex; {b} is not adjacent to {a}', b=b, a=a))
        e = on_board(b)
        if e:
            return e
        key = a + "|" + b if a < b else b + "|" + a
        if key in state.cracks:
            return err("IDV-4.3", said('idv.IDV-4.3.crack-tile-lies-between', 'a crack tile lies between {a} and {b}: colonists never cross cracks, with or without a Moai', a=a, b=b))
        if dst in geo.space_hex:
            return err("IDV-0.6", said('idv.IDV-0.6.space-not-empty-space', 'space {dst} is not empty: a space holds one lava tile, village or lying Moai', dst=dst))
        return err("IDV-4.4", said('idv.IDV-4.4.still-has-empty-space', '{b} still has an empty space: lay the Moai on one of them (IDV-I18)', b=b))
    if verb in ("village", "carve"):
        s = args[0]
        h = geo.space_hex[s]
        rule_col, rule_lava = ("IDV-5.2", "IDV-5.3") if verb == "village" else ("IDV-7.2", "IDV-7.3")
        if h in sunk:
            return err("IDV-3.4", said('idv.IDV-3.4.has-sunk', '{h} has sunk', h=h))
        if not state._colonists(h, p):
            return err(rule_col, said(f"idv.need-colonist-to-{verb}", "you need a colonist of yours on {h} to " + verb + " there", h=h))
        if sp.get(s) != "L":
            return err(rule_lava, said("idv.no-lava-tile", "space {s} holds no lava tile", s=s))
        return err("IDV-2.9", said('idv.IDV-2.9.reserve-has-no-left', 'your reserve has no {p} left', p='village' if verb == 'village' else 'Moai'))
    if verb == "colonist":
        h = args[0]
        if h in sunk:
            return err("IDV-3.4", said('idv.IDV-3.4.has-sunk', '{h} has sunk', h=h))
        mark = "V%d" % p
        if not state._colonists(h, p) or not any(sp.get(s) == mark for s in geo.spaces[h]):
            return err("IDV-6.3", said('idv.IDV-6.3.colonist-created-hex-holding', 'a colonist is created on a hex holding a village and a colonist of yours; {h} does not', h=h))
        area = geo.area_of[h]
        limit = state._colonist_limit(area, p)
        if state.created.get(area, 0) >= limit:
            own = state.options.get("colonist_limit", "all") == "own"
            return err("IDV-6.4", said('idv.IDV-6.4.this-turn-created-colonist' + ('-own' if own else ''), 'this turn you created {p} colonist(s) in area {area}, which holds {limit} village(s) ' + ('of yours' if own else 'in all') + ': build another village there first', p=state.created.get(area, 0), area=area, limit=limit))
        return err("IDV-2.9", said('idv.IDV-2.9.reserve-has-no-colonist', 'your reserve has no colonist left'))
    if verb == "erect":
        src, cr = args
        h = geo.crater_hex[cr]
        a = geo.space_hex.get(src, src)
        if a != h:
            return err("IDV-8.4", said('idv.IDV-8.4.moai-erected-must-lie', "the Moai erected must lie on the crater's hex {h}", h=h))
        if h in sunk:
            return err("IDV-3.4", said('idv.IDV-3.4.has-sunk', '{h} has sunk', h=h))
        if cr in state.erected:
            return err("IDV-8.2", said('idv.IDV-8.2.crater-already-covered-by', 'crater {cr} is already covered by a Moai', cr=cr))
        mark = "M%d" % p
        has = sp.get(src) == mark if src in geo.space_hex else p in state.loose_moai.get(src, ())
        if not has:
            return err("IDV-8.4", said('idv.IDV-8.4.no-lying-moai-yours', 'no lying Moai of yours is at {src}', src=src))
        return err("IDV-8.3", said('idv.IDV-8.3.need-colonist-yours-erect', 'you need a colonist of yours on {h} to erect a Moai there', h=h))
    return err("IDV-2.3", said('idv.IDV-2.3.that-action-not-possible', 'that action is not possible now'))
