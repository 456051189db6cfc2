"""Live tables: the engine state of each table in memory, its connections, its computer seats.

Every change goes: check the seat -> the engine validates and applies on a copy -> the step is
stored in the transaction that advances the table's version -> the copy becomes the table's
state -> each connection gets its own seat's view (spectators the public one).
"""
from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from starlette.concurrency import run_in_threadpool

from ..engine.errors import IllegalAction, LapilliError
from ..engine.registry import new_game
from .bots import BotPool
from .pubsub import PubSub
from .store import Conflict, Store, TableInfo

log = logging.getLogger("lapilli.server")


class ActionRefused(Exception):
    def __init__(self, message: str, rule: str = ""):
        super().__init__(message)
        self.message = message
        self.rule = rule


class Room:
    """One table in memory."""

    def __init__(self, info: TableInfo, seat_grace: float = 120.0, data=None):
        self.info = info
        self.seat_grace = seat_grace
        # when each person's seat was last left (monotonic seconds); a seat nobody has opened
        # since the table was loaded counts as left then
        loaded = time.monotonic()
        self.absent_since: dict[int, float] = {s.seat: loaded for s in info.seats if s.kind == "human"}
        self.data = data  # the table's DataSet (None: the game's own data)
        self.state = new_game(info.game, info.players, info.seed, info.options, data=data)
        self.version = 0
        self.acts: list[tuple[int, str, bool]] = []  # (seat, action, undoable)
        self.conns: dict[Any, int | None] = {}
        self.lock = asyncio.Lock()
        self.thinking = False
        self._parts: dict = {}
        self._parts_version = -1

    # ------------------------------------------------------------------ steps
    def try_act(self, seat: int, action: str):
        """Validate and apply on a copy; returns (new_state, undoable) or raises ActionRefused."""
        st = self.state
        if st.is_terminal:
            raise ActionRefused("the game is over")
        if st.to_move != seat:
            raise ActionRefused(f"it is not your turn: seat {st.to_move} is to move")
        new = st.clone()
        rng_before = new.rng.state
        try:
            events = new.apply(action)
        except IllegalAction as e:
            raise ActionRefused(e.message, e.rule) from None
        # an undo must not take back a random event or hidden information already revealed
        undoable = new.rng.state == rng_before and not any(ev.get("reveal") for ev in events)
        return new, undoable

    def apply_stored(self, version: int, kind: str, seat: int, action: str) -> None:
        """Apply a step read back from storage (already validated when it was stored)."""
        if kind == "act":
            new, undoable = self.try_act(seat, action)
            self.state = new
            self.acts.append((seat, new.history[-1], undoable))
        elif kind == "undo":
            self.acts.pop()
            self._rebuild()
        self.version = version

    def _rebuild(self) -> None:
        st = new_game(self.info.game, self.info.players, self.info.seed, self.info.options, data=self.data)
        for _, action, _ in self.acts:
            st.apply(action)
        self.state = st

    def can_undo(self, seat: int | None) -> bool:
        """The seat may take back its last action while it is still its turn and nothing random
        or hidden happened since."""
        if seat is None or not self.acts or self.state.is_terminal:
            return False
        last_seat, _, undoable = self.acts[-1]
        return last_seat == seat and undoable and self.state.to_move == seat

    # ------------------------------------------------------------------ views
    def _seat_part(self, seat: int | None) -> dict:
        """What a seat sees of the position: computed once per version and seat (every
        connection of that seat, and every presence-only broadcast, reuse it)."""
        if self._parts_version != self.version:
            self._parts, self._parts_version = {}, self.version
        part = self._parts.get(seat)
        if part is None:
            st = self.state
            public = getattr(st, "public_action", None)
            log_entries = []
            for i, (s, a, _) in enumerate(self.acts[-60:], start=max(0, len(self.acts) - 60) + 1):
                text = a if (public is None or s == seat) else public(a)
                log_entries.append({"n": i, "seat": s, "action": text})
            part = {
                "observation": st.observation(seat),
                "legal": st.legal_actions() if seat is not None and st.to_move == seat else [],
                "log": log_entries,
                "text": st.render(seat),
            }
            if st.is_terminal:
                part["result"] = {"scores": st.scores(), "winners": st.winners()}
            self._parts[seat] = part
        return part

    # ------------------------------------------------------------------ seat grace
    def grace_left(self, seat: int) -> float:
        """Seconds before another player may hand this person's seat to a computer (0 when the
        seat is connected, not a person's, or its grace is over)."""
        if self.info.seats[seat].kind != "human" or seat in self.conns.values():
            return 0.0
        since = self.absent_since.get(seat, time.monotonic())
        return max(0.0, self.seat_grace - (time.monotonic() - since))

    def held(self) -> list[dict]:
        """The absent persons' seats still held for them, with the seconds left (the countdown
        the others see)."""
        out = []
        for s in self.info.seats:
            left = self.grace_left(s.seat)
            if left > 0:
                out.append({"seat": s.seat, "seconds": round(left, 1)})
        return out

    def view(self, seat: int | None) -> dict:
        msg = {
            "type": "state",
            "table": self.info.public(),
            "version": self.version,
            "seat": seat,
            "can_undo": self.can_undo(seat),
            "present": sorted({s for s in self.conns.values() if s is not None}),
            "held": self.held(),
        }
        msg.update(self._seat_part(seat))
        return msg


