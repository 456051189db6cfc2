"""The `lapilli` command: list games, play in the terminal, simulate, replay."""
from __future__ import annotations

import csv
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from . import agents as agents_mod
from .engine.errors import CorruptRecord, IllegalAction, LapilliError
from .engine.registry import game_spec, list_games, new_game, replay as replay_record

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Lapilli: play and study five volcano-island board games.")
console = Console(highlight=False)
err = Console(stderr=True, highlight=False)


class Abort(Exception):
    """A user error already explained; exit with a code."""

    def __init__(self, message: str, code: int = 2):
        super().__init__(message)
        self.code = code


def _parse_options(items: list[str] | None) -> dict:
    opts = {}
    for item in items or []:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise Abort(f"option {item!r} must look like key=value")
        opts[key.strip()] = value.strip()
    return opts


def _seats(text: str | None, players: int, default_first: str = "human") -> list[str]:
    if text:
        seats = [s.strip() for s in text.split(",") if s.strip()]
    else:
        seats = [default_first] + ["random"] * (players - 1)
    if len(seats) == 1 and players > 1:
        seats = seats * players
    if len(seats) != players:
        raise Abort(f"--seats names {len(seats)} seats but the game has {players} players")
    return seats


def _resolve_players(game: str, players: Optional[int]) -> int:
    return game_spec(game).resolve(players, {})[0]


# ---------------------------------------------------------------------------- games
@app.command()
def games():
    """List the games, their player counts and options."""
    table = Table(title="Lapilli games")
    table.add_column("id")
    table.add_column("title")
    table.add_column("players")
    table.add_column("options (default first)")
    for gid in list_games():
        spec = game_spec(gid)
        opts = "; ".join(
            f"{n}=" + "|".join(_fmt(v) for v in [o.default] + [x for x in o.values if x != o.default])
            for n, o in spec.options.items()
        )
        table.add_row(gid, spec.title, f"{spec.min_players}-{spec.max_players}", opts or "-")
    console.print(table)


def _fmt(v) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


# ---------------------------------------------------------------------------- play
HELP_TEXT = (
    "Type an action in the game's notation.  Commands: 'list' shows every legal action, "
    "'board' shows the board again, 'save FILE' saves the record, 'quit' leaves the game."
)


@app.command()
def play(
    game: str = typer.Argument(..., help="game id (see `lapilli games`)"),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="number of players"),
    seats: Optional[str] = typer.Option(None, help="comma-separated: human or an agent (random, ...) per seat"),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", help="game option key=value (repeatable)"),
    seed: Optional[int] = typer.Option(None, help="seed of the game's randomness (default: random)"),
    save: Optional[Path] = typer.Option(None, help="write the game's record (JSON) here at the end"),
):
    """Play a game in the terminal against computer opponents (or hot-seat with friends)."""
    players = _resolve_players(game, players)
    seat_names = _seats(seats, players)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    state = new_game(game, players, seed, _parse_options(option))
    bots = {i: agents_mod.make_agent(s, seed=seed * 31 + i, game=game) for i, s in enumerate(seat_names) if s != "human"}
    humans = [i for i, s in enumerate(seat_names) if s == "human"]
    console.print(f"[bold]{state.SPEC.title}[/bold] - {players} players, seed {seed}, options {state.options}")
    console.print("Seats: " + ", ".join(f"{i}: {s}" for i, s in enumerate(seat_names)))
    console.print(HELP_TEXT)
    viewer = humans[0] if len(humans) == 1 else None
    last_shown = None
    try:
        while not state.is_terminal:
            seat = state.to_move
            if seat in bots:
                action = bots[seat].choose(agents_mod.Decision(state, seat))
                events = state.apply(action)
                console.print(f"seat {seat} ({seat_names[seat]}): [cyan]{escape(action)}[/cyan]")
                _show_events(events)
                continue
            if last_shown != (len(state.history), seat):
                console.print(state.render(seat if humans else viewer), markup=False, soft_wrap=True)
                last_shown = (len(state.history), seat)
            legal = state.legal_actions()
            preview = ", ".join(legal[:12]) + (f", ... ({len(legal)} in all; 'list' shows them)" if len(legal) > 12 else "")
            console.print(f"[bold]Seat {seat}[/bold], your move. Legal: {escape(preview)}")
            try:
                text = console.input("> ").strip()
            except EOFError:
                text = "quit"
            if not text:
                continue
            if text in ("quit", "exit"):
                _save_record(state, save, quitting=True)
                raise Abort("game left before the end", 1)
            if text in ("list", "?", "help"):
                console.print(HELP_TEXT)
                console.print("\n".join(legal), markup=False)
                continue
            if text == "board":
                last_shown = None
                continue
            if text.startswith("save "):
                _save_record(state, Path(text[5:].strip()))
                continue
            try:
                events = state.apply(text)
            except IllegalAction as e:
                console.print(f"[red]Not allowed ({escape(e.rule)}):[/red] {escape(e.message)}")
                continue
            console.print(f"seat {seat}: [cyan]{escape(state.history[-1])}[/cyan]")
            _show_events(events)
    except KeyboardInterrupt:
        _save_record(state, save, quitting=True)
        raise Abort("interrupted", 130)
    console.print(state.render(viewer), markup=False, soft_wrap=True)
    _show_result(state)
    _save_record(state, save)


