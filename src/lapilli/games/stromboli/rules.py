"""Stromboli's rules: the position, the turn, distribution, refills, scorings (STR-*).

The flow of a game is a queue of *tasks* (``self.tasks``, plain tuples).  The task at the
front is either a decision of one seat (it stays there until that seat acts) or an automatic
step that ``_advance`` carries out at once.  Decision tasks:

    ("turn",)            the active player's action 1a/1b/2/3            (STR-2.2)
    ("shaman",)          the active player's optional shaman move        (STR-3.1)
    ("pick", seat, seg, other)  seat chooses a card; other takes the rest (STR-5.3, STR-5.5)
    ("buy", seat)        optional purchase after receiving a Shell        (STR-7.10)
    ("prebuy", seat)     optional purchase before a scoring               (STR-10.2)
    ("priestess", seat)  move one lava marker to a neighbouring crater    (STR-7.7)

Automatic tasks: ("take", seat, seg) receive the (only / remaining) card, ("receive", seat,
card), ("lavaback", seat), ("return", seg), ("refill",), ("endturn",), ("erupt",),
("score", round), ("prep2",), ("end",).
"""
from __future__ import annotations

from lapilli.engine import State

from . import notation, scoring
from .board import RING, SEG, STATUE_RINGS, name, neighbours_of_crater, shaman_ends
from .data import (
    BEACH, BUTTERFLIES, BUYABLE, CARD_SPACES, COST, DECKS, FACE, HUTS, KIND, LAVA_MARKERS, NSEG,
    PIER, PLAIN, PRIESTESS, SCORE_CARDS, STATUES, card_label,
)

COLOURS = ("Red", "Yellow")
DECISIONS = frozenset(("turn", "shaman", "pick", "buy", "prebuy", "priestess"))
NO_DISC = -1          # a numbered disc / lava disc in its owner's reserve
IN_BOX = -2           # the lava disc in the base game (STR-1.6)
_PLACE = {(v, s, lv): f"place {v} b{s}" + (" lava" if lv else "") for v in range(1, 6) for s in range(NSEG) for lv in (False, True)}
_TAKE = {v: f"take {v}" for v in range(1, 6)}
_SHAMAN = {sp: f"shaman {name(sp)}" for sp in range(NSEG * 6)}