class Hub:
    def __init__(self, store: Store, bots: BotPool, pubsub: PubSub, seat_grace: float = 120.0, datasets=()):
        self.store = store
        self.datasets = {d.hash: d for d in datasets}  # the data sets this server was started with
        self.seat_grace = seat_grace
        self.bots = bots
        self.pubsub = pubsub
        self.rooms: dict[str, Room] = {}
        self._load_lock = asyncio.Lock()
        self._tasks: set[asyncio.Task] = set()

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
        room = self.rooms.get(tid)
        if room is not None:
            return room
        async with self._load_lock:
            room = self.rooms.get(tid)
            if room is None:
                info = await run_in_threadpool(self.store.get, tid)
                room = Room(info, self.seat_grace, self.dataset_for(info))
                await self._catch_up(room)
                self.rooms[tid] = room
        self.schedule_bot(room)
        return room

    async def _catch_up(self, room: Room) -> None:
        steps = await run_in_threadpool(self.store.steps, room.info.id, room.version)
        for version, kind, seat, action in steps:
            room.apply_stored(version, kind, seat, action)

    async def refresh_info(self, tid: str) -> None:
        room = self.rooms.get(tid)
        if room is not None:
            room.info = await run_in_threadpool(self.store.get, tid)
            now = time.monotonic()
            for s in room.info.seats:  # a seat just taken counts as left until it connects
                if s.kind == "human" and s.seat not in room.conns.values():
                    room.absent_since.setdefault(s.seat, now)
            await self.broadcast(room)
            self.schedule_bot(room)

    # ------------------------------------------------------------------ presence and seat grace
    async def connected(self, room: Room, ws, seat: int | None) -> None:
        room.conns[ws] = seat
        room.absent_since.pop(seat, None)
        await self.broadcast(room)

    async def disconnected(self, room: Room, ws) -> None:
        seat = room.conns.pop(ws, None)
        if seat is None or seat in room.conns.values():
            return
        room.absent_since[seat] = time.monotonic()
        await self.broadcast(room)
        # when the grace is over the others get a view without the countdown
        asyncio.get_running_loop().call_later(room.seat_grace + 0.05, self._grace_over, room, seat)

    def _grace_over(self, room: Room, seat: int) -> None:
        if room.grace_left(seat) == 0 and seat not in room.conns.values() and room.conns:
            task = asyncio.create_task(self.broadcast(room))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def reclaim(self, room: Room, token: str) -> int | None:
        """The person whose token this is takes their seat back from the computer standing in
        for them; returns the seat (None when the token holds no seat here)."""
        seat = await run_in_threadpool(self.store.reclaim_seat, room.info.id, token)
        if seat is not None:
            if room.state.to_move == seat:
                self.bots.cancel(room.info.id)
                room.thinking = False
            await self.refresh_info(room.info.id)
        return seat

    # ------------------------------------------------------------------ changes
    async def act(self, room: Room, seat: int, action: str) -> None:
        async with room.lock:
            new, undoable = room.try_act(seat, action)
            status = "finished" if new.is_terminal else None
            try:
                version = await run_in_threadpool(self.store.append_step, room.info.id, room.version, "act", seat,
                                                  new.history[-1], status)
            except Conflict:
                await self._catch_up(room)
                raise ActionRefused("the table changed before your move arrived; here is the new position") from None
            room.state = new
            room.acts.append((seat, new.history[-1], undoable))
            room.version = version
            if status:
                room.info.status = status
        await self._changed(room)

    async def undo(self, room: Room, seat: int) -> None:
        async with room.lock:
            if not room.can_undo(seat):
                raise ActionRefused("nothing to undo: only your own last action of this turn, "
                                    "before anything random or hidden is revealed")
            try:
                version = await run_in_threadpool(self.store.append_step, room.info.id, room.version, "undo", seat, "")
            except Conflict:
                await self._catch_up(room)
                raise ActionRefused("the table changed before your undo arrived") from None
            room.acts.pop()
            room._rebuild()
            room.version = version
        await self._changed(room)

    async def _changed(self, room: Room) -> None:
        await self.broadcast(room)
        await self.pubsub.publish(room.info.id, room.version)
        self.schedule_bot(room)

    async def on_remote_change(self, tid: str, version: int) -> None:
        room = self.rooms.get(tid)
        if room is None:
            return
        async with room.lock:
            if version > room.version:
                room.info = await run_in_threadpool(self.store.get, tid)
                await self._catch_up(room)
        await self.broadcast(room)
        self.schedule_bot(room)

    async def broadcast(self, room: Room) -> None:
        for ws, seat in list(room.conns.items()):
            try:
                await ws.send_json(room.view(seat))
            except Exception:
                room.conns.pop(ws, None)

    # ------------------------------------------------------------------ computer seats
    def schedule_bot(self, room: Room) -> None:
        st = room.state
        if st.is_terminal or room.thinking:
            return
        seat = st.to_move
        info = room.info.seats[seat]
        if info.kind != "bot":
            return
        room.thinking = True
        task = asyncio.create_task(self._bot_move(room, seat, info.agent or "normal"))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _bot_move(self, room: Room, seat: int, agent: str) -> None:
        try:
            version = room.version
            move = await self.bots.choose(room.info.id, room.state.to_json(), agent, seat,
                                          seed=room.info.seed * 7919 + version, game=room.info.game,
                                          players=room.info.players, data=room.data)
            # the seat may have gone back to its person while the computer thought
            if room.version == version and room.info.seats[seat].kind == "bot":
                await self.act(room, seat, move.action)
        except ActionRefused as e:
            log.info("computer move on table %s dropped: %s", room.info.id, e.message)
            return
        except Exception:
            log.exception("computer seat %s on table %s failed", seat, room.info.id)
            return  # no retry loop: the next change of the table schedules it again
        finally:
            room.thinking = False
        self.schedule_bot(room)

    async def close(self) -> None:
        for t in list(self._tasks):
            t.cancel()
