"""Why an Eruption action is illegal now: an IllegalAction naming the clause it breaks."""
from __future__ import annotations

from lapilli.engine import IllegalAction, NotationError, said

from . import board as B
from . import notation as N
from .data import (CENTRAL_FLOW_SET, DANGER, LAYOUT, NUM_LAVA, PLAYABLE_SET,
                   ROT, SIDE_AT, TILE_MASK, VOLCANO, step)

CARD_VERBS = {"rain": "rain", "aftershock": "aftershock", "lavaflow": "lavaflow", "quake": "quake",
              "sinkhole": "sinkhole", "relocate": "relocate", "reinforce": "reinforce", "bomb": "bomb"}
PHASE3_VERBS = set(CARD_VERBS) | {"discard", "draw", "give", "receive"}


def _err(rule, msg, action):
    return IllegalAction(msg, rule=rule, action=action)


def explain(st, action: str) -> IllegalAction:
    try:
        a = N.parse(action)
    except NotationError as e:
        return e
    v = a[0]
    ph = st.phase
    p = st.current_player
    if ph == "village":
        if v != "village":
            return _err("ERU-1.8", said('eru.ERU-1.8.game-being-set-up', 'the game is being set up: each player first chooses a village'), action)
        if a[1] not in LAYOUT[st.num_players]:
            return _err("ERU-1.9", said('eru.ERU-1.9.with-players-villages-used', 'with {num_players} players the villages used are {p}', num_players=st.num_players, p=', '.join(map(str, LAYOUT[st.num_players]))), action)
        return _err("ERU-1.8", said('eru.ERU-1.8.village-has-already-been', 'village {a1} has already been chosen', a1=a[1]), action)
    if ph == "consent":
        return _err("ERU-16.5", said('eru.ERU-16.5.teammate-asked-for-wall', "your teammate asked for a wall: answer 'accept' or 'refuse'"), action)
    if ph == "erupt":
        if v != "erupt":
            return _err("ERU-12.3", said('eru.ERU-12.3.reached-eruption-space-must', 'you reached an eruption space: you must place the eruption tile first'), action)
        return _placement_reason(st, a[1], 63, action, eruption=True)
    if ph == "take":
        if v != "take":
            return _err("ERU-18.3", said('eru.ERU-18.3.lava-rain-take-face', 'Lava Rain: take a face-up lava tile from one of the stacks first'), action)
        k = a[1] - 1
        if not st.stacks[k]:
            return _err("ERU-18.3", said('eru.ERU-18.3.stack-empty', 'stack {a1} is empty', a1=a[1]), action)
        return _err("ERU-18.4", said('eru.ERU-18.4.face-up-tile-stack', 'the face-up tile of stack {a1} has no legal placement, and a drawn tile must be placed', a1=a[1]), action)
    if ph == "place":
        if v != "place":
            return _err("ERU-3.4", said('eru.ERU-3.4.drawn-lava-tile-can', 'the drawn lava tile can be placed, so it must be placed now'), action)
        return _placement_reason(st, a[1], ROT[TILE_MASK[st.pending]][a[2]], action, quake=st.mode == "quake")
    if ph == "p2x":
        return _err("ERU-11.5", said('eru.ERU-11.5.danger-zone-answer-extra', "danger zone 3: answer 'extra' (draw another lava tile) or 'end'"), action)
    if ph == "p4":
        if v == "build":
            return _build_reason(st, p, a[1], a[2], action)
        if v in PHASE3_VERBS:
            return _err("ERU-5.17", said('eru.ERU-5.17.action-cards-played-discarded', 'action cards are played or discarded only in your Phase 3'), action)
        return _err("ERU-2.2", said('eru.ERU-2.2.this-phase-build-wall', "this is Phase 4: build a wall ('build ...') or 'end' your turn"), action)
    if ph != "p3":
        return _err("ERU-2.2", said('eru.ERU-2.2.that-action-does-not', 'that action does not belong to this phase of the turn'), action)
    # ---------------------------------------------------------------- Phase 3
    hand = st.hands[p]
    if v == "end":
        return _err("ERU-2.8", said('eru.ERU-2.8.hold-cards-at-end', 'you hold {n} cards: at the end of Phase 3 you may keep at most 3', n=len(hand)), action)
    if v == "build":
        return _err("ERU-2.2", said('eru.ERU-2.2.walls-built-phase-end', 'walls are built in Phase 4: end Phase 3 first'), action)
    if v in ("place", "erupt", "take", "extra", "accept", "refuse", "village"):
        return _err("ERU-2.2", said('eru.ERU-2.2.that-action-does-not-2', 'that action does not belong to Phase 3'), action)
    if v == "draw":
        if st.temperatures[p] < DANGER[1]:
            return _err("ERU-5.9", said('eru.ERU-5.9.may-draw-card-phase', 'you may draw a card in Phase 3 only when your marker is on or past danger zone 2'), action)
        if st.danger_card_drawn:
            return _err("ERU-11.4", said('eru.ERU-11.4.danger-zone-card-drawn', 'the danger zone card is drawn once per turn'), action)
        return _err("ERU-15.2", said('eru.ERU-15.2.deck-discard-pile-both', 'the deck and the discard pile are both empty'), action)
    if v in ("give", "receive"):
        if st.mate(p) is None:
            return _err("ERU-16.5", said('eru.ERU-16.5.walls-given-received-from', 'walls are given to or received from a teammate only in the Cooperation variant'),
                        action)
        return _err("ERU-16.5", (said('eru.ERU-16.5.no-wall-give', 'you have no {a1} wall', a1=a[1]) if v == 'give' else said('eru.ERU-16.5.no-wall-receive', 'your teammate has no {a1} wall', a1=a[1])), action)
    if v == "discard":
        cards = list(a[1:])
        for c in set(cards):
            if hand.count(c) < cards.count(c):
                return _err("ERU-5.1", said('eru.ERU-5.1.do-not-hold-card-2', 'you do not hold {p} {c} card(s)', p=cards.count(c), c=c), action)
        if st.lava_removed:
            return _err("ERU-13.4", said('eru.ERU-13.4.lava-tiles-have-been', 'the lava tiles have been removed from play: no lava tile can be drawn'), action)
        if st.final_left is not None:
            return _err("ERU-13.8", said('eru.ERU-13.8.last-turns-no-lava', 'in the last turns no lava tile is drawn'), action)
        return _err("ERU-13.6", said('eru.ERU-13.6.lava-stack-has-run', 'the lava stack has run out: no lava tile can be drawn'), action)
    card = CARD_VERBS[v]
    if card not in hand:
        return _err("ERU-5.1", said('eru.ERU-5.1.do-not-hold-card', 'you do not hold a {card} card', card=card), action)
    if v in ("lavaflow", "quake"):
        if st.lava_removed:
            return _err("ERU-13.4", said('eru.ERU-13.4.lava-tiles-have-been', 'the lava tiles have been removed from play: no lava tile can be drawn'), action)
        if st.final_left is not None:
            return _err("ERU-13.8", said('eru.ERU-13.8.last-turns-no-lava', 'in the last turns no lava tile is drawn'), action)
        if v == "quake":
            return _err("ERU-14.17", said('eru.ERU-14.17.there-no-lava-tile', 'there is no lava tile on the board to replace'), action)
        return _err("ERU-13.6", said('eru.ERU-13.6.lava-stack-has-run-2', 'the lava stack has run out'), action)
    if v == "aftershock":
        h, r = a[1], a[2]
        t = st.tiles.get(h)
        if t is None or t[0] >= NUM_LAVA:
            return _err("ERU-14.2", said('eru.ERU-14.2.aftershock-rotates-lava-tile', 'Aftershock rotates a lava tile on the board'), action)
        if r == t[1]:
            return _err("ERU-14.2", said('eru.ERU-14.2.tile-must-turned-by', 'the tile must be turned by 1 to 5 steps'), action)
        rest = {k: x for k, x in st.tiles.items() if k != h}
        why = _match_reason(st, rest, h, ROT[TILE_MASK[t[0]]][r], action, "ERU-14.4")
        return _err("ERU-14.4", said('eru.ERU-14.4.after-rotation-tile-must', 'after the rotation the tile must not break the placement rules: {message}', message=why.message),
                    action)
    if v == "sinkhole":
        if a[1] not in st.tiles:
            return _err("ERU-14.12", said('eru.ERU-14.12.sinkhole-removes-tile-board', 'Sinkhole removes a tile on the board: there is none there'), action)
        return _err("ERU-14.15", said('eru.ERU-14.15.after-removal-every-other', 'after the removal every other tile must still follow the placement rules (stay joined to the volcano or an eruption tile)'), action)
    if v == "relocate":
        vv = st.villages[p]
        if (vv, a[1]) not in st.border_walls:
            return _err("ERU-14.9", said('eru.ERU-14.9.there-no-wall-side', 'there is no wall on side {p} of your village', p=a[1] + 1), action)
        if (vv, a[2]) in st.border_walls:
            return _err("ERU-14.10", said('eru.ERU-14.10.move-must-not-put', 'the move must not put two walls on the same village side'), action)
        return _err("ERU-10.8", said('eru.ERU-10.8.that-side-village-closed', 'that side of your village is closed to walls'), action)
    if v == "reinforce":
        return _build_reason(st, p, a[1], a[2], action, reinforce=True)
    if v == "bomb":
        kind, key = a[1]
        return _err("ERU-14.25", said('eru.ERU-14.25.volcanic-bomb-discards-wall', 'Volcanic Bomb discards a wall standing on the board: there is none there'), action)
    return _err("ERU-2.2", said('eru.ERU-2.2.that-action-not-allowed', 'that action is not allowed now'), action)


