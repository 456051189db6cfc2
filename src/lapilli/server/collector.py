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
full collections that promotion causes become rare (none in that run; p95 15 ms, and 1.56 ms of
server CPU per move instead of 1.80). The objects made while starting (modules, classes, the
games' tables) are moved out of the collector's sight (``gc.freeze``): they live as long as the
process.
"""
from __future__ import annotations

import gc

YOUNG = 10_000  # containers allocated between two young collections (CPython's default: 700)
MIDDLE = 20  # young collections between two collections of the middle generation (default 10)
OLD = 100  # middle collections between two full ones, at most (default 10)


def tune_collector() -> None:
    """Set the collector for serving: call once, after start-up and before the first request."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, OLD)
