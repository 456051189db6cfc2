"""The plain-text picture of a position (what a seat may see is in views.py).

The picture names seats by ``labels`` (one per seat, as ``lapilli play`` names them in its
prompts) or by ``narration.seat_label``, in English or Italian (the rulebook's words: capo tribù,
riga, gettone Fuoco, Capanna; resources and Cro-magnons from ``narration.TERMS``).
"""
from __future__ import annotations

from lapilli.engine import narration

from .data import LAND_LETTER, RES_LETTER, RESOURCES, START, TILES, TOTEM_VALUE
from .narration import TERMS
CRO_LETTER = {"hunter": "H", "fisher": "F", "gatherer": "G", "sculptress": "C", "painter": "P", "firelady": "Y",
              "shaman": "N", "magrolino": "M", "amazzone": "A", "energumeno": "E"}


def _square_text(s, p, c):
    v = s.land[p][c]
    if v == -1:
        return " . "
    if v == START:
        return "[H]"
    letter = LAND_LETTER[v]
    if v == 5:
        mid = str(s.craters[p].get(c, 0))
    else:
        mid = str(s.campfires[p][c]) if c in s.campfires[p] else " "
    if c in s.fire_tokens[p]:
        tail = "*"
        mid = str(s.fire_tokens[p][c] + s.campfires[p].get(c, 0)) if v != 5 else mid
    elif c in s.cromagnons[p]:
        tail = CRO_LETTER.get(s.cromagnons[p][c], "?")
    elif c in s.resources[p]:
        tail = RES_LETTER[s.resources[p][c]]
    else:
        tail = " "
    return f"{letter}{mid}{tail}"


def _tile_text(s, t):
    if t is None:
        return "--"
    rr = s.row_resources.get(t, (-1, -1))
    parts = []
    for (land, camp, crat, _), r in zip(TILES[t], rr):
        x = LAND_LETTER[land] + (str(crat) if crat else (str(camp) if camp else ""))
        if r >= 0:
            x += RES_LETTER[r]
        parts.append(x)
    return f"#{t} {'|'.join(parts)}"


W = narration.game_words(__file__)["picture"]  # the text picture's words (words.json)


def render(s, player=None, labels=None, lang="en"):
    names = narration.picture_labels(s, labels, lang)
    w, terms = W[lang], TERMS[lang]
    geo = s.geo
    you = [name + (w["you"] if p == player else "") for p, name in enumerate(names)]
    rnd = w["round"].format(r=s.round) if s.round else w["setup"]
    lines = [w["title"].format(mode=w["modes"].get(s.mode, s.mode), n=s.num_players, size=geo.n, round=rnd)]
    if s.phase == "over":
        won = [names[x] for x in s.winners()]
        lines.append(w["over"].format(winners=narration.winners_phrase(won, lang)))
    else:
        options = ", ".join(f"'give {q}' ({names[q]})" for q in s.give_to)
        cro = terms.get(s.recruit_kind, s.recruit_kind) if s.recruit_kind else ""
        lines.append(w.get(s.phase, w["other"]).format(who=you[s.to_move], options=options, cromagnon=cro))

    def row_text(tiles, chiefs):
        return "  ".join(f"{i + 1}:{_tile_text(s, t)}" + (f" <{names[chiefs[i]]}>" if chiefs[i] >= 0 else "")
                         for i, t in enumerate(tiles))

    lines.append(w["current"] + row_text(s.current_tiles, s.current_chief))
    if s.new_tiles:
        lines.append(w["new"] + row_text(s.new_tiles, s.new_chief))
    lines.append(w["supply"].format(n=len(s.supply), tokens=", ".join(f"{c}x{f}" for f, c in sorted(s.tokens.items()))))
    if s.mode == "totem":
        lines.append(w["totems"].format(totems=", ".join(
            f"{terms.get(RESOURCES[t], RESOURCES[t])} ({w['points'].format(n=TOTEM_VALUE[t])}): "
            f"{w['nobody'] if s.totem[t] < 0 else names[s.totem[t]]}" for t in range(4))))
    if s.mode == "tribe":
        lines.append(w["cave"].format(cave=", ".join(terms.get(c, c) for c in s.display) or w["empty"], deck=len(s.deck)))
    lines.append(w["squares"].format(**{r: terms.get(r, r) for r in RESOURCES}))
    if s.mode == "tribe":
        lines.append(w["cromagnons"].format(**{k: terms.get(k, k) for k in CRO_LETTER}))
    scores = s.scores()
    for p in range(s.num_players):
        minr, maxr, minc, maxc = s.bounding_box[p]
        r0, r1 = max(1, minr - 1), min(geo.w - 2, maxr + 1)
        c0, c1 = max(1, minc - 1), min(geo.w - 2, maxc + 1)
        lines.append("")
        res = ""
        if s.mode != "discovery":
            res = w["resources"].format(res=", ".join(
                f"{terms.get(RESOURCES[t], RESOURCES[t])} {s.resource_counts[p][t]}" for t in range(4)))
        bonus = 0 if s.phase == "over" else sum(s.end_bonuses(p).values())
        lines.append(w["seat"].format(name=you[p], score=scores[p], bonus=w["bonus"].format(b=bonus) if bonus else "",
                                      resources=res))
        lines.append("     " + " ".join(f" {chr(96 + c)} " for c in range(c0, c1 + 1)))
        for r in range(r0, r1 + 1):
            lines.append(f"{r:>3}  " + " ".join(_square_text(s, p, r * geo.w + c) for c in range(c0, c1 + 1)))
    return "\n".join(lines)
