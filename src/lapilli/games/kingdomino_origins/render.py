"""Observations (what a seat may see) and the plain-text picture of a position."""
from __future__ import annotations

from .data import CRO_ORDER, LAND_LETTER, LANDSCAPES, RES_LETTER, RESOURCES, START, TILES, TOTEM_VALUE

COLOURS = ("pink", "black", "green", "blue")  # KDO-2.1 (cosmetic)
CRO_LETTER = {"hunter": "H", "fisher": "F", "gatherer": "G", "sculptress": "C", "painter": "P", "firelady": "Y",
              "shaman": "N", "magrolino": "M", "amazzone": "A", "energumeno": "E"}


def _tile_view(s, t, chief=-1):
    if t is None:
        return None
    rr = s.row_res.get(t, (-1, -1))
    sq = []
    for (land, camp, crat, _), r in zip(TILES[t], rr):
        sq.append({"landscape": LANDSCAPES[land], "campfires": camp, "craters": crat,
                   "resource": RESOURCES[r] if r >= 0 else None})
    return {"tile": t, "squares": sq, "chief": chief if chief >= 0 else None}


def _territory_view(s, p):
    geo = s.geo
    out = []
    land, camp, tok, crat, res, cro = s.land[p], s.camp[p], s.tok[p], s.crat[p], s.res[p], s.cro[p]
    for c in sorted(s.occ[p]):
        v = land[c]
        out.append({
            "square": geo.name[c],
            "landscape": "start" if v == START else LANDSCAPES[v],
            "campfires": camp.get(c, 0),
            "craters": crat.get(c, 0),
            "token": tok.get(c, 0),
            "resource": RESOURCES[res[c]] if c in res else None,
            "cromagnon": cro.get(c),
        })
    return out


def observe(s, player):
    """Everything here is public: only the order of the tile supply and of the Cro-magnon deck is
    hidden (KDO-I7, KDO-I22).  The deck's contents can be deduced by everyone, so they are shown
    sorted."""
    n = s.num_players
    obs = {
        "mode": s.mode,
        "size": s.size,
        "round": s.round,
        "phase": s.phase,
        "active": s.active if s.active >= 0 else None,
        "current_row": [_tile_view(s, t, s.cur_chief[i]) for i, t in enumerate(s.cur_tiles)],
        "new_row": [_tile_view(s, t, s.new_chief[i]) for i, t in enumerate(s.new_tiles)],
        "supply": len(s.supply),
        "removed_tiles": list(s.removed),
        "fire_tokens": {str(f): c for f, c in sorted(s.tokens.items())},
        "territories": [_territory_view(s, p) for p in range(n)],
        "discards": list(s.discards),
        "scores": s.scores(),
        # KDO-12.2/12.4: the optional bonuses count at the end; shown apart, "if the game ended now"
        "end_bonuses_if_ended_now": [s.end_bonuses(p) for p in range(n)],
    }
    if s.phase == "fire":
        obs["fire"] = {"volcano": s.geo.name[s.fire_at], "fires": s.fire_val}
    if s.mode == "totem":
        obs["totems"] = {RESOURCES[t]: (s.totem[t] if s.totem[t] >= 0 else None) for t in range(4)}
        if s.phase == "give":
            obs["give"] = {"resource": RESOURCES[s.give_type], "to": list(s.give_to)}
    if s.mode == "tribe":
        obs["display"] = list(s.display)
        obs["deck"] = len(s.deck)
        obs["deck_contents"] = sorted(s.deck, key=CRO_ORDER.index)
        obs["destroyed_cromagnons"] = list(s.boxed_cro)
        if s.phase in ("spend", "put"):
            obs["recruit"] = {"cromagnon": s.rec_kind, "spent": [RESOURCES[r] for r in s.rec_spent],
                              "left": s.rec_left}
    return obs


