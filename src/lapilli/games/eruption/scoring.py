"""Temperatures told the rulebook's way: where each degree came from (lava reaching the
village, ERU-10.9; other players' eruptions, ERU-12.5; Rain cards, ERU-14.21), and what decided
the winners (the lowest temperature, ERU-13.9; the teams' sums, ERU-16.10; the last village left,
ERU-17.2)."""
from __future__ import annotations

_SOURCES = (
    ("lava", "ERU-10.9", "lava reaching the village", "lava arrivata al villaggio"),
    ("eruptions", "ERU-12.5", "other players' eruptions (+30 each)", "eruzioni degli altri (+30 ciascuna)"),
    ("rain", "ERU-14.21", "Rain cards played", "carte Pioggia giocate"),
)


def score_breakdown(state) -> list[list[dict]]:
    """Every change of a temperature, summed by its source; the changes are read from the events
    (each gives the temperature after it), so the meter's limits (ERU-10.10) are already in them."""
    n = state.num_players
    temp = [0] * n
    by = [{k: 0 for k, *_ in _SOURCES} for _ in range(n)]

    def move(p, to, source):
        by[p][source] += to - temp[p]
        temp[p] = to

    for _, _, events in state.replay_events():
        for ev in events:
            t = ev["type"]
            if t == "damage":
                move(ev["seat"], ev["to"], "lava")
            elif t == "rain":
                move(ev["seat"], ev["to"], "rain")
            elif t == "eruption":
                for p in range(n):
                    if ev["temperatures"][p] != temp[p]:
                        move(p, ev["temperatures"][p], "eruptions")
    return [[{"part": k, "points": by[p][k], "rule": r, "label": {"en": en, "it": it}} for k, r, en, it in _SOURCES]
            for p in range(n)]


def tie_break(state) -> dict | None:
    """Eruption has no tie-break (ERU-I32: tied players share the win); what decides is named
    when it is not simply each player's own lowest temperature."""
    if not state.is_terminal:
        return None
    if state.variant == "cooperation":
        return {"rule": "ERU-16.10", "text": {"en": "teams: the lowest sum of the two teammates' temperatures wins",
                                              "it": "squadre: vince la somma più bassa delle temperature dei due compagni"}}
    if state.variant == "annihilation" and sum(1 for b in state.burned if not b) == 1:
        return {"rule": "ERU-17.2", "text": {"en": "the last village not burned wins",
                                             "it": "vince l'ultimo villaggio non bruciato"}}
    return None
