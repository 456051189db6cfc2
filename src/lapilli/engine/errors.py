"""Errors raised by the engine.

`IllegalAction` is raised by `State.apply` when an action breaks a rule.  It carries the
clause ID of the rule (``.rule``, e.g. ``"KDO-4.2"``) and a plain message, and the state is
left unchanged.  A message made with `said` also carries a stable key and its parameters
(``.key``, ``.params``): the engine speaks English only, and whoever shows the refusal to a
player looks the key up in its catalogue (lapilli.words) to say it in the player's language.  `LapilliError` is the base of every error caused by bad input (an unknown
game, a wrong player count, an unknown option, a corrupted record or state file).
"""
from __future__ import annotations


class LapilliError(Exception):
    """Base class of every error raised on bad input."""


class Said(str):
    """A sentence of the engine with a stable key and the parameters of its template: the string
    is the English text; ``.key`` and ``.params`` let a reader say it in another language."""

    key: str
    params: dict

    def __new__(cls, key: str, template: str, **params):
        s = super().__new__(cls, template.format(**params))
        s.key = key
        s.params = params
        return s

    def __reduce__(self):  # pickled and copied as the sentence it is, with its key
        return _said_again, (self.key, str(self), self.params)


def _said_again(key: str, text: str, params: dict) -> "Said":
    s = str.__new__(Said, text)
    s.key = key
    s.params = params
    return s


def said(key: str, template: str, **params) -> Said:
    """The English sentence ``template`` filled with ``params``, keyed ``key`` (see `Said`)."""
    return Said(key, template, **params)


class IllegalAction(LapilliError):
    """An action that the rules do not allow now (or a notation that names no action).

    Attributes:
        rule: the clause ID of the broken rule (``"KDO-4.2"``), or ``"notation"`` for text
              that names no action of the game.
        message: a plain sentence saying what is wrong (English).
        action: the action or notation that was refused.
        key, params: the message's catalogue key and parameters when it was made with `said`
              (else None and {}).
    """

    def __init__(self, message: str, rule: str = "notation", action: object = None):
        self.rule = rule
        self.message = message  # a str; made with `said`, it keeps its key and parameters
        self.key = getattr(message, "key", None)
        self.params = dict(getattr(message, "params", {}))
        self.action = action
        super().__init__(f"[{rule}] {message}" if rule else message)


class NotationError(IllegalAction):
    """Text that names no action of the game: what every game's notation reader
    (``notation.parse``) raises, always with rule ``"notation"`` and one message shape,
    ``"<what is wrong>. Actions look like: <the game's forms>"`` (just ``<what is wrong>`` while
    ``forms`` is not known yet: a piece of the reader raises it, and ``parse`` adds the forms with
    `with_forms`).

    Attributes (besides IllegalAction's): ``why``, what is wrong; ``forms``, the game's forms.
    """

    def __init__(self, why: str, action: object = None, forms: str = ""):
        self.why = why
        self.forms = forms
        super().__init__(f"{why}. Actions look like: {forms}" if forms else why, rule="notation", action=action)

    def with_forms(self, action: object, forms: str) -> "NotationError":
        """The same refusal, of the whole ``action``, with the game's forms."""
        return NotationError(self.why, action, forms)


class UnknownGame(LapilliError):
    pass


class BadPlayerCount(LapilliError):
    pass


class BadOption(LapilliError):
    pass


class CorruptRecord(LapilliError):
    """A record or state file that cannot be read or does not replay."""
