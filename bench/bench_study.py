#!/usr/bin/env python3
"""Study benchmarks for every game: engine speed, MCTS speed and simulation throughput.

For each game (default: all of ``lapilli.list_games()``) it measures

* random-play decisions per second, the median clone time and the median apply time;
* MCTS iterations per second with plain random rollouts and with the game's "normal" level
  (``level_spec("normal", game, players)``), over root positions sampled from random games, per wall
  second and per CPU second of the process (see bench/bench_mcts.py);
* simulation throughput (games/s, random agents) with 1 and 2 local worker processes and on a
  local Ray with 2 CPUs, the parallel scaling 1 -> 2 workers (``speed-up / 2``; 100 % = perfect),
  measured with 1 and 2 processes alternately ``--repeats`` times (pooled; each pair printed),
  the share of time the 2 workers spend playing (near 100 %: the driver is no bottleneck, even
  when other work on the machine holds the scaling down), and Ray's overhead per game (extra
  wall time per game versus 2 local processes).  Both the
  local pool and Ray are started once and warmed up before timing; their start-up times are
  printed apart.

Every figure is printed beside the calibration loop of bench/bench_engine.py timed in the same
run (``cal`` columns: the figure in calibration units), so runs on different machines compare.

    PYTHONPATH=src python3 bench/bench_study.py [GAME ...] [--seconds 2] [--players N] [--no-ray] [--no-sim] [--json out.json]

``--no-sim`` skips the simulation throughput runs (engine and MCTS figures only, e.g. while working
on a game's speed).

Plug-in or test games: LAPILLI_EXTRA_GAMES="nim=tests.engine.nim_game" (with PYTHONPATH=src:.).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import lapilli  # noqa: E402
from bench_engine import calibration, clone_times, decisions_per_second  # noqa: E402
from bench_mcts import iterations_per_second, root_positions  # noqa: E402
from lapilli.agents import level_spec  # noqa: E402
from lapilli.sim.backends import run_games, start_ray  # noqa: E402


def sample_states(game: str, players: int, options: dict, n: int, seed: int = 500) -> list:
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        s = lapilli.new_game(game, players, seed, options)
        seed += 1
        while not s.is_terminal and len(out) < n:
            if rng.random() < 0.2:
                out.append(s.clone())
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
    return out


def apply_times(game: str, players: int, options: dict, samples: int = 300) -> list[float]:
    """Seconds per apply (legal actions already listed), over states from random games."""
    rng = random.Random(3)
    times = []
    for st in sample_states(game, players, options, samples):
        legal = st.legal_actions()
        action = legal[rng.randrange(len(legal))]
        copies = [st.clone() for _ in range(20)]
        for c in copies:
            c.legal_actions()
        t0 = time.perf_counter()
        for c in copies:
            c.apply(action)
        times.append((time.perf_counter() - t0) / len(copies))
    return times


def mcts_rate(game: str, players: int, options: dict, seconds: float, iterations: int = 200,
              spec: str | None = None) -> tuple[float, float]:
    """MCTS iterations per wall second and per CPU second over root positions sampled from
    random games (bench_mcts.root_positions); ``spec`` names the agent (default: plain random
    rollouts with ``iterations`` per decision; ``level_spec("normal", game, players)`` for the level)."""
    roots = root_positions(game, players, options)
    rate, cpu_rate, _ = iterations_per_second(game, spec or f"mcts:iterations={iterations}", roots, seconds)
    return rate, cpu_rate


BUSY: dict = {}


def throughput(game: str, players: int, options: dict, games: int, jobs: int, backend: str = "local") -> float:
    """Wall seconds for ``games`` games; also keeps in BUSY[(backend, jobs)] the share of the
    workers' time spent playing (sum of per-game times / (wall x jobs)): near 100 % means the
    driver keeps every worker busy, whatever else runs on the machine."""
    seats = ["random"] * players
    t0 = time.perf_counter()
    busy = 0.0
    n = 0
    for row in run_games(game, players, options, seats, games, seed=10_000, jobs=jobs, backend=backend,
                         keep_alive=True):
        busy += row.seconds
        n += 1
    wall = time.perf_counter() - t0
    assert n == games
    BUSY[(backend, jobs)] = busy / (wall * jobs)
    return wall


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="game ids (default: all)")
    ap.add_argument("--seconds", type=float, default=2.0, help="time per measurement (about)")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--sim-seconds", type=float, default=6.0,
                    help="single-process seconds per throughput run (about)")
    ap.add_argument("--repeats", type=int, default=3, help="1- and 2-process throughput runs, alternately")
    ap.add_argument("--no-ray", action="store_true", help="skip the Ray measurements")
    ap.add_argument("--no-sim", action="store_true", help="skip the simulation throughput runs (and Ray)")
    ap.add_argument("--mcts-iterations", type=int, default=200)
    ap.add_argument("--json", default=None, help="also write the figures to this JSON file")
    args = ap.parse_args()
    if args.no_sim:
        args.no_ray = True
    games = args.games or lapilli.list_games()
    results = {"calibration_ms": [], "games": {}}
    cal = calibration()
    results["calibration_ms"].append(cal * 1e3)
    print(f"calibration loop: {cal * 1e3:.2f} ms (1 unit)")
    ray_start = None
    if not args.no_ray:
        t0 = time.perf_counter()
        start_ray(jobs=2)
        ray_start = time.perf_counter() - t0
        print(f"local Ray (2 CPUs) started in {ray_start:.2f} s")
    results["ray_start_s"] = ray_start
    if not args.no_sim:
        t0 = time.perf_counter()
        from lapilli.sim.local import worker_pool

        list(worker_pool(2).map(abs, [1, 2]))  # the local pool of 2 workers, started once and reused
        pool_start = time.perf_counter() - t0
        results["pool_start_s"] = pool_start
        print(f"local pool (2 worker processes) started in {pool_start:.2f} s")
    for g in games:
        spec = lapilli.game_spec(g)
        players = args.players or (spec.default_players or spec.max_players)
        cal = calibration(3)  # again beside each game, in case the machine's load changed
        results["calibration_ms"].append(cal * 1e3)
        dps, n_games = decisions_per_second(g, players, {}, args.seconds)
        ct = statistics.median(clone_times(g, players, {}, samples=200))
        at = statistics.median(apply_times(g, players, {}, samples=200))
        cal_cpu = calibration(3, time.process_time)
        mr, mr_cpu = mcts_rate(g, players, {}, args.seconds, args.mcts_iterations)
        normal = level_spec("normal", g, players)
        mn, mn_cpu = mcts_rate(g, players, {}, args.seconds, spec=normal)
        # games for the throughput runs: about `sim_seconds` of single-worker work, at least 20
        per_game = args.seconds / max(n_games, 1)
        n = max(20, int(args.sim_seconds / per_game))
        n -= n % 2
        if args.no_sim:
            t1 = t2 = busy2 = float("nan")
            pair_scaling = []
        else:
            throughput(g, players, {}, 8, 2)  # warm up: the worker pool starts (once) and imports the game
            # 1 and 2 processes alternately, `repeats` times: a change in the machine's load between
            # the two measurements would otherwise show up as (lost or gained) scaling
            t1s, t2s, busy = [], [], []
            for _ in range(args.repeats):
                t1s.append(throughput(g, players, {}, n, 1))
                t2s.append(throughput(g, players, {}, n, 2))
                busy.append(BUSY[("local", 2)])
            t1, t2 = sum(t1s) / len(t1s), sum(t2s) / len(t2s)
            pair_scaling = [(a / b) / 2 for a, b in zip(t1s, t2s)]
            busy2 = statistics.mean(busy)
        if not args.no_ray:
            throughput(g, players, {}, 40, 2, backend="ray")  # warm up: Ray's workers start and import the game
            tr = throughput(g, players, {}, n, 2, backend="ray")
        else:
            tr = float("nan")
        scaling = (t1 / t2) / 2
        overhead = (tr - t2) / n
        r = {
            "players": players, "calibration_ms": cal * 1e3, "decisions_per_s": dps, "clone_us": ct * 1e6,
            "apply_us": at * 1e6, "mcts_iterations_per_s": mr, "mcts_iterations_per_cpu_s": mr_cpu,
            "mcts_normal_spec": normal, "mcts_normal_iterations_per_s": mn, "mcts_normal_iterations_per_cpu_s": mn_cpu,
            "calibration_cpu_ms": cal_cpu * 1e3, "sim_games": n, "games_per_s_1": n / t1,
            "games_per_s_2": n / t2, "games_per_s_ray2": n / tr if tr == tr else None, "scaling_1_to_2": scaling, "scaling_pairs": pair_scaling, "workers_busy_2": busy2,
            "ray_overhead_ms_per_game": overhead * 1e3 if tr == tr else None,
        }
        results["games"][g] = r
        print(f"\n== {g} ({players} players), calibration {cal * 1e3:.2f} ms (CPU time {cal_cpu * 1e3:.2f} ms); "
              f"normal level: {normal}")
        print(f"  {'measure':28s} {'value':>14s} {'cal units':>12s}")
        rows = [
            ("decisions/s (random play)", f"{dps:,.0f}", f"{dps * cal:.1f} /unit"),
            ("clone, median", f"{ct * 1e6:.2f} us", f"{ct / cal * 1e6:.1f} e-6"),
            ("apply, median", f"{at * 1e6:.2f} us", f"{at / cal * 1e6:.1f} e-6"),
            ("MCTS it/s, random rollouts", f"{mr:,.0f}", f"{mr * cal:.1f} /unit"),
            ("  per CPU second", f"{mr_cpu:,.0f}", f"{mr_cpu * cal_cpu:.1f} /cpu-unit"),
            ("MCTS it/s, normal level", f"{mn:,.0f}", f"{mn * cal:.1f} /unit"),
            ("  per CPU second", f"{mn_cpu:,.0f}", f"{mn_cpu * cal_cpu:.1f} /cpu-unit"),
        ]
        if not args.no_sim:
            rows += [
                ("sim games/s, 1 process", f"{n / t1:,.1f}", f"{n / t1 * cal:.3f} /unit"),
                ("sim games/s, 2 processes", f"{n / t2:,.1f}", f"{n / t2 * cal:.3f} /unit"),
                ("scaling 1 -> 2 processes", f"{scaling * 100:.0f} %",
                 "(" + ", ".join(f"{x * 100:.0f}" for x in pair_scaling) + ")"),
                ("workers busy, 2 processes", f"{busy2 * 100:.0f} %", ""),
            ]
        if not args.no_ray:
            rows += [("sim games/s, Ray (2 CPUs)", f"{n / tr:,.1f}", f"{n / tr * cal:.3f} /unit"),
                     ("Ray overhead per game", f"{overhead * 1e3:.3f} ms", f"{overhead / cal:.4f} units")]
        for name, v, c in rows:
            print(f"  {name:28s} {v:>14s} {c:>12s}")
        if not args.no_sim:
            print(f"  ({n} games per throughput run, {args.repeats} runs each; scaling = mean 1-process time / "
                  f"mean 2-process time / 2, each alternate pair in brackets)")
    if not args.no_ray:
        import ray

        ray.shutdown()
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(results, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
