"""Confidence intervals of win shares (simulate and tournament tables)."""
import math

import pytest

from lapilli.sim.local import GameRow, summarize, wilson
from lapilli.sim.tournament import win_shares


def test_wilson_known_values():
    # textbook values (Wilson 1927; e.g. Newcombe 1998, table I): 81/263 -> 0.2553..0.3662
    lo, hi = wilson(81 / 263, 263)
    assert lo == pytest.approx(0.2553, abs=5e-4)
    assert hi == pytest.approx(0.3662, abs=5e-4)
    # all games won: the interval is not empty, it reaches 1 and its low end is below 1
    lo, hi = wilson(1.0, 10)
    assert hi == pytest.approx(1.0) and lo == pytest.approx(0.7225, abs=5e-4)
    lo, hi = wilson(0.0, 10)
    assert lo == pytest.approx(0.0, abs=1e-12) and hi == pytest.approx(0.2775, abs=5e-4)
    assert all(math.isnan(x) for x in wilson(0.5, 0))


def test_summaries_carry_the_interval():
    rows = [GameRow(i, i, 2, [1, 0], [0], 10, 0.0, lineup=["a", "b"]) for i in range(20)]
    s = summarize(rows, 2)["seats"]
    assert (s[0]["ci_low"], s[0]["ci_high"]) == pytest.approx(wilson(1.0, 20))
    assert s[0]["ci_low"] < 1.0 and s[1]["ci_high"] > 0.0
    shares = win_shares(rows)
    assert shares["a"]["win_share"] == 1.0
    assert (shares["a"]["ci_low"], shares["a"]["ci_high"]) == pytest.approx(wilson(1.0, 20))


def test_guided_chunks_cover_every_game_once_and_shrink_at_the_end():
    from lapilli.sim.local import chunks

    todo = [(i, 100 + i) for i in range(1000)]
    parts = list(chunks(todo, jobs=2))
    assert [x for p in parts for x in p] == todo          # every game once, in order
    sizes = [len(p) for p in parts]
    assert max(sizes) == 50                                # capped
    assert sizes == sorted(sizes, reverse=True)            # never grows
    assert sizes[-1] == 1 and sizes[-8:] == [1] * 8        # the tail is single games
    fixed = list(chunks(todo, jobs=2, size=30))
    assert {len(p) for p in fixed[:-1]} == {30} and len(fixed[-1]) == 1000 - 30 * 33
