"""Why an action is illegal: the clause it breaks, in the words of the rule."""
from __future__ import annotations

from lapilli.engine import IllegalAction, NotationError, said

from . import notation as nt
from .board import ISLAND_SET, NEIGH, RIM

LAND, BOAT, SEA = 1, 2, 3

# the decision each verb belongs to
PHASE_OF = {
    "place": "place", "boat": "boat", "play": "tile", "walk": "move", "swim": "move", "board": "move",
    "isle": "move", "sail": "move", "end": "move", "remove": "remove", "serpent": "creature",
    "shark": "creature", "whale": "creature", "squid": "creature", "dolphin": "creature", "drift": "creature",
    "shift": "creature", "none": "creature", "repel": "repel", "eat": "eat", "protect": "protect",
    "squidplace": "squid", "take": "take", "aboard": "aboard", "pass": "tile",
}
ASKED = {
    "place": ("ISL-1.6", said('isl.ISL-1.6.explorers-placed-one-at', "explorers are placed one at a time in turn order: place one of your explorers now ('place <value> <r,c>')")),
    "boat": ("ISL-1.9", said('isl.ISL-1.9.boats-placed-now-one', "boats are placed now, one at a time in turn order ('boat <r,c>')")),
    "tile": ("ISL-3.1", said('isl.ISL-3.1.this-step-play-start', "this is step 1: play a start-of-turn tile from your hand or 'pass'")),
    "move": ("ISL-2.2", said('isl.ISL-2.2.this-step-move-explorers', "this is step 2: move explorers and boats, or 'end'")),
    "remove": ("ISL-5.1", said('isl.ISL-5.1.this-step-remove-one', "this is step 3: remove one terrain tile ('remove <r,c>')")),
    "creature": ("ISL-7.2", said('isl.ISL-7.2.this-step-move-creature', "this is step 4: move a creature of the kind rolled, or 'none'")),
    "c5": ("ISL-15.9", said('isl.ISL-15.9.one-challenge-movement-move', "your one Challenge 5 movement: move your explorer from the sunk tile, or 'pass'")),
    "repel": ("ISL-6.14", said('isl.ISL-6.14.may-play-repellent-now', "you may play your repellent now ('repel') or 'pass'")),
    "protect": ("ISL-16.23", said('isl.ISL-16.23.choose-swimmer-dolphin-protects', "choose the swimmer the dolphin protects ('protect <explorer>')")),
    "eat": ("ISL-17.12", said('isl.ISL-17.12.one-explorer-must-removed', "one explorer must be removed by the giant squid ('eat <explorer>')")),
    "squid": ("ISL-17.3", said('isl.ISL-17.3.place-giant-squid-empty', "place the giant squid on an empty sea space next to a terrain tile ('squid <r,c>')")),
    "take": ("ISL-15.16", said('isl.ISL-15.16.choose-empty-boat-board', "choose an empty boat on the board to move onto the emptied space ('take <r,c>')")),
    "aboard": ("ISL-6.5", said('isl.ISL-6.5.choose-exactly-which-swimmers', "choose exactly which swimmers board the boat ('aboard X Y Z')")),
}


