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
    title="L'Isola dei Vulcani",
    min_players=2,
    max_players=4,
    default_players=4,
    options={
        "setup": OptionSpec(
            "setup", ("standard", "advanced"), "standard",
            "standard: the fixed base continent (IDV-1.3); advanced: a continent built by phases 1-3 "
            "with one landing bay per player (IDV-16)",
            label={'en': 'Continent', 'it': 'Continente'},
            sentence={'en': 'Play on the fixed continent of the base game, or build a new one with a landing bay for each player (advanced rules).',
                      'it': 'Giocate sul continente fisso del gioco base, oppure costruitene uno nuovo con una baia di sbarco per ogni giocatore (regole avanzate).'},
            value_labels={'standard': {'en': 'Base continent', 'it': 'Continente base'}, 'advanced': {'en': 'Built continent (advanced)', 'it': 'Continente costruito (avanzato)'}},
        ),
        "max_rounds": OptionSpec(
            "max_rounds", (40, 60, 100), 60,
            "engine safeguard, not a rule (IDV-I28): the game also ends after this many rounds, or at the "
            "end of a round when no crack tile can ever be placed again",
            label={'en': 'Round limit', 'it': 'Limite di round'},
            sentence={'en': 'Not a rule of the game: the game also stops after this many rounds, so that a game that can no longer end does not go on forever.',
                      'it': "Non è una regola del gioco: la partita si ferma anche dopo questo numero di round, perché una partita che non può più finire non continui all'infinito."},
            value_labels={40: {'en': '40 rounds', 'it': '40 round'}, 60: {'en': '60 rounds', 'it': '60 round'}, 100: {'en': '100 rounds', 'it': '100 round'}},
        ),
    },
    rules_prefix="IDV",
    end_rule="IDV-13.1",
    constraint=constraint,
)
