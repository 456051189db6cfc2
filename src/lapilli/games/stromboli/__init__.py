"""Stromboli (Haus der Sonne / Haleakala), 2 players: Red (seat 0, Rosso) and Yellow (seat 1, Giallo).

Rules: the rules spec stromboli.md (clauses STR-*); docs/games/stromboli.md lists the data
provenance and every interpretation chosen.

Spaces are named by a ring letter and a segment 0-5 (clockwise): ``w`` fishing water,
``b`` beach, ``p`` plain, ``f`` forest, ``m`` mountain, ``c`` crater; e.g. ``b2``, ``f4``.

Action notation (every decision is one action of ``to_move``):

=====================  ==================================================================
``place 3 b2``         action 1a/1b: put your numbered disc 3 on beach b2 (1b when the boat
                       is at b2: the boat then sails 3 beaches clockwise)
``place 3 b2 lava``    tactical variant: action 1b adding your lava disc (STR-14.3)
``take 3``             action 2: take your numbered disc 3 back into your reserve
``boat``               action 3: move the boat 1 beach clockwise (only with an empty reserve)
``shaman p1``          after 1a or 2: move your shaman to this space (up to 2 steps)
``stay``               after 1a or 2: leave the shaman where it is (ends the turn)
``pick 1``/``pick 2``  choose the card in card space 1 or 2 of the boat's segment
``buy mountain``       buy a score card (``butterflies``, ``majority``, ``forest``,
                       ``mountain``, ``segment``) or ``buy priestess``, after receiving a
                       Shell or before a scoring
``pass``               buy nothing
``priestess c2 c3``    Priestess: move one lava marker from crater c2 to neighbour c3
=====================  ==================================================================

Automatic steps (no action): boat distance, receiving the only / remaining card, disc return,
refills (Lava cards place markers), scoring triggers, eruptions, scorings, round-2 preparation.
"""
from .explain import ExplainMixin
from .rules import StromboliState
from .spec import SPEC


class GameState(ExplainMixin, StromboliState):
    SPEC = SPEC


__all__ = ["SPEC", "GameState"]
