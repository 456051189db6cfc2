"""Undo never crosses a reveal: for every game and every kind of reveal it has (a card or tile
drawn from a pile shuffled earlier, a tile's back looked at, a die rolled), the table's undo is
allowed for the seat's previous action and refused once the reveal happened, while that seat is
still to decide.  The guard (Room.try_act) reads only the engine's State.reveals."""
from __future__ import annotations

import random

import pytest

from lapilli.server.hub import Room
from lapilli.server.store import SeatInfo, TableInfo

# (game, players, options, rule, what happens, expected State.reveals kind, the events that show it)
CASES = [
    ("isola-dei-vulcani", 2, {}, "IDV-8.7", "eruption die", "chance", lambda t: "roll" in t),
    ("stromboli", 2, {}, "STR-6.3", "card refilled face up", "card", lambda t: "draw" in t),
    ("stromboli", 2, {}, "STR-6.4", "lava card drawn", "card", lambda t: "lava_card" in t),
    ("kingdomino-origins", 2, {}, "KDO-2.6", "new row from the supply", "tiles", lambda t: "row" in t),
    ("kingdomino-origins", 4, {"mode": "tribe"}, "KDO-11.7", "cave refilled from the deck", "tiles",
     lambda t: "cave_refill" in t),
    ("kingdomino-origins", 4, {"mode": "tribe"}, "KDO-11.11", "deck shuffled after a recruit", "chance",
     lambda t: "recruit" in t and "shuffle" in t),
    ("the-island", 5, {"giant_squid": True, "challenge_5": True}, "ISL-5.8", "tile's back seen, Challenge 5 or squid choice to make",
     "tile-back", lambda t: "tile_removed" in t and "roll" not in t),
    ("the-island", 2, {}, "ISL-7.1", "creature die", "tile-back", lambda t: "roll" in t),
    ("the-island", 4, {"dolphins": True}, "ISL-16.7", "dive dice, rolled after a removal", "tile-back",
     lambda t: "roll" in t, "dive"),
    ("eruption", 2, {}, "ERU-3.1", "lava tile drawn", "tile", lambda t: "draw_tile" in t),
    # the tile placed was drawn (a reveal) just before: no undoable action of the seat precedes it
    ("eruption", 2, {}, "ERU-5.6", "card drawn for a new lava flow by a village", "card",
     lambda t: "tile_placed" in t and "draw_card" in t, None),
    ("eruption", 2, {}, "ERU-5.9", "card drawn in danger zone 2", "card", lambda t: t == ["draw_card"]),
    ("eruption", 2, {}, "ERU-I3", "wall's build roll", "chance", lambda t: "roll" in t),
    ("eruption", 3, {"variant": "lava_rain"}, "ERU-18.5", "Lava Rain stack uncovers a tile", "tile", lambda t: "take_tile" in t),
]


def _room(game, players, options, seed) -> Room:
    info = TableInfo("t", game, players, options, seed, 0, "playing",
                     [SeatInfo(s, "human", f"p{s}", "") for s in range(players)], seeding="mix64")
    return Room(info)


def _act(room: Room, seat: int, action: str) -> None:
    new, undoable, events = room.try_act(seat, action)
    room.state = new
    room.acts.append((seat, new.history[-1], undoable, events))
    room.version += 1


@pytest.mark.parametrize("game,players,options,rule,what,kind,shows,dice", [c if len(c) == 8 else (*c, "") for c in CASES],
                         ids=[f"{c[0]}-{c[3]}-{c[5]}" for c in CASES])
def test_undo_is_allowed_before_a_reveal_and_refused_after_it(game, players, options, rule, what, kind, shows, dice,
                                                              request):
    """``dice``: "dive" when the reveal must be a roll of the dive dice; None when no undoable
    action of the same seat can precede this reveal (the test then shows that the reveal alone
    is what refuses the undo)."""
    request.node.add_marker(pytest.mark.rule(rule))
    for seed in range(40):
        room, pick = _room(game, players, options, seed), random.Random(seed)
        while not room.state.is_terminal:
            seat = room.state.to_move
            before_undoable = room.can_undo(seat)
            legal = room.state.legal_actions()
            action = legal[pick.randrange(len(legal))]
            probe = room.state.clone()
            events = probe.apply(action)
            types = [e["type"] for e in events]
            if dice and not any(e.get("dice") == dice for e in events):
                types = []
            if (before_undoable or dice is None) and shows(types) and probe.to_move == seat:
                # the seat could take back its previous action ...
                if dice is not None:
                    assert room.acts[-1][0] == seat and room.can_undo(seat)
                _act(room, seat, action)
                if dice is None:  # ... the same action, were it no reveal, could be taken back
                    last = room.acts.pop()
                    room.acts.append((last[0], last[1], True, last[3]))
                    assert room.can_undo(seat)
                    room.acts[-1] = last
                # ... but not this one: it is still that seat's decision, and nothing may be undone
                assert room.state.to_move == seat
                assert room.state.reveals(events) == kind
                assert room.acts[-1][2] is False and not room.can_undo(seat), f"{what}: {action!r} could be undone"
                return
            _act(room, seat, action)
    pytest.fail(f"no {what} found after an undoable action of the same seat in 40 random games")
