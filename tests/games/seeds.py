"""Seeded random games split in two: the first few seeds in the fast tier, the rest marked
``slow`` (the whole suite plays every seed; each seed's game is checked the same way)."""
import pytest


def seed_sets(seeds, fast: int = 2):
    """``seeds`` as two pytest parameters: its first ``fast`` seeds, then the others (slow)."""
    seeds = list(seeds)
    head, tail = seeds[:fast], seeds[fast:]
    return [pytest.param(head, id=f"seeds{head[0]}-{head[-1]}"),
            pytest.param(tail, id=f"seeds{tail[0]}-{tail[-1]}", marks=pytest.mark.slow)]
