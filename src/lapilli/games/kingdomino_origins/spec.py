"""The Kingdomino Origins GameSpec: players, modes and the optional scoring rules."""
from lapilli.engine import GameSpec, OptionSpec
from lapilli.engine.narration import game_words
from lapilli.engine.spec import worded

_WORDS = game_words(__file__)  # the options' names and sentences: words.json


SPEC = GameSpec(
    id="kingdomino-origins",
    # the four Hut colours (KDO-2.1)
    seat_colours=(("Pink", "Rosa", "#e0568f"), ("Black", "Nero", "#333333"), ("Green", "Verde", "#2e9d5b"),
                  ("Blue", "Blu", "#2463c6")),
    title="Kingdomino Origins",
    min_players=2,
    max_players=4,
    default_players=4,
    options=worded({
        "mode": OptionSpec("mode", ("discovery", "totem", "tribe"), "discovery",
                           "game mode: discovery, totem (resources and Totems) or tribe (resources and Cro-magnons)"),
        "fire_empire": OptionSpec("fire_empire", (False, True), False, "+10 points when the Hut is at the centre"),
        "homo_habilis": OptionSpec("homo_habilis", (False, True), False, "+5 points when no tile was discarded"),
        "fire_on_start": OptionSpec("fire_on_start", (True, False), True,
                                    "house rule, KDO-6.6 / KDO-I4: a fire spray may land on the start tile (True, "
                                    "the literal text: it is one of the 25 squares, 'compresa la tessera di "
                                    "partenza', and has no token nor campfire) or not (False, KDO-I4 a)",
                                    house_rule=True, legacy=False),
        "totem_tie": OptionSpec("totem_tie", ("give", "keep", "return"), "give",
                                "house rule, KDO-10.13-10.15 / KDO-I18: a holder caught up by the player who "
                                "added a tile has lost the strict majority and gives the Totem to a tied player "
                                "of their choice ('give', the literal 'Se perdi la maggioranza ... scegli tu'), "
                                "keeps it ('keep', KDO-I18 a) or returns it to the table ('return')",
                                house_rule=True, legacy="keep"),
    }, _WORDS["options"]),
    rules_prefix="KDO",
    end_rule="KDO-7.3",
    # no constraint: every mode and both optional rules go with every player count (KDO-12.1, KDO-1.4)
)
