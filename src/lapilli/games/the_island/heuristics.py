"""The Island heuristics for the shared computer players (agents/heuristic.py, agents/mcts.py).

The score is the printed values of the explorers saved on the isles (ISL-8.3).  ``evaluate``
projects it: an explorer already saved counts its value; one still in play counts a share of its
value that grows as it gets closer to an isle (the sea distance, a move onto an isle included)
and is larger in a boat than on land and larger on land than swimming (a swimmer moves one space
a turn, ISL-I2), cut when a shark or sea serpent can reach it in the next creature move
(ISL-7.8, ISL-7.11) or a whale or serpent can reach its boat (ISL-7.7, ISL-7.14), and cut
further as the island sinks (the volcano ends the game, ISL-6.8).  Values the seat cannot see are
those of the determinized copy the agent framework gives (agents/heuristic.py), so nothing
hidden is used.

``choose`` plays each decision sensibly: set-up places the best explorers on the tiles that sink
last and near an isle, boats next to its own explorers; step 1 plays a tile when it gains more
than keeping it; steps 2-4 and the choices of step 3 are a one-ply greedy on ``evaluate`` (a
tile removed is judged without its hidden back; attacks are judged as if nobody repels); a
repellent is always played.  ``policy`` is a cheap rollout policy for MCTS, ``values`` the
per-seat values in [0, 1] for its evaluator.
"""
from __future__ import annotations

import math

from lapilli.engine import hexgrid

from ...agents.mcts import win_shares
from .board import AXIAL, BY_NAME, ISLE_ENTRANCES, N_HEX, NEIGH
from .rules import BOAT, ISLE, LAND, SEA, _explorer_values

# hex distances over the whole board, and the distance to safety (onto an isle counts one move)
DIST: tuple[tuple[int, ...], ...] = tuple(tuple(hexgrid.distance(a, b) for b in AXIAL) for a in AXIAL)
_ENTRANCES = tuple(h for ents in ISLE_ENTRANCES for h in ents)
ISLE_D: tuple[int, ...] = tuple(1 + min(DIST[h][x] for x in _ENTRANCES) for h in range(N_HEX))

# the share of its value an explorer in play is worth, by where it is, minus a slope per step
_LAND, _LAND_SLOPE = 0.50, 0.035
_BOAT, _BOAT_SLOPE = 0.78, 0.045
_SEA, _SEA_SLOPE = 0.72, 0.085
_SWIM_DANGER = 0.45          # a swimmer a shark (2) or sea serpent (1) can reach
_BOAT_DANGER = 0.75          # a boat a whale (3) or sea serpent (1) can reach
_KEEP_TILE = 0.35            # what keeping a start-of-turn tile is worth (step 1)
_NEUTRAL_BACK = "winds"      # a removed tile judged without its hidden back
_SCALE = 3.0                 # points of margin per logistic unit in ``values``


def _near(hexes, h, k):
    row = DIST[h]
    for x in hexes:
        if row[x] <= k:
            return True
    return False


_MEAN: dict = {}


def _values_of(state, p: int):
    """The explorer values to count for seat ``p``.  Placed values are hidden from everyone, their
    owner included, until the end (ISL-1.12, option ``own_values_visible`` off): within a colour
    they are exchangeable, so every explorer counts the mean of its colour's value set (what a
    determinization would only add noise to).  Otherwise the values of the state are used."""
    if state.own_values_visible or state.over or state.challenge_3:
        return state.explorer_value
    key = (state.num_players, state.challenge_5)
    m = _MEAN.get(key)
    if m is None:
        vals = _explorer_values(state.num_players, {"challenge_5": state.challenge_5})
        m = _MEAN[key] = [sum(vals) / len(vals)] * 60
    return m


def projected(state, p: int) -> float:
    """Seat ``p``'s score now plus the expected worth of its explorers still in play."""
    return _projected(state, p, *_common(state))


def _common(state) -> tuple:
    """What projected() works out the same for every seat: (doomed hex, sink factor)."""
    # a shark attack waiting for the repellent window counts as done (ISL-7.11, ISL-6.15)
    doomed = BY_NAME[state.decision_data["at"]] if state.decision == "repel" and state.decision_data.get("kind") == "shark" else -1
    return doomed, 0.45 + 0.55 * min(1.0, _land_left(state.terrain) / 20.0)


