"""Small helpers for the per-game observation encoders (``lapilli/games/<pkg>/rl.py``).

An encoder appends to a :class:`Features` in a fixed order, so every position of one game set-up
(player count and options) gives a vector of the same length, whatever the lists in the
observation hold.  Seats are written *relative to the observing seat* (``rel``): block 0 is the
observer, block 1 the next seat, and so on; a spectator (``seat`` None) sees seat 0 as block 0.
"""
from __future__ import annotations

from typing import Iterable, Sequence


def rel(p, seat, n: int):
    """Seat ``p`` seen from ``seat`` (0 = the observer itself); None stays None."""
    if p is None or not isinstance(p, int) or isinstance(p, bool):
        return None
    return (p - (seat or 0)) % n


def seat_order(seat, n: int) -> list[int]:
    """The absolute seats in relative order: the observer first."""
    s = seat or 0
    return [(s + i) % n for i in range(n)]


class Features:
    """A growing list of floats with helpers for one-hot blocks and counts."""

    __slots__ = ("v",)

    def __init__(self):
        self.v: list[float] = []

    def num(self, x, scale: float = 1.0) -> None:
        """A number (booleans 0/1, None 0) divided by ``scale``."""
        self.v.append(float(x or 0) / scale)

    def nums(self, xs: Iterable, scale: float = 1.0) -> None:
        for x in xs:
            self.num(x, scale)

    def flag(self, x) -> None:
        self.v.append(1.0 if x else 0.0)

    def one_hot(self, value, index: dict | Sequence) -> None:
        """len(index) slots, a 1 at the value's position (all zeros for an unknown value or None)."""
        n = len(index)
        block = [0.0] * n
        if value is not None:
            i = index.get(value) if isinstance(index, dict) else (index.index(value) if value in index else None)
            if i is not None:
                block[i] = 1.0
        self.v.extend(block)

    def counts(self, items: Iterable, index: dict, scale: float = 1.0) -> None:
        """len(index) slots: how many times each value occurs in ``items`` (unknown values ignored)."""
        block = [0.0] * len(index)
        for x in items:
            i = index.get(x)
            if i is not None:
                block[i] += 1.0 / scale
        self.v.extend(block)

    def mark(self, at: int, value, index: dict) -> int:
        """In a block of zeros already appended (``zeros``): a 1 at ``at`` plus the value's
        position in ``index`` (nothing for an unknown value or None); returns ``at + len(index)``,
        where the next part of the block starts."""
        i = index.get(value)
        if i is not None:
            self.v[at + i] = 1.0
        return at + len(index)

    def zeros(self, size: int) -> int:
        """Append ``size`` zeros; returns where they start (write with ``f.v[start + i] = x``)."""
        start = len(self.v)
        self.v.extend([0.0] * size)
        return start

    def __len__(self) -> int:
        return len(self.v)


def index_of(values: Iterable) -> dict:
    """value -> position, in the given order."""
    return {v: i for i, v in enumerate(values)}
