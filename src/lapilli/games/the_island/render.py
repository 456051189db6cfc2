"""A plain-text picture of the board for terminals."""
from __future__ import annotations

from . import notation as nt
from .board import ISLE_NAMES, NAME, RC_T, ROWS_SPAN
from .data import COLOURS, TERRAINS

CELL = 7
TERRAIN_MARK = {"beach": "_", "forest": "^", "mountain": "A"}


def render_state(st, player=None) -> str:
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
    lines.append("key: _ beach, ^ forest, A mountain (+ colours of the explorers on it); ~ empty sea; "
                 "S serpent, K shark, W whale, Q squid, D dolphin; <..> boat with its passengers; "
                 "lower case = swimmers; colours R B Y G O W")
    lines.append("isles: " + ", ".join(f"{n}" for n in ISLE_NAMES) + "; saved: " +
                 ", ".join(f"{COLOURS[q]} {s}" for q, s in enumerate(obs["saved"])))
    who = obs["deciding"]
    if obs["is_terminal"]:
        lines.append(f"game over ({obs['end_reason']}); scores: {obs['scores']}; winners: {st.winners()}")
    else:
        lines.append(f"turn of {COLOURS[obs['current']] if obs['current'] is not None else '-'}; "
                     f"{COLOURS[who]} decides: {obs['decision']} {obs['details'] or ''}")
        if obs["roll"]:
            lines.append(f"roll: {obs['roll']}")
        if obs["points"]:
            lines.append(f"movement points left: {obs['points']}")
    if player is not None:
        mine = [f"{x['id']}@{x.get('at', '?')}" + (f"={x['value']}" if "value" in x else "")
                for x in obs["explorers"] if x["seat"] == player and x["where"] not in ("lost",)]
        lines.append(f"your explorers: {' '.join(mine) or '-'}")
        if isinstance(obs["to_place"][player], list) and obs["to_place"][player]:
            lines.append(f"values to place: {obs['to_place'][player]}")
        hand = obs["hands"][player]
        lines.append("your hand: " + (", ".join(f"{t['back']} ({t['terrain']})" for t in hand) or "-"))
    others = [f"{COLOURS[q]}:{len(h)}" for q, h in enumerate(obs["hands"]) if q != player]
    lines.append("tiles in other hands: " + " ".join(others))
    return "\n".join(lines)
