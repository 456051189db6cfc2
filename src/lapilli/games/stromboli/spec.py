"""The Stromboli GameSpec: players, options and the forbidden combinations."""
from lapilli.engine import GameSpec, OptionSpec
from lapilli.engine.narration import game_words
from lapilli.engine.spec import worded

_WORDS = game_words(__file__)  # the options' names and sentences: words.json


_PRESCORE = ("option 'prescore_priestess' only applies to the tactical variant: in the base game the "
             "Priestess can always be bought before a scoring (STR-10.2)")
CONSTRAINT_WORDS = _WORDS["constraints"]  # a forbidden combination in the players' words


def _constraint(players: int, options: dict) -> str | None:
    if options.get("prescore_priestess") and not options.get("tactical"):
        return _PRESCORE
    return None


SPEC = GameSpec(
    id="stromboli",
    seat_colours=(("Red", "Rosso", "#d1342f"), ("Yellow", "Giallo", "#f2c230")),  # rules.COLOURS, seat order
    title="Stromboli",
    min_players=2,
    max_players=2,
    options=worded({
        "tactical": OptionSpec("tactical", (False, True), False,
                               "tactical variant: lava discs, no Lava cards, no purchase before a scoring (STR-14)"),
        "huts": OptionSpec("huts", ("first", "random"), "first",
                           "which shaman starts on which hut: first player on hut H1, or at random (STR-I33)"),
        "prescore_priestess": OptionSpec("prescore_priestess", (False, True), False,
                                         "tactical variant only: the scoreboard Priestess may still be bought "
                                         "just before a scoring (STR-I38 flag; default off)", house_rule=True),
        "shells_score": OptionSpec("shells_score", ("second", "every"), "second",
                                   "house rule, STR-11.17 / STR-I23: Shell cards still held score 1 point each only "
                                   "at the second scoring ('second', p. 7: 'solo nel secondo calcolo del punteggio') "
                                   "or at both scorings ('every', p. 6)", house_rule=True),
    }, _WORDS["options"]),
    rules_prefix="STR",
    end_rule="STR-9.5",
    default_players=2,
    constraint=_constraint,
    constraint_words=CONSTRAINT_WORDS,
)
