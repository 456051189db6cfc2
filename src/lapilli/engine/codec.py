"""Plain-data encoding of game state for JSON, and a fast structural copy.

Game states keep their fields in plain Python data: None, bool, int, float, str, list,
tuple, dict, set and frozenset, nested freely.  `encode` turns such data into JSON-ready
values (tuples, sets and dicts with non-string keys are tagged), `decode` reverses it.
"""
from __future__ import annotations

from typing import Any

_SCALARS = (type(None), bool, int, float, str)


def encode(obj: Any) -> Any:
    t = type(obj)
    if t in _SCALARS:
        return obj
    if t is list:
        return [encode(x) for x in obj]
    if t is tuple:
        return {"__t": [encode(x) for x in obj]}
    if t is set or t is frozenset:
        items = [encode(x) for x in obj]
        try:
            items.sort(key=_sort_key)
        except TypeError:
            pass
        return {"__s" if t is set else "__f": items}
    if t is dict:
        if all(type(k) is str and not k.startswith("__") for k in obj):
            return {k: encode(v) for k, v in obj.items()}
        return {"__d": [[encode(k), encode(v)] for k, v in obj.items()]}
    raise TypeError(f"cannot encode {t.__name__} in a game state; keep state in plain data")


def _sort_key(x):
    return repr(x)


def decode(obj: Any) -> Any:
    t = type(obj)
    if t in _SCALARS:
        return obj
    if t is list:
        return [decode(x) for x in obj]
    if t is dict:
        if len(obj) == 1:
            (k, v), = obj.items()
            if k == "__t":
                return tuple(decode(x) for x in v)
            if k == "__s":
                return {decode(x) for x in v}
            if k == "__f":
                return frozenset(decode(x) for x in v)
            if k == "__d":
                return {decode(a): decode(b) for a, b in v}
        return {k: decode(v) for k, v in obj.items()}
    raise TypeError(f"unexpected {t.__name__} in encoded state")


def deep_copy(obj: Any) -> Any:
    """Copy plain data; immutable parts (scalars, tuples/frozensets of scalars) are shared."""
    t = type(obj)
    if t in _SCALARS:
        return obj
    if t is list:
        return [x if type(x) in _SCALARS else deep_copy(x) for x in obj]
    if t is dict:
        return {k: (v if type(v) in _SCALARS else deep_copy(v)) for k, v in obj.items()}
    if t is set:
        return set(obj)
    if t is tuple:
        if all(type(x) in _SCALARS for x in obj):
            return obj
        return tuple(deep_copy(x) for x in obj)
    if t is frozenset:
        return obj
    raise TypeError(f"cannot copy {t.__name__}")
