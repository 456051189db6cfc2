"""The GameSpec of L'Isola dei Vulcani: players 2-4 (IDV-I34), the setup option (IDV-1, IDV-16)
and the engine safeguard against games that can no longer end (IDV-I28)."""
from __future__ import annotations

from lapilli.engine import GameSpec, OptionSpec
from lapilli.engine.narration import game_words
from lapilli.engine.spec import worded

_WORDS = game_words(__file__)  # the options' names and sentences: words.json


SPEC = GameSpec(
    id="isola-dei-vulcani",
    # the four colours of data/components.json (reconstructed, IDV-G12: the rulebook names none)
    seat_colours=(("Red", "Rosso", "#d32f2f"), ("Blue", "Blu", "#1e63c4"), ("Yellow", "Giallo", "#f2c230"),
                  ("Green", "Verde", "#2e9e48")),
    title="L'Isola dei Vulcani",
    min_players=2,
    max_players=4,
    default_players=4,
    options=worded({
        "setup": OptionSpec(
            "setup", ("standard", "advanced"), "standard",
            "standard: the fixed base continent (IDV-1.3); advanced: a continent built by phases 1-3 "
            "with one landing bay per player (IDV-16)"),
        "max_rounds": OptionSpec(
            "max_rounds", (40, 60, 100, "off"), 60,
            "engine safeguard, not a rule (IDV-I28): the game also ends after this many rounds ('off': no round "
            "limit, the rulebook's only ending), or at the end of a round when no crack tile can ever be placed again"),
        "moai_score": OptionSpec(
            "moai_score", ("after", "before"), "after",
            "house rule, IDV-I9: 'after' scores an erected Moai after the crack and the die (the action's listed "
            "steps, reading A); 'before' scores it at once ('ottiene immediatamente dei Punti Vittoria'), before "
            "any eruption", house_rule=True),
        "colonist_limit": OptionSpec(
            "colonist_limit", ("all", "own"), "all",
            "house rule, IDV-6.4 / IDV-I17: colonists created in an area per turn are limited by the villages "
            "present there of every player ('all', the literal 'villaggi presenti') or by one's own ('own')",
            house_rule=True, legacy="own"),
    }, _WORDS["options"]),
    rules_prefix="IDV",
    end_rule="IDV-13.1",
    # no constraint: the rules forbid no combination of player count and options (the advanced
    # set-up gives every player a bay at any count, IDV-16.17; the safeguard is independent)
)
