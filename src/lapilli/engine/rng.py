"""Seeded randomness owned by a state.

A small SplitMix64 generator: its whole state is one integer, so cloning and saving it to
JSON cost nothing.  Every chance event of a game draws from its state's generator at the
moment the rules reveal it.

A game's generator is made from its seed by `game_rng` under a named *seeding*: ``"mix64"``
passes the seed through SplitMix64's finalizer first, so the streams of nearby seeds (0, 1, 2 ...)
are unrelated; ``"linear"`` (records and state files that name no seeding) sets the state to
seed * gamma + c, under which seed k + 1's stream is seed k's shifted by one draw.
`Rng(seed)` keeps the linear seeding: the agents' own generators use it.
"""
from __future__ import annotations

from .errors import LapilliError

_MASK = (1 << 64) - 1
_SPAN = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB


LINEAR_SEEDING = "linear"
MIX64_SEEDING = "mix64"
SEEDINGS = (LINEAR_SEEDING, MIX64_SEEDING)
DEFAULT_SEEDING = MIX64_SEEDING


def mix64(x: int) -> int:
    """SplitMix64's finalizer: a bijection of 64-bit integers that spreads nearby inputs apart."""
    z = (int(x) + _GAMMA) & _MASK
    z = ((z ^ (z >> 30)) * _M1) & _MASK
    z = ((z ^ (z >> 27)) * _M2) & _MASK
    return z ^ (z >> 31)


def game_rng(seed: int, seeding: str = DEFAULT_SEEDING) -> "Rng":
    """The generator of a game with this seed under the named seeding (see the module's doc)."""
    if seeding == MIX64_SEEDING:
        return Rng.from_state(mix64(seed))
    if seeding == LINEAR_SEEDING:
        return Rng(seed)
    raise LapilliError(f"unknown seeding {seeding!r}; known seedings: {', '.join(SEEDINGS)}")


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        self.state = (int(seed) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK

    @classmethod
    def from_state(cls, state: int) -> "Rng":
        r = cls.__new__(cls)
        r.state = int(state) & _MASK
        return r

    def copy(self) -> "Rng":
        r = Rng.__new__(Rng)
        r.state = self.state
        return r

    def next64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        # Rejection sampling on the top bits keeps the draw unbiased.  next64 is inlined (the
        # same sequence of states and outputs): this is the hot path of rollouts and shuffles.
        limit = _SPAN - _SPAN % n
        s = self.state
        while True:
            s = (s + _GAMMA) & _MASK
            z = ((s ^ (s >> 30)) * _M1) & _MASK
            z = ((z ^ (z >> 27)) * _M2) & _MASK
            z ^= z >> 31
            if z < limit:
                self.state = s
                return z % n

    def randint(self, a: int, b: int) -> int:
        """A uniform integer in [a, b], both included."""
        return a + self.randbelow(b - a + 1)

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq):
        return seq[self.randbelow(len(seq))]

    def shuffle(self, lst: list) -> None:
        """Fisher-Yates shuffle in place (the draws of ``randbelow(i + 1)``, inlined)."""
        s = self.state
        for i in range(len(lst) - 1, 0, -1):
            n = i + 1
            limit = _SPAN - _SPAN % n
            while True:
                s = (s + _GAMMA) & _MASK
                z = ((s ^ (s >> 30)) * _M1) & _MASK
                z = ((z ^ (z >> 27)) * _M2) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            lst[i], lst[j] = lst[j], lst[i]
        self.state = s

    def sample(self, seq, k: int) -> list:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]
