"""The referee: the one place a move becomes true.

An action (a person's or a computer's) or an undo is checked against the table's state, applied
on a copy, and stored in the transaction that advances the table's version (``Store.append_step``,
guarded by the version the table had); only then does the copy become the table's state.  A
step refused by that guard (another writer or instance got there first) re-reads the table and
says why; a step the database did not answer for is refused, and the table is re-read (healed)
once the database answers again.  Steps and seat changes stored by other instances are read
here too (``on_remote_change``, ``resync``, ``refresh_info``).

No other part writes a step; the referee never sends to a connection itself (``Hub.broadcast``
does) and never decides what a seat may see (``Room.view``).
"""
from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from starlette.concurrency import run_in_threadpool

from . import clocks
from . import faults
from .faults import STORAGE_ERRORS, ActionRefused
from .retry import FIRST_PAUSE, retrying
from .store import Busy, Conflict

if TYPE_CHECKING:
    from .fanout import Room
    from .hub import Hub

log = logging.getLogger("lapilli.server")
CONCEDED_LEVEL = "normal"  # the computer that plays out a conceded seat of a game of three or more


class Referee:
    """Stores and applies steps: act, undo, conflicts, steps of other instances, healing."""

    def __init__(self, hub: Hub):
        self.hub = hub
        self.store = hub.store
        self.pubsub = hub.pubsub
        self.clock = hub.clock
        self._checkpointing = False  # a checkpoint of the SQLite file is under way (_store_step)

    @property
    def rooms(self) -> dict[str, Room]:
        return self.hub.rooms

    # the hub's other parts, by the names the step methods use
    def now(self) -> float:
        return self.hub.now()

    def _spawn(self, coro) -> asyncio.Task:
        return self.hub.spawn(coro)

    @property
    def on_finish(self):
        return self.hub.on_finish

    def notify(self, room: Room, seat: int | None):
        return self.hub.notify(room, seat)

    def broadcast(self, room: Room) -> None:
        self.hub.broadcast(room)

    def schedule_bot(self, room: Room) -> None:
        self.hub.schedule_bot(room)

    async def _catch_up(self, room: Room) -> None:
        steps = await run_in_threadpool(self.store.steps, room.info.id, room.version)
        for version, kind, seat, action in steps:
            room.apply_stored(version, kind, seat, action)

    async def act(self, room: Room, seat: int, action: str, by: str = "human", version: int | None = None) -> None:
        """Store and apply ``seat``'s action; ``by`` is who plays the seat ("human" or "bot"), as
        the store checks it when the step is stored (another instance may have handed the seat
        over meanwhile).  ``version``: the table's version the client chose at; the move is
        refused as "changed since you chose" when the table is elsewhere by the time the move
        holds the table (checked under the lock, so a step that arrives meanwhile, here or from
        another instance, is never answered as a different refusal such as "not your turn")."""
        refused = None
        async with room.lock:
            if not room.started():
                raise faults.refused("not_started")
            if version is not None and version != room.version:
                raise faults.refused("table_changed_since_chose")
            new, undoable, events = room.try_act(seat, action)
            status = "finished" if new.is_terminal else None
            to_move = None if new.is_terminal else new.to_move
            clock = None
            if room.info.clock and room.info.clock.clock:
                clock = clocks.after_act(room.info.clock, room.info.players, seat, to_move, self.now())
            try:
                version = await self._store_step(room.info.id, room.version, "act", seat,
                                             new.history[-1], status, to_move, clock, by)
            except Conflict:
                refused = await self._after_conflict(room, seat, by, "move")
            except STORAGE_ERRORS:
                self._heal(room)
                raise faults.unavailable("storage_down_step", what="move") from None
            if refused is None:
                room.state = new
                room.acts.append((seat, new.history[-1], undoable, events))
                room.version = version
                room.info.to_move = to_move
                if clock is not None:
                    room.info.clock = clock
                if status:
                    room.info.status = status
        await self._after_step(room, refused, bool(status))
        if to_move is not None and to_move != seat and self.hub.notices.wanted(room, to_move):
            self._spawn(self.notify(room, to_move))

    async def _store_step(self, *step) -> int:
        """``Store.append_step(*step)``: on this thread when the store can write it at once
        (SQLite with nobody else writing: a step costs less than the hop to a worker thread and
        back), else in a worker thread, so that the event loop never waits for a lock."""
        if getattr(self.store, "writes_at_once", False):
            try:
                version = self.store.append_step_at_once(*step)
            except Busy:
                pass
            else:
                if self.store.checkpoint_due() and not self._checkpointing:
                    self._checkpointing = True
                    self._spawn(self._checkpoint())
                return version
        return await run_in_threadpool(self.store.append_step, *step)

    async def _checkpoint(self) -> None:
        try:
            await run_in_threadpool(self.store.checkpoint)
        except STORAGE_ERRORS:  # tried again after the next steps
            pass
        finally:
            self._checkpointing = False

    async def undo(self, room: Room, seat: int) -> None:
        refused = None
        async with room.lock:
            if not room.started():
                raise faults.refused("not_started")
            if not room.can_undo(seat):
                raise faults.refused("nothing_to_undo")
            try:
                version = await self._store_step(room.info.id, room.version, "undo", seat, "",
                                             None, seat, room.info.clock, "human")
            except Conflict:
                refused = await self._after_conflict(room, seat, "human", "undo")
            except STORAGE_ERRORS:
                self._heal(room)
                raise faults.unavailable("storage_down_step", what="undo") from None
            if refused is None:
                room.acts.pop()
                room._rebuild()
                room.version = version
        if refused is not None:
            self._refused(room, refused)
        self._changed(room)

    async def concede(self, room: Room, seat: int) -> None:
        """``seat``'s person concedes (the seat must be played by its person).  When every seat
        but one has conceded (two players: at once) the game ends and the others win; with more
        players the seat is out: a computer plays it to the end, its token no longer takes it
        back, and it is ranked after every other seat (Room.outcome).  At a rated table it is
        counted abandoned (a loss against every other seat: ratings.py), so that conceding never
        avoids a loss.  Stored as one step, like every step."""
        refused = None
        async with room.lock:
            if not room.started():
                raise faults.refused("not_started")
            if room.over:
                raise faults.refused("game_over")
            if seat in room.conceded:
                raise faults.refused("conceded_already")
            finished = room.info.players - len(set(room.conceded)) - 1 <= 1
            to_move = None if finished else room.state.to_move
            try:
                version = await run_in_threadpool(self.store.concede, room.info.id, room.version, seat, finished,
                                                  to_move, CONCEDED_LEVEL)
            except Conflict:
                refused = await self._after_conflict(room, seat, "human", "concession")
            except STORAGE_ERRORS:
                self._heal(room)
                raise faults.unavailable("storage_down_step", what="concession") from None
            if refused is None:
                room.conceded.append(seat)
                room.version = version
                room.info = await run_in_threadpool(self.store.get, room.info.id)
        await self._after_step(room, refused, finished)

    async def _after_step(self, room: Room, refused, finished: bool) -> None:
        """What follows a written step (a move or a concession): a refusal told, the end of the
        game's ratings (kept pending in the store when they fail), every connection told."""
        if refused is not None:
            self._refused(room, refused)
        if finished and self.on_finish is not None:
            try:
                await self.on_finish(room)
            except Exception:  # kept pending in the store: retry_ratings applies it later
                log.exception("table %s: what follows the end of the game failed; retried later", room.info.id)
        self._changed(room)

    async def undo_agreed(self, room: Room, seat: int, version: int) -> None:
        """Take back ``seat``'s last action, which every other seat agreed to (proposals.py): the
        table must still be at ``version`` (the one the proposal was made at), the last action
        must be the seat's and must have revealed nothing (no draw, die or hidden tile).  Stored
        as an undo step, like the seat's own undo."""
        refused = None
        async with room.lock:
            if room.version != version:
                raise faults.refused("table_changed_since_proposed")
            if room.over or not room.acts or room.acts[-1][0] != seat or not room.acts[-1][2]:
                raise faults.refused("nothing_to_undo_agreed")
            try:
                version = await self._store_step(room.info.id, room.version, "undo", seat, "",
                                                 None, seat, room.info.clock, "human")
            except Conflict:
                refused = await self._after_conflict(room, seat, "human", "undo")
            except STORAGE_ERRORS:
                self._heal(room)
                raise faults.unavailable("storage_down_agreed_undo") from None
            if refused is None:
                room.acts.pop()
                room._rebuild()
                room.version = version
                room.info.to_move = seat
        if refused is not None:
            self._refused(room, refused)
        self._changed(room)

    async def _after_conflict(self, room: Room, seat: int, by: str, what: str) -> ActionRefused:
        """The store refused a step (another writer or instance got there first): the table is
        read again (seats and clock, then the steps it misses) and the refusal says why."""
        room.info = await run_in_threadpool(self.store.get, room.info.id)
        await self._catch_up(room)
        s = room.info.seats[seat]
        if s.kind != by and by == "human":
            return faults.refused("timed_out_computer_took_seat" if s.timed_out else "computer_took_seat", seat=seat, what=what)
        return faults.refused("table_changed_before", what=what)

    def _refused(self, room: Room, refused: ActionRefused):
        """A refused step re-read the table: its computer moves when one now plays the seat to
        move, and everyone here is shown the table as stored, just after the sender is told why
        (the refusal goes first)."""
        self.schedule_bot(room)
        asyncio.get_running_loop().call_soon(self.broadcast, room)
        raise refused

    def _changed(self, room: Room) -> None:
        room.last_used = self.clock()
        self.broadcast(room)
        if getattr(self.pubsub, "publishes", True):  # never holds up the sender
            self._spawn(self.pubsub.publish(room.info.id, room.version))
        self.schedule_bot(room)

    async def on_remote_change(self, tid: str, version: int, seats: bool = False) -> None:
        """Another instance stored a step (``version``) or changed the table's seats (``seats``)."""
        room = self.rooms.get(tid)
        if room is None:
            return
        async with room.lock:
            if version > room.version or seats:
                room.info = await run_in_threadpool(self.store.get, tid)
                await self._catch_up(room)
        self.broadcast(room)
        self.schedule_bot(room)

    async def resync(self) -> None:
        """After Redis came back: steps stored by other instances meanwhile were not announced,
        so read every open table's version and bring the ones behind up to date."""
        rooms = list(self.rooms.values())
        behind = 0
        for i in range(0, len(rooms), 500):
            part = rooms[i:i + 500]
            versions = await run_in_threadpool(self.store.versions, [r.info.id for r in part])
            for room in part:
                if versions.get(room.info.id, -1) > room.version:
                    behind += 1
                    await self.on_remote_change(room.info.id, versions[room.info.id])
                else:
                    self.schedule_bot(room)
        log.warning("re-read %d open tables after the Redis outage: %d were behind and are brought up to date",
                    len(rooms), behind)

    def _heal(self, room: Room) -> None:
        """After a failed write (which may or may not have been stored): re-read the table once
        the database answers again (``retry``: a growing pause, given up when the server
        closes), show it to everyone and let its computer move."""
        if room.healing:
            return
        room.healing = True

        async def heal():
            try:
                await asyncio.sleep(FIRST_PAUSE)  # the pauses: 0.1 s before the first read, then 0.2, 0.4 ...
                async for attempt in retrying(self.hub.settings.retry_max_seconds, STORAGE_ERRORS,
                                              first=2 * FIRST_PAUSE, stop=lambda _: self.hub.closing):
                    with attempt:
                        if self.hub.closing:
                            return
                        async with room.lock:
                            room.info = await run_in_threadpool(self.store.get, room.info.id)
                            await self._catch_up(room)
                log.warning("database answers again: table %s re-read at version %d", room.info.id, room.version)
            except STORAGE_ERRORS:  # the server closes
                return
            finally:
                room.healing = False
            self.broadcast(room)
            self.schedule_bot(room)

        self._spawn(heal())

    async def refresh_info(self, tid: str) -> None:
        """The table's seats changed here (without a step): read them again, and tell the other
        instances to do the same."""
        room = self.rooms.get(tid)
        if room is None:
            info = await run_in_threadpool(self.store.get, tid)
            self._spawn(self.pubsub.publish(tid, info.version, seats=True))
            if info.status == "playing" and ((info.clock and info.clock.clock and not info.clock.running())
                                             or any(s.kind == "bot" for s in info.seats)):
                await self.hub.room(tid)  # play began: loading the table starts its clock and its computers
            return
        if room is not None:
            room.info = await run_in_threadpool(self.store.get, tid)
            self._spawn(self.pubsub.publish(tid, room.info.version, seats=True))
            now = room.mono()
            for s in room.info.seats:  # a seat just taken counts as left until it connects
                if s.kind == "human" and not room.is_present(s.seat):
                    room.absent_since.setdefault(s.seat, now)
            await self.hub.clocks.start(room)
            self.broadcast(room)
            self.schedule_bot(room)

