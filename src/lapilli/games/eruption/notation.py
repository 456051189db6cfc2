"""Eruption action notation: parsing text into a tuple and formatting locations.

A hex is its column letter a-k and row number 0-10 (``d7`` is column 3, row 7).  A flow end is
``<hex>-<direction>`` (``d7-N``: the edge on the N side of the tile or volcano hex in d7).  A
village side is ``v<village>-<side>`` (``v3-5``: side 5 of village 3; sides are 1-7).
"""
from __future__ import annotations

from lapilli.engine import NotationError

from .data import CARD_IDS, DIR_INDEX, DIR_NAMES, FROM_LABEL, LABELS, MATERIALS, VILLAGES

NOTATION_HELP = (
    "'village 3', 'erupt d7', 'take 2', 'place d7 3', 'extra', 'end', 'rain', "
    "'aftershock d7 2', 'lavaflow', 'quake', 'sinkhole d7', 'relocate 2 5', 'reinforce stone d7-N', "
    "'bomb v3-5', 'discard rain', 'discard rain quake', 'draw', 'give wood', 'receive wood', 'accept', "
    "'refuse', 'build straw d7-N' or 'build wood v3-5' (hex = column a-k + row 0-10; rotation 0-5; "
    "flow end = hex-direction with N NE SE S SW NW; village side = v<village 0-5>-<side 1-7>)"
)




hex_label = LABELS.__getitem__  # hex -> its label "d7" (a bound lookup: no Python frame per call)


# every flow end's notation, spelled once: (hex, direction) -> "d7-N"
FLOW_LOC = {(h, d): f"{LABELS[h]}-{DIR_NAMES[d]}" for h in LABELS for d in range(6)}


def flow_loc(key) -> str:
    got = FLOW_LOC.get(key)
    return got if got is not None else f"{LABELS[key[0]]}-{DIR_NAMES[key[1]]}"


def side_loc(v: int, i: int) -> str:
    return f"v{v}-{i + 1}"


def parse_hex(text: str):
    h = FROM_LABEL.get(text)
    if h is None:
        raise NotationError(f"{text!r} is not a hex (column a-k then row 0-10, e.g. d7)")
    return h


def parse_loc(text: str):
    """('flow', (hex, dir)) or ('side', (village, index))."""
    if "-" not in text:
        raise NotationError(f"{text!r} is not a wall location (e.g. d7-N or v3-5)")
    a, b = text.split("-", 1)
    if a.startswith("v") and a[1:].isdigit():
        v = int(a[1:])
        if not (0 <= v < len(VILLAGES)) or not b.isdigit() or not 1 <= int(b) <= len(VILLAGES[v]["sides"]):
            raise NotationError(f"{text!r} is not a village side (v0-1 to v5-7)")
        return ("side", (v, int(b) - 1))
    h = parse_hex(a)
    if b not in DIR_INDEX:
        raise NotationError(f"{text!r}: direction must be one of N NE SE S SW NW")
    return ("flow", (h, DIR_INDEX[b]))


def _int(text: str, lo: int, hi: int, what: str) -> int:
    if not text.isdigit() or not lo <= int(text) <= hi:
        raise NotationError(f"{what} must be a number from {lo} to {hi}, not {text!r}")
    return int(text)


def _mat(text: str) -> str:
    if text not in MATERIALS:
        raise NotationError(f"wall material must be straw, wood or stone, not {text!r}")
    return text


def _card(text: str) -> str:
    if text not in CARD_IDS:
        raise NotationError(f"{text!r} is not a card ({', '.join(CARD_IDS)})")
    return text


def parse(action: str, state=None) -> tuple:
    """The action as a tuple (verb, args...); raises NotationError for text that names no action."""
    try:
        return _parse(action)
    except NotationError as e:
        raise e.with_forms(action, NOTATION_HELP) from None


def _parse(action: str) -> tuple:
    p = action.split()
    if not p:
        raise NotationError("empty action")
    v, a = p[0], p[1:]
    n = len(a)
    if v in ("extra", "end", "rain", "lavaflow", "quake", "draw", "accept", "refuse") and n == 0:
        return (v,)
    if v == "village" and n == 1:
        return (v, _int(a[0], 0, len(VILLAGES) - 1, "village"))
    if v == "erupt" and n == 1:
        return (v, parse_hex(a[0]))
    if v == "take" and n == 1:
        return (v, _int(a[0], 1, 3, "stack"))
    if v in ("place", "aftershock") and n == 2:
        return (v, parse_hex(a[0]), _int(a[1], 0, 5, "rotation"))
    if v == "sinkhole" and n == 1:
        return (v, parse_hex(a[0]))
    if v == "relocate" and n == 2:
        return (v, _int(a[0], 1, 7, "side") - 1, _int(a[1], 1, 7, "side") - 1)
    if v in ("reinforce", "build") and n == 2:
        return (v, _mat(a[0]), parse_loc(a[1]))
    if v == "bomb" and n == 1:
        return (v, parse_loc(a[0]))
    if v == "discard" and n in (1, 2):
        return (v, *[_card(c) for c in a])
    if v in ("give", "receive") and n == 1:
        return (v, _mat(a[0]))
    raise NotationError(f"{action!r} is not an Eruption action")


def loc_label(loc) -> str:
    """The notation of a wall location as ``parse_loc`` reads it (``d7-N`` or ``v3-5``)."""
    kind, key = loc
    return flow_loc(key) if kind == "flow" else side_loc(*key)


def write(parsed: tuple, state=None) -> str:
    """The notation of an action as ``parse`` reads it (its writer: ``write(parse(a)) == a`` for
    an action in Eruption's spelling, see ``canonical``)."""
    v, *a = parsed
    if v in ("erupt", "sinkhole"):
        return f"{v} {hex_label(a[0])}"
    if v in ("place", "aftershock"):
        return f"{v} {hex_label(a[0])} {a[1]}"
    if v == "relocate":
        return f"relocate {a[0] + 1} {a[1] + 1}"
    if v in ("reinforce", "build"):
        return f"{v} {a[0]} {loc_label(a[1])}"
    if v == "bomb":
        return f"bomb {loc_label(a[0])}"
    return " ".join([v, *map(str, a)])       # no argument, a village, a stack, cards, a material


def canonical(text: str) -> str:
    """``text`` in Eruption's spelling: lower case but for a flow end's direction (``d7-N``),
    single spaces, and the two cards of a ``discard`` in alphabetical order (the pair is an
    unordered set: ``discard rain quake`` and ``discard quake rain`` are one action)."""
    toks = text.lower().split()
    out = toks[:1]
    for t in toks[1:]:
        if "-" in t and not t.startswith("v"):
            h, d = t.split("-", 1)
            t = f"{h}-{d.upper()}"
        out.append(t)
    if out and out[0] == "discard" and len(out) > 2:
        out[1:] = sorted(out[1:])
    return " ".join(out)
