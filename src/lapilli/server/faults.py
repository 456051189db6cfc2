"""Faults the server's parts raise: what they refuse or cannot do, and the database errors that mean "not now"."""
from __future__ import annotations

from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout

# what the database driver raises when the database cannot be reached
STORAGE_ERRORS = (DBAPIError, PoolTimeout)
STORAGE_DOWN = "the database is not answering"
NOT_STARTED = "the game has not started: it starts when every seat is taken"


class ActionRefused(Exception):
    def __init__(self, message: str, rule: str = "", words: dict | None = None):
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.words = words  # the message in each language ({"en": ..., "it": ...}), when known


class StorageUnavailable(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message
