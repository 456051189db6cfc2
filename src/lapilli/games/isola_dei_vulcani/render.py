"""Plain-text picture of a position for the terminal, in English or Italian.

Seats are named by ``labels`` (one per seat, as ``lapilli play`` names them in its prompts) or by
``narration.seat_label``; each seat's pieces are marked with the initial of its colour in the
picture's language, and the seat lines say which initial is whose.  The Italian words are the
rulebook's (gettoni preghiera, tessere crepa, Punti Azione).
"""
from __future__ import annotations

from lapilli.engine import narration

from .narration import TERMS

CELL = 9  # characters per hex in the map

# the seats' colours (data.COLOURS: Red, Blue, Yellow, Green) by their initials

W = narration.game_words(__file__)["picture"]  # the text picture's words (words.json)


def _hex_label(state, h):
    geo = state.geo
    if h in state.sunk:
        return "~~~~~~~"
    area = geo.area_of[h]
    mark = "^" if h in geo.volcano_at else ":"
    return f"{h}{mark}{area}"


def render(state, player=None, labels=None, lang="en") -> str:
    names = narration.picture_labels(state, labels, lang)
    w = W[lang]
    sym = W[lang]["seat_letters"]
    geo = state.geo
    n = state.num_players
    lines = []
    rows = {}
    for h in geo.hexes:
        c, r = geo.offset[h]
        rows.setdefault(r, {})[c] = h
    min_c = min(c for c, _ in geo.offset.values())
    lines.append(w["map"])
    for r in sorted(rows):
        line = " " * (CELL // 2 if r % 2 else 0)
        maxc = max(rows[r])
        for c in range(min_c, maxc + 1):
            h = rows[r].get(c)
            line += (f"[{_hex_label(state, h):^7}]" if h else " " * CELL)
        lines.append(line.rstrip())
    lines.append("")
    lines.append(w["hexes"])
    for h in geo.hexes:
        if h in state.sunk:
            continue
        parts = []
        sps = []
        for s in geo.spaces[h]:
            v = state.spaces.get(s)
            sps.append(f"{s[-1]}={'.' if v is None else (v if v == 'L' else v[0] + sym[int(v[1:])])}")
        if sps:
            parts.append(" ".join(sps))
        lo = state.loose_moai.get(h)
        if lo:
            parts.append(f"{w['loose']} " + "".join(sym[o] for o in lo))
        crs = []
        for cr in geo.hex_craters[h]:
            o = state.erected.get(cr)
            crs.append(cr.split("-")[1] + ("*" + sym[o] if o is not None else ""))
        if crs:
            parts.append(f"{w['craters']} " + ",".join(crs))
        c = state.colonists.get(h)
        if c:
            parts.append(f"{w['colonists']} " + " ".join(f"{sym[p]}{k}" for p, k in enumerate(c) if k))
        v = geo.volcano_at.get(h)
        head = f"{h:>4} {w['area']} {geo.area_of[h]:>2}" + (f" {w['volcano']} {v}" if v else "")
        lines.append(f"{head:<24} " + " | ".join(parts))
    lines.append(w["cracks"].format(cracks=", ".join(sorted(state.cracks)) or w["none"]))
    lines.append(w["supply"].format(volcanoes=", ".join(map(str, state.volcanoes)) or w["none"],
                                    lava=state.lava_supply, cracks=state.crack_supply, prayer=state.prayer_supply))
    lines.append("")
    for p in range(n):
        tag = []
        if p == player:
            tag.append(w["you"])
        if p == state.first:
            tag.append(w["first"])
        lines.append(w["seat"].format(sym=sym[p], name=names[p], tags=f" ({', '.join(tag)})" if tag else "",
                                      vp=state.points[p], boat=state.boat[p], col=state.reserve_colonists[p], vil=state.reserve_villages[p],
                                      moai=state.reserve_moai[p], prayer=state.prayer_tokens[p], bay=",".join(state.bay_of[p])))
    if state.over:
        won = [names[x] for x in state.winners()]
        lines.append(w["over"].format(why=TERMS[lang].get(state.end_reason, state.end_reason),
                                      winners=narration.winners_phrase(won, lang)))
    else:
        lines.append(w["turn"].format(rnd=state.round, who=names[state.current_player],
                                      ap=w["ap"][0] if state.action_points == 1 else w["ap"][1].format(n=state.action_points),
                                      last=w["last"] if state.end_triggered else ""))
        if state.decision is not None:
            lines.append(w.get(state.decision[0], w["decide"]).format(who=names[state.decision[1]]))
    return "\n".join(lines)
