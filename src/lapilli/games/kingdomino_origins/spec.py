"""The Kingdomino Origins GameSpec: players, modes and the optional scoring rules."""
from lapilli.engine import GameSpec, OptionSpec


def _constraint(players: int, options: dict):
    # KDO-12.1 and KDO-1.4: every mode and both optional rules go with every player count.
    return None


SPEC = GameSpec(
    id="kingdomino-origins",
    title="Kingdomino Origins",
    min_players=2,
    max_players=4,
    default_players=4,
    options={
        "mode": OptionSpec("mode", ("discovery", "totem", "tribe"), "discovery",
                           "game mode: discovery, totem (resources and Totems) or tribe (resources and Cro-magnons)"),
        "fire_empire": OptionSpec("fire_empire", (False, True), False, "+10 points when the Hut is at the centre"),
        "homo_habilis": OptionSpec("homo_habilis", (False, True), False, "+5 points when no tile was discarded"),
    },
    rules_prefix="KDO",
    end_rule="KDO-7.3",
    constraint=_constraint,
)
