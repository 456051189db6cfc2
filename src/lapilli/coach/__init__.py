"""The coach: a review of a finished (or unfinished) game, decision by decision, and hints.

`review(record, seat)` replays a record and, at every decision of ``seat`` with more than one
legal move, asks the computer opponents' search (a strength level, ``hard`` by default) for the
best move and judges the move played beside it (`judge`).  Only what the seat could see at that
moment is used: the search and the judge work on determinizations drawn from the seat's
observation (`agents.Decision`), with seeds that depend on the review's own seed and the ply,
never on the game's seed, so two games that differ only in what the seat could not see get the
same review.  docs/coach.md describes the judgement and its thresholds.
"""
from .review import (CLASSES, THRESHOLDS, Judgement, Review, classify, hint, judge, review,
                     review_positions)

__all__ = ["CLASSES", "THRESHOLDS", "Judgement", "Review", "classify", "hint", "judge", "review", "review_positions"]
