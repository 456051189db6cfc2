"""Eruption rules: the State subclass (set-up, the four phases, cards, walls, endings, variants).

Interpretations follow the rules spec eruption.md Part 4 (recommended readings); each is named
where it is used (ERU-In).
"""
from __future__ import annotations

from itertools import compress
from operator import attrgetter, itemgetter

from lapilli.engine import State

from . import board as B
from . import notation as N
from .data import (FLOW_KEY, RAIN_STACKS, CARD_MATERIAL, DANGER, DECK, DIE, ERUPTION_IDS,
                   ERUPTION_SPACES, LAST, LAYOUT, MATERIALS, NUM_LAVA, NUMBERS, PLAYABLE,
                   RAIN, RESOURCES, ROT, TILE_MASK, VILLAGES, WALL_BONUS)
from .spec import SPEC

HAND_SIZE = NUMBERS["hand_size"]
HAND_LIMIT = NUMBERS["hand_limit"]
HEAT_OPEN = NUMBERS["unwalled_contact"]
HEAT_BROKEN = NUMBERS["broken_wall_contact"]
HEAT_ERUPTION = NUMBERS["eruption_heat"]
DZ1, DZ2, DZ3 = DANGER
LAVA_DRAW_MODES = ("p2", "extra", "discard2", "lavaflow", "quake")


_ROT_MEMO: dict = {}


def _rotations(mask, need, forbid):
    """The rotations of a tile pattern that meet Rules C and E in a space (ERU-3.8-3.10, 3.13), memoised."""
    key = (mask, need, forbid)
    rs = _ROT_MEMO.get(key)
    if rs is None:
        rots = ROT[mask]
        rs = _ROT_MEMO[key] = tuple(r for r in range(6) if rots[r] & need == need and not rots[r] & forbid)
    return rs


_FITS: dict = {}
_ALL_MASKS = tuple(sorted(set(TILE_MASK)))


def _fitting(need, forbid) -> frozenset:
    """The tile patterns with at least one rotation meeting Rules C and E in a space, memoised."""
    key = (need, forbid)
    got = _FITS.get(key)
    if got is None:
        got = _FITS[key] = frozenset(m for m in _ALL_MASKS if _rotations(m, need, forbid))
    return got


_PARSED: dict = {}   # action -> N.parse(action): tuples of ints, strings and tuples (never changed)

# Board geometry derived from the tiles alone (spaces, flow ends, contacts, ...), computed once per
# board, the tiles in their dict order (which the legal lists follow): (tuple(tiles),
# tuple(tiles.values()), memo dict, hash or None); two tuples compare faster than one of the items.
# Boards are shared through _GEO (hash -> entry, checked against the tuples)
# by the determinized copies of a search, which revisit boards; the hash of a board made by placing
# a tile is worked out from the previous board's.  A state keeps its board's entry in ``_geo``
# (shared by its clones, never saved) and checks it against its tiles before use, so a board changed
# by any means (also directly, as tests do) gets its own entry.  Entries only grow (lazily) and
# are never changed.
_GEO: dict = {}
# While a state's _apply runs (_APPLYING), once its ``_geo`` has been checked against its tiles it is
# trusted (_TRUSTED) until _apply returns: only the rules change the tiles meanwhile, and they keep
# ``_geo`` right (or set it to None) wherever they do, so _memo skips the check.
_APPLYING = [None]
_TRUSTED = [None]
_GEO_MAX = 512       # a search revisits a few hundred boards; kept small for the garbage collector


# each tile pattern's bit (TILE_BIT: per tile id)
_MASK_BIT = {m: 1 << i for i, m in enumerate(_ALL_MASKS)}
TILE_BIT = tuple(_MASK_BIT[m] for m in TILE_MASK)
# Tables indexed by need << 6 | forbid (6-bit masks, see board.edge_profile), filled in lazily:
# per tile pattern, the bits 1 << r of its rotations r meeting Rules C and E (see _rotations);
# and the bits (TILE_BIT) of the tile patterns that fit (see _fitting)
_ROT_BITS = {m: [None] * 4096 for m in _ALL_MASKS}
_FIT_BITS: list = [None] * 4096


def _rot_bits(mask, need, forbid) -> int:
    """_ROT_BITS[mask][need << 6 | forbid], worked out on first use."""
    got = _ROT_BITS[mask][need << 6 | forbid] = sum(1 << r for r in _rotations(mask, need, forbid))
    return got


def _fit_union(spaces) -> int:
    """The bits (TILE_BIT) of the tile patterns that fit at least one of ``spaces``."""
    out = 0
    table = _FIT_BITS
    for s, need, forbid in spaces:
        i = need << 6 | forbid
        b = table[i]
        if b is None:
            b = table[i] = sum(_MASK_BIT[m] for m in _fitting(need, forbid))
        out |= b
    return out


# the notation of every placement, spelled once: space -> ("place <space> 0", ..., "place <space> 5"),
# and per space and bits of rotations (as _ROT_BITS), the notations of those rotations in order
_PLACE_TEXT = {s: tuple(f"place {N.hex_label(s)} {r}" for r in range(6)) for s in PLAYABLE}
_PLACE_SUBSET = {s: tuple(tuple(row[r] for r in range(6) if b >> r & 1) for b in range(64))
                 for s, row in _PLACE_TEXT.items()}


def _place_list(mask, spaces) -> list:
    """The notation of the placements (Rules A-E) of a tile pattern on ``spaces``: space by space
    in the order of ``spaces``, each space's rotations in increasing order."""
    out = []
    table = _ROT_BITS[mask]
    subsets = _PLACE_SUBSET
    for s, need, forbid in spaces:
        rb = table[need << 6 | forbid]
        if rb is None:
            rb = _rot_bits(mask, need, forbid)
        if rb:
            out += subsets[s][rb]
    return out


# the notation of every wall action, spelled once: verb -> ([per flow end id (B.END_ID): ("<verb>
# <material> d7-N" per material of MATERIALS)], {(village, side index): ("<verb> <material> v3-5"
# per material)}), for the verbs "build" and "reinforce"
_WALL_TEXT = {verb: ([tuple(f"{verb} {m} {N.flow_loc(k)}" for m in MATERIALS) for k in B.END_KEY],
                     {(v, i): tuple(f"{verb} {m} {N.side_loc(v, i)}" for m in MATERIALS)
                      for v in range(len(VILLAGES)) for i in range(len(VILLAGES[v]["sides"]))})
              for verb in ("build", "reinforce")}
# each village's sides as (village, side index), in order
_VILLAGE_SIDES = tuple(tuple((v, i) for i in range(len(VILLAGES[v]["sides"]))) for v in range(len(VILLAGES)))

# per playable space and 6-bit need mask: the flow ends that meet the space from those directions
_NEED_KEYS = {s: tuple(tuple(FLOW_KEY[s][d] for d in range(6) if need >> d & 1) for need in range(64))
              for s in PLAYABLE}

# flow end (hex, direction) -> the playable space it faces
_FACES = {FLOW_KEY[s][d]: s for s in PLAYABLE for d in range(6)}


# the notation of the Aftershock turns, spelled once: per playable space and bits of rotations (as
# _ROT_BITS), the notations "aftershock <space> <r>" of those rotations in order (filled in on first use)
_AFTER_SUBSET: dict = {}


def _after_texts(s, bits) -> tuple:
    """_AFTER_SUBSET[s][bits], worked out on first use."""
    row = _AFTER_SUBSET.get(s)
    if row is None:
        row = _AFTER_SUBSET[s] = [None] * 64
    got = row[bits]
    if got is None:
        got = row[bits] = tuple(f"aftershock {N.hex_label(s)} {r}" for r in range(6) if bits >> r & 1)
    return got


