"""Ratings per game: Glicko-2 (Glickman, "Example of the Glicko-2 system", 2012) through the
``glicko2`` library, with a multiplayer game decomposed into pairwise results.

Pairwise decomposition: a finished game of N players is read as N-1 games for each player, one
against each other player, all in one rating period and all against the others' ratings from
before the game: a player placed ahead of another scores 1 against them, behind 0, level 0.5.
Places come from the game's own result: its winners share the first place, the others follow by
score (the game says whether the lower score is the better), equal scores share a place.

Abandoning: a player abandons when a computer takes their seat during the game at a rated
table: they handed it over (a resignation, which they are told before it happens), another player
handed it over after their seat grace, or their clock ran out.  It stays abandoned whatever
happens later (taking the seat back, the computer winning on the board).

- The leaver is ranked last; the others keep their order from the game's result (several
  leavers share the last place).  So in a 3-player game the winner still gains more than the
  second, and nobody present loses rating to the leaver.
- A game abandoned early is not rated for the others (their ratings do not move and the game
  does not count for them) and counts as a loss for the leaver: they score 0 against every
  player who did not leave early.  This is what rating sites do with games aborted in the first
  moves, and it takes away what a puppet account could give a partner by leaving at once.

"Early": when the first seat was abandoned, the game had made fewer than ``EARLY_SHARE`` (a
quarter) of its usual number of plies (actions of all seats, undos taken away) for its player
count.  The usual number (``USUAL_PLIES``) is the median length measured over 12 seeded games
per player count in which every seat played uniformly random legal actions (a length every game
has, measurable without a trained player; where random play runs longer than real play, more
abandoned games count as early, i.e. unrated for the others, never fewer).  A player count not
measured uses the nearest one measured, and a game not in the table ``DEFAULT_USUAL_PLIES`` (8:
a game left with fewer than 2 plies made is early).  Hence, at the default player counts: The
Island (4) before ply 58, Eruption (4) 28, Kingdomino Origins (4) 22, Isola dei Vulcani (4) 196,
Stromboli (2) 101.
"""
from __future__ import annotations

from dataclasses import dataclass

import glicko2

START = (1500.0, 350.0, 0.06)  # an unrated player's rating, deviation and volatility (the paper's values)

EARLY_SHARE = 0.25  # a game abandoned before this share of its usual length is not rated for the others
DEFAULT_USUAL_PLIES = 8
# game -> {players: median plies of 12 games of uniformly random play} (module docstring)
USUAL_PLIES: dict[str, dict[int, int]] = {
    "eruption": {2: 98, 3: 112, 4: 112, 5: 131, 6: 132},
    "isola-dei-vulcani": {2: 403, 3: 612, 4: 784},
    "kingdomino-origins": {2: 86, 3: 75, 4: 87},
    "stromboli": {2: 404},
    "the-island": {2: 210, 3: 226, 4: 231, 5: 240, 6: 246},
}


def usual_plies(game: str, players: int) -> int:
    """The usual length of a game of ``game`` at ``players`` players, in plies (module docstring)."""
    known = USUAL_PLIES.get(game)
    if not known:
        return DEFAULT_USUAL_PLIES
    return known[min(known, key=lambda n: (abs(n - players), n))]


def early(game: str, players: int, plies: int) -> bool:
    """Whether a seat abandoned after ``plies`` plies abandons the game early."""
    return plies < EARLY_SHARE * usual_plies(game, players)


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


def pairwise(place: list[int], abandoned: set[int], early: set[int] = frozenset()
             ) -> dict[int, list[tuple[int, float]]]:
    """Each seat's (opponent, score) pairs under the decomposition and the abandon convention
    (module docstring): ``abandoned`` seats are ranked last; when some seats (``early``) left
    early, only they are rated, each losing to every seat that did not leave early."""
    n = len(place)
    out: dict[int, list[tuple[int, float]]] = {s: [] for s in range(n)}
    if early:
        for s in early:
            out[s] = [(o, 0.0) for o in range(n) if o not in early]
        return out
    last = max(place, default=0) + 1
    ranked = [last if s in abandoned else place[s] for s in range(n)]
    for s in range(n):
        for o in range(n):
            if o != s:
                out[s].append((o, 1.0 if ranked[s] < ranked[o] else 0.0 if ranked[s] > ranked[o] else 0.5))
    return out


def update(before: dict[int, Rating], pairs: dict[int, list[tuple[int, float]]]) -> dict[int, Rating]:
    """Every seat's rating after the game, from everyone's rating before it (a seat without
    games keeps its rating: the game is not rated for it)."""
    after = {}
    for s, r in before.items():
        p = glicko2.Player(rating=r.rating, rd=r.rd, vol=r.vol)
        games = pairs.get(s, [])
        if not games:
            after[s] = r
            continue
        p.update_player([before[o].rating for o, _ in games], [before[o].rd for o, _ in games],
                        [score for _, score in games])
        after[s] = Rating(p.rating, p.rd, p.vol)
    return after
