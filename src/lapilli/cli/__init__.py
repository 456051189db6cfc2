"""The `lapilli` command: list games, play in the terminal, simulate, replay, serve.

This package holds the Typer app and ``main``; each command group lives in its own module
(games, play, learn, study, records, serve) and is added to the app here, in the order of `lapilli --help`."""
from __future__ import annotations

import sys

import typer
from rich.markup import escape

from ..engine.errors import LapilliError
from ..engine.registry import new_game  # noqa: F401  (play calls it through this package)
from .common import (  # noqa: F401  (the commands' shared helpers, also reached through this package)
    Abort, _check_lang, _dataset, _examples, _fmt, _narrate, _parse_options, _resolve_players, _seats, _show_result,
    console, err)

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Lapilli: play and study five volcano-island board games.")

from . import games as _games, learn as _learn, play as _play, records as _records, serve as _serve, study as _study  # noqa: E402
from .games import data_app, games  # noqa: E402,F401
from .play import HELP_TEXT, play  # noqa: E402,F401
from .records import replay, review, verify  # noqa: E402,F401
from .serve import serve  # noqa: E402,F401
from .study import _rebuild_report_args, _run_study, _sensitivity_variants, report, simulate, tournament  # noqa: E402,F401

for _module in (_games, _play, _learn, _study, _records, _serve):
    app.registered_commands.extend(_module.commands.registered_commands)
for _module in (_games, _play, _study, _records, _serve):
    app.registered_groups.extend(_module.commands.registered_groups)


_COMMANDS = ("games", "play", "learn", "simulate", "tournament", "report", "replay", "serve", "verify", "data", "review")


def main(argv: list[str] | None = None) -> int:
    try:
        app(args=argv, standalone_mode=False)
    except Abort as e:
        if str(e):
            err.print(f"[red]error:[/red] {escape(str(e))}")
        return e.code
    except LapilliError as e:  # CorruptRecord, UnknownGame, ...: the engine's own errors
        err.print(f"[red]error:[/red] {escape(str(e))}")
        return 2
    except SystemExit as e:  # typer/click exits (e.g. --help)
        return int(e.code or 0)
    except KeyboardInterrupt:
        return 130
    except Exception as e:
        usage = _usage_error(e, argv)
        if usage is None:
            raise
        message, code = usage
        if message:
            err.print(f"[red]error:[/red] {escape(message)}", soft_wrap=True)
        return code
    return 0


def _parser_exceptions() -> tuple[tuple, tuple]:
    """The command-line parser's usage-error and abort classes: Typer's (newer releases carry their
    own copy of Click and raise its errors, all TyperExceptions), and Click's (older releases)."""
    usage, abort = [], [typer.Abort]
    if isinstance(getattr(typer, "TyperException", None), type):
        usage.append(typer.TyperException)
    try:
        import click
    except ImportError:
        pass
    else:
        usage.append(click.ClickException)
        abort.append(click.exceptions.Abort)
    return tuple(usage), tuple(abort)


def _usage_error(e: Exception, argv: list[str] | None) -> tuple[str, int] | None:
    """A usage error as one line with the way to the fix, or None when ``e`` is not one."""
    usage, abort = _parser_exceptions()
    if isinstance(e, abort):
        return "", 1
    if not isinstance(e, usage):
        return None
    words = [a for a in (sys.argv[1:] if argv is None else argv) if not a.startswith("-")]
    command = words[0] if words and words[0] in _COMMANDS else ""
    where = f"lapilli {command} --help" if command else "lapilli --help"
    message = " ".join(e.format_message().split())
    return f"{message} (see '{where}')", int(getattr(e, "exit_code", 2) or 2)


def entry() -> None:
    sys.exit(main())


if __name__ == "__main__":
    entry()