"""The Island's GameSpec: players, the mini-expansions and challenges, and their forbidden combinations."""
from lapilli.engine import GameSpec, OptionSpec


def _constraint(players: int, options: dict):
    if options.get("challenge_5") and players < 5:
        return "Challenge 5 (Super sovrappopolazione!) needs 5 or 6 players (ISL-15.1)"
    if options.get("challenge_5") and options.get("challenge_1"):
        return "Challenges 1 and 5 both rewrite explorer placement and cannot be combined (ISL-I28)"
    if (options.get("squid_variant_1") or options.get("squid_variant_2")) and not options.get("giant_squid"):
        return "the squid variants are options of the Giant Squid mini-expansion (ISL-20.11)"
    return None


_B = (False, True)
SPEC = GameSpec(
    id="the-island",
    title="The Island",
    min_players=2,
    max_players=6,
    default_players=4,
    rules_prefix="ISL",
    end_rule="ISL-8.1",
    private_information=True,  # kept tiles in hand, explorer values while placing (ISL-1.7, ISL-5.10)
    constraint=_constraint,
    options={
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
        "turn_cap": OptionSpec("turn_cap", (200, 500, 1000), 500, "engine safeguard: the game ends after this many turns (ISL-I35)"),
    },
)
