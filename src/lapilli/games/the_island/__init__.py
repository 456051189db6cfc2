"""The Island (Asmodee 2012) with the three "Il Ritorno!" mini-expansions.

Rules: ../shared/rules/the-island.md (clauses ISL-*); data provenance and interpretations:
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
from lapilli.engine import GameSpec, OptionSpec

from .explain import ExplainMixin
from .render import render_state
from .rules import IslandState
from .views import ViewsMixin


def _constraint(players: int, options: dict):
    if options.get("challenge_5") and players < 5:
        return "Challenge 5 (Super sovrappopolazione!) needs 5 or 6 players (ISL-15.1)"
    if options.get("challenge_5") and options.get("challenge_1"):
        return "Challenges 1 and 5 both rewrite explorer placement and cannot be combined (ISL-I28)"
    if (options.get("squid_variant_1") or options.get("squid_variant_2")) and not options.get("giant_squid"):
        return "the squid variants are options of the Giant Squid mini-expansion (ISL-20.11)"
    return None


_B = (False, True)
SPEC = GameSpec(
    id="the-island",
    # explorer colours R B Y G O W of data/components.json (ISL-14.1 adds orange and white)
    seat_colours=(("Red", "Rosso", "#d32f2f"), ("Blue", "Blu", "#1e63c8"), ("Yellow", "Giallo", "#f5c518"),
                  ("Green", "Verde", "#2e9d4b"), ("Orange", "Arancio", "#f57c00"), ("White", "Bianco", "#9e9e9e")),
    title="The Island",
    min_players=2,
    max_players=6,
    default_players=4,
    rules_prefix="ISL",
    end_rule="ISL-8.1",
    constraint=_constraint,
    options={
        "challenge_1": OptionSpec("challenge_1", _B, False, "Densely Populated: two explorers on inner tiles at set-up"),
        "challenge_2": OptionSpec("challenge_2", _B, False, "Leave No One Behind: volcano is a whirlpool; play until nobody is left"),
        "challenge_3": OptionSpec("challenge_3", _B, False, "Uguaglianza!: the number of saved explorers wins"),
        "challenge_4": OptionSpec("challenge_4", _B, False, "Atlantis is Gone: ends with the last tile; volcano is a whirlpool"),
        "challenge_5": OptionSpec("challenge_5", _B, False, "Super sovrappopolazione! (5-6 players)"),
        "dolphins": OptionSpec("dolphins", _B, False, "Dolphins & Dive Dice (Challenge 6)"),
        "giant_squid": OptionSpec("giant_squid", _B, False, "the Giant Squid mini-expansion"),
        "squid_variant_1": OptionSpec("squid_variant_1", _B, False, "giant squids replace the whales"),
        "squid_variant_2": OptionSpec("squid_variant_2", _B, False, "placing a squid removes no explorer"),
        "own_values_visible": OptionSpec("own_values_visible", _B, False,
                                         "show a player the values of their own placed explorers (ISL-I10 a)"),
        "setup_correction": OptionSpec("setup_correction", _B, False, "reshuffle layouts with enclosed tiles (ISL-I5)"),
        "turn_cap": OptionSpec("turn_cap", (200, 500, 1000), 500, "engine safeguard: the game ends after this many turns (ISL-I35)"),
    },
)


class GameState(ExplainMixin, ViewsMixin, IslandState):
    SPEC = SPEC

    def render(self, player=None) -> str:
        return render_state(self, player)


__all__ = ["SPEC", "GameState"]
