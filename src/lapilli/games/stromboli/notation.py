"""Parsing Stromboli's action notation (see the package docstring for the list)."""
from __future__ import annotations

from lapilli.engine import NotationError

from .data import BUYABLE, CRATER, NSEG, SPACE_INDEX, SPACE_NAMES

NOTATION_HELP = (
    "'place 3 b2' (a numbered disc on a beach), 'place 3 b2 lava' "
    "(tactical variant, with the lava disc), 'take 3', 'boat', 'shaman p1', 'stay', 'pick 1', "
    "'pick 2', 'buy mountain', 'buy priestess', 'pass', 'priestess c2 c3'"
)


def _bad(action: str, why: str = "") -> NotationError:
    msg = f"{action!r} is not a Stromboli action"
    if why:
        msg += f" ({why})"
    return NotationError(msg, action, NOTATION_HELP)


def _seg_of(token: str, ring_letter: str) -> int | None:
    if len(token) == 2 and token[0] == ring_letter and token[1].isdigit() and int(token[1]) < NSEG:
        return int(token[1])
    return None


def parse(action: str, state=None) -> tuple:
    """The action as a tuple (verb, args...); raises NotationError for text that names no action."""
    if not isinstance(action, str):
        raise _bad(str(action))
    p = action.strip().lower().split()
    if not p:
        raise _bad(action, "empty")
    verb = p[0]
    if verb == "place":
        if len(p) in (3, 4) and p[1].isdigit() and len(p[1]) == 1:
            seg = _seg_of(p[2], "b")
            if seg is None:
                raise _bad(action, "discs go on beach spaces b0 to b5")
            if len(p) == 4 and p[3] != "lava":
                raise _bad(action, "the only word after the beach is 'lava'")
            return ("place", int(p[1]), seg, len(p) == 4)
        raise _bad(action, "write 'place <value 1-5> <beach b0-b5>'")
    if verb == "take":
        if len(p) == 2 and p[1] == "lava":
            return ("take", "lava")
        if len(p) == 2 and p[1].isdigit() and len(p[1]) == 1:
            return ("take", int(p[1]))
        raise _bad(action, "write 'take <value 1-5>'")
    if verb == "boat" and len(p) == 1:
        return ("boat",)
    if verb == "stay" and len(p) == 1:
        return ("stay",)
    if verb == "pass" and len(p) == 1:
        return ("pass",)
    if verb == "shaman" and len(p) == 2:
        if p[1] in SPACE_INDEX:
            return ("shaman", SPACE_INDEX[p[1]])
        raise _bad(action, "name a space such as p1, f3 or m0")
    if verb == "pick" and len(p) == 2 and p[1] in ("1", "2"):
        return ("pick", int(p[1]))
    if verb == "buy" and len(p) == 2:
        if p[1] in BUYABLE:
            return ("buy", p[1])
        raise _bad(action, "cards to buy: " + ", ".join(BUYABLE))
    if verb == "priestess" and len(p) == 3:
        a, b = _seg_of(p[1], "c"), _seg_of(p[2], "c")
        if a is not None and b is not None:
            return ("priestess", a, b)
        raise _bad(action, "name two craters such as c2 c3")
    raise _bad(action)


def write(parsed: tuple, state=None) -> str:
    """The notation of an action as ``parse`` reads it (its writer: ``write(parse(a)) == a`` for
    an action in Stromboli's spelling, see ``canonical``)."""
    verb, *args = parsed
    if verb == "place":
        value, seg, lava = args
        return f"place {value} b{seg}" + (" lava" if lava else "")
    if verb == "shaman":
        return f"shaman {SPACE_NAMES[args[0]]}"
    if verb == "priestess":
        return f"priestess c{args[0]} c{args[1]}"
    return " ".join([verb, *map(str, args)])  # take, boat, stay, pass, pick, buy


__all__ = ["parse", "NOTATION_HELP", "CRATER"]


def canonical(text: str) -> str:
    """``text`` in Stromboli's spelling: lower case, single spaces.  ``priestess cX cY`` is
    ordered (from, to), so no action has unordered parts."""
    return " ".join(text.lower().split())
