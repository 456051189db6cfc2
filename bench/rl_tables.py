"""Check and measure the RL encodings of every game (lapilli/games/<pkg>/rl.py).

    PYTHONPATH=src python3 bench/rl_tables.py [--games 20] [GAME ...]

For each game, every player count and a few option sets: the action-table size, the observation
length, seeded random games in which every legal action of every position must be in the table
(a missing one stops the run with its notation), how many different slots those games used, and
the mean time to encode one observation and to build one action mask.
"""
from __future__ import annotations

import argparse
import random
import sys
import time

import lapilli
import lapilli.rl as rl

OPTION_SETS = {
    "kingdomino-origins": [{}, {"mode": "totem"}, {"mode": "tribe"}],
    "stromboli": [{}, {"tactical": True}],
    "the-island": [{}, {"dolphins": True, "giant_squid": True}, {"challenge_2": True, "giant_squid": True,
                                                                 "squid_variant_1": True}],
    "eruption": [{}, {"variant": "lava_rain"}, {"variant": "cooperation"}, {"variant": "annihilation"}],
    "isola-dei-vulcani": [{}, {"setup": "advanced"}],
}


def check(game: str, players: int, options: dict, games: int) -> dict:
    ad = rl.adapter(game, players, options)
    index = {a: i for i, a in enumerate(ad.actions)}
    used: set[int] = set()
    positions = 0
    t_enc = t_mask = 0.0
    for seed in range(games):
        s = lapilli.new_game(game, players, seed, options)
        rng = random.Random(seed)
        while not s.is_terminal:
            legal = s.legal_actions()
            for a in legal:
                i = index.get(a)
                if i is None:
                    raise SystemExit(f"{game} {players}p {options} seed {seed}: {a!r} is not in the table")
                used.add(i)
            t0 = time.perf_counter()
            ad.encode(s.observation(s.to_move))
            t1 = time.perf_counter()
            ad.mask(legal)
            t2 = time.perf_counter()
            t_enc += t1 - t0
            t_mask += t2 - t1
            positions += 1
            s.apply(legal[rng.randrange(len(legal))])
    return {"slots": ad.slots, "obs": ad.obs_size, "positions": positions, "used": len(used),
            "enc_us": 1e6 * t_enc / max(1, positions), "mask_us": 1e6 * t_mask / max(1, positions)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games_", nargs="*", metavar="GAME")
    ap.add_argument("--games", type=int, default=20, help="random games per set-up")
    args = ap.parse_args(argv)
    names = args.games_ or list(OPTION_SETS)
    print(f"{'game':20} {'n':>2} {'options':42} {'slots':>8} {'obs':>6} {'positions':>9} {'used':>6} "
          f"{'enc us':>7} {'mask us':>7}")
    for game in names:
        spec = lapilli.game_spec(game)
        for options in OPTION_SETS.get(game, [{}]):
            for n in range(spec.min_players, spec.max_players + 1):
                opts = dict(options)
                try:
                    spec.resolve(n, opts)
                except lapilli.LapilliError:
                    continue  # a combination the rules forbid (e.g. Cooperation with 5 players)
                r = check(game, n, opts, args.games)
                label = ",".join(f"{k}={v}" for k, v in opts.items()) or "-"
                print(f"{game:20} {n:>2} {label:42} {r['slots']:>8} {r['obs']:>6} {r['positions']:>9} "
                      f"{r['used']:>6} {r['enc_us']:>7.0f} {r['mask_us']:>7.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
