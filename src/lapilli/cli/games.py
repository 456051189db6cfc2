"""`lapilli games` (the games, their player counts and options) and `lapilli data` (a game's
component data: export, check, list)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from ..engine.registry import game_spec, list_games
from .common import Abort, _examples, _fmt, console, err

commands = typer.Typer()


@commands.command(epilog=_examples('lapilli games'))
def games():
    """List the games, their player counts and options (each option's default first)."""
    for gid in list_games():
        spec = game_spec(gid)
        count = (str(spec.min_players) if spec.min_players == spec.max_players
                 else f"{spec.min_players}-{spec.max_players}")
        console.print(f"[bold]{gid}[/bold]  {spec.title}, {count} players",
                      highlight=False)
        for n, o in spec.options.items():
            values = "|".join(_fmt(v) for v in [o.default] + [x for x in o.values if x != o.default])
            console.print(f"    {n}={values}", highlight=False, markup=False)
        if not spec.options:
            console.print("    (no options)", highlight=False)

data_app = typer.Typer(no_args_is_help=True, help="A game's component data: export, check, list (docs/formats/data.md).",
                       epilog=_examples('lapilli data export stromboli mine/', 'lapilli data check stromboli mine/',
                                        'lapilli play stromboli --data mine/'))
commands.add_typer(data_app, name="data")


@data_app.command("export", epilog=_examples('lapilli data export stromboli mine/', 'lapilli data export isola-dei-vulcani rim/ --set rim-craters'))
def data_export(
    game: str = typer.Argument(..., help="game id"),
    folder: Path = typer.Argument(..., help="folder to write the data files into (created if missing)"),
    set_name: Optional[str] = typer.Option(None, "--set", help="a data set shipped with the game (default: its own data)"),
):
    """Write the game's data files (one JSON file each, the format its JSON Schemas describe)."""
    from ..engine.dataset import export, load

    ds = load(game, set_name)
    for p in export(game, folder, ds):
        console.print(str(p), markup=False, soft_wrap=True)
    console.print(f"data set {ds.name!r} of {game}, hash {ds.hash}", markup=False, soft_wrap=True)


@data_app.command("check", epilog=_examples('lapilli data check stromboli mine/'))
def data_check(
    game: str = typer.Argument(..., help="game id"),
    folder: Path = typer.Argument(..., help="folder holding the game's data files"),
):
    """Check a folder of data files against the JSON Schemas and the game's own consistency rules;
    every problem names the file, the item and the rule."""
    from ..engine.dataset import check_dir, content_hash, files_of
    from ..engine.registry import state_class

    state_class(game)
    problems = check_dir(game, folder)
    if problems:
        for p in problems:
            err.print(str(p), markup=False)
        raise Abort(f"{len(problems)} problem{'s' if len(problems) > 1 else ''} in {folder}", 1)
    files = {n: json.loads((folder / n).read_text(encoding="utf-8")) for n in files_of(game)}
    console.print(f"{folder}: a valid {game} data set ({', '.join(files_of(game))}), hash {content_hash(files)}",
                  markup=False, soft_wrap=True)


@data_app.command("list", epilog=_examples('lapilli data list isola-dei-vulcani'))
def data_list(game: str = typer.Argument(..., help="game id")):
    """The data sets shipped with a game: its own (default) and any other, with their hashes."""
    from ..engine.dataset import load, shipped_datasets

    for name in ["default", *shipped_datasets(game)]:
        ds = load(game, name)
        console.print(f"{name}  {ds.hash}", markup=False, soft_wrap=True)
