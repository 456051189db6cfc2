"""Computer-player heuristics for Kingdomino Origins (used by lapilli.agents).

``evaluate(state, seat)``: the seat's score now (KDO-8 comfort, KDO-10.16 resources and Totems,
KDO-11.36 Cro-magnons, KDO-12 bonuses) plus what is about to score: fireless regions that a fire
can still light, resources (they feed Totems and recruits), free room in the territory.

``choose(state, legal, rng, seat)``: one-ply greedy on ``evaluate``, completing the seat's own
follow-up decisions (the fire token of a volcano, the spending and putting of a recruit) greedily;
tiles to take are valued by their best placement in the seat's territory.

``policy(state, legal, rng)``: a cheap rollout policy (landscape matching, fire on big regions).

``values(state)``: per-seat values in [0, 1] for MCTS (a logistic of the evaluation margin).
"""
from __future__ import annotations

import math

from ...agents.heuristic import greedy_choose
from ...agents.mcts import win_shares
from . import board
from .data import START, TILES, VOLCANO

EXACT_HELD = True  # values(): held tiles valued by their best placement (slower, sharper)
_SELF = ("fire", "spend", "put")  # follow-up decisions of the same seat inside one turn


# ---------------------------------------------------------------------------- evaluation
def _regions(geo, land, occ, camp, tok) -> list:
    """board.regions over the occupied cells only (same result, much faster)."""
    return board.regions(geo, land, camp, tok, cells=occ)


def _held_exact(state, p) -> float:
    """The held tiles valued by their best placement now (cached per territory and tile)."""
    out = 0.0
    for row, chiefs in ((state.current_tiles, state.current_chief), (state.new_tiles, state.new_chief)):
        for i, t in enumerate(row):
            if t is not None and chiefs[i] == p:
                out += _held_value(state, p, t)
    return out


def evaluate(state, seat: int, exact_held: bool = False) -> float:
    p = seat
    geo = state.geo
    regs = _regions(geo, state.land[p], state.occupied[p], state.campfires[p], state.fire_tokens[p])
    parts = state.score_parts(p) if state.mode != "discovery" or state.options.get("fire_empire") \
        or state.options.get("homo_habilis") else None
    if parts is None:
        score = board.comfort(regs)
    else:
        score = sum(v for k, v in parts.items() if k not in ("largest_region", "fire_icons"))
    if state.is_terminal:
        return float(score)
    left = max(0, 12 - state.round) / 12.0  # share of the game still to play
    pot = 0.0
    for land, size, fire in regs:
        if land == VOLCANO:
            continue
        if fire == 0:
            pot += 0.6 * size  # a fire token or a campfire tile can still light it
        else:
            pot += 0.35 * size  # it grows by matching tiles
    pot *= left
    # tiles the seat holds (chosen, not yet played): what they will add to the best region of
    # their landscape, their campfires and the fire token of a volcano
    best_fire = {}
    for land, size, fire in regs:
        if fire and (land not in best_fire or size * 0 + fire > best_fire[land][1]):
            best_fire[land] = (size, fire)
    for row, start in (() if exact_held else ((state.current_tiles, state.row_position + 1 if state.phase != "place" else state.row_position), (state.new_tiles, 0))):
        chiefs = state.current_chief if row is state.current_tiles else state.new_chief
        for i in range(max(start, 0), len(row)):
            t = row[i]
            if t is None or chiefs[i] != p:
                continue
            for land, camp, crat, res in TILES[t]:
                if crat:
                    pot += 2.0 * crat
                    continue
                bf = best_fire.get(land)
                if bf:
                    pot += 0.8 * (bf[1] + camp * (bf[0] + 1))
                else:
                    pot += 1.0 * camp
                if res >= 0 and state.mode != "discovery":
                    pot += 0.8
    if exact_held:
        pot += 0.9 * _held_exact(state, p)
    if state.phase == "fire" and state.current_player == p:
        # the fire token about to land: its fires times a good region in range (estimated)
        big = max((size for land, size, _ in regs if land != VOLCANO), default=1)
        pot += 0.7 * state.fire_value * big
    if state.mode == "tribe":
        pot += 0.6 * sum(state.resource_counts[p]) * left + 0.5 * sum(1 for c in state.resource_counts[p] if c) * left
    return float(score) + pot


