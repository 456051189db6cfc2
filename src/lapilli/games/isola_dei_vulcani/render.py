"""Plain-text picture of a position for the terminal."""
from __future__ import annotations

from .data import COLOURS

CELL = 9  # characters per hex in the map


def _hex_label(state, h):
    geo = state.geo
    if h in state.sunk:
        return "~~~~~~~"
    area = geo.area_of[h]
    mark = "^" if h in geo.volcano_at else ":"
    return f"{h}{mark}{area}"


def render(state, player=None) -> str:
    geo = state.geo
    n = state.num_players
    lines = []
    rows = {}
    for h in geo.hexes:
        c, r = geo.offset[h]
        rows.setdefault(r, {})[c] = h
    min_c = min(c for c, _ in geo.offset.values())
    lines.append("L'Isola dei Vulcani -- map (HEX^AREA = volcano hex, HEX:AREA, ~~~ = sunk)")
    for r in sorted(rows):
        line = " " * (CELL // 2 if r % 2 else 0)
        maxc = max(rows[r])
        for c in range(min_c, maxc + 1):
            h = rows[r].get(c)
            line += (f"[{_hex_label(state, h):^7}]" if h else " " * CELL)
        lines.append(line.rstrip())
    lines.append("")
    lines.append("Hexes (spaces: L lava, V village, M lying Moai, . empty; craters: * covered by a Moai):")
    sym = "RBYG"
    for h in geo.hexes:
        if h in state.sunk:
            continue
        parts = []
        sps = []
        for s in geo.spaces[h]:
            v = state.sp.get(s)
            sps.append(f"{s[-1]}={'.' if v is None else (v if v == 'L' else v[0] + sym[int(v[1:])])}")
        if sps:
            parts.append(" ".join(sps))
        lo = state.loose.get(h)
        if lo:
            parts.append("loose Moai " + "".join(sym[o] for o in lo))
        crs = []
        for cr in geo.hex_craters[h]:
            o = state.erected.get(cr)
            crs.append(cr.split("-")[1] + ("*" + sym[o] if o is not None else ""))
        if crs:
            parts.append("craters " + ",".join(crs))
        c = state.col.get(h)
        if c:
            parts.append("colonists " + " ".join(f"{sym[p]}{k}" for p, k in enumerate(c) if k))
        v = geo.volcano_at.get(h)
        head = f"{h:>4} area {geo.area_of[h]:>2}" + (f" VOLCANO {v}" if v else "")
        lines.append(f"{head:<24} " + " | ".join(parts))
    lines.append("cracks: " + (", ".join(sorted(state.cracks)) or "none"))
    lines.append(f"volcanoes left: {state.volcanoes}   supply: lava {state.lava_supply}, cracks "
                 f"{state.crack_supply}, prayer {state.prayer_supply}")
    lines.append("")
    for p in range(n):
        tag = []
        if p == state.first:
            tag.append("first player")
        if p == player:
            tag.append("you")
        lines.append(f"{sym[p]} {COLOURS[p]:<7} VP {state.vp[p]:>3}  boat {state.boat[p]}  reserve: colonists "
                     f"{state.res_col[p]} villages {state.res_vil[p]} Moai {state.res_moai[p]}  prayer "
                     f"{state.prayer[p]}  bay {','.join(state.bay_of[p])}" + (f"  ({', '.join(tag)})" if tag else ""))
    if state.over:
        lines.append(f"Game over ({state.end_reason}); winners: "
                     + ", ".join(COLOURS[w] for w in state.winners()))
    else:
        lines.append(f"Round {state.rnd}; turn of {COLOURS[state.cur]} with {state.ap} AP left"
                     + ("; end triggered, this is the last round" if state.end_triggered else ""))
        if state.dec is not None:
            lines.append(f"Waiting for {COLOURS[state.dec[1]]} to decide: {state.dec[0]}")
    return "\n".join(lines)
