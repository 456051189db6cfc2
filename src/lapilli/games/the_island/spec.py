"""The Island's GameSpec: players, the mini-expansions and challenges, and their forbidden combinations."""
from lapilli.engine import GameSpec, OptionSpec


_C5_PLAYERS = "Challenge 5 (Super sovrappopolazione!) needs 5 or 6 players (ISL-15.1)"
_C1_C5 = "Challenges 1 and 5 both rewrite explorer placement and cannot be combined (ISL-I28)"
_SQUID = "the squid variants are options of the Giant Squid mini-expansion (ISL-20.11)"
# the constraint's messages in the players' languages (the lobby shows them)
CONSTRAINT_WORDS = {
    _C5_PLAYERS: {"en": "Challenge 5 (Super Overpopulation) needs 5 or 6 players (ISL-15.1)",
                  "it": "la Sfida 5 (Super sovrappopolazione!) richiede 5 o 6 giocatori (ISL-15.1)"},
    _C1_C5: {"en": _C1_C5, "it": "le Sfide 1 e 5 cambiano entrambe il piazzamento degli esploratori e non si possono combinare (ISL-I28)"},
    _SQUID: {"en": _SQUID, "it": "le varianti della piovra sono opzioni della mini-espansione Piovra gigante (ISL-20.11)"},
}


def _constraint(players: int, options: dict):
    if options.get("challenge_5") and players < 5:
        return _C5_PLAYERS
    if options.get("challenge_5") and options.get("challenge_1"):
        return _C1_C5
    if (options.get("squid_variant_1") or options.get("squid_variant_2")) and not options.get("giant_squid"):
        return _SQUID
    return None


