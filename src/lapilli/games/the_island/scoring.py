"""Scores told the rulebook's way: one part per explorer saved on a safe isle, worth its
printed value (ISL-8.3) or, under Challenge 3, one each (ISL-12.1); and the tie-break that
decided (ISL-9)."""
from __future__ import annotations

from .board import ISLE_NAMES
from .data import COLOURS

ISLE = 4  # explorer_where: saved on a safe isle


def score_breakdown(state) -> list[list[dict]]:
    out = []
    for p in range(state.num_players):
        parts = []
        for e in range(p * 10, p * 10 + 10):
            if state.explorer_where[e] != ISLE:
                continue
            value = state.explorer_value[e]
            isle = ISLE_NAMES[state.explorer_at[e]] if 0 <= state.explorer_at[e] < len(ISLE_NAMES) else ""
            name = f"{COLOURS[p]}{e - p * 10 + 1}"
            if state.challenge_3:
                parts.append({"part": f"saved:{name}", "points": 1, "rule": "ISL-12.1",
                              "label": {"en": f"explorer saved on {isle.upper()} (printed {value}, counts 1)",
                                        "it": f"esploratore salvo su {isle.upper()} (stampato {value}, conta 1)"}})
            else:
                parts.append({"part": f"saved:{name}", "points": value, "rule": "ISL-8.3",
                              "label": {"en": f"explorer saved on {isle.upper()}, printed value {value}",
                                        "it": f"esploratore salvo su {isle.upper()}, valore stampato {value}"}})
        parts.sort(key=lambda x: -x["points"])
        out.append(parts)
    return out


def tie_break(state) -> dict | None:
    if not state.is_terminal:
        return None
    keys = [state.tiebreak_key(p) for p in range(state.num_players)]
    best = max(k[0] for k in keys)
    tied = [k for k in keys if k[0] == best]
    if len(tied) == 1:
        return None
    if state.num_players <= 4 and state.options.get("tiebreak", "base") == "base":
        # house rule tiebreak 'base' (ISL-I6 a), as ``_winners`` decides: no step is used at 2-4 players
        return {"rule": "ISL-I6", "text": {
            "en": "tied on points: the base game has no tie-break, so the victory is shared",
            "it": "pari merito: il gioco base non prevede spareggi, la vittoria è condivisa"}}
    steps = (
        (1, "ISL-9.2", "the most explorers saved", "più esploratori salvi"),
        (2, "ISL-9.3", "the highest printed value saved", "il valore stampato più alto"),
        (3, "ISL-9.4", "the fewest turns taken", "meno turni giocati"),
    )
    for i, rule, en, it in steps:
        top = max(k[i] for k in tied)
        narrowed = [k for k in tied if k[i] == top]
        if len(narrowed) < len(tied):
            return {"rule": rule, "text": {"en": f"tied on points: decided by {en}", "it": f"pari merito: decidono {it}"}}
        tied = narrowed
    return {"rule": "ISL-9.7", "text": {"en": "tied on points and on every tie-break: the victory is shared",
                                        "it": "pari merito anche negli spareggi: la vittoria è condivisa"}}