def _match_reason(st, tiles, s, mask, action, rule_default):
    need, forbid = B.edge_profile(tiles, s)
    for d in range(6):
        bit = 1 << d
        n = step(s, d)
        if mask & bit and forbid & bit:
            if n in VOLCANO:
                return _err("ERU-3.13", said('eru.ERU-3.13.lava-must-not-touch', 'lava must not touch the volcano where no flow is printed'), action)
            return _err("ERU-3.9", said('eru.ERU-3.9.lava-must-not-run', 'lava must not run into an edge of a tile that carries no lava'), action)
        if need & bit and not mask & bit:
            return _err("ERU-3.10", said('eru.ERU-3.10.flow-pointing-into-this', 'a flow pointing into this space must be met by a flow of the new tile (the lava must connect with every adjacent tile)'), action)
    return _err(rule_default, said('eru.placement-rules', 'the tile breaks the placement rules there'), action)


def _placement_reason(st, s, mask, action, quake=False, eruption=False):
    if s not in PLAYABLE_SET:
        return _err("ERU-3.6", said('eru.ERU-3.6.tile-must-placed-empty', 'a tile must be placed on an empty hexagonal space of the board'), action)
    if quake:
        t = st.tiles.get(s)
        if t is None or t[0] >= NUM_LAVA:
            return _err("ERU-14.17", said('eru.ERU-14.17.quake-puts-drawn-tile', 'Quake puts the drawn tile in place of a lava tile on the board'), action)
        tiles = {k: x for k, x in st.tiles.items() if k != s}
    else:
        if s in st.tiles:
            return _err("ERU-3.6", said('eru.ERU-3.6.tile-must-placed-empty-2', 'a tile must be placed on an empty space: that one holds a tile'), action)
        tiles = st.tiles
    need, forbid = B.edge_profile(tiles, s)
    if eruption:
        if forbid:
            r = _match_reason(st, tiles, s, 63, action, "ERU-12.8")
            if r.rule == "ERU-3.9":
                return _err("ERU-12.8", said('eru.ERU-12.8.eruption-tile-must-connect', 'an eruption tile must connect with every adjacent tile'), action)
            return r
        return _err("ERU-12.3", said('eru.ERU-12.3.eruption-tile-cannot-go', 'the eruption tile cannot go there'), action)
    if not need:
        return _err("ERU-3.7", said('eru.ERU-3.7.tile-must-placed-next', 'the tile must be placed next to lava coming from the volcano or an eruption tile'),
                    action)
    r = _match_reason(st, tiles, s, mask, action, "ERU-3.8")
    if r.rule != "ERU-3.8":
        return r
    return _err("ERU-8.8", said('eru.ERU-8.8.every-flow-end-meeting', 'every flow end meeting this space is walled and those walls were already rolled against this turn'), action)