_B = (False, True)
SPEC = GameSpec(
    id="the-island",
    # explorer colours R B Y G O W of data/components.json (ISL-14.1 adds orange and white)
    seat_colours=(("Red", "Rosso", "#d32f2f"), ("Blue", "Blu", "#1e63c8"), ("Yellow", "Giallo", "#f5c518"),
                  ("Green", "Verde", "#2e9d4b"), ("Orange", "Arancio", "#f57c00"), ("White", "Bianco", "#9e9e9e")),
    title="The Island",
    min_players=2,
    max_players=6,
    default_players=4,
    rules_prefix="ISL",
    end_rule="ISL-8.1",
    private_information=True,  # kept tiles in hand, explorer values while placing (ISL-1.7, ISL-5.10)
    constraint=_constraint,
    constraint_words=CONSTRAINT_WORDS,
    options={
        "challenge_1": OptionSpec("challenge_1", _B, False, "Densely Populated: two explorers on inner tiles at set-up",
            label={'en': 'Challenge 1: Densely Populated', 'it': 'Sfida 1: Densamente popolata'},
            sentence={'en': 'At set-up each player puts two explorers on inner tiles.',
                      'it': "All'inizio ogni giocatore mette due esploratori sulle tessere interne."}),
        "challenge_2": OptionSpec("challenge_2", _B, False, "Leave No One Behind: volcano is a whirlpool; play until nobody is left",
            label={'en': 'Challenge 2: Leave No One Behind', 'it': 'Sfida 2: Non lasciate nessuno indietro'},
            sentence={'en': 'The volcano is a whirlpool and the game goes on until nobody is left on the island.',
                      'it': "Il vulcano è un vortice e la partita continua finché sull'isola non resta nessuno."}),
        "challenge_3": OptionSpec("challenge_3", _B, False, "Uguaglianza!: the number of saved explorers wins",
            label={'en': 'Challenge 3: Equality!', 'it': 'Sfida 3: Uguaglianza!'},
            sentence={'en': 'The player who saved the most explorers wins, whatever their values.',
                      'it': 'Vince chi ha salvato più esploratori, qualunque sia il loro valore.'}),
        "challenge_4": OptionSpec("challenge_4", _B, False, "Atlantis is Gone: ends with the last tile; volcano is a whirlpool",
            label={'en': 'Challenge 4: Atlantis is Gone', 'it': 'Sfida 4: Atlantide è scomparsa'},
            sentence={'en': 'The game ends when the last tile sinks, and the volcano is a whirlpool.',
                      'it': "La partita finisce quando affonda l'ultima tessera, e il vulcano è un vortice."}),
        "challenge_5": OptionSpec("challenge_5", _B, False, "Super sovrappopolazione! (5-6 players)",
            label={'en': 'Challenge 5: Super Overpopulation', 'it': 'Sfida 5: Super sovrappopolazione!'},
            sentence={'en': 'For 5 or 6 players: explorers of a sunk tile may each make one move at once.',
                      'it': 'Per 5 o 6 giocatori: gli esploratori di una tessera affondata possono fare subito una mossa.'}),
        "dolphins": OptionSpec("dolphins", _B, False, "Dolphins & Dive Dice (Challenge 6)",
            label={'en': 'Dolphins and dive dice', 'it': 'Delfini e dadi immersione'},
            sentence={'en': 'Adds the dolphins, which protect swimmers, and the dive dice that move the sea creatures.',
                      'it': 'Aggiunge i delfini, che proteggono i nuotatori, e i dadi immersione che muovono le creature marine.'}),
        "giant_squid": OptionSpec("giant_squid", _B, False, "the Giant Squid mini-expansion",
            label={'en': 'Giant squid', 'it': 'Piovra gigante'},
            sentence={'en': 'Adds the giant squids, which come with the whales and eat explorers on boats and nearby land.',
                      'it': 'Aggiunge le piovre giganti, che arrivano con le balene e mangiano gli esploratori sulle barche e sulla terra vicina.'}),
        "squid_variant_1": OptionSpec("squid_variant_1", _B, False, "giant squids replace the whales",
            label={'en': 'Squids instead of whales', 'it': 'Piovre al posto delle balene'},
            sentence={'en': 'Giant squid variant: the squids replace the whales in the game.',
                      'it': 'Variante della piovra gigante: le piovre sostituiscono le balene.'}),
        "squid_variant_2": OptionSpec("squid_variant_2", _B, False, "placing a squid removes no explorer",
            label={'en': 'Gentle squid placement', 'it': 'Piovra piazzata senza vittime'},
            sentence={'en': 'Giant squid variant: putting a squid on the board removes no explorer.',
                      'it': 'Variante della piovra gigante: mettere in gioco una piovra non elimina nessun esploratore.'}),
        "own_values_visible": OptionSpec("own_values_visible", _B, False,
                                         "show a player the values of their own placed explorers (ISL-I10 a)",
            label={'en': "See your own explorers' values", 'it': 'Vedi i valori dei tuoi esploratori'},
            sentence={'en': 'Each player may look at the values under their own explorers on the board (the rulebook does not say).',
                      'it': 'Ogni giocatore può guardare i valori sotto i propri esploratori in gioco (il regolamento non lo dice).'}),
        "setup_correction": OptionSpec("setup_correction", _B, False, "reshuffle layouts with enclosed tiles (ISL-I5)",
            label={'en': 'Redo an island with enclosed tiles', 'it': "Rifai un'isola con tessere chiuse"},
            sentence={'en': 'If the random island leaves tiles enclosed by others, the layout is shuffled again.',
                      'it': "Se l'isola casuale lascia tessere chiuse da altre, la disposizione si rimescola."}),
        "tiebreak": OptionSpec("tiebreak", ("base", "chain"), "base",
                               "house rule, ISL-9.8 / ISL-I6: with 2-4 players a tie for the win is shared ('base': "
                               "the base game states no tie-break) or broken by the 5-6-player chain ('chain': most "
                               "explorers saved, then fewest turns); with 5-6 players the chain always applies",
                               house_rule=True, legacy="chain",  # the engine's reading before the option
            label={'en': 'Ties with 2 to 4 players', 'it': 'Pareggi con 2-4 giocatori'},
            sentence={'en': 'House rule: with 2 to 4 players tied winners share the victory as in the base game, or the tie is broken as in 5-6-player games (most explorers saved, then fewest turns).',
                      'it': 'Regola della casa: con 2-4 giocatori chi è in parità condivide la vittoria come nel gioco base, oppure la parità si risolve come con 5-6 giocatori (più esploratori salvati, poi meno turni).'},
            value_labels={'base': {'en': 'Shared victory (base game)', 'it': 'Vittoria condivisa (gioco base)'}, 'chain': {'en': 'Broken as with 5-6 players', 'it': 'Risolti come con 5-6 giocatori'}}),
        "dive_move": OptionSpec("dive_move", ("compulsory", "optional"), "compulsory",
                                "house rule, ISL-16.12: after the dive dice a piece must be moved ('compulsory', the "
                                "literal 'selezionate e muovete') or the player may move nothing ('optional')",
                                house_rule=True, legacy="optional",  # the engine's reading before the option
            label={'en': 'Moving after the dive dice', 'it': 'Movimento dopo i dadi immersione'},
            sentence={'en': 'House rule: after rolling the dive dice a player must move one of the pieces shown, or may choose to move nothing.',
                      'it': 'Regola della casa: dopo il tiro dei dadi immersione si deve muovere uno dei pezzi indicati, oppure si può scegliere di non muovere nulla.'},
            value_labels={'compulsory': {'en': 'Must move a piece', 'it': 'Si deve muovere un pezzo'}, 'optional': {'en': 'May move nothing', 'it': 'Si può non muovere nulla'}}),
        "dolphin_shift": OptionSpec("dolphin_shift", ("several", "any"), "several",
                                    "house rule, ISL-16.31: a dolphin moved by the dive dice may shift its protection "
                                    "only on a space with several swimmers ('several', the literal 'con più "
                                    "Nuotatori') or to any unprotected swimmer on its space ('any')", house_rule=True,
                                    legacy="any",  # the engine's reading before the option
            label={'en': "Shifting a dolphin's protection", 'it': 'Spostare la protezione di un delfino'},
            sentence={'en': 'House rule: a dolphin chosen with the dive dice may pass its protection to another swimmer only where several swimmers share its space, or to any swimmer there.',
                      'it': 'Regola della casa: un delfino scelto con i dadi immersione può passare la protezione a un altro nuotatore solo dove più nuotatori condividono la sua casella, oppure a qualsiasi nuotatore lì.'},
            value_labels={'several': {'en': 'Only with several swimmers there', 'it': 'Solo con più nuotatori lì'}, 'any': {'en': 'To any swimmer there', 'it': 'A qualsiasi nuotatore lì'}}),
        "turn_cap": OptionSpec("turn_cap", (200, 500, 1000), 500, "engine safeguard: the game ends after this many turns (ISL-I35)",
            label={'en': 'Turn limit', 'it': 'Limite di turni'},
            sentence={'en': 'Not a rule of the game: the game stops after this many turns so that it always ends.',
                      'it': 'Non è una regola del gioco: la partita si ferma dopo questo numero di turni, così finisce sempre.'},
            value_labels={200: {'en': '200 turns', 'it': '200 turni'}, 500: {'en': '500 turns', 'it': '500 turni'}, 1000: {'en': '1000 turns', 'it': '1000 turni'}}),
    },
)
