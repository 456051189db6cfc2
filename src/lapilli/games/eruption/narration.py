"""Eruption's sentences, English and Italian, kept in words.json (see lapilli.engine.narration for the format).

The keys are those of ``views.readings``; ``TERMS`` translates cards, wall materials and end
reasons (the Italian card names translate the English names the rulebook prints).
"""

from lapilli.engine.narration import game_words

_WORDS = game_words(__file__)  # words.json: the sentences and terms, English and Italian
CATALOGUE = _WORDS["sentences"]
TERMS = _WORDS["terms"]


def tile_words(tile, lang: str) -> str:
    """A lava tile as players see it: its shape, the number of sides lava flows out of (the
    tiles' numbers are printed nowhere a player reads)."""
    from .data import ERUPTION_IDS, TILE_MASK

    k = bin(TILE_MASK[tile]).count("1")
    w = _WORDS["components"][lang]
    if tile in ERUPTION_IDS:
        return w["eruption_tile"].format(k=k)
    one, many = w["outlets"]
    return one if k == 1 else many.format(k=k)


def words(key: str, value, lang: str):
    """Lava tiles by their shape, not their number (see lapilli.engine.narration)."""
    if key == "tile" and isinstance(value, int) and not isinstance(value, bool):
        return tile_words(value, lang)
    if key == "tops" and isinstance(value, (list, tuple)):
        return "; ".join(tile_words(t, lang) for t in value)
    return None


def chance_words(chance: dict, lang: str):
    if chance["name"] == "lava tile":
        v = chance["value"]
        return "; ".join(tile_words(t, lang) for t in v) if isinstance(v, (list, tuple)) else tile_words(v, lang)
    if chance["name"] == "action card":
        return TERMS[lang].get(chance["value"])
    return None
