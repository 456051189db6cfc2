"""Parsing and printing of The Island's action notation (see the package docstring)."""
from __future__ import annotations

import re

from lapilli.engine import NotationError

from .board import BY_NAME, ISLE_NAMES, NAME
from .data import COLOURS

VERBS = {
    "place": "place <value> <r,c>",
    "boat": "boat <r,c>",
    "pass": "pass",
    "end": "end",
    "none": "none",
    "repel": "repel",
    "walk": "walk <explorer> <r,c>",
    "swim": "swim <explorer> <r,c> [dolphin]",
    "board": "board <explorer> <r,c>",
    "isle": "isle <explorer> <nw|ne|sw|se>",
    "sail": "sail <r,c> <r,c>",
    "remove": "remove <r,c>",
    "aboard": "aboard <explorer> <explorer> <explorer>",
    "take": "take <r,c>",
    "squid": "squid <r,c> (placing a squid) or squid <from r,c> <to r,c> (moving one)",
    "eat": "eat <explorer>",
    "protect": "protect <explorer>",
    "play": "play <dolphin <explorer>|winds <r,c>|serpent <r,c>|shark <r,c>|whale <r,c>|squid <r,c>> <r,c>",
    "serpent": "serpent <from r,c> <to r,c>",
    "shark": "shark <from r,c> <to r,c>",
    "whale": "whale <from r,c> <to r,c>",
    "dolphin": "dolphin <D1-D4> <r,c>",
    "drift": "drift <from r,c> <to r,c>",
    "shift": "shift <D1-D4> <explorer>",
}

NOTATION_HELP = (
    "'place 6 3,5', 'boat 2,4', 'walk R3 4,5', 'swim R3 2,4', 'board R3 2,5', "
    "'isle R3 nw', 'sail 2,5 2,6', 'end', 'remove 3,5', 'shark 1,5 2,6', 'none', 'play winds 2,5 2,7', "
    "'pass', 'repel', 'eat B1', 'protect Y1', 'aboard B1 B2 Y1', 'take 10,5', 'squid 2,4'"
)


def label(eid: int) -> str:
    return f"{COLOURS[eid // 10]}{eid % 10 + 1}"


def parse_label(tok: str) -> int | None:
    if len(tok) < 2 or tok[0] not in COLOURS or not tok[1:].isdigit():
        return None
    k = int(tok[1:])
    if not 1 <= k <= 10:
        return None
    return COLOURS.index(tok[0]) * 10 + k - 1


def parse_hex(tok: str) -> int | None:
    return BY_NAME.get(tok)


def parse_dolphin(tok: str) -> int | None:
    if len(tok) == 2 and tok[0] == "D" and tok[1] in "1234":
        return int(tok[1]) - 1
    return None


def parse(action: str, state=None):
    """Split an action into (verb, args) with hexes, explorers and dolphins turned into ints;
    raises NotationError for text that is not well-formed notation."""
    parsed = _split(action) if isinstance(action, str) else None
    if parsed is None:
        raise NotationError(f"{action!r} is not The Island notation", action, NOTATION_HELP)
    return parsed


