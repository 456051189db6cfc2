"""The rules of The Island (base game, Challenges 1-5, Dolphins & Dive Dice, Giant Squid).

Clause IDs (ISL-*) and interpretation IDs (ISL-I*) refer to the rules spec the-island.md.

State model (plain data, so the engine's JSON and records work):

* hexes are ints (``board.NAME[h]`` is the notation ``"r,c"``);
* ``terrain[h]``: -1 for a sea space, else 0 beach / 1 forest / 2 mountain; ``back[h]`` the hidden
  back of the tile on ``h``;
* explorer ``e = seat * 10 + k`` (the seat's k-th placed explorer, ISL-I12): ``explorer_where[e]`` is
  0 not in play, 1 on land, 2 in a boat, 3 swimming, 4 saved on an isle, 5 lost; ``explorer_at[e]`` is
  the hex, the boat number or the isle number; ``explorer_value[e]`` the hidden value;
* boats: ``boat_at[b]`` hex, -1 supply, -2 still to be placed at set-up; ``boat_passengers[b]``;
* creatures: ``creatures[kind]`` is the list of hexes of that kind's pieces on the board;
  ``supply[kind]`` the number in the supply; dolphins ``dolphin_at`` / ``dolphin_protects`` (protected explorer).

The turn runs as a small stack of tasks (``queue``); a task that needs a player's choice sets
``decision`` (the kind of decision), ``decision_seat`` (who decides) and ``decision_data`` (what
it chooses from), and waits for an action.
"""
from __future__ import annotations

from itertools import combinations
from operator import itemgetter

from lapilli.engine import State

from . import notation as nt
from .board import (ISLAND_SLOTS, ISLE_NAMES, ISLES_OF, N_HEX, NAME, NEIGH, RIM,
                    SERPENT_STARTS)
from .data import (BOATS_PER_PLAYER, DIVE_A, DIVE_B, EXPLORER_VALUES, GREEN_BACKS,
                   PIECES, RED_DIE, REMOVED_5, REMOVED_6, START_BACKS, TERRAINS, tile_pool)

LAND, BOAT, SEA, ISLE, LOST = 1, 2, 3, 4, 5
WHERE = {0: "box", LAND: "land", BOAT: "boat", SEA: "sea", ISLE: "isle", LOST: "lost"}
KINDS = ("serpent", "shark", "whale", "squid")
RED_MAX = {"serpent": 1, "shark": 2, "whale": 3, "squid": 3}   # ISL-7.6, ISL-7.10, ISL-7.13, ISL-17.7
TERRAIN_IDX = {t: i for i, t in enumerate(TERRAINS)}
LABELS = tuple(nt.label(e) for e in range(60))


def _verb_table(verb: str, suffix: str = "") -> tuple:
    """``table[e][h]`` = the notation ``"<verb> <explorer e> <hex h><suffix>"`` (built once)."""
    return tuple(tuple(f"{verb} {LABELS[e]} {NAME[h]}{suffix}" for h in range(N_HEX)) for e in range(60))


# the explorer moves of step 2, spelled once (legal-action lists are built from these)
WALK = _verb_table("walk")
BOARD_ = _verb_table("board")
SWIM = _verb_table("swim")
SWIM_DOLPHIN = _verb_table("swim", " dolphin")
ISLE_ = tuple(tuple(f"isle {LABELS[e]} {n}" for n in ISLE_NAMES) for e in range(60))
_PLACE: dict = {}    # explorer value -> notation "place <value> <hex>" per hex
_PLAY: dict = {}     # (creature, from hex) -> notation "play <creature> <from> <to>" per hex; likewise
                     # ("dolphin", explorer) -> "play dolphin <explorer> <to>", ("winds", hex) -> "play winds <hex> <to>"
_CREATURE: dict = {}  # (creature, from hex) -> notation "<creature> <from> <to>" per hex
_COAST: dict = {}    # land pattern (one byte per island slot) -> sorted sea hexes next to a tile
_PARSED: dict = {}   # action -> nt.parse(action) (tuples of ints and strings: never changed)
_METHODS: dict = {}  # state class -> its action handlers and its steps (_methods)
# tasks of the queue, made once: a turn, its steps (to be popped from the end: step 1 first), one
# more step-2 move
_TURN = ("turn",)
_STEPS = (("next",), ("step4",), ("step3",), ("step2",), ("step1",))
_MORE = ("more",)
BOAT_TEXT = tuple(f"boat {NAME[h]}" for h in range(N_HEX))
REMOVE = tuple(f"remove {NAME[h]}" for h in range(N_HEX))
SAIL = tuple(tuple(f"sail {NAME[h]} {NAME[x]}" for x in range(N_HEX)) for h in range(N_HEX))


def _gather(idx):
    """A function that picks ``row[i] for i in idx`` out of a row (a tuple, in that order): one
    C-level gather per row instead of a Python loop, for the legal lists that spell every space
    of a list from a table."""
    if len(idx) >= 2:
        return itemgetter(*idx)
    if idx:
        i = idx[0]
        return lambda row: (row[i],)
    return lambda row: ()


def _methods(cls) -> tuple:
    """The class's action handlers and steps by name: ({name: its _a_<name> function},
    {name: its _t_<name> function}), looked up once per class."""
    got = _METHODS.get(cls)
    if got is None:
        got = _METHODS[cls] = tuple({k[3:]: getattr(cls, k) for k in dir(cls) if k.startswith(prefix)}
                                    for prefix in ("_a_", "_t_"))
    return got


def _explorer_values(players: int, options: dict) -> list[int]:
    vals = list(EXPLORER_VALUES)
    if options.get("challenge_5"):          # ISL-15.2: nobody returns explorers
        return vals
    removed = REMOVED_5 if players == 5 else REMOVED_6 if players == 6 else ()
    for v in removed:                        # ISL-14.4, ISL-14.9
        vals.remove(v)
    return vals


def _boat_allotment(players: int, options: dict) -> list[int]:
    if options.get("challenge_5"):          # ISL-15.3
        return [int(BOATS_PER_PLAYER["challenge_5"])] * players
    if players <= 4:                          # ISL-1.1
        return list(BOATS_PER_PLAYER["2-4"][:players])
    return list(BOATS_PER_PLAYER[str(players)])  # ISL-14.5, ISL-14.10


def _round_robin(counts: list[int]) -> list[int]:
    """Placement order clockwise from the first player, skipping players with none left (ISL-14.7)."""
    left = list(counts)
    order = []
    while any(left):
        for p in range(len(left)):
            if left[p]:
                order.append(p)
                left[p] -= 1
    return order


