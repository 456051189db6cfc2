"""Kingdomino Origins' strength levels (docs/agents.md gives the measured strength of each).

Above easy, the guided search (``GUIDANCE``) with c=0.1; the levels differ in budget and in when
a leaf is scored (``heuristics.values`` now, or after finishing rounds with the rollout policy).
"""
from ...agents.levels import GUIDANCE, NORMAL_TIME, search


def _search(iterations: int, time_limit: float, **params) -> str:
    return search({"iterations": iterations, "time_limit": time_limit, "c": 0.1}, GUIDANCE, params)


NORMAL = _search(600, 0.7)
"""normal at 2 players (and an unknown count): the guided search within 0.7 s."""
ROUND_END = _search(600, 0.7, evaluator="values_round_end")
"""normal at 3 players: every leaf scored at the end of its own round (NORMAL alone is below the
3-player target against heuristic seats)."""
WIDER = _search(1200, NORMAL_TIME)
"""normal at 4 players: NORMAL with twice the iterations (NORMAL alone is below the 4-player
target against heuristic seats)."""
NEXT_ROUND_END = _search(600, 8, evaluator="values_next_round_end")
"""hard: every leaf scored at the end of the round after its own; it beats normal at every count."""

LEVELS = {
    "easy": "heuristic",
    "normal": {3: ROUND_END, 4: WIDER, "default": NORMAL},
    "hard": NEXT_ROUND_END,
}
