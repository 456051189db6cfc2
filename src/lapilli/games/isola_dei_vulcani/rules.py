"""The rules of L'Isola dei Vulcani: the GameState (setup, actions, eruptions, sinkings, scoring).

Everything that happens after an action (crack, die, eruption, prayer decisions, scoring,
sinking, rescues, double eruption, end of turn) is a queue of steps in ``self.pending`` that
``_run`` works through until a player must decide (``self.decision``) or the queue is empty.
"""
from __future__ import annotations

from lapilli.engine import State

from . import notation as N
from .explain import explain
from .data import (ACTION_POINTS, COLONISTS, COLOURS, CRACK_TILES, DIE_FACES, LAVA_TILES, MOAI,
                   PRAYER_TOKENS, VILLAGES, board_for)
from .spec import SPEC

# fields a clone shares: scalars, and data never changed in place
_SHARED_FIELDS = (
    "geo", "map_id", "bay_of", "lava_supply", "crack_supply", "prayer_supply", "first", "current_player", "action_points",
    "prayed", "round", "end_triggered", "over", "end_reason", "final", "decision", "eruption", "saved", "double_eruption_allowed",
)
# fields a clone gets a shallow copy of
_COPIED_FIELDS = (
    "spaces", "loose_moai", "erected", "colonists", "cracks", "sunk", "volcanoes", "boat", "reserve_colonists", "reserve_villages",
    "reserve_moai", "prayer_tokens", "points", "created", "pending", "stats",
)
# Costs of the actions (IDV-2.3); prayer tokens cost 1 + tokens held (IDV-9.3, IDV-I5 a).
COST = {"land": 1, "move": 1, "carry": 1, "village": 2, "colonist": 1, "carve": 1, "erect": 1}