def _land_left(terr) -> int:
    """The island tiles still on the board."""
    if min(terr) >= -1:                 # sea is -1, tiles 0.. (rules.py): count the sea in C
        return len(terr) - terr.count(-1)
    return sum(1 for t in terr if t >= 0)


def _projected(state, p: int, doomed: int, sink: float) -> float:
    w, a = state.explorer_where, state.explorer_at
    v = [1] * 60 if state.challenge_3 else _values_of(state, p)
    cre = state.creatures
    sharks, serps, whales = cre["shark"], cre["serpent"], cre["whale"]
    prot = state.dolphin_protects
    saved = 0.0
    play = 0.0
    for e in range(p * 10, p * 10 + 10):
        we = w[e]
        if we == ISLE:
            saved += v[e]
        elif we == LAND:
            play += v[e] * max(0.08, _LAND - _LAND_SLOPE * ISLE_D[a[e]])
        elif we == BOAT:
            h = state.boat_at[a[e]]
            f = max(0.1, _BOAT - _BOAT_SLOPE * ISLE_D[h])
            if (whales and _near(whales, h, 3)) or (serps and _near(serps, h, 1)):
                f *= _BOAT_DANGER
            play += v[e] * f
        elif we == SEA:
            h = a[e]
            if h == doomed and e not in prot:
                continue
            f = max(0.05, _SEA - _SEA_SLOPE * ISLE_D[h])
            if e not in prot and ((sharks and _near(sharks, h, 2)) or (serps and _near(serps, h, 1))):
                f *= _SWIM_DANGER
            play += v[e] * f
    return saved + sink * play


def evaluate(state, seat: int) -> float:
    """Projected score of ``seat`` minus the best projected score of the others (terminal: the
    score margin +-1000)."""
    n = state.num_players
    if state.is_terminal:
        s = state.scores()
        m = s[seat] - max(s[q] for q in range(n) if q != seat)
        return m + (1000.0 if seat in state.winners() else -1000.0)
    com = _common(state)
    mine = _projected(state, seat, *com)
    return mine - max(_projected(state, q, *com) for q in range(n) if q != seat)


def _projected_all(state, doomed: int, sink: float, threats: tuple | None = None) -> list:
    """``_projected`` of every seat (the same float), with the per-hex shares read from tables and
    the threatened hexes (``_threats``, or ``threats`` if given) worked out once."""
    v = [1] * 60 if state.challenge_3 else _values_of(state, 0)
    w, a, boat_at, prot = state.explorer_where, state.explorer_at, state.boat_at, state.dolphin_protects
    boat_d, swim_d = threats if threats is not None else (None, None)
    pr = []
    for q in range(state.num_players):
        saved = 0.0
        play = 0.0
        for e in range(q * 10, q * 10 + 10):
            we = w[e]
            if we == ISLE:
                saved += v[e]
            elif we == LAND:
                play += v[e] * _F_LAND[a[e]]
            elif we == BOAT:
                if boat_d is None:
                    boat_d, swim_d = _threats(state)
                h = boat_at[a[e]]
                play += v[e] * (_F_BOAT[h] * _BOAT_DANGER if h in boat_d else _F_BOAT[h])
            elif we == SEA:
                h = a[e]
                if h == doomed and e not in prot:
                    continue
                if boat_d is None:
                    boat_d, swim_d = _threats(state)
                play += v[e] * (_F_SEA[h] * _SWIM_DANGER if (h in swim_d and e not in prot) else _F_SEA[h])
        pr.append(saved + sink * play)
    return pr


def values(state) -> list:
    """Per-seat values in [0, 1] for MCTS: the win share at the end, else a logistic of each
    seat's projected margin over the best other seat (``_projected`` of every seat, with the
    per-hex shares read from tables and the threatened hexes worked out once)."""
    if state.is_terminal:
        return win_shares(state)
    pr = _projected_all(state, *_common(state))
    top = max(pr)                         # the best other seat: the top one, or for the top seat
    i = pr.index(top)                     # (its first index) the best of the rest
    second = max(pr[:i] + pr[i + 1:])
    out = []
    for q in range(len(pr)):
        m = pr[q] - (second if q == i else top)
        out.append(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, m / _SCALE)))))
    return out


# ---------------------------------------------------------------- move choices
def _settle(st):
    """Let every player asked about a repellent pass (attacks judged as if nobody repels)."""
    k = 0
    while st.decision == "repel" and k < 8:
        st.apply("pass")
        k += 1


