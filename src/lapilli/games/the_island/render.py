"""A plain-text picture of the board for terminals, in English or Italian, drawn from the
observation of the seat it is for (nothing that seat may not see).

Seats are named by ``labels`` (one per seat, as ``lapilli play`` names them in its prompts) or by
``narration.seat_label``; explorers keep their notation (colour letter and number: ``R1``), and
the key says whose letter is whose.  Tile backs, creatures and end reasons are told with the
narration catalogue's words (``narration.TERMS``).
"""
from __future__ import annotations

from lapilli.engine import narration

from .board import ISLE_NAMES, ROWS_SPAN
from .data import COLOURS
from .narration import TERMS

CELL = 7
TERRAIN_MARK = {"beach": "_", "forest": "^", "mountain": "A"}


W = narration.game_words(__file__)["picture"]  # the text picture's words (words.json)


def render_state(st, player=None, labels=None, lang="en") -> str:
    names = narration.picture_labels(st, labels, lang)
    w, terms = W[lang], TERMS[lang]
    obs = st.observation(player)
    land = {}
    sea = {}
    for ex in obs["explorers"]:
        if ex["where"] in ("land", "sea"):
            (land if ex["where"] == "land" else sea).setdefault(ex["at"], []).append(ex["id"][0])
    boats = {b["at"]: b for b in obs["boats"]}
    marks = {"serpent": "S", "shark": "K", "whale": "W", "squid": "Q"}
    cre = {}
    for k, hexes in obs["creatures"].items():
        for h in hexes:
            cre[h] = cre.get(h, "") + marks[k]
    for d in obs["dolphins"]:
        if d["at"]:
            cre[d["at"]] = cre.get(d["at"], "") + "D"
    lines = ["     " + " " * (CELL // 4) + "".join(f"{c:^{CELL}}" for c in range(12))]
    for r, (c0, c1) in enumerate(ROWS_SPAN):
        row = f"{r:>2}   " + " " * (CELL // 2 if r % 2 == 0 else 0)
        for c in range(12):
            if not c0 <= c <= c1:
                row += " " * CELL
                continue
            h = f"{r},{c}"
            if h in obs["tiles"]:
                cell = TERRAIN_MARK[obs["tiles"][h]] + "".join(land.get(h, []))
            else:
                cell = cre.get(h, "")
                if h in boats:
                    cell += "<" + "".join(x[0] for x in boats[h]["passengers"]) + ">"
                cell += "".join(x.lower() for x in sea.get(h, []))
                cell = cell or "~"
            row += f"{cell[:CELL - 1]:^{CELL}}"
        lines.append(row)
    n = st.num_players
    lines.append(w["key"].format(colours=", ".join(f"{COLOURS[q]} = {names[q]}" + (w["you"] if q == player else "")
                                                   for q in range(n))))
    lines.append(w["isles"].format(isles=", ".join(ISLE_NAMES),
                                   saved=", ".join(f"{names[q]} {k}" for q, k in enumerate(obs["saved"]))))
    who = obs["deciding"]
    if obs["is_terminal"]:
        won = [names[x] for x in st.winners()]
        why = w["volcano"] if obs["end_reason"] == "volcano" else terms.get(obs["end_reason"], obs["end_reason"])
        lines.append(w["over"].format(why=why, scores=", ".join(f"{names[q]} {v}" for q, v in enumerate(obs["scores"])),
                                      winners=narration.winners_phrase(won, lang)))
    else:
        d = obs["details"] or {}
        kind = d.get("kind", "")
        task = w.get(obs["decision"], w["other"]).format(
            who=names[who], room=d.get("room", ""), at=d.get("at", ""), kind=terms.get(kind, kind),
            repellent=terms.get(f"{kind}_repellent", kind))
        cur = obs["current"]
        lines.append((w["turn"].format(who=names[cur]) if cur is not None and cur != who else "") + task)
        if obs["roll"]:
            kind, distance = obs["roll"]
            far = w["spaces"][0] if distance == 1 else w["spaces"][1].format(n=distance)
            lines.append(w["roll"].format(kind=terms.get(kind, kind), distance=far))
        if obs["points"]:
            lines.append(w["points"].format(n=obs["points"]))
    if player is not None:
        mine = [f"{x['id']}@{x.get('at', '?')}" + (f"={x['value']}" if "value" in x else "")
                for x in obs["explorers"] if x["seat"] == player and x["where"] not in ("lost",)]
        lines.append(w["mine"].format(explorers=" ".join(mine) or "-"))
        if isinstance(obs["to_place"][player], list) and obs["to_place"][player]:
            lines.append(w["to_place"].format(values=", ".join(map(str, obs["to_place"][player]))))
        hand = obs["hands"][player]
        lines.append(w["hand"].format(tiles=", ".join(
            f"{terms.get(t['back'], t['back'])} ({terms.get(t['terrain'], t['terrain'])})" for t in hand) or "-"))
    others = [f"{names[q]} {len(h)}" for q, h in enumerate(obs["hands"]) if q != player]
    lines.append(w["others"].format(hands=", ".join(others)))
    return "\n".join(lines)