def _build_reason(st, p, mat, loc, action, reinforce=False):
    if not reinforce and st.builds_left <= 0:
        return _err("ERU-2.9", said('eru.ERU-2.9.have-built-all-walls', 'you have built all the walls you may build this turn'), action)
    if st.reserve[p][mat] <= 0:
        return _err("ERU-6.7", said('eru.ERU-6.7.walls-built-from-reserve', 'walls are built from your Reserve, and it has no {mat} wall', mat=mat), action)
    kind, key = loc
    if kind == "side":
        if key[0] != st.villages[p]:
            return _err("ERU-9.3", said('eru.ERU-9.3.may-build-border-walls', 'you may build border walls only on the sides of your own village'), action)
        if key in st.border_walls:
            return _err("ERU-9.2", said('eru.ERU-9.2.at-most-one-wall', 'at most one wall may stand on each village side'), action)
        return _err("ERU-10.8", said('eru.ERU-10.8.no-wall-can-built', 'no wall can be built again on a side whose wall was destroyed in Phase 1'), action)
    h, d = key
    t = st.tiles.get(h)
    has_flow = (t is not None and t[2] >> d & 1) or key in CENTRAL_FLOW_SET
    if not has_flow:
        return _err("ERU-8.1", said('eru.ERU-8.1.flow-wall-built-edge', 'a flow wall is built on an edge where a tile (or the volcano) has a lava flow'), action)
    if key in st.flow_walls:
        return _err("ERU-8.4", said('eru.ERU-8.4.at-most-one-wall', 'at most one wall may stand on each flow'), action)
    if key in SIDE_AT:
        return _err("ERU-8.14", said('eru.ERU-8.14.flow-touching-village-border', 'a flow touching a village border is blocked only with border walls'), action)
    n = step(h, d)
    if n not in PLAYABLE_SET:
        return _err("ERU-8.2", said('eru.ERU-8.2.wall-cannot-built-flow', 'a wall cannot be built on a flow that leaves the board'), action)
    return _err("ERU-8.1", said('eru.ERU-8.1.flow-wall-must-face', 'a flow wall must face an empty space (ERU-I11): that space already holds a tile'), action)
