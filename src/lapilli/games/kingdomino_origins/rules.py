"""The rules of Kingdomino Origins: set-up, the turn sequence, fire, Totems, Cro-magnons, scoring.

Clause IDs (KDO-x.y) refer to the rules spec kingdomino-origins.md; the Italian rulebook is
the authority where the two differ (see docs/games/kingdomino-origins.md).
"""
from __future__ import annotations

from lapilli.engine import NotationError, State
from lapilli.engine.state import BASE_FIELDS

from . import board
from .scoring import END_BONUSES
from .board import GEOMETRY
from .data import (CRO_DECK, CRO_ORDER, DISPLAY_SIZE, RESOURCE_COUNTS, RESOURCES, START, TILES,
                   TILE_NUMBERS, TOKEN_COUNTS, TOKEN_RANGE, TOTEM_VALUE, VOLCANO)
from . import notation
from .notation import parse

ROW = 4  # tiles per row (KDO-2.6)

# phases: who decides what now
PICK = "pick"        # set-up: the drawn chief's owner picks a tile of the first row (KDO-2.10)
PAIR = "pair"        # set-up, 2 players: positions 1+4 or 2+3 (KDO-13.5)
PLACE = "place"      # Play the tile (KDO-3.4)
FIRE = "fire"        # where the fire token lands (KDO-5.7)
GIVE = "give"        # a Totem holder picks among tied leaders (KDO-10.14)
CHOOSE = "choose"    # Choose a new tile (KDO-3.6)
RECRUIT = "recruit"  # Tribe: recruit or pass (KDO-11.8)
SPEND = "spend"      # Tribe: which resources are spent (KDO-11.9/11.10)
PUT = "put"          # Tribe: where the Cro-magnon goes (KDO-11.14)
OVER = "over"

# the notation of a memoised placement list (board.placements): id(list) -> (list, [notation])
_PLACE_NAMES: dict = {}

# containers copied by clone (the rest of the state is scalars, tuples and lists never mutated)
_LIST_FIELDS = ("discards", "resource_supply", "totem", "removed", "boxed_cromagnons", "supply", "display", "deck", "current_tiles",
                "current_chief", "new_tiles", "new_chief", "to_draw", "give_to", "recruit_spent", "tokens", "row_resources")


