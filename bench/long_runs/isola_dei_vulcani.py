"""Long run for L'Isola dei Vulcani: seeded random games (and games of a simple heuristic
policy) for every player count and setup, with the simulation report asked for by issue 6
(rounds, eruptions, sinkings, how often the game ends by volcanoes falling to two or fewer).

    PYTHONPATH=src nice -n 10 python3 bench/long_runs/isola_dei_vulcani.py [GAMES] \
        [--heuristic N] [--players 2 3 4] [--setup standard advanced] [--jobs 2] [--seed 0]

GAMES: random games per configuration (default 10000); --heuristic: heuristic games per
configuration (default 1000).  Heuristic games: every seat plays ``heuristics.choose`` of the
game (the "easy" computer player: erects Moai aiming the cracks at small parts with volcanoes,
carves next to free craters, walks toward craters or lava, keeps off the lava paths).
Random games: every decision uniformly random over the legal actions.

--jobs N: N worker processes over the seeds (game i of a configuration always uses seed
--seed + i, so the table equals that of --jobs 1 apart from the seconds); a progress line goes
to stderr every 30 seconds.  Configurations are printed in order, each as soon as its games
are done.

--diagnose N: N heuristic games per configuration, reporting where each erection's crack went
(sea / taken / none-left: no crack; split: cut a part off at once; target: on the border of a
part the heuristic aims at; other) and, per way of ending, the cut left at the end.

Columns: games, errors, seconds spent playing its games (summed over the workers), decisions per game and per second, rounds mean (min-max),
how games ended in % (volc = two or fewer volcanoes after a sinking, the rule IDV-13.1; limit =
the max_rounds safeguard; stall = the no-crack-possible safeguard, IDV-I28), and per game: Moai
erected, eruptions, double eruptions, sinkings, volcanoes sunk, % of games with a sinking.
"""
from __future__ import annotations

import argparse
import multiprocessing
import sys
import threading
import time
import traceback
from collections import Counter

from lapilli.engine import Rng
from lapilli.engine.registry import new_game
from lapilli.games.isola_dei_vulcani import heuristics as H
from lapilli.games.isola_dei_vulcani.heuristics import choose
from lapilli.testing.conformance import play_random

GAME = "isola-dei-vulcani"


def play_heuristic(players: int, options: dict, seed: int, max_plies: int = 200_000):
    s = new_game(GAME, players, seed, options)
    rng = Rng(seed)
    n = 0
    while not s.is_terminal:
        legal = s.legal_actions()
        s.apply(choose(s, legal, rng, s.to_move))
        n += 1
        if n > max_plies:
            raise RuntimeError("heuristic game did not end")
    return s


def crack_fate(s, action: str) -> str:
    """Where the crack of an erection (before it is applied) goes: ``sea`` / ``taken`` /
    ``none-left`` (no crack, IDV-8.6, IDV-I2 a), ``split`` (it cuts a part off at once), ``target``
    (the border of one of the heuristic's target parts), ``other``."""
    geo = s.geo
    cr = action.split()[2]
    m, key = geo.crater_edge[cr]
    if m is None or m in s.sunk:
        return "sea"
    if key in s.cracks:
        return "taken"
    if s.crack_supply <= 0:
        return "none-left"
    s.cracks.add(key)
    try:
        split = len(s.parts()) > 1
    finally:
        s.cracks.discard(key)
    if split:
        return "split"
    return "target" if key in H.regions_of(s).target_edges else "other"


def end_cut(s) -> dict:
    """At the end: whether the volcanoes left can ever fall to two (``doomed``: a glued unit of
    three or more volcanoes holds half the board, see heuristics.doomed_after), how many open
    edges the cheapest part with volcanoes still needs, how many of those no crater faces at
    all, and how many free craters still face an uncracked land edge anywhere."""
    geo = s.geo
    faced = {geo.crater_edge[c][1] for c in geo.craters}
    reg = H._Regions(s)
    recs = {id(r): r for lst in reg.by_edge.values() for r in lst}.values()
    withv = [r for r in recs if r[2] > 0]
    out = {"doomed": int(H.doomed_after(s, set())), "open": None, "open_no_crater": None}
    if withv:
        best = min(withv, key=lambda r: r[1])
        inside = set(best[0])
        edges = {key for h in best[0] for m, key in geo.nbrs[h]
                 if m not in inside and m not in s.sunk and key not in s.cracks}
        out["open"] = len(edges)
        out["open_no_crater"] = sum(1 for e in edges if e not in faced)
    out["useful_free_craters"] = sum(
        1 for c in geo.craters if c not in s.erected and geo.crater_hex[c] not in s.sunk
        and geo.crater_edge[c][0] is not None and geo.crater_edge[c][0] not in s.sunk
        and geo.crater_edge[c][1] not in s.cracks)
    out["moai_left"] = sum(s.reserve_moai) + sum(1 for x in s.spaces.values() if x[0] == "M") + \
        sum(len(x) for x in s.loose_moai.values())
    return out


