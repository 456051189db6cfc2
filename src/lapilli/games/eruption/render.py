"""Plain-text picture of an Eruption position for terminals."""
from __future__ import annotations

from . import notation as N
from .data import (CENTRE, DANGER, DIR_NAMES, ERUPTION_SPACES, LABELS, LAST, NUM_LAVA, PLAYABLE_SET,
                   RESOURCES, TILE_TYPE, VILLAGE_CELL, VOLCANO, CENTRAL_FLOWS, VILLAGES)

_RES = {"straw": "s", "wood": "w", "stone": "t"}


def _cell(st, h) -> str:
    if h in VOLCANO:
        return " ^^ " if h != CENTRE else "^^^^"
    if h in VILLAGE_CELL:
        v = VILLAGE_CELL[h]
        owner = st.vil.index(v) if v in st.vil else None
        return f" V{v}{'' if owner is None else owner}".ljust(4)[:4]
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


def render(st, player=None) -> str:
    out = []
    n = st.num_players
    rain = " with Lava Rain" if st.stacks is not None and st.variant != "lava_rain" else ""   # house rule lava_rain
    out.append(f"ERUPTION  ({n} players, variant {st.variant}{rain})   ply {len(st.history)}")
    out.append("legend: d7. empty hex d7, s/w/t resource hex (straw/wood/stone), # lava tile, * eruption tile, "
               "^^ volcano, V<village><seat> village cells")
    out.extend(board_picture(st))
    out.append("")
    if st.tiles:
        out.append("tiles (hex: flows):")
        items = []
        for h in sorted(st.tiles, key=lambda h: (h[0], h[1])):
            tid, rot, mask = st.tiles[h]
            flows = ",".join(DIR_NAMES[d] for d in range(6) if mask >> d & 1)
            kind = "eruption" if tid >= NUM_LAVA else f"type {TILE_TYPE[tid]} r{rot}"
            items.append(f"{LABELS[h]}: {flows} ({kind})")
        for i in range(0, len(items), 3):
            out.append("  " + " | ".join(items[i:i + 3]))
    out.append("central flows: " + ", ".join(N.flow_loc(f) for f in CENTRAL_FLOWS))
    if st.fwalls:
        out.append("flow walls: " + ", ".join(f"{N.flow_loc(k)} {w[0]} (seat {w[1]})" for k, w in sorted(st.fwalls.items())))
    if st.bwalls:
        out.append("border walls: " + ", ".join(f"{N.side_loc(*k)} {w[0]} (seat {w[1]})" for k, w in sorted(st.bwalls.items())))
    out.append(f"burn meter: danger zones at {', '.join(map(str, DANGER))}; eruption spaces at "
               f"{', '.join(map(str, ERUPTION_SPACES))}; burned at {LAST}")
    for p in range(n):
        v = st.vil[p]
        from . import board as B
        cont = [N.side_loc(v, i) for i in B.contacts(st.tiles, v)] if v is not None else []
        tag = []
        if st.burned[p]:
            tag.append("BURNED")
        if st.teams:
            tag.append(f"team with seat {st.mate(p)}")
        res = " ".join(f"{m}:{c}" for m, c in st.reserve[p].items())
        out.append(f"  seat {p}{' <- to move' if st.to_move == p else ''}: village {v} "
                   f"{VILLAGES[v]['colour'] if v is not None else '?'}  {st.temps[p]:3d} C  reserve {res}  "
                   f"cards {len(st.hands[p])}  lava touching: {', '.join(cont) or 'none'} {' '.join(tag)}")
    if st.stacks is not None:
        out.append("lava rain stacks: " + "  ".join(
            f"stack {k + 1}: {len(s)} tiles, top type {TILE_TYPE[s[-1]] if s else '-'}" for k, s in enumerate(st.stacks)))
    else:
        out.append(f"lava stack: {len(st.stack)} tiles{' (removed)' if st.lava_removed else ''}; "
                   f"action deck {len(st.deck)}, discard pile {len(st.discard)}")
    claims = ", ".join(f"ES{k + 1}:{'placed' if st.erupted[k] else ('seat ' + str(c) if c is not None else 'free')}"
                       for k, c in enumerate(st.claims))
    out.append(f"eruption tiles: {claims}")
    if player is not None:
        out.append(f"your hand (seat {player}): {', '.join(st.hands[player]) or 'empty'}")
    if st.is_terminal:
        out.append(f"GAME OVER ({st.end_event}); winners: {st.winners()}")
    else:
        extra = f", tile in hand: type {TILE_TYPE[st.pending]}" if st.pending is not None else ""
        out.append(f"turn of seat {st.turn}, phase {st.phase}{extra}; to move: seat {st.to_move}")
    return "\n".join(out)
