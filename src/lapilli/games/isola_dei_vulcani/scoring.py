"""Scores told the rulebook's way (CALCOLO DEI PUNTI): points gained during play (IDV-12) and
the final scoring (IDV-14), and the tie-break that decided (IDV-15)."""
from __future__ import annotations

# (part, rule, English label, Italian label)
_DURING = (
    ("villages_built", "IDV-12.1", "villages built (1 each, during play)", "villaggi costruiti (1 ciascuno, in partita)"),
    ("moai_erected", "IDV-12.2", "Moai erected (during play)", "Moai eretti (in partita)"),
)
_FINAL = (
    ("vp_villages", "IDV-14.2", "villages on the board (3 each)", "villaggi sull'isola (3 ciascuno)"),
    ("vp_moai", "IDV-14.3", "Moai on the board (2 each)", "Moai sull'isola (2 ciascuno)"),
    ("vp_groups", "IDV-14.4", "groups of adjacent Moai (2 per Moai)", "gruppi di Moai adiacenti (2 per Moai)"),
    ("vp_colonists", "IDV-14.5", "colonists on the board (4 each)", "coloni sull'isola (4 ciascuno)"),
    ("vp_prayer", "IDV-14.6", "prayer tokens kept (2 each)", "segnalini preghiera rimasti (2 ciascuno)"),
)


def score_breakdown(state) -> list[list[dict]]:
    n = state.num_players
    during = [{"villages_built": 0, "moai_erected": 0} for _ in range(n)]
    for _, _, events in state.replay_events():
        for ev in events:
            if ev["type"] == "village":
                during[ev["seat"]]["villages_built"] += ev["vp"]
            elif ev["type"] == "score":
                during[ev["seat"]]["moai_erected"] += ev["vp"]
    out = []
    for p in range(n):
        parts = [{"part": k, "points": during[p][k], "rule": r, "label": {"en": en, "it": it}} for k, r, en, it in _DURING]
        final = state.final[p] if state.final else {}
        parts += [{"part": k, "points": final.get(k, 0), "rule": r, "label": {"en": en, "it": it}} for k, r, en, it in _FINAL]
        out.append(parts)
    return out


_TIE = {
    "colonists": ("IDV-15.1", "most colonists on the board", "più coloni sull'isola"),
    "villages": ("IDV-15.2", "most villages on the board", "più villaggi sull'isola"),
    "moai": ("IDV-15.3", "most Moai on the board", "più Moai sull'isola"),
}


def tie_break(state) -> dict | None:
    if not state.is_terminal:
        return None
    best = max(state.points)
    tied = [p for p in range(state.num_players) if state.points[p] == best]
    if len(tied) == 1:
        return None
    for key in ("colonists", "villages", "moai"):
        top = max(state.final[p][key] for p in tied)
        narrowed = [p for p in tied if state.final[p][key] == top]
        if len(narrowed) < len(tied):
            rule, en, it = _TIE[key]
            return {"rule": rule, "text": {"en": f"tied on points: decided by {en}", "it": f"pari merito: decide chi ha {it}"}}
        tied = narrowed
    return {"rule": "IDV-I30", "text": {"en": "tied on points and on every tie-break: the victory is shared",
                                         "it": "pari merito anche negli spareggi: la vittoria è condivisa"}}
