"""Kingdomino Origins (Bruno Cathala, Cyril Bouquet; Blue Orange 2021) for 2 to 4 players.

Modes ``discovery``, ``totem`` and ``tribe`` (option ``mode``); optional scoring rules
``fire_empire`` (+10 when the Hut is at the centre) and ``homo_habilis`` (+5 with no discarded
tile).  Two players play the Neolithic 7x7 game.  Rules: ../shared/rules/kingdomino-origins.md
(clauses KDO-*); data provenance and interpretations: docs/games/kingdomino-origins.md.

Action notation
---------------
Squares of a territory are named like chess squares on a fixed frame around the Hut: a
column letter (``a`` at the left) and a row number (``1`` at the top).  The frame is 9x9
(``a1``-``i9``, Hut on ``e5``) for 3-4 players and 13x13 (``a1``-``m13``, Hut on ``g7``) for 2.

``take N``            put your chief on tile number N: a free tile of the first row at set-up, or
                      of the new row in Choose a new tile.  A forced last pick is made for you.
``pair 14``/``pair 23`` 2 players, set-up: the first-drawn player takes positions 1 and 4, or 2
                      and 3, of the first row.
``place A B``         Play the tile: square 1 of the tile (as listed in the row) on A, square 2
                      on B (``place e4 e3``).  A tile with no legal placement is discarded for you.
``fire X``            where the fire token thrown by the volcano lands.  Discarded for you when no
                      square is valid.
``give P``            Totem mode: hand the Totem you lost to seat P, one of the tied leaders.
``recruit KIND``      Tribe mode: take a face-up Cro-magnon (2 resources of different types).
``recruit deck KIND`` Tribe mode: take any Cro-magnon of the deck (4 resources, one of each type).
``pass``              Tribe mode: do not recruit this turn.
``spend X``           after a recruit: spend the resource on square X (one action per resource).
``put X``             after spending: the square where the Cro-magnon goes.

Kinds: hunter, fisher, gatherer, sculptress, painter, firelady, shaman, magrolino, amazzone,
energumeno.
"""
from lapilli.engine import GameSpec, OptionSpec

from .state import KdoState


def _constraint(players: int, options: dict):
    # KDO-12.1 and KDO-1.4: every mode and both optional rules go with every player count.
    return None


SPEC = GameSpec(
    id="kingdomino-origins",
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
                                    house_rule=True,
            label={'en': 'Fire may land on the start tile', 'it': 'Il fuoco può cadere sulla tessera di partenza'},
            sentence={'en': 'House rule: the start tile counts as a free square where a fire spray may land, as the 25 squares include it, or it is never a landing square.',
                      'it': 'Regola della casa: la tessera di partenza è una casella libera dove può atterrare uno spruzzo di fuoco, perché è tra le 25 caselle, oppure non lo è mai.'}),
        "totem_tie": OptionSpec("totem_tie", ("give", "keep", "return"), "give",
                                "house rule, KDO-10.13-10.15 / KDO-I18: a holder caught up by the player who "
                                "added a tile has lost the strict majority and gives the Totem to a tied player "
                                "of their choice ('give', the literal 'Se perdi la maggioranza ... scegli tu'), "
                                "keeps it ('keep', KDO-I18 a) or returns it to the table ('return')",
                                house_rule=True,
            label={'en': 'Totem holder caught up', 'it': 'Chi ha il Totem viene raggiunto'},
            sentence={'en': 'House rule: when another player draws level with the Totem holder, the holder gives it to a tied player of their choice, keeps it, or puts it back on the table.',
                      'it': 'Regola della casa: quando un altro giocatore raggiunge chi ha il Totem, questi lo dà a un giocatore in parità a sua scelta, lo tiene, oppure lo rimette sul tavolo.'},
            value_labels={'give': {'en': 'Gives it to a tied player', 'it': 'Lo dà a un giocatore in parità'}, 'keep': {'en': 'Keeps it', 'it': 'Lo tiene'}, 'return': {'en': 'Returns it to the table', 'it': 'Lo rimette sul tavolo'}}),
    },
    rules_prefix="KDO",
    end_rule="KDO-7.3",
    constraint=_constraint,
)


class GameState(KdoState):
    SPEC = SPEC


__all__ = ["SPEC", "GameState"]
