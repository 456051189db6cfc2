"""The inlined draws of Rng.randbelow and Rng.shuffle give exactly the reference SplitMix64
sequence (next64 then rejection sampling), so seeds keep their meaning."""
from __future__ import annotations

from lapilli.engine.rng import Rng

_MASK = (1 << 64) - 1


def ref_randbelow(r: Rng, n: int) -> int:
    limit = (_MASK + 1) - ((_MASK + 1) % n)
    while True:
        x = r.next64()
        if x < limit:
            return x % n


def test_randbelow_matches_reference():
    fast, ref = Rng(11), Rng(11)
    # large n make rejections likely, so the state after a rejected draw is checked too
    for n in (1, 2, 3, 7, 10, 1000, 2 ** 63 + 5, 2 ** 64 - 1):
        for _ in range(500):
            assert fast.randbelow(n) == ref_randbelow(ref, n)
        assert fast.state == ref.state


def test_shuffle_matches_reference():
    fast, ref = Rng(5), Rng(5)
    for k in range(40):
        a, b = list(range(k)), list(range(k))
        fast.shuffle(a)
        for i in range(len(b) - 1, 0, -1):
            j = ref_randbelow(ref, i + 1)
            b[i], b[j] = b[j], b[i]
        assert a == b
        assert fast.state == ref.state
