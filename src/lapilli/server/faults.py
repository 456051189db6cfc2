"""Faults the server's parts raise: what they refuse or cannot do, and the database errors that mean "not now"."""
from __future__ import annotations

from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from .. import words

# what the database driver raises when the database cannot be reached
STORAGE_ERRORS = (DBAPIError, PoolTimeout)
STORAGE_DOWN = "the database is not answering"
NOT_STARTED = "the game has not started: it starts when every seat is taken"


class ActionRefused(Exception):
    def __init__(self, message: str, rule: str = "", words: dict | None = None, key: str = ""):
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.words = words  # the message in each language ({"en": ..., "it": ...}), when known
        self.key = key  # the sentence's key in lapilli.words (the rules' own key for a rule's refusal)


class StorageUnavailable(Exception):
    def __init__(self, message: str, words: dict | None = None, key: str = ""):
        super().__init__(message)
        self.message = message
        self.words = words
        self.key = key


def refused(key: str, **params) -> ActionRefused:
    """The refusal that is the server's sentence ``key`` (lapilli.words.SERVER), in every language."""
    said = words.server_words(key, **params)
    return ActionRefused(said["en"], words=said, key=key)


def unavailable(key: str, **params) -> StorageUnavailable:
    """The database is not answering, said as the server's sentence ``key``."""
    said = words.server_words(key, **params)
    return StorageUnavailable(said["en"], words=said, key=key)
