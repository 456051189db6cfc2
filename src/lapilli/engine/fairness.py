"""Provable fair randomness: a commitment to a game, and the check of a finished record.

The web table draws each table's seed and a secret salt (32 hexadecimal digits) from the
operating system's secure generator and shows every seat, from the start, the commitment: the
hexadecimal SHA-256 of the canonical encoding of everything that decides the game, i.e. the
compact JSON (keys sorted, no spaces, ASCII) of::

    {"data": <hash of the data set>, "fairness": 2, "game": <id>, "options": {...},
     "players": <count>, "salt": <salt>, "seat_order": [0, 1, ...], "seed": <seed>,
     "seeding": <seeding scheme>}

``seat_order`` is the engine's player number of each seat, in seat order.  Seats are taken after
the table is made, so the commitment cannot name who sits where; it fixes that seat k of the table
(the k-th seat of the table's page) is the engine's player k, so a record cannot later hand a
person's actions to another seat.  The web table always seats so: ``[0, 1, ..., players - 1]``.

The record of a finished game reveals seed and salt and carries all of the above: anyone can then
check that the game played (options, player count, data set, seeding and seed) is the one
committed to before the first move, and replay every action from that seed.

The table also shows, after every move, the digest of the actions so far: a chain that starts at
the commitment and folds in one action at a time, HMAC-SHA256 keyed by the salt (its ASCII) of
"<previous digest>:<action>".  A player who keeps the last digest the table showed can check,
once the record reveals the salt, that no action of the record was changed, even to another
legal action that leads to the same result.  Until then nobody but the server can compute a
digest: the digests published during the game are values of a keyed pseudorandom function of the
actions, so they tell a seat or a spectator nothing about an action it may not see (a secret
value placed face down, say).  The first construction (records without "fairness", or
"fairness": 1) hashed the raw actions with plain SHA-256, which let anyone test every candidate
for a hidden action against the digest shown, and committed to the seed and salt only,
SHA-256("<seed>:<salt>"): such records still verify by that rule, and their digest may be either
chain (tables made under it publish the keyed chain from the moment the server runs this code).
"""
from __future__ import annotations

import functools
import hashlib
import hmac
import json

from .errors import CorruptRecord, LapilliError
from .registry import replay
from .state import State

FAIRNESS = 2  # the construction of the commitment and of the digest chain of tables made now


def _same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.strip().lower().encode("utf-8"), b.strip().lower().encode("utf-8"))


class NotVerified(LapilliError):
    """A record that fails the fairness check (the message says why)."""


def seed_commitment(seed: int, salt: str) -> str:
    """The first construction's commitment: the hexadecimal SHA-256 of "<seed>:<salt>"."""
    return hashlib.sha256(f"{int(seed)}:{salt}".encode("utf-8")).hexdigest()


