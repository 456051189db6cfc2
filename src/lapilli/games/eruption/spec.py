"""The Eruption GameSpec: players, options and the forbidden combinations."""
from lapilli.engine import GameSpec, OptionSpec


_COOP = "the Cooperation variant is for 4 or 6 players (ERU-16.1)"
# the constraint's messages in the players' languages (the lobby shows them)
CONSTRAINT_WORDS = {_COOP: {"en": _COOP, "it": "la variante Cooperazione è per 4 o 6 giocatori (ERU-16.1)"}}


def _constraint(players: int, options: dict):
    if options.get("variant") == "cooperation" and players not in (4, 6):
        return _COOP
    return None


SPEC = GameSpec(
    private_information=True,  # each player's hand of action cards (ERU-1.3)
    id="eruption",
    # the six village colours V0..V5; a player takes the colour of the village they choose
    colour_by_seat=False,
    seat_colours=(("Orange", "Arancione", "#f57c00"), ("Yellow", "Giallo", "#fbc02d"), ("Green", "Verde", "#43a047"),
                  ("Blue", "Blu", "#1e88e5"), ("Purple", "Viola", "#8e24aa"), ("Red", "Rosso", "#e53935")),
    title="Eruption",
    min_players=2,
    max_players=6,
    lower_score_wins=True,  # scores are temperatures (ERU-13.9)
    options={
        "variant": OptionSpec(
            "variant", ("standard", "cooperation", "annihilation", "lava_rain"), "standard",
            "standard game, or one of the rulebook's variants: Cooperation (teams, 4 or 6 players), "
            "Annihilation (play until one village is left), Lava Rain (three face-up lava stacks)",
            label={'en': 'Way to play', 'it': 'Modo di gioco'},
            sentence={'en': "The standard game or one of the rulebook's variants: teams (Cooperation), play until one village is left (Annihilation), or three face-up lava stacks (Lava Rain).",
                      'it': 'La partita normale o una delle varianti del regolamento: a squadre (Cooperazione), fino a che resta un solo villaggio (Annientamento), o tre pile di lava scoperte (Pioggia di lava).'},
            value_labels={'standard': {'en': 'Standard game', 'it': 'Partita normale'}, 'cooperation': {'en': 'Cooperation (teams)', 'it': 'Cooperazione (a squadre)'}, 'annihilation': {'en': 'Annihilation', 'it': 'Annientamento'}, 'lava_rain': {'en': 'Lava Rain', 'it': 'Pioggia di lava'}},
        ),
        "border_side_lost": OptionSpec(
            "border_side_lost", ("none", "rest_of_turn", "permanent"), "none",
            "ERU-I23: whether a village side whose wall was destroyed in Phase 1 stays closed to walls",
            label={'en': 'Side of a village whose wall was destroyed', 'it': 'Lato di villaggio con il muro distrutto'},
            sentence={'en': 'Whether a village side that lost its wall to lava in Phase 1 can take a new wall at once, only next turn, or never again.',
                      'it': 'Se un lato di villaggio che ha perso il muro per la lava nella fase 1 può ricevere subito un nuovo muro, solo dal turno dopo, o mai più.'},
            value_labels={'none': {'en': 'Can be walled again at once', 'it': 'Si può subito rifare il muro'}, 'rest_of_turn': {'en': 'Closed for the rest of the turn', 'it': 'Chiuso per il resto del turno'}, 'permanent': {'en': 'Closed for good', 'it': 'Chiuso per sempre'}},
        ),
        "both_events_final": OptionSpec(
            "both_events_final", ("all", "others"), "all",
            "house rule, ERU-13.5 / ERU-13.8 / ERU-I31(4): when a village burns (event A) in the turn that places the "
            "last lava tile (event B), every player takes a final turn ('all': B's 'incluso il giocatore che ha "
            "piazzato l'ultima tessera') or only the others ('others': A's 'tutti gli altri giocatori')",
            house_rule=True,
            label={'en': 'Village burns as the last lava tile is placed', 'it': "Villaggio in fiamme con l'ultima tessera lava"},
            sentence={'en': "House rule: when a player's village burns in the turn they place the last lava tile, every player takes a final turn, or only the other players do.",
                      'it': "Regola della casa: quando il villaggio di un giocatore brucia nel turno in cui piazza l'ultima tessera lava, tutti fanno un ultimo turno, oppure solo gli altri giocatori."},
            value_labels={'all': {'en': 'Everyone, that player too', 'it': 'Tutti, anche quel giocatore'}, 'others': {'en': 'Only the other players', 'it': 'Solo gli altri giocatori'}},
        ),
    },
    rules_prefix="ERU",
    end_rule="ERU-13.1",
    default_players=4,
    constraint=_constraint,
    constraint_words=CONSTRAINT_WORDS,
)