def _square_text(s, p, c):
    v = s.land[p][c]
    if v == -1:
        return " . "
    if v == START:
        return "[H]"
    letter = LAND_LETTER[v]
    if v == 5:
        mid = str(s.crat[p].get(c, 0))
    else:
        mid = str(s.camp[p][c]) if c in s.camp[p] else " "
    if c in s.tok[p]:
        tail = "*"
        mid = str(s.tok[p][c] + s.camp[p].get(c, 0)) if v != 5 else mid
    elif c in s.cro[p]:
        tail = CRO_LETTER.get(s.cro[p][c], "?")
    elif c in s.res[p]:
        tail = RES_LETTER[s.res[p][c]]
    else:
        tail = " "
    return f"{letter}{mid}{tail}"


def _tile_text(s, t):
    if t is None:
        return "--"
    rr = s.row_res.get(t, (-1, -1))
    parts = []
    for (land, camp, crat, _), r in zip(TILES[t], rr):
        x = LAND_LETTER[land] + (str(crat) if crat else (str(camp) if camp else ""))
        if r >= 0:
            x += RES_LETTER[r]
        parts.append(x)
    return f"#{t} {'|'.join(parts)}"


def render(s, player=None):
    geo = s.geo
    lines = [f"Kingdomino Origins - {s.mode} mode, {s.num_players} players ({geo.n}x{geo.n}), round {s.round}"]
    if s.phase == "over":
        lines.append("Game over.")
    else:
        who = s.to_move
        lines.append(f"To move: seat {who} ({COLOURS[who]}) - {s.phase}" + (" (you)" if who == player else ""))

    def row_text(tiles, chiefs):
        return "  ".join(f"{i + 1}:{_tile_text(s, t)}" + (f" <seat {chiefs[i]}>" if chiefs[i] >= 0 else "")
                         for i, t in enumerate(tiles))

    lines.append("Current row: " + row_text(s.cur_tiles, s.cur_chief))
    if s.new_tiles:
        lines.append("New row:     " + row_text(s.new_tiles, s.new_chief))
    lines.append(f"Supply: {len(s.supply)} tiles.  Fire tokens left: " +
                 ", ".join(f"{c}x{f}" for f, c in sorted(s.tokens.items())))
    if s.mode == "totem":
        lines.append("Totems: " + ", ".join(
            f"{RESOURCES[t]}({TOTEM_VALUE[t]})={'-' if s.totem[t] < 0 else 'seat ' + str(s.totem[t])}" for t in range(4)))
    if s.mode == "tribe":
        lines.append(f"Cave: {', '.join(s.display) or '(empty)'}; deck {len(s.deck)}")
    lines.append("Squares: landscape D desert S steppe L lake J jungle Q quarry V volcano(craters); digit = fire icons;"
                 " m mammoth f fish u mushroom k flint; * fire token; [H] Hut")
    if s.mode == "tribe":
        lines.append("Cro-magnons: H hunter F fisher G gatherer C sculptress P painter Y fire lady N shaman;"
                     " warriors M magrolino(1) A amazzone(2) E energumeno(3)")
    scores = s.scores()
    for p in range(s.num_players):
        minr, maxr, minc, maxc = s.bbox[p]
        r0, r1 = max(1, minr - 1), min(geo.w - 2, maxr + 1)
        c0, c1 = max(1, minc - 1), min(geo.w - 2, maxc + 1)
        lines.append("")
        extra = ""
        if s.mode != "discovery":
            extra = "  resources " + " ".join(f"{RESOURCES[t]}:{s.rcount[p][t]}" for t in range(4))
        bonus = "" if s.phase == "over" else sum(s.end_bonuses(p).values())
        bonus = f" (+{bonus} bonus if the game ended now)" if bonus else ""
        lines.append(f"Seat {p} ({COLOURS[p]}){' - you' if p == player else ''}: score {scores[p]}{bonus}{extra}")
        lines.append("     " + " ".join(f" {chr(96 + c)} " for c in range(c0, c1 + 1)))
        for r in range(r0, r1 + 1):
            lines.append(f"{r:>3}  " + " ".join(_square_text(s, p, r * geo.w + c) for c in range(c0, c1 + 1)))
    return "\n".join(lines)
