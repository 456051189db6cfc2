"""The Island: the cheaper search functions compute exactly what they computed before.

``_greedy_step``, ``policy``, ``finish_turn``, ``turn_values`` and the static search values were
rewritten for speed (issue 7: per-hex tables, the threatened hexes and the parsed actions worked
out once per decision, the legal list and ``apply_legal`` in the turn finish).  ``_Old`` below is
a frozen copy of those functions as they were at commit 2dd5572; the new ones must return the same
values (bit for bit), make the same choices and draw the same random numbers on many positions
of seeded games at 2-6 players, and the normal level's search must choose the same moves with the
same root statistics as it did at 2dd5572 (recorded then, ``ROOTS``).
"""
from __future__ import annotations

import hashlib
import math

import pytest

import lapilli
from lapilli.agents import make_agent
from lapilli.agents.base import Decision
from lapilli.engine.rng import Rng
from lapilli.games.the_island import heuristics as HEU
from lapilli.games.the_island.board import BY_NAME
from lapilli.games.the_island.heuristics import (DIST, ISLE_D, _BOAT, _BOAT_DANGER, _BOAT_SLOPE, _ENTRANCES,
                                                 _LAND, _LAND_SLOPE, _NEUTRAL_BACK, _SCALE, _SEA, _SEA_SLOPE,
                                                 _SETUP_BOAT, _SETUP_LATER, _SETUP_TERRAIN, _SWIM_DANGER)
from lapilli.games.the_island.rules import BOAT, ISLE, LAND, SEA, _explorer_values
from tests.tiers import fast_where


