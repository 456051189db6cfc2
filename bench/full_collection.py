#!/usr/bin/env python3
"""How long a full collection of the garbage collector stops a serving process that holds many
tables: N two-player tables of The Island in memory (Rooms), each played some random moves into
its game with both seats' views made for a client that keeps the log (as a server sends them),
the collector set as `lapilli serve` sets it (``collector.tune_collector``: start-up objects
frozen).  Prints the objects the collector tracks, then the time of three full collections
(``gc.collect(2)``, what ``collector.pace`` runs every half hour) and three of the young and
middle generations (what it runs four times a second).  The event loop waits that long: every
move in flight at that moment waits with it.

    python3 bench/full_collection.py [--tables 1000] [--moves 40]
"""
from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))
import lapilli  # noqa: E402
from lapilli.server import collector  # noqa: E402
from lapilli.server.hub import Room  # noqa: E402
from lapilli.server.store import SeatInfo, TableInfo  # noqa: E402


class Client:
    """A connection as Room.text_for sees it: a client that keeps the log (log=delta)."""

    def __init__(self, seat):
        self.seat, self.delta, self.have, self.seen = seat, True, None, None


def played_room(seed: int, moves: int) -> Room:
    st = lapilli.new_game("the-island", seed=seed)
    info = TableInfo(f"t{seed}", "the-island", 2, dict(st.options), seed, 0, "playing",
                     [SeatInfo(0, "human", "alice", ""), SeatInfo(1, "human", "bob", "")], seeding=st.seeding,
                     commitment="c0ffee")
    info.salt = "s" * 32
    room = Room(info)
    for p in range(2):
        room.seats_present[p] += 1
    clients = [Client(0), Client(1)]
    rng = random.Random(seed)
    for _ in range(moves):
        if room.over:
            break
        room.apply_stored(room.version + 1, "act", room.state.to_move, rng.choice(room.state.legal_actions()))
        texts = room.texts_now()
        for c in clients:
            room.text_for(c, texts=texts)
    return room


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=1000)
    ap.add_argument("--moves", type=int, default=40, help="random moves played at each table")
    args = ap.parse_args()
    collector.tune_collector()
    started = time.perf_counter()
    rooms = []
    for seed in range(args.tables):
        rooms.append(played_room(seed, args.moves))
        if seed % 100 == 99:
            gc.collect(1)  # (as pace does while serving)
            print(f"\r{seed + 1} tables", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    print(f"{len(rooms)} tables of The Island, {sum(len(r.acts) for r in rooms):,} moves, made in "
          f"{time.perf_counter() - started:.1f} s; the collector tracks {len(gc.get_objects()):,} objects "
          f"({gc.get_freeze_count():,} frozen at start-up besides)")
    for generation, name in ((2, "full collection"), (1, "young and middle generations")):
        for _ in range(3):
            t, c = time.perf_counter(), time.process_time()
            gc.collect(generation)
            print(f"{name}: {1e3 * (time.perf_counter() - t):.1f} ms ({1e3 * (time.process_time() - c):.1f} ms CPU)")


if __name__ == "__main__":
    main()