def canonical(seed: int, salt: str, *, game: str, players: int, options: dict, data: str, seeding: str,
              seat_order: list[int] | None = None) -> bytes:
    """The bytes the commitment hashes (see the module's doc)."""
    terms = {"fairness": FAIRNESS, "game": game, "players": players, "options": options, "data": data,
             "seeding": seeding, "seat_order": list(range(players)) if seat_order is None else list(seat_order),
             "seed": seed, "salt": salt}
    return json.dumps(terms, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")


def commitment(seed: int, salt: str, *, game: str, players: int, options: dict, data: str, seeding: str,
               seat_order: list[int] | None = None) -> str:
    """The hexadecimal SHA-256 of the game's canonical encoding (see the module's doc)."""
    return hashlib.sha256(canonical(seed, salt, game=game, players=players, options=options, data=data,
                                    seeding=seeding, seat_order=seat_order)).hexdigest()


@functools.lru_cache(maxsize=4096)
def _keyed(salt: str) -> hmac.HMAC:
    """HMAC-SHA256 keyed by ``salt`` with nothing hashed yet, once per salt: each action's HMAC
    is a copy of it.  The one-shot ``hmac.digest`` looks SHA-256 up in OpenSSL at every call,
    which costs about 30 microseconds once a server's other work has left the processor's caches
    cold, against about 20 for a copy."""
    return hmac.new(salt.encode("ascii"), digestmod=hashlib.sha256)


def actions_digest(commit: str, actions: list[str], salt: str) -> str:
    """The digest of ``actions`` played under the commitment ``commit``, chained from ``commit``
    (or from a digest already computed for the actions before them), keyed by ``salt``: each
    step HMAC-SHA256("<previous digest>:<action>"), the same as ``hmac.digest`` computes."""
    d, keyed = commit, _keyed(salt)
    for a in actions:
        h = keyed.copy()
        h.update(f"{d}:{a}".encode("utf-8"))
        d = h.hexdigest()
    return d


def seed_actions_digest(commit: str, actions: list[str]) -> str:
    """The first construction's digest: SHA-256("<previous digest>:<action>") from ``commit``."""
    d = commit
    for a in actions:
        d = hashlib.sha256(f"{d}:{a}".encode("utf-8")).hexdigest()
    return d


def record_fairness(record: dict) -> int:
    """The construction a record was made under: 1 for records that name none."""
    return record.get("fairness", 1)


def record_commitment(record: dict) -> str:
    """The commitment of a record's seed and salt and (``"fairness": 2``) game, players, options,
    data set hash, seeding and seat order, as the record states them.  Raises NotVerified when a
    term is missing or of the wrong kind."""
    seed, salt = record.get("seed"), record.get("salt")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise NotVerified("the record's seed is not a whole number")
    if not isinstance(salt, str):
        raise NotVerified("the record has no salt: only games of the web table carry one")
    version = record_fairness(record)
    if version == 1:
        return seed_commitment(seed, salt)
    if version != FAIRNESS:
        raise NotVerified(f"the record names a fairness construction this version does not know: {version!r}")
    game, players, options = record.get("game"), record.get("players"), record.get("options")
    seeding, order = record.get("seeding"), record.get("seat_order")
    if not (isinstance(game, str) and isinstance(players, int) and isinstance(options, dict)
            and isinstance(seeding, str) and isinstance(order, list)):
        raise NotVerified("the record lacks a term of its commitment: game, players, options, seeding or seat_order")
    data = record.get("dataset")
    data = data.get("hash") if isinstance(data, dict) else None
    if data is None:  # a record that names no data set was played with the game's own
        from .dataset import default_dataset

        try:
            data = default_dataset(game).hash
        except LapilliError:
            data = ""
    return commitment(seed, salt, game=game, players=players, options=options, data=str(data), seeding=seeding,
                      seat_order=order)


def verify_record(record: dict | str, expected: str | None = None, digest: str | None = None) -> State:
    """Check a finished record's commitment (against ``expected`` too, the commitment shown at
    the table, when given) and replay it; returns the final state.  ``digest``: the last digest
    of the actions the table showed, which the record's actions must give.  Raises NotVerified."""
    if isinstance(record, (str, bytes)):
        try:
            record = json.loads(record)
        except json.JSONDecodeError as e:
            raise NotVerified(f"not a record: not valid JSON ({e})") from None
    if not isinstance(record, dict):
        raise NotVerified("not a record: a JSON object is expected")
    salt, committed = record.get("salt"), record.get("commitment")
    if not isinstance(committed, str) or not isinstance(salt, str):
        raise NotVerified("the record has no commitment and salt: only games of the web table carry them")
    if expected is not None and not _same(committed, expected):
        raise NotVerified("the record's commitment is not the one shown at the table")
    version = record_fairness(record)
    if not _same(record_commitment(record), committed):
        if version == 1:
            raise NotVerified("SHA-256 of the record's seed and salt is not its commitment: "
                              "the seed or the salt was changed")
        raise NotVerified("the record's game, players, options, data set, seeding, seat order, seed and salt "
                          "do not give its commitment: one of them was changed")
    if version != 1 and record["seat_order"] != list(range(record["players"])):
        raise NotVerified("the record seats players in an order the replay does not know")
    actions = record.get("actions")
    if digest is not None:
        if not (isinstance(actions, list) and all(isinstance(a, str) for a in actions)):
            raise NotVerified("the record's actions are not a list of actions")
        chains = [actions_digest(committed.lower(), actions, salt)]
        if version == 1:  # made under the first construction: the digest of either chain
            chains.append(seed_actions_digest(committed.lower(), actions))
        if not any(_same(c, digest) for c in chains):
            raise NotVerified("the record's actions do not give the last digest shown at the table: "
                              "an action was changed")
    try:
        state = replay(record)
    except CorruptRecord as e:
        raise NotVerified(f"the actions do not replay from the committed seed: {e}") from None
    if not state.is_terminal:
        raise NotVerified("the record's actions do not reach the end of the game")
    if "result" not in record:
        raise NotVerified("the record states no result")
    return state
