"""What each seat may see (observation), may read of each act (readings), and the re-sampling of
what it may not see (determinize).

Hidden things (ISL-6.3 of the spec, section 6.3):
* the backs of the tiles still on the island: nobody knows them (ISL-1.4);
* the backs of red tiles in a hand: only the holder knows them (ISL-5.10, ISL-5.11, ISL-I44);
* explorer values: hidden from everyone once placed, the owner included (ISL-1.12; the issue asks
  for this, so ``own_values_visible`` defaults to False; ISL-I10 reading (a) is the option set to
  True); values still to be placed are seen by their owner only (ISL-1.7).  All values are shown
  once the game is over (ISL-I11).
"""
from __future__ import annotations

from lapilli.engine.narration import with_quiet_act

from . import notation as nt
from .board import ISLAND_SLOTS, ISLE_NAMES, NAME
from .data import RED_BACKS, TERRAINS

SEA, BOAT, LAND, ISLE = 3, 2, 1, 4


class ViewsMixin:

    def _readings(self, actor, action, events, reader):
        return readings(self, actor, action, events, reader)

    def reading_key(self):
        # _item reads the position only through _value_visible and ``over``: the end of the game
        # shows every value, and the table's option whether players see their own values
        return (self.over, self.own_values_visible)
    def _value_visible(self, e, player):
        if self.over:
            return True
        return self.own_values_visible and player is not None and e // 10 == player

    def _observe(self, player):
        return observe(self, player)

    # ------------------------------------------------------------------ determinization
    def _keepable(self):
        """Backs that can sit in a hand (red, and not the dolphin under Challenge 6, ISL-16.5)."""
        return {b for b in RED_BACKS if not (b == "dolphin" and self.dolphins)}

    def _hidden_tiles(self, player):
        """Per terrain: island hexes and (seat, index) hand positions whose backs ``player`` cannot see."""
        out = {}
        for h in ISLAND_SLOTS:
            t = self.terrain[h]
            if t >= 0:
                out.setdefault(t, ([], []))[0].append(h)
        for q in range(self.num_players):
            if q == player:
                continue
            for i, (t, _) in enumerate(self.hands[q]):
                out.setdefault(t, ([], []))[1].append((q, i))
        return out

    def _hidden_values(self, player):
        """Per seat: explorers whose values ``player`` cannot see, and whether its unplaced ones are hidden."""
        out = []
        w = self.explorer_where
        over = self.over
        mine = self.own_values_visible and player is not None     # _value_visible, per seat at once
        for q in range(self.num_players):
            if over or (mine and q == player):
                eids = []
            else:
                eids = [e for e in range(q * 10, q * 10 + 10) if w[e] != 0]
            out.append((q, eids, q != player))
        return out

    def has_hidden(self, player):
        if self.over:
            return False
        keep = self._keepable()
        for t, (isl, hand) in self._hidden_tiles(player).items():
            ib = [self.back[h] for h in isl]
            hb = [self.hands[q][i][1] for q, i in hand]
            if len(set(ib)) > 1 or len(set(hb)) > 1:
                return True
            if hb and any(b in keep and b != hb[0] for b in ib):
                return True
        for q, eids, unpl in self._hidden_values(player):
            pool = [self.explorer_value[e] for e in eids] + (list(self.unplaced[q]) if unpl else [])
            if len(set(pool)) > 1 and (len(eids) > 1 or (eids and unpl)):
                return True
        return False

    def _resample_hidden(self, player, rng):
        self._resample_plan(self._hidden_plan(player), rng)

    def _hidden_plan(self, player):
        """The pools of hidden tile backs (per terrain) and explorer values (per seat) of this
        position, for many determinizations of it (``_resample_plan`` copies them).  Each pool is
        sorted: the samples are a function of what ``player`` sees and the generator alone, never
        of the order in which the hidden backs and values happen to lie (a side channel)."""
        tiles = [(t, isl, hand, sorted([self.back[h] for h in isl] + [self.hands[q][i][1] for q, i in hand]))
                 for t, (isl, hand) in self._hidden_tiles(player).items()]
        vals = [(q, eids, unpl, sorted([self.explorer_value[e] for e in eids] + (list(self.unplaced[q]) if unpl else [])))
                for q, eids, unpl in self._hidden_values(player)]
        return self._keepable(), tiles, vals

    def _resample_plan(self, plan, rng):
        keep, tiles, vals = plan
        for t, isl, hand, pool in tiles:
            pool = pool.copy()
            rng.shuffle(pool)
            for q, i in hand:                     # hands get red backs, consistent with ISL-5.10
                reds = [k for k, b in enumerate(pool) if b in keep]
                k = reds[rng.randbelow(len(reds))]
                b = pool.pop(k)
                self.hands[q][i] = (t, b)
            for h, b in zip(isl, pool):
                self.back[h] = b
        for q, eids, unpl, pool in vals:
            pool = pool.copy()
            rng.shuffle(pool)
            for e in eids:
                self.explorer_value[e] = pool.pop()
            if unpl:
                self.unplaced[q] = sorted(pool)


# ---------------------------------------------------------------------- readings (the door)
# events whose subject is the seat that acted (the event itself names no seat)
_BY_ACTOR = frozenset({"placed", "boat_placed", "move", "boat_moved", "tile_removed", "roll", "creature_moved",
                       "swim", "board", "saved", "squid_placed", "dolphin_moved", "boat_taken", "protect"})
