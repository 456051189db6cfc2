"""Reinforcement-learning hooks of The Island (see lapilli.rl).

Action table (fixed per player count and options, built from the board data and the notation;
H = the 133 hexes, E = the explorers of the seats in play, 10 per seat):

* set-up: ``place V h`` (every explorer value, every island slot), ``boat h``;
* step 1: ``play dolphin E h`` (not with the Dolphins); ``play winds a b`` for hexes at distance 1-3 (a boat moves up to 3
  spaces); ``play serpent|shark|whale a b`` for **every** ordered pair of hexes (the tile moves a
  creature to any free sea space; every hex can become sea), ``play squid a b`` with the Giant
  Squid (and ``play squid a a``: a squid moved by the tile may stay, ISL-17.10); ``pass``;
* step 2: ``walk|board|swim E h`` (and ``swim E h dolphin`` with the Dolphins), ``isle E i``,
  ``sail a b`` for adjacent hexes, ``end``;
* step 3: ``remove h``, ``take h``, ``squid h``, ``eat E``, ``protect E``, and ``aboard`` with
  every 1, 2 or 3 explorers in label order (ISL-6.5: the revealer picks at most 3 swimmers);
* step 4: ``serpent|shark|whale|squid a b`` for hexes at distance at most the creature's red-die
  move (1, 2, 3, 3), or every pair with the Dolphins' dive dice (a ``D`` face moves it anywhere;
  ``squid a a`` keeps a squid in place); with the Dolphins ``dolphin Dk h``, ``shift Dk E`` and
  ``drift a b`` (every pair); ``none``, ``repel``.

The unbounded creature moves make the table large: 76,122 slots (2 players) to 132,342
(6 players) with the base options, 232,457 with 6 players, the Dolphins and the Giant Squid.
``lapilli.rl`` builds the masks from the legal actions, so the size costs only the mask's memory.
A factored notation (kind, from, to) would be smaller, but PettingZoo's ``Discrete`` space needs
one index per action, and this size is still workable.

Observation vector (seat blocks relative to the observer; explorers listed observer's first):
seat to move, decision, deciding seat and its details (hex, candidates, spaces, room, creature
kind, dolphin, seats still to answer), current seat, movement points, dice, per seat its turns,
explorers to place (values for the observer, a count for others), boats to place, hand (terrains;
backs for the observer, "red" for others), saved explorers and score at the end; per explorer
where it is (land/boat/sea/isle/lost), its hex or isle, its value when visible and whether it
moved in the sea this turn; per island slot its terrain; per hex the creatures of each kind and
the boat (its controllers); the dolphins (hex, protected explorer), the supplies and the end.
"""
from __future__ import annotations

from itertools import combinations

from lapilli.engine import hexgrid
from lapilli.rl.features import Features, index_of, rel, seat_order

from .board import AXIAL, ISLAND_SLOTS, ISLE_NAMES, N_HEX, NAME, NEIGH
from .data import BACKS, DIVE_A, DIVE_B, EXPLORER_VALUES, PIECES, RED_DIE, TERRAINS
from .notation import label
from .rules import KINDS, RED_MAX

DECISIONS = ("place", "boat", "tile", "move", "remove", "creature", "protect", "take", "aboard", "squid", "eat", "c5",
             "repel")
WHERE = ("land", "boat", "sea", "isle", "lost")
END_REASONS = ("nobody left", "turn cap", "last tile", "volcano")
VALUES = tuple(sorted(set(EXPLORER_VALUES)))
FACES = tuple(dict.fromkeys(tuple(RED_DIE) + tuple(DIVE_A)))
DISTANCES = tuple(dict.fromkeys(tuple(RED_MAX.values()) + tuple(DIVE_B)))
_HEX, _ISLE, _TERR = index_of(NAME), index_of(ISLE_NAMES), index_of(TERRAINS)
_BACK = index_of(list(BACKS) + ["red"])
_DEC, _WHERE, _END = index_of(DECISIONS), index_of(WHERE), index_of(END_REASONS)
_VAL, _FACE, _DIST, _KIND = index_of(VALUES), index_of(FACES), index_of(DISTANCES), index_of(KINDS)
_SLOT = index_of(NAME[h] for h in ISLAND_SLOTS)
N_DOLPHINS = int(PIECES.get("dolphin", 4))


