"""Errors raised by the engine.

`IllegalAction` is raised by `State.apply` when an action breaks a rule.  It carries the
clause ID of the rule (``.rule``, e.g. ``"KDO-4.2"``) and a plain message, and the state is
left unchanged.  `LapilliError` is the base of every error caused by bad input (an unknown
game, a wrong player count, an unknown option, a corrupted record or state file).
"""
from __future__ import annotations


class LapilliError(Exception):
    """Base class of every error raised on bad input."""


class IllegalAction(LapilliError):
    """An action that the rules do not allow now (or a notation that names no action).

    Attributes:
        rule: the clause ID of the broken rule (``"KDO-4.2"``), or ``"notation"`` for text
              that names no action of the game.
        message: a plain sentence saying what is wrong.
        action: the action or notation that was refused.
    """

    def __init__(self, message: str, rule: str = "notation", action: object = None):
        self.rule = rule
        self.message = message
        self.action = action
        super().__init__(f"[{rule}] {message}" if rule else message)


class UnknownGame(LapilliError):
    pass


class BadPlayerCount(LapilliError):
    pass


class BadOption(LapilliError):
    pass


class CorruptRecord(LapilliError):
    """A record or state file that cannot be read or does not replay."""
