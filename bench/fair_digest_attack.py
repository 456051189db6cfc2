"""How many of The Island's hidden explorer values a spectator recovers from the digests of the moves.

A spectator of a web table sees, after every move, the digest of the actions so far, and in the
log where each explorer was placed (`place <value> <r,c>`: the value is hidden).  The attack:
hash every candidate action, the six values at the cell seen, with the digest shown before it,
and keep the candidate whose hash is the digest shown after it; where none matches, guess a
value uniformly (chance: 1/6).

The digests are taken (a) under the first construction, the plain SHA-256 chain from
SHA-256("seed:salt") (`seed_actions_digest`, the code the web table ran before), and (b) from the
web table's own room (`Room.view(None)["digest"]`, the keyed chain of `lapilli.engine.fairness`).

    PYTHONPATH=src python bench/fair_digest_attack.py --games 20
"""
from __future__ import annotations

import argparse
import hashlib
import random
import secrets

import lapilli
from lapilli.engine.fairness import commitment, seed_actions_digest, seed_commitment
from lapilli.server.hub import Room
from lapilli.server.store import SeatInfo, TableInfo

GAME = "the-island"
VALUES = range(1, 7)


def attack(before: str, after: str, cell: str, guess: random.Random) -> tuple[int, bool]:
    """(the value the spectator settles on, whether a hash matched)."""
    for v in VALUES:
        if hashlib.sha256(f"{before}:place {v} {cell}".encode()).hexdigest() == after:
            return v, True
    return guess.choice(VALUES), False


def one_game(players: int, seed: int, pick: random.Random, guess: random.Random) -> dict:
    salt = secrets.token_hex(16)
    _, options = lapilli.game_spec(GAME).resolve(players, {})
    data = lapilli.new_game(GAME, players, seed, options).dataset.hash
    info = TableInfo("bench", GAME, players, options, seed, 0, "playing",
                     [SeatInfo(i, "human", f"p{i}", "") for i in range(players)], salt,
                     commitment(seed, salt, game=GAME, players=players, options=options, data=data, seeding="mix64"),
                     "mix64")
    room = Room(info)
    old_commit = seed_commitment(seed, salt)
    old_prev, new_prev = old_commit, room.view(None)["digest"]
    out = {"placed": 0, "old_hash": 0, "old_right": 0, "new_hash": 0, "new_right": 0}
    ply = 0
    while not room.state.is_terminal:
        legal = room.state.legal_actions()
        action = legal[pick.randrange(len(legal))]
        if not action.startswith("place "):
            break  # the set-up is over: every explorer is on the board
        ply += 1
        room.apply_stored(ply, "act", room.state.to_move, action, fresh=True)
        _, value, cell = action.split()
        old_now = seed_actions_digest(old_prev, [action])
        new_now = room.view(None)["digest"]
        out["placed"] += 1
        for tag, before, after in (("old", old_prev, old_now), ("new", new_prev, new_now)):
            v, matched = attack(before, after, cell, guess)
            out[f"{tag}_hash"] += matched
            out[f"{tag}_right"] += v == int(value)
        old_prev, new_prev = old_now, new_now
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="games per player count")
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    pick, guess = random.Random(args.seed), random.Random(args.seed + 1)
    total = {"placed": 0, "old_hash": 0, "old_right": 0, "new_hash": 0, "new_right": 0}
    for n in (int(x) for x in args.players.split(",")):
        per = {k: 0 for k in total}
        for _ in range(args.games):
            for k, v in one_game(n, pick.randrange(2**63), pick, guess).items():
                per[k] += v
        for k in total:
            total[k] += per[k]
        print(f"{n} players, {args.games} games, {per['placed']} hidden values: "
              f"first construction {per['old_hash']} recovered by hashing, {per['old_right']} right in all "
              f"({per['old_right'] / per['placed']:.1%}); keyed digest {per['new_hash']} recovered by hashing, "
              f"{per['new_right']} right in all ({per['new_right'] / per['placed']:.1%})")
    print(f"all: {total['placed']} hidden values; first construction {total['old_right'] / total['placed']:.1%} right "
          f"({total['old_hash']} by hashing); keyed digest {total['new_right'] / total['placed']:.1%} right "
          f"({total['new_hash']} by hashing); chance (a uniform guess among six values) {1 / 6:.1%}")


if __name__ == "__main__":
    main()
