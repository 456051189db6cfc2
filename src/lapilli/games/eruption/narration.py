"""Eruption's sentences, English and Italian (see lapilli.engine.narration for the format).

The keys are those of ``views.readings``; ``TERMS`` translates cards, wall materials and end
reasons (the Italian card names translate the English names the rulebook prints).
"""

CATALOGUE = {
    "shuffle": {"en": "The action cards are shuffled", "it": "Le carte azione vengono mescolate"},
    "deal": {"en": "Each player is dealt {cards} action cards", "it": "Ogni giocatore riceve {cards} carte azione"},
    "lava_rain": {"en": "Three lava stacks, face up: {tops}", "it": "Tre pile di lava scoperte: {tops}"},
    "reshuffle": {"en": "The discards are shuffled into a new deck of {size} cards",
                  "it": "Gli scarti vengono mescolati in un nuovo mazzo di {size} carte"},
    "village": {"en": ("{player} chooses village {village}", "You choose village {village}"),
                "it": ("{player} sceglie il villaggio {village}", "Scegli il villaggio {village}")},
    "first_player": {"en": ("{player} plays first", "You play first"), "it": ("{player} gioca per primo", "Giochi per primo")},
    "turn": {"en": ("{player}'s turn", "Your turn"), "it": ("Tocca a {player}", "Tocca a te")},
    "damage": {"en": ("{player}'s village heats up by {amount}, to {to}", "Your village heats up by {amount}, to {to}"),
               "it": ("Il villaggio di {player} si scalda di {amount}, fino a {to}",
                      "Il tuo villaggio si scalda di {amount}, fino a {to}")},
    "draw_tile": {"en": ("{player} draws a lava tile ({tile})", "You draw a lava tile ({tile})"),
                  "it": ("{player} pesca una tessera lava ({tile})", "Peschi una tessera lava ({tile})")},
    "take_tile": {"en": ("{player} takes the lava tile ({tile}) from stack {stack}", "You take the lava tile ({tile}) from stack {stack}"),
                  "it": ("{player} prende la tessera lava ({tile}) dalla pila {stack}",
                         "Prendi la tessera lava ({tile}) dalla pila {stack}")},
    "face_up": {"en": "A lava tile ({tile}) is turned face up on stack {stack}",
                "it": "Una tessera lava ({tile}) viene scoperta sulla pila {stack}"},
    "no_tile": {"en": "No lava tile can be placed", "it": "Nessuna tessera lava si può piazzare"},
    "tile_placed": {"en": ("{player} places the lava tile ({tile}) at {at}, rotation {rotation}",
                           "You place the lava tile ({tile}) at {at}, rotation {rotation}"),
                    "it": ("{player} piazza la tessera lava ({tile}) in {at}, rotazione {rotation}",
                           "Piazzi la tessera lava ({tile}) in {at}, rotazione {rotation}")},
    "tile_set_aside": {"en": "The lava tile ({tile}) at {at} is set aside", "it": "La tessera lava ({tile}) in {at} viene messa da parte"},
    "rotated": {"en": ("{player} turns the tile at {at}", "You turn the tile at {at}"),
                "it": ("{player} ruota la tessera in {at}", "Ruoti la tessera in {at}")},
    "play": {"en": ("{player} plays {card}", "You play {card}"), "it": ("{player} gioca {card}", "Giochi {card}")},
    "discard": {"en": ("{player} discards {cards} for a wall", "You discard {cards} for a wall"),
                "it": ("{player} scarta {cards} per un muro", "Scarti {cards} per un muro")},
    "draw_card": {"en": ("{player} draws {card}", "You draw {card}"), "it": ("{player} pesca {card}", "Peschi {card}")},
    "draw_card.hidden": {"en": ("{player} draws an action card", "You draw an action card"),
                         "it": ("{player} pesca una carta azione", "Peschi una carta azione")},
    "roll.holds": {"en": ("{player} rolls {red} and {white}: the {material} wall at {at} holds",
                          "You roll {red} and {white}: the {material} wall at {at} holds"),
                   "it": ("{player} tira {red} e {white}: il muro di {material} in {at} regge",
                          "Tiri {red} e {white}: il muro di {material} in {at} regge")},
    "roll.fails": {"en": ("{player} rolls {red} and {white}: the {material} wall at {at} does not hold",
                          "You roll {red} and {white}: the {material} wall at {at} does not hold"),
                   "it": ("{player} tira {red} e {white}: il muro di {material} in {at} non regge",
                          "Tiri {red} e {white}: il muro di {material} in {at} non regge")},
    "wall_built": {"en": ("{player} builds a {material} wall at {at}", "You build a {material} wall at {at}"),
                   "it": ("{player} costruisce un muro di {material} in {at}", "Costruisci un muro di {material} in {at}")},
    "wall_failed": {"en": ("{player}'s {material} wall at {at} crumbles", "Your {material} wall at {at} crumbles"),
                    "it": ("Il muro di {material} di {player} in {at} crolla", "Il tuo muro di {material} in {at} crolla")},
    "wall_destroyed": {"en": "The wall at {at} is destroyed", "it": "Il muro in {at} è distrutto"},
    "wall_discarded": {"en": "The wall at {at} is blown away", "it": "Il muro in {at} viene spazzato via"},
    "walls_held": {"en": "The walls around {at} hold", "it": "I muri attorno a {at} reggono"},
    "resource": {"en": ("{player} gains a {material} wall from {at}", "You gain a {material} wall from {at}"),
                 "it": ("{player} ottiene un muro di {material} da {at}", "Ottieni un muro di {material} da {at}")},
    "claim": {"en": ("{player} claims eruption space {space} at {temperature} degrees",
                     "You claim eruption space {space} at {temperature} degrees"),
              "it": ("{player} prende lo spazio eruzione {space} a {temperature} gradi",
                     "Prendi lo spazio eruzione {space} a {temperature} gradi")},
    "eruption": {"en": ("{player} sets off an eruption at {at}: temperatures {temperatures}",
                        "You set off an eruption at {at}: temperatures {temperatures}"),
                 "it": ("{player} provoca un'eruzione in {at}: temperature {temperatures}",
                        "Provochi un'eruzione in {at}: temperature {temperatures}")},
    "rain": {"en": ("Rain cools {player}'s village to {to}", "Rain cools your village to {to}"),
             "it": ("La pioggia raffredda il villaggio di {player} a {to}", "La pioggia raffredda il tuo villaggio a {to}")},
    "relocated": {"en": ("{player} moves a wall from {from} to {to}", "You move a wall from {from} to {to}"),
                  "it": ("{player} sposta un muro da {from} a {to}", "Sposti un muro da {from} a {to}")},
    "transfer": {"en": ("{player} gives a {material} wall to {to_seat}", "You give a {material} wall to {to_seat}"),
                 "it": ("{player} dà un muro di {material} a {to_seat}", "Dai un muro di {material} a {to_seat}")},
    "transfer.refused": {"en": ("{to_seat} refuses {player}'s {material} wall", "{to_seat} refuses your {material} wall"),
                         "it": ("{to_seat} rifiuta il muro di {material} di {player}",
                                "{to_seat} rifiuta il tuo muro di {material}")},
    "burned": {"en": ("{player}'s village burns", "Your village burns"),
               "it": ("Il villaggio di {player} brucia", "Il tuo villaggio brucia")},
    "event_a": {"en": ("{player}'s village reaches the last zone: the last lava tiles are played",
                       "Your village reaches the last zone: the last lava tiles are played"),
                "it": ("Il villaggio di {player} raggiunge l'ultima zona: si giocano le ultime tessere lava",
                       "Il tuo villaggio raggiunge l'ultima zona: si giocano le ultime tessere lava")},
    "event_b": {"en": ("{player} ends the lava: one last round", "You end the lava: one last round"),
                "it": ("{player} esaurisce la lava: un ultimo giro", "Esaurisci la lava: un ultimo giro")},
    "game_over.eruption": {"en": "The game is over; temperatures {temperatures}: the lowest wins",
                           "it": "La partita è finita; temperature {temperatures}: vince la più bassa"},
    "act.end": {"en": ("{player} ends the turn", "You end your turn"), "it": ("{player} termina il turno", "Termini il turno")},
    "act.extra": {"en": ("{player} discards two cards for another lava tile", "You discard two cards for another lava tile"),
                  "it": ("{player} scarta due carte per un'altra tessera lava", "Scarti due carte per un'altra tessera lava")},
    "act.receive": {"en": ("{player} asks their teammate for a {material} wall", "You ask your teammate for a {material} wall"),
                    "it": ("{player} chiede al compagno di squadra un muro di {material}",
                           "Chiedi al compagno di squadra un muro di {material}")},
    "act.accept": {"en": ("{player} accepts", "You accept"), "it": ("{player} accetta", "Accetti")},
    "act.refuse": {"en": ("{player} refuses", "You refuse"), "it": ("{player} rifiuta", "Rifiuti")},
}

