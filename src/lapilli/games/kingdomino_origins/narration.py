"""Kingdomino Origins' sentences, English and Italian, kept in words.json (see lapilli.engine.narration for the
format).  The keys are those of ``views.readings``; ``TERMS`` translates resources and
Cro-magnons.
"""

from lapilli.engine.narration import game_words

_WORDS = game_words(__file__)  # words.json: the sentences and terms, English and Italian
CATALOGUE = _WORDS["sentences"]
TERMS = _WORDS["terms"]


def chance_words(chance: dict, lang: str):
    """A chief drawn from the bag as players see it: the chief in its player's colour (not a seat
    number; see lapilli.engine.narration)."""
    if chance["name"] == "chief" and isinstance(chance["value"], int):
        from .spec import SPEC

        colours = SPEC.seat_colours
        if 0 <= chance["value"] < len(colours):
            return colours[chance["value"]][0 if lang == "en" else 1]
    return None


def words(key: str, value, lang: str):
    """An event's value told as players say it: the two positions of ``pair 14`` as "1 and 4"."""
    if key == "positions" and isinstance(value, str) and len(value) == 2 and value.isdigit():
        return _WORDS["components"][lang]["positions"].format(a=value[0], b=value[1])
    return None
