"""Reinforcement-learning hooks of Stromboli (see lapilli.rl).

Action table (fixed per options): ``place V bS`` for the 5 disc values and 6 beaches (and
``place V bS lava`` in the tactical variant), ``take V``, ``boat``, ``shaman X`` for every space,
``stay``, ``pick 1``/``pick 2``, ``buy C`` for every buyable card, ``pass`` and
``priestess cA cB`` for every ordered pair of craters.

Observation vector (seat blocks relative to the observer): pending decision (kind, seat, segment),
round, turns, active and first player, boat position, lava markers per crater and in the supply,
the card in each card space (one-hot over the card ids), pile sizes, the discard pile, the
scoreboard's cards and Priestess, statues per space (owner), shamans, and per seat its discs
(beach of each value), lava disc, front cards, shells, score cards, statues left, points and the
last scoring's total.
"""
from __future__ import annotations

from lapilli.rl.features import Features, index_of, rel, seat_order

from .board import name
from .data import BUYABLE, CARD, CARD_SPACES, NSEG, SPACE_NAMES
from .rules import _PLACE, _SHAMAN, _TAKE

PENDING = ("turn", "shaman", "pick", "buy", "prebuy", "priestess", "take", "receive", "return", "refill", "erupt",
           "score", "end", "endturn", "huts", "lavaback", "tactical", "over")
_PENDING = index_of(PENDING)
_CARDS = index_of(sorted(CARD))
_SPACE = index_of(SPACE_NAMES)
_BUY = index_of(BUYABLE)
_BOAT = index_of(range(NSEG))  # the beach segment the boat is at (it starts at the pier, PIER)
_BEACH = index_of(f"b{s}" for s in range(NSEG))
_LAVA_DISC = index_of(["reserve"] + [f"b{s}" for s in range(NSEG)])
CRATERS = [name(sp) for sp in range(len(SPACE_NAMES)) if name(sp).startswith("c")]


def action_space(spec, players, options):
    tactical = bool(options.get("tactical"))
    out = [a for (v, s, lava), a in _PLACE.items() if tactical or not lava]
    out += list(_TAKE.values()) + ["boat"]
    out += list(_SHAMAN.values()) + ["stay"]
    out += [f"pick {j + 1}" for j in range(CARD_SPACES)]
    out += [f"buy {c}" for c in BUYABLE] + ["pass"]
    out += [f"priestess {a} {b}" for a in CRATERS for b in CRATERS if a != b]
    return out


def encode_observation(obs):
    n = obs["num_players"]
    seat = obs.get("seat")
    f = Features()
    f.one_hot(rel(obs.get("to_move"), seat, n), range(n))
    f.flag(obs.get("is_terminal"))
    pending = obs.get("pending") or {}
    f.one_hot(pending.get("kind"), _PENDING)
    f.one_hot(rel(pending.get("seat"), seat, n), range(n))
    f.one_hot(pending.get("segment"), range(NSEG))
    f.num(obs.get("round"))
    f.num(obs.get("turns"), 50.0)
    f.one_hot(rel(obs.get("active"), seat, n), range(n))
    f.one_hot(rel(obs.get("first_player"), seat, n), range(n))
    f.one_hot(obs.get("boat"), _BOAT)
    f.nums(obs.get("craters") or [0] * NSEG)
    f.num(obs.get("lava_supply"))
    spaces = obs.get("card_spaces") or []
    for s in range(NSEG):
        row = spaces[s] if s < len(spaces) else []
        for j in range(CARD_SPACES):
            c = row[j] if j < len(row) else None
            f.one_hot(c["id"] if c else None, _CARDS)
    f.nums(obs.get("piles") or [0, 0, 0], 15.0)
    f.counts((c["id"] for c in obs.get("discard") or []), _CARDS)
    board = obs.get("scoreboard") or {}
    f.counts(board.get("score_cards") or [], _BUY)
    f.flag(board.get("priestess_face_up"))
    start = f.zeros(len(_SPACE) * n)
    for sp, owner in (obs.get("statues") or {}).items():
        r = rel(owner, seat, n)
        if sp in _SPACE and r is not None:
            f.v[start + _SPACE[sp] * n + r] = 1.0
    shamans = obs.get("shamans") or []
    discs, lava = obs.get("discs") or [], obs.get("lava_discs") or []
    front, shells, cards = obs.get("front") or [], obs.get("shells") or [], obs.get("score_cards") or []
    left, points = obs.get("statues_left") or [], obs.get("points") or []
    last = {x.get("seat", i): x for i, x in enumerate(obs.get("last_scoring") or [])}
    for p in seat_order(seat, n):
        f.one_hot(shamans[p] if p < len(shamans) else None, _SPACE)
        d = discs[p] if p < len(discs) else {}
        for v in range(1, 6):
            f.one_hot(d.get(str(v)), _BEACH)
        f.one_hot(lava[p] if p < len(lava) else None, _LAVA_DISC)
        f.counts((c["id"] for c in (front[p] if p < len(front) else [])), _CARDS)
        f.counts((c["id"] for c in (shells[p] if p < len(shells) else [])), _CARDS)
        f.counts(cards[p] if p < len(cards) else [], _BUY)
        f.num(left[p] if p < len(left) else 0)
        f.num(points[p] if p < len(points) else 0, 50.0)
        sc = last.get(p) or {}
        f.num(sc.get("round"))
        f.num(sc.get("total"), 50.0)
    return f.v