class _Old:
    """The search functions of heuristics.py at 2dd5572 (copied, only made static methods)."""

    @staticmethod
    def near(hexes, h, k):
        row = DIST[h]
        for x in hexes:
            if row[x] <= k:
                return True
        return False

    MEAN: dict = {}

    @staticmethod
    def values_of(state, p):
        if state.own_values_visible or state.over or state.challenge_3:
            return state.explorer_value
        key = (state.num_players, state.challenge_5)
        m = _Old.MEAN.get(key)
        if m is None:
            vals = _explorer_values(state.num_players, {"challenge_5": state.challenge_5})
            m = _Old.MEAN[key] = [sum(vals) / len(vals)] * 60
        return m

    @staticmethod
    def common(state):
        doomed = BY_NAME[state.decision_data["at"]] if state.decision == "repel" and state.decision_data.get("kind") == "shark" else -1
        terr = state.terrain
        if min(terr) >= -1:
            left = len(terr) - terr.count(-1)
        else:
            left = sum(1 for t in terr if t >= 0)
        return doomed, 0.45 + 0.55 * min(1.0, left / 20.0)

    @staticmethod
    def projected(state, p, doomed, sink):
        near = _Old.near
        w, a = state.explorer_where, state.explorer_at
        v = [1] * 60 if state.challenge_3 else _Old.values_of(state, p)
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
                if (whales and near(whales, h, 3)) or (serps and near(serps, h, 1)):
                    f *= _BOAT_DANGER
                play += v[e] * f
            elif we == SEA:
                h = a[e]
                if h == doomed and e not in prot:
                    continue
                f = max(0.05, _SEA - _SEA_SLOPE * ISLE_D[h])
                if e not in prot and ((sharks and near(sharks, h, 2)) or (serps and near(serps, h, 1))):
                    f *= _SWIM_DANGER
                play += v[e] * f
        return saved + sink * play

    @staticmethod
    def values(state):
        n = state.num_players
        if state.is_terminal:
            w = state.winners()
            return [1.0 / len(w) if q in w else 0.0 for q in range(n)]
        com = _Old.common(state)
        pr = [_Old.projected(state, q, *com) for q in range(n)]
        out = []
        for q in range(n):
            m = pr[q] - max(pr[x] for x in range(n) if x != q)
            out.append(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, m / _SCALE)))))
        return out

    @staticmethod
    def f_land(h):
        return max(0.08, _LAND - _LAND_SLOPE * ISLE_D[h])

    @staticmethod
    def f_boat(state, h):
        f = max(0.1, _BOAT - _BOAT_SLOPE * ISLE_D[h])
        cre = state.creatures
        near = _Old.near
        if (cre["whale"] and near(cre["whale"], h, 3)) or (cre["serpent"] and near(cre["serpent"], h, 1)):
            f *= _BOAT_DANGER
        return f

    @staticmethod
    def f_sea(state, h, protected):
        f = max(0.05, _SEA - _SEA_SLOPE * ISLE_D[h])
        cre = state.creatures
        near = _Old.near
        if not protected and ((cre["shark"] and near(cre["shark"], h, 2)) or (cre["serpent"] and near(cre["serpent"], h, 1))):
            f *= _SWIM_DANGER
        return f

    @staticmethod
    def f_now(state, e):
        w = state.explorer_where[e]
        if w == LAND:
            return _Old.f_land(state.explorer_at[e])
        if w == BOAT:
            return _Old.f_boat(state, state.boat_at[state.explorer_at[e]])
        if w == SEA:
            return _Old.f_sea(state, state.explorer_at[e], e in state.dolphin_protects)
        return 0.0

    LAB = {f"{c}{k + 1}": i * 10 + k for i, c in enumerate("RBYGOW") for k in range(10)}

    @staticmethod
    def move_gain(state, a, p, vals, n):
        t = a.split()
        v0 = t[0]
        if v0 == "end":
            return 0.0
        if v0 == "sail":
            src, dst = BY_NAME[t[1]], BY_NAME[t[2]]
            b = state.boat_on_hex.get(src)
            pax = state.boat_passengers[b] if b is not None else ()
            if not pax:
                return 0.0
            cre = state.creatures
            sunk = dst in cre["serpent"] or dst in cre["whale"]
            g = 0.0
            for e in pax:
                before = _Old.f_boat(state, src)
                after = _Old.f_sea(state, dst, False) if sunk else _Old.f_boat(state, dst)
                g += vals[e] * (after - before) * (1.0 if e // 10 == p else -1.0 / max(1, n - 1))
            return g
        e = _Old.LAB[t[1]]
        now = _Old.f_now(state, e)
        if v0 == "isle":
            return vals[e] * (1.0 - now)
        h = BY_NAME[t[2]]
        if v0 == "walk":
            return vals[e] * (_Old.f_land(h) - now)
        if v0 == "board":
            return vals[e] * (_Old.f_boat(state, h) - now)
        with_dolphin = len(t) == 4
        if (h in state.creatures["shark"] or h in state.creatures["serpent"]) and not with_dolphin:
            return -vals[e] * now
        return vals[e] * (_Old.f_sea(state, h, with_dolphin) - now)

    @staticmethod
    def creature_gain(state, a, p, vals, n):
        t = a.split()
        if len(t) != 3 or t[0] in ("dolphin", "drift", "shift", "squid"):
            return 0.0
        h = BY_NAME[t[2]]
        g = 0.0
        w, at, prot = state.explorer_where, state.explorer_at, state.dolphin_protects
        if t[0] in ("shark", "serpent"):
            for e in range(60):
                if w[e] == SEA and at[e] == h and e not in prot:
                    g += vals[e] * _Old.f_sea(state, h, False) * (-1.0 if e // 10 == p else 1.0 / max(1, n - 1))
        if t[0] in ("whale", "serpent"):
            b = state.boat_on_hex.get(h)
            if b is not None:
                for e in state.boat_passengers[b]:
                    loss = _Old.f_boat(state, h) * (1.0 if t[0] == "serpent" else 0.5)
                    g += vals[e] * loss * (-1.0 if e // 10 == p else 1.0 / max(1, n - 1))
        return g

    @staticmethod
    def remove_gain(state, a, p, vals, n):
        h = BY_NAME[a[7:]]
        g = 0.0
        w, at = state.explorer_where, state.explorer_at
        for e in range(60):
            if w[e] == LAND and at[e] == h:
                g += vals[e] * (-1.0 if e // 10 == p else 1.0 / max(1, n - 1))
        return g - 0.02 * min(DIST[h][x] for x in _ENTRANCES)

    @staticmethod
    def best(state, legal, rng, gain):
        p = state.decision_seat
        n = state.num_players
        vals = [1] * 60 if state.challenge_3 else _Old.values_of(state, p)
        best, best_v = [], None
        for a in legal:
            g = gain(state, a, p, vals, n)
            if best_v is None or g > best_v + 1e-9:
                best, best_v = [a], g
            elif abs(g - best_v) <= 1e-9:
                best.append(a)
        return best[rng.randbelow(len(best))]

    @staticmethod
    def greedy_step(state, legal, rng):
        if len(legal) == 1:
            return legal[0]
        d = state.decision
        if d == "repel":
            return "repel" if "repel" in legal else "pass"
        if d == "move":
            return _Old.best(state, legal, rng, _Old.move_gain)
        if d == "creature":
            return _Old.best(state, legal, rng, _Old.creature_gain)
        if d == "remove":
            return _Old.best(state, legal, rng, _Old.remove_gain)
        if d == "tile":
            return "pass"
        return legal[rng.randbelow(len(legal))]

    @staticmethod
    def policy(state, legal, rng):
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
        return _Old.greedy_step(state, legal, rng)

    @staticmethod
    def turn_start(state):
        d = state.decision
        return d == "tile" or (d == "move" and state.movement_points == 3) or d in ("place", "boat")

    @staticmethod
    def finish_turn(state, limit=40):
        if state.over or _Old.turn_start(state):
            return
        cur = state.current_player
        rng = state.rng
        k = 0
        while not state.over and k < limit and state.current_player == cur and state.decision != "creature":
            legal = state.legal_actions()
            a = _Old.greedy_step(state, legal, rng)
            if a.startswith("remove "):
                state.back[BY_NAME[a[7:]]] = _NEUTRAL_BACK
            state.apply(a)
            k += 1

    @staticmethod
    def setup_score(state, p):
        w, at, v, terr = state.explorer_where, state.explorer_at, state.explorer_value, state.terrain
        boats = [h for h in state.boat_at if h >= 0]
        s = _SETUP_LATER * sum(state.unplaced[p])
        for e in range(p * 10, p * 10 + 10):
            if w[e] == LAND:
                h = at[e]
                q = _Old.f_land(h) + _SETUP_TERRAIN * terr[h]
                if boats and _Old.near(boats, h, 1):
                    q += _SETUP_BOAT
                s += v[e] * q
        return s

    @staticmethod
    def setup_values(state):
        n = state.num_players
        sc = [_Old.setup_score(state, q) for q in range(n)]
        out = []
        for q in range(n):
            m = sc[q] - max(sc[x] for x in range(n) if x != q)
            out.append(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, m / _SCALE)))))
        return out

    @staticmethod
    def turn_values(state):
        if state.over:
            return _Old.values(state)
        if not state.started:
            return _Old.setup_values(state)
        if _Old.turn_start(state):
            return _Old.values(state)
        c = state.clone(False)
        _Old.finish_turn(c)
        return _Old.values(c)