def _split(action: str):
    """``parse``'s (verb, args), or None for text that is not well-formed notation."""
    toks = action.split()
    if not toks or toks[0] not in VERBS:
        return None
    v, a = toks[0], toks[1:]
    try:
        if v in ("pass", "end", "none", "repel"):
            return (v, ()) if not a else None
        if v == "place":
            if len(a) == 2 and a[0].isdigit() and parse_hex(a[1]) is not None:
                return (v, (int(a[0]), parse_hex(a[1])))
            return None
        if v in ("boat", "remove", "take"):
            return (v, (parse_hex(a[0]),)) if len(a) == 1 and parse_hex(a[0]) is not None else None
        if v in ("walk", "board"):
            if len(a) == 2 and parse_label(a[0]) is not None and parse_hex(a[1]) is not None:
                return (v, (parse_label(a[0]), parse_hex(a[1])))
            return None
        if v == "swim":
            if len(a) in (2, 3) and parse_label(a[0]) is not None and parse_hex(a[1]) is not None:
                if len(a) == 3 and a[2] != "dolphin":
                    return None
                return (v, (parse_label(a[0]), parse_hex(a[1]), len(a) == 3))
            return None
        if v == "isle":
            if len(a) == 2 and parse_label(a[0]) is not None and a[1] in ISLE_NAMES:
                return (v, (parse_label(a[0]), ISLE_NAMES.index(a[1])))
            return None
        if v in ("sail", "serpent", "shark", "whale", "drift"):
            if len(a) == 2 and parse_hex(a[0]) is not None and parse_hex(a[1]) is not None:
                return (v, (parse_hex(a[0]), parse_hex(a[1])))
            return None
        if v == "squid":
            if len(a) == 1 and parse_hex(a[0]) is not None:
                return ("squidplace", (parse_hex(a[0]),))
            if len(a) == 2 and parse_hex(a[0]) is not None and parse_hex(a[1]) is not None:
                return (v, (parse_hex(a[0]), parse_hex(a[1])))
            return None
        if v in ("eat", "protect"):
            return (v, (parse_label(a[0]),)) if len(a) == 1 and parse_label(a[0]) is not None else None
        if v == "aboard":
            ids = [parse_label(t) for t in a]
            return (v, tuple(ids)) if ids and None not in ids else None
        if v == "dolphin":
            if len(a) == 2 and parse_dolphin(a[0]) is not None and parse_hex(a[1]) is not None:
                return (v, (parse_dolphin(a[0]), parse_hex(a[1])))
            return None
        if v == "shift":
            if len(a) == 2 and parse_dolphin(a[0]) is not None and parse_label(a[1]) is not None:
                return (v, (parse_dolphin(a[0]), parse_label(a[1])))
            return None
        if v == "play":
            if len(a) != 3 or parse_hex(a[2]) is None:
                return None
            kind, src, dst = a[0], a[1], parse_hex(a[2])
            if kind == "dolphin" and parse_label(src) is not None:
                return (v, (kind, parse_label(src), dst))
            if kind in ("winds", "serpent", "shark", "whale", "squid") and parse_hex(src) is not None:
                return (v, (kind, parse_hex(src), dst))
            return None
    except (IndexError, ValueError):
        return None
    return None


def write(parsed: tuple, state=None) -> str:
    """The notation of an action as ``parse`` reads it (its writer: ``write(parse(a)) == a`` for
    an action in the game's spelling, see ``canonical``)."""
    v, a = parsed
    if v == "place":
        return f"place {a[0]} {NAME[a[1]]}"
    if v in ("walk", "board"):
        return f"{v} {label(a[0])} {NAME[a[1]]}"
    if v == "swim":
        return f"swim {label(a[0])} {NAME[a[1]]}" + (" dolphin" if a[2] else "")
    if v == "isle":
        return f"isle {label(a[0])} {ISLE_NAMES[a[1]]}"
    if v in ("eat", "protect", "aboard"):
        return " ".join([v, *map(label, a)])
    if v == "squidplace":
        return f"squid {NAME[a[0]]}"
    if v == "dolphin":
        return f"dolphin D{a[0] + 1} {NAME[a[1]]}"
    if v == "shift":
        return f"shift D{a[0] + 1} {label(a[1])}"
    if v == "play":
        kind, src, dst = a
        return f"play {kind} {label(src) if kind == 'dolphin' else NAME[src]} {NAME[dst]}"
    return " ".join([v, *(NAME[h] for h in a)])  # no argument, or hexes only


def hexname(h: int) -> str:
    return NAME[h]


_PIECE = re.compile(r"^[a-z]\d+$")


def _piece_key(tok: str):
    return (COLOURS.index(tok[0]) if tok[0] in COLOURS else len(COLOURS), tok[0], int(tok[1:]))


def canonical(text: str) -> str:
    """``text`` in the game's spelling: words in lower case, explorers and dolphins in upper case
    (``R3``, ``D1``), a space as ``r,c`` (spaces around the comma dropped), single spaces, and the
    explorers of ``aboard`` in colour-then-number order (they are an unordered set)."""
    toks = re.sub(r"\s*,\s*", ",", text).lower().split()
    out = [t.upper() if i and _PIECE.match(t) else t for i, t in enumerate(toks)]
    if out and out[0] == "aboard" and len(out) > 2 and all(_PIECE.match(t.lower()) for t in out[1:]):
        out[1:] = sorted(out[1:], key=_piece_key)
    return " ".join(out)
