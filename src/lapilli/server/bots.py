"""Computer seats think in a pool of worker processes, so the server never blocks on them, and no
table can hold the pool: every move has a hard wall-clock cap.

- A computer seat plays a named level only (``LEVELS``); a level is the game's own agent spec
  for its player count (``lapilli.agents.level_spec``).
- Each table has at most one move waiting or thinking; moves start in the order they were asked
  for, one per free worker, so every table with a computer to move gets the next free worker in
  turn (fair queueing across tables).
- A table where a person plays goes before a table of computers only: the moves of tables that
  nobody plays in get a worker only when no person's table waits for one, so that anyone able to
  create tables of computers only (anyone at all) cannot slow the computer opponents of people.
- A move may take its level's time limit (``time_limit`` of the spec, or ``untimed_limit`` for
  the levels that set none) plus ``margin`` seconds, counted from when it was asked for, so time
  spent waiting for a worker is part of it: a move that starts late searches for less time.  At
  a table of computers only nobody waits, and the cap counts from when the move gets a worker:
  giving way to people does not turn its moves into random ones.
  Past the cap the worker is stopped (pebble ends its process and starts a new one) and the seat
  plays a random legal move instead, so that the table goes on.

The worker gets the state as JSON and the level's spec, builds the agent and hands it a
`Decision` for its seat: the agent sees that seat's observation and determinized copies only.
"""
from __future__ import annotations

import asyncio
import heapq
import logging
import time
from collections import deque
from dataclasses import dataclass

from ..agents import DEFAULT_LEVELS, level_spec, parse_agent_spec
from ..engine.errors import LapilliError
from ..words import server_said
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


def _review(record: dict, seat: int, level: str, iterations: int, samples: int, data=None, plies=None) -> dict:
    """The review of ``seat`` (``plies``: only its decisions at these indices of the record)."""
    from lapilli.coach import review

    return review(record, seat=seat, level=level, iterations=iterations, samples=samples, data=data,
                  plies=None if plies is None else set(plies)).to_json()


def _hint(state_json: dict, seat: int, level: str, iterations: int, data=None, names=None) -> dict:
    from lapilli.coach import hint
    from lapilli.engine.registry import load_state

    return hint(load_state(state_json, data=data), seat, level=level, iterations=iterations, names=names)


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


class CoachBusy(LapilliError):
    """A client already waits for as many coach jobs as it may."""

    def __init__(self, client: str, most: int):
        super().__init__(server_said("coach_busy", client=client, most=most))


class ClientGone(Exception):
    """The client that waited for a coach job has left."""