OPTIONS = [{}, {"dolphins": True, "giant_squid": True}, {"challenge_3": True}, {"own_values_visible": True}]


def _positions(players, seed, options, every):
    """Positions of a seeded game (one heuristic seat, the others random, so both careful and
    careless positions show up), one decision in about ``every``, and determinized copies of some
    (the states a search scores)."""
    s = lapilli.new_game("the-island", players, seed, options, seeding="linear")  # the seeding the digests were taken with
    agents = [make_agent("heuristic" if p == seed % players else "random", seed=p, game="the-island")
              for p in range(players)]
    r = Rng(seed * 131 + players)
    out = []
    while not s.is_terminal:
        if r.randbelow(every) == 0:
            out.append(s.clone())
            if r.randbelow(2) == 0:
                out.append(s.determinize(s.to_move, r.next64() & 0x7FFFFFFF))
        s.apply(agents[s.to_move].choose(Decision(s)))
    out.append(s)
    return out


CASES = [(players, seed, opts) for players in range(2, 7) for seed, opts in enumerate(OPTIONS)]


@pytest.mark.parametrize("players,seed,options", fast_where(CASES, lambda n, s, o: n == 2))  # 3-6 players: whole suite
def test_search_functions_compute_what_they_computed_before(players, seed, options):
    checked = {"values": 0, "turn": 0, "step": 0, "finish": 0}
    for k, s in enumerate(_positions(players, seed + 10, options, 4)):
        before = s.to_json()
        assert HEU._static_values(s) == _Old.values(s)
        assert HEU.turn_values(s) == _Old.turn_values(s)
        checked["values"] += 1
        checked["turn"] += 1
        if s.is_terminal:
            continue
        legal = s.legal_actions()
        for fn, old in ((HEU._greedy_step, _Old.greedy_step), (HEU.policy, _Old.policy)):
            for j in range(3):
                r1, r2 = Rng(k * 7 + j), Rng(k * 7 + j)
                assert fn(s, list(legal), r1) == old(s, list(legal), r2)
                assert r1.state == r2.state
        checked["step"] += 1
        a, b = s.clone(False), s.clone(False)
        HEU.finish_turn(a)
        _Old.finish_turn(b)
        assert a.to_json() == b.to_json()
        checked["finish"] += 1
        assert s.to_json() == before               # nothing above changed the position
    assert min(checked.values()) >= 20, checked


