"""Simulate many seeded games with local worker processes.

Game ``i`` of a run with base seed ``S`` uses seed ``S + i`` for the game and seeds derived from
it for the agents, so the same run gives the same results with any number of workers.
"""
from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass, field
from typing import Iterable, Iterator

from ..agents import GameDidNotEnd, make_agent, play_game
from ..engine.registry import new_game
from ..workers import init_worker, worker_context

# The decisions a game of a study may take: one still going after this many is stopped and
# recorded as a game that did not end.  About twice the longest game that ended in any of the
# reports in docs/reports (2,491 decisions: Isola dei Vulcani with max_rounds=off and heuristic
# players; the longest with Stromboli's normal players: 1,111), so the games seen to end stay well
# inside it, while players that undo each other's moves without end (take a disc back, place it
# again) cost one game's cap instead of a run that never finishes.
MAX_PLIES = 5000

# the error of a game stopped by the cap; ``RuntimeError``: as `play_game` raised it before
# GameDidNotEnd existed (with its built-in cap of 1,000,000 decisions)
_DID_NOT_END = re.compile(r"^(GameDidNotEnd|RuntimeError): game did not end within (\d+) decisions$")


def cap_reached(error: str) -> int | None:
    """The cap of a game whose ``error`` says it did not end within it (None: any other error,
    or none)."""
    m = _DID_NOT_END.match((error or "").strip())
    return int(m.group(2)) if m else None


@dataclass
class GameRow:
    index: int
    seed: int
    players: int
    scores: list
    winners: list[int]
    plies: int
    seconds: float
    stats: dict = field(default_factory=dict)
    error: str = ""
    lineup: list[str] = field(default_factory=list)
    # per seat, the final score by scoring source (``state.score_breakdown()``): {part: points}
    parts: list = field(default_factory=list)
    # how the lead went during the game (`lead_trace`): {"lead_changes": n, "decided_at": share}
    trace: dict = field(default_factory=dict)

    def as_csv(self) -> dict:
        row = {"index": self.index, "seed": self.seed, "plies": self.plies, "seconds": round(self.seconds, 6),
               "winners": " ".join(map(str, self.winners)), "error": self.error}
        for i in range(self.players):
            row[f"score_{i}"] = self.scores[i] if i < len(self.scores) else ""
            row[f"win_{i}"] = (1.0 / len(self.winners)) if i in self.winners else 0.0
        for i, name in enumerate(self.lineup):
            row[f"agent_{i}"] = name
        for k, v in sorted(self.stats.items()):
            row[f"stat_{k}"] = v
        return row

    @property
    def did_not_end(self) -> bool:
        """Stopped by the decision cap before it ended (an error row, but not a crash)."""
        return cap_reached(self.error) is not None

    @property
    def crashed(self) -> bool:
        """Failed with an error other than the decision cap."""
        return bool(self.error) and not self.did_not_end


def agent_seed(game_seed: int, seat: int) -> int:
    return (game_seed * 1_000_003 + seat * 7919 + 1) & 0x7FFFFFFF


def play_one(game: str, players: int, options: dict, seats: list[str], seed: int, index: int, data=None,
             trace: bool = True, max_plies: int = MAX_PLIES) -> GameRow:
    """One game; ``data``: the DataSet it is played with (None: the game's own data).  With
    ``trace``, the row also keeps each seat's score by scoring source and how the lead went (the
    leading seats after every decision, read from ``state.scores()``): a few milliseconds per
    game, which only random play at scale notices.  A game still going after ``max_plies``
    decisions is stopped: its row has the error ``GameDidNotEnd: ...`` and the decisions played
    (`GameRow.did_not_end`)."""
    t0 = time.perf_counter()
    try:
        state = new_game(game, players, seed, options, data=data)
        agents = [make_agent(seats[i], seed=agent_seed(seed, i), game=game, players=players) for i in range(players)]
        lower = bool(getattr(state.SPEC, "lower_score_wins", False))
        leaders: list[set] = []

        def watch(st, seat, action, events):
            sc = st.scores()
            best = min(sc) if lower else max(sc)
            leaders.append({i for i, x in enumerate(sc) if x == best})

        play_game(state, agents, max_plies=max_plies, on_step=watch if trace else None)
        stats = game_stats(state)
        winners = state.winners()
        return GameRow(index, seed, players, state.scores(), winners, len(state.history),
                       time.perf_counter() - t0, stats, lineup=list(seats),
                       parts=score_parts(state) if trace else [], trace=lead_trace(leaders, winners) if trace else {})
    except Exception as e:  # a crash (or a game stopped by the cap, with its decisions) is recorded, not fatal to the run
        plies = e.max_plies if isinstance(e, GameDidNotEnd) else 0
        return GameRow(index, seed, players, [], [], plies, time.perf_counter() - t0, {}, f"{type(e).__name__}: {e}",
                       lineup=list(seats))


