"""The Island's GameSpec: players, the mini-expansions and challenges, and their forbidden combinations."""
from lapilli.engine import GameSpec, OptionSpec
from lapilli.engine.narration import game_words
from lapilli.engine.spec import worded

_WORDS = game_words(__file__)  # the options' names and sentences: words.json


_C5_PLAYERS = "Challenge 5 (Super sovrappopolazione!) needs 5 or 6 players (ISL-15.1)"
_C1_C5 = "Challenges 1 and 5 both rewrite explorer placement and cannot be combined (ISL-I28)"
_SQUID = "the squid variants are options of the Giant Squid mini-expansion (ISL-20.11)"
CONSTRAINT_WORDS = _WORDS["constraints"]  # a forbidden combination in the players' words


def _constraint(players: int, options: dict):
    if options.get("challenge_5") and players < 5:
        return _C5_PLAYERS
    if options.get("challenge_5") and options.get("challenge_1"):
        return _C1_C5
    if (options.get("squid_variant_1") or options.get("squid_variant_2")) and not options.get("giant_squid"):
        return _SQUID
    return None


_B = (False, True)
SPEC = GameSpec(
    id="the-island",
    # explorer colours R B Y G O W of data/components.json (ISL-14.1 adds orange and white)
    seat_colours=(("Red", "Rosso", "#d32f2f"), ("Blue", "Blu", "#1e63c8"), ("Yellow", "Giallo", "#f5c518"),
                  ("Green", "Verde", "#2e9d4b"), ("Orange", "Arancio", "#f57c00"), ("White", "Bianco", "#9e9e9e")),
    title="The Island",
    min_players=2,
    max_players=6,
    default_players=4,
    rules_prefix="ISL",
    end_rule="ISL-8.1",
    private_information=True,  # kept tiles in hand, explorer values while placing (ISL-1.7, ISL-5.10)
    constraint=_constraint,
    constraint_words=CONSTRAINT_WORDS,
    options=worded({
        "challenge_1": OptionSpec("challenge_1", _B, False, "Densely Populated: two explorers on inner tiles at set-up"),
        "challenge_2": OptionSpec("challenge_2", _B, False, "Leave No One Behind: volcano is a whirlpool; play until nobody is left"),
        "challenge_3": OptionSpec("challenge_3", _B, False, "Uguaglianza!: the number of saved explorers wins"),
        "challenge_4": OptionSpec("challenge_4", _B, False, "Atlantis is Gone: ends with the last tile; volcano is a whirlpool"),
        "challenge_5": OptionSpec("challenge_5", _B, False, "Super sovrappopolazione! (5-6 players)"),
        "dolphins": OptionSpec("dolphins", _B, False, "Dolphins & Dive Dice (Challenge 6)"),
        "giant_squid": OptionSpec("giant_squid", _B, False, "the Giant Squid mini-expansion"),
        "squid_variant_1": OptionSpec("squid_variant_1", _B, False, "giant squids replace the whales"),
        "squid_variant_2": OptionSpec("squid_variant_2", _B, False, "placing a squid removes no explorer"),
        "own_values_visible": OptionSpec("own_values_visible", _B, False,
                                         "show a player the values of their own placed explorers (ISL-I10 a)"),
        "setup_correction": OptionSpec("setup_correction", _B, False, "reshuffle layouts with enclosed tiles (ISL-I5)"),
        "tiebreak": OptionSpec("tiebreak", ("base", "chain"), "base",
                               "house rule, ISL-9.8 / ISL-I6: with 2-4 players a tie for the win is shared ('base': "
                               "the base game states no tie-break) or broken by the 5-6-player chain ('chain': most "
                               "explorers saved, then fewest turns); with 5-6 players the chain always applies",
                               house_rule=True, legacy="chain"),
        "dive_move": OptionSpec("dive_move", ("compulsory", "optional"), "compulsory",
                                "house rule, ISL-16.12: after the dive dice a piece must be moved ('compulsory', the "
                                "literal 'selezionate e muovete') or the player may move nothing ('optional')",
                                house_rule=True, legacy="optional"),
        "dolphin_shift": OptionSpec("dolphin_shift", ("several", "any"), "several",
                                    "house rule, ISL-16.31: a dolphin moved by the dive dice may shift its protection "
                                    "only on a space with several swimmers ('several', the literal 'con più "
                                    "Nuotatori') or to any unprotected swimmer on its space ('any')", house_rule=True,
                                    legacy="any"),
        "turn_cap": OptionSpec("turn_cap", (200, 500, 1000), 500, "engine safeguard: the game ends after this many turns (ISL-I35)"),
    }, _WORDS["options"]),
)