SPEC = ("mcts:iterations=400,c=0.05,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,"
        "order=eval,max_depth=3")

# (players, decision, move chosen, digest of the root children's (move, visits, total)), recorded
# with the code of 2dd5572 by _root_positions / _root_record below; retaken when a determinization
# became a function of the seat's observation and the seed alone (hidden pools sorted before the
# shuffle): the heuristic players' games that give the roots, and the search's samples, drew other
# samples of the same distribution, so every entry moved
ROOTS = [
    (2, 'move', 'board R10 2,4', '33ecabf32d42'),
    (2, 'move', 'walk B4 9,5', 'ce9b23d0d5f3'),
    (2, 'move', 'swim R4 12,8', '0e489ce40f9a'),
    (2, 'creature', 'serpent 8,9 7,9', 'f818b29e58e2'),
    (2, 'move', 'end', '162a0e047172'),
    (3, 'place', 'place 1 6,6', '0bb22aaa607f'),
    (3, 'tile', 'play dolphin B10 2,0', '0c6a142cc94b'),
    (3, 'move', 'walk R3 3,6', '6d09aeaf550a'),
    (3, 'tile', 'play shark 7,2 6,8', 'c7997956141e'),
    (3, 'creature', 'shark 7,2 7,1', 'a6ae38de324a'),
    (4, 'place', 'place 2 5,2', '75f2e940ab7f'),
    (4, 'move', 'walk B6 8,3', 'b0c7c819ae4e'),
    (4, 'creature', 'shark 1,6 1,8', 'd4313223262f'),
    (4, 'move', 'sail 4,3 5,4', 'dd85e363428d'),
    (4, 'tile', 'play winds 9,5 8,2', '2de6c50a0447'),
    (5, 'place', 'place 1 5,6', 'e488b9b843ca'),
    (5, 'tile', 'play whale 4,1 11,1', '1a3ed9058cef'),
    (5, 'move', 'walk G4 9,7', '628a92381e2d'),
    (5, 'move', 'walk Y1 7,9', 'c0a5f6a6859b'),
    (5, 'move', 'sail 2,10 3,10', 'efe468ac75b2'),
    (6, 'place', 'place 1 7,6', '5b77f241c89f'),
    (6, 'move', 'board O7 10,6', '077e40f0b039'),
    (6, 'tile', 'play whale 2,3 12,5', '5e2a5aaa6aa1'),
    (6, 'move', 'board G1 2,7', 'cf9644e7d747'),
    (6, 'remove', 'remove 6,7', '0c18ec506039'),
]


def _root_positions():
    """Five positions with a choice (no repellent question) spread over a game between heuristic
    players, for 2 to 6 players."""
    out = []
    for n in range(2, 7):
        s = lapilli.new_game("the-island", n, 40 + n, seeding="linear")  # the seeding the digests were taken with
        agents = [make_agent("heuristic", seed=p, game="the-island") for p in range(n)]
        cands = []
        while not s.is_terminal:
            if len(s.legal_actions()) > 1 and s.decision != "repel":
                cands.append(s.clone())
            s.apply(agents[s.to_move].choose(Decision(s)))
        step = len(cands) // 5
        out.extend(cands[step // 2::step][:5])
    return out


def _root_record(s, seed):
    agent = make_agent(SPEC, seed=seed, game="the-island")
    a = agent.choose(Decision(s))
    ch = agent.last_root.children
    h = hashlib.sha256(repr(sorted((k, c.visits, c.total) for k, c in ch.items())).encode()).hexdigest()[:12]
    return a, h


@pytest.mark.slow  # whole searches; the functions they are made of are checked fast above
def test_normal_search_chooses_as_before():
    got = [(s.num_players, s.decision) + _root_record(s, 100 + k) for k, s in enumerate(_root_positions())]
    assert got == ROOTS
