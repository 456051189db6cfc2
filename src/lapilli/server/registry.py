"""The table registry: which tables are in memory, and getting one there.

It loads a table from storage (replayed in a worker thread), keeps the loaded ones, keeps a few
read-only copies (``peek``) for pages that only look, evicts the idle ones (``sweep``) and, at
start-up, opens every unfinished table whose computer is to move (``resume``).  It never changes
a table: steps are the referee's, connections the presence's.
"""
from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from typing import TYPE_CHECKING

from starlette.concurrency import run_in_threadpool

from ..engine.errors import LapilliError
from ..words import server_said
from .faults import STORAGE_DOWN, STORAGE_ERRORS, unavailable
from .store import TableInfo

if TYPE_CHECKING:
    from .fanout import Room
    from .hub import Hub

log = logging.getLogger("lapilli.server")


class TableRegistry:
    """Loads, caches, peeks at, evicts and resumes tables."""

    PEEKED = 64  # read-only tables peek keeps (besides the loaded ones, at most settings.max_tables)

    def __init__(self, hub: Hub, datasets=()):
        self.hub = hub
        self.store = hub.store
        self.settings = hub.settings
        self.clock = hub.clock
        self.datasets = {d.hash: d for d in (datasets or ())}  # the data sets this server was started with
        self.rooms: dict[str, Room] = {}
        self.peeked: OrderedDict[str, Room] = OrderedDict()  # read-only tables (peek), least recent first
        self._load_lock = asyncio.Lock()

    def dataset_for(self, info: TableInfo):
        """The DataSet a table plays with (None: the game's own data); refused when this server
        was not started with it."""
        if not info.dataset:
            return None
        ds = self.datasets.get(info.dataset.get("hash"))
        if ds is None:
            raise LapilliError(server_said("dataset_not_loaded", tid=info.id, name=info.dataset.get("name"),
                                           hash=str(info.dataset.get("hash"))[:12]))
        return ds

    async def room(self, tid: str) -> Room:
        """The table in memory, loaded from storage if it is not (and its computer scheduled)."""
        room = self.rooms.get(tid)
        if room is None:
            async with self._load_lock:
                room = self.rooms.get(tid)
                if room is None:
                    self.peeked.pop(tid, None)  # built afresh: its seats' countdowns start now
                    room = await self.load(tid)
                    if len(self.rooms) >= self.settings.max_tables:
                        self.sweep(room_for=1)
                    self.rooms[tid] = room
                    self._trim_peeked()
                    self.hub.pubsub.announce({"ask": [tid]})  # who is connected to it elsewhere
                    await self.hub.proposals.on_load(room)  # an undo proposal another instance made
        room.last_used = self.clock()
        await self.hub.clocks.start(room)
        self.hub.schedule_bot(room)
        return room

    def build(self, tid: str, info: TableInfo | None = None) -> Room:
        """A table read from storage and played up to its last step (blocking: replaying a long
        game takes tens of milliseconds, so it runs in a worker thread, never on the event loop)."""
        from .hub import Room  # the table in memory lives with its views

        if info is None:
            info = self.store.get(tid)
        room = Room(info, self.clock(), self.settings.seat_grace, self.dataset_for(info),
                    presence_ttl=self.settings.presence_ttl)
        room.now = self.hub.now
        room.computer_only_moves = self.settings.computer_only_moves
        for version, kind, seat, action in self.store.steps(tid, 0):
            room.apply_stored(version, kind, seat, action, fresh=True)
        return room

    async def load(self, tid: str, info: TableInfo | None = None) -> Room:
        try:
            return await run_in_threadpool(self.build, tid, info)
        except STORAGE_ERRORS:
            raise unavailable("storage_down_table", tid=tid) from None

    async def peek(self, tid: str) -> Room:
        """The table as it stands, for reading only: the loaded one, or one read from storage
        that is not kept among the loaded tables.  The last ``PEEKED`` such reads are kept while
        their table has no new step (a player's page or My tables read the same tables on every
        visit), and are given their seats as stored now."""
        room = self.rooms.get(tid)
        if room is not None:
            return room
        try:
            info = await run_in_threadpool(self.store.get, tid)
        except STORAGE_ERRORS:
            raise unavailable("storage_down_table", tid=tid) from None
        room = self.peeked.get(tid)
        if room is not None and room.version == info.version:
            self.peeked.move_to_end(tid)
            room.info = info
            room.last_used = self.clock()
            return room
        room = await self.load(tid, info)
        if self.rooms.get(tid) is not None:  # loaded meanwhile
            return self.rooms[tid]
        room.settle()  # a finished table read for its position keeps no events
        self.peeked[tid] = room
        self.peeked.move_to_end(tid)
        self._trim_peeked()
        return room

    def _trim_peeked(self) -> None:
        """Loaded and peeked tables together stay within max_tables."""
        keep = max(0, min(self.PEEKED, self.settings.max_tables - len(self.rooms)))
        while len(self.peeked) > keep:
            self.peeked.popitem(last=False)

    def in_memory(self) -> int:
        """Tables held in memory: the loaded ones and the read-only ones ``peek`` keeps."""
        return len(self.rooms) + len(self.peeked)

    async def info(self, tid: str) -> TableInfo:
        room = self.rooms.get(tid)
        return room.info if room is not None else await run_in_threadpool(self.store.get, tid)

    def evictable(self, room: Room) -> bool:
        return (not room.conns and not room.thinking and not room.healing and not room.lock.locked()
                and not self.hub.computers.to_move(room))

    def sweep(self, room_for: int = 0) -> int:
        """Drop the tables nobody uses: idle ones, then the least recently used while more than
        max_tables (less ``room_for`` about to be loaded) are loaded.  A table whose computer is
        to move is kept and scheduled instead.  Returns how many left memory."""
        now, s = self.clock(), self.settings
        gone = 0
        for tid, room in list(self.rooms.items()):
            if not room.conns and self.hub.computers.to_move(room):
                self.hub.schedule_bot(room)
            if now - room.last_used >= s.idle_seconds and self.evictable(room):
                del self.rooms[tid]
                gone += 1
        for tid, room in list(self.peeked.items()):
            if now - room.last_used >= s.idle_seconds:
                del self.peeked[tid]
        cap = max(0, s.max_tables - room_for)
        if len(self.rooms) > cap:
            for room in sorted(self.rooms.values(), key=lambda r: r.last_used):
                if len(self.rooms) <= cap:
                    break
                if self.evictable(room):
                    del self.rooms[room.info.id]
                    gone += 1
        self._trim_peeked()
        return gone

    async def sweeper(self) -> None:
        every = max(0.05, min(30.0, self.settings.idle_seconds / 2))
        while True:
            await asyncio.sleep(every)
            try:
                self.sweep()
            except Exception:
                log.exception("sweep of idle tables failed")

    # ------------------------------------------------------------------ start-up
    async def resume(self) -> int:
        """Every unfinished table with a computer seat is opened, ``resume_batch`` at a time: the
        ones whose computer is to move stay (and it moves), the others leave memory again.  The
        next batch waits until fewer than a batch of computers are thinking."""
        batch = max(1, self.settings.resume_batch)
        after, resumed = "", 0
        while not self.hub.closing:
            try:
                ids = await run_in_threadpool(self.store.tables_with_computers, batch, after)
            except STORAGE_ERRORS:
                log.warning("resuming tables: %s; trying again", STORAGE_DOWN)
                await asyncio.sleep(self.settings.retry_max_seconds)
                continue
            if not ids:
                break
            for tid in ids:
                try:
                    room = await self.room(tid)
                except Exception:
                    log.exception("table %s could not be resumed", tid)
                    continue
                if room.thinking:
                    resumed += 1
                elif self.evictable(room):
                    del self.rooms[tid]
            after = ids[-1]
            while sum(r.thinking for r in self.rooms.values()) >= batch and not self.hub.closing:
                await asyncio.sleep(0.05)
        if resumed:
            log.warning("resumed %d tables whose computer was to move", resumed)
        return resumed

