"""The Island (Asmodee 2012) with the three "Il Ritorno!" mini-expansions.

Rules: the rules spec the-island.md (clauses ISL-*); data provenance and interpretations:
docs/games/the-island.md.

Seats are numbered from the first player (seat 0 = P1, ISL-1.5); play goes up the seat numbers
(clockwise).  Colours: R B Y G O W.

Action notation (every decision is one action of ``to_move``):

* hexes are ``r,c`` (row 0-12 from the north, column 0-11 from the west: ``3,5``); isles are
  ``nw ne sw se``; explorers are colour + number in placement order (``R1`` .. ``R10``); dolphins
  ``D1`` .. ``D4``.
* set-up: ``place <value> <r,c>`` (put one of your explorers of that value on a tile),
  ``boat <r,c>``.
* step 1: ``play dolphin <explorer> <r,c>``, ``play winds <boat r,c> <r,c>``,
  ``play serpent|shark|whale|squid <from> <to>`` (``squid`` = the whale tile used on a giant
  squid), or ``pass``.
* step 2 (one movement point each): ``walk <explorer> <r,c>`` (land to land),
  ``swim <explorer> <r,c>`` (into the sea / jump out of a boat onto its space / swim one space;
  ``swim R1 2,4 dolphin`` takes the protecting dolphin along), ``board <explorer> <r,c>`` (into the
  boat on that space), ``isle <explorer> <isle>``, ``sail <from> <to>`` (a boat one space), ``end``.
* step 3: ``remove <r,c>``; then, when the back asks for it: ``aboard X Y Z`` (who boards),
  ``take <r,c>`` (an empty boat from the board), ``squid <r,c>`` (place a giant squid),
  ``eat <explorer>`` (the squid's victim), ``protect <explorer>`` (a dolphin's swimmer).
  Challenge 5: the players with explorers from the sunk tile each make one step-2 explorer move
  with one of them, or ``pass``.
* step 4 (the dice are rolled automatically): ``serpent|shark|whale|squid <from> <to>`` (moves the
  creature on ``from`` to ``to`` by any legal path; ``squid 2,4 2,4`` keeps a squid in place, which
  counts as a movement), ``dolphin D1 <to>``, ``shift D1 <explorer>``, ``drift <from> <to>`` (an
  empty boat), or ``none``.  Defensive tiles, offered to other players when a creature stops on
  their swimmers / controlled boat: ``repel`` or ``pass``.
"""
from .explain import ExplainMixin
from .render import render_state
from .rules import IslandState
from .spec import SPEC
from .views import ViewsMixin


class GameState(ExplainMixin, ViewsMixin, IslandState):
    SPEC = SPEC

    def render(self, player=None, labels=None, lang="en") -> str:
        return render_state(self, player, labels, lang)


__all__ = ["SPEC", "GameState"]