def score_parts(state) -> list[dict]:
    """Each seat's final score by scoring source: ``{part: points}`` from the game's
    ``score_breakdown()`` (parts of the same key added up)."""
    out = []
    for seat_parts in state.score_breakdown():
        d: dict = {}
        for p in seat_parts:
            d[str(p["part"])] = d.get(str(p["part"]), 0) + p["points"]
        out.append(d)
    return out


def lead_trace(leaders: list, winners: list[int]) -> dict:
    """How the lead went, from the leading seats after each decision (``leaders[t]``: the seats
    with the best score after decision ``t + 1``).

    ``lead_changes``: how often the lead passed from one seat leading alone to another (a shared
    lead in between is no change of its own).  ``decided_at``: the share of the game's decisions
    played when the final winners took the lead for good, i.e. from then on only winners led
    (1.0: decided by the last decision)."""
    changes, last = 0, None
    for lead in leaders:
        if len(lead) == 1:
            (seat,) = lead
            if last is not None and seat != last:
                changes += 1
            last = seat
    n = len(leaders)
    won = set(winners)
    start = n
    while start > 0 and won and set(leaders[start - 1]) <= won:
        start -= 1
    decided = (min(start + 1, n) / n) if n else 1.0
    return {"lead_changes": changes, "decided_at": decided}


def game_stats(state) -> dict:
    """The game's per-game statistics: ``state.stats()`` when the State defines that method (a
    ``stats`` dict attribute is accepted too); only numbers, booleans and strings are kept."""
    st = getattr(state, "stats", None)
    if callable(st):
        st = st()
    if not isinstance(st, dict):
        return {}
    return {str(k): v for k, v in st.items() if isinstance(v, (int, float, str, bool))}


def lineup_for(seats: list[str], index: int, rotate: bool) -> list[str]:
    """The seats of game ``index``: with ``rotate``, the lineup turns by one seat each game, so
    over any multiple of the player count every agent sits in every seat equally often."""
    if not rotate:
        return list(seats)
    k = index % len(seats)
    return list(seats[k:] + seats[:k])


def _work(task) -> list[GameRow]:
    game, players, options, seats, seeds, rotate, games_map, data, trace, max_plies = task
    if games_map:
        from ..engine import registry

        for gid, module in games_map.items():
            registry.GAMES.setdefault(gid, module)
    return [play_one(game, players, options, lineup_for(seats, idx, rotate), seed, idx, data, trace, max_plies)
            for idx, seed in seeds]


class WorkerDied(RuntimeError):
    """A worker process died (killed, out of memory): the games written so far are kept."""


_POOLS: dict = {}


def worker_pool(jobs: int):
    """The process pool of ``jobs`` workers, started once per driver process and reused by
    later runs (a report's variants, benchmarks); stopped at exit or by `shutdown_pools`."""
    import atexit
    import os
    import sys
    from concurrent.futures import ProcessPoolExecutor

    pool = _POOLS.get(jobs)
    if pool is not None and not getattr(pool, "_broken", False):
        return pool
    paths = [os.path.abspath(p or os.getcwd()) for p in sys.path]
    pool = ProcessPoolExecutor(jobs, mp_context=worker_context(), initializer=init_worker, initargs=(paths, os.getpid()))
    if not _POOLS:
        atexit.register(shutdown_pools)
    _POOLS[jobs] = pool
    return pool


def shutdown_pools() -> None:
    while _POOLS:
        _, pool = _POOLS.popitem()
        pool.shutdown(wait=True, cancel_futures=True)


