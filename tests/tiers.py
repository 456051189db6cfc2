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


def _slow(p):
    return pytest.param(*p.values, marks=[*p.marks, pytest.mark.slow], id=p.id)


def fast_where(cases, keep):
    """``cases`` (values, tuples of values or pytest.param) as pytest parameters, those for which
    ``keep(*values)`` is false also marked ``slow``."""
    return [p if keep(*p.values) else _slow(p) for p in map(_param, cases)]


def first_fast(cases, n: int = 1):
    """``cases`` as pytest parameters, the first ``n`` in the fast tier and the others ``slow``."""
    return [p if i < n else _slow(p) for i, p in enumerate(map(_param, cases))]
