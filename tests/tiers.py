"""The suite's two tiers (README): the fast tier, ``pytest -m "not slow"``, run while working, and
the whole suite, which runs every test, those marked ``slow`` included.

A check run over a grid (every game, player count, option set or seed) runs a corner of its grid
in the fast tier and the whole grid in the whole suite: the same assertions on fewer cases.
``fast_where`` and ``first_fast`` mark the rest of such a grid ``slow``."""
import pytest

_PARAM = type(pytest.param(None))


def _param(case):
    if isinstance(case, _PARAM):
        return case
    return pytest.param(*case) if isinstance(case, tuple) else pytest.param(case)


def fast_where(cases, keep):
    """``cases`` (values, tuples of values or pytest.param) as pytest parameters, those for which
    ``keep(*values)`` is false also marked ``slow``."""
    out = []
    for case in cases:
        p = _param(case)
        if not keep(*p.values):
            p = pytest.param(*p.values, marks=[*p.marks, pytest.mark.slow], id=p.id)
        out.append(p)
    return out


def first_fast(cases, n: int = 1):
    """``cases`` as pytest parameters, the first ``n`` in the fast tier and the others ``slow``."""
    out = []
    for i, case in enumerate(cases):
        p = _param(case)
        if i >= n:
            p = pytest.param(*p.values, marks=[*p.marks, pytest.mark.slow], id=p.id)
        out.append(p)
    return out
