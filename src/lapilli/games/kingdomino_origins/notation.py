"""Parsing of the Kingdomino Origins action notation (see the package docstring)."""
from __future__ import annotations

from lapilli.engine import NotationError

from .data import CRO_KINDS

NOTATION_HELP = (
    "'take 12' (a tile by its number), 'pair 14' or 'pair 23' (2 players, first pick), "
    "'place e4 e3' (square 1 of the tile on e4, square 2 on e3), 'fire d2' (where the fire token lands), "
    "'give 2' (hand a Totem to seat 2), 'recruit hunter' / 'recruit deck shaman' / 'pass' (Tribe mode), "
    "'spend c3' (a resource to spend), 'put b4' (where the Cro-magnon goes)"
)


def parse(text: str, state) -> tuple:
    """Text -> (verb, args...), a square as the cell of ``state``'s board it names ('e5').

    Raises NotationError (with what the notation looks like) on text that names no action."""
    index = state.geo.index
    parts = text.strip().lower().split()
    if not parts:
        raise NotationError("an empty entry is no action", text, NOTATION_HELP)
    verb, args = parts[0], parts[1:]

    def square(tok: str) -> int:
        cell = index.get(tok)
        if cell is None:
            raise NotationError(f"{tok!r} is not a square name (a column letter and a row number, like e5)", text,
                                NOTATION_HELP)
        return cell

    if verb == "take" and len(args) == 1 and args[0].isdigit():
        return ("take", int(args[0]))
    if verb == "pair" and len(args) == 1 and args[0].isdigit():
        return ("pair", args[0])
    if verb == "place" and len(args) == 2:
        return ("place", square(args[0]), square(args[1]))
    if verb in ("fire", "spend", "put") and len(args) == 1:
        return (verb, square(args[0]))
    if verb == "give" and len(args) == 1 and args[0].isdigit():
        return ("give", int(args[0]))
    if verb == "pass" and not args:
        return ("pass",)
    if verb == "recruit" and len(args) == 1 and args[0] in CRO_KINDS:
        return ("recruit", args[0])
    if verb == "recruit" and len(args) == 2 and args[0] == "deck" and args[1] in CRO_KINDS:
        return ("recruit_deck", args[1])
    if verb == "recruit" and args and args[-1] not in CRO_KINDS:
        raise NotationError(f"{args[-1]!r} is no Cro-magnon (the kinds are: {', '.join(CRO_KINDS)})", text, NOTATION_HELP)
    raise NotationError(f"{text.strip()[:40]!r} is not a Kingdomino Origins action", text, NOTATION_HELP)


def write(cmd: tuple, state) -> str:
    """The notation of an action as ``parse`` reads it (its writer: ``write(parse(a, state), state)
    == a`` for an action in the game's spelling, see ``canonical``), a cell named as a square of
    ``state``'s board ('e5')."""
    names = state.geo.name
    verb, *args = cmd
    if verb == "place":
        return f"place {names[args[0]]} {names[args[1]]}"
    if verb in ("fire", "spend", "put"):
        return f"{verb} {names[args[0]]}"
    if verb == "recruit_deck":
        return f"recruit deck {args[0]}"
    return " ".join([verb, *map(str, args)])  # take, pair, give, pass, recruit


def canonical(text: str) -> str:
    """``text`` in the game's spelling: lower case, single spaces, and the two positions of
    ``pair`` in rising order (``pair 41`` is the pair of positions 1 and 4: ``pair 14``)."""
    toks = text.lower().split()
    if len(toks) == 2 and toks[0] == "pair" and toks[1].isdigit():
        toks[1] = "".join(sorted(toks[1]))
    return " ".join(toks)
