"""Small helpers to build test positions of The Island."""
from __future__ import annotations

import lapilli
from lapilli.games.the_island import board as B
from lapilli.games.the_island import notation as nt
from lapilli.games.the_island.rules import BOAT, ISLE, LAND, LOST, SEA

H = B.BY_NAME          # "r,c" -> hex index
TER = {"beach": 0, "forest": 1, "mountain": 2}


def untimed(spec):
    """An agent spec without its time limit (the iterations end the search, so a result does not
    depend on the machine)."""
    return ",".join(p for p in spec.split(",") if not p.startswith("time_limit="))


def setup_done(players=4, seed=1, **opts):
    """A new game played through set-up with the first legal action each time."""
    st = lapilli.new_game("the-island", players, seed, opts, seeding="linear")  # the positions these tests were written on (the seeding before seeds were mixed)
    while st.decision in ("place", "boat"):
        st.apply(st.legal_actions()[0])
    return st


def blank(players=4, seed=1, **opts):
    """A position after set-up with an empty board: every island slot holds a mountain whose back is
    a whirlpool, no explorer, boat or creature is on the board, hands are empty.  It is seat 0's step 2."""
    st = setup_done(players, seed, **opts)
    for h in B.ISLAND_SLOTS:
        st.terrain[h] = 2
        st.back[h] = "whirlpool"
    for e in range(60):
        if st.explorer_where[e]:
            st.explorer_where[e] = LOST
            st.explorer_at[e] = -1
    for e in range(60):
        st.explorer_where[e] = 0
    st.boat_at = [-1] * len(st.boat_at)
    st.boat_passengers = [[] for _ in st.boat_at]
    st.boat_on_hex = {}
    for k in st.creatures:
        st.supply[k] += len(st.creatures[k])
        st.creatures[k] = []
    st.dolphin_at = [-1] * len(st.dolphin_at)
    st.dolphin_protects = [-1] * len(st.dolphin_protects)
    st.hands = [[] for _ in range(players)]
    st.turns = [1] + [0] * (players - 1)
    at(st, "move", 0)
    return st


def tile(st, name, terrain, back="whirlpool"):
    st.terrain[H[name]] = TER[terrain]
    st.back[H[name]] = back
    st._legal_cache = None


def sea(st, *names):
    """Make island slots sea spaces (tiles removed earlier)."""
    for n in names:
        st.terrain[H[n]] = -1
        st.back[H[n]] = None
    st._legal_cache = None


def ex(st, lab, where, at, value=1):
    """Put explorer ``lab`` (e.g. "B1") on land / sea (hex name) or into the boat on hex ``at``."""
    e = nt.parse_label(lab)
    w = {"land": LAND, "sea": SEA, "boat": BOAT, "isle": ISLE, "lost": LOST}[where]
    st.explorer_where[e] = w
    st.explorer_value[e] = value
    if w in (LAND, SEA):
        st.explorer_at[e] = H[at]
    elif w == BOAT:
        b = st.boat_on_hex[H[at]]
        st.explorer_at[e] = b
        st.boat_passengers[b].append(e)
    elif w == ISLE:
        st.explorer_at[e] = B.ISLE_NAMES.index(at)
    st._legal_cache = None
    return e


def boat(st, at, *labs):
    b = st.boat_at.index(-1)
    st.boat_at[b] = H[at]
    st.boat_on_hex[H[at]] = b
    for lab in labs:
        ex(st, lab, "boat", at)
    st._legal_cache = None
    return b


def put(st, kind, at):
    st.creatures[kind].append(H[at])
    st.supply[kind] -= 1
    st._legal_cache = None


def dolphin(st, d, at, protects=None):
    st.dolphin_at[d] = H[at]
    st.dolphin_protects[d] = nt.parse_label(protects) if protects else -1
    st._legal_cache = None


def hand(st, seat, *backs, terrain=0):
    st.hands[seat].extend((terrain, b) for b in backs)
    st._legal_cache = None


def at(st, phase, seat, points=3, roll=None):
    """Make it ``seat``'s turn at the given step ("tile", "move", "remove", "creature")."""
    st.current_player = seat
    st.decision_seat = seat
    st.decision = phase
    st.decision_data = {}
    st.started = True
    st.sea_moved = []
    st.movement_points = points if phase == "move" else 0
    rest = {"tile": ["step2", "step3", "step4"], "move": ["step3", "step4"], "remove": ["step4"], "creature": []}[phase]
    st.queue = [("next",)] + [(t,) for t in reversed(rest)]
    if roll is not None:
        st.roll = list(roll)
    st._legal_cache = None
    return st


def where(st, lab):
    e = nt.parse_label(lab)
    w = st.explorer_where[e]
    if w in (LAND, SEA):
        return ({LAND: "land", SEA: "sea"}[w], B.NAME[st.explorer_at[e]])
    if w == BOAT:
        return ("boat", B.NAME[st.boat_at[st.explorer_at[e]]])
    if w == ISLE:
        return ("isle", B.ISLE_NAMES[st.explorer_at[e]])
    return ({0: "box", LOST: "lost"}[w], None)


def cre(st, kind):
    return sorted(B.NAME[h] for h in st.creatures[kind])


def boats(st):
    return {B.NAME[h]: sorted(nt.label(e) for e in st.boat_passengers[b]) for h, b in st.boat_on_hex.items()}


def illegal(st, action):
    """Apply an action that must be refused; return the IllegalAction (state must be unchanged)."""
    import json
    import pytest
    before = json.dumps(st.to_json(), sort_keys=True)
    with pytest.raises(lapilli.IllegalAction) as ei:
        st.apply(action)
    assert json.dumps(st.to_json(), sort_keys=True) == before
    return ei.value


def go(st, action):
    """Apply an action, then let every player asked about a repellent they do not hold pass."""
    ev = st.apply(action)
    while st.decision == "repel" and st.legal_actions() == ["pass"]:
        ev += st.apply("pass")
    return ev


def heuristic_positions(players, seed, every):
    """Positions (copies) of a game between heuristic players, one decision in ``every``."""
    from lapilli.agents import Decision, make_agent

    s = lapilli.new_game("the-island", players, seed, seeding="linear")  # the positions these tests were written on (the seeding before seeds were mixed)
    agents = [make_agent("heuristic", seed=p, game="the-island") for p in range(players)]
    out, k = [], 0
    while not s.is_terminal:
        if k % every == 0:
            out.append(s.clone())
        s.apply(agents[s.to_move].choose(Decision(s)))
        k += 1
    return out


def snapshot(s):
    """What a search must leave as it found it: the decision, seat, points, explorers, terrain,
    backs, random state and creatures of ``s``."""
    return (s.decision, s.decision_seat, s.current_player, s.movement_points, list(s.explorer_where), list(s.explorer_at), list(s.terrain),
            list(s.back), s.rng.state, {k: list(v) for k, v in s.creatures.items()})
