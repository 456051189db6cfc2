"""What each seat may see of a position (``observe``, the door of ``State.observation``) and read
of each act of Stromboli (``readings``, the door of ``State.readings``).

Stromboli hides only the order of the face-down palm piles, from everyone (STR-1.9, STR-1.10):
every card drawn is laid face up at once, so every act reads the same to every seat.  A drawn
card and a Lava card turned over are chance events.
"""
from __future__ import annotations

from lapilli.engine.narration import with_quiet_act

from .board import name
from .data import BUYABLE, CARD_SPACES, COST, FACE, NSEG
from .rules import IN_BOX, NO_DISC

# events whose subject is the seat that acted (the event itself names no seat)
_BY_ACTOR = frozenset({"boat", "lava_marker"})
_QUIET = {"stay": "act.stay", "pass": "act.pass"}


def _item(state, actor, ev, reader):
    t = ev["type"]
    args = {k: v for k, v in ev.items() if k != "type"}
    if t in _BY_ACTOR and actor is not None:
        args["seat"] = actor
    if "card" in args and args["card"] in FACE:
        args["face"] = FACE[args["card"]]
    if t in ("draw", "lava_card"):
        return {"key": t, "args": args, "chance": {"kind": "card", "name": "palm card", "value": ev["card"]}}
    if t == "shuffle":
        return {"key": t, "args": {}}
    if t == "score":
        args.pop("parts", None)
    if t == "eruption":
        return {"key": "eruption" if ev["destroyed"] else "eruption.none",
                "args": {"destroyed": [d["space"] for d in ev["destroyed"]]}}
    if t == "game_over":
        return {"key": "game_over.result", "args": {"scores": ev["scores"]}}
    if t == "place":
        return {"key": "place.lava" if ev["lava"] else "place", "args": args}
    return {"key": t, "args": args}


def readings(state, actor, action, events, reader):
    return with_quiet_act([_item(state, actor, ev, reader) for ev in events], actor, action, _QUIET)


def observe(state, player):
    """What ``player`` may see: everything but the order of the face-down palm piles (their sizes)."""

    def cards_of(lst):
        return [{"id": c, "face": FACE[c]} for c in lst]

    return {
        "round": state.round,
        "turns": state.turns,
        "active": state.current_player,
        "first_player": state.first,
        "pending": state.pending(),
        "boat": state.boat,
        "craters": list(state.craters),
        "lava_supply": state.supply(),
        "card_spaces": [
            [None if c is None else {"id": c, "face": FACE[c]} for c in state.cards[s * CARD_SPACES:(s + 1) * CARD_SPACES]]
            for s in range(NSEG)
        ],
        "piles": [len(p) for p in state.piles],
        "discard": cards_of(state.discard),
        "shamans": [name(x) for x in state.shaman],
        "statues": {name(sp): o for sp, o in enumerate(state.statues) if o >= 0},
        "statues_left": list(state.statues_left),
        "discs": [{str(v): (None if d[v] < 0 else f"b{d[v]}") for v in range(1, 6)} for d in state.discs],
        "lava_discs": [None if x == IN_BOX else ("reserve" if x == NO_DISC else f"b{x}") for x in state.lava_disc],
        "front": [cards_of(f) for f in state.front],
        "shells": [cards_of(s) for s in state.shells],
        "score_cards": [list(s) for s in state.score_cards],
        # the shells each card of the scoreboard costs, from the game's data set (STR-1.11)
        "scoreboard": {"score_cards": list(state.board_cards), "priestess_face_up": state.priestess_up,
                       "costs": {c: COST[c] for c in BUYABLE}},
        "points": list(state.points),
        "last_scoring": [dict(x) for x in state.last_scoring],
    }
