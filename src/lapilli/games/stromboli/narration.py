"""Stromboli's sentences, English and Italian (see lapilli.engine.narration for the format).

The keys are those of ``views.readings``; ``TERMS`` translates card faces, score cards and
colours.
"""

CATALOGUE = {
    # the player's name already goes with its colour at the table (a seat with no name is its colour)
    "first_player": {"en": ("{player} plays first", "You play first"),
                     "it": ("{player} gioca per primo", "Tu giochi per primo")},
    "shuffle": {"en": "The palm cards are shuffled into three piles", "it": "Le carte palma vengono mescolate in tre pile"},
    "draw": {"en": "The card {card} is laid on space {space} of segment {segment}",
             "it": "La carta {card} va sullo spazio {space} del segmento {segment}"},
    "lava_card": {"en": "A Lava card is turned over: crater {crater}",
                  "it": "Si scopre una carta Lava: cratere {crater}"},
    "place": {"en": ("{player} puts disc {value} on beach {beach}", "You put disc {value} on beach {beach}"),
              "it": ("{player} mette il disco {value} sulla spiaggia {beach}", "Metti il disco {value} sulla spiaggia {beach}")},
    "place.lava": {"en": ("{player} puts disc {value} on beach {beach}, with the lava disc",
                          "You put disc {value} on beach {beach}, with the lava disc"),
                   "it": ("{player} mette il disco {value} sulla spiaggia {beach}, con il disco lava",
                          "Metti il disco {value} sulla spiaggia {beach}, con il disco lava")},
    "take": {"en": ("{player} takes disc {value} back from beach {beach}", "You take disc {value} back from beach {beach}"),
             "it": ("{player} riprende il disco {value} dalla spiaggia {beach}",
                    "Riprendi il disco {value} dalla spiaggia {beach}")},
    "shaman": {"en": ("{player} moves the shaman from {from} to {to}", "You move the shaman from {from} to {to}"),
               "it": ("{player} sposta lo sciamano da {from} a {to}", "Sposti lo sciamano da {from} a {to}")},
    "boat": {"en": "The boat moves {steps} from beach {from} to beach {to}",
             "it": "La barca avanza di {steps} dalla spiaggia {from} alla spiaggia {to}"},
    "boat_action": {"en": ("{player} uses the boat", "You use the boat"), "it": ("{player} usa la barca", "Usi la barca")},
    "discs_back": {"en": "The discs on beach {beach} go back to their owners",
                   "it": "I dischi della spiaggia {beach} tornano ai proprietari"},
    "lava_disc_back": {"en": ("{player} gets the lava disc back", "You get the lava disc back"),
                       "it": ("{player} riprende il disco lava", "Riprendi il disco lava")},
    "lava_marker": {"en": "A lava marker goes on crater {crater}", "it": "Un segnalino lava va sul cratere {crater}"},
    "pick": {"en": ("{player} takes the card {card} from space {space}", "You take the card {card} from space {space}"),
             "it": ("{player} prende la carta {card} dallo spazio {space}",
                    "Prendi la carta {card} dallo spazio {space}")},
    "receive_card": {"en": ("{player} receives the card {card}", "You receive the card {card}"),
                     "it": ("{player} riceve la carta {card}", "Ricevi la carta {card}")},
    "build": {"en": ("{player} builds a statue on {space}", "You build a statue on {space}"),
              "it": ("{player} costruisce una statua su {space}", "Costruisci una statua su {space}")},
    "build_impossible": {"en": ("{player} cannot build", "You cannot build"),
                         "it": ("{player} non può costruire", "Non puoi costruire")},
    "priestess": {"en": ("{player} moves the priestess from crater {from} to {to}",
                         "You move the priestess from crater {from} to {to}"),
                  "it": ("{player} sposta la sacerdotessa dal cratere {from} al {to}",
                         "Sposti la sacerdotessa dal cratere {from} al {to}")},
    "priestess_impossible": {"en": ("{player} cannot move the priestess", "You cannot move the priestess"),
                             "it": ("{player} non può spostare la sacerdotessa", "Non puoi spostare la sacerdotessa")},
    "trigger": {"en": ("{player} sets off scoring {scoring}", "You set off scoring {scoring}"),
                "it": ("{player} fa scattare il conteggio {scoring}", "Fai scattare il conteggio {scoring}")},
    "buy": {"en": ("{player} buys {card} with {shells}", "You buy {card} with {shells}"),
            "it": ("{player} compra {card} con {shells}", "Compri {card} con {shells}")},
    "eruption": {"en": "The volcano erupts and destroys the statues on {destroyed}",
                 "it": "Il vulcano erutta e distrugge le statue su {destroyed}"},
    "eruption.none": {"en": "The volcano erupts; no statue is destroyed",
                      "it": "Il vulcano erutta; nessuna statua è distrutta"},
    "score": {"en": ("Scoring {round}: {player} scores {total}", "Scoring {round}: you score {total}"),
              "it": ("Conteggio {round}: {player} fa {total} punti", "Conteggio {round}: fai {total} punti")},
    "round2": {"en": "The second round begins", "it": "Comincia il secondo giro"},
    "act.stay": {"en": ("{player} leaves the shaman where it is", "You leave the shaman where it is"),
                 "it": ("{player} lascia lo sciamano dov'è", "Lasci lo sciamano dov'è")},
    "act.pass": {"en": ("{player} buys nothing", "You buy nothing"), "it": ("{player} non compra niente", "Non compri niente")},
}