# the notation of Relocate from side a + 1 to side b + 1: _RELOCATE_TEXT[a][b]
_RELOCATE_TEXT = tuple(tuple(f"relocate {a + 1} {b + 1}" for b in range(7)) for a in range(7))
# the notation of Volcanic Bomb on each flow end (hex, direction) and each village side (village, side index)
_BOMB_TEXT = {**{k: f"bomb {loc}" for k, loc in N.FLOW_LOC.items()},
              **{vi: f"bomb {N.side_loc(*vi)}" for sides in _VILLAGE_SIDES for vi in sides}}

# the notation of Sinkhole on each playable space
_SINK_TEXT = {s: f"sinkhole {N.hex_label(s)}" for s in PLAYABLE}


# the verb of a card played in Phase 3 -> the card
_PLAYED_CARD = {"aftershock": "aftershock", "lavaflow": "lavaflow", "quake": "quake", "sinkhole": "sinkhole",
                "relocate": "relocate", "reinforce": "reinforce", "bomb": "bomb", "rain": "rain"}

_HAND_TEXTS: dict = {}


def _hand_texts(hand, lava) -> tuple:
    """(the distinct cards of ``hand`` in order, the notation of its discards: each card alone
    (ERU-5.2), then, when ``lava``, each pair of cards (ERU-5.4)), memoised per hand and ``lava``
    (both tuples, never changed)."""
    key = (tuple(hand), lava)
    got = _HAND_TEXTS.get(key)
    if got is None:
        cards = sorted(set(hand))
        out = [f"discard {c}" for c in cards]
        if lava:
            for i, a in enumerate(cards):
                for b in cards[i:]:
                    if a != b or hand.count(a) >= 2:
                        out.append(f"discard {a} {b}")
        if len(_HAND_TEXTS) >= 50_000:
            _HAND_TEXTS.clear()
        got = _HAND_TEXTS[key] = (tuple(cards), tuple(out))
    return got