# actions that cause no event of their own
_QUIET = {"end": "act.end", "pass": "act.pass", "none": "act.none"}


def _item(state, actor, ev, reader):
    t = ev["type"]
    args = {k: v for k, v in ev.items() if k not in ("type", "private")}
    if t in _BY_ACTOR and actor is not None:
        args["seat"] = actor
    if t == "placed":
        # the value: to whom the views show it now (ISL-1.7, ISL-1.12, ISL-I10, ISL-I11)
        e = nt.parse_label(ev["explorer"])
        if state._value_visible(e, reader):
            return {"key": "placed.value", "args": dict(args, value=ev["private"]["value"])}
        return {"key": "placed", "args": args}
    if t == "tile_kept":
        # a kept tile's back: its holder only, everyone at the end (ISL-5.10, ISL-5.11)
        see = state.over or (reader is not None and reader == ev["seat"])
        chance = {"kind": "tile", "name": "tile", "value": ev["private"]["back"] if see else None}
        if see:
            return {"key": "tile_kept.back", "args": dict(args, back=ev["private"]["back"]), "chance": chance}
        return {"key": "tile_kept", "args": args, "chance": chance}
    if t == "tile_revealed":
        return {"key": t, "args": args, "chance": {"kind": "tile", "name": "tile", "value": ev["back"]}}
    if t == "roll":
        die = ev["dice"]
        value = ev["kind"] if die == "creature" else f"{ev['kind']} {ev['distance']}"
        return {"key": "roll." + die, "args": args, "chance": {"kind": "die", "name": die + " die", "value": value}}
    if t == "shuffle":
        return {"key": "setup", "args": {}}
    if t == "game_end":
        args.pop("scores", None)
    return {"key": t, "args": args}


def readings(state, actor, action, events, reader):
    return with_quiet_act([_item(state, actor, ev, reader) for ev in events], actor, action, _QUIET)


# each explorer's label and the names of its places, worked out once (observe tells them at every view)
_LABELS = tuple(nt.label(e) for e in range(60))
_WHERE = (None, "land", "boat", "sea", "isle", "lost")


def observe(state, player):
    """What ``player`` may see (None: a spectator): see the module docstring for what is hidden."""
    n = state.num_players
    where, at, boat_at = state.explorer_where, state.explorer_at, state.boat_at
    # ``_value_visible`` for every explorer at once: all at the end, else the reader's own when
    # the table lets players see them
    over = state.over
    mine = player if state.own_values_visible and player is not None else None
    explorers = []
    for e in range(60):
        w = where[e]
        if w == 0:
            continue
        item = {"id": _LABELS[e], "seat": e // 10, "where": _WHERE[w]}
        if w == LAND or w == SEA:
            item["at"] = NAME[at[e]]
        elif w == BOAT:
            item["at"] = NAME[boat_at[at[e]]]
        elif w == ISLE:
            item["at"] = ISLE_NAMES[at[e]]
        if over or (mine is not None and e // 10 == mine):
            item["value"] = state.explorer_value[e]
        explorers.append(item)
    hands = []
    for q in range(n):
        if q == player:
            hands.append([{"terrain": TERRAINS[t], "back": b} for t, b in state.hands[q]])
        else:
            hands.append([{"terrain": TERRAINS[t], "back": "red"} for t, _ in state.hands[q]])
    boats = []
    for b, h in enumerate(boat_at):
        if h >= 0:
            aboard = state.boat_passengers[b]
            boats.append({"at": NAME[h], "passengers": [_LABELS[e] for e in aboard],
                          "controllers": sorted(state._controllers(b)) if aboard else []})
    boats.sort(key=lambda x: x["at"])
    terrain = state.terrain
    obs = {
        "decision": state.decision,
        "deciding": state.decision_seat,
        "details": {k: v for k, v in state.decision_data.items() if k != "ids"},
        "current": state.current_player if state.started else None,
        "turns": list(state.turns),
        "points": state.movement_points,
        "roll": state.roll,
        "sea_moved": sorted(_LABELS[e] for e in state.sea_moved),
        "tiles": {NAME[h]: TERRAINS[terrain[h]] for h in ISLAND_SLOTS if terrain[h] >= 0},
        "explorers": explorers,
        "to_place": [sorted(state.unplaced[q], reverse=True) if q == player else len(state.unplaced[q])
                     for q in range(n)],
        "boats": boats,
        "boats_to_place": [state.boat_order[state.boat_placement_index:].count(q) for q in range(n)],
        "boat_supply": boat_at.count(-1),
        "creatures": {k: sorted(NAME[h] for h in v) for k, v in state.creatures.items()},
        "creature_supply": dict(state.supply),
        "dolphins": [{"id": f"D{d + 1}", "at": NAME[h] if h >= 0 else None,
                      "protects": _LABELS[state.dolphin_protects[d]] if state.dolphin_protects[d] >= 0 else None}
                     for d, h in enumerate(state.dolphin_at)],
        "hands": hands,
        "saved": [where[q * 10:q * 10 + 10].count(ISLE) for q in range(n)],
        "end_reason": state.end_reason,
    }
    if state.over:
        obs["scores"] = state.scores()
    return obs
