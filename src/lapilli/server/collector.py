"""The garbage collector's settings for a serving process (`lapilli serve`).

CPython's collector, left at its defaults (a young collection every 700 new containers, a full
one every hundred young ones while the heap has grown by a quarter), walks every object of the
heap at each full collection. A server holding a thousand tables has over a million of them, and
a full collection then stops the event loop for up to a second: under a move every five seconds
at each of those tables (bench/load_test.py --tables 1000 --game the-island --think 5) full
collections came every seven seconds, the collector took about a fifth of the server's CPU, and
the moves' round trip was 82 ms at p95 (818 ms at worst).

The moves' garbage is short-lived (a view, a log line's words, an engine's copy): with a young
generation of 10,000 containers nearly all of it dies young instead of being promoted, and the
full collections that promotion causes become rare. The objects made while starting (modules,
classes, the games' tables) are moved out of the collector's sight (``gc.freeze``): they live as
long as the process.

What a move leaves behind is not short-lived, though: a table's new position (an engine state of
a few dozen lists) and its views live until that table's next move, seconds later. Freeing the
position before it lowers CPython's count of new containers, so with a thousand tables the young
generation grew to about 48,000 objects before a young collection came, and walking them (their
references reach all over the heap) stopped the event loop for 40 to 130 ms every second or so,
the middle generation's collections for 100 to 240 ms: most of the moves' p95 in that run (47 to
82 ms over four runs). ``pace`` collects the young and middle generations four times a second
instead, each time only what the last quarter of a second made, which it promotes out of their
way: the pauses became a few milliseconds and the p95 of the same run 15 to 21 ms (three runs).
A full collection, which frees unreachable cycles among the old objects, comes every half hour;
it walks the whole heap and stops the event loop meanwhile: 0.5 to 0.6 s with a thousand tables of
The Island 40 moves into their games (a million objects; 47 ms with a hundred), bench/full_collection.py.
"""
from __future__ import annotations

import asyncio
import gc

YOUNG = 10_000  # containers allocated between two young collections (CPython's default: 700)
MIDDLE = 20  # young collections between two collections of the middle generation (default 10)
OLD = 100  # middle collections between two full ones, at most (default 10)
PACE = 0.25  # seconds between two collections of the young and middle generations while serving
FULL_EVERY = 7_200  # of those, one in this many is a full collection (every half hour)


def tune_collector() -> None:
    """Set the collector for serving: call once, after start-up and before the first request."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, OLD)


async def pace(interval: float = PACE, full_every: int = FULL_EVERY) -> None:
    """Collect the young and middle generations every ``interval`` seconds, and the whole heap at
    one pass in ``full_every``, between the event loop's callbacks; until cancelled.  Nothing in
    a process whose collector is not set for serving (``tune_collector``'s thresholds: an
    application a test builds in its own process keeps CPython's defaults)."""
    if gc.get_threshold() != (YOUNG, MIDDLE, OLD):
        return
    passes = 0
    while True:
        await asyncio.sleep(interval)
        passes += 1
        gc.collect(2 if passes % full_every == 0 else 1)