class StromboliState(State):
    """A Stromboli position.  Seat 0 is Red (Rosso), seat 1 is Yellow (Giallo)."""

    # STR-6.3 to STR-6.6: a face-up space refilled from a palm pile shows a card of its hidden order
    REVEALS = {"draw": "card", "lava_card": "card"}
    # state-file version 2: whose turn it is has one name in every game (State.upgrade reads older files)
    RENAMED_FIELDS = {2: {"active": "current_player"}}

    # ------------------------------------------------------------------ set-up (STR-1.*)
    def _setup(self, events):
        opts = self.options
        self.tactical = bool(opts.get("tactical", False))
        rng = self.rng
        # STR-1.3 random first player
        self.first = rng.randbelow(2)
        events.append({"type": "first_player", "seat": self.first, "colour": COLOURS[self.first]})
        self.current_player = self.first             # whose turn it is ("giocatore di turno")
        # STR-1.2 / STR-I33: first player's shaman on hut H1, the other on H2 (or random)
        h1, h2 = HUTS
        if opts.get("huts", "first") == "random" and rng.randbelow(2):
            h1, h2 = h2, h1
            events.append({"type": "huts", "swapped": True})
        self.shaman = [0, 0]
        self.shaman[self.first] = BEACH * NSEG + h1
        self.shaman[1 - self.first] = BEACH * NSEG + h2
        # STR-1.4 reserves: discs[seat][value] = beach segment or NO_DISC (index 0 unused)
        self.discs = [[NO_DISC] * 6, [NO_DISC] * 6]
        self.statues_left = [STATUES, STATUES]
        self.statues = [-1] * (NSEG * 6)          # owner per space
        # STR-1.6 / STR-14.1 lava discs
        self.lava_disc = [NO_DISC, NO_DISC] if self.tactical else [IN_BOX, IN_BOX]
        self.points = [0, 0]                       # STR-1.5: each seat's points ("punti")
        # STR-1.7 / STR-14.2 / STR-R2 three palm decks, shuffled separately
        piles = []
        for d in DECKS:
            pile = [c for c in d if not (self.tactical and KIND[c] == "lava")]
            rng.shuffle(pile)
            piles.append(pile)
        self.piles = piles                         # top of each pile = last item
        events.append({"type": "shuffle", "piles": [len(p) for p in piles]})
        self.discard: list = []
        self.cards = [None] * (NSEG * CARD_SPACES)  # card space seg*2+k (k = 0, 1)
        self.craters = [0] * NSEG                   # STR-1.13 lava markers on craters
        self.boat = PIER                            # STR-1.12
        self.front = [[], []]                       # beach cards in front of each player
        self.shells = [[], []]                      # kept Shell cards
        self.score_cards = [[], []]                 # bought score cards
        self.board_cards = list(SCORE_CARDS)        # STR-1.11 score cards on the scoreboard
        self.priestess_up = True                    # STR-1.11 scoreboard Priestess face up
        self.round = 1
        self.over = False
        self.turns = 0
        self.turns_round1 = 0
        self.triggers: list = []                    # how each scoring fired (statistics)
        self.last_scoring: list = []                # per seat breakdowns of the last scoring
        self.tasks: list = []
        # STR-1.8 / STR-R3: deal 12 one-palm cards face up, in the fill order of STR-I13
        self._refill(events, setup=True)
        self.tasks = [("turn",)]

    # ------------------------------------------------------------------ helpers
    def sums(self, seg: int) -> tuple:
        """Red's and Yellow's disc sums on beach ``seg`` (STR-1.2 "Sum")."""
        d0, d1 = self.discs
        return (sum(v for v in range(1, 6) if d0[v] == seg), sum(v for v in range(1, 6) if d1[v] == seg))

    def supply(self) -> int:
        return LAVA_MARKERS - sum(self.craters)

    def reserve(self, seat: int) -> list:
        return [v for v in range(1, 6) if self.discs[seat][v] == NO_DISC]

    def can_build(self, seat: int) -> bool:
        """STR-7.3 / STR-7.6 / STR-I31."""
        sp = self.shaman[seat]
        return RING[sp] in STATUE_RINGS and self.statues[sp] < 0 and self.statues_left[seat] > 0

    def buy_options(self, seat: int, before_scoring: bool = False) -> list:
        """Cards ``seat`` can buy now (STR-8.1 to STR-8.5, STR-I41; STR-14.9 / STR-I38)."""
        have = len(self.shells[seat])
        out = []
        if not (before_scoring and self.tactical):
            out = [c for c in self.board_cards if COST[c] <= have]
        if self.priestess_up and COST[PRIESTESS] <= have:
            if not (before_scoring and self.tactical and not self.options.get("prescore_priestess", False)):
                out.append(PRIESTESS)
        return out

    # ------------------------------------------------------------------ contract
    @property
    def to_move(self):
        if self.over:
            return None
        t = self.tasks[0]
        return self.current_player if t[0] in ("turn", "shaman") else t[1]

    @property
    def is_terminal(self):
        return self.over

    def scores(self):
        return list(self.points)

    def _winners(self):
        p = self.points
        if p[0] != p[1]:
            return [0 if p[0] > p[1] else 1]               # STR-13.1
        n = [scoring.statues_on_board(self.statues, s) for s in (0, 1)]
        if n[0] != n[1]:
            return [0 if n[0] > n[1] else 1]               # STR-13.2 / STR-I32
        return [1 - self.first]                            # STR-13.3

    def _legal(self):
        t = self.tasks[0]
        k = t[0]
        if k == "turn":
            return self._turn_actions(self.current_player)
        if k == "shaman":
            p = self.current_player
            return ["stay"] + [_SHAMAN[e] for e in shaman_ends(self.shaman[p], self.shaman[1 - p])]
        if k == "pick":
            seg = t[2]
            return [f"pick {j + 1}" for j in range(CARD_SPACES) if self.cards[seg * CARD_SPACES + j] is not None]
        if k == "buy" or k == "prebuy":
            return [f"buy {c}" for c in self.buy_options(t[1], k == "prebuy")] + ["pass"]
        if k == "priestess":
            return self._priestess_actions()
        raise AssertionError(f"no decision pending: {t}")

    def _turn_actions(self, p: int) -> list:
        mine = self.discs[p]
        theirs = self.discs[1 - p]
        my = [0] * NSEG
        op = [0] * NSEG
        for v in range(1, 6):
            s = mine[v]
            if s >= 0:
                my[s] += v
            s = theirs[v]
            if s >= 0:
                op[s] += v
        out = []
        res = [v for v in range(1, 6) if mine[v] == NO_DISC]
        lava = self.tactical and self.lava_disc[p] == NO_DISC
        boat = self.boat
        for v in res:                                   # actions 1a / 1b (STR-2.3, STR-2.4)
            for s in range(NSEG):
                if my[s] + v != op[s]:                  # STR-2.9 / STR-2.10
                    out.append(_PLACE[v, s, False])
                    if lava and s == boat:              # STR-14.3
                        out.append(_PLACE[v, s, True])
        for v in range(1, 6):                           # action 2 (STR-2.5, STR-I11)
            s = mine[v]
            if s >= 0:
                left = my[s] - v
                if not (left == op[s] and left != 0):
                    out.append(_TAKE[v])
        if not res:                                     # action 3 (STR-2.6)
            out.append("boat")
        return out

    def _priestess_actions(self) -> list:
        out = []
        for c in range(NSEG):
            if self.craters[c]:
                for d in neighbours_of_crater(c):
                    out.append(f"priestess c{c} c{d}")
        return out

    # ------------------------------------------------------------------ applying actions
    def _apply(self, action, events):
        t = self.tasks.pop(0)
        k = t[0]
        p = action.split()
        verb = p[0]
        if k == "turn":
            self.turns += 1
            me = self.current_player
            if verb == "place":
                v, seg = int(p[1]), int(p[2][1])
                self.discs[me][v] = seg
                events.append({"type": "place", "seat": me, "value": v, "beach": seg, "lava": len(p) == 4})
                if seg != self.boat:                    # action 1a
                    self.tasks[0:0] = [("shaman",), ("endturn",)]
                else:                                   # action 1b
                    if len(p) == 4:
                        self.lava_disc[me] = seg        # STR-14.3, STR-I36(b)
                    self._move_boat(v, len(p) == 4, "1b", events)
            elif verb == "take":
                v = int(p[1])
                events.append({"type": "take", "seat": me, "value": v, "beach": self.discs[me][v]})
                self.discs[me][v] = NO_DISC
                self.tasks[0:0] = [("shaman",), ("endturn",)]
            else:                                       # action 3
                events.append({"type": "boat_action", "seat": me})
                self._move_boat(1, False, "3", events)
        elif k == "shaman":
            if verb == "shaman":
                me = self.current_player
                frm = self.shaman[me]
                self.shaman[me] = to = _SPACE[p[1]]
                events.append({"type": "shaman", "seat": me, "from": name(frm), "to": name(to)})
        elif k == "pick":
            seat, seg, other = t[1], t[2], t[3]
            slot = seg * CARD_SPACES + int(p[1]) - 1
            card = self.cards[slot]
            self.cards[slot] = None
            events.append({"type": "pick", "seat": seat, "space": int(p[1]), "segment": seg, "card": card})
            new = [("receive", seat, card)]
            if other >= 0:
                new.append(("take", other, seg))        # STR-5.3 the other gets the remaining card
            self.tasks[0:0] = new
        elif k == "buy" or k == "prebuy":
            if verb == "buy":
                self._buy(t[1], p[1], events)
        elif k == "priestess":
            a, b = int(p[1][1]), int(p[2][1])
            self.craters[a] -= 1
            self.craters[b] += 1
            events.append({"type": "priestess", "seat": t[1], "from": a, "to": b})
        self._advance(events)

    def _buy(self, seat: int, card: str, events) -> None:
        cost = COST[card]
        # spend the shells with the fewest butterflies (they matter only for Butterflies)
        held = sorted(self.shells[seat], key=lambda c: BUTTERFLIES[c])
        spent = held[:cost]
        for c in spent:
            self.shells[seat].remove(c)
            self.discard.append(c)                      # STR-7.12
        events.append({"type": "buy", "seat": seat, "card": card, "shells": spent})
        if card == PRIESTESS:
            self.priestess_up = False                   # STR-8.8 face down until STR-12.3
            new = [("priestess", seat)]                 # STR-8.7 used at once
            if self.tactical:
                # STR-14.7 / STR-I37: a bought Priestess counts as receiving one, so the
                # lava disc returns after it is resolved (as far as possible)
                new.append(("lavaback", seat))
            self.tasks[0:0] = new
        else:
            self.board_cards.remove(card)               # STR-8.6
            self.score_cards[seat].append(card)

    def _move_boat(self, n: int, lava: bool, how: str, events) -> None:
        """STR-4.1 to STR-4.5, then the arrival: lava marker, lava discs, trigger, distribution."""
        me = self.current_player
        frm = self.boat
        dest = self.boat = (frm + n) % NSEG
        events.append({"type": "boat", "from": frm, "to": dest, "steps": n})
        if lava and self.supply() > 0:                  # STR-14.4 / STR-14.5 / STR-I36(c)
            self.craters[dest] += 1
            events.append({"type": "lava_marker", "crater": dest, "source": "lava disc"})
        if self.tactical:                               # STR-14.6 / STR-I36(d)
            for q in (0, 1):
                if self.lava_disc[q] == dest:
                    self.lava_disc[q] = NO_DISC
                    events.append({"type": "lava_disc_back", "seat": q})
        lo = dest * CARD_SPACES
        cards = [c for c in self.cards[lo:lo + CARD_SPACES] if c is not None]
        if self.round == 2 and not self.piles[2] and not cards:
            # STR-9.4 / STR-I17 second scoring
            self.triggers.append({"scoring": 2, "seat": me, "by": how, "turn": self.turns})
            events.append({"type": "trigger", "scoring": 2, "seat": me})
            self.tasks[0:0] = [("return", dest), ("prebuy", me), ("prebuy", 1 - me), ("erupt",), ("score", 2), ("end",)]
            return
        # STR-5.1 to STR-5.7 and STR-I9
        s0, s1 = self.sums(dest)
        has0, has1 = dest in self.discs[0], dest in self.discs[1]
        new = []
        if has0 or has1:
            if has0 and has1:
                hi = 0 if s0 > s1 else 1
                lo_seat = 1 - hi
            else:
                hi = 0 if has0 else 1
                lo_seat = -1
            if len(cards) == 2:
                if FACE[cards[0]] == FACE[cards[1]]:
                    new.append(("take", hi, dest))      # STR-5.4 identical cards: only hi receives
                else:
                    new.append(("pick", hi, dest, lo_seat))
            elif len(cards) == 1:
                new.append(("take", hi, dest))          # STR-I9 one card: hi must take it
        new += [("return", dest), ("refill",), ("endturn",)]
        self.tasks[0:0] = new

    # ------------------------------------------------------------------ automatic steps
    def _advance(self, events) -> None:
        tasks = self.tasks
        while tasks:
            t = tasks[0]
            k = t[0]
            if k in DECISIONS:
                if k == "turn":
                    return
                if k == "shaman":
                    p = self.current_player
                    if shaman_ends(self.shaman[p], self.shaman[1 - p]):
                        return
                elif k == "pick":
                    return
                elif k == "buy" or k == "prebuy":
                    if self.buy_options(t[1], k == "prebuy"):
                        return
                elif k == "priestess":
                    if any(self.craters):
                        return
                    events.append({"type": "priestess_impossible", "seat": t[1]})
                tasks.pop(0)
                continue
            tasks.pop(0)
            if k == "take":
                seat, seg = t[1], t[2]
                for j in range(CARD_SPACES):
                    slot = seg * CARD_SPACES + j
                    if self.cards[slot] is not None:
                        card = self.cards[slot]
                        self.cards[slot] = None
                        events.append({"type": "receive_card", "seat": seat, "card": card, "segment": seg})
                        tasks.insert(0, ("receive", seat, card))
                        break
            elif k == "receive":
                self._receive(t[1], t[2], events)
            elif k == "lavaback":
                seat = t[1]
                if self.lava_disc[seat] >= 0:
                    self.lava_disc[seat] = NO_DISC
                    events.append({"type": "lava_disc_back", "seat": seat})
            elif k == "return":
                seg = t[1]                              # STR-5.11 / STR-I12(a)
                for q in (0, 1):
                    d = self.discs[q]
                    for v in range(1, 6):
                        if d[v] == seg:
                            d[v] = NO_DISC
                events.append({"type": "discs_back", "beach": seg})
            elif k == "refill":
                self._refill(events)
            elif k == "endturn":
                self.current_player = 1 - self.current_player           # STR-2.1
                tasks.append(("turn",))
            elif k == "erupt":
                self._erupt(events)
            elif k == "score":
                self._score(t[1], events)
            elif k == "prep2":
                self._prepare_round2(events)
            elif k == "end":
                self.over = True
                tasks.clear()
                events.append({"type": "game_over", "scores": list(self.points), "winners": self._winners()})
                return

    def _receive(self, seat: int, card: str, events) -> None:
        """STR-5.8, STR-5.9, STR-7.*: a received card is taken and its action carried out."""
        kind = KIND[card]
        if kind == "build":
            sp = self.shaman[seat]
            if self.can_build(seat):                    # STR-7.3 / STR-7.6
                self.statues[sp] = seat
                self.statues_left[seat] -= 1
                events.append({"type": "build", "seat": seat, "space": name(sp)})
            else:
                events.append({"type": "build_impossible", "seat": seat})
            self.discard.append(card)                   # STR-7.2
        elif kind == "priestess":
            self.discard.append(card)                   # STR-7.2
            new = [("priestess", seat)]                 # STR-7.7 / STR-I20 compulsory when possible
            if self.tactical:
                new.append(("lavaback", seat))          # STR-14.7
            self.tasks[0:0] = new
        elif kind == "shell":
            self.shells[seat].append(card)              # STR-7.11
            self.tasks.insert(0, ("buy", seat))         # STR-7.10 / STR-I22(a)
        elif kind == "lava":                            # cannot lie in a card space; kept for safety
            self.discard.append(card)
        else:
            self.front[seat].append(card)               # STR-7.14

    def _refill(self, events, setup: bool = False) -> None:
        """STR-6.1 to STR-6.8, fill order STR-I13; the first scoring trigger STR-9.1 / STR-I16."""
        piles = self.piles
        boat = self.boat
        for k in range(NSEG):
            seg = (boat + k) % NSEG
            for j in range(CARD_SPACES):
                slot = seg * CARD_SPACES + j
                if self.cards[slot] is not None:
                    continue
                while True:
                    deck = 0 if piles[0] else 1 if piles[1] else 2 if piles[2] else -1
                    if setup and deck != 0:
                        deck = -1                       # STR-1.8 only 1-palm cards at set-up
                    if deck < 0:
                        return                          # STR-6.7 nothing left to draw
                    card = piles[deck].pop()
                    if KIND[card] == "lava":            # STR-6.4 to STR-6.6
                        self.discard.append(card)
                        placed = self.supply() > 0      # STR-I14(a)
                        if placed:
                            self.craters[boat] += 1
                        events.append({"type": "lava_card", "card": card, "crater": boat, "marker": placed})
                    else:
                        self.cards[slot] = card
                        events.append({"type": "draw", "card": card, "space": slot, "segment": seg, "deck": deck + 1})
                    if deck == 1 and not piles[1] and self.round == 1:
                        # STR-9.1 / STR-I16: the first scoring interrupts the refill (STR-6.8)
                        me = self.current_player
                        how = "lava" if KIND[card] == "lava" else "card"
                        self.triggers.append({"scoring": 1, "seat": me, "by": how, "turn": self.turns})
                        self.turns_round1 = self.turns
                        events.append({"type": "trigger", "scoring": 1, "seat": me})
                        self.tasks[0:0] = [("prebuy", me), ("prebuy", 1 - me), ("erupt",), ("score", 1), ("prep2",), ("refill",)]
                        return
                    if self.cards[slot] is not None:
                        break

    def _erupt(self, events) -> None:
        """STR-10.3 to STR-10.11."""
        destroyed = []
        for seg in range(NSEG):
            n = self.craters[seg]
            for ring in STATUE_RINGS[::-1][:min(n, 3)]:  # mountain, forest, plain
                sp = ring * NSEG + seg
                owner = self.statues[sp]
                if owner >= 0 and sp not in self.shaman:  # STR-10.10 / STR-I30
                    self.statues[sp] = -1
                    self.statues_left[owner] += 1         # STR-10.9
                    destroyed.append({"space": name(sp), "seat": owner})
        events.append({"type": "eruption", "craters": list(self.craters), "destroyed": destroyed})
        self.craters = [0] * NSEG                        # STR-10.11

    def _score(self, rnd: int, events) -> None:
        self.last_scoring = []
        for seat in (0, 1):
            parts = scoring.breakdown(self, seat, rnd)
            total = sum(parts.values())
            self.points[seat] += total                   # STR-11.1
            self.last_scoring.append({"round": rnd, "parts": parts, "total": total})
            events.append({"type": "score", "round": rnd, "seat": seat, "parts": parts, "total": total})

    def _prepare_round2(self, events) -> None:
        """STR-12.1 to STR-12.3 (the refill follows: STR-12.4, STR-I19)."""
        self.craters = [0] * NSEG
        self.board_cards = list(SCORE_CARDS)
        self.score_cards = [[], []]
        self.priestess_up = True
        self.round = 2
        events.append({"type": "round2"})

    def canonical(self, text):
        return notation.canonical(text)

    # ------------------------------------------------------------------ copying and views
    def _copy_fields(self, new):
        d = new.__dict__
        s = self.__dict__
        for k in ("tactical", "first", "current_player", "boat", "priestess_up", "round", "over", "turns", "turns_round1"):
            d[k] = s[k]
        d["shaman"] = self.shaman[:]
        d["discs"] = [self.discs[0][:], self.discs[1][:]]
        d["statues_left"] = self.statues_left[:]
        d["statues"] = self.statues[:]
        d["lava_disc"] = self.lava_disc[:]
        d["points"] = self.points[:]
        d["piles"] = [self.piles[0][:], self.piles[1][:], self.piles[2][:]]
        d["discard"] = self.discard[:]
        d["cards"] = self.cards[:]
        d["craters"] = self.craters[:]
        d["front"] = [self.front[0][:], self.front[1][:]]
        d["shells"] = [self.shells[0][:], self.shells[1][:]]
        d["score_cards"] = [self.score_cards[0][:], self.score_cards[1][:]]
        d["board_cards"] = self.board_cards[:]
        d["triggers"] = self.triggers[:]                 # dicts are never changed once appended
        d["last_scoring"] = self.last_scoring            # replaced, never changed in place
        d["tasks"] = self.tasks[:]                       # tuples are immutable

    def _readings(self, actor, action, events, reader):
        from .views import readings
        return readings(self, actor, action, events, reader)

    def has_hidden(self, player):
        # only the order of the face-down palm piles is hidden, from everyone (STR-1.9, STR-1.10)
        return any(len(p) > 1 for p in self.piles)

    def _resample_hidden(self, player, rng):
        # sorted first: the sample is a function of the generator alone, not of the true order
        for pile in self.piles:
            pile.sort()
            rng.shuffle(pile)

    def pending(self) -> dict:
        """The decision waiting now, in words (for observations and rendering)."""
        if self.over:
            return {"kind": "over"}
        t = self.tasks[0]
        d = {"kind": t[0], "seat": self.to_move}
        if t[0] == "pick":
            d["segment"] = t[2]
        return d

    def _observe(self, player):
        from .views import observe
        return observe(self, player)

    def render(self, player=None, labels=None, lang="en"):
        from .render import render

        return render(self, player, labels, lang)


_SPACE = {name(sp): sp for sp in range(NSEG * 6)}
__all__ = ["StromboliState", "COLOURS", "card_label", "BUYABLE", "PLAIN", "SEG"]
