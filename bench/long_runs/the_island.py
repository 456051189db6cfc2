"""Long run for The Island: seeded random games for every player count and expansion set.

Usage: PYTHONPATH=src python3 bench/long_runs/the_island.py [games per configuration, default 10000]
       [--only PLAYERS:SET ...]

Sets: none, dolphins (Dolphins & Dive Dice), squid (Giant Squid), all (both), for 2-6 players
(5-6 players is the third mini-expansion).  Prints per configuration: games, errors, seconds,
mean decisions per game, and game statistics: how the games ended, mean turns, mean explorers
saved / lost per game, mean winning score, share of shared victories, mean creatures on the
board at the end.
"""
from __future__ import annotations

import sys
import time
import traceback

from lapilli.testing.conformance import play_random

SETS = {
    "none": {},
    "dolphins": {"dolphins": True},
    "squid": {"giant_squid": True},
    "all": {"dolphins": True, "giant_squid": True},
}


def run(players: int, name: str, games: int) -> dict:
    opts = SETS[name]
    errors = 0
    first_error = ""
    decisions = turns = saved = lost = win_score = shared = squids = dolphins = 0
    reasons: dict[str, int] = {}
    t0 = time.time()
    for seed in range(games):
        try:
            st = play_random("the-island", players, opts, seed=seed)
        except Exception as e:  # noqa: BLE001 - counted and reported
            errors += 1
            if not first_error:
                first_error = f"seed {seed}: {e.__class__.__name__}: {e}\n{traceback.format_exc(limit=3)}"
            continue
        decisions += len(st.history)
        turns += sum(st.turns)
        saved += sum(1 for w in st.explorer_where if w == 4)
        lost += sum(1 for w in st.explorer_where if w in (1, 2, 3, 5))
        win_score += max(st.scores())
        shared += len(st.winners()) > 1
        squids += len(st.creatures["squid"])
        dolphins += sum(1 for h in st.dolphin_at if h >= 0)
        reasons[st.end_reason] = reasons.get(st.end_reason, 0) + 1
    dt = time.time() - t0
    ok = max(1, games - errors)
    return {
        "players": players, "set": name, "games": games, "errors": errors, "seconds": round(dt, 1),
        "decisions/game": round(decisions / ok, 1), "decisions/s": int(decisions / dt) if dt else 0,
        "turns/game": round(turns / ok, 1), "saved/game": round(saved / ok, 2), "lost/game": round(lost / ok, 2),
        "win score": round(win_score / ok, 2), "shared wins %": round(100 * shared / ok, 1),
        "squids at end": round(squids / ok, 2), "dolphins at end": round(dolphins / ok, 2),
        "end": reasons, "first_error": first_error,
    }


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv and argv[0].isdigit() else 10000
    only = [a.split(":") for a in argv if ":" in a]
    configs = [(p, s) for p in range(2, 7) for s in SETS]
    if only:
        configs = [(int(p), s) for p, s in only]
    total_err = 0
    for p, s in configs:
        r = run(p, s, games)
        total_err += r["errors"]
        err = r.pop("first_error")
        print(" ".join(f"{k}={v}" for k, v in r.items()), flush=True)
        if err:
            print("  first error:", err, flush=True)
    print(f"total errors: {total_err}", flush=True)
    return 1 if total_err else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
