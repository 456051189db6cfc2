"""Kingdomino Origins (Bruno Cathala, Cyril Bouquet; Blue Orange 2021) for 2 to 4 players.

Modes ``discovery``, ``totem`` and ``tribe`` (option ``mode``); optional scoring rules
``fire_empire`` (+10 when the Hut is at the centre) and ``homo_habilis`` (+5 with no discarded
tile).  Two players play the Neolithic 7x7 game.  Rules: the rules spec kingdomino-origins.md
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
from .rules import KdoState
from .spec import SPEC


class GameState(KdoState):
    SPEC = SPEC


__all__ = ["SPEC", "GameState"]