TERMS = {
    "en": {"aftershock": "Aftershock", "lavaflow": "Lava Flow", "relocate": "Relocate", "sinkhole": "Sinkhole",
           "quake": "Quake", "rain": "Rain", "reinforce": "Reinforce", "bomb": "Volcanic Bomb",
           "straw": "straw", "wood": "wood", "stone": "stone"},
    "it": {"aftershock": "Scossa di assestamento", "lavaflow": "Colata di lava", "relocate": "Spostamento",
           "sinkhole": "Voragine", "quake": "Terremoto", "rain": "Pioggia", "reinforce": "Rinforzo",
           "bomb": "Bomba vulcanica", "straw": "paglia", "wood": "legno", "stone": "pietra"},
}


def tile_words(tile, lang: str) -> str:
    """A lava tile as players see it: its shape, the number of sides lava flows out of (the
    tiles' numbers are printed nowhere a player reads)."""
    from .data import ERUPTION_IDS, TILE_MASK

    k = bin(TILE_MASK[tile]).count("1")
    if tile in ERUPTION_IDS:
        return {"en": f"eruption: lava on all {k} sides", "it": f"eruzione: lava su tutti i {k} lati"}[lang]
    if lang == "it":
        return "1 uscita" if k == 1 else f"{k} uscite"
    return "1 outlet" if k == 1 else f"{k} outlets"


def words(key: str, value, lang: str):
    """Lava tiles by their shape, not their number (see lapilli.engine.narration)."""
    if key == "tile" and isinstance(value, int) and not isinstance(value, bool):
        return tile_words(value, lang)
    if key == "tops" and isinstance(value, (list, tuple)):
        return "; ".join(tile_words(t, lang) for t in value)
    return None


def chance_words(chance: dict, lang: str):
    if chance["name"] == "lava tile":
        v = chance["value"]
        return "; ".join(tile_words(t, lang) for t in v) if isinstance(v, (list, tuple)) else tile_words(v, lang)
    if chance["name"] == "action card":
        return TERMS[lang].get(chance["value"])
    return None
