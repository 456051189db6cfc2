"""The Stromboli GameSpec: players, options and the forbidden combinations."""
from lapilli.engine import GameSpec, OptionSpec


_PRESCORE = ("option 'prescore_priestess' only applies to the tactical variant: in the base game the "
             "Priestess can always be bought before a scoring (STR-10.2)")
# the constraint's messages in the players' languages (the lobby shows them)
CONSTRAINT_WORDS = {_PRESCORE: {
    "en": "only with the tactical variant: in the base game the Priestess can always be bought before a scoring (STR-10.2)",
    "it": "solo con la variante tattica: nel gioco base la Sacerdotessa si può sempre comprare prima di un conteggio (STR-10.2)"}}


def _constraint(players: int, options: dict) -> str | None:
    if options.get("prescore_priestess") and not options.get("tactical"):
        return _PRESCORE
    return None


SPEC = GameSpec(
    id="stromboli",
    seat_colours=(("Red", "Rosso", "#d1342f"), ("Yellow", "Giallo", "#f2c230")),  # rules.COLOURS, seat order
    title="Stromboli",
    min_players=2,
    max_players=2,
    options={
        "tactical": OptionSpec("tactical", (False, True), False,
                               "tactical variant: lava discs, no Lava cards, no purchase before a scoring (STR-14)",
            label={'en': 'Tactical variant', 'it': 'Variante tattica'},
            sentence={'en': 'Play with the lava discs instead of the Lava cards, and no card may be bought just before a scoring.',
                      'it': 'Si gioca con i dischi lava invece delle carte Lava, e non si possono comprare carte subito prima di un conteggio.'}),
        "huts": OptionSpec("huts", ("first", "random"), "first",
                           "which shaman starts on which hut: first player on hut H1, or at random (STR-I33)",
            label={'en': 'Starting huts', 'it': 'Capanne di partenza'},
            sentence={'en': 'Which hut each shaman starts on: the first player on the first hut, or drawn at random.',
                      'it': 'Su quale capanna parte ogni sciamano: il primo giocatore sulla prima capanna, oppure a caso.'},
            value_labels={'first': {'en': 'First player on the first hut', 'it': 'Primo giocatore sulla prima capanna'}, 'random': {'en': 'At random', 'it': 'A caso'}}),
        "prescore_priestess": OptionSpec("prescore_priestess", (False, True), False,
                                         "tactical variant only: the scoreboard Priestess may still be bought "
                                         "just before a scoring (STR-I38 flag; default off)", house_rule=True,
            label={'en': 'Priestess before a scoring (tactical)', 'it': 'Sacerdotessa prima di un conteggio (tattica)'},
            sentence={'en': 'House rule for the tactical variant: the Priestess may still be bought just before a scoring, as in the base game (the rulebook forbids only score cards there).',
                      'it': 'Regola della casa per la variante tattica: la Sacerdotessa si può ancora comprare subito prima di un conteggio, come nel gioco base (il regolamento lì vieta solo le carte punteggio).'}),
        "shells_score": OptionSpec("shells_score", ("second", "every"), "second",
                                   "house rule, STR-11.17 / STR-I23: Shell cards still held score 1 point each only "
                                   "at the second scoring ('second', p. 7: 'solo nel secondo calcolo del punteggio') "
                                   "or at both scorings ('every', p. 6)", house_rule=True,
            label={'en': 'When kept shells score', 'it': 'Quando contano le conchiglie tenute'},
            sentence={'en': 'House rule: each Shell card still held scores 1 point only at the second scoring, as the scoring page says, or at both scorings, as the Shell card page says.',
                      'it': 'Regola della casa: ogni carta Conchiglia ancora tenuta vale 1 punto solo al secondo conteggio, come dice la pagina del punteggio, oppure a entrambi i conteggi, come dice la pagina delle carte Conchiglia.'},
            value_labels={'second': {'en': 'Only at the second scoring', 'it': 'Solo al secondo conteggio'}, 'every': {'en': 'At both scorings', 'it': 'A entrambi i conteggi'}}),
    },
    rules_prefix="STR",
    end_rule="STR-9.5",
    default_players=2,
    constraint=_constraint,
    constraint_words=CONSTRAINT_WORDS,
)