def _show_events(events: list[dict]) -> None:
    for ev in events:
        detail = ", ".join(f"{k}={v}" for k, v in ev.items() if k != "type")
        console.print(f"  [dim]{escape(str(ev.get('type', 'event')))}: {escape(detail)}[/dim]")


def _show_result(state) -> None:
    scores = state.scores()
    winners = state.winners()
    table = Table(title="Result")
    table.add_column("seat")
    table.add_column("score")
    table.add_column("")
    for i, s in enumerate(scores):
        table.add_row(str(i), str(s), "winner" if i in winners else "")
    console.print(table)


def _save_record(state, path: Optional[Path], quitting: bool = False) -> None:
    if path is None:
        return
    try:
        path.write_text(json.dumps(state.to_record(), indent=1))
    except OSError as e:
        err.print(f"[red]could not write {path}: {e}[/red]")
        return
    console.print(f"record saved to {path}" + (" (unfinished game)" if quitting else ""))


# ---------------------------------------------------------------------------- simulate
@app.command()
def simulate(
    game: str = typer.Argument(..., help="game id"),
    games: int = typer.Option(100, "--games", "-n", min=1, help="number of games"),
    players: Optional[int] = typer.Option(None, "--players", "-p"),
    seats: Optional[str] = typer.Option(None, help="agent per seat, comma-separated (one name = every seat)"),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", help="game option key=value (repeatable)"),
    seed: int = typer.Option(0, help="base seed: game i uses seed + i"),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="worker processes"),
    out: Path = typer.Option(Path("results/simulation.csv"), help="CSV file of one row per game"),
    quiet: bool = typer.Option(False, help="no progress bar"),
):
    """Play many seeded games between agents; print a summary and write one CSV row per game."""
    from .sim import summarize

    players = _resolve_players(game, players)
    seat_names = _seats(seats, players, default_first="random")
    t0 = time.perf_counter()
    rows = _run_games(game, players, _parse_options(option), seat_names, games, seed, jobs, out, quiet)
    wall = time.perf_counter() - t0
    summary = summarize(rows, players)
    table = Table(title=f"{game_spec(game).title}: {summary['games']} games, {players} players, {wall:.1f} s")
    for col in ("seat", "agent", "win share", "95% CI", "score mean", "score sd"):
        table.add_column(col, justify="right")
    for s in summary["seats"]:
        table.add_row(str(s["seat"]), seat_names[s["seat"]], f"{s['win_share']:.3f}", f"±{s['ci95']:.3f}",
                      f"{s['score_mean']:.2f}", f"{s['score_sd']:.2f}")
    console.print(table)
    console.print(f"game length: {summary['plies_mean']:.1f} ± {summary['plies_sd']:.1f} decisions; "
                  f"errors: {summary['errors']}; results: {out}")
    errors = [r for r in rows if r.error]
    for r in errors[:5]:
        err.print(f"[red]game {r.index} (seed {r.seed}) failed: {r.error}[/red]")
    if errors:
        raise Abort(f"{len(errors)} games failed", 1)


# ---------------------------------------------------------------------------- tournament
@app.command()
def tournament(
    game: str = typer.Argument(..., help="game id"),
    agents: str = typer.Option(..., "--agents", "-a", help="comma-separated agents (levels easy/normal/hard, "
                               "random, heuristic, mcts:iterations=N,...); cycled to fill the seats"),
    games: int = typer.Option(100, "--games", "-n", min=1),
    players: Optional[int] = typer.Option(None, "--players", "-p"),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", help="game option key=value (repeatable)"),
    seed: int = typer.Option(0, help="base seed: game i uses seed + i"),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1),
    out: Path = typer.Option(Path("results/tournament.csv"), help="CSV file of one row per game"),
    quiet: bool = typer.Option(False, help="no progress bar"),
):
    """Agents against each other, seats rotated every game: win share with 95 % intervals,
    mean scores and Elo ratings."""
    from .sim.tournament import elo, win_shares

    players = _resolve_players(game, players)
    names = [a.strip() for a in agents.split(",") if a.strip()]
    if not names:
        raise Abort("--agents names no agent")
    lineup = [names[i % len(names)] for i in range(players)]
    if games % players:
        err.print(f"[yellow]note: {games} games is not a multiple of {players} seats; seats are not perfectly balanced[/yellow]")
    rows = _run_games(game, players, _parse_options(option), lineup, games, seed, jobs, out, quiet, rotate=True)
    shares = win_shares(rows)
    ratings = elo(rows, lower_score_wins=game_spec(game).lower_score_wins)
    table = Table(title=f"{game_spec(game).title}: tournament of {len(rows)} games, {players} players "
                        f"(fair share {1 / players:.3f})")
    for col in ("agent", "seat-games", "win share", "95% CI", "mean score", "Elo"):
        table.add_column(col, justify="right")
    for name in sorted(shares, key=lambda n: -shares[n]["win_share"]):
        s = shares[name]
        table.add_row(name, str(s["seat_games"]), f"{s['win_share']:.3f}", f"±{s['ci95']:.3f}",
                      f"{s['score_mean']:.2f}", f"{ratings.get(name, float('nan')):.0f}")
    console.print(table)
    console.print(f"results: {out}")
    errors = [r for r in rows if r.error]
    if errors:
        for r in errors[:5]:
            err.print(f"[red]game {r.index} (seed {r.seed}) failed: {r.error}[/red]")
        raise Abort(f"{len(errors)} games failed", 1)


