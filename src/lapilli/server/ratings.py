"""Ratings per game: Glicko-2 (Glickman, "Example of the Glicko-2 system", 2012) through the
``glicko2`` library, with a multiplayer game decomposed into pairwise results.

Pairwise decomposition: a finished game of N players is read as N-1 games for each player, one
against each other player, all in one rating period and all against the others' ratings from
before the game: a player placed ahead of another scores 1 against them, behind 0, level 0.5.
Places come from the game's own result: its winners share the first place, the others follow by
score (the game says whether the lower score is the better), equal scores share a place.

Abandoning: a player whose seat a computer was playing for them when the game ended (they handed
it over, or it was handed over after their seat grace, or their clock ran out) loses: they score
0 against every other player.  The others' ratings are protected: each of them is rated only on
their win against each player who abandoned, never on the places among themselves that the
abandon may have decided (so a present player never loses rating because someone left).
"""
from __future__ import annotations

from dataclasses import dataclass

import glicko2

START = (1500.0, 350.0, 0.06)  # an unrated player's rating, deviation and volatility (the paper's values)


@dataclass
class Rating:
    rating: float = START[0]
    rd: float = START[1]
    vol: float = START[2]


def places(winners: list[int], scores: list, lower_wins: bool) -> list[int]:
    """Each seat's place (0 = first): the winners first, then the others by score."""
    n = len(scores)
    key = [(0 if s in winners else 1, (scores[s] if lower_wins else -scores[s]) if s not in winners else 0)
           for s in range(n)]
    return [sorted(set(key)).index(key[s]) for s in range(n)]


def pairwise(place: list[int], abandoned: set[int]) -> dict[int, list[tuple[int, float]]]:
    """Each seat's (opponent, score) pairs under the decomposition and the abandon convention."""
    n = len(place)
    out: dict[int, list[tuple[int, float]]] = {s: [] for s in range(n)}
    for s in range(n):
        for o in range(n):
            if o == s:
                continue
            if s in abandoned:
                out[s].append((o, 0.0))
            elif o in abandoned:
                out[s].append((o, 1.0))
            elif not abandoned:
                out[s].append((o, 1.0 if place[s] < place[o] else 0.0 if place[s] > place[o] else 0.5))
    return out


def update(before: dict[int, Rating], pairs: dict[int, list[tuple[int, float]]]) -> dict[int, Rating]:
    """Every seat's rating after the game, from everyone's rating before it."""
    after = {}
    for s, r in before.items():
        p = glicko2.Player(rating=r.rating, rd=r.rd, vol=r.vol)
        games = pairs.get(s, [])
        if games:
            p.update_player([before[o].rating for o, _ in games], [before[o].rd for o, _ in games],
                            [score for _, score in games])
        else:
            p.did_not_compete()
        after[s] = Rating(p.rating, p.rd, p.vol)
    return after