def _pairs(max_dist=None):
    """Ordered pairs of hex names at distance 1..max_dist (every ordered pair when None)."""
    out = []
    for a in range(N_HEX):
        for b in range(N_HEX):
            if a == b:
                continue
            if max_dist is None or hexgrid.distance(AXIAL[a], AXIAL[b]) <= max_dist:
                out.append(f"{NAME[a]} {NAME[b]}")
    return out


def explorers(players: int) -> list[str]:
    return [label(e) for e in range(players * 10)]


def action_space(spec, players, options):
    dive = bool(options.get("dolphins"))
    squid = bool(options.get("giant_squid"))
    hexes = list(NAME)
    ex = explorers(players)
    every = _pairs()
    out = [f"place {v} {NAME[h]}" for v in VALUES for h in ISLAND_SLOTS]
    out += [f"boat {h}" for h in hexes]
    # step 1
    if not dive:  # ISL-6.9, ISL-I31: with the Dolphins (Challenge 6) the dolphin tile is not played
        out += [f"play dolphin {e} {h}" for e in ex for h in hexes]
    out += [f"play winds {p}" for p in _pairs(3)]
    for k in ("serpent", "shark", "whale") + (("squid",) if squid else ()):
        out += [f"play {k} {p}" for p in every]
    if squid:  # ISL-17.10: a squid moved by the tile may stay on its space
        out += [f"play squid {h} {h}" for h in hexes]
    out.append("pass")
    # step 2
    for verb in ("walk", "board", "swim"):
        out += [f"{verb} {e} {h}" for e in ex for h in hexes]
    if dive:
        out += [f"swim {e} {h} dolphin" for e in ex for h in hexes]
    out += [f"isle {e} {i}" for e in ex for i in ISLE_NAMES]
    out += [f"sail {NAME[a]} {NAME[b]}" for a in range(N_HEX) for b in NEIGH[a]]
    out.append("end")
    # step 3
    out += [f"remove {NAME[h]}" for h in ISLAND_SLOTS]
    out += [f"take {h}" for h in hexes]
    if squid:
        out += [f"squid {h}" for h in hexes]
    out += [f"eat {e}" for e in ex]
    out += [f"protect {e}" for e in ex]
    for k in (1, 2, 3):
        out += ["aboard " + " ".join(c) for c in combinations(ex, k)]
    # step 4
    for k in ("serpent", "shark", "whale") + (("squid",) if squid else ()):
        out += [f"{k} {p}" for p in (every if dive else _pairs(RED_MAX[k]))]
        if k == "squid":
            out += [f"squid {h} {h}" for h in hexes]
    if dive:
        out += [f"dolphin D{d + 1} {h}" for d in range(N_DOLPHINS) for h in hexes]
        out += [f"shift D{d + 1} {e}" for d in range(N_DOLPHINS) for e in ex]
        out += [f"drift {p}" for p in every]
    out += ["none", "repel"]
    return out