class GameState(State):
    SPEC = SPEC
    # ERU-3.1: a lava tile drawn from the stack; ERU-1.2, ERU-5.6: an action card drawn from the
    # face-down deck; ERU-18.5: the tile a Lava Rain stack uncovers (all shuffled at set-up)
    REVEALS = {"draw_tile": "tile", "draw_card": "card", "take_tile": "tile", "face_up": "tile"}
    # state-file version 2: whose turn it is has one name in every game (State.upgrade reads older files)
    RENAMED_FIELDS = {2: {
        "turn": "current_player", "fwalls": "flow_walls", "bwalls": "border_walls", "temps": "temperatures",
        "vil": "villages", "dz2_used": "danger_card_drawn", "dry": "dry_turns", "quiet": "quiet_turns",
    }}
    _geo = None          # (hexes, tiles, memo, hash) of the board last seen; see _GEO

    def _memo(self) -> dict:
        """The memo of derived geometry for the tiles as they are now (see _GEO)."""
        g = self._geo
        if g is not None and _TRUSTED[0] is self:
            return g[2]
        tiles = self.tiles
        hexes = tuple(tiles)
        content = tuple(tiles.values())
        if g is None or g[0] != hexes or g[1] != content:
            if self._determinized:                          # a search's copy: boards recur, share them
                h = hash((hexes, content))
                g = _GEO.get(h)
                if g is None or g[0] != hexes or g[1] != content:
                    if len(_GEO) >= _GEO_MAX:
                        _GEO.clear()
                    g = _GEO[h] = (hexes, content, {}, h)
            else:
                g = (hexes, content, {}, None)
            self._geo = g
        if _APPLYING[0] is self:
            _TRUSTED[0] = self
        return g[2]

    def _to_dict(self):
        return {k: v for k, v in State._to_dict(self).items() if k != "_geo"}

    # ================================================================== set-up (ERU-1)
    def _setup(self, events):
        n = self.num_players
        opts = self.options
        self.variant = opts.get("variant", "standard")
        self.border_rule = opts.get("border_side_lost", "none")
        deck = list(DECK)                                   # ERU-1.2
        self.rng.shuffle(deck)
        events.append({"type": "shuffle", "what": "action deck", "size": len(deck)})
        self.hands = [sorted(deck.pop() for _ in range(HAND_SIZE)) for _ in range(n)]   # ERU-1.3
        events.append({"type": "deal", "cards": HAND_SIZE})
        self.deck = deck
        self.discard = []
        self.reserve = [{m: 1 for m in MATERIALS} for _ in range(n)]                   # ERU-1.4
        self.tiles = {}                                     # ERU-1.1: hex -> (tile id, rotation, flow mask)
        # the walls ("muri") built at a lava flow's end and on a village's border sides
        self.flow_walls = {}                                # (hex, dir) -> (material, owner)
        self.border_walls = {}                              # (village, side) -> (material, owner)
        stack = list(range(NUM_LAVA))                       # ERU-1.7
        self.rng.shuffle(stack)
        events.append({"type": "shuffle", "what": "lava stack", "size": len(stack)})
        # ERU-18.1, ERU-I43: 14 / 13 / 13; the house rule lava_rain adds them to Cooperation / Annihilation
        if self.variant == "lava_rain" or opts.get("lava_rain", False):
            self.stacks = []
            for size in RAIN_STACKS:
                self.stacks.append(stack[:size])
                del stack[:size]
            self.stack = []
            events.append({"type": "lava_rain", "tops": [s[-1] for s in self.stacks]})
        else:
            self.stacks = None
            self.stack = stack
        self.set_aside = []
        self.claims = [None, None, None]                    # ERU-1.6: eruption tile k claimed by seat
        self.erupted = [False, False, False]
        self.temperatures = [0] * n                         # each village's temperature ("temperatura"), ERU-1.10, ERU-1.11
        self.villages = [None] * n                          # each seat's village ("villaggio"), None until chosen
        self.order = []
        self.burned = [False] * n
        self.final_left = None
        self.final_fresh = False
        self.lava_removed = False
        self.dry_turns = 0                                  # turns in a row without a lava tile placed in Phase 2 (ERU-I9)
        self.quiet_turns = 0                                # turns in a row with nothing changed (ERU-I42)
        self.changed = False
        self.end_event = None
        self.over = False
        self.phase = "village"                              # ERU-1.8: seats choose villages in seat order
        self.current_player = 0  # whose turn it is ("giocatore di turno")
        self.mode = None
        self.pending = None
        self.pending_stack = None
        self.consent = None
        self.lost = set()
        self._reset_turn()
        self._auto_village(events)

    def _reset_turn(self):
        self.tested = set()
        self.touched = set()
        self.occupied = set()
        self.danger_card_drawn = False                      # the action card of danger zone 2 ("zona pericolo 2") drawn this turn
        self.extra_used = False
        self.erupted_now = False
        self.builds_left = 0
        self.lost_turn = set()

    def _auto_village(self, events):
        layout = LAYOUT[self.num_players]
        free = [v for v in layout if v not in self.villages]
        if len(free) == 1:
            self.villages[self.current_player] = free[0]
            events.append({"type": "village", "seat": self.current_player, "village": free[0], "forced": True})
            self._start_game(events)

    def _start_game(self, events):
        # ERU-I2: first player at random, then turns pass clockwise in village order.
        seats = sorted(range(self.num_players), key=lambda s: self.villages[s])
        first = self.rng.randbelow(self.num_players)
        self.order = seats[first:] + seats[:first]
        events.append({"type": "first_player", "seat": self.order[0], "order": list(self.order)})
        self._begin_turn(self.order[0], events)
        self._run(events)

    # ================================================================== small helpers
    @property
    def teams(self):
        """Cooperation teams (ERU-I40(2)): positions i and i + n/2 of the turn order."""
        if self.variant != "cooperation" or not self.order:
            return None
        h = self.num_players // 2
        return [sorted((self.order[i], self.order[i + h])) for i in range(h)]

    def mate(self, p):
        if self.variant != "cooperation":                  # no teams (as self.teams says, more slowly)
            return None
        t = self.teams
        if t is None:
            return None
        for a, b in t:
            if p == a:
                return b
            if p == b:
                return a
        return None

    def eliminated(self, p) -> bool:
        return self.variant == "annihilation" and self.burned[p]

    @property
    def lava_off(self) -> bool:
        """No lava tile may be drawn: event A removed the stack or the final round is on (ERU-I30/I31)."""
        return self.lava_removed or self.final_left is not None

    def lava_count(self) -> int:
        if self.stacks is not None:
            n = sum(len(s) for s in self.stacks)
        else:
            n = len(self.stack)
        if self.variant == "annihilation":
            n += len(self._set_aside_lava())                # ERU-17.4: refilled from the set-aside tiles
        return n

    def _set_aside_lava(self):
        return [t for t in self.set_aside if t < NUM_LAVA]

    def lava_available(self) -> bool:
        if self.lava_removed or self.final_left is not None:   # lava_off, read inline
            return False
        return self.lava_count() > 0

    def _roll(self):
        """One wall test: (red = Lava, white = Wall die) (ERU-7.2, ERU-I44)."""
        return self.rng.randint(1, DIE), self.rng.randint(1, DIE)

    def _test_wall(self, mat, events, why, where):
        red, white = self._roll()
        score = white + WALL_BONUS[mat]                     # ERU-7.3
        holds = score > red                                 # ERU-7.4 / ERU-7.5: ties go to the lava
        events.append({"type": "roll", "why": why, "at": where, "material": mat, "red": red, "white": white,
                       "wall_score": score, "holds": holds})
        return holds

    def _draw_card(self, p, events, why):
        if not self.deck and self.discard:                  # ERU-15.2
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            events.append({"type": "reshuffle", "what": "action deck", "size": len(self.deck)})
        if not self.deck:                                   # ERU-I39
            events.append({"type": "no_card", "seat": p, "why": why})
            return
        c = self.deck.pop()
        self.hands[p].append(c)
        self.hands[p].sort()
        events.append({"type": "draw_card", "seat": p, "why": why, "card": c})

    def _heat(self, p, amount):
        t = self.temperatures[p] + amount                   # ERU-10.10, ERU-I24, ERU-I25: kept in 0..LAST
        if t > LAST:
            t = LAST
        elif t < 0:
            t = 0
        if t != self.temperatures[p]:
            self.changed = True
        self.temperatures[p] = t

    # ================================================================== turn flow
    def _begin_turn(self, p, events):
        self.current_player = p
        self._reset_turn()
        self.occupied = set(self.tiles)                     # ERU-I13: hexes holding a tile this turn
        self.touched = set(self._all_contacts())            # ERU-I13: sides in contact this turn
        self.changed = False
        events.append({"type": "turn", "seat": p})
        if self.eliminated(p):                              # ERU-17.3, ERU-I41: only Phase 2
            self.phase = "erupt?"
            return
        self._phase1(p, events)
        self.phase = "erupt?"

    def _phase1(self, p, events):
        """ERU-10: damage from every contact on the active player's village, one move."""
        v = self.villages[p]
        total = 0
        for i in self._contacts(v):
            w = self.border_walls.get((v, i))
            if w is None:
                total += HEAT_OPEN                          # ERU-10.4
            elif self._test_wall(w[0], events, "phase1", N.side_loc(v, i)):
                pass                                        # ERU-10.7
            else:
                del self.border_walls[(v, i)]                     # ERU-10.6
                self.changed = True
                total += HEAT_BROKEN
                if self.border_rule == "permanent":         # ERU-10.8 / ERU-I23 flag
                    self.lost.add((v, i))
                elif self.border_rule == "rest_of_turn":
                    self.lost_turn.add((v, i))
        before = self.temperatures[p]
        self._heat(p, total)                                # ERU-10.9
        events.append({"type": "damage", "seat": p, "amount": total, "from": before, "to": self.temperatures[p]})
        self._claims([p], events)

    def _claims(self, seats, events):
        """ERU-12.3, ERU-I27(1): the first marker to reach an eruption space claims its tile."""
        for k, t in enumerate(ERUPTION_SPACES):
            if self.claims[k] is None:
                for s in seats:
                    if self.temperatures[s] >= t and not self.eliminated(s):
                        self.claims[k] = s
                        events.append({"type": "claim", "seat": s, "space": k + 1, "temperature": t})
                        break

    def my_claims(self, p):
        if p not in self.claims:
            return []
        return [k for k in range(3) if self.claims[k] == p and not self.erupted[k]]

    def _run(self, events):
        """Advance through the automatic steps until a decision is needed or the game ends."""
        while not self.over:
            ph = self.phase
            p = self.current_player
            if ph == "erupt?":
                # ERU-I27(2)-(4): one claimed tile per turn, at the end of Phase 1
                if self.my_claims(p) and not self.erupted_now and self.eruption_spaces():
                    self.phase = "erupt"
                    return
                self.phase = "p2?"
            elif ph == "p2?":
                if self.lava_off:                           # ERU-13.4, ERU-13.8: no Phase 2
                    self.phase = "p3?"
                elif self.variant == "annihilation" and self.lava_count() == 0:
                    self.phase = "p3?"                      # ERU-17.5
                else:
                    self._lava_draw("p2", events)
            elif ph == "p2x?":
                if (not self.extra_used and self.temperatures[p] >= DZ3 and self.lava_available()
                        and not self.eliminated(p)):
                    self.phase = "p2x"                      # ERU-11.5, ERU-I21
                    return
                self.phase = "p3?"
            elif ph == "p3?":
                if self.eliminated(p):
                    self.phase = "endturn"
                else:
                    self.phase = "p3"
            elif ph == "p3":
                legal = self._legal_p3()
                if legal == ["end"]:
                    self.phase = "p4?"                      # nothing to decide in Phase 3
                else:
                    self._legal_cache = legal               # the position will not change before the next call
                    return
            elif ph == "p4?":
                self.builds_left = 2 if self.temperatures[p] >= DZ1 else 1   # ERU-6.8, ERU-11.3, ERU-I22
                self.phase = "p4"
            elif ph == "p4":
                opts = self._build_texts(p, "build") if self.builds_left > 0 else None
                if opts:
                    opts.append("end")
                    self._legal_cache = opts
                    return
                self.phase = "endturn"
            elif ph == "endturn":
                self._end_turn(events)
            else:
                return

    def _end_turn(self, events):
        p = self.current_player
        n = self.num_players
        if not self.burned[p] and self.temperatures[p] >= LAST:    # ERU-13.2, ERU-I30(1)
            self.burned[p] = True
            self.changed = True
            events.append({"type": "burned", "seat": p})
            if self.variant == "annihilation":              # ERU-17.1, ERU-17.3
                if sum(1 for b in self.burned if not b) <= 1:
                    self._finish("annihilation", events)
                    return
            elif self.variant == "cooperation":             # ERU-16.8, ERU-16.9, ERU-I40(3)(4)
                m = self.mate(p)
                if self.burned[m] and self.final_left is None:
                    self._event_a(events)
            elif self.final_left is None:                   # ERU-13.4, ERU-13.5
                self._event_a(events)
            elif (self.end_event == "B" and self.final_fresh
                  and self.options.get("both_events_final", "all") == "others"):
                # house rule both_events_final (ERU-I31(4)): event B fired in this same turn; with
                # 'others' event A's "tutti gli altri giocatori faranno un ultimo turno" wins, so the
                # player whose village burned takes no final turn ('all': B's final round, all players)
                self.lava_removed = True
                self.final_left = self.num_players - 1
                events.append({"type": "event_a", "seat": self.current_player})
        if self.variant == "annihilation":                  # ERU-17.6
            self.quiet_turns = 0 if self.changed else self.quiet_turns + 1
            if self.options.get("annihilation_end", "stuck") == "quiet_round":
                if self.quiet_turns >= n:                         # ERU-I42: any whole round with no change ends it
                    self._finish("stalemate", events)
                    return
            elif not self._settled():
                self.quiet_turns = 0                              # something can still happen on its own
            elif self.quiet_turns >= n or not any(self._can_act(q) for q in range(n)):
                # house rule annihilation_end 'stuck': "Se non possono essere effettuate altre azioni";
                # a whole round in which nobody acts, while nothing can happen on its own, counts too
                self._finish("stalemate", events)
                return
        if self.final_left is not None:
            if self.final_fresh:
                self.final_fresh = False
            else:
                self.final_left -= 1
            if self.final_left <= 0:
                self._finish(self.end_event, events)
                return
        i = self.order.index(p)
        self._begin_turn(self.order[(i + 1) % n], events)

    def _settled(self) -> bool:
        """Annihilation ('stuck', ERU-17.5 / ERU-17.6): nothing can happen on its own any more: no
        lava tile can come into play and lava touches no surviving village (no Phase 1 roll or heat)."""
        for p in range(self.num_players):
            if not self.burned[p] and self._contacts(self.villages[p]):
                return False
        if self.lava_off:
            return True
        if self.stacks is not None:
            coming = [s[-1] for s in self.stacks if s]
        else:
            coming = list(self.stack)
        if not coming:
            coming = self._set_aside_lava()                 # ERU-17.4: they refill the stack
        if not coming:
            return True
        tested, self.tested = self.tested, set()           # walls are rolled again next turn
        try:
            fit = self._fit_set(self._spaces("p2"))
        finally:
            self.tested = tested
        return not any(TILE_BIT[t] & fit for t in coming)

    def _can_act(self, p) -> bool:
        """Whether seat p has an action left in a turn of their own (a card, a draw, a wall to build,
        an eruption tile to place)."""
        if self.my_claims(p) and self.eruption_spaces():
            return True
        if self.burned[p]:                                  # ERU-17.3: only Phase 2
            return False
        if self.hands[p] or (self.temperatures[p] >= DZ2 and (self.deck or self.discard)):
            return True
        if not any(self.reserve[p].values()):
            return False
        if any(k not in self.flow_walls for k in self._open_ends()):
            return True
        v = self.villages[p]
        return any((v, i) not in self.border_walls and (v, i) not in self.lost for i in range(len(VILLAGES[v]["sides"])))

    def _event_a(self, events):
        self.lava_removed = True                            # ERU-13.4, ERU-I30(2)
        self.final_left = self.num_players - 1              # ERU-13.5, ERU-I30(4)
        self.final_fresh = True
        self.end_event = "A"
        events.append({"type": "event_a", "seat": self.current_player})

    def _event_b(self, events):
        if self.variant == "annihilation" or self.final_left is not None:
            return
        self.final_left = self.num_players                  # ERU-13.8, ERU-I31(2)
        self.final_fresh = True
        self.end_event = "B"
        events.append({"type": "event_b", "seat": self.current_player})

    def _finish(self, why, events):
        self.over = True
        self.phase = "over"
        if self.end_event is None or why in ("annihilation", "stalemate"):
            self.end_event = why
        events.append({"type": "game_over", "reason": self.end_event, "temperatures": list(self.temperatures)})

    # ================================================================== lava draws (ERU-3)
    def _spaces(self, mode):
        """Spaces a lava tile of a draw of ``mode`` may try: [(space, need, forbid)].

        need / forbid: see board.edge_profile; Rule B (ERU-3.7) asks need != 0.  Spaces whose
        meeting flow ends are all walled and were all rolled against this turn are left out
        (ERU-8.8, ERU-I8(3))."""
        tiles = self.tiles
        fw = self.flow_walls
        if mode == "quake":                                 # ERU-14.17, ERU-I35: in place of a lava tile
            cands = []
            for h in [h for h, t in tiles.items() if t[0] < NUM_LAVA]:
                saved = tiles.pop(h)                        # (puts the lava tiles last in the board's order)
                need, forbid = B.edge_profile(tiles, h)
                if need:
                    cands.append((h, need, forbid))
                tiles[h] = saved
            self._geo = None                                # (the board's order changed)
        else:
            memo = self._memo()
            cands = memo.get("spaces")
            if cands is None:
                entries = self._profiles(memo).values()    # (space, need, forbid): those with need
                cands = memo["spaces"] = tuple(compress(entries, map(itemgetter(1), entries)))
            if not fw:
                return cands                                # shared: never changed by a caller
        tested = self.tested
        if not fw or not tested:
            # a space is left out only when every flow end meeting it was rolled against this
            # turn (a legal space has need != 0, so at least one): nothing rolled, nothing left out
            return cands
        out = []
        faced = set()                                       # the spaces that a wall faces
        for k in fw:
            f = _FACES.get(k)
            if f is None:
                faced = None                                # (not a flow end next to a space: check all)
                break
            faced.add(f)
        for c in cands:
            s, need = c[0], c[1]
            if faced is not None and s not in faced:
                out.append(c)                               # no wall meets this space
                continue
            walled = True
            fresh = False
            keys = FLOW_KEY[s]
            for d in range(6):
                if need >> d & 1:
                    key = keys[d]
                    if key not in fw:
                        walled = False
                        break
                    if key not in tested:
                        fresh = True
            if walled and not fresh:
                continue
            out.append(c)
        if mode != "quake" and len(out) == len(cands):
            return cands                                    # nothing left out: the board's own tuple
        return out

    def _profiles(self, memo=None) -> dict:
        """B.profiles of the board, from the memo (read only)."""
        if memo is None:
            memo = self._memo()
        prof = memo.get("profiles")
        if prof is None:
            prof, memo["profiles_k"] = B.profiles_k(self.tiles)
            memo["profiles"] = prof
        return prof

    def _all_contacts(self) -> frozenset:
        memo = self._memo()
        got = memo.get("contacts")
        if got is None:
            got = memo["contacts"] = frozenset(B.all_contacts(self.tiles))
        return got

    def _contacts(self, v) -> list:
        memo = self._memo()
        key = ("contacts", v)
        got = memo.get(key)
        if got is None:
            got = memo[key] = tuple(B.contacts(self.tiles, v))
        return got

    def _fit_set(self, spaces) -> int:
        """The bits (TILE_BIT) of the tile patterns that fit one of ``spaces`` (a result of
        _spaces), memoised per board."""
        memo = self._geo[2] if self._geo is not None else None
        if memo is not None and memo.get("spaces") is spaces:
            got = memo.get("fit")
            if got is None:
                got = memo["fit"] = _fit_union(spaces)
            return got
        return _fit_union(spaces)

    def _place_texts(self, tile, spaces) -> list:
        """The notation of every placement of ``tile`` on ``spaces``: a new list, memoised per board
        in a search's determinized copies (which revisit boards; a game's own boards do not recur)."""
        mask = TILE_MASK[tile]
        memo = self._geo[2] if self._geo is not None and self._determinized else None
        if memo is not None and memo.get("spaces") is spaces:
            key = ("place", mask)
            got = memo.get(key)
            if got is None:
                got = memo[key] = _place_list(mask, spaces)    # never changed: copies are handed out
            return list(got)
        return _place_list(mask, spaces)

    def eruption_spaces(self):
        """ERU-12.7, ERU-I28: empty spaces where an all-lava tile matches every neighbour."""
        memo = self._memo()
        got = memo.get("erupt")
        if got is None:
            tiles = self.tiles
            prof = self._profiles(memo)                     # spaces next to a tile or a central flow
            out = []
            for s in PLAYABLE:
                if s not in tiles:
                    e = prof.get(s)
                    if not (e[2] if e is not None else B.VOLC_FORBID[s]):   # no neighbour: the volcano's own
                        out.append(s)
            got = memo["erupt"] = tuple(out)
        return list(got)

    def _lava_draw(self, mode, events):
        self.mode = mode
        p = self.current_player
        if self.stacks is not None:                         # ERU-18.3, ERU-I43(2)(3)
            if not any(self.stacks) and self.variant == "annihilation" and self._set_aside_lava():
                # ERU-17.4 with the house rule lava_rain: the set-aside lava tiles form a new stack
                # (the first), its top face up (ERU-18.5)
                new = self._set_aside_lava()
                self.set_aside = [t for t in self.set_aside if t >= NUM_LAVA]
                self.rng.shuffle(new)
                self.stacks[0] = new
                events.append({"type": "reshuffle", "what": "set-aside lava tiles", "size": len(new)})
                events.append({"type": "face_up", "stack": 1, "tile": new[-1]})
            fit = self._fit_set(self._spaces(mode))
            takes = [f"take {k + 1}" for k, s in enumerate(self.stacks) if s and TILE_BIT[s[-1]] & fit]
            if takes:
                self.phase = "take"
                self._legal_cache = takes
                return
            events.append({"type": "no_tile", "mode": mode, "why": "no face-up tile can be placed"})
            self._after_tile(mode, False, events)
            return
        if not self.stack and self.variant == "annihilation" and self._set_aside_lava():
            # ERU-17.4, ERU-I42: the lava tiles removed from play (not eruption tiles) form a new stack
            self.stack = self._set_aside_lava()
            self.set_aside = [t for t in self.set_aside if t >= NUM_LAVA]
            self.rng.shuffle(self.stack)
            events.append({"type": "reshuffle", "what": "set-aside lava tiles", "size": len(self.stack)})
        if not self.stack:
            events.append({"type": "no_tile", "mode": mode, "why": "the lava stack is empty"})
            self._after_tile(mode, False, events)
            return
        spaces = self._spaces(mode)
        t = self.stack[-1]
        texts = self._place_texts(t, spaces)
        if texts:                                           # the top tile can be placed: drawn at once
            self.stack.pop()                                # ERU-3.1
            events.append({"type": "draw_tile", "seat": p, "tile": t, "mode": mode})
        else:
            # ERU-I9: first check whether any tile in the stack can be placed at all
            fit = self._fit_set(spaces)
            for t in self.stack:
                if TILE_BIT[t] & fit:
                    break                                   # a tile that can be placed
            else:
                self.rng.shuffle(self.stack)
                events.append({"type": "no_tile", "mode": mode, "why": "no tile in the stack can be placed"})
                self._after_tile(mode, False, events)
                return
            while True:
                t = self.stack.pop()                        # ERU-3.1
                events.append({"type": "draw_tile", "seat": p, "tile": t, "mode": mode})
                if TILE_BIT[t] & fit:
                    break
                self.stack.append(t)                        # ERU-3.5: shuffled back, draw another
                self.rng.shuffle(self.stack)
                events.append({"type": "reshuffle", "what": "lava stack", "size": len(self.stack), "tile": t})
            texts = self._place_texts(t, spaces)
        self.pending = t
        self.phase = "place"
        self._legal_cache = texts

    def _after_tile(self, mode, placed, events):
        self.pending = None
        self.pending_stack = None
        if mode == "p2":
            if placed:
                self.dry_turns = 0
            else:
                self.dry_turns += 1                               # ERU-I9 safeguard: a whole dry round = event B
                if self.dry_turns >= self.num_players and self.variant != "annihilation":
                    self._event_b(events)
                    self.phase = "endturn"
                    return
            self.phase = "p2x?"
        elif mode == "extra":
            self.phase = "p3?"
        else:
            self.phase = "p3"

    def _place_tile(self, s, tile, r, events, replacing=False):
        """Put a tile on the board; walls facing it fall (ERU-8.9, ERU-12.9, ERU-I10); rewards."""
        p = self.current_player
        mask = ROT[TILE_MASK[tile]][r]
        fw = self.flow_walls
        if fw:
            for key in FLOW_KEY[s]:
                if key in fw:
                    del fw[key]
                    events.append({"type": "wall_destroyed", "at": N.flow_loc(key), "why": "lava reached the space"})
        tiles = self.tiles
        g = self._geo
        old = None
        if g is not None and s not in tiles and g[2].get("profiles") is not None:
            if _TRUSTED[0] is self or (len(g[0]) == len(tiles) and g[0] == tuple(tiles)
                                       and g[1] == tuple(tiles.values())):
                old = g[2]
        t = tiles[s] = (tile, r, mask)
        if old is None:
            self._geo = None                                # worked out again when needed
        else:                                               # the new board's geometry from the old one
            hexes = g[0] + (s,)
            content = g[1] + (t,)
            if self._determinized and g[3] is not None:   # the board's hash, from the last one's
                h = (g[3] * 1_000_003 + hash((s, t))) & 0xFFFF_FFFF_FFFF_FFFF
                got = _GEO.get(h)
                if got is not None and got[0] == hexes and got[1] == content:
                    self._geo = got
                    old = None
            else:
                h = None
        if old is not None:
            new = {}
            new["profiles"], new["profiles_k"] = B.profiles_after(old["profiles"], old["profiles_k"], tiles, s)
            e = old.get("end_ids")
            if e is not None:
                ids, new["ends_k"] = B.open_end_ids_after(e, old["ends_k"], tiles, s)
                new["end_ids"] = tuple(ids)
            e = old.get("tile_edges")
            if e is not None:
                new["tile_edges"] = B.tile_edges_after(e, old["profiles"], tiles, s)
            c = old.get("contacts")
            if c is not None:
                sides = B.SIDES_OF_HEX.get(s)               # (most spaces touch no village)
                if sides:
                    add = [(v, i) for d, v, i in sides if mask >> d & 1]
                    if add:
                        c = c.union(add)
                new["contacts"] = c
            self._geo = (hexes, content, new, h)
            if h is not None:
                if len(_GEO) >= _GEO_MAX:
                    _GEO.clear()
                _GEO[h] = self._geo
        self.changed = True
        events.append({"type": "tile_placed", "seat": p, "tile": tile, "at": N.hex_label(s), "rotation": r})
        self._rewards(p, s, events)

    def _rewards(self, p, s, events, resource=True):
        if self.eliminated(p):                              # ERU-I41: no rewards for eliminated players
            self.occupied.add(s)
            self.touched |= self._all_contacts()
            return
        if resource and s in RESOURCES and s not in self.occupied:   # ERU-4.2, ERU-5.14/5.15, ERU-I13(1)
            mat = RESOURCES[s]
            self.reserve[p][mat] += 1
            events.append({"type": "resource", "seat": p, "material": mat, "at": N.hex_label(s)})
        self.occupied.add(s)
        t = self.tiles[s]
        for d, v, i in B.SIDES_OF_HEX.get(s, ()):
            if t[2] >> d & 1 and (v, i) not in self.touched:   # ERU-5.6, ERU-5.12, ERU-I12, ERU-I13(2)
                self.touched.add((v, i))
                self._draw_card(p, events, f"new flow on {N.side_loc(v, i)}")

    def _remove_walls_on(self, h, events, why):
        for key in [k for k in self.flow_walls if k[0] == h]:
            del self.flow_walls[key]
            events.append({"type": "wall_discarded", "at": N.flow_loc(key), "why": why})

    def _stack_exhausted(self) -> bool:
        if self.stacks is not None:
            return not any(self.stacks)                     # ERU-I43(5)
        return not self.stack

    # ================================================================== legal actions
    @property
    def to_move(self):
        if self.over:
            return None
        if self.phase == "consent":
            return self.consent[0]
        return self.current_player

    is_terminal = property(attrgetter("over"), doc="Whether the game is over (self.over).")

    def _legal(self):
        ph = self.phase
        p = self.current_player
        if ph == "village":
            return [f"village {v}" for v in LAYOUT[self.num_players] if v not in self.villages]
        if ph == "erupt":
            return [f"erupt {N.hex_label(s)}" for s in self.eruption_spaces()]
        if ph == "take":
            fit = self._fit_set(self._spaces(self.mode))
            return [f"take {k + 1}" for k, st in enumerate(self.stacks) if st and TILE_BIT[st[-1]] & fit]
        if ph == "place":
            return self._place_texts(self.pending, self._spaces(self.mode))
        if ph == "p2x":
            return ["extra", "end"]
        if ph == "p3":
            return self._legal_p3()
        if ph == "consent":
            return ["accept", "refuse"]
        if ph == "p4":
            return self._build_texts(p, "build") + ["end"]
        return []

    def _build_texts(self, p, verb) -> list:
        """ERU-6.7, ERU-8, ERU-9: f"{verb} {material} {location}" for one wall from p's Reserve: each
        material it holds, at each open flow end with no wall (ERU-8.1-8.4, ERU-8.13, ERU-8.14,
        ERU-I11) and each side of p's village with no wall that is not lost."""
        res = self.reserve[p]
        if not any(res.values()):
            return []
        flow_text, side_text = _WALL_TEXT[verb]
        fw = self.flow_walls
        if fw:
            walled = set(map(B.END_ID.get, fw))
            rows = [flow_text[e] for e in self._open_end_ids() if e not in walled]
        else:
            rows = [flow_text[e] for e in self._open_end_ids()]
        bw = self.border_walls
        lost = self.lost
        lost_turn = self.lost_turn
        if lost or lost_turn:
            rows += [side_text[vi] for vi in _VILLAGE_SIDES[self.villages[p]]
                     if vi not in bw and vi not in lost and vi not in lost_turn]
        else:
            rows += [side_text[vi] for vi in _VILLAGE_SIDES[self.villages[p]] if vi not in bw]
        if not rows:
            return []
        out = []
        for m, texts in zip(MATERIALS, zip(*rows)):         # per material, every location in order
            if res[m] > 0:
                out += texts
        return out

    def _open_ends(self) -> tuple:
        """B.open_flow_ends of the board, memoised (read only)."""
        memo = self._memo()
        got = memo.get("ends")
        if got is None:
            got = memo["ends"] = tuple(map(B.END_KEY.__getitem__, self._open_end_ids(memo)))
        return got

    def _open_end_ids(self, memo=None) -> tuple:
        """The ids (B.END_ID) of the board's open flow ends, in the order of _open_ends, memoised
        (read only)."""
        if memo is None:
            memo = self._memo()
        got = memo.get("end_ids")
        if got is None:
            ids, memo["ends_k"] = B.open_end_ids_k(self.tiles)
            got = memo["end_ids"] = tuple(ids)
        return got

    def open_flow_ends(self) -> tuple:
        """B.open_flow_ends(self.tiles), memoised per board (read only)."""
        return self._open_ends()

    def _legal_p3(self):
        p = self.current_player
        hand = self.hands[p]
        out = []
        lava = self.lava_available()
        cards, discards = _hand_texts(hand, lava)
        for c in cards:
            if c == "rain":
                out.append("rain")
            elif c == "aftershock":
                out.extend(self._board_texts("aftershock"))
            elif c == "lavaflow" and lava:
                out.append("lavaflow")
            elif c == "quake" and lava and self._board_texts("quake"):
                out.append("quake")
            elif c == "sinkhole":
                out.extend(self._board_texts("sinkhole"))
            elif c == "relocate":
                v = self.villages[p]
                mine = [i for i in range(7) if (v, i) in self.border_walls]
                free = [i for i in range(7) if (v, i) not in self.border_walls and (v, i) not in self.lost
                        and (v, i) not in self.lost_turn]
                out += [_RELOCATE_TEXT[a][b] for a in mine for b in free]
            elif c == "reinforce":
                out.extend(self._build_texts(p, "reinforce"))
            elif c == "bomb":
                out += [_BOMB_TEXT.get(k) or f"bomb {N.flow_loc(k)}" for k in sorted(self.flow_walls)]
                out += [_BOMB_TEXT.get(k) or f"bomb {N.side_loc(*k)}" for k in sorted(self.border_walls)]
        out += discards                                     # ERU-5.2, ERU-5.4
        if self.temperatures[p] >= DZ2 and not self.danger_card_drawn and (self.deck or self.discard):
            out.append("draw")                              # ERU-5.9, ERU-I20
        m = self.mate(p)
        if m is not None:                                   # ERU-16.5, ERU-I40(1)
            out.extend(f"give {x}" for x in MATERIALS if self.reserve[p][x] > 0)
            out.extend(f"receive {x}" for x in MATERIALS if self.reserve[m][x] > 0)
        if len(hand) <= HAND_LIMIT:                         # ERU-2.8, ERU-I16
            out.append("end")
        return out

    def _board_texts(self, what) -> tuple:
        """Card actions that depend on the tiles alone, memoised per board: Aftershock's and
        Sinkhole's notations, and for "quake" whether a lava tile lies on the board ((True,) or ())."""
        memo = self._memo()
        got = memo.get(what)
        if got is None:
            if what == "aftershock":
                got = []
                for h, bits in self._aftershock_options():
                    got += _after_texts(h, bits)
                got = tuple(got)
            elif what == "sinkhole":
                got = tuple(map(_SINK_TEXT.__getitem__, B.removable(self.tiles)))
            else:
                got = ()
                for t in self.tiles.values():
                    if t[0] < NUM_LAVA:
                        got = (True,)
                        break
            memo[what] = got
        return got

    def _aftershock_options(self):
        """ERU-14.2-14.4, ERU-I33: a lava tile turned 1-5 steps to a rotation meeting Rules B-E, as
        (space, bits 1 << r of those rotations r) per lava tile that has one."""
        out = []
        memo = self._memo()
        edges = memo.get("tile_edges")
        if edges is None:
            edges = memo["tile_edges"] = B.tile_edges(self.tiles)
        for h, (tid, rot, mask) in self.tiles.items():
            if tid >= NUM_LAVA:
                continue
            i = edges[h]
            bits = _ROT_BITS[TILE_MASK[tid]][i]
            if bits is None:
                bits = _rot_bits(TILE_MASK[tid], i >> 6, i & 63)
            bits &= ~(1 << rot)
            if bits:
                out.append((h, bits))
        return out

    # ================================================================== applying actions
    def _apply(self, action, events):
        _APPLYING[0] = self
        _TRUSTED[0] = None
        try:
            self._apply_action(action, events)
        finally:
            _APPLYING[0] = _TRUSTED[0] = None

    def _apply_action(self, action, events):
        a = _PARSED.get(action)
        if a is None:                                       # a legal action's notation, parsed once
            if len(_PARSED) >= 200_000:
                _PARSED.clear()
            a = _PARSED[action] = N.parse(action)
        v = a[0]
        p = self.current_player
        ph = self.phase
        if ph == "village":
            self.villages[p] = a[1]
            events.append({"type": "village", "seat": p, "village": a[1]})
            self.current_player = p + 1
            self._auto_village(events)
            return
        if v == "erupt":
            self._erupt(a[1], events)
            self.phase = "p2?"
        elif v == "take":
            k = a[1] - 1
            self.pending = self.stacks[k].pop()             # ERU-18.3
            self.pending_stack = k
            events.append({"type": "take_tile", "seat": p, "stack": a[1], "tile": self.pending})
            self.phase = "place"
        elif v == "place":
            self._do_place(a[1], a[2], events)
        elif v == "extra":
            self.extra_used = True
            self._lava_draw("extra", events)
        elif v == "end":
            if ph == "p2x":
                self.phase = "p3?"
            elif ph == "p3":
                self.phase = "p4?"
            else:
                self.phase = "endturn"
        elif v == "build":
            self.builds_left -= 1
            self._build(p, a[1], a[2], events)
        elif v in ("accept", "refuse"):
            giver, mat = self.consent[1], self.consent[2]
            if v == "accept":
                self.reserve[giver][mat] -= 1
                self.reserve[p][mat] += 1
            events.append({"type": "transfer", "from": giver, "to": p, "material": mat, "accepted": v == "accept"})
            self.consent = None
            self.phase = "p3"
        else:
            self._phase3(a, events)
        self._run(events)

    def _erupt(self, s, events):
        p = self.current_player
        k = self.my_claims(p)[0]                            # ERU-I27(3): lowest-numbered first
        self.erupted[k] = True
        self.erupted_now = True                             # ERU-12.11
        self._place_tile(s, ERUPTION_IDS[k], 0, events)     # ERU-12.9, ERU-12.10, ERU-I14
        # ERU-12.5, ERU-12.6, ERU-16.6, ERU-I41: +30 to every other (non-eliminated, non-teammate) village
        m = self.mate(p)
        i = self.order.index(p)
        others = [self.order[(i + j) % self.num_players] for j in range(1, self.num_players)]
        hit = [o for o in others if o != m and not self.eliminated(o)]
        for o in hit:
            self._heat(o, HEAT_ERUPTION)
        events.append({"type": "eruption", "seat": p, "space": k + 1, "at": N.hex_label(s), "heated": hit,
                       "temperatures": list(self.temperatures)})
        self._claims(hit, events)                           # ERU-I29

    def _do_place(self, s, r, events):
        mode = self.mode
        tile = self.pending
        fw = self.flow_walls
        if not fw:
            keys = None                                     # a legal space has need != 0: no wall to meet
        elif mode != "quake":
            e = self._profiles().get(s)                     # (s, B.edge_profile of the empty space s)
            need = e[1] if e is not None else B.edge_profile(self.tiles, s)[0]
            keys = _NEED_KEYS[s][need]
        else:
            need, _ = B.edge_profile({h: t for h, t in self.tiles.items() if h != s}, s)
            keys = _NEED_KEYS[s][need]
        if keys is not None and all(map(fw.__contains__, keys)):
            # ERU-8.5, ERU-8.11, ERU-8.12, ERU-I8(3): roll for each wall not yet rolled against this turn
            broke = False
            for k in keys:
                if k in self.tested:
                    continue
                self.tested.add(k)                          # ERU-8.8
                mat = self.flow_walls[k][0]
                if not self._test_wall(mat, events, "placement", N.flow_loc(k)):
                    del self.flow_walls[k]
                    self.changed = True
                    broke = True
                    events.append({"type": "wall_destroyed", "at": N.flow_loc(k), "why": "roll"})
            if not broke:                                   # ERU-8.7: the tile must go elsewhere
                events.append({"type": "walls_held", "at": N.hex_label(s)})
                if not TILE_BIT[tile] & self._fit_set(self._spaces(mode)):   # ERU-I8(7): no placement left
                    if self.stacks is not None:
                        self.stacks[self.pending_stack].append(tile)
                        events.append({"type": "tile_returned", "stack": self.pending_stack + 1, "tile": tile})
                    else:
                        self.stack.append(tile)             # ERU-3.5
                        self.rng.shuffle(self.stack)
                        events.append({"type": "reshuffle", "what": "lava stack", "size": len(self.stack),
                                       "tile": tile})
                    self.pending = None
                    self._lava_draw(mode, events)
                return
        if mode == "quake":                                 # ERU-14.17-14.19, ERU-5.10
            old = self.tiles.pop(s)
            self._geo = None
            self._remove_walls_on(s, events, "quake")
            self.set_aside.append(old[0])
            events.append({"type": "tile_set_aside", "tile": old[0], "at": N.hex_label(s)})
        self._place_tile(s, tile, r, events)
        if self.stacks is not None:
            events.append({"type": "face_up", "stack": self.pending_stack + 1,
                           "tile": self.stacks[self.pending_stack][-1] if self.stacks[self.pending_stack] else None})
        if self.variant != "annihilation" and self._stack_exhausted():
            self.pending = None                             # ERU-13.6, ERU-13.7, ERU-I31(1)
            self._event_b(events)
            self.phase = "endturn"
            return
        self._after_tile(mode, True, events)

    def _build(self, p, mat, loc, events, why="build"):
        self.reserve[p][mat] -= 1                           # ERU-6.7
        self.changed = True
        kind, key = loc
        if kind == "side":                                  # ERU-9.5: no roll
            self.border_walls[key] = (mat, p)
            events.append({"type": "wall_built", "seat": p, "material": mat, "at": N.side_loc(*key), "why": why})
            return
        # ERU-7.1, ERU-I3: a flow wall is rolled once when built
        if self._test_wall(mat, events, "build", N.flow_loc(key)):
            self.flow_walls[key] = (mat, p)
            events.append({"type": "wall_built", "seat": p, "material": mat, "at": N.flow_loc(key), "why": why})
        else:
            events.append({"type": "wall_failed", "seat": p, "material": mat, "at": N.flow_loc(key)})

    def _phase3(self, a, events):
        p = self.current_player
        v = a[0]
        hand = self.hands[p]
        if v == "discard":
            for c in a[1:]:
                hand.remove(c)
                self.discard.append(c)
            if len(a) == 2:                                 # ERU-5.2
                mat = CARD_MATERIAL[a[1]]
                self.reserve[p][mat] += 1
                events.append({"type": "discard", "seat": p, "cards": [a[1]], "wall": mat})
            else:                                           # ERU-5.4, ERU-5.5
                events.append({"type": "discard", "seat": p, "cards": list(a[1:])})
                self._lava_draw("discard2", events)
            return
        if v == "draw":
            self.danger_card_drawn = True
            self._draw_card(p, events, "danger zone")
            return
        if v == "give":
            m = self.mate(p)
            self.reserve[p][a[1]] -= 1
            self.reserve[m][a[1]] += 1
            events.append({"type": "transfer", "from": p, "to": m, "material": a[1], "accepted": True})
            return
        if v == "receive":
            m = self.mate(p)
            self.consent = (m, m, a[1])                     # ERU-I40(1): taking needs the teammate's consent
            self.phase = "consent"
            return
        card = _PLAYED_CARD[v]
        hand.remove(card)                                   # ERU-5.1: carry out the effect, then discard
        self.discard.append(card)
        events.append({"type": "play", "seat": p, "card": card})
        if v == "rain":                                     # ERU-14.21, ERU-I25
            self._heat(p, -RAIN)
            events.append({"type": "rain", "seat": p, "to": self.temperatures[p]})
        elif v == "aftershock":                             # ERU-14.2-14.5, ERU-5.10, ERU-5.12
            h, r = a[1], a[2]
            tiles = self.tiles
            tid = tiles[h][0]
            self._remove_walls_on(h, events, "aftershock")
            old = self._memo()
            tiles[h] = (tid, r, ROT[TILE_MASK[tid]][r])
            self._geo = None
            prof = old.get("profiles")
            if prof is not None:                            # the turned board's profiles from the old ones
                new = {"profiles": B.profiles_turned(prof, tiles, h), "profiles_k": old["profiles_k"]}
                e = old.get("tile_edges")
                if e is not None:
                    new["tile_edges"] = B.tile_edges_turned(e, tiles, h)
                c = old.get("contacts")
                if c is not None:                           # the turned tile's contacts read again
                    sides = B.SIDES_OF_HEX.get(h)
                    if sides:
                        m = tiles[h][2]
                        c = c.difference([(v, i) for d, v, i in sides]).union(
                            [(v, i) for d, v, i in sides if m >> d & 1])
                    new["contacts"] = c
                self._geo = (tuple(tiles), tuple(tiles.values()), new, None)
            self.changed = True
            events.append({"type": "rotated", "at": N.hex_label(h), "rotation": r})
            self._rewards(p, h, events, resource=False)
        elif v == "lavaflow":                               # ERU-14.7
            self._lava_draw("lavaflow", events)
        elif v == "quake":                                  # ERU-14.17, ERU-I35
            self._lava_draw("quake", events)
        elif v == "sinkhole":                               # ERU-14.12-14.15
            h = a[1]
            old = self.tiles.pop(h)
            self._geo = None
            self._remove_walls_on(h, events, "sinkhole")
            self.set_aside.append(old[0])
            self.changed = True
            events.append({"type": "tile_set_aside", "tile": old[0], "at": N.hex_label(h)})
        elif v == "relocate":                               # ERU-14.9, ERU-14.10, ERU-I38
            vv = self.villages[p]
            w = self.border_walls.pop((vv, a[1]))
            self.border_walls[(vv, a[2])] = w
            self.changed = True
            events.append({"type": "relocated", "from": N.side_loc(vv, a[1]), "to": N.side_loc(vv, a[2])})
        elif v == "reinforce":                              # ERU-14.23, ERU-I36: built at once
            self._build(p, a[1], a[2], events, why="reinforce")
        elif v == "bomb":                                   # ERU-14.25, ERU-I37
            kind, key = a[1]
            if kind == "flow":
                del self.flow_walls[key]
                at = N.flow_loc(key)
            else:
                del self.border_walls[key]
                at = N.side_loc(*key)
            self.changed = True
            events.append({"type": "wall_discarded", "at": at, "why": "volcanic bomb"})

    # ================================================================== results
    def scores(self):
        """Each seat's temperature in degrees C (lower is better, ERU-13.9)."""
        return list(self.temperatures)

    def seat_colour(self, seat):
        """A player's colour is their village's (ERU-1.8, ERU-1.10); None until they choose one."""
        v = self.villages[seat]
        return v if v is not None and v >= 0 else None

    def team_temperature(self, p):
        m = self.mate(p)
        return self.temperatures[p] + (self.temperatures[m] if m is not None else 0)   # ERU-16.10

    def _winners(self):
        n = self.num_players
        if self.variant == "annihilation":                  # ERU-17.2, ERU-17.6, ERU-I42
            alive = [p for p in range(n) if not self.burned[p]]
            if len(alive) == 1:
                return alive
            pool = alive or list(range(n))
            best = min(self.temperatures[p] for p in pool)
            return [p for p in pool if self.temperatures[p] == best]
        if self.variant == "cooperation":                   # ERU-16.11, ERU-I32
            best = min(self.team_temperature(p) for p in range(n))
            return [p for p in range(n) if self.team_temperature(p) == best]
        best = min(self.temperatures)                              # ERU-13.9, ERU-I32: ties share the win
        return [p for p in range(n) if self.temperatures[p] == best]

    # ================================================================== observation / hidden information
    def _observe(self, player):
        from .views import observe
        return observe(self, player)

    def _readings(self, actor, action, events, reader):
        from .views import readings
        return readings(self, actor, action, events, reader)

    def has_hidden(self, player):
        if self.over:
            return False          # the hands are shown at the end; the deck's order no longer matters
        pool = list(self.deck)
        slots = 1 if len(self.deck) == 1 else len(self.deck)
        for q, h in enumerate(self.hands):
            if q != player and h:
                pool.extend(h)
                slots += 1
        if slots >= 2 and len(set(pool)) >= 2:
            return True
        if self.stacks is not None:
            return sum(max(0, len(s) - 1) for s in self.stacks) >= 2
        return len(self.stack) >= 2

    def _resample_hidden(self, player, rng):
        if self.over:
            return
        # every pool sorted before its shuffle: the sample is a function of what ``player`` sees
        # and the generator alone, never of the order the hidden cards and tiles lie in
        pool = list(self.deck)
        for q, h in enumerate(self.hands):
            if q != player:
                pool.extend(h)
        pool.sort()
        rng.shuffle(pool)
        for q, h in enumerate(self.hands):
            if q != player:
                k = len(h)
                self.hands[q] = sorted(pool[:k])
                del pool[:k]
        self.deck = pool
        if self.stacks is not None:
            rest = sorted([t for s in self.stacks for t in s[:-1]])
            rng.shuffle(rest)
            new = []
            for s in self.stacks:
                k = max(0, len(s) - 1)
                new.append(rest[:k] + s[-1:])
                del rest[:k]
            self.stacks = new
        else:
            self.stack.sort()
            rng.shuffle(self.stack)

    def _copy_fields(self, new):
        d = new.__dict__
        src = self.__dict__
        for k, v in src.items():
            if k in _SHARED_FIELDS:
                d[k] = v
        for k in _LIST_FIELDS:
            d[k] = list(src[k])
        for k in _DICT_FIELDS:
            d[k] = dict(src[k])
        for k in _SET_FIELDS:
            d[k] = set(src[k])
        d["hands"] = [list(h) for h in self.hands]
        d["reserve"] = [dict(r) for r in self.reserve]
        d["stacks"] = [list(s) for s in self.stacks] if self.stacks is not None else None

    # ================================================================== errors and display
    def canonical(self, text):
        return N.canonical(text)

    def _explain(self, action):
        from .explain import explain
        return explain(self, action)

    def render(self, player=None, labels=None, lang="en"):
        from .render import render
        return render(self, player, labels, lang)


# fields a clone copies one level deep: lists, dicts, sets (of immutable items)
_LIST_FIELDS = ("deck", "discard", "stack", "set_aside", "claims", "erupted", "temperatures", "villages", "order", "burned")
_DICT_FIELDS = ("tiles", "flow_walls", "border_walls")
_SET_FIELDS = ("lost", "tested", "touched", "occupied", "lost_turn")
# immutable fields shared by reference in clones (scalars, tuples, None)
_SHARED_FIELDS = frozenset({
    "variant", "border_rule", "final_left", "final_fresh", "lava_removed", "dry_turns", "quiet_turns", "changed",
    "end_event", "over", "phase", "current_player", "mode", "pending", "pending_stack", "consent", "danger_card_drawn",
    "extra_used", "erupted_now", "builds_left", "_geo",
})
