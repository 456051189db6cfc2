"""Heavy reads of finished games: a replay step (the game replayed up to a ply and its log
narrated) and the summary of a finished game for the finished list.

A finished game never changes, so each such answer is computed once and kept:
- the work runs in a small pool of worker threads of its own (``workers``), never on the event
  loop and never more at once than the pool holds, so that however many are asked for, the
  event loop (every table's moves, pings and views) keeps its share of the interpreter;
- the same answer asked for again while it is computed is computed once (the askers share it);
- answers are kept in a cache bounded by bytes (replay answers, by the length of their JSON, and
  each finished game's record) and summaries in one bounded by entries; the least recently used
  leave first.
Which answers must be computed is known before the work starts (``needs_work``), so that a
per-address rate limit counts only those: an answer already kept costs nothing.
"""
from __future__ import annotations

import asyncio
import multiprocessing
import os
import sys
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, Callable, Hashable

from ..workers import init_worker


class LRU:
    """Values by key, the least recently used dropped first once their sizes add up to more than
    ``limit`` (a value larger than ``limit`` alone is not kept)."""

    def __init__(self, limit: int):
        self.limit = limit
        self.size = 0
        self.items: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()

    def get(self, key: Hashable):
        got = self.items.get(key)
        if got is None:
            return None
        self.items.move_to_end(key)
        return got[0]

    def __contains__(self, key: Hashable) -> bool:
        return key in self.items

    def put(self, key: Hashable, value: Any, size: int) -> None:
        old = self.items.pop(key, None)
        if old is not None:
            self.size -= old[1]
        if size > self.limit:
            return
        self.items[key] = (value, size)
        self.size += size
        while self.size > self.limit:
            _, (_, gone) = self.items.popitem(last=False)
            self.size -= gone


class HeavyReads:
    SUMMARIES = 4096  # finished games' summaries kept (each a few hundred bytes to a few kB)

    def __init__(self, workers: int, cache_bytes: int, processes: bool = True):
        self.workers = max(1, workers)
        self.pool = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="lapilli-read")
        # pure computations (a replay step from a record) run in processes of their own when
        # ``processes``: a thread replaying a long game holds the interpreter from the event loop
        # for milliseconds at a time, a process never does; started at the first such read
        self.processes = processes
        self._procs: ProcessPoolExecutor | None = None
        self.answers = LRU(max(0, cache_bytes))
        self.summaries = LRU(self.SUMMARIES)
        self._running: dict[Hashable, asyncio.Future] = {}

    def needs_work(self, key: Hashable, cache: LRU | None = None) -> bool:
        """Neither kept nor being computed: asking for it starts work."""
        return key not in (cache or self.answers) and key not in self._running

    def _executor(self, pure: bool):
        if not (pure and self.processes):
            return self.pool
        if self._procs is None:
            # the workers end by themselves if the server is gone without closing this pool (killed,
            # or ended by the signal uvicorn raises again after its shutdown, which skips the
            # interpreter's exit handlers): a watchdog on the server's pid
            paths = [os.path.abspath(p or os.getcwd()) for p in sys.path]
            self._procs = ProcessPoolExecutor(max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                                              initializer=init_worker, initargs=(paths, os.getpid()))
        return self._procs

    async def read(self, key: Hashable, compute: Callable[..., tuple[Any, int]], *args, cache: LRU | None = None,
                   pure: bool = False):
        """The answer kept under ``key``, or ``compute(*args)`` run in the pool (once, however
        many ask for it meanwhile); ``compute`` returns (answer, size for the cache).  ``pure``:
        ``compute`` is a module-level function of picklable arguments that reads nothing else,
        run in the pool of processes."""
        cache = cache or self.answers
        got = cache.get(key)
        if got is not None:
            return got
        future = self._running.get(key)
        if future is None:
            future = asyncio.get_running_loop().run_in_executor(self._executor(pure), compute, *args)
            self._running[key] = future

            def done(f: asyncio.Future) -> None:
                self._running.pop(key, None)
                if not f.cancelled() and f.exception() is None:
                    value, size = f.result()
                    cache.put(key, value, size)

            future.add_done_callback(done)
        value, _ = await asyncio.shield(future)  # one asker going away does not cancel the others'
        return value

    def close(self) -> None:
        """Stop both pools: queued work is cancelled; the worker processes are waited for (a step
        being computed ends first), so that none outlives the server."""
        self.pool.shutdown(wait=False, cancel_futures=True)
        if self._procs is not None:
            procs, self._procs = self._procs, None
            procs.shutdown(wait=True, cancel_futures=True)