def _after(state, a, seat) -> float:
    """``evaluate`` for ``seat`` after ``a`` (a tile removed judged without its hidden back,
    repellents passed)."""
    c = state.clone()
    if a.startswith("remove "):
        c.back[BY_NAME[a[7:]]] = _NEUTRAL_BACK
    c.apply(a)
    _settle(c)
    return evaluate(c, seat)


def _greedy(state, legal, rng, seat, bonus=None):
    return _pick(legal, [_after(state, a, seat) + (bonus.get(a, 0.0) if bonus else 0.0) for a in legal], rng)


def _tile_quality(state, h) -> float:
    """How good a tile is to stand on at set-up: tiles that sink last (mountains, ISL-5.3), close
    to an isle, and with sea next to them for an early escape."""
    return 1.0 + 0.45 * state.terrain[h] - 0.06 * ISLE_D[h]


def _place(state, legal, rng):
    gains = []
    for a in legal:
        _, v, name = a.split()
        gains.append(int(v) * _tile_quality(state, BY_NAME[name]))
    return _pick(legal, gains, rng)


def _on_land(state) -> dict:
    """The explorers on land, by their hex (in explorer order)."""
    w, at = state.explorer_where, state.explorer_at
    on = {}
    for e in range(60):
        if w[e] == LAND:
            on.setdefault(at[e], []).append(e)
    return on


