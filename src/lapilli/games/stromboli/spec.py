"""The Stromboli GameSpec: players, options and the forbidden combinations."""
from lapilli.engine import GameSpec, OptionSpec


def _constraint(players: int, options: dict) -> str | None:
    if options.get("prescore_priestess") and not options.get("tactical"):
        return ("option 'prescore_priestess' only applies to the tactical variant: in the base game the "
                "Priestess can always be bought before a scoring (STR-10.2)")
    return None


SPEC = GameSpec(
    id="stromboli",
    title="Stromboli",
    min_players=2,
    max_players=2,
    options={
        "tactical": OptionSpec("tactical", (False, True), False,
                               "tactical variant: lava discs, no Lava cards, no purchase before a scoring (STR-14)"),
        "huts": OptionSpec("huts", ("first", "random"), "first",
                           "which shaman starts on which hut: first player on hut H1, or at random (STR-I33)"),
        "prescore_priestess": OptionSpec("prescore_priestess", (False, True), False,
                                         "tactical variant only: the scoreboard Priestess may still be bought "
                                         "just before a scoring (STR-I38 flag; default off)"),
    },
    rules_prefix="STR",
    end_rule="STR-9.5",
    default_players=2,
    constraint=_constraint,
)
