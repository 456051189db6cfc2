"""Position builders for the Eruption tests (real board geometry from the game's data files)."""
from __future__ import annotations

import lapilli
from lapilli.games.eruption import data as D
from lapilli.games.eruption.rules import GameState

H = D.FROM_LABEL          # label -> hex, e.g. H["d7"]


def setup(n=2, seed=0, variant="standard", **opts):
    """A new game with seat i taking the i-th village of the layout; play is at the first turn."""
    st = lapilli.new_game("eruption", n, seed, {"variant": variant, **opts}, seeding="linear")  # the positions these tests were written on (the seeding before seeds were mixed)
    for v in D.LAYOUT[n][:-1]:
        st.apply(f"village {v}")
    return st


def blank(n=2, seed=0, variant="standard", **opts):
    """A game whose board is empty, at the start of seat 0's Phase 3 (turn order = seat order)."""
    st = setup(n, seed, variant, **opts)
    st.order = list(range(n))
    if st.pending is not None:          # the first turn's drawn tile goes back
        if st.stacks is None:
            st.stack.append(st.pending)
        else:
            st.stacks[0].append(st.pending)
        st.pending = None
    st.tiles.clear()
    st.flow_walls.clear()
    st.border_walls.clear()
    st.claims = [None, None, None]
    st.erupted = [False, False, False]
    st.temperatures = [0] * n
    goto(st, "p3", 0)
    return st


def goto(st, phase, p, mode=None, pending=None):
    """Put the game at ``phase`` of seat p's turn, with fresh per-turn bookkeeping."""
    st.current_player = p
    st._reset_turn()
    st.occupied = set(st.tiles)
    st.touched = lapilli.games.eruption.board.all_contacts(st.tiles)
    st.phase = phase
    st.mode = mode
    st.pending = pending
    st.consent = None
    st._legal_cache = None
    return st


def tile_of_type(st, ttype):
    """A lava tile id of that type that is not on the board (taken out of the stack)."""
    on_board = {t[0] for t in st.tiles.values()}
    for tid, ty in enumerate(D.TILE_TYPE):
        if ty == ttype and tid not in on_board and tid != st.pending:
            if st.stacks is None and tid in st.stack:
                st.stack.remove(tid)
            elif st.stacks is not None:
                for s in st.stacks:
                    if tid in s:
                        s.remove(tid)
            return tid
    raise AssertionError(f"no free tile of type {ttype}")


def put(st, label, ttype, rot):
    """Lay a tile of a type (or 'E' for an eruption tile) on a hex, bypassing the rules."""
    if ttype == "E":
        tid = D.ERUPTION_IDS[sum(st.erupted)]
        st.erupted[sum(st.erupted)] = True
    else:
        tid = tile_of_type(st, ttype)
    st.tiles[H[label]] = (tid, rot, D.ROT[D.TILE_MASK[tid]][rot])
    st._legal_cache = None
    return tid


def pending(st, ttype, mode="p2"):
    """Seat ``st.current_player`` holds a drawn tile of that type, to place (mode: p2, extra, discard2, lavaflow, quake)."""
    tid = tile_of_type(st, ttype)
    st.pending = tid
    st.mode = mode
    st.phase = "place"
    st._legal_cache = None
    return tid


def flows(st, label):
    m = st.tiles[H[label]][2]
    return {D.DIR_NAMES[d] for d in range(6) if m >> d & 1}


def force_rolls(monkeypatch, seq):
    """Make the next wall tests give (red, white) pairs from ``seq``; returns the list of rolls used."""
    it = iter(seq)
    used = []

    def roll(self):
        r = next(it)
        used.append(r)
        return r

    monkeypatch.setattr(GameState, "_roll", roll)
    return used


def wall(st, loc, mat="straw", owner=1):
    from lapilli.games.eruption import notation as N
    kind, key = N.parse_loc(loc)
    (st.flow_walls if kind == "flow" else st.border_walls)[key] = (mat, owner)
    st._legal_cache = None
    return key


def lay(st, label, dirs, exact=False):
    """Lay a lava tile whose flows are exactly ``dirs`` (e.g. "SE NW") on a hex, bypassing the rules.

    exact: use a free tile of a type and rotation with that pattern; otherwise the free tile with
    the highest id (a common type) with its pattern overridden -- tests of placement only need the
    flows, and the scarce tile types stay in the stack for ``pending``."""
    mask = D.mask_of(dirs.split())
    on_board = {t[0] for t in st.tiles.values()}
    free = [t for t in range(D.NUM_LAVA) if t not in on_board and t != st.pending]
    free.reverse()
    for tid in (free if exact else []):
        for r in range(6):
            if D.ROT[D.TILE_MASK[tid]][r] == mask:
                _take(st, tid)
                st.tiles[H[label]] = (tid, r, mask)
                st._legal_cache = None
                return tid
    tid = free[0]
    _take(st, tid)
    st.tiles[H[label]] = (tid, 0, mask)
    st._legal_cache = None
    return tid


def _take(st, tid):
    if st.stacks is None:
        if tid in st.stack:
            st.stack.remove(tid)
    else:
        for s in st.stacks:
            if tid in s:
                s.remove(tid)


def phase1(st, p):
    """Start seat p's turn (Phase 1 and whatever follows automatically); returns the events."""
    events = []
    st._legal_cache = None
    st._begin_turn(p, events)
    st._run(events)
    st._legal_cache = None
    return events


def finish_turn(st):
    """Play the current turn to its end taking the quiet options (place first tile, discard down to 3,
    'end'); returns all the events."""
    first = st.current_player
    events = []
    while not st.is_terminal and st.current_player == first:
        legal = st.legal_actions()
        if "end" in legal:
            a = "end"
        else:
            singles = [x for x in legal if x.startswith("discard ") and x.count(" ") == 1]
            a = singles[0] if singles else legal[0]
        events += st.apply(a)
    return events


def snapshot(s):
    """What a search or an evaluation must leave as it found it in ``s``."""
    return (s.phase, s.current_player, list(s.temperatures), [list(h) for h in s.hands], dict(s.tiles), dict(s.flow_walls),
            dict(s.border_walls), [dict(r) for r in s.reserve], list(s.burned), s.final_left, s.lava_count())


def random_positions(players, seed, k):
    """About ``k`` positions (copies) of one random game, its end included."""
    import random

    rng = random.Random(seed)
    s = lapilli.new_game("eruption", players, seed, {}, seeding="linear")  # the positions these tests were written on (the seeding before seeds were mixed)
    out = []
    while not s.is_terminal:
        legal = s.legal_actions()
        if rng.random() < 0.15:
            out.append(s.clone())
        s.apply(legal[rng.randrange(len(legal))])
    out.append(s)
    return out[:: max(1, len(out) // k)]
