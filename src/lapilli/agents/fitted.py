"""Play-time side of the fitted leaf evaluators: a game's conditional-logit weights read
from its data file, and the logit's per-seat probabilities.  Pure Python (the fit itself,
``logit_fit``, needs numpy and is a tool)."""
from __future__ import annotations

import json
import math
from operator import mul
from pathlib import Path


class FittedWeights:
    """Weights per player count from a JSON file ``{"features": [...], "weights": {"2": [...]}}``,
    read on first use; a count that was not fitted gets the nearest fitted one (the larger of two
    equally near).  ``expect``: other entries the file must hold as given (e.g. the stage edges
    of weights fitted per stage of the game), checked like the features."""

    def __init__(self, path: Path, features: tuple, tool: str, expect: dict | None = None):
        self.path, self.features, self.tool = path, tuple(features), tool
        self.expect = {k: tuple(v) for k, v in (expect or {}).items()}
        self._by_n: dict = {}

    def __call__(self, players: int) -> list:
        if not self._by_n:
            data = json.loads(self.path.read_text())
            if tuple(data["features"]) != self.features:
                raise ValueError(f"{self.path} was fitted on other features than evaluator.FEATURES; refit it "
                                 f"(python -m {self.tool})")
            for key, want in self.expect.items():
                if tuple(data.get(key) or ()) != want:
                    raise ValueError(f"{self.path} was fitted on other {key} than {want}; refit it "
                                     f"(python -m {self.tool})")
            for key, w in data["weights"].items():
                self._by_n[int(key)] = w
        if players in self._by_n:
            return self._by_n[players]
        return self._by_n[min(self._by_n, key=lambda k: (abs(k - players), -k))]


def logit_probs(rows: list, w: list) -> list:
    """P(seat q wins) = exp(w . f_q) / sum_r exp(w . f_r) for the per-seat feature rows f_q."""
    u = [sum(map(mul, f, w)) for f in rows]     # the same products added in the same order
    top = max(u)
    ex = [math.exp(max(-60.0, x - top)) for x in u]
    s = sum(ex)
    return [x / s for x in ex]
