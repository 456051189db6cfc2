"""What the commands share: the consoles, the user-error exception, and the helpers that read
seats, options, players, data sets and languages and narrate a game's acts."""
from __future__ import annotations

from typing import Optional

from rich.console import Console
from rich.table import Table

from .. import agents as agents_mod
from ..engine import narration
from ..engine.registry import game_spec

console = Console(highlight=False)
err = Console(stderr=True, highlight=False)


class Abort(Exception):
    """A user error already explained; exit with a code."""

    def __init__(self, message: str, code: int = 2):
        super().__init__(message)
        self.code = code


def _examples(*commands: str) -> str:
    """The "Examples" part of a command's --help."""
    return "Examples:\n\n" + "\n\n".join(f"  {c}" for c in commands)


def _parse_options(items: list[str] | None) -> dict:
    opts = {}
    for item in items or []:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise Abort(f"option {item!r} must look like key=value")
        opts[key.strip()] = value.strip()
    return opts


def _seats(text: str | None, players: int, default_first: str = "human", default_rest: str = "random") -> list[str]:
    """One agent name per seat: ``text`` lists them (one name fills every seat), or the default
    (``default_first`` then ``default_rest`` players)."""
    if text:
        seats = agents_mod.split_agent_list(text)
    else:
        seats = [default_first] + [default_rest] * (players - 1)
    if len(seats) == 1 and players > 1:
        seats = seats * players
    if len(seats) != players:
        raise Abort(f"--seats names {len(seats)} seats but the game has {players} players")
    return seats


def _dataset(game: str, where: Optional[str]):
    """The data set of --data (None: the game's own data); BadData explains a refused one."""
    if where is None:
        return None
    from ..engine.dataset import load

    ds = load(game, where)
    return None if ds.is_default else ds


def _resolve_players(game: str, players: Optional[int], seats: Optional[str] = None) -> int:
    """The player count: ``--players`` when given, else as many as ``--seats`` names (when it
    names more than one), else the game's usual count."""
    if players is None and seats:
        named = agents_mod.split_agent_list(seats)
        if len(named) > 1:
            players = len(named)
    return game_spec(game).resolve(players, {})[0]


def _fmt(v) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)

def _check_lang(lang: str) -> None:
    if lang not in narration.LANGUAGES:
        raise Abort(f"unknown language {lang!r}; languages: {', '.join(narration.LANGUAGES)}")


def _narrate(state, actor, action, events, reader, names, lang, prefix: str = "") -> None:
    """Print what ``reader`` may read of one act (the game's one door, ``State.readings``)."""
    items = state.readings(actor, action, events, reader)
    if items:
        console.print(prefix + narration.text(state.game_id, items, lang, names, reader), markup=False, soft_wrap=True)


def _show_result(state, lang: str = "en") -> None:
    from .. import words

    scores = state.scores()
    winners = state.winners()
    table = Table(title=words.say("result", lang))
    table.add_column(words.say("seat", lang))
    table.add_column(words.say("score", lang))
    table.add_column("")
    for i, s in enumerate(scores):
        table.add_row(str(i), str(s), words.say("winner", lang) if i in winners else "")
    console.print(table)