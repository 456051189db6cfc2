"""The Eruption GameSpec: players, options and the forbidden combinations."""
from lapilli.engine import GameSpec, OptionSpec


def _constraint(players: int, options: dict):
    if options.get("variant") == "cooperation" and players not in (4, 6):
        return "the Cooperation variant is for 4 or 6 players (ERU-16.1)"
    return None


SPEC = GameSpec(
    private_information=True,  # each player's hand of action cards (ERU-1.3)
    id="eruption",
    title="Eruption",
    min_players=2,
    max_players=6,
    lower_score_wins=True,  # scores are temperatures (ERU-13.9)
    options={
        "variant": OptionSpec(
            "variant", ("standard", "cooperation", "annihilation", "lava_rain"), "standard",
            "standard game, or one of the rulebook's variants: Cooperation (teams, 4 or 6 players), "
            "Annihilation (play until one village is left), Lava Rain (three face-up lava stacks)",
        ),
        "border_side_lost": OptionSpec(
            "border_side_lost", ("none", "rest_of_turn", "permanent"), "none",
            "ERU-I23: whether a village side whose wall was destroyed in Phase 1 stays closed to walls",
        ),
    },
    rules_prefix="ERU",
    end_rule="ERU-13.1",
    default_players=4,
    constraint=_constraint,
)
