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
            label={'en': 'Continent', 'it': 'Continente'},
            sentence={'en': 'Play on the fixed continent of the base game, or build a new one with a landing bay for each player (advanced rules).',
                      'it': 'Giocate sul continente fisso del gioco base, oppure costruitene uno nuovo con una baia di sbarco per ogni giocatore (regole avanzate).'},
            value_labels={'standard': {'en': 'Base continent', 'it': 'Continente base'}, 'advanced': {'en': 'Built continent (advanced)', 'it': 'Continente costruito (avanzato)'}},
        ),
        "max_rounds": OptionSpec(
            "max_rounds", (40, 60, 100, "off"), 60,
            "engine safeguard, not a rule (IDV-I28): the game also ends after this many rounds ('off': no round "
            "limit, the rulebook's only ending), or at the end of a round when no crack tile can ever be placed again",
            label={'en': 'Round limit', 'it': 'Limite di giri'},
            sentence={'en': 'Not a rule of the game: the game also stops after this many rounds, so that a game that can no longer end does not go on forever.',
                      'it': "Non è una regola del gioco: la partita si ferma anche dopo questo numero di giri, perché una partita che non può più finire non continui all'infinito."},
            value_labels={40: {'en': '40 rounds', 'it': '40 giri'}, 60: {'en': '60 rounds', 'it': '60 giri'}, 100: {'en': '100 rounds', 'it': '100 giri'}, 'off': {'en': 'No limit (the rulebook)', 'it': 'Nessun limite (il regolamento)'}},
        ),
        "moai_score": OptionSpec(
            "moai_score", ("after", "before"), "after",
            "house rule, IDV-I9: 'after' scores an erected Moai after the crack and the die (the action's listed "
            "steps, reading A); 'before' scores it at once ('ottiene immediatamente dei Punti Vittoria'), before "
            "any eruption", house_rule=True,
            label={'en': 'When an erected Moai scores', 'it': 'Quando un Moai eretto fa punti'},
            sentence={'en': "House rule: the new Moai scores after the crack and the die, as the action's steps are listed, or at once, before any eruption can destroy a village of the area.",
                      'it': "Regola della casa: il nuovo Moai fa punti dopo la crepa e il dado, nell'ordine dei passi dell'azione, oppure subito, prima che un'eruzione possa distruggere un villaggio dell'area."},
            value_labels={'after': {'en': 'After the crack and the die', 'it': 'Dopo la crepa e il dado'}, 'before': {'en': 'At once, before the die', 'it': 'Subito, prima del dado'}},
        ),
        "colonist_limit": OptionSpec(
            "colonist_limit", ("all", "own"), "all",
            "house rule, IDV-6.4 / IDV-I17: colonists created in an area per turn are limited by the villages "
            "present there of every player ('all', the literal 'villaggi presenti') or by one's own ('own')",
            house_rule=True, legacy="own",  # the reading the engine had before the option
            label={'en': 'Colonists created in an area per turn', 'it': "Coloni creati in un'area per turno"},
            sentence={'en': "House rule: in one turn a player may create in an area as many colonists as there are villages there, counting every player's villages or only their own.",
                      'it': "Regola della casa: in un turno si possono creare in un'area tanti coloni quanti sono i villaggi presenti, contando i villaggi di tutti o solo i propri."},
            value_labels={'all': {'en': 'As many as all villages there', 'it': 'Quanti tutti i villaggi presenti'}, 'own': {'en': 'As many as your own villages there', 'it': 'Quanti i tuoi villaggi presenti'}},
        ),
    },
    rules_prefix="IDV",
    end_rule="IDV-13.1",
    constraint=constraint,
)
