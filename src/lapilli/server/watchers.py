"""The watchers: what happens to a table without anyone sending a message.

- ``TableClocks``: the time deadlines are judged by (the database's clock), starting a table's
  clock when play begins, and handing a seat whose time ran out to a computer;
- ``Ratings``: rating changes still pending for finished rated tables, applied again;
- ``Notices``: the "your turn" e-mail to a person away from the table, and the confirmation of
  an address given for it;
- ``ComputerSeats``: a computer seat to move thinks (in the bot pool) and plays, its move going
  through the referee like anyone's.

Each works through the hub's other parts: none stores a step itself or sends to a connection.
"""
from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from starlette.concurrency import run_in_threadpool

from ..engine import narration
from . import clocks
from .rates import PerAddress
from .faults import STORAGE_DOWN, STORAGE_ERRORS, ActionRefused, StorageUnavailable
from .retry import retrying

if TYPE_CHECKING:
    from .fanout import Room
    from .hub import Hub

log = logging.getLogger("lapilli.server")


class TableClocks:
    """Table clocks: the database's time, clocks started when play begins, seats timed out."""

    def __init__(self, hub: Hub):
        self.hub = hub
        self.store = hub.store
        self.settings = hub.settings
        # the table clocks and notices judge time by the database's clock: this instance's wall
        # clock (Settings.now; tests inject one) plus its offset from the database's (sync_clock)
        self.offset = 0.0
        # the watcher's rounds and its looks in the store (tests count them)
        self.rounds = self.looks = 0

    def now(self) -> float:
        """The time by which deadlines are set and judged: the database's clock, as last measured
        (``sync_clock``), so that instances whose own clocks disagree agree on every deadline."""
        return self.settings.now() + self.offset

    async def sync_clock(self) -> float:
        """Measure this instance's clock against the database's (one query; half its round trip
        counted on each side) and judge deadlines by the database's from now on.  Returns the
        offset (seconds to add to this instance's clock).  ``clock_sync`` 0: by this instance's
        own clock (a test's injected clock)."""
        if not self.settings.clock_sync:
            return self.offset
        before = self.settings.now()
        db = await run_in_threadpool(self.store.db_time)
        after = self.settings.now()
        offset = db - (before + after) / 2
        if abs(offset) >= 1.0 and abs(offset - self.offset) >= 1.0:
            log.warning("this instance's clock is %.1f s %s the database's: table clocks follow the database's "
                        "(keep every instance's clock in time, e.g. with NTP)", abs(offset),
                        "behind" if offset > 0 else "ahead of")
        self.offset = offset
        return offset

    async def start(self, room: Room) -> None:
        """Play began (every seat taken) on a clocked table whose clock does not run yet: start
        it for the seat to move.  The store lets one instance start it; the others read it."""
        info = room.info
        if (not info.clock or not info.clock.clock or info.clock.running() or info.status != "playing"
                or room.over):
            return
        cs = clocks.start(info.clock.clock, info.players, room.state.to_move, self.now())
        if await run_in_threadpool(self.store.start_clock, info.id, room.version, cs):
            info.clock, info.to_move = cs, cs.to_move
            room.info = info  # a new stamp: the views are made again
            self.hub.spawn(self.hub.notify(room, cs.to_move))
        else:
            room.info = await run_in_threadpool(self.store.get, info.id)

    async def check_clocks(self) -> list[str]:
        """Every table whose person to move ran out of time: a computer of the clock's level takes
        the seat and the game goes on.  Of several instances that find the same deadline, the
        store lets one act.  Returns the tables where this instance handed a seat over."""
        now = self.now()
        done = []
        for tid, seat, deadline in await run_in_threadpool(self.store.expired, now):
            info = await self.hub.info(tid)
            level = ((info.clock.clock if info.clock else None) or {}).get("level", "normal")
            if not await run_in_threadpool(self.store.time_out, tid, seat, deadline, level):
                continue  # another instance, or a move, got there first
            done.append(tid)
            log.info("table %s: seat %d ran out of time; the computer (%s) plays it", tid, seat, level)
            if tid not in self.hub.rooms:
                await self.hub.room(tid)  # loaded so that the computer moves
            await self.hub.refresh_info(tid)  # and the other instances hear of it
        return done

    def clock_running_here(self) -> bool:
        """Whether a table this instance has loaded has a clock running (a person or a computer
        to move on a clocked table that is being played)."""
        return any(room.info.clock is not None and room.info.clock.running() and room.info.status == "playing"
                   for room in list(self.hub.rooms.values()))

    async def clock_watch(self) -> None:
        """Looks for passed deadlines (they are stored, so they hold across restarts and
        instances): every ``clock_poll`` seconds while a table this instance has loaded has a
        clock running, and every ``clock_idle`` seconds otherwise (a clocked table that no
        instance has loaded: its players left, or the server restarted), so that a server without
        running clocks does not ask the database twice a second.  The first round looks.  Measures the
        offset to the database's clock again every ``clock_sync`` seconds."""
        synced, looked = time.monotonic(), float("-inf")
        while not self.hub.closing:
            await asyncio.sleep(self.settings.clock_poll)
            self.rounds += 1
            try:
                if self.settings.clock_sync and time.monotonic() - synced >= self.settings.clock_sync:
                    synced = time.monotonic()
                    await self.sync_clock()
                if time.monotonic() - looked >= self.settings.clock_idle or self.clock_running_here():
                    looked = time.monotonic()
                    self.looks += 1
                    await self.check_clocks()
            except STORAGE_ERRORS:
                log.warning("clocks: %s; looking again shortly", STORAGE_DOWN)
            except Exception:
                log.exception("looking for run-out clocks failed")