def _run_games(game, players, options, seat_names, games, seed, jobs, out, quiet, rotate=False):
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    from .sim import simulate as run

    game_spec(game).resolve(players, options)
    for s in set(seat_names):
        agents_mod.make_agent(s, game=game)  # fail early on a bad agent name
    out.parent.mkdir(parents=True, exist_ok=True)
    rows = []
    with out.open("w", newline="") as fh, Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        TimeRemainingColumn(), console=err, disable=quiet,
    ) as progress:
        task = progress.add_task(f"{game} x{games}", total=games)
        writer = None
        for row in run(game, players, options, seat_names, games, seed=seed, jobs=jobs, rotate=rotate):
            rows.append(row)
            flat = row.as_csv()
            if writer is None:
                writer = csv.DictWriter(fh, fieldnames=list(flat), extrasaction="ignore")
                writer.writeheader()
            writer.writerow(flat)
            fh.flush()
            progress.advance(task)
    return rows


# ---------------------------------------------------------------------------- replay
@app.command()
def replay(
    file: Path = typer.Argument(..., help="a record written by `lapilli play --save` or the web table"),
    seat: Optional[int] = typer.Option(None, help="show the board as this seat sees it (default: spectator)"),
    steps: bool = typer.Option(False, "--steps", help="show the board after every action"),
):
    """Play a recorded game again and show how it went."""
    try:
        text = file.read_text()
    except OSError as e:
        raise Abort(f"cannot read {file}: {e.strerror or e}")
    try:
        record = json.loads(text)
    except json.JSONDecodeError as e:
        raise Abort(f"{file} is not a record: not valid JSON ({e})")
    final = replay_record(record)  # validates the whole record first
    if not isinstance(record, dict):
        raise Abort(f"{file} is not a record")
    state = new_game(record["game"], record["players"], record["seed"], record.get("options"))
    for i, action in enumerate(record["actions"], 1):
        mover = state.to_move
        state.apply(action)
        console.print(f"{i:4d}. seat {mover}: {action}", markup=False)
        if steps:
            console.print(state.render(seat), markup=False, soft_wrap=True)
    console.print(final.render(seat), markup=False, soft_wrap=True)
    if final.is_terminal:
        _show_result(final)
    else:
        console.print(f"(unfinished game: seat {final.to_move} to move)")


# ---------------------------------------------------------------------------- serve
@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on"),
    port: int = typer.Option(8000, help="port"),
    database: Optional[str] = typer.Option(None, help="database URL (default: SQLite in ~/.lapilli; "
                                           "or set LAPILLI_DATABASE_URL, e.g. postgresql+psycopg://...)"),
    redis: Optional[str] = typer.Option(None, help="Redis URL for several instances (or LAPILLI_REDIS_URL)"),
    bot_workers: int = typer.Option(1, help="worker processes for computer opponents"),
):
    """Run the web table: play in the browser with friends and computer opponents."""
    import uvicorn

    from .server.app import create_app
    from .server.config import Settings

    settings = Settings()
    if database:
        settings.database_url = database
    if redis:
        settings.redis_url = redis
    settings.bot_workers = bot_workers
    console.print(f"Lapilli web table on http://{host}:{port}/  (database: {settings.database_url})")
    uvicorn.run(create_app(settings), host=host, port=port, log_level="warning")


def main(argv: list[str] | None = None) -> int:
    try:
        app(args=argv, standalone_mode=False)
    except Abort as e:
        if str(e):
            err.print(f"[red]error:[/red] {escape(str(e))}")
        return e.code
    except CorruptRecord as e:
        err.print(f"[red]error:[/red] {escape(str(e))}")
        return 2
    except LapilliError as e:
        err.print(f"[red]error:[/red] {escape(str(e))}")
        return 2
    except SystemExit as e:  # typer/click exits (e.g. --help)
        return int(e.code or 0)
    except KeyboardInterrupt:
        return 130
    except Exception as e:  # click usage errors
        import click

        if isinstance(e, click.exceptions.ClickException):
            e.show()
            return e.exit_code
        if isinstance(e, click.exceptions.Abort):
            return 1
        raise
    return 0


def entry() -> None:
    sys.exit(main())


if __name__ == "__main__":
    entry()
