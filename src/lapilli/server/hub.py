"""Live tables: the engine state of each table in memory, its connections, its computer seats.

Every change goes: check the seat -> the engine validates and applies on a copy -> the step is
stored in the transaction that advances the table's version -> the copy becomes the table's
state -> each connection gets its own seat's view (spectators the public one).

What keeps it standing:
- each connection has its own bounded queue and writer: a send that waits longer than the send
  timeout, or a queue that fills, closes that connection (code 1013), never the table;
- a view is serialized once per seat and change (every spectator shares one text), and a new
  connection gets its own view only (the others hear of it when the seats present change: a
  client that keeps its view by a small presence message; fanout.py);
- a step that cannot be stored (the database does not answer) is refused with a message, and the
  table is re-read once the database answers again; a computer's move is retried until stored,
  the version guard of the store making sure one decision is stored once;
- a table with no connection and no computer to move leaves memory after an idle time (or when
  too many are loaded) and is read back from storage when asked for.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from typing import Any, Awaitable, Callable

from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.concurrency import run_in_threadpool

from ..engine import narration
from ..engine.errors import LapilliError
from . import clocks
from .bots import BotPool
from .fanout import (BOARDS, ActionRefused, Conn, Room, has_board, log_entries, players,  # noqa: F401 (re-exported)
                     result, seat_label, seat_labels, with_chance_words)
from .pubsub import PubSub
from .store import Conflict, Store, TableInfo

log = logging.getLogger("lapilli.server")

# what the database driver raises when the database cannot be reached
STORAGE_ERRORS = (DBAPIError, PoolTimeout)
STORAGE_DOWN = "the database is not answering"
NOT_STARTED = "the game has not started: it starts when every seat is taken"
SLOW_CLOSE = 1013  # "try again later": the connection did not read its messages in time


class StorageUnavailable(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class Hub:
    PEEKED = 64  # read-only tables peek keeps (besides the loaded ones, at most settings.max_tables)

    def __init__(self, store: Store, bots: BotPool, pubsub: PubSub, settings=None,
                 clock: Callable[[], float] = time.monotonic, datasets=()):
        from .config import Settings

        self.store = store
        self.datasets = {d.hash: d for d in (datasets or ())}  # the data sets this server was started with
        self.bots = bots
        self.pubsub = pubsub
        self.settings = settings or Settings()
        # seconds each computer move waits when a person sits at the table, so that a chain of
        # computer turns can be followed; tables of computers only are not slowed
        self.bot_pace = self.settings.bot_pace
        self.clock = clock
        # the table clocks and notices judge time by the database's clock: this instance's wall
        # clock (Settings.now; tests inject one) plus its offset from the database's (sync_clock)
        self.clock_offset = 0.0
        self.mailer = None
        if self.settings.smtp_url:
            from .notices import Mailer

            self.mailer = Mailer(self.settings.smtp_url, self.settings.mail_from, self.settings.public_url)
        # addresses given for notices per client address (/notify, sign-up): a `limits` rate
        from limits import parse as parse_rate
        from limits.storage import MemoryStorage
        from limits.strategies import MovingWindowRateLimiter

        self._notify_rate = parse_rate(self.settings.notify_rate)
        self._notify_limiter = MovingWindowRateLimiter(MemoryStorage())
        self.rooms: dict[str, Room] = {}
        self.peeked: OrderedDict[str, Room] = OrderedDict()  # read-only tables (peek), least recent first
        self._load_lock = asyncio.Lock()
        self._tasks: set[asyncio.Task] = set()
        self.closing = False
        # awaited once after the step that ends a game is stored, before anyone is shown the end
        # (the server's ratings), and by retry_ratings for a finished table whose ratings are
        # still pending; true when it changed something.  A failure there is logged and never
        # undoes the stored move (the ratings stay pending and are retried)
        self.on_finish: Callable[[Room], Awaitable[Any]] | None = None

    def now(self) -> float:
        """The time by which deadlines are set and judged: the database's clock, as last measured
        (``sync_clock``), so that instances whose own clocks disagree agree on every deadline."""
        return self.settings.now() + self.clock_offset

    async def sync_clock(self) -> float:
        """Measure this instance's clock against the database's (one query; half its round trip
        counted on each side) and judge deadlines by the database's from now on.  Returns the
        offset (seconds to add to this instance's clock).  ``clock_sync`` 0: by this instance's
        own clock (a test's injected clock)."""
        if not self.settings.clock_sync:
            return self.clock_offset
        before = self.settings.now()
        db = await run_in_threadpool(self.store.db_time)
        after = self.settings.now()
        offset = db - (before + after) / 2
        if abs(offset) >= 1.0 and abs(offset - self.clock_offset) >= 1.0:
            log.warning("this instance's clock is %.1f s %s the database's: table clocks follow the database's "
                        "(keep every instance's clock in time, e.g. with NTP)", abs(offset),
                        "behind" if offset > 0 else "ahead of")
        self.clock_offset = offset
        return offset

    def _spawn(self, coro) -> asyncio.Task:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # ------------------------------------------------------------------ loading

    def dataset_for(self, info: TableInfo):
        """The DataSet a table plays with (None: the game's own data); refused when this server
        was not started with it."""
        if not info.dataset:
            return None
        ds = self.datasets.get(info.dataset.get("hash"))
        if ds is None:
            raise LapilliError(f"table {info.id} plays with the data set {info.dataset.get('name')!r} "
                               f"({str(info.dataset.get('hash'))[:12]}), which this server was not started with: "
                               f"start it with --data for that data set")
        return ds

    async def room(self, tid: str) -> Room:
        """The table in memory, loaded from storage if it is not (and its computer scheduled)."""
        room = self.rooms.get(tid)
        if room is None:
            async with self._load_lock:
                room = self.rooms.get(tid)
                if room is None:
                    self.peeked.pop(tid, None)  # built afresh: its seats' countdowns start now
                    room = await self._load(tid)
                    if len(self.rooms) >= self.settings.max_tables:
                        self.sweep(room_for=1)
                    self.rooms[tid] = room
                    self._trim_peeked()
                    self.pubsub.announce({"ask": [tid]})  # who is connected to it elsewhere
        room.last_used = self.clock()
        await self._start_clock(room)
        self.schedule_bot(room)
        return room

    def _build(self, tid: str, info: TableInfo | None = None) -> Room:
        """A table read from storage and played up to its last step (blocking: replaying a long
        game takes tens of milliseconds, so it runs in a worker thread, never on the event loop)."""
        if info is None:
            info = self.store.get(tid)
        room = Room(info, self.clock(), self.settings.seat_grace, self.dataset_for(info),
                    presence_ttl=self.settings.presence_ttl)
        room.now = self.now
        for version, kind, seat, action in self.store.steps(tid, 0):
            room.apply_stored(version, kind, seat, action, fresh=True)
        return room

    async def _load(self, tid: str, info: TableInfo | None = None) -> Room:
        try:
            return await run_in_threadpool(self._build, tid, info)
        except STORAGE_ERRORS:
            raise StorageUnavailable(f"{STORAGE_DOWN}: table {tid} cannot be opened now; try again in a moment") \
                from None

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
            raise StorageUnavailable(f"{STORAGE_DOWN}: table {tid} cannot be opened now; try again in a moment") \
                from None
        room = self.peeked.get(tid)
        if room is not None and room.version == info.version:
            self.peeked.move_to_end(tid)
            room.info = info
            room.last_used = self.clock()
            return room
        room = await self._load(tid, info)
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

    async def _catch_up(self, room: Room) -> None:
        steps = await run_in_threadpool(self.store.steps, room.info.id, room.version)
        for version, kind, seat, action in steps:
            room.apply_stored(version, kind, seat, action)

    async def refresh_info(self, tid: str) -> None:
        """The table's seats changed here (without a step): read them again, and tell the other
        instances to do the same."""
        room = self.rooms.get(tid)
        if room is None:
            info = await run_in_threadpool(self.store.get, tid)
            self._spawn(self.pubsub.publish(tid, info.version, seats=True))
            if info.status == "playing" and ((info.clock and info.clock.clock and not info.clock.running())
                                             or any(s.kind == "bot" for s in info.seats)):
                await self.room(tid)  # play began: loading the table starts its clock and its computers
            return
        if room is not None:
            room.info = await run_in_threadpool(self.store.get, tid)
            self._spawn(self.pubsub.publish(tid, room.info.version, seats=True))
            now = room.mono()
            for s in room.info.seats:  # a seat just taken counts as left until it connects
                if s.kind == "human" and not room.is_present(s.seat):
                    room.absent_since.setdefault(s.seat, now)
            await self._start_clock(room)
            self.broadcast(room)
            self.schedule_bot(room)

    async def reclaim(self, room: Room, token: str) -> int | None:
        """The person whose token this is takes their seat back from the computer standing in
        for them; returns the seat (None when the token holds no seat here)."""
        seat = await run_in_threadpool(self.store.reclaim_seat, room.info.id, token, self.now())
        if seat is not None:
            if room.state.to_move == seat:
                self.bots.cancel(room.info.id)
                room.thinking = False
            await self.refresh_info(room.info.id)
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
        self._watch_grace(room)

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

    def _watch_grace(self, room: Room) -> None:
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
            self._watch_grace(room)
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
            self.pubsub.announce({"t": dict(items[i:i + 200])})

    def on_presence(self, msg: dict) -> None:
        """A presence message of another instance (pubsub.py): the seats connected to it, a
        question, or its goodbye.  Tables whose seats present changed get fresh views."""
        source = str(msg.get("from"))
        if msg.get("bye"):
            heard = {tid: [] for tid in self.rooms}
        else:
            heard = msg.get("t") or {}
        for tid, seats in heard.items():
            room = self.rooms.get(tid)
            if room is not None and isinstance(seats, list) and room.heard(source, seats):
                self.broadcast(room)
        if "ask" in msg:
            asked = msg["ask"]
            rooms = self.rooms.values() if asked is None else [self.rooms[t] for t in asked if t in self.rooms]
            self._announce(list(rooms), every=True)

    async def presence_watch(self) -> None:
        """With Redis: every ``presence_heartbeat`` seconds, say again which seats are connected
        here, and forget the seats the other instances have stopped saying (their TTL)."""
        if self.pubsub.url is None:
            return
        while not self.closing:
            await asyncio.sleep(self.settings.presence_heartbeat)
            try:
                self._announce(list(self.rooms.values()), every=True)
                for room in list(self.rooms.values()):
                    if room.expire() and room.conns:
                        self.broadcast(room)
            except Exception:
                log.exception("sharing presence with the other instances failed")

    def broadcast(self, room: Room, presence: bool = False, skip: Conn | None = None) -> None:
        """Queue the current view to every connection (but ``skip``): serialized once per seat.
        ``presence``: only the seats present changed, so a client that keeps its view and has
        the current position is sent the small presence message instead (Room.presence_for)."""
        for conn in list(room.conns):
            if conn is not skip:
                conn.send(room.presence_for(conn) if presence else room.text_for(conn))
        self._watch_grace(room)

    # ------------------------------------------------------------------ changes
    async def act(self, room: Room, seat: int, action: str, by: str = "human") -> None:
        """Store and apply ``seat``'s action; ``by`` is who plays the seat ("human" or "bot"), as
        the store checks it when the step is stored (another instance may have handed the seat
        over meanwhile)."""
        refused = None
        async with room.lock:
            if not room.started():
                raise ActionRefused(NOT_STARTED)
            new, undoable, events = room.try_act(seat, action)
            status = "finished" if new.is_terminal else None
            to_move = None if new.is_terminal else new.to_move
            clock = None
            if room.info.clock and room.info.clock.clock:
                clock = clocks.after_act(room.info.clock, room.info.players, seat, to_move, self.now())
            try:
                version = await run_in_threadpool(self.store.append_step, room.info.id, room.version, "act", seat,
                                                  new.history[-1], status, to_move, clock, by)
            except Conflict:
                refused = await self._after_conflict(room, seat, by, "move")
            except STORAGE_ERRORS:
                self._heal(room)
                raise StorageUnavailable(f"{STORAGE_DOWN}: your move is not stored, nothing changed; "
                                         "try again in a moment") from None
            if refused is None:
                room.state = new
                room.acts.append((seat, new.history[-1], undoable, events))
                room.version = version
                room.info.to_move = to_move
                if clock is not None:
                    room.info.clock = clock
                if status:
                    room.info.status = status
        if refused is not None:
            self._refused(room, refused)
        if status and self.on_finish is not None:
            try:
                await self.on_finish(room)
            except Exception:  # kept pending in the store: retry_ratings applies it later
                log.exception("table %s: what follows the end of the game failed; retried later", room.info.id)
        self._changed(room)
        if to_move is not None and to_move != seat:
            self._spawn(self.notify(room, to_move))

    async def undo(self, room: Room, seat: int) -> None:
        refused = None
        async with room.lock:
            if not room.started():
                raise ActionRefused(NOT_STARTED)
            if not room.can_undo(seat):
                raise ActionRefused("nothing to undo: only your own last action of this turn, "
                                    "before anything random or hidden is revealed")
            try:
                version = await run_in_threadpool(self.store.append_step, room.info.id, room.version, "undo", seat, "",
                                                  None, seat, room.info.clock, "human")
            except Conflict:
                refused = await self._after_conflict(room, seat, "human", "undo")
            except STORAGE_ERRORS:
                self._heal(room)
                raise StorageUnavailable(f"{STORAGE_DOWN}: your undo is not stored, nothing changed; "
                                         "try again in a moment") from None
            if refused is None:
                room.acts.pop()
                room._rebuild()
                room.version = version
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
            why = "your time ran out and " if s.timed_out else ""
            return ActionRefused(f"{why}a computer plays seat {seat} now, so your {what} is not stored; "
                                 "reload the page to take the seat back")
        return ActionRefused(f"the table changed before your {what} arrived; here is the new position")

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
        self._spawn(self.pubsub.publish(room.info.id, room.version))  # never holds up the sender
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
        so read every open table's version and bring the ones behind up to date.  Presence
        messages were lost too: say which seats are connected here, and ask the others."""
        self._announce(list(self.rooms.values()), every=True)
        self.pubsub.announce({"ask": None})
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
        the database answers again, show it to everyone and let its computer move."""
        if room.healing:
            return
        room.healing = True

        async def heal():
            pause = 0.1
            try:
                while not self.closing:
                    await asyncio.sleep(pause)
                    try:
                        async with room.lock:
                            room.info = await run_in_threadpool(self.store.get, room.info.id)
                            await self._catch_up(room)
                        break
                    except STORAGE_ERRORS:
                        pause = min(self.settings.retry_max_seconds, pause * 2)
                else:
                    return
                log.warning("database answers again: table %s re-read at version %d", room.info.id, room.version)
            finally:
                room.healing = False
            self.broadcast(room)
            self.schedule_bot(room)

        self._spawn(heal())

    # ------------------------------------------------------------------ clocks and notices
    async def _start_clock(self, room: Room) -> None:
        """Play began (every seat taken) on a clocked table whose clock does not run yet: start
        it for the seat to move.  The store lets one instance start it; the others read it."""
        info = room.info
        if (not info.clock or not info.clock.clock or info.clock.running() or info.status != "playing"
                or room.state.is_terminal):
            return
        cs = clocks.start(info.clock.clock, info.players, room.state.to_move, self.now())
        if await run_in_threadpool(self.store.start_clock, info.id, room.version, cs):
            info.clock, info.to_move = cs, cs.to_move
            room.info = info  # a new stamp: the views are made again
            self._spawn(self.notify(room, cs.to_move))
        else:
            room.info = await run_in_threadpool(self.store.get, info.id)

    async def check_clocks(self) -> list[str]:
        """Every table whose person to move ran out of time: a computer of the clock's level takes
        the seat and the game goes on.  Of several instances that find the same deadline, the
        store lets one act.  Returns the tables where this instance handed a seat over."""
        now = self.now()
        done = []
        for tid, seat, deadline in await run_in_threadpool(self.store.expired, now):
            info = await self.info(tid)
            level = ((info.clock.clock if info.clock else None) or {}).get("level", "normal")
            if not await run_in_threadpool(self.store.time_out, tid, seat, deadline, level):
                continue  # another instance, or a move, got there first
            done.append(tid)
            log.info("table %s: seat %d ran out of time; the computer (%s) plays it", tid, seat, level)
            if tid not in self.rooms:
                await self.room(tid)  # loaded so that the computer moves
            await self.refresh_info(tid)  # and the other instances hear of it
        return done

    async def clock_watch(self) -> None:
        """Looks for passed deadlines every ``clock_poll`` seconds (deadlines are stored, so they
        hold across restarts and instances), and measures the offset to the database's clock
        again every ``clock_sync`` seconds."""
        synced = time.monotonic()
        while not self.closing:
            await asyncio.sleep(self.settings.clock_poll)
            try:
                if self.settings.clock_sync and time.monotonic() - synced >= self.settings.clock_sync:
                    synced = time.monotonic()
                    await self.sync_clock()
                await self.check_clocks()
            except STORAGE_ERRORS:
                log.warning("clocks: %s; looking again shortly", STORAGE_DOWN)
            except Exception:
                log.exception("looking for run-out clocks failed")

    async def retry_ratings(self) -> list[str]:
        """Apply the rating changes still pending for finished rated tables (the update at the end
        of the game failed, e.g. the database did not answer, or the instance stopped first).
        The store applies each once, whichever instance asks, however often.  Returns the tables
        this call rated."""
        if self.on_finish is None:
            return []
        done = []
        for tid in await run_in_threadpool(self.store.ratings_pending):
            try:
                changed = await self.on_finish(await self.peek(tid))
            except (StorageUnavailable, *STORAGE_ERRORS):
                raise
            except Exception:  # this table only (e.g. a data set this server was not started with)
                log.exception("table %s: its pending rating changes could not be applied", tid)
                continue
            if changed:
                done.append(tid)
                log.warning("table %s: its pending rating changes are applied", tid)
        return done

    async def rating_watch(self) -> None:
        """Retries pending rating changes at start-up and then every ``rating_retry`` seconds."""
        while not self.closing:
            try:
                await self.retry_ratings()
            except (StorageUnavailable, *STORAGE_ERRORS):
                log.warning("ratings: %s; pending rating changes are retried later", STORAGE_DOWN)
            except Exception:
                log.exception("retrying pending rating changes failed")
            await asyncio.sleep(self.settings.rating_retry)

    def notice_address_allowed(self, client: str) -> int | None:
        """None when ``client`` (an address the request came from) may give one more address for
        notices now (counted); else the seconds until it may."""
        if self._notify_limiter.hit(self._notify_rate, "notify", client):
            return None
        reset = self._notify_limiter.get_window_stats(self._notify_rate, "notify", client).reset_time
        return max(1, int(reset - time.time()) + 1)

    async def ask_confirmation(self, address: str) -> tuple[bool, bool]:
        """(confirmed, sent): whether ``address``'s owner already agreed to notices, and whether a
        confirmation mail went to it now (at most one per ``confirm_every`` seconds; none without
        a mail server)."""
        confirmed, token = await run_in_threadpool(self.store.ask_confirmation, address, self.now(),
                                                   self.settings.confirm_every)
        if token is None or self.mailer is None:
            return confirmed, False
        try:
            await run_in_threadpool(self.mailer.send, self.mailer.confirmation(address, token))
            return False, True
        except Exception as e:
            log.warning("the confirmation mail of a notice address failed (%s)", e)
            return False, False

    async def notify(self, room: Room, seat: int | None) -> bool:
        """A "your turn" e-mail to the person at ``seat`` when they are away from the table, gave
        an address its owner confirmed, had no notice from this table within ``notice_every``
        seconds and the address fewer than ``notices_per_address`` this hour.  The mail names the
        seat by its colour or place, never by a typed name.  True when one was sent."""
        if self.mailer is None or seat is None or room.state.is_terminal:
            return False
        s = room.info.seats[seat]
        if s.kind != "human" or room.is_present(seat):
            return False
        try:
            claim = await run_in_threadpool(self.store.claim_notice, room.info.id, seat, self.now(),
                                            self.settings.notice_every, self.settings.notices_per_address)
            if claim is None:
                return False
            label = {lang: narration.seat_label(room.state, seat, lang) for lang in ("en", "it")}
            msg = self.mailer.your_turn(claim[0], claim[1], room.info.id, room.state.SPEC.title, label)
            await run_in_threadpool(self.mailer.send, msg)
            return True
        except Exception as e:
            log.warning("table %s: the \"your turn\" e-mail to seat %d failed (%s)", room.info.id, seat, e)
            return False

    # ------------------------------------------------------------------ computer seats
    def schedule_bot(self, room: Room) -> None:
        if room.thinking or self.closing or not room.computer_to_move():
            return
        seat = room.state.to_move
        room.thinking = True
        self._spawn(self._bot_move(room, seat, room.info.seats[seat].agent or "normal"))

    async def _bot_move(self, room: Room, seat: int, agent: str) -> None:
        """Think, then store the move; a write that fails is tried again (with a growing pause)
        for as long as the table has not moved on.  Every attempt is guarded by the version the
        computer thought about, so one decision is never stored twice."""
        version = room.version
        try:
            started = asyncio.get_running_loop().time()
            try:
                move = await self.bots.choose(room.info.id, room.state.to_json(), agent, seat,
                                              seed=room.info.seed * 7919 + version, game=room.info.game,
                                              players=room.info.players, data=room.data)
                action = move.action
                if self.bot_pace > 0 and any(s.kind == "human" for s in room.info.seats):
                    # a person at the table sees each computer move for a moment (thinking time deducted)
                    await self._pause(self.bot_pace - (asyncio.get_running_loop().time() - started))
            except Exception:
                log.exception("computer seat %s on table %s failed", seat, room.info.id)
                return  # scheduled again by the next change, opening or sweep of the table
            pause = 0.1
            # the seat may go back to its person while the computer thinks or retries
            while room.version == version and not self.closing and room.info.seats[seat].kind == "bot":
                try:
                    await self.act(room, seat, action, by="bot")
                    break
                except ActionRefused as e:
                    log.info("computer move on table %s dropped: %s", room.info.id, e.message)
                    break
                except (StorageUnavailable, *STORAGE_ERRORS):
                    log.warning("computer move on table %s not stored (%s); trying again in %.1f s",
                                room.info.id, STORAGE_DOWN, pause)
                    await asyncio.sleep(pause)
                    pause = min(self.settings.retry_max_seconds, pause * 2)
        finally:
            room.thinking = False
        self.schedule_bot(room)

    # ------------------------------------------------------------------ memory
    def evictable(self, room: Room) -> bool:
        return (not room.conns and not room.thinking and not room.healing and not room.lock.locked()
                and not room.computer_to_move())

    def sweep(self, room_for: int = 0) -> int:
        """Drop the tables nobody uses: idle ones, then the least recently used while more than
        max_tables (less ``room_for`` about to be loaded) are loaded.  A table whose computer is
        to move is kept and scheduled instead.  Returns how many left memory."""
        now, s = self.clock(), self.settings
        gone = 0
        for tid, room in list(self.rooms.items()):
            if not room.conns and room.computer_to_move():
                self.schedule_bot(room)
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
        while not self.closing:
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
            while sum(r.thinking for r in self.rooms.values()) >= batch and not self.closing:
                await asyncio.sleep(0.05)
        if resumed:
            log.warning("resumed %d tables whose computer was to move", resumed)
        return resumed

    async def _pause(self, seconds: float) -> None:
        """The wait that lets a person see a computer move (what thinking took is deducted)."""
        if seconds > 0:
            await asyncio.sleep(seconds)

    async def close(self) -> None:
        self.closing = True
        for t in list(self._tasks):
            t.cancel()
