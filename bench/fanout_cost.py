#!/usr/bin/env python3
"""CPU a move's fan-out costs per spectator, in this process, both ways and by turns: as each
connection used to be served (which texts are current worked out for every connection, then the
text encoded and framed by websockets' protocol for that connection alone: what uvicorn's ASGI
send does) and as a broadcast serves them now (``Hub.broadcast``: the texts worked out once, one
frame built per text, ``frames.frame_of``, written to every connection).  The sockets are fakes
that keep nothing (what the kernel's write costs is the same both ways); a game of The Island
(2 players) goes on between rounds, spectators whole-view clients and clients that keep the log
(``--delta``, as the web client).  Prints microseconds per spectator per move, both ways, and
their ratio.

    python3 bench/fanout_cost.py [--spectators 500] [--moves 40] [--delta 0.5]
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))
import lapilli  # noqa: E402
from lapilli.server.frames import frame_of  # noqa: E402
from lapilli.server.hub import Room  # noqa: E402
from lapilli.server.store import SeatInfo, TableInfo  # noqa: E402
from websockets.server import ServerProtocol  # noqa: E402
from websockets.protocol import State  # noqa: E402


class Sink:
    """A socket that takes everything and keeps nothing."""

    def __init__(self):
        self.bytes = 0

    def write(self, data: bytes) -> None:
        self.bytes += len(data)


class Client:
    """A spectator's connection as the fan-out sees it, with the websockets protocol object
    uvicorn would keep for it."""

    def __init__(self, delta: bool):
        self.seat, self.delta, self.have, self.seen = None, delta, None, None
        self.proto = ServerProtocol()
        self.proto.state = State.OPEN
        self.sink = Sink()


def room(seed: int) -> Room:
    st = lapilli.new_game("the-island", seed=seed)
    seats = [SeatInfo(p, "human", f"p{p}", "") for p in range(st.num_players)]
    info = TableInfo(id="t", game="the-island", players=st.num_players, options=dict(st.options), seed=seed,
                     version=0, status="playing", seats=seats, commitment="c0ffee", seeding=st.seeding)
    return Room(info)


def per_connection(r: Room, clients) -> None:
    """Every connection on its own: its text looked up, then encoded and framed for it."""
    for c in clients:
        text = r.text_for(c)
        c.proto.send_text(text.encode())
        c.sink.write(b"".join(c.proto.data_to_send()))


def shared(r: Room, clients) -> None:
    """The texts worked out once, each text framed once."""
    texts = r.texts_now()
    for c in clients:
        c.sink.write(frame_of(r.text_for(c, texts=texts)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spectators", type=int, default=500)
    ap.add_argument("--moves", type=int, default=40)
    ap.add_argument("--delta", type=float, default=0.5, help="the share of spectators that keep the log")
    args = ap.parse_args()
    ways = {"per connection": per_connection, "shared": shared}
    spent = {w: 0.0 for w in ways}
    rooms = {w: room(3) for w in ways}
    crowds = {w: [Client(i < args.delta * args.spectators) for i in range(args.spectators)] for w in ways}
    for w in ways:  # every spectator is sent its first view
        ways[w](rooms[w], crowds[w])
    rng = random.Random(1)
    for version in range(1, args.moves + 1):
        action = None
        for w in ways:  # the same move on both tables, then each way's fan-out, by turns
            r = rooms[w]
            if r.state.is_terminal:
                break
            action = action or rng.choice(r.state.legal_actions())
            r.apply_stored(version, "act", r.state.to_move, action)
            t0 = time.process_time()
            ways[w](r, crowds[w])
            spent[w] += time.process_time() - t0
    sent = {w: sum(c.sink.bytes for c in crowds[w]) for w in ways}
    us = {w: 1e6 * spent[w] / (args.moves * args.spectators) for w in ways}
    print(f"{args.spectators} spectators ({args.delta:.0%} keeping the log), {args.moves} moves of The Island")
    for w in ways:
        print(f"  {w:15s} {us[w]:6.1f} us per spectator per move  ({sent[w] / 1e6:.1f} MB framed)")
    print(f"ratio per connection / shared: {us['per connection'] / us['shared']:.1f}")


if __name__ == "__main__":
    main()
