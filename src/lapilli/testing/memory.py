"""Memory a structure holds, for tests and benchmarks: each object reached counted once."""
from __future__ import annotations

import sys
import types

SKIP = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType)


def deep_size(root, shared: set[int] = frozenset()) -> int:
    """Bytes of ``root`` and everything it reaches, except objects in ``shared`` (a fresh game's
    objects: the game's data and spec, which every table shares)."""
    seen, stack, total = set(shared), [root], 0
    while stack:
        o = stack.pop()
        if id(o) in seen or isinstance(o, SKIP):
            continue
        seen.add(id(o))
        total += sys.getsizeof(o)
        if isinstance(o, dict):
            stack.extend(o.keys())
            stack.extend(o.values())
        elif isinstance(o, (list, tuple, set, frozenset)):
            stack.extend(o)
        else:
            if hasattr(o, "__dict__"):
                stack.append(vars(o))
            for slot in getattr(type(o), "__slots__", ()):
                if hasattr(o, slot):
                    stack.append(getattr(o, slot))
    return total
