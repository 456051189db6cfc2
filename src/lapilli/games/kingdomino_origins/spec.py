"""The Kingdomino Origins GameSpec: players, modes and the optional scoring rules."""
from lapilli.engine import GameSpec, OptionSpec


def _constraint(players: int, options: dict):
    # KDO-12.1 and KDO-1.4: every mode and both optional rules go with every player count.
    return None


SPEC = GameSpec(
    id="kingdomino-origins",
    # the four Hut colours (KDO-2.1)
    seat_colours=(("Pink", "Rosa", "#e0568f"), ("Black", "Nero", "#333333"), ("Green", "Verde", "#2e9d5b"),
                  ("Blue", "Blu", "#2463c6")),
    title="Kingdomino Origins",
    min_players=2,
    max_players=4,
    default_players=4,
    options={
        "mode": OptionSpec("mode", ("discovery", "totem", "tribe"), "discovery",
                           "game mode: discovery, totem (resources and Totems) or tribe (resources and Cro-magnons)",
            label={'en': 'Game mode', 'it': 'Modalità di gioco'},
            sentence={'en': 'Discovery is the basic game; Totem adds resources and the Totems for the majorities; Tribe adds resources and Cro-magnons to recruit.',
                      'it': 'Scoperta è il gioco base; Totem aggiunge le risorse e i Totem per le maggioranze; Tribù aggiunge le risorse e i Cro-magnon da reclutare.'},
            value_labels={'discovery': {'en': 'Discovery', 'it': 'Scoperta'}, 'totem': {'en': 'Totem', 'it': 'Totem'}, 'tribe': {'en': 'Tribe', 'it': 'Tribù'}}),
        "fire_empire": OptionSpec("fire_empire", (False, True), False, "+10 points when the Hut is at the centre",
            label={'en': 'Fire Empire', 'it': 'Impero del fuoco'},
            sentence={'en': 'A player whose Hut is at the centre of their territory at the end scores 10 more points.',
                      'it': 'Chi alla fine ha la Capanna al centro del proprio territorio guadagna 10 punti in più.'}),
        "homo_habilis": OptionSpec("homo_habilis", (False, True), False, "+5 points when no tile was discarded",
            label={'en': 'Homo Habilis', 'it': 'Homo Habilis'},
            sentence={'en': 'A player who never had to discard a tile scores 5 more points at the end.',
                      'it': 'Chi non ha mai dovuto scartare una tessera guadagna 5 punti in più alla fine.'}),
        "fire_on_start": OptionSpec("fire_on_start", (True, False), True,
                                    "house rule, KDO-6.6 / KDO-I4: a fire spray may land on the start tile (True, "
                                    "the literal text: it is one of the 25 squares, 'compresa la tessera di "
                                    "partenza', and has no token nor campfire) or not (False, KDO-I4 a)",
                                    house_rule=True, legacy=False,  # the engine's reading before the option
            label={'en': 'Fire may land on the start tile', 'it': 'Il fuoco può cadere sulla tessera di partenza'},
            sentence={'en': 'House rule: the start tile counts as a free square where a fire spray may land, as the 25 squares include it, or it is never a landing square.',
                      'it': 'Regola della casa: la tessera di partenza è una casella libera dove può atterrare uno spruzzo di fuoco, perché è tra le 25 caselle, oppure non lo è mai.'}),
        "totem_tie": OptionSpec("totem_tie", ("give", "keep", "return"), "give",
                                "house rule, KDO-10.13-10.15 / KDO-I18: a holder caught up by the player who "
                                "added a tile has lost the strict majority and gives the Totem to a tied player "
                                "of their choice ('give', the literal 'Se perdi la maggioranza ... scegli tu'), "
                                "keeps it ('keep', KDO-I18 a) or returns it to the table ('return')",
                                house_rule=True, legacy="keep",  # the engine's reading before the option
            label={'en': 'Totem holder caught up', 'it': 'Chi ha il Totem viene raggiunto'},
            sentence={'en': 'House rule: when another player draws level with the Totem holder, the holder gives it to a tied player of their choice, keeps it, or puts it back on the table.',
                      'it': 'Regola della casa: quando un altro giocatore raggiunge chi ha il Totem, questi lo dà a un giocatore in parità a sua scelta, lo tiene, oppure lo rimette sul tavolo.'},
            value_labels={'give': {'en': 'Gives it to a tied player', 'it': 'Lo dà a un giocatore in parità'}, 'keep': {'en': 'Keeps it', 'it': 'Lo tiene'}, 'return': {'en': 'Returns it to the table', 'it': 'Lo rimette sul tavolo'}}),
    },
    rules_prefix="KDO",
    end_rule="KDO-7.3",
    constraint=_constraint,
)