class Ratings:
    """Rating changes still pending (the update at the end of a game failed), applied again."""

    def __init__(self, hub: Hub):
        self.hub = hub
        self.store = hub.store
        self.settings = hub.settings

    async def retry_ratings(self) -> list[str]:
        """Apply the rating changes still pending for finished rated tables (the update at the end
        of the game failed, e.g. the database did not answer, or the instance stopped first).
        The store applies each once, whichever instance asks, however often.  Returns the tables
        this call rated."""
        if self.hub.on_finish is None:
            return []
        done = []
        for tid in await run_in_threadpool(self.store.ratings_pending):
            try:
                changed = await self.hub.on_finish(await self.hub.peek(tid))
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
        while not self.hub.closing:
            try:
                await self.retry_ratings()
            except (StorageUnavailable, *STORAGE_ERRORS):
                log.warning("ratings: %s; pending rating changes are retried later", STORAGE_DOWN)
            except Exception:
                log.exception("retrying pending rating changes failed")
            await asyncio.sleep(self.settings.rating_retry)


class Notices:
    """The "your turn" e-mail, and the confirmation of an address given for notices."""

    def __init__(self, hub: Hub):
        self.hub = hub
        self.store = hub.store
        self.settings = hub.settings
        self.mailer = None
        if self.settings.smtp_url:
            from .notices import Mailer

            self.mailer = Mailer(self.settings.smtp_url, self.settings.mail_from, self.settings.public_url)
        # addresses given for notices per client address (/notify, sign-up)
        self.notify_limit = PerAddress(self.settings.notify_rate)

    def notice_address_allowed(self, client: str) -> int | None:
        """None when ``client`` (an address the request came from) may give one more address for
        notices now (counted); else the seconds until it may."""
        return self.notify_limit.hit(client)

    async def ask_confirmation(self, address: str) -> tuple[bool, bool]:
        """(confirmed, sent): whether ``address``'s owner already agreed to notices, and whether a
        confirmation mail went to it now (at most one per ``confirm_every`` seconds; none without
        a mail server)."""
        confirmed, token = await run_in_threadpool(self.store.ask_confirmation, address, self.hub.now(),
                                                   self.settings.confirm_every)
        if token is None or self.mailer is None:
            return confirmed, False
        try:
            await run_in_threadpool(self.mailer.send, self.mailer.confirmation(address, token))
            return False, True
        except Exception as e:
            log.warning("the confirmation mail of a notice address failed (%s)", e)
            return False, False

    def wanted(self, room: Room, seat: int | None) -> bool:
        """A "your turn" e-mail may be due to ``seat`` (``notify`` then asks the store): this
        server sends e-mail, the game goes on and a person away from the table is to move.
        Asked before a task is made for ``notify``, which a move between two seats at the table
        never needs."""
        if self.mailer is None or seat is None or room.over:
            return False
        return room.info.seats[seat].kind == "human" and not room.is_present(seat)

    async def notify(self, room: Room, seat: int | None) -> bool:
        """A "your turn" e-mail to the person at ``seat`` when they are away from the table, gave
        an address its owner confirmed, had no notice from this table within ``notice_every``
        seconds and the address fewer than ``notices_per_address`` this hour.  The mail names the
        seat by its colour or place, never by a typed name.  True when one was sent."""
        if not self.wanted(room, seat):
            return False
        try:
            claim = await run_in_threadpool(self.store.claim_notice, room.info.id, seat, self.hub.now(),
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


class ComputerSeats:
    """A computer seat to move: its move is asked of the bot pool and played through the hub."""

    def __init__(self, hub: Hub):
        self.hub = hub
        self.bots = hub.bots
        self.settings = hub.settings
        # seconds each computer move waits when a person sits at the table, so that a chain of
        # computer turns can be followed; tables of computers only are not slowed
        self.pace = self.settings.bot_pace
        self.stopped: set[str] = set()  # tables of computers only stopped at computer_only_moves

    def to_move(self, room: Room) -> bool:
        """A computer seat of ``room`` is to move and goes on.  Anyone may create a table of
        computers only, and some games' rules never force an end: such a table stops after
        ``computer_only_moves`` decisions (``Room.stopped_at``, which its views tell) rather than
        play (and store moves) for ever, and then leaves memory like a table that waits for a
        person."""
        if not room.computer_to_move():
            return False
        if (most := room.stopped_at()) is not None:
            if room.info.id not in self.stopped:
                self.stopped.add(room.info.id)
                log.info("table %s: computers only, stopped after %d decisions", room.info.id, most)
            return False
        return True

    def schedule(self, room: Room) -> None:
        if room.thinking or self.hub.closing or not self.to_move(room):
            return
        seat = room.state.to_move
        room.thinking = True
        self.hub.spawn(self._move(room, seat, room.info.seats[seat].agent or "normal"))

    async def _move(self, room: Room, seat: int, agent: str) -> None:
        """Think, then store the move; a write that fails is tried again (with a growing pause)
        for as long as the table has not moved on.  Every attempt is guarded by the version the
        computer thought about, so one decision is never stored twice."""
        version = room.version
        try:
            started = asyncio.get_running_loop().time()
            try:
                people = room.people_play()
                move = await self.bots.choose(room.info.id, room.state.to_json(), agent, seat,
                                              seed=room.info.seed * 7919 + version, game=room.info.game,
                                              players=room.info.players, data=room.data, people=people)
                action = move.action
                if self.pace > 0 and people:
                    # a person at the table sees each computer move for a moment (thinking time deducted)
                    await self._pause(self.pace - (asyncio.get_running_loop().time() - started))
            except Exception:
                log.exception("computer seat %s on table %s failed", seat, room.info.id)
                return  # scheduled again by the next change, opening or sweep of the table

            def not_stored(attempt) -> None:
                log.warning("computer move on table %s not stored (%s); trying again in %.1f s",
                            room.info.id, STORAGE_DOWN, attempt.next_action.sleep)

            try:
                async for attempt in retrying(self.settings.retry_max_seconds, (StorageUnavailable, *STORAGE_ERRORS),
                                              before_sleep=not_stored):
                    with attempt:
                        # the seat may go back to its person while the computer thinks or waits
                        if room.version != version or self.hub.closing or room.info.seats[seat].kind != "bot":
                            break
                        await self.hub.act(room, seat, action, by="bot")
            except ActionRefused as e:
                log.info("computer move on table %s dropped: %s", room.info.id, e.message)
        finally:
            room.thinking = False
        self.schedule(room)

    async def _pause(self, seconds: float) -> None:
        """The wait that lets a person see a computer move (what thinking took is deducted)."""
        if seconds > 0:
            await asyncio.sleep(seconds)

