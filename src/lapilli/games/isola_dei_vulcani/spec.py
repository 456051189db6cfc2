"""The GameSpec of L'Isola dei Vulcani: players 2-4 (IDV-I34), the setup option (IDV-1, IDV-16)
and the engine safeguard against games that can no longer end (IDV-I28)."""
from __future__ import annotations

from lapilli.engine import GameSpec, OptionSpec


def constraint(players: int, options: dict) -> str | None:
    """No combination of player count and options is forbidden by the rules: the advanced setup
    gives every player a bay at any count (IDV-16.17) and the safeguard is independent."""
    return None


SPEC = GameSpec(
    id="isola-dei-vulcani",
    # the four colours of data/components.json (reconstructed, IDV-G12: the rulebook names none)
    seat_colours=(("Red", "Rosso", "#d32f2f"), ("Blue", "Blu", "#1e63c4"), ("Yellow", "Giallo", "#f2c230"),
                  ("Green", "Verde", "#2e9e48")),
    title="L'Isola dei Vulcani",
    min_players=2,
    max_players=4,
    default_players=4,
    options={
        "setup": OptionSpec(
            "setup", ("standard", "advanced"), "standard",
            "standard: the fixed base continent (IDV-1.3); advanced: a continent built by phases 1-3 "
            "with one landing bay per player (IDV-16)",
        ),
        "max_rounds": OptionSpec(
            "max_rounds", (40, 60, 100), 60,
            "engine safeguard, not a rule (IDV-I28): the game also ends after this many rounds, or at the "
            "end of a round when no crack tile can ever be placed again",
        ),
    },
    rules_prefix="IDV",
    end_rule="IDV-13.1",
    constraint=constraint,
)