class ExplainMixin:

    def _explain(self, action):
        try:
            verb, args = nt.parse(action)
        except NotationError as e:
            return e
        d = self.decision
        rule, msg = self._why(verb, args, d)
        return IllegalAction(msg, rule, action)

    def _why(self, verb, args, d):
        p = self.decision_seat
        if verb == "pass" and d in ("tile", "c5", "repel"):
            return ASKED[d]
        if verb == "repel" and d == "repel":
            return "ISL-6.14", said('isl.ISL-6.14.hold-no-repellent-that', 'you hold no repellent of that kind to play')
        if d == "c5":
            return self._why_c5(verb, args)
        phase = PHASE_OF.get(verb)
        if phase != d:
            if verb == "repel" and d in ("tile", "move", "remove", "creature"):
                return "ISL-3.4", said('isl.ISL-3.4.defensive-tiles-can-never', 'defensive tiles can never be played during your own turn')
            if verb == "play" and args and args[0] in ("serpent", "shark", "whale", "squid", "dolphin", "winds"):
                if d in ("move", "remove", "creature"):
                    return "ISL-2.2", said('isl.ISL-2.2.tile-from-hand-can', 'a tile from the hand can be played only in step 1, before moving')
            return ASKED.get(d, ("ISL-2.2", said('isl.ISL-2.2.that-not-possible-now', 'that is not possible now')))
        fn = getattr(self, "_why_" + verb, None)
        if fn is not None:
            r = fn(args, p)
            if r:
                return r
        return ASKED[d]

    # ------------------------------------------------------------------ set-up
    def _why_place(self, args, p):
        v, h = args
        if v not in self.unplaced[p]:
            return "ISL-1.7", said('isl.ISL-1.7.have-no-explorer-value', 'you have no explorer of value {v} left to place', v=v)
        if h not in ISLAND_SET or self.terrain[h] < 0:
            return "ISL-1.6", said('isl.ISL-1.6.explorers-placed-terrain-tiles', 'explorers are placed on terrain tiles')
        cnt = self._tile_counts().get(h, 0)
        own = any(self.explorer_where[e] == LAND and self.explorer_at[e] == h for e in range(p * 10, p * 10 + 10))
        if self.challenge_1:
            if h in RIM:
                return "ISL-10.3", said('isl.ISL-10.3.during-setup-rim-tile', 'during setup a rim tile may hold at most 1 explorer')
            return "ISL-10.2", said('isl.ISL-10.2.during-setup-tile-may', 'during setup a tile may hold at most 2 explorers')
        if self.challenge_5 and cnt >= 2:
            return "ISL-15.6", said('isl.ISL-15.6.no-explorer-may-placed', 'no explorer may be placed on a tile that already holds two explorers')
        if self.challenge_5 and own:
            return "ISL-15.7", said('isl.ISL-15.7.no-explorer-may-placed', 'no explorer may be placed on a tile that already holds one of your colour')
        if own and not any(True for x in self._placement_tiles(p) if x not in self._tile_counts()):
            return "ISL-14.13", said('isl.ISL-14.13.last-placements-may-not', 'the last placements may not go on a tile holding an explorer of your colour')
        return "ISL-1.6", said('isl.ISL-1.6.each-explorer-placed-terrain', 'each explorer is placed on a terrain tile that holds no explorer')

    def _why_boat(self, args, p):
        return "ISL-1.10", said('isl.ISL-1.10.boat-placed-sea-space', 'a boat is placed on a sea space next to a terrain tile with no boat and no sea serpent')

    # ------------------------------------------------------------------ step 1
    def _why_play(self, args, p):
        kind, src, dst = args
        back = {"dolphin": "dolphin", "winds": "winds", "serpent": "move_serpent", "shark": "move_shark",
                "whale": "move_whale", "squid": "move_whale"}[kind]
        if not any(b == back for _, b in self.hands[p]):
            return "ISL-3.2", said('isl.ISL-3.2.can-play-only-tile', 'you can play only a tile you took in an earlier turn and still hold')
        if kind in ("serpent", "shark", "whale", "squid"):
            if kind == "squid" and not self.squids:
                return "ISL-6.13", said('isl.ISL-6.13.whale-tile-moves-whale', 'the whale tile moves a whale')
            if src not in self.creatures[kind]:
                return "ISL-6.11", said('isl.ISL-6.11.there-no-that-space', 'there is no {kind} on that space to move', kind=kind)
            rule = {"serpent": "ISL-6.11", "shark": "ISL-6.12", "whale": "ISL-6.13", "squid": "ISL-17.6"}[kind]
            if kind == "squid":
                return rule, "the squid moves to an empty sea space (no piece on it) or stays where it is"
            return rule, f"the {kind} must be moved to an empty sea space (no piece on it)"
        if kind == "winds":
            b = self.boat_on_hex.get(src)
            if b is None or not self.boat_passengers[b] or p not in self._controllers(b):
                return "ISL-6.10", said('isl.ISL-6.10.favourable-winds-move-boat', 'favourable winds move a boat you control')
            if dst in self.creatures["squid"]:
                return "ISL-17.18", said('isl.ISL-17.18.occupied-boat-may-never', "an occupied boat may never be moved into a giant squid's space")
            return "ISL-6.10", said('isl.ISL-6.10.boat-moves-sea-spaces', 'the boat moves 1 to 3 sea spaces, following the boat rules')
        if src // 10 != p or self.explorer_where[src] != SEA:
            return "ISL-6.9", said('isl.ISL-6.9.dolphin-tile-moves-one', 'the dolphin tile moves one of your own swimmers')
        return "ISL-6.9", said('isl.ISL-6.9.swimmer-moves-sea-spaces', 'the swimmer moves 1 to 3 sea spaces')

    # ------------------------------------------------------------------ step 2
    def _own(self, e, p):
        if e // 10 != p:
            return "ISL-2.9", said('isl.ISL-2.9.nobody-may-move-another', "nobody may move another player's explorers")
        if self.explorer_where[e] not in (LAND, BOAT, SEA):
            return "ISL-4.34", said('isl.ISL-4.34.that-explorer-not-board', 'that explorer is not on the board to be moved (saved explorers never move)')
        return None

    def _why_walk(self, args, p):
        e, h = args
        r = self._own(e, p)
        if r:
            return r
        if self.explorer_where[e] != LAND:
            return "ISL-4.11", said('isl.ISL-4.11.once-explorer-has-left', 'once an explorer has left the island it may never again enter a terrain tile')
        if self.terrain[h] < 0:
            return "ISL-4.5", said('isl.ISL-4.5.walking-goes-terrain-tile', "walking goes to a terrain tile; use 'swim' to enter the sea")
        return "ISL-4.5", said('isl.ISL-4.5.explorer-land-moves-adjacent', 'an explorer on land moves to an adjacent terrain tile')

    def _why_swim(self, args, p):
        e, h, dol = args
        r = self._own(e, p)
        if r:
            return r
        if e in self.sea_moved:
            return "ISL-4.13", said('isl.ISL-4.13.explorer-may-move-at', 'an explorer may move at most one sea space as a swimmer per turn')
        if dol:
            if e not in self.dolphin_protects:
                return "ISL-16.28", said('isl.ISL-16.28.only-protected-swimmer-may', 'only a protected swimmer may take its dolphin along')
            return "ISL-16.29", said('isl.ISL-16.29.dolphin-moves-with-its', 'a dolphin moves with its swimmer one sea space only')
        if self.terrain[h] >= 0:
            return "ISL-4.11", said('isl.ISL-4.11.swimmer-may-never-again', 'a swimmer may never again enter a terrain tile')
        if self.explorer_where[e] == BOAT:
            return "ISL-4.9", said('isl.ISL-4.9.explorer-boat-jumps-into', 'an explorer in a boat jumps into the sea space its boat is on')
        return "ISL-4.12", said('isl.ISL-4.12.swimmer-moves-into-adjacent', 'a swimmer moves into an adjacent sea space')

    def _why_board(self, args, p):
        e, h = args
        r = self._own(e, p)
        if r:
            return r
        b = self.boat_on_hex.get(h)
        if b is None:
            return "ISL-4.6", said('isl.ISL-4.6.there-no-boat-that', 'there is no boat on that space')
        if len(self.boat_passengers[b]) >= 3:
            return "ISL-4.22", said('isl.ISL-4.22.boat-never-carries-more', 'a boat never carries more than 3 explorers')
        if self.explorer_where[e] == SEA:
            if e in self.sea_moved:
                return "ISL-4.13", said('isl.ISL-4.13.boarding-this-swimmer-s', "boarding is this swimmer's one sea move and it has already made it this turn")
            return "ISL-4.15", said('isl.ISL-4.15.swimmer-may-board-only', 'a swimmer may board only a boat on its own sea space, not on an adjacent one')
        if self.explorer_where[e] == BOAT:
            return "ISL-4.8", said('isl.ISL-4.8.explorer-boat-may-move', 'an explorer in a boat may move into a boat on an adjacent sea space')
        return "ISL-4.6", said('isl.ISL-4.6.explorer-land-may-move', 'an explorer on land may move into a boat on an adjacent sea space')

    def _why_isle(self, args, p):
        e, k = args
        r = self._own(e, p)
        if r:
            return r
        if self.explorer_where[e] == SEA and e in self.sea_moved:
            return "ISL-4.13", said('isl.ISL-4.13.reaching-safe-isle-this', "reaching a safe isle is this swimmer's one sea move, already made")
        if self.explorer_where[e] == LAND:
            return "ISL-0.16", said('isl.ISL-0.16.safe-isle-adjacent-only', 'a safe isle is adjacent only to its two entrance sea spaces')
        return ("ISL-4.31" if self.explorer_where[e] == BOAT else "ISL-4.32",
                "a safe isle is reached only from one of its two entrance hexes")

    def _why_sail(self, args, p):
        src, dst = args
        b = self.boat_on_hex.get(src)
        if b is None:
            return "ISL-4.20", said('isl.ISL-4.20.there-no-boat-that', 'there is no boat on that space')
        if self.boat_passengers[b] and p not in self._controllers(b):
            return "ISL-4.25", said('isl.ISL-4.25.only-player-who-controls', 'only a player who controls an occupied boat may move it')
        if dst not in NEIGH[src] or self.terrain[dst] >= 0:
            return "ISL-4.20", said('isl.ISL-4.20.boat-moves-adjacent-sea', 'a boat moves to an adjacent sea space, never onto a tile or an isle')
        if dst in self.boat_on_hex:
            return "ISL-4.21", said('isl.ISL-4.21.sea-space-never-holds', 'a sea space never holds more than one boat')
        if self.boat_passengers[b] and dst in self.creatures["squid"]:
            return "ISL-17.18", said('isl.ISL-17.18.occupied-boat-may-never', "an occupied boat may never be moved into a giant squid's space")
        return None

    # ------------------------------------------------------------------ step 3
    def _why_remove(self, args, p):
        (h,) = args
        if h not in ISLAND_SET or self.terrain[h] < 0:
            return "ISL-5.1", said('isl.ISL-5.1.there-no-terrain-tile', 'there is no terrain tile on that space')
        legal = self._removable()
        kind = self.terrain[legal[0]] if legal else -1
        if self.terrain[h] != kind:
            return "ISL-5.3", said('isl.ISL-5.3.beaches-go-first-then', 'beaches go first, then forests, then mountains')
        return "ISL-5.2", said('isl.ISL-5.2.removed-tile-must-adjacent', 'the removed tile must be adjacent to a sea space')

    def _why_aboard(self, args, p):
        return "ISL-6.5", said('isl.ISL-6.5.choose-exactly-swimmers-space', 'choose exactly {p} of the swimmers on the space to board', p=self.decision_data.get('room', 3))

    def _why_take(self, args, p):
        (h,) = args
        b = self.boat_on_hex.get(h)
        if b is not None and self.boat_passengers[b]:
            return "ISL-15.16", said('isl.ISL-15.16.only-empty-boat-may', 'only an empty boat may be taken from the board')
        return "ISL-15.16", said('isl.ISL-15.16.choose-empty-boat-board-2', 'choose an empty boat on the board')

    def _why_squidplace(self, args, p):
        return "ISL-17.3", said('isl.ISL-17.3.squid-goes-empty-sea', 'the squid goes on an empty sea space adjacent to a terrain tile')

    def _why_eat(self, args, p):
        return "ISL-17.12", said('isl.ISL-17.12.victim-one-explorer-adjacent', "the victim is one explorer on an adjacent terrain tile or in the occupied boat on the squid's space")

    def _why_protect(self, args, p):
        return "ISL-16.23", said('isl.ISL-16.23.dolphin-protects-one-unprotected', 'the dolphin protects one of the unprotected swimmers on its space')

    # ------------------------------------------------------------------ step 4
    def _why_creature(self, kind, src, dst):
        kinds, dist = self._roll_kinds()
        if kind not in kinds:
            return ("ISL-16.9" if self.dolphins else "ISL-7.2"), (said("isl.dice-allow-one", "the dice allow moving a {kind} only", kind=kinds[0]) if len(kinds) == 1
                    else said("isl.dice-allow", "the dice allow moving a {kinds} only", kinds=" or ".join(kinds)))
        if src not in self.creatures.get(kind, ()):
            return "ISL-7.2", said('isl.ISL-7.2.there-no-that-space', 'there is no {kind} on that space', kind=kind)
        if dist == "D":
            return "ISL-16.13", said('isl.ISL-16.13.with-d-piece-goes', 'with D the piece goes to an empty sea space (no piece on it)')
        if self.terrain[dst] >= 0:
            return "ISL-7.4", said('isl.ISL-7.4.creatures-never-enter-terrain', 'creatures never enter terrain tiles or safe isles')
        if kind == "squid":
            return "ISL-17.9", said('isl.ISL-17.9.squid-s-movement-ends', "the squid's movement ends on a space with an occupied boat or a whale, or next to explorers on land")
        if self.dolphins:
            return "ISL-16.16", said('isl.ISL-16.16.moves-up-sea-spaces', 'the {kind} moves up to {dist} sea spaces and stops where it can attack', kind=kind, dist=dist)
        rule = {"serpent": "ISL-7.6", "shark": "ISL-7.10", "whale": "ISL-7.13"}[kind]
        return rule, f"a {kind} moves at most {dist} spaces and its movement ends where it attacks"

    def _why_serpent(self, args, p):
        return self._why_creature("serpent", *args)

    def _why_shark(self, args, p):
        return self._why_creature("shark", *args)

    def _why_whale(self, args, p):
        return self._why_creature("whale", *args)

    def _why_squid(self, args, p):
        return self._why_creature("squid", *args)

    def _why_dolphin(self, args, p):
        kinds, dist = self._roll_kinds()
        if "dolphin" not in kinds:
            return "ISL-16.9", said('isl.ISL-16.9.dive-dice-do-not', 'the dive dice do not allow moving a dolphin')
        if dist == "D":
            return "ISL-16.13", said('isl.ISL-16.13.with-d-dolphin-goes', 'with D the dolphin goes to an empty sea space')
        return "ISL-16.32", said('isl.ISL-16.32.dolphin-moves-up-sea', 'a dolphin moves up to {dist} sea spaces', dist=dist)

    def _why_shift(self, args, p):
        if self.options.get("dolphin_shift", "several") == "several":
            return "ISL-16.31", said("isl.ISL-16.31.shift-several", "protection shifts only to another unprotected swimmer "
                                     "on the dolphin's space, when several swimmers share it")
        return "ISL-16.31", said("isl.ISL-16.31.shift", "protection shifts only to another unprotected swimmer on the dolphin's space")

    def _why_none(self, args, p):
        if self.dolphins and not self._may_skip_creature():
            return "ISL-16.12", (said('isl.ISL-16.12.with-dive-dice-creature', 'with the dive dice a creature or empty boat must be moved (house rule dive_move: compulsory)'))
        return None

    def _why_drift(self, args, p):
        src, dst = args
        kinds, dist = self._roll_kinds()
        if "boat" not in kinds:
            return "ISL-16.9", said('isl.ISL-16.9.dive-dice-do-not-2', 'the dive dice do not allow moving an empty boat')
        b = self.boat_on_hex.get(src)
        if b is not None and self.boat_passengers[b]:
            return "ISL-16.15", said('isl.ISL-16.15.occupied-boat-may-never', 'an occupied boat may never be moved with the dive dice')
        return "ISL-16.17", said('isl.ISL-16.17.empty-boat-moves-through', 'an empty boat moves through sea spaces that hold no boat')

    def _why_c5(self, verb, args):
        ids = tuple(self.decision_data.get("ids", ()))
        if verb in ("sail", "drift"):
            return "ISL-15.15", said('isl.ISL-15.15.challenge-movement-moves-explorer', 'the Challenge 5 movement moves an explorer, never a boat')
        if verb in ("walk", "swim", "board", "isle"):
            e = args[0]
            if e not in ids:
                return "ISL-15.10", said('isl.ISL-15.10.these-movements-used-one', "these movements are used one player at a time, in turn order, each only with that player's explorer from the sunk tile")
            if verb == "swim" and len(args) > 2 and args[2]:
                return "ISL-I39", said('isl.ISL-I39.dolphin-does-not-follow', 'the dolphin does not follow the Challenge 5 movement')
            return "ISL-15.15", said('isl.ISL-15.15.movement-one-movement-point', 'the movement is one movement point under the step-2 rules')
        return ASKED["c5"]
