"""Computer seats think in a pool of worker processes, so the server never blocks on them, and no
table can hold the pool: every move has a hard wall-clock cap.

- A computer seat plays a named level only (``LEVELS``); a level is the game's own agent spec
  for its player count (``lapilli.agents.level_spec``).
- Each table has at most one move waiting or thinking; moves start in the order they were asked
  for, one per free worker, so every table with a computer to move gets the next free worker in
  turn (fair queueing across tables).
- A move may take its level's time limit (``time_limit`` of the spec, or ``untimed_limit`` for
  the levels that set none) plus ``margin`` seconds, counted from when it was asked for, so time
  spent waiting for a worker is part of it: a move that starts late searches for less time.
  Past the cap the worker is stopped (pebble ends its process and starts a new one) and the seat
  plays a random legal move instead, so that the table goes on.

The worker gets the state as JSON and the level's spec, builds the agent and hands it a
`Decision` for its seat: the agent sees that seat's observation and determinized copies only.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from dataclasses import dataclass

from ..agents import DEFAULT_LEVELS, level_spec, parse_agent_spec
from ..engine.errors import LapilliError
from ..workers import init_worker, worker_context

log = logging.getLogger("lapilli.server")

#: the levels a computer seat of the web table may play, weakest first
LEVELS = ("random", "heuristic", *DEFAULT_LEVELS)

#: a move that would have less than this to think plays the fallback move at once
MIN_THINK = 0.05


class UnknownLevel(LapilliError):
    def __init__(self, level: str):
        super().__init__(f"unknown level {level!r}; a computer seat plays one of: {', '.join(LEVELS)}")


def check_level(level: str) -> str:
    """``level`` if it is one of ``LEVELS``, else UnknownLevel naming them."""
    if level not in LEVELS:
        raise UnknownLevel(level)
    return level


def spec_of(level: str, game: str, players: int) -> str:
    """The agent spec a level plays in ``game`` with ``players`` players."""
    return level if level in ("random", "heuristic") else level_spec(level, game, players)


def time_limit_of(spec: str) -> float | None:
    """The ``time_limit`` (seconds) an agent spec sets for one decision, or None."""
    limit = parse_agent_spec(spec)[1].get("time_limit")
    return float(limit) if isinstance(limit, (int, float)) and limit > 0 else None


def _think(state_json: dict, spec: str, seat: int, seed: int, think: float | None, data=None) -> str:
    from lapilli.agents import Decision, make_agent
    from lapilli.engine.registry import load_state

    state = load_state(state_json, data=data)  # data: the table's DataSet (None: the game's own data)
    agent = make_agent(spec, seed=seed, game=state.SPEC.id, players=state.num_players)
    if think is not None and getattr(agent, "time_limit", None):
        agent.time_limit = min(agent.time_limit, think)  # what is left of the move's budget
    return agent.choose(Decision(state, seat))


def _review(record: dict, seat: int, level: str, iterations: int, samples: int, data=None) -> dict:
    from lapilli.coach import review

    return review(record, seat=seat, level=level, iterations=iterations, samples=samples, data=data).to_json()


def _hint(state_json: dict, seat: int, level: str, iterations: int, data=None) -> dict:
    from lapilli.coach import hint
    from lapilli.engine.registry import load_state

    return hint(load_state(state_json, data=data), seat, level=level, iterations=iterations)


def _init_coach(paths: list, driver_pid: int | None = None) -> None:
    """The coach's worker: a move worker's set-up, at a lower CPU priority than the move workers."""
    import os

    init_worker(paths, driver_pid)
    try:
        os.nice(10)
    except OSError:  # pragma: no cover - a platform without nice
        pass


def _warm() -> None:
    """A new worker imports the engine, the games and the agents before its first move."""
    import lapilli.agents  # noqa: F401
    from lapilli.engine.registry import GAMES, game_spec

    for game in list(GAMES):
        try:
            game_spec(game)
        except Exception:  # a game that does not load is refused when a table asks for it
            pass


def _fallback(state_json: dict, seat: int, seed: int, data=None) -> str:
    from lapilli.agents import Decision, RandomAgent
    from lapilli.engine.registry import load_state

    # data: the table's DataSet, as for the level's own move (a state saved with one loads only with it)
    return RandomAgent(seed=seed).choose(Decision(load_state(state_json, data=data), seat))


@dataclass
class BotMove:
    """One computer move: what was asked, how long it waited and thought, and whether the cap
    was reached (``fallback``: the seat played a random legal move)."""

    table: str
    seat: int
    level: str
    cap: float
    action: str = ""
    waited: float = 0.0
    thought: float = 0.0
    fallback: bool = False


class BotPool:
    def __init__(self, workers: int = 1, margin: float = 2.0, untimed_limit: float = 5.0,
                 coach_limit: float = 300.0):
        self.workers = max(1, workers)
        self.coach_limit = coach_limit
        self._coach = None          # the coach's own worker (reviews, hints), one job at a time
        self._coach_lock = None
        self.margin = margin
        self.untimed_limit = untimed_limit
        self._pool = None
        self._busy = 0
        self._waiting: deque[tuple[str, asyncio.Future]] = deque()
        self._jobs: dict[str, asyncio.Task] = {}
        self.history: deque[BotMove] = deque(maxlen=1000)

    def _ensure(self):
        if self._pool is None:
            import os
            import sys

            from pebble import ProcessPool

            # the workers end by themselves if the server is killed (a watchdog on its pid)
            paths = [os.path.abspath(p or os.getcwd()) for p in sys.path]
            self._pool = ProcessPool(self.workers, initializer=init_worker, initargs=(paths, os.getpid()),
                                     context=worker_context())
            for _ in range(self.workers):
                self._pool.schedule(_warm)
        return self._pool

    def cap_of(self, spec: str) -> tuple[float, float]:
        """(the level's own limit, the hard cap of one move) for an agent spec."""
        limit = time_limit_of(spec) or self.untimed_limit
        return limit, limit + self.margin

    # ------------------------------------------------------------------ fair slots
    async def _acquire(self, table: str) -> None:
        if self._busy < self.workers and not self._waiting:
            self._busy += 1
            return
        fut = asyncio.get_running_loop().create_future()
        entry = (table, fut)
        self._waiting.append(entry)
        try:
            await fut  # _release hands the slot over (the count stays)
        except asyncio.CancelledError:
            if entry in self._waiting:
                self._waiting.remove(entry)
            elif fut.done() and not fut.cancelled():
                self._release()  # the slot was handed over as this waiter was cancelled
            raise

    def _release(self) -> None:
        while self._waiting:
            _, fut = self._waiting.popleft()
            if not fut.done():
                fut.set_result(None)
                return
        self._busy -= 1

    # ------------------------------------------------------------------ moves
    async def choose(self, table: str, state_json: dict, level: str, seat: int, seed: int,
                     game: str, players: int, data=None) -> BotMove:
        """The move of the computer seat ``seat`` at ``table``.  A table has one move at a time:
        asking again cancels the one it was waiting for."""
        old = self._jobs.pop(table, None)
        if old is not None:
            old.cancel()
        task = asyncio.ensure_future(self._move(table, state_json, level, seat, seed, game, players, data))
        self._jobs[table] = task
        try:
            return await task
        finally:
            if self._jobs.get(table) is task:
                del self._jobs[table]

    def cancel(self, table: str) -> None:
        """Drop the move the table is waiting for (its seat went back to a person)."""
        task = self._jobs.pop(table, None)
        if task is not None:
            task.cancel()

    async def _move(self, table, state_json, level, seat, seed, game, players, data=None) -> BotMove:
        if level not in LEVELS:  # a table stored before levels were named, or a bad row
            log.warning("table %s seat %s: level %r is not one of %s; it plays normal", table, seat, level, LEVELS)
            level = "normal"
        spec = spec_of(level, game, players)
        limit, cap = self.cap_of(spec)
        move = BotMove(table, seat, level, cap)
        asked = time.monotonic()
        loop = asyncio.get_running_loop()
        await self._acquire(table)
        try:
            started = time.monotonic()
            move.waited = started - asked
            left = cap - move.waited
            timed = time_limit_of(spec) is not None
            # a timed level searches for what is left of its budget, keeping the margin for the rest
            think = min(limit, left - self.margin) if timed else None
            if (think if timed else left) >= MIN_THINK:
                fut = self._ensure().schedule(_think, args=(state_json, spec, seat, seed, think, data), timeout=left)
                try:
                    move.action = await asyncio.wrap_future(fut)
                except TimeoutError:  # pebble has stopped the worker's process
                    move.fallback = True
                finally:
                    if not fut.done():
                        fut.cancel()  # the move was dropped: stop the worker's process
            else:
                move.fallback = True
            move.thought = time.monotonic() - started
        finally:
            self._release()
        if move.fallback:
            move.action = await loop.run_in_executor(None, _fallback, state_json, seat, seed, data)
            log.warning("table %s seat %s (%s): no move within %.1f s; it plays %r", table, seat, level, cap,
                        move.action)
        self.history.append(move)
        return move

    # ------------------------------------------------------------------ the coach
    async def coach(self, fn, *args, limit: float | None = None):
        """Run a coach job (``_review`` or ``_hint``) in the coach's own worker: a process apart
        from the move workers, at a lower CPU priority (nice 10), one job at a time, stopped after
        ``limit`` seconds (TimeoutError); so reviews and hints never take a move worker from a
        computer opponent."""
        if self._coach is None:
            import os
            import sys

            from pebble import ProcessPool

            paths = [os.path.abspath(p or os.getcwd()) for p in sys.path]
            self._coach = ProcessPool(1, initializer=_init_coach, initargs=(paths, os.getpid()),
                                      context=worker_context())
            self._coach_lock = asyncio.Lock()
        async with self._coach_lock:
            fut = self._coach.schedule(fn, args=args, timeout=limit or self.coach_limit)
            try:
                return await asyncio.wrap_future(fut)
            finally:
                if not fut.done():
                    fut.cancel()

    def close(self) -> None:
        if self._coach is not None:
            self._coach.stop()
            self._coach.join(5)
            self._coach = None
        for task in list(self._jobs.values()):
            task.cancel()
        self._jobs.clear()
        if self._pool is not None:
            self._pool.stop()
            self._pool.join(5)
            self._pool = None
