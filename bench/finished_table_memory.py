#!/usr/bin/env python3
"""Memory a finished table keeps while it stays in memory (its Room): a random game of The
Island (2 players) played to its end, its views made for each seat and a spectator (whole, and
for a client that keeps the log), then measured two ways, with its views cached and once
settled (Room.settle: nobody is connected to it): the bytes allocated and still held since the
Rooms were made (tracemalloc, after ten games played first), and a deep size of a Room's own
objects (each object counted once; classes, modules, functions and the game's shared spec not
counted).  The deep size is what a table kept in memory costs.  tracemalloc's figure also holds
what the games added to the engine's own tables, which every table of the game shares and which
stay once the Rooms are gone (The Island's: the move texts of each piece and hex, each action's
parsed form; bounded, but far from full after ten games); the last line gives what is still held
once the Rooms are dropped.

    python3 bench/finished_table_memory.py [--game the-island] [--seed 1] [--tables 5]
"""
from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import tracemalloc

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))
import lapilli  # noqa: E402
from lapilli.server.hub import Room  # noqa: E402
from lapilli.testing.memory import deep_size  # noqa: E402
from lapilli.server.store import SeatInfo, TableInfo  # noqa: E402

class Client:
    """A connection as Room.text_for sees it."""

    def __init__(self, seat, delta):
        self.seat, self.delta, self.have = seat, delta, None


def finished_room(game: str, seed: int) -> Room:
    st = lapilli.new_game(game, seed=seed)
    seats = [SeatInfo(p, "human", f"p{p}", "") for p in range(st.num_players)]
    info = TableInfo(id=f"t{seed}", game=game, players=st.num_players, options=dict(st.options), seed=seed,
                     version=0, status="playing", seats=seats, commitment="c0ffee", seeding=st.seeding)
    room = Room(info)
    rng = random.Random(seed)
    clients = [Client(s, d) for s in (*range(st.num_players), None) for d in (False, True)]
    version = 0
    while not room.state.is_terminal:
        version += 1
        room.apply_stored(version, "act", room.state.to_move, rng.choice(room.state.legal_actions()))
        if version % 10 == 0:  # views made along the way, as the players were sent them
            for c in clients:
                room.text_for(c)
    room.info.status = "finished"
    for c in clients:
        room.text_for(c)
    return room


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="the-island")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tables", type=int, default=5)
    args = ap.parse_args()
    fresh = lapilli.new_game(args.game, seed=0)
    shared = {id(o) for o in gc.get_referents(fresh.SPEC)} | {id(fresh.SPEC)}
    for i in range(10):  # games played first: the engine's shared tables (move texts) hold the commonest moves
        finished_room(args.game, 1000 + i).settle()
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    rooms = [finished_room(args.game, args.seed + i) for i in range(args.tables)]
    gc.collect()
    viewed = (tracemalloc.get_traced_memory()[0] - before) / len(rooms)
    viewed_sizes = [deep_size(r, shared) for r in rooms]
    parts = sorted(((name, deep_size(v, shared)) for name, v in vars(rooms[0]).items()), key=lambda kv: -kv[1])
    for r in rooms:  # the last connection leaves (Hub.detach), or the table is only peeked at
        r.settle()
    gc.collect()
    settled = (tracemalloc.get_traced_memory()[0] - before) / len(rooms)
    sizes = [deep_size(r, shared) for r in rooms]
    count = len(rooms)
    print(f"{args.game}: {count} finished tables, {sum(len(r.acts) for r in rooms) / count:.0f} actions each")
    print(f"with the views of every seat and a spectator cached (connections still there): "
          f"tracemalloc {viewed / 1024:.0f} KiB, deep size mean {sum(viewed_sizes) / count / 1024:.0f} KiB")
    for name, size in parts[:6]:
        print(f"    {name}: {size / 1024:.0f} KiB")
    print(f"settled (nobody connected, kept in memory): tracemalloc {settled / 1024:.0f} KiB, deep size mean "
          f"{sum(sizes) / count / 1024:.0f} KiB, max {max(sizes) / 1024:.0f} KiB (target at most 100 KiB)")
    del rooms, r
    gc.collect()
    left = (tracemalloc.get_traced_memory()[0] - before) / count
    tracemalloc.stop()
    print(f"once the Rooms are dropped: tracemalloc {left / 1024:.0f} KiB a table still held outside them "
          f"(what the games added to the engine's shared tables)")

if __name__ == "__main__":
    main()