def diagnose_one(players: int, setup: str, seed: int) -> dict:
    """A heuristic game with the fate of every crack and the cut left at the end."""
    s = new_game(GAME, players, seed, {"setup": setup})
    rng = Rng(seed)
    fates = Counter()
    while not s.is_terminal:
        legal = s.legal_actions()
        a = choose(s, legal, rng, s.to_move)
        if a.startswith("erect"):
            fates[crack_fate(s, a)] += 1
        s.apply(a)
    return {"reason": s.end_reason, "fates": fates, "end": end_cut(s)}


def diagnose(players: int, setup: str, games: int, seed0: int = 0) -> str:
    """The crack diagnosis of ``games`` heuristic games (see --diagnose)."""
    res = [diagnose_one(players, setup, seed0 + i) for i in range(games)]
    n = max(1, len(res))
    reasons = Counter(r["reason"] for r in res)
    fates = Counter()
    for r in res:
        fates.update(r["fates"])
    lines = [f"{players}p {setup}: {games} games, ends " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items()))
             + "; erections per game by crack: " + ", ".join(f"{k} {v / n:.1f}" for k, v in sorted(fates.items()))]
    for reason in sorted(reasons):
        ends = [r["end"] for r in res if r["reason"] == reason]
        k = len(ends)
        cut = [e for e in ends if e["open"] is not None]
        lines.append(
            f"  {reason:<11} {k:>4} games: doomed {sum(e['doomed'] for e in ends)}, "
            f"cheapest cut open edges {sum(e['open'] for e in cut) / max(1, len(cut)):.2f} "
            f"(no crater faces {sum(e['open_no_crater'] for e in cut) / max(1, len(cut)):.2f}), "
            f"free craters facing an open land edge {sum(e['useful_free_craters'] for e in ends) / k:.1f}, "
            f"Moai left {sum(e['moai_left'] for e in ends) / k:.1f}")
    return "\n".join(lines)


def play_one(task: tuple) -> dict:
    """One seeded game (a worker's job): its summary, or the error."""
    kind, players, setup, seed = task
    t0 = time.perf_counter()
    try:
        opts = {"setup": setup}
        s = play_random(GAME, players, opts, seed) if kind == "random" else play_heuristic(players, opts, seed)
    except Exception:  # noqa: BLE001 - counted and reported
        return {"error": traceback.format_exc(), "secs": time.perf_counter() - t0}
    return {"error": None, "secs": time.perf_counter() - t0, "decisions": len(s.history), "round": s.round,
            "reason": s.end_reason, "stats": {k: v for k, v in s.stats.items() if not isinstance(v, str)}}


def summarise(kind: str, players: int, setup: str, results: list) -> dict:
    """The report line of one configuration from its games' summaries (in any order)."""
    st = Counter()
    reasons = Counter()
    rounds = []
    errors = 0
    decisions = 0
    with_sinking = 0
    secs = 0.0
    for g in results:
        secs += g["secs"]
        if g["error"]:
            errors += 1
            if errors <= 3:
                print(g["error"], file=sys.stderr)
            continue
        decisions += g["decisions"]
        rounds.append(g["round"])
        reasons[g["reason"]] += 1
        st.update(g["stats"])
        with_sinking += g["stats"]["sinkings"] > 0
    games = len(results)
    ok = max(1, games - errors)
    return {
        "kind": kind, "players": players, "setup": setup, "games": games, "errors": errors,
        "seconds": secs, "decisions": decisions / ok, "dec_per_s": decisions / secs if secs else 0.0,
        "rounds": sum(rounds) / ok, "rounds_min": min(rounds, default=0), "rounds_max": max(rounds, default=0),
        "end_volcanoes": 100.0 * reasons["volcanoes"] / ok, "end_round_limit": 100.0 * reasons["round-limit"] / ok,
        "end_stalled": 100.0 * reasons["stalled"] / ok,
        "erected": st["erected"] / ok, "eruptions": st["eruptions"] / ok,
        "double": st["double_eruptions"] / ok, "sinkings": st["sinkings"] / ok,
        "sunk_volcanoes": st["sunk_volcanoes"] / ok, "games_with_sinking": 100.0 * with_sinking / ok,
    }


