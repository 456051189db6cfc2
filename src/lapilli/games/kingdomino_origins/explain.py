"""Why an action is illegal now: the clause it breaks, in the words of the rule."""
from __future__ import annotations

from lapilli.engine import IllegalAction, said

from . import board
from .data import LANDSCAPES, RESOURCES, START, TILES, TOKEN_RANGE, VOLCANO

_PHASE_TEXT = {
    "pick": "pick a tile of the first row for your chief ('take N')",
    "pair": "choose the tiles at positions 1 and 4 or 2 and 3 of the first row ('pair 14' or 'pair 23')",
    "place": "play your tile: add it to your territory ('place X Y')",
    "fire": "place your fire token on a valid square ('fire X')",
    "give": "hand the Totem to one of the tied players ('give P')",
    "choose": "choose a new tile for your chief ('take N')",
    "recruit": "recruit a Cro-magnon or pass ('recruit KIND', 'recruit deck KIND', 'pass')",
    "spend": "spend a resource of a type not yet spent ('spend X')",
    "put": "put your Cro-magnon on a square ('put X')",
}

# the clause that says what must happen in each phase (for actions of the wrong kind)
_PHASE_RULE = {
    "pick": "KDO-2.10", "pair": "KDO-13.5", "place": "KDO-3.3", "fire": "KDO-5.7", "give": "KDO-10.14",
    "choose": "KDO-3.3", "recruit": "KDO-11.8", "spend": "KDO-11.9", "put": "KDO-11.14",
}

_VERB_PHASES = {
    "take": ("pick", "choose"), "pair": ("pair",), "place": ("place",), "fire": ("fire",), "give": ("give",),
    "pass": ("recruit",), "recruit": ("recruit",), "recruit_deck": ("recruit",), "spend": ("spend",), "put": ("put",),
}


def _ill(msg, rule, action):
    return IllegalAction(msg, rule, action)


