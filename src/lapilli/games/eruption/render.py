"""Plain-text picture of an Eruption position for terminals, in English or Italian.

Seats are named by ``labels`` (one per seat, as ``lapilli play`` names them in its prompts) or by
``narration.seat_label``; cards and tiles are told with the words of the narration catalogue
(``narration.TERMS``, lava tiles by their outlets), the Italian words are the rulebook's.
"""
from __future__ import annotations

from lapilli.engine import narration

from . import board as B
from . import notation as N
from .data import (CENTRE, DANGER, DIR_NAMES, ERUPTION_SPACES, LABELS, LAST, NUM_LAVA, RESOURCES,
                   VILLAGE_CELL, VOLCANO, CENTRAL_FLOWS)
from .narration import TERMS, tile_words

_RES = {"straw": "s", "wood": "w", "stone": "t"}

# the text picture's words (words.json); a hand's size is a number, written as text in JSON
W = {lang: {**w, "cards": {int(k): v for k, v in w["cards"].items()}}
     for lang, w in narration.game_words(__file__)["picture"].items()}


def _cell(st, h) -> str:
    if h in VOLCANO:
        return " ^^ " if h != CENTRE else "^^^^"
    if h in VILLAGE_CELL:
        v = VILLAGE_CELL[h]
        return f" V{v}{'+' if v in st.villages else ''}".ljust(4)[:4]
    lab = LABELS[h]
    t = st.tiles.get(h)
    if t is not None:
        return (lab + ("*" if t[0] >= NUM_LAVA else "#")).ljust(4)
    return (lab + _RES.get(RESOURCES.get(h), ".")).ljust(4)


def board_picture(st) -> list[str]:
    rows = {}
    for h in LABELS:
        x, y = h
        rows.setdefault(2 * y + x, []).append(h)
    lo, hi = min(rows), max(rows)
    lines = []
    for k in range(lo, hi + 1):
        line = [" "] * (11 * 4 + 4)
        for h in rows.get(k, []):
            s = _cell(st, h)
            c = h[0] * 4
            line[c:c + 4] = list(s)
        lines.append("".join(line).rstrip())
    return lines


def _wall(w, names, terms) -> str:
    material, seat = w
    return f"{terms.get(material, material)} ({names[seat]})"


def render(st, player=None, labels=None, lang="en") -> str:
    names = narration.picture_labels(st, labels, lang)
    w, terms = W[lang], TERMS[lang]
    out = []
    n = st.num_players
    variant = w.get(st.variant, st.variant)
    if st.stacks is not None and st.variant != "lava_rain":   # house rule lava_rain
        variant += w["with_rain"]
    out.append(w["title"].format(n=n, variant=variant, ply=len(st.history)))
    out.append(w["legend"])
    out.extend(board_picture(st))
    out.append("")
    if st.tiles:
        out.append(w["tiles"])
        items = []
        for h in sorted(st.tiles, key=lambda h: (h[0], h[1])):
            tid, rot, mask = st.tiles[h]
            flows = ",".join(DIR_NAMES[d] for d in range(6) if mask >> d & 1)
            kind = w["eruption_tile"] if tid >= NUM_LAVA else f"{tile_words(tid, lang)}, {w['rotation'].format(r=rot)}"
            items.append(f"{LABELS[h]}: {flows} ({kind})")
        for i in range(0, len(items), 3):
            out.append("  " + " | ".join(items[i:i + 3]))
    out.append(w["central"].format(flows=", ".join(N.flow_loc(f) for f in CENTRAL_FLOWS)))
    if st.flow_walls:
        out.append(w["flow_walls"].format(walls=", ".join(
            f"{N.flow_loc(k)} {_wall(v, names, terms)}" for k, v in sorted(st.flow_walls.items()))))
    if st.border_walls:
        out.append(w["border_walls"].format(walls=", ".join(
            f"{N.side_loc(*k)} {_wall(v, names, terms)}" for k, v in sorted(st.border_walls.items()))))
    out.append(w["meter"].format(danger=", ".join(map(str, DANGER)), spaces=", ".join(map(str, ERUPTION_SPACES)),
                                 last=LAST))
    out.append(w["players"])
    for p in range(n):
        v = st.villages[p]
        cont = [N.side_loc(v, i) for i in B.contacts(st.tiles, v)] if v is not None else []
        res = ", ".join(f"{terms.get(m, m)} {c}" for m, c in st.reserve[p].items())
        k = len(st.hands[p])
        parts = [w["village"].format(v=v) if v is not None else w["no_village"], f"{st.temperatures[p]} °C",
                 w["reserve"].format(res=res), w["cards"].get(k) or w["cards_n"].format(n=k),
                 w["touching"].format(sides=", ".join(cont) or w["none"])]
        if st.burned[p]:
            parts.append(w["burned"])
        mate = st.mate(p) if st.teams else None
        if mate is not None:
            parts.append(w["team"].format(mate=names[mate]))
        head = names[p] + (w["you"] if p == player else "") + (w["to_move"] if st.to_move == p and not st.is_terminal else "")
        out.append(f"  {head}: " + "; ".join(parts))
    if st.stacks is not None:
        out.append(w["stacks"].format(stacks="; ".join(
            w["stack"].format(k=k + 1, n=len(s), top=tile_words(s[-1], lang) if s else w["empty"])
            for k, s in enumerate(st.stacks))))
    else:
        out.append(w["lava_stack"].format(n=len(st.stack), removed=w["removed"] if st.lava_removed else "",
                                          deck=len(st.deck), discard=len(st.discard)))
    claims = ", ".join(w["placed"].format(k=k + 1) if st.erupted[k] else
                       (w["claimed"].format(k=k + 1, who=names[c]) if c is not None else w["free"].format(k=k + 1))
                       for k, c in enumerate(st.claims))
    out.append(w["claims"].format(claims=claims))
    if player is not None:
        hand = ", ".join(terms.get(c, c) for c in st.hands[player])
        out.append(w["hand"].format(cards=hand or w["no_cards"]))
    if st.is_terminal:
        won = [names[x] for x in st.winners()]
        why = w["why"].get(st.end_event)
        out.append(w["over"].format(why=f" ({why})" if why else "",
                                    winners=narration.winners_phrase(won, lang)))
    else:
        who = names[st.to_move]
        ph = st.phase
        key = "village_task" if ph == "village" else ph if ph in ("erupt", "take", "place", "p2x", "p3", "p4",
                                                                   "consent") else "other"
        tile = tile_words(st.pending, lang) if st.pending is not None else ""
        task = w[key].format(who=who, tile=tile)
        # the seat to move is the seat whose turn it is, but for a teammate asked for a wall
        out.append(task if ph == "village" or st.current_player == st.to_move else w["turn"].format(turn=names[st.current_player], task=task))
    return "\n".join(out)