# ---------------------------------------------------------------------------- greedy choice
def _finish_own(state, seat):
    """Play the seat's own follow-up decisions (fire, spend, put) greedily."""
    guard = 0
    while not state.is_terminal and state.to_move == seat and state.phase in _SELF and guard < 8:
        guard += 1
        acts = state.legal_actions()
        best, bv = None, None
        for a in acts[:40]:
            c = state.clone()
            c.apply(a)
            v = evaluate(c, seat)
            if bv is None or v > bv:
                best, bv = a, v
        state.apply(best)
    return state


def _best_of_sample(state, p, t, limit):
    """((a, b), comfort gain) of the best placement of tile t in seat p's territory among an even
    sample of at most ``limit`` of its legal placements (the earlier on ties), or (None, None)
    when the tile cannot be placed."""
    geo = state.geo
    land, occ = state.land[p], state.occupied[p]
    sq = TILES[t]
    opts = board.placements(geo, land, occ, state.bounding_box[p], sq)
    if not opts:
        return None, None
    lab, regs = board.region_labels(geo, land, state.campfires[p], state.fire_tokens[p], occ)
    base = board.comfort(regs)
    best, bg = None, None
    step = -(-len(opts) // limit)
    for a, b in opts[::step]:
        g = board.comfort_after(geo, lab, regs, base, sq, a, b) - base
        if bg is None or g > bg:
            best, bg = (a, b), g
    return best, bg


def _tile_value(state, seat, t, limit=40) -> float:
    """Best gain of placing tile t now in the seat's territory (fire of a volcano estimated)."""
    return _placed_value(state, t, *_best_of_sample(state, seat, t, limit))


def _placed_value(state, t, cells, gain) -> float:
    """``_tile_value`` from the best placement ``cells`` and its comfort ``gain``."""
    if cells is None:
        return -5.0
    extra = 0.0
    for s in TILES[t]:
        if s[2]:
            extra += 2.5 * s[2]  # a volcano brings a fire token
        if s[3] >= 0 and state.mode != "discovery":
            extra += 1.0 if state.mode == "totem" else 0.8
    return gain + extra


def choose(state, legal, rng, seat):
    if len(legal) == 1:
        return legal[0]
    ph = state.phase
    if ph in ("pick", "choose"):
        vals = [(_tile_value(state, seat, int(a.split()[1])), a) for a in legal]
        top = max(v for v, _ in vals)
        best = [a for v, a in vals if v >= top - 1e-9]
        return best[rng.randbelow(len(best))]
    if ph == "pair":
        tiles = state.current_tiles
        v = [_tile_value(state, seat, t) for t in tiles]
        return "pair 14" if v[0] + v[3] >= v[1] + v[2] else "pair 23"
    if ph == "give":
        sc = state.scores()
        return min(legal, key=lambda a: (sc[int(a.split()[1])], a))
    return greedy_choose(state, legal, rng, seat, _finished_value, limit=80, tolerance=1e-9)


def _finished_value(state, seat):
    """``evaluate`` once the seat's own pending steps of this turn are played (``_finish_own``;
    ``state`` is the greedy player's copy, changed here)."""
    _finish_own(state, seat)
    return evaluate(state, seat)


# ---------------------------------------------------------------------------- rollout policy
def _match(geo, land, cell, ls, skip=-1) -> int:
    m = 0
    for nb in geo.orth[cell]:
        if nb != skip and (land[nb] == ls or land[nb] == START):
            m += 1
    return m


def policy(state, legal, rng):
    if len(legal) == 1:
        return legal[0]
    ph = state.phase
    geo = state.geo
    p = state.current_player
    if ph == "place":
        t = state.current_tiles[state.row_position]
        sq = TILES[t]
        land = state.land[p]
        idx = geo.index
        best, bv = legal[0], -1.0
        k = min(len(legal), 12)
        for _ in range(k):
            a = legal[rng.randbelow(len(legal))]
            _, x, y = a.split()
            cx, cy = idx[x], idx[y]
            v = _match(geo, land, cx, sq[0][0], cy) + _match(geo, land, cy, sq[1][0], cx) + rng.random() * 0.5
            if v > bv:
                best, bv = a, v
        return best
    if ph in ("pick", "choose"):
        best, bv = legal[0], -1.0
        for a in legal:
            t = int(a.split()[1])
            v = sum(s[1] + 0.8 * s[2] for s in TILES[t]) + rng.random()
            if v > bv:
                best, bv = a, v
        return best
    if ph == "fire":
        land = state.land[p]
        idx = geo.index
        best, bv = legal[0], -1.0
        for _ in range(min(len(legal), 8)):
            a = legal[rng.randbelow(len(legal))]
            c = idx[a.split()[1]]
            v = sum(1 for nb in geo.ring[c] if land[nb] == land[c]) + rng.random()
            if c in state.resources[p]:
                v -= 2
            if v > bv:
                best, bv = a, v
        return best
    return legal[rng.randbelow(len(legal))]


# ---------------------------------------------------------------------------- calibrated values
# ``values`` above turns the evaluation margin into a value with a fixed scale of 5 points.  Fitted
# on 60 two-player and 40 three- and four-player heuristic games (discovery mode; a logistic of
# the margin against the seat winning, the best scale per group of rounds), the right scale grows
# with the scores: about 7, 10 and 14 points in rounds 1-3, 4-6 and 7-9 of the 7x7 game (2
# players, scores near 125) against 4-8 points in the 5x5 game (3-4 players, scores near 50), and
# it falls again near the end, where a margin decides.  With 5 points the middle of a two-player
# game saturates (a margin of 17, the median in rounds 7-9, gives 0.97), so the search could not
# tell moves apart once a seat was ahead or behind.
_SCALE_7X7 = (7.0, 7.0, 7.0, 7.0, 10.0, 10.0, 10.0, 14.0, 14.0, 14.0, 8.0, 8.0, 3.0)  # by round 0-12
_SCALE_5X5 = (5.0, 5.0, 5.0, 5.0, 7.0, 7.0, 7.0, 8.0, 8.0, 8.0, 5.0, 5.0, 3.0)


def values_calibrated(state) -> list:
    """Per-seat values in [0, 1]: a logistic of the evaluation margin over the best other seat,
    with the scale of that margin fitted to the win rate for the round and territory size."""
    n = state.num_players
    if state.is_terminal:
        return win_shares(state)
    table = _SCALE_7X7 if n == 2 else _SCALE_5X5
    scale = table[min(max(state.round, 0), len(table) - 1)]
    e = [evaluate(state, i, EXACT_HELD) for i in range(n)]
    out = []
    for i in range(n):
        best_other = max(e[j] for j in range(n) if j != i)
        out.append(1.0 / (1.0 + math.exp(-(e[i] - best_other) / scale)))
    return out


values = values_calibrated  # what evaluator=game takes (agents/__init__.py)


# ---------------------------------------------------------------------------- guided policy
# The first move the search expands at an inner node (prior=game) comes from ``policy``; with
# rollout_depth=0 that is all ``policy`` does in the levels.  The policy above places a tile by
# counting matching neighbours of 12 random placements and takes the tile with the most printed
# fire, so in the tree an opponent's (or the seat's own later) first reply was often far from
# what the heuristic player would play.  ``policy_guided`` plays, for a placement and a tile to
# take, what ``values`` assumes about held tiles: the best of the same sample of placements by
# comfort gain, and the tile with the best such placement; both read one cache of that sample per
# territory and tile (the territories of a search repeat), so a search pays for each at most once.
_SAMPLE_CACHE: dict = {}


def _territory_key(state, p) -> tuple:
    """What the comfort of seat p's territory reads: its cells with their landscapes and printed
    campfires, and its fire tokens with their values.  The caches keyed by it are shared by the
    seats and the games of a process, so two territories with the same landscapes but other
    campfires or tokens must not share a key."""
    occ = state.occupied[p]
    land = state.land[p]
    camp = state.campfires[p]
    return (tuple(occ), tuple(land[c] for c in occ), tuple(camp.get(c, 0) for c in occ),
            tuple(sorted(state.fire_tokens[p].items())))


def _sample_24(state, p, t) -> tuple:
    """``_best_of_sample`` of tile t over at most 24 placements, cached per territory and tile:
    the scan that both ``_best_place`` and ``_held_value`` read."""
    key = (_territory_key(state, p), t)
    r = _SAMPLE_CACHE.get(key)
    if r is None:
        if len(_SAMPLE_CACHE) > 200_000:
            _SAMPLE_CACHE.clear()
        r = _SAMPLE_CACHE[key] = _best_of_sample(state, p, t, 24)
    return r


def _best_place(state, p, t):
    """(a, b) cells of the best placement of tile t among the even sample of ``_tile_value``
    (comfort gain, the earlier on ties), or None when the tile cannot be placed."""
    return _sample_24(state, p, t)[0]


def _held_value(state, p, t) -> float:
    """What ``values`` counts for holding tile t: ``_tile_value`` over the sample of 24, at
    least 0."""
    return max(0.0, _placed_value(state, t, *_sample_24(state, p, t)))


_policy_simple = policy  # the earlier rollout policy, still used for fire and the other phases


def _guided_place(state, p, legal):
    """The placement of the drawn tile that gains the most comfort (_best_place), if legal."""
    best = _best_place(state, p, state.current_tiles[state.row_position])
    if best is not None:
        name = state.geo.name
        a = f"place {name[best[0]]} {name[best[1]]}"
        if a in legal:
            return a
    return None


def policy_guided(state, legal, rng):
    return _guided(state, legal, rng, False)


def _guided(state, legal, rng, det: bool):
    """The guided policy; ``det`` (``policy_det``): no jitter, the first legal placement when
    the sample has none, and the fire where it gains the most comfort."""
    if len(legal) == 1:
        return legal[0]
    ph = state.phase
    p = state.current_player
    if ph == "place":
        a = _guided_place(state, p, legal)
        if a is not None:
            return a
        if det:
            return legal[0]
    elif ph in ("pick", "choose") and p >= 0:
        return _best_pick(state, p, legal, None if det else rng)
    elif ph == "fire" and det:
        return _fire_best(state, legal)
    return _policy_simple(state, legal, rng)


def _best_pick(state, p, legal, rng=None):
    """The tile with the best held value for seat p (the earlier on ties); with ``rng`` each
    value gets a jitter of up to 0.01 (the guided policy), without it none (``policy_det``)."""
    top, pick = None, legal[0]
    for a in legal:
        v = _held_value(state, p, int(a.split()[1]))
        if rng is not None:
            v += 0.01 * rng.random()
        if top is None or v > top:
            top, pick = v, a
    return pick


policy = policy_guided  # what policy=game and prior=game take (agents/__init__.py, agents/mcts.py)


# ---------------------------------------------------------------------------- round-end leaves
# A search leaf in the middle of a round is scored by ``values`` at whatever point of the round it
# lies: some seats have already placed this round's tile, others still hold it, some have taken
# next round's tile.  ``evaluate`` counts a placed tile by its exact comfort and a held one by 0.9
# of its best sampled placement, so the seats' values shift with the point of the round, and a
# rollout of a fixed number of decisions (the earlier hard, 8 decisions) ends at different points
# (with 3-4 players past the round end, where the rollout takes tiles from the determinized, hidden
# next row).  ``values_round_end`` scores every leaf at the same point: the rest of the current
# round played by a deterministic version of the guided policy, then ``values`` at the start of
# the next round (the terminal win shares in the final round).  Nothing hidden is drawn before that
# point except the next row, which no seat holds yet and ``values`` does not read, so a leaf has one
# value in every determinization.  ``chance_key`` (the visible next row) lets ``chance=stop`` end
# the tree at the round end, so every leaf of the search is scored at the end of the current round.
_FIRE_CACHE: dict = {}


def _fire_best(state, legal):
    """Where the pending fire token gains the most comfort (the first such target on ties)."""
    p = state.current_player
    key = (_territory_key(state, p), state.fire_at, state.fire_value)
    got = _FIRE_CACHE.get(key)
    if got is not None and got in legal:
        return got
    geo = state.geo
    land, occ, camp, tok = state.land[p], state.occupied[p], state.campfires[p], state.fire_tokens[p]
    best, bv = legal[0], None
    for a in legal:
        c = geo.index[a.split()[1]]
        t2 = dict(tok)
        t2[c] = state.fire_value
        v = board.comfort(_regions(geo, land, occ, camp, t2))
        if bv is None or v > bv:
            best, bv = a, v
    if len(_FIRE_CACHE) > 100_000:
        _FIRE_CACHE.clear()
    _FIRE_CACHE[key] = best
    return best


_DET_RNG = None


def policy_det(state, legal, rng=None):
    """The guided policy without chance: the best sampled placement, the tile with the best held
    value (the earlier on ties), the fire where it gains the most comfort; other phases (Totem and
    Tribe modes) the earlier policy with a fixed generator."""
    global _DET_RNG
    if rng is None:
        if _DET_RNG is None:
            from ...engine.rng import Rng
            _DET_RNG = Rng(12345)
        rng = _DET_RNG
    return _guided(state, legal, rng, True)


def _round_start(state) -> bool:
    """True at the start of a round: the first chief of the row is about to play its tile."""
    if state.round < 1 or state.phase != "place":
        return False
    chiefs = state.current_chief
    first = next((i for i in range(len(chiefs)) if chiefs[i] >= 0), -1)
    return state.row_position == first and all(state.current_tiles[i] is not None for i in range(len(chiefs)) if chiefs[i] >= 0)


def finish_round(state, cap: int = 60):
    """Play the rest of the current round in place with ``policy_det`` (nothing at the start of
    a round; the set-up counts as round 0).  Returns the state."""
    return finish_rounds(state, 1, cap)


def values_round_end(state) -> list:
    """``values`` at the end of the current round (the rest of it played by ``policy_det`` on a
    copy); a position at the start of a round is scored as it is."""
    if state.is_terminal or _round_start(state):
        return values_calibrated(state)
    return values_calibrated(finish_round(state.clone()))


def chance_key(state):
    """The chance outcome the seats see (for ``chance=stop``/``chance=key``): the next row (and
    the Cro-magnon display), drawn at the end of each round from the hidden supply."""
    return (tuple(state.new_tiles), tuple(state.display))


# ---------------------------------------------------------------------------- next-round-end leaves
# With 2 players a round is 8-10 decisions (two chiefs per seat), so a 600-iteration search from
# early in a round seldom reaches past the round end, and ``values_round_end`` then scores a tile
# just taken only by its held value (its best sampled placement now).  ``values_next_round_end``
# plays one round further with ``policy_det``: the tiles taken this round are placed in the next
# round, where the seats' territories compete for them, and the leaf is scored at the start of the
# round after.  Treatment of the hidden draw: the row drawn at the end of the leaf's round comes
# from the determinized supply; the next round's picks take from it (by ``policy_det``, the same
# for every seat), and ``values`` counts those held tiles too, so this part of a leaf's value
# depends on the determinization and is averaged over the iterations that reach the leaf, as any
# ISMCTS value is.  (Excluding them would leave the seat that picks first in the next round
# without the advantage it earned.)


def finish_rounds(state, rounds: int = 2, cap: int = 120):
    """Play in place with ``policy_det`` until ``rounds`` round ends have passed (a position at
    the start of a round counts its first round end as already passed, as in ``finish_round``).
    Returns the state."""
    if state.is_terminal:
        return state
    todo = rounds - 1 if _round_start(state) else rounds
    k = 0
    while todo > 0 and not state.is_terminal and k < cap:
        r = state.round
        while not state.is_terminal and state.round == r and k < cap:
            state.apply(policy_det(state, state.legal_actions()))
            k += 1
        todo -= 1
    return state


def values_next_round_end(state) -> list:
    """``values`` at the end of the round after the current one (both played by ``policy_det``
    on a copy; the win shares if the game ends first)."""
    if state.is_terminal:
        return values_calibrated(state)
    return values_calibrated(finish_rounds(state.clone(), 2))