class KdoState(State):
    """A Kingdomino Origins position."""

    # KDO-2.6: a new row comes from the supply, whose order is hidden; KDO-11.7: the display is
    # refilled from the shuffled Cro-magnon deck
    REVEALS = {"row": "tiles", "cave_refill": "cromagnons"}
    # state-file version 2 named the fields in full words (State.upgrade reads older files)
    RENAMED_FIELDS = {2: {
        "tok": "fire_tokens", "crat": "craters", "res": "resources", "cro": "cromagnons", "active": "current_player",
        "occ": "occupied", "bbox": "bounding_box", "camp": "campfires", "rcount": "resource_counts",
        "res_supply": "resource_supply", "boxed_cro": "boxed_cromagnons", "row_res": "row_resources",
        "pos": "row_position", "fire_val": "fire_value", "rec_kind": "recruit_kind", "rec_left": "recruit_cost_left",
        "rec_spent": "recruit_spent", "_opts": "_placements", "cur_tiles": "current_tiles", "cur_chief": "current_chief",
    }}

    # ------------------------------------------------------------------ set-up (KDO-2)
    def _setup(self, events):
        n = self.num_players
        self.mode = self.options.get("mode", "discovery")
        self.size = 7 if n == 2 else 5  # KDO-13.3; KDO-I31: 7x7 replaces 5x5 everywhere with 2 players
        geo = GEOMETRY[self.size]
        self.resources_on = self.mode in ("totem", "tribe")  # KDO-10.3, KDO-11.2 (KDO-I35)
        # per territory: the landscape of each square, and the [min row, max row, min column, max column] it spans
        self.land, self.bounding_box = [], []
        for _ in range(n):
            land, bbox = board.new_territory(geo)  # KDO-2.2: the start tile, the Hut on it (KDO-2.3)
            self.land.append(land)
            self.bounding_box.append(bbox)
        self.occupied = [[geo.center] for _ in range(n)]  # per territory, its squares covered by a tile, in order
        self.campfires = [{} for _ in range(n)]  # per territory, square -> its printed campfires ("falò")
        # per territory, square -> what lies on it: a Fire token's value ("gettone Fuoco"), the
        # craters of a volcano ("crateri"), a resource type ("risorse"), a Cro-magnon's kind
        self.fire_tokens = [{} for _ in range(n)]
        self.craters = [{} for _ in range(n)]
        self.resources = [{} for _ in range(n)]
        self.cromagnons = [{} for _ in range(n)]
        self.resource_counts = [[0, 0, 0, 0] for _ in range(n)]  # wooden resources ("risorse") per type in each territory
        self.discards = [0] * n  # tiles discarded under KDO-4.10
        self.resource_supply = list(RESOURCE_COUNTS)  # the wooden resources ("risorse") left per type
        self.tokens = {f: c for f, c in TOKEN_COUNTS.items()}  # KDO-2.9
        self.totem = [-1, -1, -1, -1]  # holder per resource type (KDO-10.8: nobody at first)
        self.removed = []  # tiles out of the game (discards, unchosen 3-player tiles)
        self.boxed_cromagnons = []  # Cro-magnons ("Cro-magnon") destroyed by fire (KDO-11.18)
        self.row_resources = {}  # tile number -> (resource on square 1, on square 2) while in a row ("riga")
        self.round = 0
        self.phase = PICK
        self.current_player = -1  # the seat whose king plays now ("giocatore di turno"); -1: none
        self.row_position = -1  # the position in the current row ("riga") of the tile being played; -1: none
        self.fire_at = -1  # the volcano square of a pending fire token
        self.fire_value = 0  # the fires of that Fire token ("gettone Fuoco")
        self.give_type = -1
        self.give_to = []
        # the Cro-magnon being recruited ("reclutare", KDO-11.9 to KDO-11.12): its kind, the resources
        # still to spend on it and those spent
        self.recruit_kind = None
        self.recruit_cost_left = 0
        self.recruit_spent = []
        self._placements = []  # the legal placements of the tile being played (PLACE phase)
        self.display, self.deck = [], []
        # KDO-2.5: the 48 tiles shuffled, numbered side up, as the supply (its order is hidden)
        self.supply = list(TILE_NUMBERS)
        self.rng.shuffle(self.supply)
        events.append({"type": "shuffle", "what": "tiles"})
        if self.mode == "tribe":  # KDO-11.4, KDO-11.5
            self.deck = list(CRO_DECK)
            self.rng.shuffle(self.deck)
            events.append({"type": "shuffle", "what": "cromagnons"})
            self._refill_display(events)
        # KDO-2.6-2.8: the first row
        # the current row ("riga") of tiles and the seat of the chief ("capotribù") on each, -1: none;
        # the new row and its chiefs likewise
        self.current_tiles = self._draw_row(events)
        self.current_chief = [-1] * ROW
        self.new_tiles, self.new_chief = [], []
        if n == 2:
            self.to_draw = []
            first = self.rng.randbelow(2)  # KDO-13.5: whose chief comes out first (KDO-I29 a)
            events.append({"type": "chief_drawn", "seat": first})
            self.current_player = first
            self.phase = PAIR
        else:
            self.to_draw = list(range(n))  # KDO-2.10 (KDO-I6): chiefs drawn one at a time
            self._draw_chief(events)
        self._legal_cache = self._compute_legal()

    @property
    def geo(self):
        return GEOMETRY[self.size]

    def _draw_row(self, events) -> list:
        """KDO-2.6-2.8: 4 tiles from the supply, sorted by number; resources on them (KDO-10.3)."""
        tiles = sorted(self.supply.pop() for _ in range(min(ROW, len(self.supply))))
        ev = {"type": "row", "tiles": list(tiles)}  # a copy: the row itself changes as tiles are taken
        if self.resources_on:
            placed = {}
            for t in tiles:
                got = []
                for sq in TILES[t]:
                    r = sq[3]  # KDO-I15: the printed resource icon, only on squares without campfire
                    if r >= 0 and self.resource_supply[r] > 0:  # KDO-I16: a shortage leaves the square empty
                        self.resource_supply[r] -= 1
                        got.append(r)
                    else:
                        got.append(-1)
                self.row_resources[t] = tuple(got)
                placed[t] = [RESOURCES[r] if r >= 0 else None for r in got]
            ev["resources"] = placed
        events.append(ev)
        if self.mode == "tribe":
            self._refill_display(events)  # KDO-11.7 (KDO-I22): refilled when a new row is formed
        return tiles

    def _refill_display(self, events):
        got = []
        while len(self.display) < DISPLAY_SIZE and self.deck:
            k = self.deck.pop()
            self.display.append(k)
            got.append(k)
        if got:
            events.append({"type": "cave_refill", "cromagnons": got})

    def _draw_chief(self, events):
        """KDO-2.10: the next chief drawn at random; its owner picks.  KDO-2.11: the last of four
        has no choice."""
        while self.to_draw:
            seat = self.to_draw.pop(self.rng.randbelow(len(self.to_draw)))
            events.append({"type": "chief_drawn", "seat": seat})
            free = [i for i in range(ROW) if self.current_chief[i] < 0]
            if len(free) == 1:  # KDO-2.11
                self.current_chief[free[0]] = seat
                events.append({"type": "take", "seat": seat, "tile": self.current_tiles[free[0]], "forced": True})
                continue
            self.current_player = seat
            self.phase = PICK
            return
        self._end_setup(events)

    def _end_setup(self, events):
        # KDO-2.12: with 3 players the unchosen tile of the first row is discarded
        for i in range(ROW):
            if self.current_chief[i] < 0 and self.current_tiles[i] is not None:
                self._remove_row_tile(self.current_tiles, i, events, "unchosen")
        # KDO-2.13: the second row; KDO-2.14: round 1
        self.new_tiles = self._draw_row(events)
        self.new_chief = [-1] * ROW
        self.round = 1
        self.row_position = -1
        self._next_turn(events)

    def _remove_row_tile(self, tiles, i, events, why):
        t = tiles[i]
        tiles[i] = None
        self.row_resources.pop(t, None)  # its resources go to the box (KDO-I16)
        self.removed.append(t)
        events.append({"type": "discard", "tile": t, "why": why})

    # ------------------------------------------------------------------ turn flow (KDO-3)
    def _next_turn(self, events):
        """KDO-3.2: the next chief of the current row, in position order; else the round ends.

        KDO-I30 (a): with 2 players the four chiefs also act one at a time in row order.
        KDO-I9: 12 rounds for every player count, the last one with Play the tile only."""
        for i in range(self.row_position + 1, ROW):
            if self.current_chief[i] >= 0:
                self.row_position = i
                self.current_player = self.current_chief[i]
                self._start_play(events)
                return
        # KDO-3.7/3.8: end of round
        if self.new_tiles:
            self.current_tiles, self.current_chief = self.new_tiles, self.new_chief
            if self.supply:
                self.new_tiles = self._draw_row(events)
                self.new_chief = [-1] * ROW
            else:  # KDO-7.1: the supply is empty, this is the final round
                self.new_tiles, self.new_chief = [], []
            self.round += 1
            events.append({"type": "round", "round": self.round, "final": not self.new_tiles})
            self.row_position = -1
            self._next_turn(events)
            return
        # KDO-7.3: the game is over
        self.phase = OVER
        self.current_player = -1
        events.append({"type": "game_over", "scores": self.scores()})

    def _start_play(self, events):
        """KDO-3.4: Play the tile; KDO-4.10: discard it when it has no legal placement."""
        p = self.current_player
        t = self.current_tiles[self.row_position]
        geo = self.geo
        if self._determinized:
            # a search copy: the same territories come back again and again, so the placements
            # and their notation are memoised (a real game, mostly new territories, skips the memo)
            opts = board.placements(geo, self.land[p], self.occupied[p], self.bounding_box[p], TILES[t])
            if opts:
                names = _PLACE_NAMES.get(id(opts))
                if names is None or names[0] is not opts:
                    if len(_PLACE_NAMES) >= 4_096:
                        _PLACE_NAMES.clear()
                    name = geo.name
                    names = _PLACE_NAMES[id(opts)] = (opts, tuple([f"place {name[a]} {name[b]}" for a, b in opts]))
                self.phase = PLACE
                self._placements = list(names[1])
                return
        else:
            opts = board.placements_fresh(geo, self.land[p], self.occupied[p], self.bounding_box[p], TILES[t])
            if opts:
                self.phase = PLACE
                name = geo.name
                self._placements = [f"place {name[a]} {name[b]}" for a, b in opts]
                return
        self.current_tiles[self.row_position] = None
        self.row_resources.pop(t, None)
        self.removed.append(t)
        self.discards[p] += 1  # KDO-12.4 (KDO-I28)
        events.append({"type": "discard", "seat": p, "tile": t, "why": "no legal placement"})
        self._after_play(events, added=False)  # KDO-I11: the turn goes on with Choose a new tile (and recruiting)

    def _after_play(self, events, added=True):
        """KDO-10.10: Totems are checked after a tile was added; a discarded tile adds nothing, so
        nobody takes a Totem then (a discard changes no count, so no holder loses one either)."""
        if added and self.mode == "totem" and self._check_totems(0, events):
            return
        self._start_choose(events)

    def _start_choose(self, events):
        """KDO-3.6: Choose a new tile (none in the final round, KDO-7.2)."""
        # the Totems of this Play the tile are settled: the resource types it brought (``gained``) and
        # fires burnt in it (``burnt``), kept only from then to here (so saved games carry them only
        # then), are forgotten
        self.__dict__.pop("gained", None)
        self.__dict__.pop("burnt", None)
        if not self.new_tiles:
            self._next_turn(events)
            return
        free = [i for i in range(ROW) if self.new_chief[i] < 0 and self.new_tiles[i] is not None]
        if len(free) == 1:  # KDO-3.10: the last chief takes the only free tile
            self._take_new(free[0], events, forced=True)
            return
        self.phase = CHOOSE

    def _take_new(self, i, events, forced=False):
        p = self.current_player
        self.new_chief[i] = p
        events.append({"type": "take", "seat": p, "tile": self.new_tiles[i], "forced": forced})
        chiefs = 2 * self.num_players if self.num_players == 2 else self.num_players
        if sum(1 for c in self.new_chief if c >= 0) == chiefs:
            # KDO-3.9 (KDO-I8): with 3 players the tile no chief took is discarded
            for j in range(ROW):
                if self.new_chief[j] < 0 and self.new_tiles[j] is not None:
                    self._remove_row_tile(self.new_tiles, j, events, "unchosen")
        self._start_recruit(events)

    def _start_recruit(self, events):
        """KDO-11.8: after Choose a new tile, a Tribe-mode player may recruit.

        KDO-I20: once per turn (so twice a round with 2 players); KDO-I21 (a): never in the final
        round, which has no Choose a new tile."""
        if self.mode == "tribe" and self._can_recruit(self.current_player):
            self.phase = RECRUIT
            return
        self._next_turn(events)

    def _can_recruit(self, p) -> bool:
        types = sum(1 for c in self.resource_counts[p] if c > 0)
        return (types >= 2 and bool(self.display)) or (types == 4 and bool(self.deck))

    # ------------------------------------------------------------------ Totems (KDO-10)
    def _check_totems(self, start, events) -> bool:
        """KDO-10.10-10.15 with KDO-I17/I18 reading (a).  Returns True when the holder must choose."""
        n = self.num_players
        for t in range(start, 4):
            counts = [self.resource_counts[p][t] for p in range(n)]
            top = max(counts)
            leaders = [p for p in range(n) if counts[p] == top]
            holder = self.totem[t]
            if holder < 0:
                # KDO-10.10/10.11: the player who added a tile takes a Totem from the table with a
                # strict majority (a player who gets the majority through another's fire takes it
                # only after adding a tile of their own)
                if len(leaders) == 1 and leaders[0] == self.current_player:
                    self.totem[t] = leaders[0]
                    events.append({"type": "totem", "resource": RESOURCES[t], "to": leaders[0], "from": None})
            elif (counts[holder] == top and len(leaders) > 1 and self.options.get("totem_tie", "give") != "keep"
                  and (self.current_player != holder and self.current_player in leaders and self._net_change(t) > 0
                       or self.current_player == holder and self._net_change(t) < 0)):
                # house rule totem_tie (KDO-I18): a holder who falls to a tie now -- caught up by the
                # player who added a tile, or whose own fire burnt one of theirs -- no longer has the
                # majority ("Se perdi la maggioranza (perché gli altri giocatori hanno recuperato nuove
                # risorse oppure ne hai perse a causa di uno spruzzo di fuoco)"): 'give' hands it to
                # one of the other tied players, chosen by the holder ("Se più giocatori sono in
                # parità, scegli tu"); 'return' puts it back on the table; 'keep' (KDO-I18 a) keeps
                # it.  Only the active player's counts change in a turn, and only a change of them in
                # this Play the tile makes the tie new: a tie that already stood moves nothing
                if self.options.get("totem_tie") == "return":
                    self.totem[t] = -1
                    events.append({"type": "totem", "resource": RESOURCES[t], "to": None, "from": holder})
                    continue
                others = [q for q in leaders if q != holder]
                if len(others) == 1:
                    self.totem[t] = others[0]
                    events.append({"type": "totem", "resource": RESOURCES[t], "to": others[0], "from": holder})
                else:
                    self.phase = GIVE
                    self.give_type = t
                    self.give_to = others
                    return True
            elif counts[holder] < top:  # KDO-10.13: the holder lost the majority
                if len(leaders) == 1:
                    self.totem[t] = leaders[0]
                    events.append({"type": "totem", "resource": RESOURCES[t], "to": leaders[0], "from": holder})
                else:  # KDO-10.14: the holder chooses among the tied leaders
                    self.phase = GIVE
                    self.give_type = t
                    self.give_to = leaders
                    return True
            # KDO-10.15: a holder still alone at the top keeps it (and on a tie with totem_tie 'keep')
        return False

    def _net_change(self, t) -> int:
        """How many resources of type ``t`` the active player's territory gained (tile) less lost
        (fire) in this Play the tile."""
        return self.__dict__.get("gained", ()).count(t) - self.__dict__.get("burnt", ()).count(t)

    # ------------------------------------------------------------------ the contract hooks
    @property
    def to_move(self):
        if self.phase == OVER:
            return None
        if self.phase == GIVE:
            return self.totem[self.give_type]
        return self.current_player

    @property
    def is_terminal(self):
        return self.phase == OVER

    def _legal(self):
        return self._compute_legal()

    def _compute_legal(self) -> list:
        ph = self.phase
        if ph == PLACE:
            return list(self._placements)
        if ph == PICK:
            return [f"take {self.current_tiles[i]}" for i in range(ROW) if self.current_chief[i] < 0]
        if ph == CHOOSE:
            return [f"take {self.new_tiles[i]}" for i in range(ROW)
                    if self.new_chief[i] < 0 and self.new_tiles[i] is not None]
        if ph == FIRE:
            return [f"fire {self.geo.name[c]}" for c in self._fire_targets()]
        if ph == PAIR:
            return ["pair 14", "pair 23"]
        if ph == GIVE:
            return [f"give {p}" for p in self.give_to]
        if ph == RECRUIT:
            out = ["pass"]
            types = sum(1 for c in self.resource_counts[self.current_player] if c > 0)
            if types >= 2:
                out.extend(f"recruit {k}" for k in CRO_ORDER if k in self.display)
            if types == 4:
                out.extend(f"recruit deck {k}" for k in CRO_ORDER if k in self.deck)
            return out
        if ph == SPEND:
            p = self.current_player
            name = self.geo.name
            return [f"spend {name[c]}" for c in sorted(self.resources[p]) if self.resources[p][c] not in self.recruit_spent]
        if ph == PUT:
            name = self.geo.name
            return [f"put {name[c]}" for c in self._cro_targets(self.current_player)]
        return []

    def _fire_targets(self) -> list:
        """KDO-6.1-6.6 (KDO-I1 Chebyshev range, KDO-I2 free square, KDO-I3 own squares only,
        KDO-I4: the start tile too with the house rule fire_on_start, the literal text's default)."""
        p = self.current_player
        land, camp, tok = self.land[p], self.campfires[p], self.fire_tokens[p]
        no_start = not self.options.get("fire_on_start", True)
        out = []
        for c in self.geo.within(self.fire_at, TOKEN_RANGE[self.fire_value]):
            v = land[c]
            if v < 0 or (v == START and no_start) or v == VOLCANO or c in camp or c in tok:
                continue
            out.append(c)
        out.sort()
        return out

    def _cro_targets(self, p) -> list:
        """KDO-11.14-11.17 (KDO-I23: volcano squares allowed)."""
        land, camp, tok, res, cro = self.land[p], self.campfires[p], self.fire_tokens[p], self.resources[p], self.cromagnons[p]
        return sorted(c for c in self.occupied[p] if land[c] != START and c not in camp and c not in tok
                      and c not in res and c not in cro)

    def _apply(self, action, events):
        parts = action.split()
        verb = parts[0]
        p = self.current_player
        geo = self.geo
        if verb == "place":
            self._place(p, geo.index[parts[1]], geo.index[parts[2]], events)
        elif verb == "take":
            t = int(parts[1])
            if self.phase == PICK:
                i = self.current_tiles.index(t)
                self.current_chief[i] = p
                events.append({"type": "take", "seat": p, "tile": t, "forced": False})
                self._draw_chief(events)
            else:
                self._take_new(self.new_tiles.index(t), events)
        elif verb == "fire":
            self._land_fire(p, geo.index[parts[1]], events)
            self._after_play(events)
        elif verb == "pair":
            other = 1 - p
            mine = (0, 3) if parts[1] == "14" else (1, 2)
            for i in range(ROW):
                self.current_chief[i] = p if i in mine else other
            events.append({"type": "pair", "seat": p, "positions": parts[1]})
            self._end_setup(events)
        elif verb == "give":
            q = int(parts[1])
            t = self.give_type
            events.append({"type": "totem", "resource": RESOURCES[t], "to": q, "from": self.totem[t]})
            self.totem[t] = q
            self.give_type, self.give_to = -1, []
            self.phase = PLACE  # placeholder until the check goes on
            if not self._check_totems(t + 1, events):
                self._start_choose(events)
        elif verb == "pass":
            events.append({"type": "no_recruit", "seat": p})
            self._next_turn(events)
        elif verb == "recruit":
            if parts[1] == "deck":  # KDO-11.10/11.11: any Cro-magnon of the deck, then a shuffle
                kind = parts[2]
                self.deck.remove(kind)
                self.rng.shuffle(self.deck)
                events.append({"type": "recruit", "seat": p, "cromagnon": kind, "from": "deck"})
                events.append({"type": "shuffle", "what": "cromagnons"})
                self.recruit_cost_left = 4
            else:  # KDO-11.9: one of the face-up Cro-magnons
                kind = parts[1]
                self.display.remove(kind)  # KDO-11.6: its space stays empty until the refill
                events.append({"type": "recruit", "seat": p, "cromagnon": kind, "from": "display"})
                self.recruit_cost_left = 2
            self.recruit_kind = kind
            self.recruit_spent = []
            self.phase = SPEND
        elif verb == "spend":  # KDO-11.12 (KDO-I19): the piece leaves the game
            c = geo.index[parts[1]]
            r = self.resources[p].pop(c)
            self.resource_counts[p][r] -= 1
            self.recruit_spent.append(r)
            self.recruit_cost_left -= 1
            events.append({"type": "spend", "seat": p, "square": parts[1], "resource": RESOURCES[r]})
            if self.recruit_cost_left == 0:
                self.phase = PUT
        elif verb == "put":
            c = geo.index[parts[1]]
            self.cromagnons[p][c] = self.recruit_kind
            events.append({"type": "put", "seat": p, "square": parts[1], "cromagnon": self.recruit_kind})
            self.recruit_kind, self.recruit_spent, self.recruit_cost_left = None, [], 0
            self._next_turn(events)
        self._legal_cache = self._compute_legal() if self.phase != OVER else []

    def _place(self, p, a, b, events):
        """KDO-4: the tile joins the territory, with its resources (KDO-10.7)."""
        t = self.current_tiles[self.row_position]
        self.current_tiles[self.row_position] = None
        sq = TILES[t]
        rr = self.row_resources.pop(t, (-1, -1))
        land, bbox = self.land[p], self.bounding_box[p]
        geo = self.geo
        volcano = []
        for cell, (ls, camp, crat, _), r in ((a, sq[0], rr[0]), (b, sq[1], rr[1])):
            land[cell] = ls
            self.occupied[p].append(cell)
            if camp:
                self.campfires[p][cell] = camp
            if crat:
                self.craters[p][cell] = crat
                volcano.append(cell)
            if r >= 0:
                self.resources[p][cell] = r
                self.resource_counts[p][r] += 1
                if self.mode == "totem":  # for the Totems (totem_tie)
                    self.gained = self.__dict__.get("gained", ()) + (r,)
            rw, cl = geo.row[cell], geo.col[cell]
            if rw < bbox[0]:
                bbox[0] = rw
            if rw > bbox[1]:
                bbox[1] = rw
            if cl < bbox[2]:
                bbox[2] = cl
            if cl > bbox[3]:
                bbox[3] = cl
        events.append({"type": "place", "seat": p, "tile": t, "squares": [geo.name[a], geo.name[b]]})
        # KDO-I34: the tile and its resources, then the fire token, then the Totems
        # KDO-5.6: a volcano square gives the matching fire token (one per volcano square, KDO-I5)
        for v in volcano:
            f = self.craters[p][v]
            if self.tokens.get(f, 0) <= 0:
                continue
            self.tokens[f] -= 1
            self.fire_at, self.fire_value = v, f
            if self._fire_targets():
                self.phase = FIRE  # KDO-5.7: the player chooses where it lands
                return
            events.append({"type": "fire_discarded", "seat": p, "fires": f})  # KDO-5.9
            self.fire_at, self.fire_value = -1, 0
        self._after_play(events)

    def _land_fire(self, p, c, events):
        """KDO-5.7, 5.11, 5.12; KDO-10.12 and KDO-11.18: what stood there is destroyed."""
        self.fire_tokens[p][c] = self.fire_value
        ev = {"type": "fire", "seat": p, "square": self.geo.name[c], "fires": self.fire_value}
        r = self.resources[p].pop(c, None)
        if r is not None:
            self.resource_counts[p][r] -= 1
            self.burnt = self.__dict__.get("burnt", ()) + (r,)  # for the Totems (totem_tie)
            ev["destroyed_resource"] = RESOURCES[r]
        k = self.cromagnons[p].pop(c, None)
        if k is not None:
            self.boxed_cromagnons.append(k)
            ev["destroyed_cromagnon"] = k
        events.append(ev)
        self.fire_at, self.fire_value = -1, 0

    # ------------------------------------------------------------------ scoring (KDO-8, 9, 10, 11, 12)
    def score_parts(self, p) -> dict:
        geo = self.geo
        regs = board.regions(geo, self.land[p], self.campfires[p], self.fire_tokens[p])
        parts = {"comfort": board.comfort(regs)}
        if self.mode == "totem":  # KDO-10.16
            parts["resources"] = sum(self.resource_counts[p])
            parts["totems"] = sum(TOTEM_VALUE[t] for t in range(4) if self.totem[t] == p)
        elif self.mode == "tribe":  # KDO-11.36; resources score nothing (KDO-11.37)
            parts["cromagnons"] = sum(board.cro_points(geo, self.cromagnons[p], self.resources[p], self.campfires[p], self.fire_tokens[p]).values())
        if self.options.get("fire_empire"):  # KDO-12.2/12.3
            parts["fire_empire"] = 10 if board.hut_centred(geo, self.bounding_box[p]) else 0
        if self.options.get("homo_habilis"):  # KDO-12.4
            parts["homo_habilis"] = 5 if self.discards[p] == 0 else 0
        parts["largest_region"] = max((s for _, s, _ in regs), default=0)
        parts["fire_icons"] = board.fire_icons(self.campfires[p], self.fire_tokens[p])
        return parts

    def scores(self):
        """What each player has scored so far; the end-of-game bonuses (KDO-12.2, KDO-12.4) count
        only once the game is over (``end_bonuses`` shows them "if the game ended now")."""
        over = self.phase == OVER
        out = []
        for p in range(self.num_players):
            parts = self.score_parts(p)
            out.append(sum(v for k, v in parts.items()
                           if k not in ("largest_region", "fire_icons") and (over or k not in END_BONUSES)))
        return out

    def end_bonuses(self, p) -> dict:
        """The end-of-game bonuses seat p would get if the game ended now (KDO-12.2, KDO-12.4)."""
        parts = self.score_parts(p)
        return {k: parts[k] for k in END_BONUSES if k in parts}

    def _winners(self):
        """KDO-8.10 and KDO-9.1-9.3: score, then largest region, then fire icons, then shared.

        KDO-I13: the largest region of any landscape (volcano included, fire or not), and every
        fire icon of the territory; KDO-I14: on the mode's final score, bonuses included."""
        keys = []
        for p in range(self.num_players):
            parts = self.score_parts(p)
            total = sum(v for k, v in parts.items() if k not in ("largest_region", "fire_icons"))
            keys.append((total, parts["largest_region"], parts["fire_icons"]))
        best = max(keys)
        return [p for p in range(self.num_players) if keys[p] == best]

    # ------------------------------------------------------------------ errors
    def canonical(self, text):
        return notation.canonical(text)

    def _explain(self, action):
        try:
            cmd = parse(action, self)
        except NotationError as e:
            return e
        from .explain import explain
        return explain(self, cmd, action)

    # ------------------------------------------------------------------ hidden information
    def _readings(self, actor, action, events, reader):
        from .views import readings
        return readings(self, actor, action, events, reader)

    def has_hidden(self, player):
        # the supply order (KDO-2.5, KDO-I7) and the Cro-magnon deck order (KDO-11.4)
        return len(self.supply) > 1 or len(set(self.deck)) > 1

    def _resample_hidden(self, player, rng):
        # sorted first: the sample is a function of the generator alone, not of the true order
        self.supply.sort()
        rng.shuffle(self.supply)
        self.deck.sort()
        rng.shuffle(self.deck)

    # ------------------------------------------------------------------ copying and saving
    def _copy_fields(self, new):
        d = new.__dict__
        base = {k: d[k] for k in BASE_FIELDS if k in d}
        d.update(self.__dict__)  # scalars and immutable values are shared; containers copied below
        d.update(base)
        s = self.__dict__
        d["land"] = [x.copy() for x in s["land"]]
        d["occupied"] = [x.copy() for x in s["occupied"]]
        d["bounding_box"] = [x.copy() for x in s["bounding_box"]]
        d["campfires"] = [x.copy() for x in s["campfires"]]
        d["fire_tokens"] = [x.copy() for x in s["fire_tokens"]]
        d["craters"] = [x.copy() for x in s["craters"]]
        d["resources"] = [x.copy() for x in s["resources"]]
        d["cromagnons"] = [x.copy() for x in s["cromagnons"]]
        d["resource_counts"] = [x.copy() for x in s["resource_counts"]]
        for k in _LIST_FIELDS:
            d[k] = s[k].copy()

    # ------------------------------------------------------------------ views
    def _observe(self, player):
        from .views import observe
        return observe(self, player)

    def render(self, player=None, labels=None, lang="en"):
        from .render import render
        return render(self, player, labels, lang)
