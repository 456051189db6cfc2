"""The Eruption GameSpec: players, options and the forbidden combinations."""
from lapilli.engine import GameSpec, OptionSpec


_COOP = "the Cooperation variant is for 4 or 6 players (ERU-16.1)"
_RAIN = ("the option lava_rain adds Lava Rain to Cooperation or Annihilation; "
         "for Lava Rain alone choose the variant lava_rain (ERU-18)")
# the constraint's messages in the players' languages (the lobby shows them)
CONSTRAINT_WORDS = {
    _COOP: {"en": _COOP, "it": "la variante Cooperazione è per 4 o 6 giocatori (ERU-16.1)"},
    _RAIN: {"en": "this option adds Lava Rain to Cooperation or Annihilation; for Lava Rain alone choose "
                  "the way to play Lava Rain (ERU-18)",
            "it": "questa opzione aggiunge la Pioggia di lava a Cooperazione o Annientamento; per la sola "
                  "Pioggia di lava scegliete il modo di gioco Pioggia di lava (ERU-18)"},
}


def _constraint(players: int, options: dict):
    if options.get("variant") == "cooperation" and players not in (4, 6):
        return _COOP
    if options.get("lava_rain") and options.get("variant") not in ("cooperation", "annihilation"):
        # one spelling per game: Lava Rain alone is the variant 'lava_rain' (records name it so)
        return _RAIN
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
        "annihilation_end": OptionSpec(
            "annihilation_end", ("stuck", "quiet_round"), "stuck",
            "house rule, ERU-17.6 / ERU-I42 (Annihilation only): 'Se non possono essere effettuate altre azioni' "
            "ends the game when nothing can happen any more ('stuck': no lava tile can come into play, lava "
            "touches no surviving village, and no player can act or a whole round passes with nobody acting) "
            "or after any whole round with no change ('quiet_round', the reading before this option)",
            house_rule=True, legacy="quiet_round",  # the engine's reading before the option
            label={'en': 'End of an Annihilation game with no winner yet', 'it': 'Fine di una partita Annientamento senza vincitore'},
            sentence={'en': 'House rule for Annihilation: the coolest village wins once nothing more can happen (lava still touching a walled village keeps the game going), or as soon as a whole round passes with no change.',
                      'it': 'Regola della casa per Annientamento: vince il villaggio più fresco quando non può più succedere nulla (la lava che tocca ancora un villaggio protetto da muri fa continuare la partita), oppure appena passa un giro intero senza cambiamenti.'},
            value_labels={'stuck': {'en': 'When nothing more can happen', 'it': 'Quando non può più succedere nulla'}, 'quiet_round': {'en': 'After a round without change', 'it': 'Dopo un giro senza cambiamenti'}},
        ),
        "lava_rain": OptionSpec(
            "lava_rain", (False, True), False,
            "house rule, ERU-18 with ERU-16 / ERU-17: Lava Rain's three face-up stacks together with Cooperation "
            "or Annihilation (the rulebook gives no reason to forbid it; Lava Rain alone is variant=lava_rain)",
            house_rule=True,
            label={'en': 'Lava Rain with Cooperation or Annihilation', 'it': 'Pioggia di lava con Cooperazione o Annientamento'},
            sentence={'en': 'House rule: play Cooperation or Annihilation with the three face-up lava stacks of Lava Rain.',
                      'it': 'Regola della casa: gioca Cooperazione o Annientamento con le tre pile di lava scoperte della Pioggia di lava.'},
        ),
    },
    rules_prefix="ERU",
    end_rule="ERU-13.1",
    default_players=4,
    constraint=_constraint,
    constraint_words=CONSTRAINT_WORDS,
)
