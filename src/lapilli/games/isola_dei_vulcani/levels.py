"""L'Isola dei Vulcani's strength levels (docs/agents.md gives the measured strength of each).

Above easy, the guided search (``GUIDANCE``) with c=0.3 and the leaves scored by
``heuristics.values``.
"""
from ...agents.levels import GUIDANCE, search


def _search(time_limit: float, **params) -> str:
    return search({"iterations": 600, "time_limit": time_limit, "c": 0.3}, GUIDANCE, params)


NORMAL = _search(0.8)
"""normal: the guided search within 0.8 s."""
SETTLED = _search(4, settle=1, policy="choose")
"""hard at 2 and 4 players: the leaf's turn finished by the heuristic player's moves before it is
scored."""
FITTED = _search(4, evaluator="fitted_values")
"""hard at 3 players: the leaves scored by the evaluator fitted to game outcomes
(``evaluator.py``); it beats two normal seats where SETTLED did not."""

LEVELS = {
    "easy": "heuristic",
    "normal": NORMAL,
    "hard": {2: SETTLED, 3: FITTED, 4: SETTLED, "default": SETTLED},
}
