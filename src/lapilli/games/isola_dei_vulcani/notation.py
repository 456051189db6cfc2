"""Parsing the action notation of L'Isola dei Vulcani (explain.py says why an action is illegal)."""
from __future__ import annotations

import re

from lapilli.engine import NotationError

NOTATION_HELP = (
    "land HEX | move HEX HEX | carry FROM TO (FROM/TO: a space like D5a, or a hex for a Moai lying "
    "without a space) | village SPACE | colonist HEX | carve SPACE | erect FROM CRATER (crater like D5-NE) | "
    "pray | end; during an eruption: save SPACE (or HEX for a Moai lying without a space) | done; double eruption: erupt N; sinking: rescue HEX | "
    "rescue FROM TO | skip"
)
TURN_VERBS = {"land", "move", "carry", "village", "colonist", "carve", "erect", "pray", "end"}
DECISION_VERBS = {"save", "done", "erupt", "rescue", "skip"}
ARITY = {"land": (1,), "move": (2,), "carry": (2,), "village": (1,), "colonist": (1,), "carve": (1,),
         "erect": (2,), "pray": (0,), "end": (0,), "save": (1,), "done": (0,), "erupt": (1,),
         "rescue": (1, 2), "skip": (0,)}


def _bad(action, why):
    return NotationError(why, action, NOTATION_HELP)


def parse(action: str, state):
    """Split ``action`` into (verb, args), its places checked against ``state``'s board; raises
    NotationError for text that names no action."""
    parts = action.split() if isinstance(action, str) else []
    if not parts:
        raise _bad(action, "empty action")
    verb, args = parts[0].lower(), parts[1:]
    if verb not in ARITY:
        raise _bad(action, f"unknown action {parts[0]!r}")
    if len(args) not in ARITY[verb]:
        raise _bad(action, f"{verb!r} takes {' or '.join(str(a) for a in ARITY[verb])} argument(s)")
    geo = state.geo
    hexes, spaces, craters = geo.hex_index, geo.space_hex, geo.crater_hex

    def need(x, kinds):
        ok = ("hex" in kinds and x in hexes) or ("space" in kinds and x in spaces) or \
             ("crater" in kinds and x in craters)
        if not ok:
            raise ValueError(f"{x!r} is not a {' or '.join(kinds)} of this board")

    try:
        if verb in ("land", "colonist"):
            need(args[0], ("hex",))
        elif verb == "move":
            need(args[0], ("hex",))
            need(args[1], ("hex",))
        elif verb == "carry":
            need(args[0], ("hex", "space"))
            need(args[1], ("hex", "space"))
        elif verb in ("village", "carve"):
            need(args[0], ("space",))
        elif verb == "save":
            need(args[0], ("space", "hex"))
        elif verb == "erect":
            need(args[0], ("hex", "space"))
            need(args[1], ("crater",))
        elif verb == "erupt":
            if not args[0].isdigit():
                raise ValueError(f"{args[0]!r} is not a volcano number")
        elif verb == "rescue":
            for a in args:
                need(a, ("hex",))
    except ValueError as e:
        raise _bad(action, str(e)) from None
    return verb, args


def write(parsed: tuple, state=None) -> str:
    """The notation of an action as ``parse`` reads it (its writer: ``write(parse(a, state)) == a``
    for an action in the board's spelling, see ``canonical``)."""
    verb, args = parsed
    return " ".join([verb, *args])


_PLACE = re.compile(r"^([a-z]+)(\d+)([a-z]?)(?:-([a-z]+))?$")


def canonical(text: str) -> str:
    """``text`` in the board's spelling: the verb in lower case, a hex as ``D5``, a space as
    ``D5a``, a crater as ``D5-NE``, single spaces.  No action has unordered parts."""
    toks = text.split()
    out = [t.lower() for t in toks[:1]]
    for t in toks[1:]:
        m = _PLACE.match(t.lower())
        if m:
            col, row, space, side = m.groups()
            t = col.upper() + row + space + (f"-{side.upper()}" if side else "")
        out.append(t)
    return " ".join(out)