def chunks(todo: list, jobs: int, size: int | None = None, cap: int = 50) -> Iterator[list]:
    """Split ``todo`` into the pieces sent to the workers.  With a fixed ``size``, pieces of that
    size; otherwise guided: each piece is about 1/(4 x jobs) of what is left (at most ``cap``
    games), so pieces shrink toward the end of the run and no worker sits idle while another
    finishes a large last piece (that tail cost ~10 % of a short run with fixed pieces)."""
    k = 0
    n = len(todo)
    while k < n:
        step = size or max(1, min(cap, (n - k) // (jobs * 4)))
        yield todo[k:k + step]
        k += step


def simulate(game: str, players: int, options: dict | None, seats: list[str], games: int, seed: int = 0,
             jobs: int = 1, chunk: int | None = None, skip: Iterable[int] = (), rotate: bool = False,
             data=None, trace: bool = True, max_plies: int = MAX_PLIES) -> Iterator[GameRow]:
    """Yield one GameRow per game as games finish (not in index order when jobs > 1), every game
    played with the data set ``data`` (None: the game's own data) and stopped after ``max_plies``
    decisions if it has not ended (`play_one`).

    ``skip``: indices already done (for resuming a run).  With ``jobs`` > 1 the games go in
    chunks to worker processes (`worker_pool`), a few chunks per worker in flight at a time.
    """
    from concurrent.futures import FIRST_COMPLETED, wait
    from concurrent.futures.process import BrokenProcessPool

    from ..engine.registry import GAMES

    options = dict(options or {})
    done = set(skip)
    todo = [(i, seed + i) for i in range(games) if i not in done]
    if not todo:
        return
    if jobs <= 1:
        for idx, s in todo:
            yield play_one(game, players, options, lineup_for(seats, idx, rotate), s, idx, data, trace, max_plies)
        return
    games_map = dict(GAMES)
    tasks = ((game, players, options, seats, part, rotate, games_map, data, trace, max_plies)
             for part in chunks(todo, jobs, chunk))
    pool = worker_pool(jobs)
    pending = set()
    try:
        for t in tasks:
            pending.add(pool.submit(_work, t))
            if len(pending) >= jobs * 4:
                break
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in finished:
                yield from f.result()
            for t in tasks:
                pending.add(pool.submit(_work, t))
                if len(pending) >= jobs * 4:
                    break
    except BrokenProcessPool as e:
        _POOLS.pop(jobs, None)
        raise WorkerDied(f"a worker process died ({e}); the games finished so far are kept") from None
    finally:
        for f in pending:
            f.cancel()


def _mean_sd(xs: list[float]) -> tuple[float, float]:
    if not xs:
        return (math.nan, math.nan)
    m = sum(xs) / len(xs)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1)) if len(xs) > 1 else 0.0
    return m, sd


def wilson(share: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win share over ``n`` games (ties count as fractions of
    a win).  Unlike share +- 1.96 sd it stays inside [0, 1] and is not empty at 0 % or 100 %
    (10 wins in 10 games: [0.722, 1])."""
    if n <= 0 or math.isnan(share):
        return (math.nan, math.nan)
    denom = 1 + z * z / n
    centre = (share + z * z / (2 * n)) / denom
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, min(share, centre - half)), min(1.0, max(share, centre + half)))


def summarize(rows: list[GameRow], players: int) -> dict:
    """Win shares, scores and lengths over the games that ended; ``errors``: the games that
    crashed, ``did_not_end``: the games stopped by the decision cap."""
    ok = [r for r in rows if not r.error]
    out = {"games": len(rows), "errors": sum(r.crashed for r in rows), "did_not_end": sum(r.did_not_end for r in rows),
           "seats": []}
    for seat in range(players):
        wins = [(1.0 / len(r.winners)) if seat in r.winners else 0.0 for r in ok]
        share, _ = _mean_sd(wins)
        n = len(wins)
        half = 1.96 * math.sqrt(share * (1 - share) / n) if n else math.nan
        m, sd = _mean_sd([float(r.scores[seat]) for r in ok])
        lo, hi = wilson(share, n)
        out["seats"].append({"seat": seat, "win_share": share, "ci95": half, "ci_low": lo, "ci_high": hi,
                             "score_mean": m, "score_sd": sd})
    out["plies_mean"], out["plies_sd"] = _mean_sd([float(r.plies) for r in ok])
    out["seconds_total"] = sum(r.seconds for r in rows)
    return out
