"""Eruption (Stratus Games, 2011): lead a village on a volcanic island and keep it cool.

2-6 players; options ``variant`` (standard, cooperation [4 or 6 players], annihilation,
lava_rain), ``border_side_lost`` (ERU-I23 reading: none, rest_of_turn, permanent) and the house
rules ``both_events_final``, ``annihilation_end`` (stuck, quiet_round) and ``lava_rain`` (Lava
Rain's stacks with Cooperation or Annihilation).
Rules: the rules spec eruption.md (clauses ERU-*); data provenance: docs/games/eruption.md.

Action notation
---------------
Hexes are a column letter a-k and a row number 0-10 (the board's flat-topped axial grid, the
volcano centre is f5).  Directions: N NE SE S SW NW.  A flow end is ``<hex>-<dir>`` (the side
``dir`` of the tile -- or volcano hex -- in ``hex``); a village side is ``v<village>-<side>``
(villages 0-5 clockwise from the top, sides 1-7).  Rotations are 0-5 steps clockwise.

=========================  ==========================================================
``village 3``              set-up: take village 3 (seats choose in seat order)
``erupt d7``               place your claimed eruption tile on d7 (end of Phase 1)
``take 2``                 Lava Rain: take the face-up tile of stack 2 for this draw
``place d7 3``             place the drawn lava tile on d7 turned 3 steps (a roll happens
                           when every flow end meeting d7 is walled)
``extra`` / ``end``        danger zone 3: draw one more tile / end the current phase
``rain``                   play Rain (-30 degrees)
``aftershock d7 2``        play Aftershock: turn the tile on d7 to rotation 2
``lavaflow``               play Lava Flow: draw a lava tile (then ``place``)
``quake``                  play Quake: draw a lava tile (then ``place`` on a lava tile's hex)
``sinkhole d7``            play Sinkhole: remove the tile on d7
``relocate 2 5``           play Relocate: move your wall from side 2 to side 5
``reinforce stone d7-N``   play Reinforce: build a stone wall now
``bomb v3-5``              play Volcanic Bomb: discard the wall on v3-5 (or on a flow end)
``discard rain``           discard a card for a wall of its material
``discard rain quake``     discard two cards to draw and place a lava tile
``draw``                   danger zone 2: draw an action card
``give wood``              Cooperation: give a wall to your teammate
``receive wood``           Cooperation: ask your teammate for a wall (they ``accept``/``refuse``)
``build straw d7-N``       Phase 4: build a wall on a flow end or on your village side
=========================  ==========================================================

Chance (shuffles, tile and card draws, dice) happens inside ``apply`` and is reported as events.
Scores are the villages' temperatures: the lowest wins.
"""
from .spec import SPEC
from .rules import GameState

__all__ = ["SPEC", "GameState"]