@dataclass(eq=False)
class _CoachJob:
    fn: object
    args: tuple
    limit: float
    urgent: bool
    seq: int
    key: object
    result: asyncio.Future
    waiters: int = 0
    running: object = None        # the worker's future once started
    counted_other: bool = False

    def __lt__(self, other):      # heap entries tie on (priority, seq) never; this keeps heapq total
        return self.seq < other.seq


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
                 coach_limit: float = 300.0, coach_workers: int = 2, coach_per_client: int = 2,
                 coach_poll: float = 0.5):
        self.workers = max(1, workers)
        self.coach_limit = coach_limit
        self.coach_workers = max(1, coach_workers)
        self.coach_per_client = max(1, coach_per_client)
        self.coach_poll = coach_poll    # seconds between two looks at whether a waiting client left
        self._coach = None              # the coach's own workers (reviews, hints)
        self._coach_loop = None
        self._coach_queue: list = []    # heap of (0 urgent / 1 other, order of asking, job)
        self._coach_keyed: dict = {}    # key -> the shared job waiting or running
        self._coach_load: dict[str, int] = {}  # client -> jobs it waits for
        self._coach_running = 0
        self._coach_others = 0          # running jobs that are not urgent
        self._coach_seq = 0
        self.margin = margin
        self.untimed_limit = untimed_limit
        self._pool = None
        self._busy = 0
        # moves waiting for a worker: those of tables where a person plays, then the others
        self._waiting: tuple[deque[tuple[str, asyncio.Future]], ...] = (deque(), deque())
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
    async def _acquire(self, table: str, people: bool = True) -> None:
        """A worker for ``table``'s move, in turn: ``people`` is False for a table of computers
        only, whose moves wait until no move of a person's table waits."""
        if self._busy < self.workers and not any(self._waiting):
            self._busy += 1
            return
        fut = asyncio.get_running_loop().create_future()
        entry = (table, fut)
        queue = self._waiting[0 if people else 1]
        queue.append(entry)
        try:
            await fut  # _release hands the slot over (the count stays)
        except asyncio.CancelledError:
            if entry in queue:
                queue.remove(entry)
            elif fut.done() and not fut.cancelled():
                self._release()  # the slot was handed over as this waiter was cancelled
            raise

    def _release(self) -> None:
        for queue in self._waiting:
            while queue:
                _, fut = queue.popleft()
                if not fut.done():
                    fut.set_result(None)
                    return
        self._busy -= 1

    # ------------------------------------------------------------------ moves
    async def choose(self, table: str, state_json: dict, level: str, seat: int, seed: int,
                     game: str, players: int, data=None, people: bool = True) -> BotMove:
        """The move of the computer seat ``seat`` at ``table`` (``people``: a person plays at
        that table; False puts the move behind every person's table).  A table has one move at a
        time: asking again cancels the one it was waiting for."""
        old = self._jobs.pop(table, None)
        if old is not None:
            old.cancel()
        task = asyncio.ensure_future(self._move(table, state_json, level, seat, seed, game, players, data, people))
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

    async def _move(self, table, state_json, level, seat, seed, game, players, data=None,
                    people: bool = True) -> BotMove:
        if level not in LEVELS:  # a table stored before levels were named, or a bad row
            log.warning("table %s seat %s: level %r is not one of %s; it plays normal", table, seat, level, LEVELS)
            level = "normal"
        spec = spec_of(level, game, players)
        limit, cap = self.cap_of(spec)
        move = BotMove(table, seat, level, cap)
        asked = time.monotonic()
        loop = asyncio.get_running_loop()
        await self._acquire(table, people)
        try:
            started = time.monotonic()
            move.waited = started - asked
            # nobody waits at a table of computers only: its cap starts when it gets a worker
            left = cap - move.waited if people else cap
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
    def _coach_pool(self):
        if self._coach is None:
            import os
            import sys

            from pebble import ProcessPool

            paths = [os.path.abspath(p or os.getcwd()) for p in sys.path]
            self._coach = ProcessPool(self.coach_workers, initializer=_init_coach, initargs=(paths, os.getpid()),
                                      context=worker_context())
            self._coach_loop = asyncio.get_running_loop()
        return self._coach

    async def coach(self, fn, *args, limit: float | None = None, key=None, urgent: bool = False,
                    client: str = "local", gone=None):
        """Run a coach job (``_review`` or ``_hint``) in the coach's own workers: processes apart
        from the move workers, at a lower CPU priority (nice 10), each job stopped after ``limit``
        seconds (TimeoutError); so reviews and hints never take a move worker from a computer
        opponent.

        - ``urgent`` jobs (a live game's hint) start before every other waiting job, and with more
          than one coach worker the others (reviews) never take the last free one.
        - A job with a ``key`` is shared: asking for it while it waits or runs joins it.
        - ``client`` (the asking address) has at most ``coach_per_client`` jobs waited for at
          once (queued or running); past it CoachBusy.
        - ``gone``: an async callable telling whether the asker has left (polled while waiting);
          then ClientGone.  A job nobody waits for any more is dropped from the queue or, running,
          stopped (pebble ends its worker's process and starts a new one)."""
        self._coach_pool()
        if self._coach_load.get(client, 0) >= self.coach_per_client:
            raise CoachBusy(client, self.coach_per_client)
        job = self._coach_keyed.get(key) if key is not None else None
        if job is None:
            self._coach_seq += 1
            job = _CoachJob(fn, args, limit or self.coach_limit, urgent, self._coach_seq, key,
                            self._coach_loop.create_future())
            if key is not None:
                self._coach_keyed[key] = job
            heapq.heappush(self._coach_queue, (0 if urgent else 1, job.seq, job))
        elif urgent and not job.urgent and job.running is None:  # a hint joining a queued review: now urgent
            job.urgent = True
            heapq.heappush(self._coach_queue, (0, job.seq, job))
        job.waiters += 1
        self._coach_load[client] = self._coach_load.get(client, 0) + 1
        try:
            self._coach_dispatch()
            while True:
                done, _ = await asyncio.wait({job.result}, timeout=self.coach_poll if gone else None)
                if done:
                    return job.result.result()
                if await gone():
                    raise ClientGone()
        finally:
            left = self._coach_load[client] - 1
            if left:
                self._coach_load[client] = left
            else:
                del self._coach_load[client]
            job.waiters -= 1
            if job.waiters == 0 and not job.result.done():
                self._coach_drop(job)

    def coach_full(self, client: str) -> bool:
        """Whether ``client`` already waits for as many coach jobs as it may."""
        return self._coach_load.get(client, 0) >= self.coach_per_client

    def coach_status(self) -> dict:
        """How many coach jobs wait and run (counts only)."""
        return {"queued": sum(1 for _, _, j in self._coach_queue if j.running is None and not j.result.done()),
                "running": self._coach_running}

    def _coach_drop(self, job: _CoachJob) -> None:
        """Nobody waits for ``job`` any more: out of the queue, or stopped if it runs."""
        if self._coach_keyed.get(job.key) is job:
            del self._coach_keyed[job.key]
        job.result.cancel()
        if job.running is not None:
            job.running.cancel()  # pebble stops the worker's process; _coach_done frees the slot
        log.info("coach: a %s nobody waits for any more was %s", getattr(job.fn, "__name__", "job"),
                 "stopped" if job.running is not None else "dropped")

    def _coach_dispatch(self) -> None:
        """Start waiting jobs while workers are free, urgent ones first; with more than one
        worker the others leave one worker free for urgent ones."""
        while self._coach_queue and self._coach_running < self.coach_workers:
            _, _, job = self._coach_queue[0]
            if job.result.done() or job.running is not None:  # dropped, or a stale entry of a job raised
                heapq.heappop(self._coach_queue)
                continue
            if not job.urgent and self._coach_others >= max(1, self.coach_workers - 1):
                return  # the rest of the queue is non-urgent too
            heapq.heappop(self._coach_queue)
            self._coach_running += 1
            self._coach_others += not job.urgent
            job.counted_other = not job.urgent
            job.running = self._coach.schedule(job.fn, args=job.args, timeout=job.limit)
            job.running.add_done_callback(lambda f, job=job: self._coach_finished(job, f))

    def _coach_finished(self, job: _CoachJob, fut) -> None:
        """pebble's thread: hand the end of a job to the event loop."""
        try:
            self._coach_loop.call_soon_threadsafe(self._coach_done, job, fut)
        except RuntimeError:  # the loop has closed (the server stopped)
            pass

    def _coach_done(self, job: _CoachJob, fut) -> None:
        self._coach_running -= 1
        self._coach_others -= job.counted_other
        if self._coach_keyed.get(job.key) is job:
            del self._coach_keyed[job.key]
        if not job.result.done():
            if fut.cancelled():
                job.result.cancel()
            elif fut.exception() is not None:
                job.result.set_exception(fut.exception())
            else:
                job.result.set_result(fut.result())
        if self._coach is not None:
            self._coach_dispatch()

    def close(self) -> None:
        if self._coach is not None:
            coach, self._coach = self._coach, None
            coach.stop()
            coach.join(5)
        for task in list(self._jobs.values()):
            task.cancel()
        self._jobs.clear()
        if self._pool is not None:
            self._pool.stop()
            self._pool.join(5)
            self._pool = None