def run(kind: str, players: int, options: dict, games: int, seed0: int) -> dict:
    """One configuration in this process (seeds seed0 .. seed0 + games - 1)."""
    res = [play_one((kind, players, options["setup"], seed0 + i)) for i in range(games)]
    return summarise(kind, players, options["setup"], res)


class Progress:
    """A progress line on stderr every ``every`` seconds (from a thread, so a slow game never
    silences it): games done / total, configurations done, elapsed time."""

    def __init__(self, total: int, every: float = 30.0):
        self.total = total
        self.done = 0
        self.configs = 0
        self.t0 = time.perf_counter()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._loop, args=(every,), daemon=True)
        self.thread.start()

    def line(self) -> None:
        el = time.perf_counter() - self.t0
        print(f"progress: {self.done}/{self.total} games, {self.configs} configurations done, {el:.0f} s",
              file=sys.stderr, flush=True)

    def _loop(self, every: float) -> None:
        while not self.stop.wait(every):
            self.line()

    def close(self) -> None:
        self.stop.set()
        self.line()


def run_all(configs: list, jobs: int, seed0: int = 0, progress_every: float = 30.0):
    """Play every configuration (kind, players, setup, games) on ``jobs`` worker processes (1 =
    in this process); yields each configuration's report as soon as all its games are done, in
    the order given.  Game i of a configuration uses seed seed0 + i whatever ``jobs`` is, and the
    report does not depend on the order games finish, so the results equal those of --jobs 1
    (apart from the seconds)."""
    tasks = [(ci, (kind, players, setup, seed0 + i))
             for ci, (kind, players, setup, games) in enumerate(configs) for i in range(games)]
    results = [[] for _ in configs]
    left = [c[3] for c in configs]
    nxt = 0
    prog = Progress(len(tasks), progress_every)
    pool = None
    try:
        if jobs > 1:
            pool = multiprocessing.get_context("spawn").Pool(jobs)
            stream = pool.imap(_worker, tasks, chunksize=1)
        else:
            stream = map(_worker, tasks)
        for ci, g in stream:
            results[ci].append(g)
            left[ci] -= 1
            prog.done += 1
            while nxt < len(configs) and left[nxt] == 0:
                kind, players, setup, _ = configs[nxt]
                prog.configs += 1
                yield summarise(kind, players, setup, results[nxt])
                results[nxt] = []
                nxt += 1
    finally:
        prog.close()
        if pool is not None:
            pool.terminate()
            pool.join()


def _worker(task: tuple) -> tuple:
    ci, game = task
    return ci, play_one(game)


HEADER = ("kind      pl setup     games err    secs  dec/game  dec/s  rounds(min-max)  end:volc%  limit%  stall%"
          "  erect  erupt  double  sink  sunkV  %sink")


def line(r: dict) -> str:
    return (f"{r['kind']:<9} {r['players']:>2} {r['setup']:<9} {r['games']:>5} {r['errors']:>3} {r['seconds']:>7.1f}"
            f" {r['decisions']:>9.1f} {r['dec_per_s']:>6.0f} {r['rounds']:>6.1f} ({r['rounds_min']}-{r['rounds_max']})"
            f"   {r['end_volcanoes']:>8.1f} {r['end_round_limit']:>7.1f} {r['end_stalled']:>7.1f}"
            f" {r['erected']:>6.1f} {r['eruptions']:>6.2f} {r['double']:>7.3f} {r['sinkings']:>5.2f}"
            f" {r['sunk_volcanoes']:>6.2f} {r['games_with_sinking']:>6.1f}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="?", type=int, default=10000)
    ap.add_argument("--heuristic", type=int, default=1000)
    ap.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    ap.add_argument("--setup", nargs="*", default=["standard", "advanced"])
    ap.add_argument("--jobs", type=int, default=1, help="worker processes over the seeds (default 1)")
    ap.add_argument("--seed", type=int, default=0, help="first seed of every configuration (default 0)")
    ap.add_argument("--diagnose", type=int, default=0, metavar="N",
                    help="instead: N heuristic games per configuration with the fate of every crack "
                         "and the cut left at the end (why games do not end by the rule)")
    args = ap.parse_args(argv)
    if args.diagnose:
        for setup in args.setup:
            for players in args.players:
                print(diagnose(players, setup, args.diagnose, args.seed), flush=True)
        return 0
    configs = [(kind, players, setup, n)
               for setup in args.setup for players in args.players
               for kind, n in (("random", args.games), ("heuristic", args.heuristic)) if n > 0]
    print(HEADER, flush=True)
    errors = 0
    for r in run_all(configs, max(1, args.jobs), args.seed):
        errors += r["errors"]
        print(line(r), flush=True)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