def encode_observation(obs):
    n = obs["num_players"]
    seat = obs.get("seat")
    order = seat_order(seat, n)
    ex = [label(p * 10 + k) for p in order for k in range(10)]  # observer's explorers first
    _EX = index_of(ex)
    f = Features()
    f.one_hot(rel(obs.get("to_move"), seat, n), range(n))
    f.flag(obs.get("is_terminal"))
    f.one_hot(obs.get("decision"), _DEC)
    f.one_hot(rel(obs.get("deciding"), seat, n), range(n))
    det = obs.get("details") or {}
    f.one_hot(det.get("at"), _HEX)
    f.counts(det.get("candidates") or det.get("explorers") or [], _EX)
    f.counts(det.get("spaces") or det.get("boats") or [], _HEX)
    f.num(det.get("room"))
    f.one_hot(det.get("kind"), _KIND)
    f.one_hot(det.get("dolphin"), range(N_DOLPHINS))
    rest = {rel(p, seat, n) for p in det.get("rest") or []}
    f.nums(float(i in rest) for i in range(n))
    f.one_hot(rel(obs.get("current"), seat, n), range(n))
    f.num(obs.get("points"))
    roll = obs.get("roll") or [None, None]
    f.one_hot(roll[0], _FACE)
    f.one_hot(roll[1], _DIST)
    turns, to_place = obs.get("turns") or [], obs.get("to_place") or []
    boats_to_place, hands = obs.get("boats_to_place") or [], obs.get("hands") or []
    saved, scores = obs.get("saved") or [], obs.get("scores") or []
    for p in order:
        f.num(turns[p] if p < len(turns) else 0, 50.0)
        tp = to_place[p] if p < len(to_place) else 0
        if isinstance(tp, list):
            f.num(len(tp))
            f.counts(tp, _VAL)
        else:
            f.num(tp)
            f.zeros(len(_VAL))
        f.num(boats_to_place[p] if p < len(boats_to_place) else 0)
        hand = hands[p] if p < len(hands) else []
        f.counts((t.get("terrain") for t in hand), _TERR)
        f.counts((t.get("back") for t in hand), _BACK)
        f.num(saved[p] if p < len(saved) else 0)
        f.num(scores[p] if p < len(scores) and isinstance(scores[p], (int, float)) else 0, 10.0)
    # explorers
    per_ex = len(WHERE) + N_HEX + len(ISLE_NAMES) + len(VALUES) + 2
    start = f.zeros(per_ex * len(ex))
    v = f.v
    for item in obs.get("explorers") or []:
        i = _EX.get(item.get("id"))
        if i is None:
            continue
        o = f.mark(start + i * per_ex, item.get("where"), _WHERE)
        at = item.get("at")
        if at in _HEX:
            v[o + _HEX[at]] = 1.0
        elif at in _ISLE:
            v[o + N_HEX + _ISLE[at]] = 1.0
        o += N_HEX + len(ISLE_NAMES)
        val = _VAL.get(item.get("value"))
        if val is not None:
            v[o + val] = 1.0
            v[o + len(VALUES)] = 1.0
    for lab in obs.get("sea_moved") or []:
        i = _EX.get(lab)
        if i is not None:
            v[start + i * per_ex + per_ex - 1] = 1.0
    # island tiles
    start = f.zeros(len(TERRAINS) * len(_SLOT))
    for h, t in (obs.get("tiles") or {}).items():
        if h in _SLOT and t in _TERR:
            v[start + _SLOT[h] * len(TERRAINS) + _TERR[t]] = 1.0
    # creatures and boats per hex
    creatures = obs.get("creatures") or {}
    for k in KINDS:
        f.counts(creatures.get(k) or [], _HEX)
    per_boat = 2 + n
    start = f.zeros(per_boat * N_HEX)
    for b in obs.get("boats") or []:
        i = _HEX.get(b.get("at"))
        if i is None:
            continue
        o = start + i * per_boat
        v[o] = 1.0
        v[o + 1] = float(len(b.get("passengers") or []))
        for q in b.get("controllers") or []:
            r = rel(q, seat, n)
            if r is not None:
                v[o + 2 + r] = 1.0
    dolphins = {d.get("id"): d for d in obs.get("dolphins") or []}
    for d in range(N_DOLPHINS):
        item = dolphins.get(f"D{d + 1}") or {}
        f.one_hot(item.get("at"), _HEX)
        f.one_hot(item.get("protects"), _EX)
    f.num(obs.get("boat_supply"))
    supply = obs.get("creature_supply") or {}
    f.nums(supply.get(k, 0) for k in KINDS)
    f.one_hot(obs.get("end_reason") or None, _END)
    return f.v
