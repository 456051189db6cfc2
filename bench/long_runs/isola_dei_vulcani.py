"""Long run for L'Isola dei Vulcani: seeded random games (and games of a simple heuristic
policy) for every player count and setup, with the simulation report asked for by issue 6
(rounds, eruptions, sinkings, how often the game ends by volcanoes falling to two or fewer).

    PYTHONPATH=src nice -n 10 python3 bench/long_runs/isola_dei_vulcani.py [GAMES] \
        [--heuristic N] [--players 2 3 4] [--setup standard advanced]

GAMES: random games per configuration (default 10000); --heuristic: heuristic games per
configuration (default 1000).  The heuristic is only for this report (the real agents are a
later issue): it erects whenever it can, carves next to free craters, walks (or carries its
lying Moai) toward the nearest free crater, or toward lava when it has no lying Moai.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from collections import Counter

from lapilli.engine.registry import new_game
from lapilli.testing.conformance import play_random

GAME = "isola-dei-vulcani"


def _distances(s, to_lava: bool) -> dict:
    geo = s.geo
    if to_lava:
        targets = [h for h in geo.hexes if h not in s.sunk and any(s.sp.get(x) == "L" for x in geo.spaces[h])]
    else:
        targets = [h for h in geo.hexes if h not in s.sunk
                   and any(c not in s.erected for c in geo.hex_craters[h])]
    d = {h: 0 for h in targets}
    queue = list(targets)
    for h in queue:
        for m, key in geo.nbrs[h]:
            if m not in d and m not in s.sunk and key not in s.cracks:
                d[m] = d[h] + 1
                queue.append(m)
    return d


def _crack_value(s, crater: str) -> float:
    """Prefer cracks that cut off a part, then cracks that touch cracks already placed."""
    m, key = s.geo.crater_edge[crater]
    if m is None or m in s.sunk or key in s.cracks or s.crack_supply <= 0:
        return 0.0
    s.cracks.add(key)
    try:
        split = len(s.parts()) > 1
    finally:
        s.cracks.discard(key)
    if split:
        return 40.0
    a, b = key.split("|")
    near = sum(1 for k in s.cracks if a in k.split("|") or b in k.split("|"))
    return 5.0 * min(near, 3)


def heuristic(s, rng: random.Random) -> str:
    legal = s.legal_actions()
    if s.dec is not None:
        return legal[0]  # save every threatened piece, rescue onto the first hex, first volcano first
    geo = s.geo
    p = s.cur
    has_lying = any(s._own_lying(h, p) for h in s.col if s.col[h][p])
    dist = _distances(s, to_lava=not has_lying)
    far = 99

    def free_crater(h):
        return any(c not in s.erected for c in geo.hex_craters[h])

    best, best_w = legal[-1], -1.0
    for a in legal:
        t = a.split()
        v = t[0]
        if v == "erect":
            w = 100 + _crack_value(s, t[2])
        elif v == "land":
            w = 90
        elif v == "carve":
            h = geo.space_hex[t[1]]
            w = 60 if free_crater(h) and not s._own_lying(h, p) else (25 if not s._own_lying(h, p) else 5)
        elif v == "carry":
            a_, b_ = geo.space_hex.get(t[1], t[1]), geo.space_hex.get(t[2], t[2])
            w = 55 if dist.get(b_, far) < dist.get(a_, far) else 2
        elif v == "village":
            w = 20
        elif v == "colonist":
            w = 35
        elif v == "move":
            w = 30 if dist.get(t[2], far) < dist.get(t[1], far) else 8
        elif v == "pray":
            w = 3
        else:
            w = 0
        w += rng.random() * 12
        if w > best_w:
            best, best_w = a, w
    return best


def play_heuristic(players: int, options: dict, seed: int, max_plies: int = 200_000):
    s = new_game(GAME, players, seed, options)
    rng = random.Random(seed)
    n = 0
    while not s.is_terminal:
        s.apply(heuristic(s, rng))
        n += 1
        if n > max_plies:
            raise RuntimeError("heuristic game did not end")
    return s


def run(kind: str, players: int, options: dict, games: int, seed0: int) -> dict:
    st = Counter()
    reasons = Counter()
    rounds = []
    errors = 0
    decisions = 0
    with_sinking = 0
    t0 = time.perf_counter()
    for i in range(games):
        seed = seed0 + i
        try:
            s = play_random(GAME, players, options, seed) if kind == "random" else \
                play_heuristic(players, options, seed)
        except Exception:  # noqa: BLE001 - counted and reported
            errors += 1
            if errors <= 3:
                traceback.print_exc()
            continue
        decisions += len(s.history)
        rounds.append(s.rnd)
        reasons[s.end_reason] += 1
        st.update(s.stats)
        with_sinking += s.stats["sinkings"] > 0
    secs = time.perf_counter() - t0
    ok = max(1, games - errors)
    return {
        "kind": kind, "players": players, "setup": options["setup"], "games": games, "errors": errors,
        "seconds": secs, "decisions": decisions / ok, "dec_per_s": decisions / secs if secs else 0.0,
        "rounds": sum(rounds) / ok, "rounds_min": min(rounds, default=0), "rounds_max": max(rounds, default=0),
        "end_volcanoes": 100.0 * reasons["volcanoes"] / ok, "end_round_limit": 100.0 * reasons["round-limit"] / ok,
        "end_stalled": 100.0 * reasons["stalled"] / ok,
        "erected": st["erected"] / ok, "eruptions": st["eruptions"] / ok,
        "double": st["double_eruptions"] / ok, "sinkings": st["sinkings"] / ok,
        "sunk_volcanoes": st["sunk_volcanoes"] / ok, "games_with_sinking": 100.0 * with_sinking / ok,
    }


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
    args = ap.parse_args(argv)
    print(HEADER, flush=True)
    errors = 0
    for setup in args.setup:
        for players in args.players:
            opts = {"setup": setup}
            for kind, n in (("random", args.games), ("heuristic", args.heuristic)):
                if n <= 0:
                    continue
                r = run(kind, players, opts, n, seed0=0)
                errors += r["errors"]
                print(line(r), flush=True)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
