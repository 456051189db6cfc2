"""An agent that picks uniformly among the legal actions, from its own seeded generator."""
from __future__ import annotations

from ..engine.rng import Rng
from .base import Decision


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)

    def choose(self, decision: Decision) -> str:
        legal = decision.legal_actions
        return legal[self.rng.randbelow(len(legal))]
