"""L'Isola dei Vulcani (Mainini & Sopranzetti, Pendragon 2019) for 2-4 players.

Rules: the rules spec isola-dei-vulcani.md (clauses IDV-*); the map and several component
details are reconstructed (see docs/games/isola-dei-vulcani.md and data/*.json).

Board names
    hex     row letter + column number, e.g. ``D5`` (odd-r offset rows, row A at the top)
    space   hex + letter, e.g. ``D5a`` (the near space of a volcano-area hex), ``D5b``
    crater  hex + direction of the edge it faces, e.g. ``D5-NE`` (E, NE, NW, W, SW, SE)

Actions of the current player (each costs action points; 4 per turn)
    land HEX            colonist from the boat onto a hex of the player's landing bay (1 AP)
    move HEX HEX        colonist to an adjacent hex, never across a crack (1 AP)
    carry FROM TO       colonist + own lying Moai to an adjacent hex (1 AP); FROM is the Moai's
                        space (``D5a``) or its hex when it lies without a space; TO is an empty
                        space of the destination, or the destination hex when it has none
    village SPACE       turn a lava tile into an own village (2 AP, +1 VP)
    colonist HEX        new colonist on a hex with an own village and colonist (1 AP)
    carve SPACE         turn a lava tile into an own lying Moai (1 AP)
    erect FROM CRATER   stand an own lying Moai on a crater of its hex (1 AP): crack, die, VP
    pray                obtain a prayer token (1 + tokens held AP; once per turn)
    end                 end the turn (unspent AP are lost)

Decisions outside the turn's action points (made by the seat ``to_move`` names)
    save SPACE / done   during an eruption, an owner spends prayer tokens on threatened pieces
    erupt N             double eruption: the current player picks which drawn volcano erupts first
    rescue HEX          sinking: the current player moves all their colonists there onto HEX
    rescue FROM TO      sinking: another player saves one colonist from FROM onto TO
    skip                decline a rescue

Chance (die, volcano tokens, first player, advanced map and bays) comes from the state's rng
and is reported as events.
"""
from .rules import GameState
from .spec import SPEC

__all__ = ["SPEC", "GameState"]
