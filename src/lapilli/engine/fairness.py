"""Provable fair randomness: a commitment to a game's seed, and the check of a finished record.

The web table draws each table's seed and a secret salt from the operating system's secure
generator and shows every seat, from the start, the commitment SHA-256("<seed>:<salt>") (the
seed in decimal, the salt as its 32 hexadecimal digits, in ASCII).  The record of a finished game
reveals seed and salt: anyone can then check that the dealt game is the one committed to before
the first move, and replay every action from that seed.

The table also shows, after every move, the digest of the actions so far: a chain that starts at
the commitment and hashes in one action at a time, SHA-256("<previous digest>:<action>").  A
player who keeps the last digest the table showed can check that no action of the record was
changed, even to another legal action that leads to the same result.
"""
from __future__ import annotations

import hashlib
import hmac
import json

from .errors import CorruptRecord, LapilliError
from .registry import replay
from .state import State


def _same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.strip().lower().encode("utf-8"), b.strip().lower().encode("utf-8"))


class NotVerified(LapilliError):
    """A record that fails the fairness check (the message says why)."""


def commitment(seed: int, salt: str) -> str:
    """The hexadecimal SHA-256 of "<seed>:<salt>"."""
    return hashlib.sha256(f"{int(seed)}:{salt}".encode("utf-8")).hexdigest()


def actions_digest(commit: str, actions: list[str]) -> str:
    """The digest of ``actions`` played under the commitment ``commit`` (see the module's doc)."""
    d = commit
    for a in actions:
        d = hashlib.sha256(f"{d}:{a}".encode("utf-8")).hexdigest()
    return d


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
    seed, salt, committed = record.get("seed"), record.get("salt"), record.get("commitment")
    if not isinstance(committed, str) or not isinstance(salt, str):
        raise NotVerified("the record has no commitment and salt: only games of the web table carry them")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise NotVerified("the record's seed is not a whole number")
    if expected is not None and not _same(committed, expected):
        raise NotVerified("the record's commitment is not the one shown at the table")
    if not _same(commitment(seed, salt), committed):
        raise NotVerified("SHA-256 of the record's seed and salt is not its commitment: the seed or the salt was changed")
    actions = record.get("actions")
    if digest is not None and not (isinstance(actions, list) and all(isinstance(a, str) for a in actions)
                                   and _same(actions_digest(committed.lower(), actions), digest)):
        raise NotVerified("the record's actions do not give the last digest shown at the table: an action was changed")
    try:
        state = replay(record)
    except CorruptRecord as e:
        raise NotVerified(f"the actions do not replay from the committed seed: {e}") from None
    if not state.is_terminal:
        raise NotVerified("the record's actions do not reach the end of the game")
    if "result" not in record:
        raise NotVerified("the record states no result")
    return state