def _boat(state, legal, rng, seat):
    on = _on_land(state)
    gains = []
    for act in legal:
        h = BY_NAME[act[5:]]
        s = -0.05 * ISLE_D[h]
        for x in NEIGH[h]:
            for e in on.get(x, ()):
                s += state.explorer_value[e] * (1.0 if e // 10 == seat else -0.4)
        gains.append(s)
    return _pick(legal, gains, rng)


def choose(state, legal: list, rng, seat: int) -> str:
    """A sensible player (see the module docstring)."""
    if len(legal) == 1:
        return legal[0]
    d = state.decision
    if d == "repel":
        return "repel" if "repel" in legal else "pass"
    if d == "place":
        return _place(state, legal, rng)
    if d == "boat":
        return _boat(state, legal, rng, seat)
    if d == "tile":
        return _greedy(state, legal, rng, seat, {"pass": _KEEP_TILE})
    return _greedy(state, legal, rng, seat)


# ---------------------------------------------------------------- cheap greedy choices (search)
# The rollout policy's greedy part and the turn finish of the search's evaluator score each
# action by the change of the projected worth of the explorers it moves, sinks or attacks (the
# per-explorer shares of ``_projected``).  Everything that does not depend on the action is
# worked out once per decision: the shares by hex are tables, the hexes a creature threatens are
# one set per decision, the actions' text is parsed once per string.

# the share of its value an explorer is worth by hex (the expressions of ``_projected``, per hex)
_F_LAND = tuple(max(0.08, _LAND - _LAND_SLOPE * d) for d in ISLE_D)
_F_BOAT = tuple(max(0.1, _BOAT - _BOAT_SLOPE * d) for d in ISLE_D)
_F_SEA = tuple(max(0.05, _SEA - _SEA_SLOPE * d) for d in ISLE_D)
# the hexes within k steps of each hex, and each hex's distance to an isle entrance
_BALL = {k: tuple(frozenset(x for x in range(N_HEX) if DIST[h][x] <= k) for h in range(N_HEX)) for k in (1, 2, 3)}
_TO_ENTRANCE = tuple(min(DIST[h][x] for x in _ENTRANCES) for h in range(N_HEX))


def _f_land(h):
    return _F_LAND[h]

_LAB = {f"{c}{k + 1}": i * 10 + k for i, c in enumerate("RBYGOW") for k in range(10)}


def _threats(state):
    """(hexes where a boat is in danger: a whale within 3 or a sea serpent within 1; hexes where
    an unprotected swimmer is: a shark within 2 or a sea serpent within 1)."""
    cre = state.creatures
    b1, b3, b2 = _BALL[1], _BALL[3], _BALL[2]
    serp = set()
    for x in cre["serpent"]:
        serp |= b1[x]
    boat = set(serp)
    for x in cre["whale"]:
        boat |= b3[x]
    swim = serp
    for x in cre["shark"]:
        swim |= b2[x]
    return boat, swim


_MV: dict = {}


def _parse_move(a: str) -> tuple:
    """A step-2 action as (verb code, explorer or source hex, hex, dolphin): 0 end, 1 sail,
    2 onto an isle, 3 walk, 4 board, 5 swim."""
    t = a.split()
    v0 = t[0]
    if v0 == "end":
        out = (0, 0, 0, False)
    elif v0 == "sail":
        out = (1, BY_NAME[t[1]], BY_NAME[t[2]], False)
    else:
        e = _LAB[t[1]]
        if v0 == "isle":
            out = (2, e, 0, False)
        else:
            out = ({"walk": 3, "board": 4}.get(v0, 5), e, BY_NAME[t[2]], len(t) == 4)
    if len(_MV) >= 100_000:
        _MV.clear()
    _MV[a] = out
    return out


def _best_of(legal, gains) -> list:
    """The actions of the highest gain, ties within 1e-9 kept, in the order of ``legal``."""
    best, best_v = [], None
    for a, g in zip(legal, gains):
        if best_v is None or g > best_v + 1e-9:
            best, best_v = [a], g
        elif abs(g - best_v) <= 1e-9:
            best.append(a)
    return best


def _pick(legal, gains, rng):
    """The action of the highest gain (ties within 1e-9 drawn with ``rng``)."""
    best = _best_of(legal, gains)
    return best[rng.randbelow(len(best))]


def _vals(state, p):
    return [1] * 60 if state.challenge_3 else _values_of(state, p)


def _best_move(state, legal, rng):
    """Step 2: the change of the projected worth of the explorers the action moves (the
    others' boat passengers count against them, shared among the other seats)."""
    p = state.decision_seat
    n = state.num_players
    vals = _vals(state, p)
    boat_d, swim_d = _threats(state)
    cre = state.creatures
    eaters = cre["shark"] + cre["serpent"]
    sunk_at = cre["serpent"] + cre["whale"]
    w, at, boat_at, prot = state.explorer_where, state.explorer_at, state.boat_at, state.dolphin_protects
    hex_boat, boat_pass = state.boat_on_hex, state.boat_passengers
    other = -1.0 / max(1, n - 1)
    now_of = {}
    gains = []
    mv = _MV
    for a in legal:
        k, x, h, dol = mv.get(a) or _parse_move(a)
        if k == 0:
            gains.append(0.0)
            continue
        if k == 1:
            b = hex_boat.get(x)
            pax = boat_pass[b] if b is not None else ()
            if not pax:
                gains.append(0.0)
                continue
            before = _F_BOAT[x] * _BOAT_DANGER if x in boat_d else _F_BOAT[x]
            if h in sunk_at:
                after = _F_SEA[h] * _SWIM_DANGER if h in swim_d else _F_SEA[h]
            else:
                after = _F_BOAT[h] * _BOAT_DANGER if h in boat_d else _F_BOAT[h]
            g = 0.0
            for e in pax:
                g += vals[e] * (after - before) * (1.0 if e // 10 == p else other)
            gains.append(g)
            continue
        e = x
        now = now_of.get(e)
        if now is None:
            we = w[e]
            if we == LAND:
                now = _F_LAND[at[e]]
            elif we == BOAT:
                y = boat_at[at[e]]
                now = _F_BOAT[y] * _BOAT_DANGER if y in boat_d else _F_BOAT[y]
            elif we == SEA:
                y = at[e]
                now = _F_SEA[y] * _SWIM_DANGER if (y in swim_d and e not in prot) else _F_SEA[y]
            else:
                now = 0.0
            now_of[e] = now
        if k == 2:
            gains.append(vals[e] * (1.0 - now))
        elif k == 3:
            gains.append(vals[e] * (_F_LAND[h] - now))
        elif k == 4:
            gains.append(vals[e] * ((_F_BOAT[h] * _BOAT_DANGER if h in boat_d else _F_BOAT[h]) - now))
        elif h in eaters and not dol:
            gains.append(-vals[e] * now)
        else:
            gains.append(vals[e] * ((_F_SEA[h] * _SWIM_DANGER if (h in swim_d and not dol) else _F_SEA[h]) - now))
    return _pick(legal, gains, rng)


def _best_creature(state, legal, rng):
    """Step 4: sharks and sea serpents onto the others' unprotected swimmers, whales and
    serpents onto the others' boats (the lost worth, own explorers counting against)."""
    return _pick(legal, _creature_gains(state, legal), rng)


def _creature_gains(state, legal) -> list:
    """Per creature move, the worth it takes from the others (shared alike among them: every
    other seat's loss counts 1/(n-1)), own explorers counting against; 0 for the moves that
    attack nobody (dolphin, drift, shift, squid and moves onto empty hexes)."""
    p = state.decision_seat
    n = state.num_players
    vals = _vals(state, p)
    boat_d, swim_d = _threats(state)
    w, at, prot = state.explorer_where, state.explorer_at, state.dolphin_protects
    other = 1.0 / max(1, n - 1)
    swimmers = None
    gains = []
    for a in legal:
        t = a.split()
        if len(t) != 3 or t[0] in ("dolphin", "drift", "shift", "squid"):
            gains.append(0.0)
            continue
        kind = t[0]
        h = BY_NAME[t[2]]
        g = 0.0
        if kind in ("shark", "serpent"):
            if swimmers is None:
                swimmers = {}
                for e in range(60):
                    if w[e] == SEA and e not in prot:
                        swimmers.setdefault(at[e], []).append(e)
            on = swimmers.get(h)
            if on:
                fs = _F_SEA[h] * _SWIM_DANGER if h in swim_d else _F_SEA[h]
                for e in on:
                    g += vals[e] * fs * (-1.0 if e // 10 == p else other)
        if kind in ("whale", "serpent"):
            b = state.boat_on_hex.get(h)
            if b is not None:
                fb = _F_BOAT[h] * _BOAT_DANGER if h in boat_d else _F_BOAT[h]
                for e in state.boat_passengers[b]:
                    loss = fb * (1.0 if kind == "serpent" else 0.5)
                    g += vals[e] * loss * (-1.0 if e // 10 == p else other)
        gains.append(g)
    return gains


def _best_remove(state, legal, rng):
    """Step 3: sink the tiles the others stand on (own explorers counting against), the
    middle of the island last."""
    p = state.decision_seat
    n = state.num_players
    vals = _vals(state, p)
    other = 1.0 / max(1, n - 1)
    on = _on_land(state)
    gains = []
    for a in legal:
        h = BY_NAME[a[7:]]
        g = 0.0
        for e in on.get(h, ()):
            g += vals[e] * (-1.0 if e // 10 == p else other)
        gains.append(g - 0.02 * _TO_ENTRANCE[h])
    return _pick(legal, gains, rng)


def _greedy_step(state, legal, rng) -> str:
    """The rollout policy without its random moves: the cheap greedy choice of ``policy``."""
    if len(legal) == 1:
        return legal[0]
    d = state.decision
    if d == "repel":
        return "repel" if "repel" in legal else "pass"
    if d == "move":
        return _best_move(state, legal, rng)
    if d == "creature":
        return _best_creature(state, legal, rng)
    if d == "remove":
        return _best_remove(state, legal, rng)
    if d == "tile":
        return "pass"
    return legal[rng.randbelow(len(legal))]


def policy(state, legal: list, rng) -> str:
    """Rollout policy: a greedy choice on cheap gains, without copying the state (step 2: the
    change of each explorer's projected worth, saving first and never swimming onto a shark or
    serpent; step 3: sink the tiles of the others; step 4: creatures onto other players'
    swimmers and boats), one decision in eight at random; repel when able; keep tiles."""
    if len(legal) == 1:
        return legal[0]
    d = state.decision
    if d == "repel":
        return "repel" if "repel" in legal else "pass"
    if rng.randbelow(8) == 0:
        if d == "move":
            eaters = state.creatures["shark"] + state.creatures["serpent"]
            legal = [a for a in legal if not (a[1] == "w" and a[0] == "s" and BY_NAME[a.split()[2]] in eaters)]
        return legal[rng.randbelow(len(legal))]
    return _greedy_step(state, legal, rng)


# ---------------------------------------------------------------- turn-end evaluation (search)
_static_values = values


def _turn_start(state) -> bool:
    """At the first decision of a turn: a tile to play (step 1) or the first movement point."""
    d = state.decision
    return d == "tile" or (d == "move" and state.movement_points == 3) or d in ("place", "boat")


def finish_turn(state, limit: int = 40, removal: bool = True) -> None:
    """Play the rest of the current player's turn in place up to the creature roll with the
    cheap greedy choices (the remaining movement points, then the tile removal, the removed
    tile judged without its hidden back as ``choose`` does), stopping at the creature move
    (step 4, its die already rolled), the next turn's first decision or the end of the game.
    Nothing random is drawn before the stop except the die (which the score does not read), so
    the value of a search's leaf is the same in every determinization that agrees on it.
    ``removal=False``: stop at the tile removal too (only the movement points are played)."""
    if state.over or _turn_start(state):
        return
    cur = state.current_player
    rng = state.rng
    stop = "creature" if removal else "remove"
    k = 0
    while not state.over and k < limit and state.current_player == cur and state.decision != "creature" and state.decision != stop:
        _greedy_play(state, rng)
        k += 1


def _greedy_play(state, rng) -> None:
    """Play one cheap greedy choice (``_greedy_step``) in place; a tile to remove is judged
    without its hidden back (it is set to a neutral back first, as ``choose`` judges it)."""
    a = _greedy_step(state, state.legal_view(), rng)
    if a.startswith("remove "):
        state.back[BY_NAME[a[7:]]] = _NEUTRAL_BACK
    state.apply_legal(a)      # an action of the legal list: no check, no events


# set-up: the share of its value an explorer placed on land is worth, as in play plus a bonus
# per terrain level (mountains sink last, ISL-5.3); a value still to place counts _SETUP_LATER of
# itself; an explorer next to a boat counts _SETUP_BOAT of its value more
_SETUP_TERRAIN = 0.15
_SETUP_LATER = 0.45
_SETUP_BOAT = 0.1


def _setup_score(state, p: int) -> float:
    """Seat ``p``'s set-up: the values it placed weighted by where they stand (the terrain, the
    way to an isle, a boat next to them) plus the values it still has to place.  The value just
    placed is the true one in a search's copy (the placer chose it); values placed earlier are
    hidden from their owner too (ISL-1.12) and come from the determinization."""
    w, at, v, terr = state.explorer_where, state.explorer_at, state.explorer_value, state.terrain
    boats = [h for h in state.boat_at if h >= 0]
    s = _SETUP_LATER * sum(state.unplaced[p])
    for e in range(p * 10, p * 10 + 10):
        if w[e] == LAND:
            h = at[e]
            q = _f_land(h) + _SETUP_TERRAIN * terr[h]
            if boats and _near(boats, h, 1):
                q += _SETUP_BOAT
            s += v[e] * q
    return s


def setup_values(state) -> list:
    """Per-seat values in [0, 1] during set-up: a logistic of each seat's set-up score margin."""
    n = state.num_players
    sc = [_setup_score(state, q) for q in range(n)]
    out = []
    for q in range(n):
        m = sc[q] - max(sc[x] for x in range(n) if x != q)
        out.append(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, m / _SCALE)))))
    return out


def turn_values(state) -> list:
    """``values`` of the position at the end of the current turn: the rest of the turn played
    by ``finish_turn`` on a copy, so every leaf of a search is scored at a turn boundary
    instead of between two movement points or before the creature roll.  During set-up:
    ``setup_values`` (the play evaluator counts every hidden value as its colour's mean, so
    it cannot tell a 6 from a 1 placed on the same tile)."""
    return _end_values(state, True)


def move_values(state) -> list:
    """``turn_values`` with only the rest of the mover's movement points played (no tile
    removal, so no creature roll either): about a quarter cheaper per search iteration."""
    return _end_values(state, False)


def _end_values(state, removal: bool) -> list:
    if state.over:
        return _static_values(state)
    if not state.started:
        return setup_values(state)
    if _turn_start(state):
        return _static_values(state)
    c = state.clone(False)
    finish_turn(c, removal=removal)
    return _static_values(c)


# The search's evaluator (``evaluator=game`` takes ``values``) is the turn-end value; the static
# one stays as ``_static_values`` (``choose`` and ``evaluate`` use neither).
values = turn_values


# ---------------------------------------------------------------- leaves after the next players' replies (search)
def play_turns(state, turns: int, limit: int = 160) -> None:
    """Play in place, with the rollout policy's cheap greedy choices (``_greedy_step``), the rest
    of the current turn (its creature move included) and then ``turns`` whole turns of the next
    players, stopping at a turn's first decision or the end of the game (``limit`` decisions at
    most).  A removed tile is judged without its hidden back (as ``finish_turn`` does); the
    creature dice are rolled by the state's own generator (the determinization's)."""
    if state.over or not state.started:
        return
    left = turns + (0 if _turn_start(state) else 1)
    rng = state.rng
    cur = state.current_player
    k = 0
    while not state.over and k < limit:
        if state.current_player != cur:
            left -= 1
            cur = state.current_player
            if left <= 0:
                break
        _greedy_play(state, rng)
        k += 1


def _reply_values(state, turns: int) -> list:
    if state.over:
        return _static_values(state)
    if not state.started:
        return setup_values(state)
    c = state.clone(False)
    play_turns(c, turns)
    return _static_values(c)


def reply_values(state) -> list:
    """``values`` after the rest of the current turn and the next player's whole turn (its tile
    removal and creature move: the reply a leaf's explorers face) are played by ``play_turns``."""
    return _reply_values(state, 1)


def round_values(state) -> list:
    """``values`` after the rest of the current turn and the whole turns of every other player
    (back to the current player's next turn) are played by ``play_turns``."""
    return _reply_values(state, state.num_players - 1)


def chance_key(state):
    """The search's chance key (``chance=key|stop``, agents/mcts.py): (the player whose turn it
    is, that player's turn count, the tiles removed so far, the creature roll, the sharks and
    whales on the board).  It changes at every turn boundary and with every tile removal (where a
    hidden back and the creature die are drawn), so ``chance=stop`` keeps the tree within the
    current player's turn up to the tile removal, and ``chance=key`` keeps children apart per
    public outcome of a removal: the creature roll and a shark or whale a revealed back put on the
    board (a kept tile's back is not part of the key, it is private to its holder)."""
    cur = state.current_player
    roll = state.roll
    cre = state.creatures
    return (cur, state.turns[cur], state.terrain.count(-1), tuple(roll) if roll else None,
            len(cre["shark"]), len(cre["whale"]))


# ---------------------------------------------------------------- fitted leaf values (search)
def fitted_values(state, k: float = 1.0) -> list:
    """``turn_values`` with the fitted evaluator in place of the static ``values``: the rest of
    the mover's turn played by ``finish_turn`` on a copy, then ``evaluator.win_probs`` (a
    conditional logit over the seats fitted to heuristic self-play outcomes, weights in
    data/evaluator.json; ``k``: every weight times k).  ``evaluator=fitted_values``."""
    from .evaluator import win_probs

    if state.over or not state.started or _turn_start(state):
        return win_probs(state, k)
    c = state.clone(False)
    finish_turn(c)
    return win_probs(c, k)


# ---------------------------------------------------------------- blended leaf values (search)
def blend_values(state) -> list:
    """Half ``turn_values``, half ``fitted_values``, on one finished turn: the rest of the mover's
    turn played by ``finish_turn`` on a copy, then the mean of the hand-made static ``values`` and
    the fitted logit ``evaluator.win_probs``.  A 2-player hard candidate: the 2-player fit alone
    rewards explorers merely kept in play (that search lost to normal); the hand-made
    half still counts an explorer by its projected worth.  ``evaluator=blend_values``."""
    from .evaluator import win_probs

    if state.over or not state.started:
        return _end_values(state, True)
    c = state
    if not _turn_start(state):
        c = state.clone(False)
        finish_turn(c)
    if c.over:
        return _static_values(c)
    return [(a + b) / 2 for a, b in zip(_static_values(c), win_probs(c))]


# ---------------------------------------------------------------- flatter fitted leaves (search)
SOFT = 0.5


def fitted_soft_values(state) -> list:
    """``fitted_values`` with the fitted weights halved (k = ``SOFT``): a flatter logit over the
    seats, so a leaf counts the losses of every other seat more alike instead of mostly the
    leader's (the searches with ``fitted_values`` aim their creatures at whoever the fit makes
    the leader), and its own gains against the field instead of against the leader.
    ``evaluator=fitted_soft_values`` (the 5-player hard)."""
    return fitted_values(state, SOFT)


# ---------------------------------------------------------------- creature moves by rule of thumb (search)
def creatures_spread(state, acts):
    """For MCTS ``prune=creatures_spread``: at the creature move, only the moves that take the
    most worth from the others with every other seat's loss counted alike (``_creature_gains``,
    the rollout policy's step 4: the moves ``_best_creature`` draws from), so the search does not
    aim its creatures at whoever its evaluator makes the leader; it still chooses among the moves
    tied at the best (e.g. where to park a creature when it can attack nobody).  Every other
    decision: ``acts`` itself."""
    if state.decision != "creature" or len(acts) < 2:
        return acts
    return _best_of(acts, _creature_gains(state, acts))
