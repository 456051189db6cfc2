"""Stromboli's sentences, English and Italian, kept in words.json (see lapilli.engine.narration for the format).

The sentences and terms are in words.json (``sentences``, ``terms``); the keys are those of
``views.readings``; ``TERMS`` translates card faces, score cards and colours.  The player's name
already goes with its colour at the table, so a sentence names the player alone (a seat with no
name is its colour).
"""

from lapilli.engine.narration import game_words

_WORDS = game_words(__file__)  # words.json: the sentences and terms, English and Italian
CATALOGUE = _WORDS["sentences"]
TERMS = _WORDS["terms"]

_COMPONENTS = _WORDS["components"]  # pearls, butterflies and shells counted on a card's face


def card_face(cid: str, lang: str) -> str:
    """A palm card as players see its face: kind, pearl colour, baskets, butterflies
    ("Basket ×2, 1 butterfly"; the card's id is printed nowhere)."""
    from .data import CARD

    _deck, kind, _face, bf, bk, pearl = CARD[cid]
    s = TERMS[lang].get(kind, kind)
    if pearl:
        s += " " + _COMPONENTS[lang].get(f"pearl_{pearl}", pearl)
    if kind == "basket":
        s += f" ×{bk}"
    if bf:
        one, many = _COMPONENTS[lang]["butterflies"]
        s += ", " + (one if bf == 1 else many.format(n=bf))
    return s


def words(key: str, value, lang: str):
    """Palm cards by their face, not their id (see lapilli.engine.narration)."""
    from .data import CARD

    if key == "card" and isinstance(value, str) and value in CARD:
        return card_face(value, lang)
    if key == "shells" and isinstance(value, (list, tuple)):   # the Shell cards spent: how many
        n = len(value)
        none, one, many = _COMPONENTS[lang]["shells"]
        return none if n == 0 else one if n == 1 else many.format(n=n)
    return None


def chance_words(chance: dict, lang: str):
    from .data import CARD

    v = chance["value"]
    if isinstance(v, str) and v in CARD:
        return card_face(v, lang)
    return None