class GameState(State):
    SPEC = SPEC
    # state-file version 2 named the fields in full words (State.upgrade reads older files)
    RENAMED_FIELDS = {2: {
        "cur": "current_player", "vp": "points", "ap": "action_points", "dec": "decision", "sp": "spaces",
        "col": "colonists", "rnd": "round", "res_col": "reserve_colonists", "res_vil": "reserve_villages",
        "res_moai": "reserve_moai", "loose": "loose_moai", "erupt": "eruption", "lava_flag": "double_eruption_allowed",
        "prayer": "prayer_tokens",
    }}

    # ================================================================== setup
    def _setup(self, events):
        n = self.num_players
        rng = self.rng
        if self.options.get("setup", "standard") == "advanced":
            from .builder import choose_bays
            from .data import advanced_library

            # IDV-16.5 .. IDV-16.15: a continent made by the builder (drawn from its library)
            k = rng.randbelow(len(advanced_library()))
            self.map_id = "advanced-%d" % k
            geo = board_for(self.map_id)
            bays = choose_bays(geo, n, rng)  # IDV-16.18: roughly equidistant bays, boats at random
            events.append({"type": "map", "map": self.map_id, "areas": len(geo.areas), "hexes": len(geo.hexes)})
            events.append({"type": "boats", "bays": [list(b) for b in bays]})
        else:
            self.map_id = "standard"
            geo = board_for("standard")
            bays = [geo.bays[0]] * n  # IDV-1.11: every boat in the one landing bay
        self.geo = geo
        self.bay_of = [tuple(b) for b in bays]
        # lava at setup (IDV-1.5, IDV-1.6)
        sp = {}
        lava = LAVA_TILES
        for s in geo.setup_lava_volcano + geo.setup_lava_other:
            if s not in sp and lava > 0:
                sp[s] = "L"
                lava -= 1
        self.spaces = sp  # what lies on each space ("spazi"): "L" lava, "V<seat>" village, "M<seat>" lying Moai
        self.lava_supply = lava
        self.crack_supply = CRACK_TILES
        self.prayer_supply = PRAYER_TOKENS
        self.loose_moai = {}  # hex -> seats whose lying Moai ("Moai sdraiato") is on it without a space (IDV-I18)
        self.erected = {}
        self.colonists = {}  # hex -> colonists ("coloni") of each seat on it
        self.cracks = set()
        self.sunk = set()
        self.volcanoes = list(geo.volcano_ids)  # the token pool (IDV-1.9, IDV-10.6)
        self.boat = [1] * n  # IDV-1.11
        # each seat's reserve ("riserva": coloni, villaggi, Moai), IDV-1.12, and its prayer tokens ("gettoni preghiera")
        self.reserve_colonists = [COLONISTS - 1] * n
        self.reserve_villages = [VILLAGES] * n
        self.reserve_moai = [MOAI] * n
        self.prayer_tokens = [0] * n
        self.points = [0] * n  # "Punti Vittoria"; IDV-1.13, IDV-I31: unbounded integers from 0
        self.first = rng.randbelow(n)  # IDV-1.14
        events.append({"type": "first-player", "seat": self.first})
        self.current_player = self.first  # whose turn it is ("giocatore di turno")
        self.action_points = ACTION_POINTS  # the current player's "Punti Azione" left (IDV-2.3)
        self.prayed = False
        self.created = {}
        self.round = 1  # the round ("giro") being played
        self.end_triggered = False
        self.over = False
        self.end_reason = None
        self.final = None
        self.pending = []
        self.decision = None  # the decision awaited ("decisione"): (kind, seat, ...), None: none
        self.eruption = None  # the eruption ("eruzione") awaiting saves: (volcano, target spaces, threatened pieces)
        self.saved = ()
        self.double_eruption_allowed = True  # whether a double eruption ("doppia eruzione") may happen (IDV-I14)
        self.stats = {"eruptions": 0, "double_eruptions": 0, "sinkings": 0, "erected": 0, "rolls": 0,
                      "sunk_volcanoes": 0}

    # ================================================================== contract
    @property
    def to_move(self):
        if self.over:
            return None
        if self.decision is not None:
            return self.decision[1]
        return self.current_player

    @property
    def is_terminal(self):
        return self.over

    def scores(self):
        return list(self.points)

    def _winners(self):
        best = max(self.points)
        tied = [p for p in range(self.num_players) if self.points[p] == best]
        # IDV-15.1 .. IDV-15.3: most colonists, then villages, then Moai on the board; IDV-I30: share
        for key in ("colonists", "villages", "moai"):
            if len(tied) == 1:
                break
            top = max(self.final[p][key] for p in tied)
            tied = [p for p in tied if self.final[p][key] == top]
        return tied

    def _copy_fields(self, new):
        d = new.__dict__
        s = self.__dict__
        for k in _SHARED_FIELDS:
            d[k] = s[k]
        for k in _COPIED_FIELDS:
            d[k] = s[k].copy()

    def _to_dict(self):
        from lapilli.engine import codec

        from lapilli.engine.state import BASE_FIELDS

        return {k: codec.encode(v) for k, v in self.__dict__.items() if k not in BASE_FIELDS and k != "geo"}

    def _from_dict(self, data):
        super()._from_dict(data)
        self.geo = board_for(self.map_id)

    # ================================================================== helpers
    def _colonists(self, h, p):
        c = self.colonists.get(h)
        return c[p] if c else 0

    def _add_colonist(self, h, p, k=1):
        c = self.colonists.get(h)
        if c is None:
            c = (0,) * self.num_players
        c = c[:p] + (c[p] + k,) + c[p + 1:]
        if any(c):
            self.colonists[h] = c
        else:
            self.colonists.pop(h, None)

    def _own_lying(self, h, p):
        """Sources naming the player's lying Moai on hex h: spaces holding one, then h itself for a
        Moai lying without a space (carried onto a full hex, IDV-I18 a)."""
        mark = "M%d" % p
        sp = self.spaces
        out = [s for s in self.geo.spaces[h] if sp.get(s) == mark]
        lo = self.loose_moai.get(h)
        if lo and p in lo:
            out.append(h)
        return out

    def _colonist_limit(self, area, p):
        """IDV-6.4 ("un numero di coloni pari al numero di villaggi presenti"): the villages present
        in the area, of every player (option colonist_limit 'all', the literal text) or only the
        player's own (option 'own', IDV-I17's reading)."""
        if self.options.get("colonist_limit", "all") == "own":
            return self._area_villages(area, p)
        geo = self.geo
        sp = self.spaces
        return sum(1 for h in geo.area_hexes[area] for s in geo.spaces[h] if sp.get(s, "")[:1] == "V")

    def _area_villages(self, area, p):
        mark = "V%d" % p
        geo = self.geo
        sp = self.spaces
        return sum(1 for h in geo.area_hexes[area] for s in geo.spaces[h] if sp.get(s) == mark)

    def _area_erected(self, area, p):
        geo = self.geo
        er = self.erected
        return sum(1 for h in geo.area_hexes[area] for c in geo.hex_craters[h] if er.get(c) == p)

    def prayer_cost(self, p):
        return 1 + self.prayer_tokens[p]  # IDV-9.3, IDV-I5 a

    def lava_on_board(self):
        return sum(1 for v in self.spaces.values() if v == "L")

    def has_lava(self):
        return "L" in self.spaces.values()

    def last_seat(self):
        return (self.first - 1) % self.num_players  # IDV-2.1: seated to the right of the first player

    def _open(self, a, key):
        """Can a colonist step from a to its neighbour across edge ``key``?"""
        return key not in self.cracks

    # ================================================================== legal actions
    def _legal(self):
        # the hot spot of random play: one pass over the player's hexes, strings made in advance
        # (board.Board), the same actions in the same order as the clauses below list them
        if self.decision is not None:
            return self._legal_decision()
        p = self.current_player
        ap = self.action_points
        geo = self.geo
        sunk = self.sunk
        out = []
        if self.boat[p] and ap >= 1:
            land_act = geo.land_act
            for h in self.bay_of[p]:
                if h not in sunk:  # IDV-I21: any existing hex of the player's own bay
                    out.append(land_act[h])
        if ap >= 1:
            sp = self.spaces
            cracks = self.cracks
            # IDV-I20: every action uses the acting player's own colonist; other pieces never block
            mine = [h for h, c in self.colonists.items() if c[p]]
            if len(mine) > 1:
                mine.sort(key=geo.hex_index.__getitem__)
            move_acts = geo.move_acts
            spaces = geo.spaces
            loose = self.loose_moai
            can_village = ap >= 2 and self.reserve_villages[p] > 0
            can_carve = self.reserve_moai[p] > 0
            can_colonist = self.reserve_colonists[p] > 0
            vmark = "V%d" % p
            mmark = "M%d" % p
            move_all = geo.move_all
            nbr_set = geo.nbr_set
            edge_set = geo.edge_set
            for h in mine:
                if cracks.isdisjoint(edge_set[h]) and sunk.isdisjoint(nbr_set[h]):
                    steps, acts = move_all[h]  # no crack and no sea round h: every step
                    out.extend(acts)
                else:
                    steps = []
                    for m, key, act in move_acts[h]:
                        if m not in sunk and key not in cracks:
                            steps.append(m)
                            out.append(act)
                lava = lying = None
                has_village = False
                for s in spaces[h]:
                    x = sp.get(s)
                    if x is None:
                        continue
                    if x == "L":
                        if lava is None:
                            lava = [s]
                        else:
                            lava.append(s)
                    elif x == mmark:
                        if lying is None:
                            lying = [s]
                        else:
                            lying.append(s)
                    elif x == vmark:
                        has_village = True
                if loose:
                    lo = loose.get(h)
                    if lo and p in lo:  # a Moai lying without a space (IDV-I18 a)
                        if lying is None:
                            lying = [h]
                        else:
                            lying.append(h)
                if lying:
                    for m in steps:
                        dests = [s for s in spaces[m] if s not in sp] or (m,)
                        for src in lying:
                            pre = "carry " + src + " "
                            for dst in dests:
                                out.append(pre + dst)
                if lava and can_village:
                    village_act = geo.village_act
                    for s in lava:
                        out.append(village_act[s])
                if has_village and can_colonist:
                    area = geo.area_of[h]
                    # IDV-6.3 / IDV-6.4 with IDV-I17 (own village; own villages of the area) and IDV-I4 a
                    if self.created.get(area, 0) < self._colonist_limit(area, p):
                        out.append(geo.colonist_act[h])
                if lava and can_carve:
                    carve_act = geo.carve_act
                    for s in lava:
                        out.append(carve_act[s])
                if lying:  # IDV-I19 a: an own lying Moai already on the crater's hex
                    erected = self.erected
                    free = [cr for cr in geo.hex_craters[h] if cr not in erected]
                    if free:
                        for src in lying:
                            pre = "erect " + src + " "
                            for cr in free:
                                out.append(pre + cr)
        if not self.prayed and self.prayer_supply > 0 and ap >= 1 + self.prayer_tokens[p]:  # prayer_cost
            out.append("pray")
        out.append("end")  # IDV-2.6, IDV-I27: the turn may end at any time
        return out

    def _legal_decision(self):
        kind, seat = self.decision[0], self.decision[1]
        if kind == "save":
            out = ["save " + s for s in self._threatened_unsaved(seat)]
            out.append("done")
            return out
        if kind == "order":
            return ["erupt %d" % v for v in self.decision[2]]
        part = self.decision[2]
        dests = self._rescue_targets(part)
        if kind == "rescue":
            out = ["rescue " + h for h in dests]
        else:
            out = [f"rescue {a} {b}" for a in part if self._colonists(a, seat) for b in dests]
        out.append("skip")
        return out

    def _threatened_unsaved(self, seat):
        """The labels of seat's threatened pieces not yet saved: a space, or a hex for a Moai lying
        without a space (one entry per such Moai; its save is kept as 'HEX:seat')."""
        if self.eruption is None:
            return []
        space_hex = self.geo.space_hex
        left = list(self.saved)
        out = []
        for s, o in self.eruption[2]:
            if o != seat:
                continue
            key = s if s in space_hex else f"{s}:{o}"
            if key in left:
                left.remove(key)
            elif s not in out:
                out.append(s)
        return out

    def _rescue_targets(self, part):
        """Hexes outside the sinking part sharing an edge with it (IDV-I22: cracks do not matter,
        rescue is optional, the current player first, then the others clockwise)."""
        inside = set(part)
        out = []
        seen = set()
        sunk = self.sunk
        for h in part:
            for m, _ in self.geo.nbrs[h]:
                if m not in inside and m not in sunk and m not in seen:
                    seen.add(m)
        for h in self.geo.hexes:
            if h in seen:
                out.append(h)
        return out

    # ================================================================== apply
    def _apply(self, action, events):
        parts = action.split()
        verb = parts[0]
        if self.decision is not None:
            self._apply_decision(verb, parts, events)
            self._run(events)
            return
        p = self.current_player
        geo = self.geo
        if verb == "end":
            events.append({"type": "end-turn", "seat": p, "ap_left": self.action_points})  # IDV-2.6
            self.pending.append(("endturn",))
            self._run(events)
            return
        steps = []
        if verb == "pray":
            cost = self.prayer_cost(p)
            self.action_points -= cost
            self.prayer_tokens[p] += 1
            self.prayer_supply -= 1
            self.prayed = True
            events.append({"type": "pray", "seat": p, "cost": cost})
        else:
            self.action_points -= COST[verb]
            if verb == "land":
                h = parts[1]
                self.boat[p] -= 1
                self._add_colonist(h, p)
                events.append({"type": "land", "seat": p, "hex": h})
            elif verb == "move":
                a, b = parts[1], parts[2]
                self._add_colonist(a, p, -1)
                self._add_colonist(b, p)
                events.append({"type": "move", "seat": p, "from": a, "to": b})
            elif verb == "carry":
                src, dst = parts[1], parts[2]
                a = geo.space_hex.get(src, src)
                b = geo.space_hex.get(dst, dst)
                self._take_lying(src, p)
                if dst in geo.space_hex:
                    self.spaces[dst] = "M%d" % p
                else:
                    self.loose_moai[b] = self.loose_moai.get(b, ()) + (p,)
                self._add_colonist(a, p, -1)
                self._add_colonist(b, p)
                events.append({"type": "carry", "seat": p, "from": src, "to": dst})
            elif verb == "village":
                s = parts[1]
                self.spaces[s] = "V%d" % p  # IDV-5.4
                self.lava_supply += 1  # IDV-I23
                self.reserve_villages[p] -= 1
                self.points[p] += 1  # IDV-12.1
                events.append({"type": "village", "seat": p, "space": s, "vp": 1})
            elif verb == "colonist":
                h = parts[1]
                self.reserve_colonists[p] -= 1
                self._add_colonist(h, p)
                area = geo.area_of[h]
                self.created[area] = self.created.get(area, 0) + 1  # IDV-6.4
                events.append({"type": "colonist", "seat": p, "hex": h})
            elif verb == "carve":
                s = parts[1]
                self.spaces[s] = "M%d" % p  # IDV-7.3
                self.lava_supply += 1
                self.reserve_moai[p] -= 1
                events.append({"type": "carve", "seat": p, "space": s})
            elif verb == "erect":
                steps = self._erect(p, parts[1], parts[2], events)
        bottom = []
        if self.action_points <= 0:
            bottom.append(("endturn",))
        bottom.append(("double",))
        self.pending.extend(bottom)
        self.pending.extend(reversed(steps))
        self._run(events)

    def _take_lying(self, src, p):
        if src in self.geo.space_hex:
            del self.spaces[src]
        else:
            self._take_loose(src, p)

    def _take_loose(self, h, p):
        """One of ``p``'s Moai lying on hex ``h`` without a space leaves it."""
        lo = list(self.loose_moai[h])
        lo.remove(p)
        if lo:
            self.loose_moai[h] = tuple(lo)
        else:
            del self.loose_moai[h]

    def _erect(self, p, src, crater, events):
        geo = self.geo
        self._take_lying(src, p)
        self.erected[crater] = p  # IDV-8.2
        self.stats["erected"] += 1
        h = geo.crater_hex[crater]
        events.append({"type": "erect", "seat": p, "crater": crater})
        before = self.options.get("moai_score", "after") == "before"
        if before:  # house rule: "ottiene immediatamente dei Punti Vittoria" (IDV-0.13, IDV-I9 C)
            self._step_score(p, geo.area_of[h], events)
        m, key = geo.crater_edge[crater]
        cracked = False
        # IDV-8.5 / IDV-8.6 / IDV-I2 a: the crack goes on the crater's facing edge
        if m is None or m in self.sunk:
            events.append({"type": "no-crack", "reason": "the crater faces the sea"})
        elif key in self.cracks:
            events.append({"type": "no-crack", "reason": "a crack tile already lies there", "edge": key})
        elif self.crack_supply <= 0:
            events.append({"type": "no-crack", "reason": "no crack tile left"})  # IDV-I10
        else:
            self.cracks.add(key)
            self.crack_supply -= 1
            events.append({"type": "crack", "edge": key})
            cracked = True
        # IDV-8.7, IDV-10.2: the die is rolled after every erection (IDV-I26)
        face = DIE_FACES[self.rng.randbelow(len(DIE_FACES))]
        self.stats["rolls"] += 1
        events.append({"type": "roll", "seat": p, "face": face})
        steps = []
        if face != "blank" and self.volcanoes:
            # IDV-10.5; IDV-I11 a: the token goes back to the pool (the pool is never reduced by a draw)
            v = self.volcanoes[self.rng.randbelow(len(self.volcanoes))]
            events.append({"type": "volcano-token", "volcano": v})
            steps.append(("erupt", v))
        # IDV-I9 (A): crack, die / eruption, VP, then sinking (IDV-I24: sinking is checked at once, so a
        # part is never left enclosed and a late discovery, IDV-11.15, cannot happen)
        if not before:
            steps.append(("score", p, geo.area_of[h]))
        if cracked:  # without a new crack no part can have been cut off (every earlier cut has sunk)
            steps.append(("sinkcheck",))
        return steps

    def _apply_decision(self, verb, parts, events):
        kind, seat = self.decision[0], self.decision[1]
        if kind == "save":
            if verb == "save":
                s = parts[1]
                self.prayer_tokens[seat] -= 1  # IDV-9.8: removed from the game
                self.saved = self.saved + (s if s in self.geo.space_hex else f"{s}:{seat}",)
                events.append({"type": "prayer-used", "seat": seat, "space": s})
                if self.prayer_tokens[seat] > 0 and self._threatened_unsaved(seat):
                    return
            else:
                events.append({"type": "prayer-done", "seat": seat})
            self.decision = None
        elif kind == "order":
            v = int(parts[1])
            a, b = self.decision[2]
            other = b if v == a else a
            events.append({"type": "eruption-order", "seat": seat, "first": v})
            self.decision = None
            self.pending.append(("erupt", other))
            self.pending.append(("erupt", v))
        else:
            part = self.decision[2]
            self.decision = None
            if verb == "skip":
                events.append({"type": "no-rescue", "seat": seat})
                return
            if kind == "rescue":
                dest = parts[1]
                k = 0
                for h in part:
                    c = self._colonists(h, seat)
                    if c:
                        self._add_colonist(h, seat, -c)
                        k += c
                self._add_colonist(dest, seat, k)
                events.append({"type": "rescue", "seat": seat, "to": dest, "colonists": k})
            else:
                a, b = parts[1], parts[2]
                self._add_colonist(a, seat, -1)
                self._add_colonist(b, seat)
                events.append({"type": "rescue", "seat": seat, "from": a, "to": b, "colonists": 1})

    # ================================================================== the step queue
    def _run(self, events):
        pending = self.pending
        while self.decision is None and pending and not self.over:
            step = pending.pop()
            kind = step[0]
            if kind == "erupt":
                self._step_erupt(step[1], events)
            elif kind == "ask":
                seat = step[1]
                if self.prayer_tokens[seat] > 0 and self._threatened_unsaved(seat):
                    self.decision = ("save", seat)
            elif kind == "lava":
                self._step_lava(events)
            elif kind == "score":
                self._step_score(step[1], step[2], events)
            elif kind == "sinkcheck":
                self._step_sinkcheck(events)
            elif kind == "rescue":
                _, seat, part = step
                if any(self._colonists(h, seat) for h in part) and self._rescue_targets(part):
                    self.decision = ("rescue" if seat == self.current_player else "rescue1", seat, part)
            elif kind == "remove":
                self._step_remove(step[1], events)
            elif kind == "double":
                self._step_double(events)
            elif kind == "endturn":
                self._step_endturn(events)

    def _step_erupt(self, v, events):
        if v not in self.volcanoes:
            return
        self.stats["eruptions"] += 1
        sp = self.spaces
        sunk = self.sunk
        space_hex = self.geo.space_hex
        targets = []
        flows = []
        # IDV-I1 a: channels from the map data; IDV-I33: only spaces are touched (colonists, erected
        # Moai, cracks and lava in place are never affected)
        for ch in self.geo.channels[v]:
            path = []
            for s in ch:
                if space_hex[s] in sunk:
                    break  # IDV-I1: the flow stops at the sea
                path.append(space_hex[s])
                if sp.get(s) != "L":  # IDV-10.8: a village or lying Moai counts as free
                    targets.append(s)
                    flows.append(path)
                    break
        targets = targets[:self.lava_supply]  # IDV-I10: lava placed while the supply lasts
        threatened = tuple((s, int(sp[s][1:])) for s in targets if s in sp)
        if self.loose_moai:
            # IDV-10.9, IDV-I18: a Moai lying without a space (carried onto a volcano hex or a hex
            # with no free space) is destroyed when lava reaches its hex: the erupting volcano's
            # hex, or a hex the lava flows over or lands on.  No lying Moai is out of lava's reach.
            reached = {self.geo.volcano_hex[v]}
            for path in flows[:len(targets)]:
                reached.update(path)
            threatened += tuple((h, o) for h in sorted(reached) for o in self.loose_moai.get(h, ()))
        self.eruption = (v, tuple(targets), threatened)
        self.saved = ()
        events.append({"type": "eruption", "volcano": v, "targets": list(targets),
                       "threatened": [list(t) for t in threatened]})
        self.pending.append(("lava",))
        owners = {o for _, o in threatened}
        n = self.num_players
        order = [(self.current_player + k) % n for k in range(n)]  # IDV-I13: clockwise from the current player
        for seat in reversed(order):
            if seat in owners:
                self.pending.append(("ask", seat))

    def _step_lava(self, events):
        v, targets, threatened = self.eruption
        sp = self.spaces
        placed = []
        for s in targets:
            if s in self.saved:
                continue  # IDV-I12 a: the saved piece stays, no lava in that direction
            if self.lava_supply <= 0:
                break
            old = sp.get(s)
            if old is not None:
                o = int(old[1:])
                if old[0] == "V":
                    self.reserve_villages[o] += 1  # IDV-10.11
                else:
                    self.reserve_moai[o] += 1
                events.append({"type": "destroyed", "piece": "village" if old[0] == "V" else "moai",
                               "seat": o, "space": s})
            sp[s] = "L"
            self.lava_supply -= 1
            placed.append(s)
        saved = list(self.saved)
        for h, o in threatened:
            if h in self.geo.space_hex:
                continue
            if f"{h}:{o}" in saved:  # IDV-10.10: a prayer token saved it
                saved.remove(f"{h}:{o}")
                continue
            self._take_loose(h, o)
            self.reserve_moai[o] += 1
            events.append({"type": "destroyed", "piece": "moai", "seat": o, "hex": h})
        events.append({"type": "lava", "volcano": v, "spaces": placed})
        self.eruption = None
        self.saved = ()

    def _step_score(self, p, area, events):
        v = self._area_villages(area, p)
        if v == 0:
            pts = 1  # IDV-12.2 (and IDV-I16: only other players' villages)
        else:
            pts = self._area_erected(area, p) * v  # IDV-12.3, IDV-12.4, IDV-I15 a
        self.points[p] += pts
        events.append({"type": "score", "seat": p, "area": area, "vp": pts})

    def parts(self):
        """The parts of the board (IDV-I3 b): hexes linked across edges without a crack and
        always linked to the other hexes of their area; each part in board order."""
        geo = self.geo
        sunk = self.sunk
        cracks = self.cracks
        alive = [h for h in geo.hexes if h not in sunk]
        seen = set()
        out = []
        for start in alive:
            if start in seen:
                continue
            part = {start}
            seen.add(start)
            stack = [start]
            while stack:
                h = stack.pop()
                for m, key in geo.nbrs[h]:
                    if m not in seen and m not in sunk and key not in cracks:
                        seen.add(m)
                        part.add(m)
                        stack.append(m)
                for m in geo.area_hexes[geo.area_of[h]]:
                    if m not in seen and m not in sunk:
                        seen.add(m)
                        part.add(m)
                        stack.append(m)
            out.append(tuple(h for h in alive if h in part))
        return out

    def _volcanoes_in(self, part):
        va = self.geo.volcano_at
        return [va[h] for h in part if h in va and va[h] in self.volcanoes]

    def _step_sinkcheck(self, events):
        parts = self.parts()
        if len(parts) <= 1:
            return
        # IDV-11.2: fewest hexes; IDV-11.3: then fewest volcanoes; IDV-11.4: then a volcano token
        key = [(len(pt), len(self._volcanoes_in(pt))) for pt in parts]
        best = min(key)
        tied = [pt for pt, k in zip(parts, key) if k == best]
        if len(tied) == 1:
            part = tied[0]
            events.append({"type": "sinking", "hexes": list(part), "reason": "smaller" if
                           sum(1 for k in key if k[0] == best[0]) == 1 else "fewer volcanoes"})
        elif best[1] > 0:
            pool = sorted(v for pt in tied for v in self._volcanoes_in(pt))
            v = pool[self.rng.randbelow(len(pool))]
            part = next(pt for pt in tied if v in self._volcanoes_in(pt))
            events.append({"type": "volcano-token", "volcano": v, "for": "sinking tie"})
            events.append({"type": "sinking", "hexes": list(part), "reason": "volcano token drawn"})
        else:
            part = tied[self.rng.randbelow(len(tied))]  # IDV-I25: uniform random choice
            events.append({"type": "sinking", "hexes": list(part), "reason": "random (no volcano)"})
        n = self.num_players
        self.pending.append(("sinkcheck",))  # IDV-I3: more than 2 parts, sink again
        self.pending.append(("double",))
        self.pending.append(("remove", part))
        for k in range(n - 1, -1, -1):  # IDV-11.6 then IDV-11.7, clockwise from the current player
            self.pending.append(("rescue", (self.current_player + k) % n, part))

    def _step_remove(self, part, events):
        geo = self.geo
        sp = self.spaces
        inside = set(part)
        for h in part:
            c = self.colonists.pop(h, None)
            if c:
                for o, k in enumerate(c):
                    self.reserve_colonists[o] += k  # IDV-11.9
            for s in geo.spaces[h]:
                old = sp.pop(s, None)
                if old is None:
                    continue
                if old == "L":
                    self.lava_supply += 1  # IDV-11.12, IDV-I23
                elif old[0] == "V":
                    self.reserve_villages[int(old[1:])] += 1
                else:
                    self.reserve_moai[int(old[1:])] += 1
            for o in self.loose_moai.pop(h, ()):
                self.reserve_moai[o] += 1
            for cr in geo.hex_craters[h]:
                o = self.erected.pop(cr, None)
                if o is not None:
                    self.reserve_moai[o] += 1
            for m, key in geo.nbrs[h]:
                if key in self.cracks:
                    self.cracks.discard(key)
                    self.crack_supply += 1  # IDV-I23
            self.sunk.add(h)  # IDV-11.10
        gone = [v for v in self.volcanoes if geo.volcano_hex[v] in inside]
        for v in gone:
            self.volcanoes.remove(v)  # IDV-11.11, IDV-10.14
        self.stats["sinkings"] += 1
        self.stats["sunk_volcanoes"] += len(gone)
        events.append({"type": "sunk", "hexes": list(part), "volcanoes": gone})
        # IDV-11.14, IDV-13.1
        if not self.end_triggered and len(self.volcanoes) <= 2:
            self.end_triggered = True
            events.append({"type": "end-triggered", "volcanoes": list(self.volcanoes)})

    def _step_double(self, events):
        if self.has_lava():
            self.double_eruption_allowed = True
            return
        if not self.double_eruption_allowed:
            return  # IDV-I14: no second double eruption before lava has appeared again
        self.double_eruption_allowed = False
        pool = list(self.volcanoes)
        if not pool:
            return
        self.stats["double_eruptions"] += 1
        drawn = self.rng.sample(pool, 2) if len(pool) >= 2 else pool
        events.append({"type": "double-eruption", "volcanoes": sorted(drawn)})  # IDV-10.16
        if len(drawn) == 2:
            self.decision = ("order", self.current_player, tuple(sorted(drawn)))  # IDV-I14: current player's order
        else:
            self.pending.append(("erupt", drawn[0]))

    def _step_endturn(self, events):
        n = self.num_players
        if self.current_player == self.last_seat():
            # end of a round
            if self.end_triggered:
                self._finish("volcanoes", events)  # IDV-13.2
                return
            limit = self.options.get("max_rounds", 60)
            if limit != "off" and self.round >= limit:
                self._finish("round-limit", events)  # IDV-I28 engine safeguard
                return
            if self._stalled():
                self._finish("stalled", events)  # IDV-I28 engine safeguard
                return
            self.round += 1
        self.current_player = (self.current_player + 1) % n
        self.action_points = ACTION_POINTS
        self.prayed = False
        self.created = {}
        events.append({"type": "turn", "seat": self.current_player, "round": self.round})

    def _stalled(self):
        """No crack can ever be placed again, so no part can sink and IDV-13.1 can never happen."""
        if self.crack_supply <= 0:
            return True
        geo = self.geo
        for cr in geo.craters:
            if cr in self.erected or geo.crater_hex[cr] in self.sunk:
                continue
            m, key = geo.crater_edge[cr]
            if m is not None and m not in self.sunk and key not in self.cracks:
                return False
        return True

    def final_breakdown(self, p):
        geo = self.geo
        sp = self.spaces
        vmark, mmark = "V%d" % p, "M%d" % p
        villages = sum(1 for v in sp.values() if v == vmark)
        moai_at = {}
        for s, v in sp.items():
            if v == mmark:
                h = geo.space_hex[s]
                moai_at[h] = moai_at.get(h, 0) + 1
        for h, lo in self.loose_moai.items():
            k = lo.count(p)
            if k:
                moai_at[h] = moai_at.get(h, 0) + k
        for cr, o in self.erected.items():
            if o == p:
                h = geo.crater_hex[cr]
                moai_at[h] = moai_at.get(h, 0) + 1
        moai = sum(moai_at.values())  # IDV-I8 a: erected and lying Moai
        # IDV-14.4 (IDV-I6 a, IDV-I7 b): each connected group of N >= 2 Moai scores 2 x N
        bonus = 0
        left = set(moai_at)
        while left:
            h = left.pop()
            group = [h]
            stack = [h]
            while stack:
                x = stack.pop()
                for m, _ in geo.nbrs[x]:
                    if m in left:
                        left.discard(m)
                        group.append(m)
                        stack.append(m)
            size = sum(moai_at[x] for x in group)
            if size >= 2:
                bonus += 2 * size
        colonists = sum(c[p] for c in self.colonists.values())  # IDV-I29: on board hexes only, not the boat
        return {"villages": villages, "moai": moai, "colonists": colonists, "prayer": self.prayer_tokens[p],
                "vp_villages": 3 * villages, "vp_moai": 2 * moai, "vp_groups": bonus,
                "vp_colonists": 4 * colonists, "vp_prayer": 2 * self.prayer_tokens[p],
                "total": 3 * villages + 2 * moai + bonus + 4 * colonists + 2 * self.prayer_tokens[p]}

    def _finish(self, reason, events):
        self.final = [self.final_breakdown(p) for p in range(self.num_players)]
        for p in range(self.num_players):
            self.points[p] += self.final[p]["total"]  # IDV-14.1
        self.over = True
        self.end_reason = reason
        self.stats["ending"] = reason  # for reports: volcanoes (IDV-13.1), round-limit or stalled (safeguards)
        self.pending = []
        events.append({"type": "game-end", "reason": reason, "scores": list(self.points),
                       "final": self.final})

    # ================================================================== errors
    def canonical(self, text):
        return N.canonical(text)

    def _explain(self, action):
        return explain(self, action)

    # ================================================================== observation / render
    def _readings(self, actor, action, events, reader):
        from .views import readings
        return readings(self, actor, action, events, reader)

    def _observe(self, player):
        from .views import observe
        return observe(self, player)

    def render(self, player=None, labels=None, lang="en"):
        from .render import render

        return render(self, player, labels, lang)


COLOUR_NAMES = COLOURS
