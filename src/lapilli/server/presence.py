"""Presence: who is connected to each table, here and on the other instances.

A connection attaches to its table (and gets its own view) and detaches from it; a seat whose
person left keeps its place for a grace time (the others see a countdown, then the button that
hands it to a computer); a person takes their seat back from the computer (``reclaim``).  Which
seats are connected here is announced to the other instances through Redis (pubsub's presence
channel), and what they announce marks their seats present here.  Presence decides nothing a
seat may see (``Room.view`` does) and stores no step.
"""
from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from starlette.concurrency import run_in_threadpool

if TYPE_CHECKING:
    from .fanout import Conn, Room
    from .hub import Hub

log = logging.getLogger("lapilli.server")


class Presence:
    """Attaches and detaches connections, watches seat grace, shares presence across instances."""

    def __init__(self, hub: Hub):
        self.hub = hub
        self.clock = hub.clock

    def broadcast(self, room: Room, presence: bool = False, skip: Conn | None = None) -> None:
        self.hub.broadcast(room, presence, skip)

    async def reclaim(self, room: Room, token: str) -> int | None:
        """The person whose token this is takes their seat back from the computer standing in
        for them; returns the seat (None when the token holds no seat here)."""
        seat = await run_in_threadpool(self.hub.store.reclaim_seat, room.info.id, token, self.hub.now())
        if seat is not None:
            if room.state.to_move == seat:
                self.hub.bots.cancel(room.info.id)
                room.thinking = False
            await self.hub.refresh_info(room.info.id)
        return seat

    # ------------------------------------------------------------------ connections
    def attach(self, room: Room, conn: Conn) -> None:
        """A new connection gets its own view; the others hear of it only when the seats
        present change (a spectator changes nothing they see)."""
        conn.on_dead = lambda c: self.detach(room, c)
        room.conns[conn] = conn.seat
        room.last_used = self.clock()
        if conn.seat is not None:
            room.absent_since.pop(conn.seat, None)
            room.seats_present[conn.seat] += 1
            if room.seats_present[conn.seat] == 1:
                self._announce([room])
                conn.send(room.text_for(conn))
                self.broadcast(room, presence=True, skip=conn)
                return
        conn.send(room.text_for(conn))
        self.watch_grace(room)

    def detach(self, room: Room, conn: Conn) -> None:
        if room.conns.pop(conn, "absent") == "absent":
            return
        room.last_used = self.clock()
        if conn.seat is not None:
            room.seats_present[conn.seat] -= 1
            if room.seats_present[conn.seat] <= 0:
                del room.seats_present[conn.seat]
                room.absent_since[conn.seat] = room.mono()
                self._announce([room])
                self.broadcast(room, presence=True)
        if not room.conns:
            room.settle()  # a finished table nobody watches keeps no views

    def watch_grace(self, room: Room) -> None:
        """When a held seat's grace runs out, the others must get a view without its countdown
        (with the button that hands the seat to a computer). Every countdown a view can show is
        watched: a seat left by its person, but also one taken and never opened, or one nobody has
        opened since the table was loaded."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a room driven synchronously): nobody to tell
            return
        for h in room.held():
            if h["seat"] not in room.grace_timers:
                room.grace_timers[h["seat"]] = loop.call_later(h["seconds"] + 0.05, self._grace_over, room, h["seat"])

    def _grace_over(self, room: Room, seat: int) -> None:
        room.grace_timers.pop(seat, None)
        if room.grace_left(seat) > 0:  # left again (or the timer ran early): watch the new countdown
            self.watch_grace(room)
        elif not room.is_present(seat) and room.conns:
            self.broadcast(room)

    # ------------------------------------------------------------------ presence across instances
    def _announce(self, rooms, every: bool = False) -> None:
        """Tell the other instances which seats of these tables are connected here (pubsub's
        "t" message, 200 tables a message); ``every``: only the tables with such a seat."""
        tables = {r.info.id: r.local_seats() for r in rooms}
        if every:
            tables = {tid: seats for tid, seats in tables.items() if seats}
        items = list(tables.items())
        for i in range(0, len(items), 200):
            self.hub.pubsub.announce({"t": dict(items[i:i + 200])})

    def on_presence(self, msg: dict) -> None:
        """A presence message of another instance (pubsub.py): the seats connected to it, a
        question, or its goodbye.  Tables whose seats present changed get fresh views."""
        source, loaded = str(msg.get("from")), self.hub.rooms
        if msg.get("bye"):
            heard = {tid: [] for tid in loaded}
        else:
            heard = msg.get("t") or {}
        for tid, seats in heard.items():
            room = loaded.get(tid)
            if room is not None and isinstance(seats, list) and room.heard(source, seats):
                self.broadcast(room)
        if "ask" in msg:
            asked = msg["ask"]
            rooms = loaded.values() if asked is None else [loaded[t] for t in asked if t in loaded]
            self._announce(list(rooms), every=True)

    async def presence_watch(self) -> None:
        """With Redis: every ``presence_heartbeat`` seconds, say again which seats are connected
        here, and forget the seats the other instances have stopped saying (their TTL)."""
        if self.hub.pubsub.url is None:
            return
        while not self.hub.closing:
            await asyncio.sleep(self.hub.settings.presence_heartbeat)
            try:
                self._announce(list(self.hub.rooms.values()), every=True)
                for room in list(self.hub.rooms.values()):
                    if room.expire() and room.conns:
                        self.broadcast(room)
            except Exception:
                log.exception("sharing presence with the other instances failed")

    def after_outage(self) -> None:
        """Redis came back: presence messages were lost meanwhile, so say which seats are
        connected here, and ask the others."""
        self._announce(list(self.hub.rooms.values()), every=True)
        self.hub.pubsub.announce({"ask": None})