def _controls(p, pax) -> bool:
    """p is among the players with the most explorers in ``pax`` (a non-empty boat), as
    ``p in state._controllers(b)`` (ISL-4.24), without building the counts for small boats."""
    mine = 0
    for e in pax:
        if e // 10 == p:
            mine += 1
    if mine == 0:
        return False
    n = len(pax)
    if mine * 2 >= n:                       # nobody else can have more than p
        return True
    cnt = {}
    for e in pax:
        cnt[e // 10] = cnt.get(e // 10, 0) + 1
    return mine == max(cnt.values())


class IslandState(State):
    """One position of The Island."""

    # ISL-5.8: the player who removes a tile looks at its back (a kept tile's back stays theirs)
    REVEALS = {"tile_removed": "tile-back"}
    # state-file version 2 named the fields in full words (State.upgrade reads older files)
    RENAMED_FIELDS = {2: {
        "c1": "challenge_1", "c2": "challenge_2", "c3": "challenge_3", "c4": "challenge_4", "c5": "challenge_5",
        "v1": "squid_variant_1", "v2": "squid_variant_2", "dec": "decision", "dseat": "decision_seat",
        "ddata": "decision_data", "cre": "creatures", "pi": "placement_index", "bi": "boat_placement_index",
        "cur": "current_player", "points": "movement_points", "dive": "dolphins", "own_visible": "own_values_visible",
        "cap": "turn_cap", "n_ex": "explorer_count", "ex_where": "explorer_where", "ex_at": "explorer_at",
        "ex_val": "explorer_value", "boat_pass": "boat_passengers", "hex_boat": "boat_on_hex", "dol_at": "dolphin_at",
        "dol_prot": "dolphin_protects",
    }}

    # ================================================================== set-up
    def _setup(self, events):
        o = self.options
        n = self.num_players
        # the Challenges in play ("Sfida 1" to "Sfida 5", ISL-10 to ISL-15)
        (self.challenge_1, self.challenge_2, self.challenge_3, self.challenge_4,
         self.challenge_5) = (bool(o.get(f"challenge_{i}")) for i in range(1, 6))
        self.dolphins = bool(o.get("dolphins"))  # the dolphins ("delfini") and the dive dice ("dadi Immersione") in play
        self.squids = bool(o.get("giant_squid"))
        # the Giant Squid's variants ("Variante della piovra gigante" 1 and 2, ISL-18, ISL-19)
        self.squid_variant_1 = bool(o.get("squid_variant_1")) and self.squids
        self.squid_variant_2 = bool(o.get("squid_variant_2")) and self.squids
        self.own_values_visible = bool(o.get("own_values_visible", False))  # a seat may look at its explorers' values
        self.turn_cap = int(o.get("turn_cap", 500))  # the engine's limit of turns ("limite di turni"), not a rule
        # ISL-1.4: shuffle the 40 tiles over the 40 slots (optionally with the setup correction, ISL-I5)
        while True:
            pool = tile_pool()
            self.rng.shuffle(pool)
            terrain = [-1] * N_HEX
            back = [None] * N_HEX
            for slot, (t, b) in zip(ISLAND_SLOTS, pool):
                terrain[slot] = TERRAIN_IDX[t]
                back[slot] = b
            if not o.get("setup_correction") or self._layout_ok(terrain):
                break
        self.terrain = terrain
        self.back = back
        events.append({"type": "shuffle", "what": "island", "terrain": {NAME[h]: TERRAINS[terrain[h]] for h in ISLAND_SLOTS}})
        self.hands = [[] for _ in range(n)]           # ISL-1.13: (terrain, back) pairs
        vals = _explorer_values(n, o)
        self.unplaced = [sorted(vals) for _ in range(n)]
        self.explorer_count = len(vals)              # explorers ("esploratori") per seat
        # per explorer: where it is (the module docstring), the hex, boat or isle it is at, its value ("valore")
        self.explorer_where = [0] * 60
        self.explorer_at = [-1] * 60
        self.explorer_value = [0] * 60
        self.placed = [0] * n
        self.place_order = [p for _ in range(len(vals)) for p in range(n)]   # ISL-1.6
        self.placement_index = 0                     # the next explorer placement in place_order
        allot = _boat_allotment(n, o)
        self.boat_order = _round_robin(allot)        # ISL-1.9, ISL-14.7, ISL-14.14
        self.boat_placement_index = 0                # the next boat placement in boat_order
        nb = int(PIECES["boat"])
        self.boat_at = [-2] * len(self.boat_order) + [-1] * (nb - len(self.boat_order))  # ISL-1.2
        self.boat_passengers = [[] for _ in range(nb)]  # per boat ("barca"), the explorers aboard
        self.boat_on_hex = {}                         # hex -> the boat on it
        # ISL-1.3: the five serpents on their start hexes; everything else in the supply (ISL-1.2)
        # the sea creatures on the board ("creature marine"): kind -> the hexes of its pieces
        self.creatures = {"serpent": list(SERPENT_STARTS), "shark": [], "whale": [], "squid": []}
        self.supply = {
            "serpent": int(PIECES["serpent"]) - len(SERPENT_STARTS),
            "shark": int(PIECES["shark"]),
            "whale": 0 if self.squid_variant_1 else int(PIECES["whale"]),     # ISL-18.1
            "squid": int(PIECES["squid"]) if self.squids else 0,
        }
        nd = int(PIECES["dolphin"]) if self.dolphins else 0
        self.dolphin_at = [-1] * nd                  # per dolphin ("delfino"): its hex, -1 off the board
        self.dolphin_protects = [-1] * nd            # per dolphin: the swimmer it protects, -1 none
        self.current_player = 0                      # whose turn ("giocatore di turno"); ISL-1.5/ISL-14.3: seat 0 first
        self.turns = [0] * n
        self.movement_points = 0                     # the current player's "punti movimento" left (ISL-2.4)
        self.sea_moved = []
        self.roll = None
        self.queue = []
        self.over = False
        self.end_reason = ""
        self.started = False
        self.decision = "place"                      # the kind of decision awaited ("decisione")
        self.decision_seat = 0                       # the seat that makes it
        self.decision_data = {}                      # what it chooses from

    def _layout_ok(self, terrain) -> bool:
        """ISL-I5 setup correction: no beach surrounded only by forest/mountain, no forest only by mountains."""
        for h in ISLAND_SLOTS:
            t = terrain[h]
            if t >= 2:
                continue
            ns = NEIGH[h]
            if len(ns) == 6 and all(terrain[x] > t for x in ns):
                return False
        return True

    # ================================================================== engine hooks
    @property
    def to_move(self):
        return None if self.over else self.decision_seat

    @property
    def is_terminal(self):
        return self.over

    # fields shared between copies because they are never mutated in place
    _SHARED = ("challenge_1", "challenge_2", "challenge_3", "challenge_4", "challenge_5", "dolphins", "squids",
               "squid_variant_1", "squid_variant_2", "own_values_visible", "turn_cap", "explorer_count", "place_order",
               "placement_index", "boat_order", "boat_placement_index", "current_player", "movement_points",
               "roll", "over", "end_reason", "started", "decision", "decision_seat", "decision_data")

    def _copy_fields(self, new):
        """Hand-written fast copy: scalars and never-mutated data are shared, containers copied."""
        d = new.__dict__
        s = self.__dict__
        for k in self._SHARED:
            d[k] = s[k]
        d["terrain"] = self.terrain[:]
        d["back"] = self.back[:]
        d["hands"] = [h[:] for h in self.hands]
        d["unplaced"] = [u[:] for u in self.unplaced]
        d["explorer_where"] = self.explorer_where[:]
        d["explorer_at"] = self.explorer_at[:]
        d["explorer_value"] = self.explorer_value[:]
        d["placed"] = self.placed[:]
        d["boat_at"] = self.boat_at[:]
        d["boat_passengers"] = [x[:] for x in self.boat_passengers]
        d["boat_on_hex"] = self.boat_on_hex.copy()
        c = self.creatures
        d["creatures"] = {"serpent": c["serpent"][:], "shark": c["shark"][:], "whale": c["whale"][:], "squid": c["squid"][:]}
        d["supply"] = self.supply.copy()
        d["dolphin_at"] = self.dolphin_at[:]
        d["dolphin_protects"] = self.dolphin_protects[:]
        d["turns"] = self.turns[:]
        d["sea_moved"] = self.sea_moved[:]
        d["queue"] = self.queue[:]

    # ================================================================== queries
    def _sea(self, h):
        return self.terrain[h] < 0

    def _swimmers(self, h):
        return self._at(h, SEA)

    def _protected(self, e):
        return e in self.dolphin_protects

    def _may_skip_creature(self):
        """Whether step 4 may move nothing ('none').  With the dive dice the house rule dive_move
        decides: 'compulsory' (default, the literal "selezionate e muovete una delle Creature marine",
        ISL-16.12) or 'optional' (ISL-16.12's "may")."""
        return not (self.dolphins and self.options.get("dive_move", "compulsory") == "compulsory")

    def _unprot_swimmers(self, h):
        prot = self.dolphin_protects
        return [e for e in self._swimmers(h) if e not in prot]

    def _land_ex(self, h):
        return self._at(h, LAND)

    def _at(self, h, where):
        """The explorers on hex h that are ``where`` (LAND or SEA), in explorer order: one index
        search per explorer whose place number is h (a boat's or an isle's number may be too)."""
        w, a = self.explorer_where, self.explorer_at
        out = []
        e = -1
        for _ in range(a.count(h)):
            e = a.index(h, e + 1)
            if w[e] == where:
                out.append(e)
        return out

    def _occupied_boat(self, h):
        b = self.boat_on_hex.get(h)
        return b if b is not None and self.boat_passengers[b] else None

    def _has(self, kind, h):
        return h in self.creatures[kind]

    def _eaters(self, h):
        """A sea serpent or a shark on h (the creatures that remove swimmers, ISL-4.17)."""
        return h in self.creatures["serpent"] or h in self.creatures["shark"]

    def _controllers(self, b):
        """ISL-4.24: the players with the most explorers aboard (all tied ones)."""
        cnt = {}
        for e in self.boat_passengers[b]:
            cnt[e // 10] = cnt.get(e // 10, 0) + 1
        if not cnt:
            return set(range(self.num_players))     # ISL-4.23: anyone may move an empty boat
        m = max(cnt.values())
        return {p for p, c in cnt.items() if c == m}

    def _empty_sea(self, h, occ=None):
        """ISL-0.19 / ISL-I17: a sea space with no piece at all."""
        if self.terrain[h] >= 0:
            return False
        if occ is None:
            occ = self._occupied_hexes()
        return h not in occ

    def _empty_sea_spaces(self):
        """The sea spaces with no piece at all (ISL-0.19 / ISL-I17), in space order."""
        free = self.terrain[:]                  # < 0: a sea space, until a piece is found on it
        for h in self._occupied_hexes():
            free[h] = 0
        return [h for h, t in enumerate(free) if t < 0]

    def _occupied_hexes(self):
        occ = set(self.boat_on_hex)
        for k in KINDS:
            occ.update(self.creatures[k])
        occ.update(h for h in self.dolphin_at if h >= 0)
        w, a = self.explorer_where, self.explorer_at
        e = -1
        for _ in range(w.count(SEA)):           # the swimmers, one index search each
            e = w.index(SEA, e + 1)
            occ.add(a[e])
        return occ

    def _in_play(self, p):
        w = self.explorer_where
        for e in range(p * 10, p * 10 + 10):
            if LAND <= w[e] <= SEA:                 # LAND, BOAT or SEA
                return True
        return False

    def _anyone_in_play(self):
        w = self.explorer_where
        return any(x in (LAND, BOAT, SEA) for x in w)

    def _tiles_left(self):
        terr = self.terrain
        for h in ISLAND_SLOTS:
            if terr[h] >= 0:
                return True
        return False

    def scores(self):
        """ISL-8.3: the printed values of the saved explorers (Challenge 3: their number, ISL-12.1)."""
        out = []
        for p in range(self.num_players):
            saved = [e for e in range(p * 10, p * 10 + 10) if self.explorer_where[e] == ISLE]
            out.append(len(saved) if self.challenge_3 else sum(self.explorer_value[e] for e in saved))
        return out

    def tiebreak_key(self, p):
        """ISL-9: main result, explorers saved, (Challenge 3) points saved, fewest turns (ISL-I14)."""
        saved = [e for e in range(p * 10, p * 10 + 10) if self.explorer_where[e] == ISLE]
        pts = sum(self.explorer_value[e] for e in saved)
        main = len(saved) if self.challenge_3 else pts
        return (main, len(saved), pts if self.challenge_3 else 0, -self.turns[p])

    def _winners(self):
        keys = [self.tiebreak_key(p) for p in range(self.num_players)]
        if self.num_players <= 4 and self.options.get("tiebreak", "base") == "base":
            # house rule tiebreak (ISL-I6): the base game (2-4 players) states no tie-break, so tied
            # players share the victory; 'chain' uses the 5-6-player chain ISL-9.1 to ISL-9.7
            keys = [k[:1] for k in keys]
        best = max(keys)
        return [p for p, k in enumerate(keys) if k == best]   # ISL-9.7: the rest share the victory

    # ================================================================== task machinery
    def _push(self, *tasks):
        """Schedule tasks so that the first one given runs first."""
        self.queue.extend(reversed(tasks))

    def _ask(self, dkind, seat, **data):
        self.decision = dkind
        self.decision_seat = seat
        self.decision_data = data

    def _end(self, reason, events):
        self.over = True
        self.end_reason = reason
        self.decision = None
        self.decision_seat = None
        self.decision_data = {}
        self.queue = []
        events.append({"type": "game_end", "reason": reason, "scores": self.scores()})

    def _run(self, events):
        """Run the queued tasks until a decision is awaited or the game is over."""
        steps = (_METHODS.get(type(self)) or _methods(type(self)))[1]
        while not self.over and self.decision is None:
            if self.challenge_2 and self.started and not self._anyone_in_play():
                self._end("nobody left", events)        # ISL-11.1 (checked after every event, ISL-I35)
                return
            t = self.queue.pop() if self.queue else _TURN
            steps[t[0]](self, events, *t[1:])

    # ------------------------------------------------------------------ turn steps
    def _t_turn(self, events):
        if sum(self.turns) >= self.turn_cap:                   # ISL-I35 engine safeguard
            self._end("turn cap", events)
            return
        p = self.current_player
        self.turns[p] += 1
        self.sea_moved = []
        self.movement_points = 0
        self.roll = None
        events.append({"type": "turn", "seat": p, "turn": self.turns[p]})
        self.queue += _STEPS

    def _t_next(self, events):
        self.current_player = (self.current_player + 1) % self.num_players     # ISL-2.1

    def _t_step1(self, events):
        plays = self._tile_plays()
        if plays:                                         # ISL-3.6 otherwise straight to step 2
            self._ask("tile", self.current_player)
            plays.append("pass")
            self._legal_cache = plays

    def _t_step2(self, events):
        if not self._in_play(self.current_player):                   # ISL-2.7, ISL-I34
            return
        self.movement_points = 3                                    # ISL-2.4
        self._t_more(events)

    def _t_more(self, events):
        if self.movement_points > 0:
            mv = self._moves(self.current_player, False)
            if mv:
                self._ask("move", self.current_player)
                mv.append("end")
                self._legal_cache = mv      # the legal actions are known: save recomputing them
                return
        self.movement_points = 0

    def _t_step3(self, events):
        if self._tiles_left():                            # ISL-2.5, ISL-11.3
            self._ask("remove", self.current_player)

    def _t_step4(self, events):
        if self.dolphins:                                     # ISL-16.7
            a = self.rng.choice(DIVE_A)
            b = self.rng.choice(DIVE_B)
            self.roll = [a, b]
            events.append({"type": "roll", "dice": "dive", "kind": a, "distance": b})
        else:                                             # ISL-7.1
            a = self.rng.choice(RED_DIE)
            self.roll = [a, RED_MAX[a]]
            events.append({"type": "roll", "dice": "creature", "kind": a})
        mv = self._creature_moves()
        if mv:
            self._ask("creature", self.current_player)               # ISL-7.3 otherwise nothing moves
            if self._may_skip_creature():
                mv.append("none")
            self._legal_cache = mv

    # ------------------------------------------------------------------ kill / remove helpers
    def _unprotect(self, e):
        prot = self.dolphin_protects
        for d in range(len(prot)):
            if prot[d] == e:
                prot[d] = -1

    def _kill(self, e, events, why):
        if self.explorer_where[e] == BOAT:
            self.boat_passengers[self.explorer_at[e]].remove(e)
        self._unprotect(e)
        self.explorer_where[e] = LOST
        self.explorer_at[e] = -1
        events.append({"type": "explorer_lost", "explorer": LABELS[e], "cause": why})

    def _remove_boat(self, b):
        h = self.boat_at[b]
        del self.boat_on_hex[h]
        self.boat_at[b] = -1                             # ISL-I16 (b): back to the supply
        pax = self.boat_passengers[b]
        self.boat_passengers[b] = []
        return h, pax

    def _capsize(self, b, events, chooser):
        """The boat is removed and its passengers become swimmers (ISL-4.26, ISL-7.14)."""
        h, pax = self._remove_boat(b)
        for e in pax:
            self.explorer_where[e] = SEA
            self.explorer_at[e] = h
        events.append({"type": "capsize", "at": NAME[h], "swimmers": [LABELS[e] for e in pax]})
        if pax:
            # ISL-I19: protection attaches before the hazard of the same event (ISL-4.27, ISL-7.15)
            self._push(("protect", h, tuple(pax), chooser, -1), ("hazard", h, tuple(pax)))

    def _remove_creature(self, kind, h, events, why=""):
        self.creatures[kind].remove(h)
        self.supply[kind] += 1                             # ISL-I16 (b)
        events.append({"type": "creature_removed", "kind": kind, "at": NAME[h], "cause": why})

    def _t_hazard(self, events, h, eids):
        """ISL-4.17/ISL-4.27/ISL-7.15: unprotected new swimmers on a serpent's or shark's space are lost."""
        if not self._eaters(h):
            return
        for e in eids:
            if self.explorer_where[e] == SEA and self.explorer_at[e] == h and not self._protected(e):
                self._kill(e, events, "creature")

    def _t_protect(self, events, h, cands, chooser, dol):
        """Free dolphins on h protect swimmers among ``cands`` (ISL-16.18, ISL-16.21, ISL-I19)."""
        if dol >= 0:
            free = [dol] if self.dolphin_at[dol] == h and self.dolphin_protects[dol] == -1 else []
        else:
            free = [d for d in range(len(self.dolphin_at)) if self.dolphin_at[d] == h and self.dolphin_protects[d] == -1]
        if not free:
            return
        prot = self.dolphin_protects
        c = [e for e in cands if self.explorer_where[e] == SEA and self.explorer_at[e] == h and e not in prot]
        if not c:
            return
        if len(c) <= len(free):
            for d, e in zip(free, c):
                prot[d] = e
                events.append({"type": "protect", "dolphin": f"D{d + 1}", "explorer": LABELS[e]})
            return
        # ISL-16.23 / ISL-I43: the player who caused the event chooses
        self._push(("protect", h, tuple(c), chooser, dol))
        self._ask("protect", chooser, at=NAME[h], dolphin=free[0], candidates=[LABELS[e] for e in c])

    # ------------------------------------------------------------------ tile removal (step 3)
    def _do_remove(self, h, events):
        p = self.current_player
        t = self.terrain[h]
        b = self.back[h]
        self.terrain[h] = -1                              # ISL-5.6
        self.back[h] = None
        fallen = self._land_ex(h)
        for e in fallen:                                   # ISL-5.7: fall before the back is seen
            self.explorer_where[e] = SEA
        events.append({"type": "tile_removed", "at": NAME[h], "terrain": TERRAINS[t],
                       "swimmers": [LABELS[e] for e in fallen]})
        if self.challenge_4 and not self._tiles_left():           # ISL-13.1, ISL-13.3 (ISL-I36): back not resolved
            self._end("last tile", events)
            return
        c5 = []
        if self.challenge_5 and fallen:                            # ISL-15.9
            by = {}
            for e in fallen:
                by.setdefault(e // 10, []).append(e)
            n = self.num_players
            for k in range(n):                            # ISL-15.10, ISL-I15: from the current player
                q = (p + k) % n
                if q in by:
                    c5.append((q, tuple(by[q])))
        tasks = []
        if b in GREEN_BACKS or (b == "dolphin" and self.dolphins):
            events.append({"type": "tile_revealed", "at": NAME[h], "back": b})   # ISL-5.9, ISL-16.3
            tasks.append(("back", h, b, tuple(fallen)))
        else:                                             # ISL-5.10
            self.hands[p].append((t, b))
            events.append({"type": "tile_kept", "seat": p, "terrain": TERRAINS[t], "private": {"back": b}})
        if c5:
            tasks.append(("c5", h, tuple(c5)))             # ISL-15.11, ISL-15.14: after the back, before step 4
        self._push(*tasks)

    def _t_back(self, events, h, b, fallen):
        p = self.current_player
        if b == "shark":                                   # ISL-6.1, ISL-6.2
            self.supply["shark"] -= 1
            self.creatures["shark"].append(h)
            for e in self._swimmers(h):
                self._kill(e, events, "shark")
        elif b == "whale":
            if not self.squid_variant_1 and self.supply["whale"] > 0:  # ISL-6.3 (Variant 1: no whale, ISL-18.3)
                self.supply["whale"] -= 1
                self.creatures["whale"].append(h)
            if self.squids:                               # ISL-17.2
                self._push(("squidplace",))
        elif b == "boat":                                  # ISL-6.4, ISL-15.16
            self._push(("boatback", h))
        elif b == "whirlpool":
            self._whirlpool(h, events)
        elif b == "volcano":
            if self.challenge_2 or self.challenge_4:                         # ISL-11.2, ISL-13.2
                self._whirlpool(h, events)
            else:
                self._end("volcano", events)               # ISL-6.8, ISL-8.1
        elif b == "dolphin":                               # ISL-16.4, ISL-16.6 (ISL-I18)
            free = [d for d in range(len(self.dolphin_at)) if self.dolphin_at[d] == -1]
            if free:
                d = free[0]
                self.dolphin_at[d] = h
                events.append({"type": "dolphin_placed", "dolphin": f"D{d + 1}", "at": NAME[h]})
                self._push(("protect", h, tuple(self._swimmers(h)), p, d))

    def _whirlpool(self, h, events):
        """ISL-6.6, ISL-6.7, ISL-I41: everything at sea on h and the sea spaces around it goes."""
        area = [h] + [x for x in NEIGH[h] if self.terrain[x] < 0]
        events.append({"type": "whirlpool", "at": NAME[h], "area": [NAME[x] for x in area]})
        aset = set(area)
        for e in range(60):
            if self.explorer_where[e] == SEA and self.explorer_at[e] in aset:
                self._kill(e, events, "whirlpool")
        for x in area:
            b = self.boat_on_hex.get(x)
            if b is not None:
                _, pax = self._remove_boat(b)
                for e in pax:
                    self.explorer_where[e] = SEA           # so that _kill does not look for the boat
                    self._kill(e, events, "whirlpool")
        for k in KINDS:
            for x in [y for y in self.creatures[k] if y in aset]:
                self._remove_creature(k, x, events, "whirlpool")
        for d in range(len(self.dolphin_at)):
            if self.dolphin_at[d] in aset:
                self.dolphin_at[d] = -1
                self.dolphin_protects[d] = -1
                events.append({"type": "dolphin_removed", "dolphin": f"D{d + 1}"})

    def _t_boatback(self, events, h):
        sup = [b for b in range(len(self.boat_at)) if self.boat_at[b] == -1]
        if sup:
            self._place_boat(sup[0], h, events)
            self._push(("board", h))
            return
        empties = [self.boat_at[b] for b in range(len(self.boat_at)) if self.boat_at[b] >= 0 and not self.boat_passengers[b]]
        if empties:                                        # ISL-15.16
            self._ask("take", self.current_player, at=NAME[h], boats=sorted(NAME[x] for x in empties))
        # else ISL-I16: no boat is placed

    def _place_boat(self, b, h, events):
        self.boat_at[b] = h
        self.boat_on_hex[h] = b
        events.append({"type": "boat_placed", "at": NAME[h]})

    def _t_board(self, events, h):
        """ISL-6.4, ISL-6.5: swimmers on h climb aboard the new boat, at most 3 (the revealer picks)."""
        b = self.boat_on_hex.get(h)
        if b is None:
            return
        sw = self._swimmers(h)
        room = 3 - len(self.boat_passengers[b])
        if len(sw) <= room:
            for e in sw:
                self._embark(e, b)
            if sw:
                events.append({"type": "boarded", "at": NAME[h], "explorers": [LABELS[e] for e in sw]})
            return
        self._ask("aboard", self.current_player, at=NAME[h], candidates=[LABELS[e] for e in sw], room=room)

    def _embark(self, e, b):
        self._unprotect(e)                                 # ISL-16.33
        self.explorer_where[e] = BOAT
        self.explorer_at[e] = b
        self.boat_passengers[b].append(e)

    def _t_squidplace(self, events):
        """ISL-17.3 (ISL-I24): the revealer puts a squid on an empty sea space next to a terrain tile."""
        if self.supply["squid"] <= 0:
            return
        cands = self._squid_spaces()
        if cands:
            self._ask("squid", self.current_player, spaces=[NAME[x] for x in cands])

    def _squid_spaces(self):
        occ = self._occupied_hexes()
        terr = self.terrain
        return [h for h in range(N_HEX) if terr[h] < 0 and h not in occ and any(terr[x] >= 0 for x in NEIGH[h])]

    def _victims(self, h, with_boat):
        out = []
        for x in NEIGH[h]:
            if self.terrain[x] >= 0:
                out.extend(self._land_ex(x))
        if with_boat:
            b = self._occupied_boat(h)
            if b is not None:
                out.extend(self.boat_passengers[b])
        return sorted(out)

    def _t_victim(self, events, h, chooser, with_boat):
        """ISL-17.4 / ISL-17.12, ISL-17.13 (ISL-I22): one explorer must be removed."""
        v = self._victims(h, with_boat)
        if len(v) == 1:
            self._kill(v[0], events, "squid")
        elif v:
            self._ask("eat", chooser, at=NAME[h], candidates=[LABELS[e] for e in v])

    def _t_squidafter(self, events, h, mover):
        """ISL-17.11 then ISL-17.12 (ISL-17.14) after every squid movement."""
        while h in self.creatures["whale"]:
            self._remove_creature("whale", h, events, "squid")
        self._t_victim(events, h, mover, True)

    def _t_c5(self, events, h, groups):
        """ISL-15.9 to ISL-15.15: one movement per player with an explorer from the sunk tile."""
        for i, (q, eids) in enumerate(groups):
            alive = tuple(e for e in eids if self.explorer_where[e] in (BOAT, SEA))   # ISL-15.12
            if alive and self._c5_moves(alive):
                rest = groups[i + 1:]
                if rest:
                    self._push(("c5", h, rest))
                self._ask("c5", q, explorers=[LABELS[e] for e in alive], ids=alive)
                return

    # ------------------------------------------------------------------ creature windows and hits
    def _t_window(self, events, kind, h, seats):
        """ISL-6.14 to ISL-6.16, ISL-I3: defensive tiles offered clockwise from the next player."""
        if seats:
            self._ask("repel", seats[0], kind=kind, at=NAME[h], rest=list(seats[1:]))

    def _t_sharkhit(self, events, h):
        if h not in self.creatures["shark"]:
            return
        for e in self._unprot_swimmers(h):               # ISL-7.11
            self._kill(e, events, "shark")

    def _t_whalehit(self, events, h, mover):
        if h not in self.creatures["whale"]:
            return
        while h in self.creatures["squid"]:                     # ISL-17.16 before ISL-17.17
            self._remove_creature("squid", h, events, "whale")
        b = self._occupied_boat(h)
        if b is not None:                                 # ISL-7.14, ISL-7.15
            self._capsize(b, events, mover)

    def _repel_seats(self, kind, h):
        """ISL-I3: the players other than the current one whose swimmers (shark) or controlled boat
        (whale, ISL-I30) are attacked, clockwise from the next player.  Every such player is asked,
        holder of a repellent or not, so that being asked reveals nothing about a hand."""
        n = self.num_players
        if kind == "shark":
            owners = {e // 10 for e in self._unprot_swimmers(h)}
        else:
            b = self._occupied_boat(h)
            owners = self._controllers(b) if b is not None else set()
        return [(self.current_player + k) % n for k in range(1, n) if (self.current_player + k) % n in owners]

    def _holds(self, seat, kind):
        tile = "shark_repellent" if kind == "shark" else "whale_repellent"
        return any(b == tile for _, b in self.hands[seat])

    # ================================================================== legal actions
    def canonical(self, text):
        return nt.canonical(text)

    def _legal(self):
        d = self.decision
        if d == "place":
            return self._place_actions()
        if d == "boat":
            return [BOAT_TEXT[h] for h in self._boat_spaces()]
        if d == "tile":
            return self._tile_plays() + ["pass"]
        if d == "move":
            return self._moves(self.current_player, False) + ["end"]
        if d == "remove":
            return [REMOVE[h] for h in self._removable()]
        if d == "creature":
            mv = self._creature_moves()
            return mv + ["none"] if self._may_skip_creature() else mv
        if d == "c5":
            return self._c5_moves(tuple(self.decision_data["ids"])) + ["pass"]
        if d == "repel":
            return ["repel", "pass"] if self._holds(self.decision_seat, self.decision_data["kind"]) else ["pass"]
        if d == "protect":
            return [f"protect {x}" for x in self.decision_data["candidates"]]
        if d == "eat":
            return [f"eat {x}" for x in self.decision_data["candidates"]]
        if d == "squid":
            return [f"squid {x}" for x in self.decision_data["spaces"]]
        if d == "take":
            return [f"take {x}" for x in self.decision_data["boats"]]
        if d == "aboard":
            c = self.decision_data["candidates"]
            return ["aboard " + " ".join(x) for x in combinations(c, self.decision_data["room"])]
        return []

    # ------------------------------------------------------------------ set-up
    def _tile_counts(self):
        cnt = {}
        w, a = self.explorer_where, self.explorer_at
        for p, k in enumerate(self.placed):      # explorers p*10 + (0..placed-1) are the only ones out
            for e in range(p * 10, p * 10 + k):
                if w[e] == LAND:
                    h = a[e]
                    cnt[h] = cnt.get(h, 0) + 1
        return cnt

    def _placement_tiles(self, p):
        slots = ISLAND_SLOTS
        if self.challenge_1:                                        # ISL-10.1 to ISL-10.3 (ISL-I28)
            cnt = self._tile_counts()
            return [h for h in slots if cnt.get(h, 0) < (1 if h in RIM else 2)]
        peopled = self._peopled_land()
        empty = [h for h in slots if h not in peopled]
        if empty:                                          # ISL-1.6, ISL-14.6, ISL-14.11, ISL-15.4
            return empty
        cnt = self._tile_counts()
        own = {self.explorer_at[e] for e in range(p * 10, p * 10 + 10) if self.explorer_where[e] == LAND}
        if self.challenge_5:                                        # ISL-15.5 to ISL-15.7
            return [h for h in slots if cnt.get(h, 0) == 1 and h not in own]
        return [h for h in slots if h not in own]          # ISL-14.12, ISL-14.13 (ISL-I13)

    def _place_actions(self):
        p = self.decision_seat
        vals = sorted(set(self.unplaced[p]), reverse=True)
        pick = _gather(self._placement_tiles(p))
        out = []
        for v in vals:
            row = _PLACE.get(v)
            if row is None:
                row = _PLACE[v] = tuple(f"place {v} {NAME[h]}" for h in range(N_HEX))
            out += pick(row)
        return out

    def _boat_spaces(self):
        """ISL-1.10: sea spaces next to a terrain tile, with no boat and no sea serpent."""
        terr = self.terrain
        serp = self.creatures["serpent"]
        hb = self.boat_on_hex
        land = bytes([terr[h] >= 0 for h in ISLAND_SLOTS])
        coast = _COAST.get(land)
        if coast is None:                                  # sea spaces next to a tile, per land pattern
            if len(_COAST) >= 10_000:
                _COAST.clear()
            coast = _COAST[land] = sorted({x for h in ISLAND_SLOTS if terr[h] >= 0 for x in NEIGH[h] if terr[x] < 0})
        return [h for h in coast if h not in hb and h not in serp]

    # ------------------------------------------------------------------ step 1
    def _tile_plays(self):
        p = self.current_player
        kinds = {b for _, b in self.hands[p] if b in START_BACKS}
        if not kinds:
            return []
        out = []
        pick = None
        if "dolphin" in kinds and not self.dolphins:           # ISL-6.9, ISL-I31
            for e in range(p * 10, p * 10 + 10):
                if self.explorer_where[e] == SEA:
                    row = _PLAY.get(("dolphin", e))
                    if row is None:
                        row = _PLAY[("dolphin", e)] = tuple(f"play dolphin {LABELS[e]} {NAME[h]}" for h in range(N_HEX))
                    out += _gather(self._swim_reach(self.explorer_at[e]))(row)
        if "winds" in kinds:                               # ISL-6.10, ISL-I31
            for b in range(len(self.boat_at)):
                h = self.boat_at[b]
                if h >= 0 and self.boat_passengers[b] and p in self._controllers(b):
                    row = _PLAY.get(("winds", h))
                    if row is None:
                        row = _PLAY[("winds", h)] = tuple(f"play winds {NAME[h]} {NAME[x]}" for x in range(N_HEX))
                    out += _gather(self._boat_reach(h, 3, True))(row)
        for back, kind in (("move_serpent", "serpent"), ("move_shark", "shark"), ("move_whale", "whale")):
            if back not in kinds:
                continue
            kinds_here = [kind] + (["squid"] if kind == "whale" and self.squids else [])   # ISL-17.5
            for k in kinds_here:
                if not self.creatures[k]:
                    continue
                if pick is None:
                    pick = _gather(self._empty_sea_spaces())
                for src in sorted(set(self.creatures[k])):       # ISL-6.11 to ISL-6.13, ISL-17.6
                    row = _PLAY.get((k, src))
                    if row is None:
                        row = _PLAY[(k, src)] = tuple(f"play {k} {NAME[src]} {NAME[h]}" for h in range(N_HEX))
                    out += pick(row)
                    if k == "squid":                       # ISL-17.10: staying is a movement, by a tile too
                        out.append(row[src])
        return out

    def _swim_reach(self, start):
        """Destinations of the dolphin tile: 1-3 sea steps; a serpent/shark space ends (and kills)."""
        c = self.creatures
        return self._reach(start, 3, set(c["serpent"]) | set(c["shark"]))

    def _boat_reach(self, start, n, occupied):
        """Sea spaces a boat reaches in up to n steps (ISL-4.20, ISL-4.21, ISL-4.26, ISL-17.18)."""
        c = self.creatures
        blocked = set(self.boat_on_hex)
        if occupied:
            blocked.update(c["squid"])
            return self._reach(start, n, set(c["serpent"]) | set(c["whale"]), blocked)
        return self._reach(start, n, (), blocked)

    # ------------------------------------------------------------------ step 2
    def _moves(self, p, c5):
        out = []
        append = out.append
        w, a = self.explorer_where, self.explorer_at
        terr = self.terrain
        hb = self.boat_on_hex
        bp = self.boat_passengers
        moved, prot = self.sea_moved, self.dolphin_protects
        for e in range(p * 10, p * 10 + 10):
            we = w[e]
            if we == LAND:
                walk, board, swim = WALK[e], BOARD_[e], SWIM[e]
                for x in NEIGH[a[e]]:
                    if terr[x] >= 0:
                        append(walk[x])                                  # ISL-4.5
                    else:
                        b = hb.get(x)
                        if b is not None and len(bp[b]) < 3:
                            append(board[x])                             # ISL-4.6
                        append(swim[x])                                  # ISL-4.7
            elif we == SEA:                     # as _swimmer_moves, written out (the hot path)
                if e in moved:                                           # ISL-4.13 (ISL-I2 b)
                    continue
                h = a[e]
                swim = SWIM[e]
                if e in prot:
                    swim_d = SWIM_DOLPHIN[e]
                    for x in NEIGH[h]:
                        if terr[x] < 0:
                            append(swim[x])                              # ISL-4.12
                            append(swim_d[x])                            # ISL-16.28
                else:
                    for x in NEIGH[h]:
                        if terr[x] < 0:
                            append(swim[x])                              # ISL-4.12
                b = hb.get(h)
                if b is not None and len(bp[b]) < 3:
                    append(BOARD_[e][h])                                 # ISL-4.14
                if h in ISLES_OF:
                    for k in ISLES_OF[h]:
                        append(ISLE_[e][k])                              # ISL-4.32
            elif we == BOAT:
                out += self._boat_explorer_moves(e)
        if not c5:
            sq = self.creatures["squid"]
            free = terr[:]                  # < 0: a sea space with no boat (ISL-4.20, ISL-4.21)
            for x in hb:
                free[x] = 0
            boat_at = self.boat_at
            for b in range(len(boat_at)):
                h = boat_at[b]
                if h < 0:
                    continue
                pax = bp[b]
                if not pax:                                              # ISL-4.23: anyone moves it
                    sail = SAIL[h]
                    for x in NEIGH[h]:
                        if free[x] < 0:
                            append(sail[x])
                elif _controls(p, pax):                                  # ISL-4.25
                    sail = SAIL[h]
                    for x in NEIGH[h]:
                        if free[x] < 0 and x not in sq:                  # ISL-17.18
                            append(sail[x])
        return out

    def _boat_explorer_moves(self, e):
        out = []
        b = self.explorer_at[e]
        h = self.boat_at[b]
        hb = self.boat_on_hex
        bp = self.boat_passengers
        board = BOARD_[e]
        for x in NEIGH[h]:
            b2 = hb.get(x)
            if b2 is not None and len(bp[b2]) < 3:
                out.append(board[x])                                     # ISL-4.8
        if e not in self.sea_moved:
            out.append(SWIM[e][h])                                       # ISL-4.9
        for k in ISLES_OF.get(h, ()):
            out.append(ISLE_[e][k])                                      # ISL-4.31
        return out

    def _swimmer_moves(self, e):
        if e in self.sea_moved:                                          # ISL-4.13 (ISL-I2 b)
            return []
        out = []
        h = self.explorer_at[e]
        terr = self.terrain
        swim = SWIM[e]
        if e in self.dolphin_protects:
            swim_d = SWIM_DOLPHIN[e]
            for x in NEIGH[h]:
                if terr[x] < 0:
                    out.append(swim[x])                                  # ISL-4.12
                    out.append(swim_d[x])                                # ISL-16.28
        else:
            for x in NEIGH[h]:
                if terr[x] < 0:
                    out.append(swim[x])                                  # ISL-4.12
        b = self.boat_on_hex.get(h)
        if b is not None and len(self.boat_passengers[b]) < 3:
            out.append(BOARD_[e][h])                                     # ISL-4.14
        for k in ISLES_OF.get(h, ()):
            out.append(ISLE_[e][k])                                      # ISL-4.32
        return out

    def _c5_moves(self, eids):
        """ISL-15.15 (ISL-I15): one step-2 explorer move of one of these explorers; no boat, no dolphin."""
        out = []
        for e in eids:
            if self.explorer_where[e] == BOAT:
                out.extend(self._boat_explorer_moves(e))
            elif self.explorer_where[e] == SEA:
                out.extend(m for m in self._swimmer_moves(e) if not m.endswith(" dolphin"))
        return out

    # ------------------------------------------------------------------ step 3
    def _removable(self):
        terr = self.terrain
        kind = None
        same = []                                            # the tiles left of the lowest terrain
        for h in ISLAND_SLOTS:
            t = terr[h]
            if t < 0:
                continue
            if kind is None or t < kind:                     # ISL-5.3
                kind = t
                same = [h]
            elif t == kind:
                same.append(h)
        coast = []
        for h in same:                                       # ISL-5.2
            for x in NEIGH[h]:
                if terr[x] < 0:
                    coast.append(h)
                    break
        return coast or same                                 # ISL-5.4, ISL-5.5 (ISL-I5)

    # ------------------------------------------------------------------ step 4
    def _roll_kinds(self):
        a, dist = self.roll
        if a == "starfish":                                  # ISL-16.10
            kinds = ["serpent", "shark", "whale", "dolphin", "boat"]
        else:
            kinds = [a]
        if "whale" in kinds and self.squids:                 # ISL-17.5, ISL-20.7, ISL-20.8
            kinds.append("squid")
        return kinds, dist

    def _creature_moves(self):
        kinds, dist = self._roll_kinds()
        out = []
        dive = dist == "D"
        pick_empty = None
        terr = self.terrain
        if dive:
            empt = self._empty_sea_spaces()
        for k in kinds:
            if k in KINDS:
                srcs = self.creatures[k]
                if not srcs:
                    continue
                # one step ends wherever it stops: the stop spaces matter from two steps on
                stop = None if dive or dist == 1 else self._stop_set(k)
                for src in sorted(set(srcs)):
                    row = _CREATURE.get((k, src))
                    if row is None:
                        row = _CREATURE[(k, src)] = tuple(f"{k} {NAME[src]} {NAME[h]}" for h in range(N_HEX))
                    if dive:                                 # ISL-16.13
                        if pick_empty is None:
                            pick_empty = _gather(empt)
                        out += pick_empty(row)
                    elif dist == 1:                          # the sea spaces next to src
                        out += [row[x] for x in NEIGH[src] if terr[x] < 0]
                    else:
                        out += _gather(self._reach(src, dist, stop))(row)
                    if k == "squid":                         # ISL-17.10: staying is a movement
                        out.append(row[src])
            elif k == "dolphin":
                for d in range(len(self.dolphin_at)):
                    src = self.dolphin_at[d]
                    if src < 0:
                        continue
                    dests = empt if dive else self._reach(src, dist, ())
                    pre = f"dolphin D{d + 1} "
                    out.extend([pre + NAME[x] for x in dests])
                    # ISL-16.31, ISL-I19 (4); house rule dolphin_shift: 'several' (default, the literal
                    # "in una casella di mare con più Nuotatori") needs two or more swimmers there
                    if self.options.get("dolphin_shift", "several") != "several" or len(self._swimmers(src)) >= 2:
                        for e in self._unprot_swimmers(src):
                            out.append(f"shift D{d + 1} {LABELS[e]}")
            elif k == "boat":
                for b in range(len(self.boat_at)):
                    src = self.boat_at[b]
                    if src < 0 or self.boat_passengers[b]:         # ISL-16.15
                        continue
                    dests = empt if dive else self._boat_reach(src, dist, False)   # ISL-16.17
                    pre = f"drift {NAME[src]} "
                    out.extend([pre + NAME[x] for x in dests])
        return out

    def _stop_set(self, kind):
        """The sea spaces where a creature of ``kind`` entering has to stop there."""
        if kind == "serpent":
            return self._occupied_boat_hexes() | self._unprotected_swimmer_hexes()   # ISL-7.7, ISL-7.8, ISL-16.16
        if kind == "shark":
            return self._unprotected_swimmer_hexes()            # ISL-7.11 (ISL-16.34)
        if kind == "whale":
            return self._occupied_boat_hexes() | set(self.creatures["squid"])     # ISL-7.14, ISL-17.15
        near = {x for h in self._peopled_land() for x in NEIGH[h]}   # ISL-17.9: next to people (ISL-I22)
        return self._occupied_boat_hexes() | set(self.creatures["whale"]) | near

    def _occupied_boat_hexes(self):
        """The hexes of the boats with explorers aboard."""
        bp = self.boat_passengers
        return {h for h, b in self.boat_on_hex.items() if bp[b]}

    def _unprotected_swimmer_hexes(self):
        """The hexes of the swimmers no dolphin protects (of the explorers placed so far)."""
        w, a, prot = self.explorer_where, self.explorer_at, self.dolphin_protects
        out = set()
        for p, k in enumerate(self.placed):
            lo = p * 10
            ws = w[lo:lo + k]
            if SEA in ws:                       # from the seat's first swimmer on
                for e in range(lo + ws.index(SEA), lo + k):
                    if w[e] == SEA and e not in prot:
                        out.add(a[e])
        return out

    def _peopled_land(self):
        """The land hexes with explorers on them (of the explorers placed so far)."""
        w, a = self.explorer_where, self.explorer_at
        out = set()
        for p, k in enumerate(self.placed):
            lo = p * 10
            if w[lo:lo + k].count(LAND) == k:   # all of them on land (as always at set-up)
                out.update(a[lo:lo + k])
            else:
                out.update([a[e] for e in range(lo, lo + k) if w[e] == LAND])
        return out

    def _reach(self, start, n, stop, blocked=()):
        """Sea spaces within n steps of start, nearest first: a space in ``stop`` ends the path
        there, one in ``blocked`` cannot be entered."""
        terr = self.terrain
        if n == 1:                              # one step: no path goes on, ``stop`` ends nothing
            return [x for x in NEIGH[start] if terr[x] < 0 and x not in blocked]
        if n < 1:
            return []
        free = terr[:]                          # < 0: a sea space not entered yet
        for x in blocked:                       # never entered: as if entered already
            free[x] = 0
        free[start] = 0
        frontier = [start]
        out = []
        for _ in range(n - 1):
            nxt = []
            for h in frontier:
                for x in NEIGH[h]:
                    if free[x] < 0:
                        free[x] = 0
                        out.append(x)
                        if x not in stop:
                            nxt.append(x)
            frontier = nxt
        for h in frontier:                      # the last step: no path goes on from here
            for x in NEIGH[h]:
                if free[x] < 0:
                    free[x] = 0
                    out.append(x)
        return out

    # ================================================================== apply
    def _apply(self, action, events):
        parsed = _PARSED.get(action)
        if parsed is None:                      # the notation of a legal action, parsed once
            if len(_PARSED) >= 200_000:
                _PARSED.clear()
            parsed = _PARSED[action] = nt.parse(action)
        verb, args = parsed
        (_METHODS.get(type(self)) or _methods(type(self)))[0][verb](self, events, *args)
        self._run(events)

    # ------------------------------------------------------------------ set-up actions
    def _a_place(self, events, v, h):
        p = self.decision_seat
        e = p * 10 + self.placed[p]
        self.placed[p] += 1
        self.unplaced[p].remove(v)
        self.explorer_where[e] = LAND
        self.explorer_at[e] = h
        self.explorer_value[e] = v
        events.append({"type": "placed", "explorer": LABELS[e], "at": NAME[h], "private": {"value": v}})
        self.placement_index += 1
        if self.placement_index < len(self.place_order):
            self._ask("place", self.place_order[self.placement_index])
        else:
            self._ask("boat", self.boat_order[0])          # ISL-1.9

    def _a_boat(self, events, h):
        b = self.boat_at.index(-2)
        self._place_boat(b, h, events)                     # ISL-1.11: placed empty
        self.boat_placement_index += 1
        if self.boat_placement_index < len(self.boat_order):
            self._ask("boat", self.boat_order[self.boat_placement_index])
        else:
            self.decision = None                                 # ISL-1.14: the first player begins
            self.decision_seat = None
            self.decision_data = {}
            self.started = True
            self.current_player = 0

    # ------------------------------------------------------------------ step 1
    def _take_from_hand(self, back):
        hand = self.hands[self.decision_seat]
        for i, (_, b) in enumerate(hand):
            if b == back:
                del hand[i]
                return

    def _a_pass(self, events):
        d = self.decision
        self.decision = None
        if d == "repel":                                     # next holder, or the attack goes on
            rest = self.decision_data["rest"]
            kind, at = self.decision_data["kind"], self.decision_data["at"]
            self.decision_data = {}
            if rest:
                self._ask("repel", rest[0], kind=kind, at=at, rest=rest[1:])
            return
        self.decision_data = {}
        if d == "c5":
            return
        # d == "tile": no tile played (ISL-2.3)

    def _a_play(self, events, kind, src, dst):
        p = self.current_player
        back = {"dolphin": "dolphin", "winds": "winds", "serpent": "move_serpent", "shark": "move_shark",
                "whale": "move_whale", "squid": "move_whale"}[kind]
        self._take_from_hand(back)                           # ISL-3.3, ISL-6.17
        self.decision = None
        self.decision_data = {}
        events.append({"type": "tile_played", "seat": p, "back": back})
        if kind == "dolphin":                                # ISL-6.9 (ISL-I31)
            e = src
            self.explorer_at[e] = dst
            if self._eaters(dst):
                self._kill(e, events, "creature")
        elif kind == "winds":                                # ISL-6.10
            self._move_boat(self.boat_on_hex[src], dst, events)
        else:                                                # ISL-6.11 to ISL-6.13, ISL-17.6
            lst = self.creatures[kind]
            lst.remove(src)
            lst.append(dst)
            events.append({"type": "creature_moved", "kind": kind, "from": NAME[src], "to": NAME[dst]})
            if kind == "squid":
                self._push(("squidafter", dst, p))

    # ------------------------------------------------------------------ step 2 and the Challenge 5 movement
    def _spend(self):
        if self.decision == "c5":
            self.decision = None
            self.decision_data = {}
            return
        self.movement_points -= 1
        self.decision = None
        self.queue.append(_MORE)                             # ISL-4.3: unused points are lost at "end"

    def _a_end(self, events):
        self.movement_points = 0
        self.decision = None

    def _a_walk(self, events, e, h):
        self.explorer_at[e] = h
        events.append({"type": "move", "explorer": LABELS[e], "to": NAME[h]})
        self._spend()

    def _a_board(self, events, e, h):
        if self.explorer_where[e] == SEA:
            self.sea_moved.append(e)                         # ISL-I2 (b): boarding is the sea move
        elif self.explorer_where[e] == BOAT:
            self.boat_passengers[self.explorer_at[e]].remove(e)
        self._embark(e, self.boat_on_hex[h])
        events.append({"type": "board", "explorer": LABELS[e], "at": NAME[h]})
        self._spend()

    def _a_swim(self, events, e, h, with_dolphin):
        p = e // 10
        src_where = self.explorer_where[e]
        if src_where == BOAT:
            self.boat_passengers[self.explorer_at[e]].remove(e)
        src = self.explorer_at[e] if src_where == SEA else -1
        self.sea_moved.append(e)                             # ISL-4.13
        self.explorer_where[e] = SEA
        self.explorer_at[e] = h
        if with_dolphin:                                     # ISL-16.28, ISL-16.29 (ISL-I39)
            for d in range(len(self.dolphin_protects)):
                if self.dolphin_protects[d] == e:
                    self.dolphin_at[d] = h
        elif src >= 0:
            self._unprotect(e)                               # ISL-16.33
        events.append({"type": "swim", "explorer": LABELS[e], "to": NAME[h]})
        self._spend()
        # ISL-16.18 then ISL-4.17 (protection first, ISL-I19)
        self._push(("protect", h, (e,), p, -1), ("hazard", h, (e,)))

    def _a_isle(self, events, e, k):
        if self.explorer_where[e] == SEA:
            self.sea_moved.append(e)
        elif self.explorer_where[e] == BOAT:
            self.boat_passengers[self.explorer_at[e]].remove(e)
        self._unprotect(e)
        self.explorer_where[e] = ISLE                              # ISL-4.34
        self.explorer_at[e] = k
        events.append({"type": "saved", "explorer": LABELS[e], "isle": ISLE_NAMES[k]})
        self._spend()

    def _a_sail(self, events, src, dst):
        self._spend()
        self._move_boat(self.boat_on_hex[src], dst, events)

    def _move_boat(self, b, dst, events):
        src = self.boat_at[b]
        del self.boat_on_hex[src]
        self.boat_at[b] = dst
        self.boat_on_hex[dst] = b
        events.append({"type": "boat_moved", "from": NAME[src], "to": NAME[dst]})
        if self.boat_passengers[b] and (dst in self.creatures["serpent"] or dst in self.creatures["whale"]):
            self._capsize(b, events, self.current_player)              # ISL-4.26, ISL-4.27 (ISL-I33)

    # ------------------------------------------------------------------ step 3 and its choices
    def _a_remove(self, events, h):
        self.decision = None
        self._do_remove(h, events)

    def _a_aboard(self, events, *eids):
        h = self.boat_at[self.boat_on_hex[nt.parse_hex(self.decision_data["at"])]]
        b = self.boat_on_hex[h]
        for e in eids:
            self._embark(e, b)
        events.append({"type": "boarded", "at": NAME[h], "explorers": [LABELS[e] for e in eids]})
        self.decision = None
        self.decision_data = {}

    def _a_take(self, events, src):
        h = nt.parse_hex(self.decision_data["at"])
        b = self.boat_on_hex[src]
        del self.boat_on_hex[src]
        self.boat_at[b] = h
        self.boat_on_hex[h] = b
        events.append({"type": "boat_taken", "from": NAME[src], "to": NAME[h]})
        self.decision = None
        self.decision_data = {}
        self._push(("board", h))                             # ISL-15.17

    def _a_squidplace(self, events, h):
        self.supply["squid"] -= 1
        self.creatures["squid"].append(h)
        events.append({"type": "squid_placed", "at": NAME[h]})
        self.decision = None
        self.decision_data = {}
        if not self.squid_variant_2:                                      # ISL-17.4 (Variant 2: ISL-19.1)
            self._push(("victim", h, self.current_player, False))

    def _a_eat(self, events, e):
        self.decision = None
        self.decision_data = {}
        self._kill(e, events, "squid")

    def _a_protect(self, events, e):
        d = self.decision_data["dolphin"]
        self.dolphin_protects[d] = e
        events.append({"type": "protect", "dolphin": f"D{d + 1}", "explorer": LABELS[e]})
        self.decision = None
        self.decision_data = {}

    # ------------------------------------------------------------------ step 4
    def _a_none(self, events):
        self.decision = None

    def _creature_move(self, kind, src, dst, events):
        lst = self.creatures[kind]
        lst.remove(src)
        lst.append(dst)
        self.decision = None
        events.append({"type": "creature_moved", "kind": kind, "from": NAME[src], "to": NAME[dst]})

    def _a_serpent(self, events, src, dst):
        self._creature_move("serpent", src, dst, events)
        b = self._occupied_boat(dst)
        if b is not None:                                    # ISL-7.7
            _, pax = self._remove_boat(b)
            for e in pax:
                self.explorer_where[e] = SEA
                self._kill(e, events, "serpent")
        for e in self._unprot_swimmers(dst):                 # ISL-7.8
            self._kill(e, events, "serpent")

    def _a_shark(self, events, src, dst):
        self._creature_move("shark", src, dst, events)
        if self._unprot_swimmers(dst):
            self._push(("window", "shark", dst, tuple(self._repel_seats("shark", dst))), ("sharkhit", dst))

    def _a_whale(self, events, src, dst):
        self._creature_move("whale", src, dst, events)
        b = self._occupied_boat(dst)
        seats = tuple(self._repel_seats("whale", dst)) if b is not None else ()
        self._push(("window", "whale", dst, seats), ("whalehit", dst, self.current_player))

    def _a_squid(self, events, src, dst):
        self._creature_move("squid", src, dst, events)
        self._push(("squidafter", dst, self.current_player))

    def _a_dolphin(self, events, d, dst):
        src = self.dolphin_at[d]
        old = self.dolphin_protects[d]
        self.dolphin_at[d] = dst
        self.dolphin_protects[d] = -1                                # ISL-16.26
        self.decision = None
        events.append({"type": "dolphin_moved", "dolphin": f"D{d + 1}", "from": NAME[src], "to": NAME[dst]})
        tasks = []
        if old >= 0:
            tasks.append(("hazard", src, (old,)))            # ISL-16.27
        tasks.append(("protect", dst, tuple(self._swimmers(dst)), self.current_player, d))   # ISL-16.21 (ISL-I21)
        self._push(*tasks)

    def _a_shift(self, events, d, e):
        h = self.dolphin_at[d]
        old = self.dolphin_protects[d]
        self.dolphin_protects[d] = e                                 # ISL-16.31
        self.decision = None
        events.append({"type": "protect", "dolphin": f"D{d + 1}", "explorer": LABELS[e]})
        if old >= 0:
            self._push(("hazard", h, (old,)))                # ISL-16.36

    def _a_drift(self, events, src, dst):
        b = self.boat_on_hex[src]
        del self.boat_on_hex[src]
        self.boat_at[b] = dst
        self.boat_on_hex[dst] = b
        self.decision = None
        events.append({"type": "boat_moved", "from": NAME[src], "to": NAME[dst]})

    def _a_repel(self, events):
        kind, h = self.decision_data["kind"], nt.parse_hex(self.decision_data["at"])
        self._take_from_hand("shark_repellent" if kind == "shark" else "whale_repellent")
        events.append({"type": "tile_played", "seat": self.decision_seat, "back": f"{kind}_repellent"})
        self._remove_creature(kind, h, events, "repellent")   # ISL-6.15, ISL-6.16
        self.decision = None
        self.decision_data = {}
        self.queue.pop()                                     # the attack that was waiting is cancelled