TERMS = {
    "en": {"build": "Build", "priestess": "Priestess", "shell": "Shell", "lava": "Lava", "nautilus": "Nautilus",
           "pearl": "Pearl", "basket": "Basket", "butterflies": "the Butterflies card", "majority": "the Majority card",
           "forest": "the Forest card", "mountain": "the Mountain card", "segment": "the Segment card",
           "Red": "red", "Yellow": "yellow"},
    "it": {"build": "Costruzione", "priestess": "Sacerdotessa", "shell": "Conchiglia", "lava": "Lava",
           "nautilus": "Nautilo", "pearl": "Perla", "basket": "Cesto", "butterflies": "la carta Farfalle",
           "majority": "la carta Maggioranza", "forest": "la carta Foresta", "mountain": "la carta Montagna",
           "segment": "la carta Segmento", "Red": "rosso", "Yellow": "giallo"},
}

_PEARL = {"en": {"white": "white", "black": "black"}, "it": {"white": "bianca", "black": "nera"}}
_BUTTERFLY = {"en": ("1 butterfly", "{n} butterflies"), "it": ("1 farfalla", "{n} farfalle")}


def card_face(cid: str, lang: str) -> str:
    """A palm card as players see its face: kind, pearl colour, baskets, butterflies
    ("Basket ×2, 1 butterfly"; the card's id is printed nowhere)."""
    from .data import CARD

    _deck, kind, _face, bf, bk, pearl = CARD[cid]
    s = TERMS[lang].get(kind, kind)
    if pearl:
        s += " " + _PEARL[lang].get(pearl, pearl)
    if kind == "basket":
        s += f" ×{bk}"
    if bf:
        one, many = _BUTTERFLY[lang]
        s += ", " + (one if bf == 1 else many.format(n=bf))
    return s


def words(key: str, value, lang: str):
    """Palm cards by their face, not their id (see lapilli.engine.narration)."""
    from .data import CARD

    if key == "card" and isinstance(value, str) and value in CARD:
        return card_face(value, lang)
    if key == "shells" and isinstance(value, (list, tuple)):   # the Shell cards spent: how many
        n = len(value)
        if lang == "it":
            return "nessuna conchiglia" if n == 0 else "1 conchiglia" if n == 1 else f"{n} conchiglie"
        return "no shells" if n == 0 else "1 shell" if n == 1 else f"{n} shells"
    return None


def chance_words(chance: dict, lang: str):
    from .data import CARD

    v = chance["value"]
    if isinstance(v, str) and v in CARD:
        return card_face(v, lang)
    return None
