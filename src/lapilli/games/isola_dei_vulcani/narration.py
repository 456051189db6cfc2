"""L'Isola dei Vulcani's sentences, English and Italian, kept in words.json (see lapilli.engine.narration for the
format).  The keys are those of ``views.readings``; ``TERMS`` translates pieces and end reasons.
"""

from lapilli.engine.narration import game_words

_WORDS = game_words(__file__)  # words.json: the sentences and terms, English and Italian
CATALOGUE = _WORDS["sentences"]
TERMS = _WORDS["terms"]
