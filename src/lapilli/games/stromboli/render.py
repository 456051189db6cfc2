"""Plain-text picture of a Stromboli position for the terminal, in English or Italian.

Seats are named by ``labels`` (one per seat, as ``lapilli play`` names them in its prompts) or by
``narration.seat_label``; the board table marks each seat's pieces with the initial of its
colour in the picture's language, and its legend says which initial is whose.  Palm cards are
told by their face (``narration.card_face``); the Italian words are the rulebook's (Barca da
Pesca, capanna, molo, Sciamano, carte Palma, tabellone segnapunti).
"""
from __future__ import annotations

from lapilli.engine import narration

from .data import CARD_SPACES, COST, FOREST, MOUNTAIN, NSEG, PIER, PLAIN, PRIESTESS, HUTS, KIND, PEARL
from .narration import card_face
from .scoring import baskets


W = narration.game_words(__file__)["picture"]  # the text picture's words (words.json)


def _cell(state, sp: int, init, w) -> str:
    s = ""
    o = state.statues[sp]
    if o >= 0:
        s += init[o] + "-" + w["statue"]
    for q in (0, 1):
        if state.shaman[q] == sp:
            s += ("+" if s else "") + init[q] + "@"
    return s or "."


def _points(state, names) -> str:
    return ", ".join(f"{names[q]} {state.points[q]}" for q in (0, 1))


def _pending(state, names, w, lang) -> str:
    if state.over:
        won = [names[x] for x in state.winners()]
        return w["over"].format(points=_points(state, names), winners=narration.winners_phrase(won, lang))
    t = state.tasks[0]
    who = names[state.to_move]
    boat = w["boat"] if not state.reserve(state.current_player) else ""
    return w.get(t[0], w["other"]).format(who=who, boat=boat, segment=t[2] if t[0] == "pick" and len(t) > 2 else "")


def render(state, player=None, labels=None, lang="en") -> str:
    names = narration.picture_labels(state, labels, lang)
    w = W[lang]
    init = w["seat_letters"]  # Red / Rosso, Yellow / Giallo (SPEC.seat_colours)
    you = [name + (w["you"] if q == player else "") for q, name in enumerate(names)]
    L = []
    L.append(w["title"].format(round=state.round, turn=state.turns, points=_points(state, names),
                               first=names[state.first], tactical=w["tactical"] if state.tactical else ""))
    L.append(_pending(state, you, w, lang))
    L.append("")
    tags = {s: f" {w['hut']}" for s in HUTS}
    tags[PIER] = f" {w['pier']}"
    segw = max(7, max(len(f"S{s}{tags.get(s, '')}") for s in range(NSEG)))
    boatw = max(4, len(w["BOAT"]), len(w["columns"][1]))
    c = w["columns"]
    hdr = f"{c[0]:{segw}} {c[1]:{boatw}} {c[2]:22} {c[3]:14} {c[4]:14} {c[5]:14} {c[6]:7} {c[7]}"
    L.append(hdr)
    L.append("-" * len(hdr) + "-" * 24)
    for s in range(NSEG):
        boat = w["BOAT"] if state.boat == s else ""
        discs = []
        for q in (0, 1):
            vals = [str(v) for v in range(1, 6) if state.discs[q][v] == s]
            if vals:
                discs.append(f"{init[q]}:{'+'.join(vals)}={sum(int(v) for v in vals)}")
            if state.lava_disc[q] == s:
                discs.append(f"{init[q]}:{w['lava']}")
        for q in (0, 1):
            if state.shaman[q] == NSEG + s:
                discs.append(f"{init[q]}@")
        beach = (" ".join(discs) or ".")
        crater = "*" * state.craters[s] or "."
        cards = []
        for j in range(CARD_SPACES):
            cid = state.cards[s * CARD_SPACES + j]
            cards.append(f"{j + 1}:{card_face(cid, lang) if cid else '-'}")
        L.append(f"{'S' + str(s) + tags.get(s, ''):{segw}} {boat:{boatw}} {beach:22} "
                 f"{_cell(state, PLAIN * NSEG + s, init, w):14} {_cell(state, FOREST * NSEG + s, init, w):14} "
                 f"{_cell(state, MOUNTAIN * NSEG + s, init, w):14} {crater:7} {'  '.join(cards)}")
    L.append(w["legend"].format(who=", ".join(f"{init[q]} = {names[q]}" for q in (0, 1))))
    L.append("")
    piles = state.piles
    L.append(w["piles"].format(p1=len(piles[0]), p2=len(piles[1]), p3=len(piles[2]), discard=len(state.discard),
                               supply=state.supply()))
    sc = ", ".join(f"{w['score_cards'].get(x, x)} {COST[x]}" for x in state.board_cards) or w["none"]
    L.append(w["scoreboard"].format(cards=sc, cost=COST[PRIESTESS],
                                    side=w["face_up"] if state.priestess_up else w["face_down"]))
    for q in (0, 1):
        front = state.front[q]
        white = sum(1 for x in front if KIND[x] == "pearl" and PEARL[x] == "white")
        black = sum(1 for x in front if KIND[x] == "pearl" and PEARL[x] == "black")
        naut = sum(1 for x in front if KIND[x] == "nautilus")
        lava = state.lava_disc[q]
        lava_s = "" if lava == -2 else (w["lava_reserve"] if lava == -1 else w["lava_beach"].format(beach=f"b{lava}"))
        L.append(w["seat"].format(name=you[q], discs=" ".join(map(str, state.reserve(q))) or "-",
                                  statues=state.statues_left[q], shells=len(state.shells[q]), baskets=baskets(front),
                                  white=white, black=black, nautilus=naut,
                                  cards=", ".join(w["score_cards"].get(x, x) for x in state.score_cards[q]) or "-",
                                  lava=lava_s))
    if state.last_scoring:
        for q, sc in enumerate(state.last_scoring):
            parts = ", ".join(f"{w['parts'].get(k, k)} {v}" for k, v in sc["parts"].items() if v)
            L.append(w["scoring"].format(round=sc["round"], who=names[q], total=sc["total"], parts=parts or w["nothing"]))
    return "\n".join(L)