def explain(s, cmd: tuple, action: str) -> IllegalAction:
    verb = cmd[0]
    ph = s.phase
    geo = s.geo
    p = s.current_player
    if ph not in _VERB_PHASES.get(verb, ()):
        if verb == "take" and not s.new_tiles and s.round >= 1:
            return _ill(said('kdo.KDO-7.2.final-round-each-player', 'in the final round each player only plays their tile: there is no new tile to choose'),
                        "KDO-7.2", action)
        if verb in ("recruit", "recruit_deck", "pass") and s.mode != "tribe":
            return _ill(said('kdo.KDO-11.8.only-tribe-mode-may', 'only in Tribe mode may a player recruit a Cro-magnon'), "KDO-11.8", action)
        if verb == "pair":
            return _ill(said('kdo.KDO-13.5.choosing-tiles-done-once', 'choosing tiles 1 and 4 or 2 and 3 is done once, in the first selection of a 2-player game'),
                        "KDO-13.5", action)
        if verb == "give":
            return _ill(said('kdo.KDO-10.13.totem-changes-hands-only', 'a Totem changes hands only when its holder loses the majority of its resource'),
                        "KDO-10.13", action)
        if verb == "place" and ph == "choose":
            return _ill(said('kdo.KDO-3.3.turn-play-tile-then', 'a turn is Play the tile, then Choose a new tile, in this order: your tile is already played'),
                        "KDO-3.3", action)
        return _ill(said(f"kdo.not-now.{ph if ph in _PHASE_TEXT else 'wait'}", "not now: you must " + _PHASE_TEXT.get(ph, "wait")),
                    _PHASE_RULE.get(ph, "KDO-3.3"), action)

    if verb == "take":
        if ph == "pick":
            if cmd[1] not in s.current_tiles:
                return _ill(said('kdo.KDO-2.10.tile-not-first-row', 'tile {cmd1} is not in the first row; pick a free tile of the row', cmd1=cmd[1]), "KDO-2.10", action)
            return _ill(said('kdo.KDO-2.10.tile-already-has-chief', 'tile {cmd1} already has a chief on it; pick a free tile', cmd1=cmd[1]), "KDO-2.10", action)
        if cmd[1] not in s.new_tiles:
            return _ill(said('kdo.KDO-3.6.tile-not-new-row', 'tile {cmd1} is not in the new row; put your chief on a free tile of the new row', cmd1=cmd[1]),
                        "KDO-3.6", action)
        return _ill(said('kdo.KDO-3.6.tile-not-free-chief', 'tile {cmd1} is not free: a chief already stands on it', cmd1=cmd[1]), "KDO-3.6", action)
    if verb == "pair":
        return _ill(said('kdo.KDO-13.5.first-player-takes-tiles', "the first player takes the tiles at positions 1 and 4, or 2 and 3 ('pair 14' or 'pair 23')"),
                    "KDO-13.5", action)
    if verb == "place":
        a, b = cmd[1], cmd[2]
        if b not in geo.orth[a]:
            return _ill(said('kdo.KDO-4.1.two-squares-tile-lie', 'the two squares of a tile lie on two orthogonally adjacent cells'), "KDO-4.1", action)
        land = s.land[p]
        if land[a] != -1 or land[b] != -1:
            return _ill(said('kdo.KDO-4.2.tile-must-go-cells', 'a tile must go on cells not already occupied in your territory'), "KDO-4.2", action)
        if not board.fits(geo, s.bounding_box[p], (a, b)):
            return _ill(said("kdo.KDO-4.6.territory-fits", "the whole territory, start tile included, must fit in a {n}x{n} square", n=geo.n),
                        "KDO-13.3" if geo.n == 7 else "KDO-4.6", action)
        tile = TILES[s.current_tiles[s.row_position]]
        touches = any(land[nb] != -1 for c in (a, b) for nb in geo.orth[c])
        if touches:
            return _ill(said('kdo.KDO-4.8.tile-must-touch-start', 'the tile must touch your start tile, or match the landscape of an orthogonally adjacent square: touching only other landscapes is no connection'), "KDO-4.8", action)
        return _ill(said('kdo.KDO-4.5.tile-must-connect-start', 'the tile must connect to your start tile or to a square of the same landscape ({p}/{p2})', p=LANDSCAPES[tile[0][0]], p2=LANDSCAPES[tile[1][0]]), "KDO-4.5", action)
    if verb == "fire":
        c = cmd[1]
        v = s.land[p][c]
        if v == -1:
            return _ill(said('kdo.KDO-6.5.fire-token-must-land', 'the fire token must land on a square of your own territory'), "KDO-6.5", action)
        if v == START and not s.options.get("fire_on_start", True):
            return _ill(said('kdo.KDO-6.6.start-tile-not-valid', 'the start tile is not a valid landing square for fire (house rule fire_on_start off)'),
                        "KDO-6.6", action)
        if v == VOLCANO:
            return _ill(said('kdo.KDO-6.3.fire-spray-can-never', 'a fire spray can never land on a volcano square'), "KDO-6.3", action)
        if c in s.fire_tokens[p]:
            return _ill(said('kdo.KDO-6.8.square-with-fire-token', 'a square with a fire token is never free again'), "KDO-6.8", action)
        if c in s.campfires[p]:
            return _ill(said('kdo.KDO-6.2.spray-must-land-free', 'the spray must land on a free square: no fire token and no printed campfire'), "KDO-6.2",
                        action)
        rng = TOKEN_RANGE[s.fire_value]
        rule = {3: "KDO-5.3", 2: "KDO-5.4", 1: "KDO-5.5"}.get(rng, "KDO-6.4")
        return _ill(said("kdo.fire-range", "a {fire}-fire token from this volcano reaches squares at most {rng} away "
                         "(any direction, diagonals included)", fire=s.fire_value, rng=rng), rule, action)
    if verb == "give":
        return _ill(said("kdo.KDO-10.14.totem-to-tied", "the Totem goes to one of the players now tied for the majority: {gives}",
                         gives=", ".join(f"give {q}" for q in s.give_to)), "KDO-10.14", action)
    if verb in ("recruit", "recruit_deck"):
        types = sum(1 for c in s.resource_counts[p] if c > 0)
        if verb == "recruit":
            if types < 2:
                return _ill(said('kdo.KDO-11.9.recruiting-from-display-costs', 'recruiting from the display costs 2 resources of different types from your territory'),
                            "KDO-11.9", action)
            return _ill(said('kdo.KDO-11.9.no-face-up-cave', 'no {cmd1} is face up on the Cave board', cmd1=cmd[1]), "KDO-11.9", action)
        if types < 4:
            return _ill(said('kdo.KDO-11.10.recruiting-from-deck-costs', 'recruiting from the deck costs 4 different resources, one of each type, from your territory'),
                        "KDO-11.10", action)
        return _ill(said('kdo.KDO-11.10.there-no-left-deck', 'there is no {cmd1} left in the deck', cmd1=cmd[1]), "KDO-11.10", action)
    if verb == "spend":
        c = cmd[1]
        r = s.resources[p].get(c)
        if r is None:
            return _ill(said('kdo.KDO-11.13.only-wooden-resources-lying', 'only wooden resources lying in your own territory can be spent'), "KDO-11.13", action)
        rule = "KDO-11.9" if s.recruit_cost_left + len(s.recruit_spent) == 2 else "KDO-11.10"
        return _ill(said("kdo.resources-differ", "the resources spent must be of different types: a {resource} is already spent",
                         resource=RESOURCES[r]), rule, action)
    if verb == "put":
        c = cmd[1]
        v = s.land[p][c]
        if v == -1:
            return _ill(said('kdo.KDO-11.14.cro-magnon-goes-landscape', 'the Cro-magnon goes on a landscape square of your territory'), "KDO-11.14", action)
        if v == START or c in s.cromagnons[p]:
            return _ill(said('kdo.KDO-11.17.not-start-tile-nor', 'not on the start tile, nor on a square that already holds a Cro-magnon'), "KDO-11.17", action)
        return _ill(said('kdo.KDO-11.15.square-must-hold-no', 'the square must hold no campfire, no fire token and no resource'), "KDO-11.15", action)
    return _ill(said('kdo.KDO-3.3.not-legal-now', '{action!r} is not legal now', action=action), "KDO-3.3", action)
