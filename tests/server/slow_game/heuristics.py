"""The heuristic player of Slow Nim thinks for an hour."""
import time


def choose(state, legal, rng, seat):
    time.sleep(3600)
    return legal[0]
