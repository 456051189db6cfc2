"""Kingdomino Origins' sentences, English and Italian (see lapilli.engine.narration for the
format).  The keys are those of ``views.readings``; ``TERMS`` translates resources and
Cro-magnons.
"""

CATALOGUE = {
    "shuffle.tiles": {"en": "The tiles are shuffled, numbers up", "it": "Le tessere vengono mescolate, numero in su"},
    "shuffle.cromagnons": {"en": "The Cro-magnons are shuffled", "it": "I Cro-magnon vengono mescolati"},
    "row": {"en": "New row of tiles: {tiles}", "it": "Nuova fila di tessere: {tiles}"},
    "cave_refill": {"en": "Cro-magnons come out of the cave: {cromagnons}", "it": "Escono dalla caverna i Cro-magnon: {cromagnons}"},
    "chief_drawn": {"en": ("{player}'s chief is drawn", "Your chief is drawn"),
                    "it": ("Esce il capotribù di {player}", "Esce il tuo capotribù")},
    "pair": {"en": ("{player} takes the chiefs on positions {positions}", "You take the chiefs on positions {positions}"),
             "it": ("{player} prende i capotribù nelle posizioni {positions}", "Prendi i capotribù nelle posizioni {positions}")},
    "take": {"en": ("{player} takes tile {tile}", "You take tile {tile}"), "it": ("{player} prende la tessera {tile}", "Prendi la tessera {tile}")},
    "take.forced": {"en": ("{player} gets tile {tile}, the last one", "You get tile {tile}, the last one"),
                    "it": ("{player} riceve la tessera {tile}, l'ultima", "Ricevi la tessera {tile}, l'ultima")},
    "place": {"en": ("{player} places tile {tile} at {squares}", "You place tile {tile} at {squares}"),
              "it": ("{player} piazza la tessera {tile} in {squares}", "Piazzi la tessera {tile} in {squares}")},
    "discard": {"en": ("{player} cannot place tile {tile} and discards it", "You cannot place tile {tile} and discard it"),
                "it": ("{player} non può piazzare la tessera {tile} e la scarta", "Non puoi piazzare la tessera {tile} e la scarti")},
    "discard.row": {"en": "Tile {tile} leaves the row", "it": "La tessera {tile} lascia la fila"},
    "fire": {"en": ("{player} puts a fire of {fires} on {square}", "You put a fire of {fires} on {square}"),
             "it": ("{player} mette un fuoco da {fires} su {square}", "Metti un fuoco da {fires} su {square}")},
    "fire.destroys": {"en": ("{player} puts a fire of {fires} on {square}, destroying a {lost}",
                             "You put a fire of {fires} on {square}, destroying a {lost}"),
                      "it": ("{player} mette un fuoco da {fires} su {square} e distrugge: {lost}",
                             "Metti un fuoco da {fires} su {square} e distruggi: {lost}")},
    "totem": {"en": ("{player} takes the {resource} Totem", "You take the {resource} Totem"),
              "it": ("{player} prende il Totem {resource}", "Prendi il Totem {resource}")},
    "round": {"en": "Round {round}", "it": "Turno {round}"},
    "round.final": {"en": "Round {round}, the last", "it": "Turno {round}, l'ultimo"},
    "recruit": {"en": ("{player} recruits a {cromagnon}", "You recruit a {cromagnon}"),
                "it": ("{player} recluta: {cromagnon}", "Recluti: {cromagnon}")},
    "recruit.deck": {"en": ("{player} recruits a {cromagnon} from the deck", "You recruit a {cromagnon} from the deck"),
                     "it": ("{player} recluta dal mazzo: {cromagnon}", "Recluti dal mazzo: {cromagnon}")},
    "no_recruit": {"en": ("{player} recruits nobody", "You recruit nobody"),
                   "it": ("{player} non recluta nessuno", "Non recluti nessuno")},
    "spend": {"en": ("{player} spends the {resource} on {square}", "You spend the {resource} on {square}"),
              "it": ("{player} spende la risorsa {resource} su {square}", "Spendi la risorsa {resource} su {square}")},
    "put": {"en": ("{player} puts the {cromagnon} on {square}", "You put the {cromagnon} on {square}"),
            "it": ("{player} mette {cromagnon} su {square}", "Metti {cromagnon} su {square}")},
}

TERMS = {
    "en": {"mammoth": "mammoth", "fish": "fish", "mushroom": "mushroom", "flint": "flint",
           "magrolino": "Skinny", "energumeno": "Brute", "amazzone": "Amazon", "painter": "Painter",
           "hunter": "Hunter", "gatherer": "Gatherer", "fisher": "Fisher", "firelady": "Fire Lady",
           "shaman": "Shaman", "sculptress": "Sculptress"},
    "it": {"mammoth": "mammut", "fish": "pesce", "mushroom": "fungo", "flint": "pietra focaia",
           "magrolino": "Magrolino", "energumeno": "Energumeno", "amazzone": "Amazzone", "painter": "Pittore",
           "hunter": "Cacciatore", "gatherer": "Raccoglitrice", "fisher": "Pescatore", "firelady": "Signora del fuoco",
           "shaman": "Sciamano", "sculptress": "Scultrice"},
}


def chance_words(chance: dict, lang: str):
    """A chief drawn from the bag as players see it: the chief in its player's colour (not a seat
    number; see lapilli.engine.narration)."""
    if chance["name"] == "chief" and isinstance(chance["value"], int):
        from .spec import SPEC

        colours = SPEC.seat_colours
        if 0 <= chance["value"] < len(colours):
            return colours[chance["value"]][0 if lang == "en" else 1]
    return None


def words(key: str, value, lang: str):
    """An event's value told as players say it: the two positions of ``pair 14`` as "1 and 4"."""
    if key == "positions" and isinstance(value, str) and len(value) == 2 and value.isdigit():
        return f"{value[0]} {'and' if lang == 'en' else 'e'} {value[1]}"
    return None
