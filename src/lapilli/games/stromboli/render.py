"""Plain-text picture of a Stromboli position for the terminal."""
from __future__ import annotations

from .data import CARD_SPACES, COST, FOREST, MOUNTAIN, NSEG, PIER, PLAIN, PRIESTESS, HUTS, card_label, KIND, PEARL
from .scoring import baskets

COL = ("Red", "Yellow")
INIT = ("R", "Y")


def _cell(state, sp: int) -> str:
    s = ""
    o = state.statues[sp]
    if o >= 0:
        s += INIT[o] + "-statue"
    for q in (0, 1):
        if state.shaman[q] == sp:
            s += ("+" if s else "") + INIT[q] + "@"
    return s or "."


def _pending(state) -> str:
    if state.over:
        p = state.points
        w = state.winners()
        return f"Game over: Red {p[0]}, Yellow {p[1]}; winner: {', '.join(COL[x] for x in w)}"
    t = state.tasks[0]
    who = COL[state.to_move]
    return {
        "turn": f"{who} to play: place a disc, take one back" + (" or move the boat" if not state.reserve(state.active) else ""),
        "shaman": f"{who} may move the shaman ('shaman <space>' or 'stay')",
        "pick": f"{who} chooses a card of segment {t[2] if len(t) > 2 else ''} ('pick 1' / 'pick 2')",
        "buy": f"{who} received a Shell: 'buy <card>' or 'pass'",
        "prebuy": f"Before the scoring {who} may buy 1 card: 'buy <card>' or 'pass'",
        "priestess": f"{who} moves a lava marker: 'priestess cX cY'",
    }.get(t[0], t[0])


def render(state, player=None) -> str:
    L = []
    L.append(f"STROMBOLI  round {state.round}  turn {state.turns}   Red {state.points[0]} : {state.points[1]} Yellow"
             f"   first player: {COL[state.first]}" + ("   [tactical variant]" if state.tactical else ""))
    L.append(_pending(state))
    L.append("")
    hdr = f"{'seg':7} {'boat':4} {'beach discs':22} {'plain':14} {'forest':14} {'mountain':14} {'crater':7} cards"
    L.append(hdr)
    L.append("-" * len(hdr) + "-" * 24)
    for s in range(NSEG):
        boat = "BOAT" if state.boat == s else ""
        discs = []
        for q in (0, 1):
            vals = [str(v) for v in range(1, 6) if state.discs[q][v] == s]
            if vals:
                discs.append(f"{INIT[q]}:{'+'.join(vals)}={sum(int(v) for v in vals)}")
            if state.lava_disc[q] == s:
                discs.append(f"{INIT[q]}:lava")
        for q in (0, 1):
            if state.shaman[q] == NSEG + s:
                discs.append(f"{INIT[q]}@")
        tag = " hut" if s in HUTS else (" pier" if s == PIER else "")
        beach = (" ".join(discs) or ".")
        crater = "*" * state.craters[s] or "."
        cards = []
        for j in range(CARD_SPACES):
            c = state.cards[s * CARD_SPACES + j]
            cards.append(f"{j + 1}:{card_label(c) if c else '-'}")
        L.append(f"{'S' + str(s) + tag:7} {boat:4} {beach:22} {_cell(state, PLAIN * NSEG + s):14} "
                 f"{_cell(state, FOREST * NSEG + s):14} {_cell(state, MOUNTAIN * NSEG + s):14} {crater:7} {'  '.join(cards)}")
    L.append("(hut = a shaman's start beach, pier = the boat's start; R = Red, Y = Yellow; X@ = shaman,"
             " X-statue = statue, * = lava marker on the crater; cards 1 and 2 = the segment's card spaces)")
    L.append("")
    piles = state.piles
    L.append(f"Piles: 1-palm {len(piles[0])}  2-palm {len(piles[1])}  3-palm {len(piles[2])}  discard {len(state.discard)}"
             f"   lava markers in supply: {state.supply()}")
    sc = "  ".join(f"{c}({COST[c]})" for c in state.board_cards) or "none"
    L.append(f"Scoreboard: {sc}   Priestess({COST[PRIESTESS]}): {'face up' if state.priestess_up else 'face down'}")
    for q in (0, 1):
        front = state.front[q]
        w = sum(1 for c in front if KIND[c] == "pearl" and PEARL[c] == "white")
        b = sum(1 for c in front if KIND[c] == "pearl" and PEARL[c] == "black")
        n = sum(1 for c in front if KIND[c] == "nautilus")
        lava = state.lava_disc[q]
        lava_s = "" if lava == -2 else ("  lava disc: reserve" if lava == -1 else f"  lava disc: b{lava}")
        me = "  <- you" if player == q else ""
        L.append(f"{COL[q]:6} reserve discs {' '.join(map(str, state.reserve(q))) or '-':10} statues left {state.statues_left[q]}"
                 f"  shells {len(state.shells[q])}  baskets {baskets(front)}  pearls W{w} B{b}  nautilus {n}"
                 f"  score cards: {', '.join(state.score_cards[q]) or '-'}{lava_s}{me}")
    if state.last_scoring:
        for q, sc in enumerate(state.last_scoring):
            parts = ", ".join(f"{k} {v}" for k, v in sc["parts"].items() if v)
            L.append(f"Scoring {sc['round']}: {COL[q]} +{sc['total']} ({parts or 'nothing'})")
    return "\n".join(L)
