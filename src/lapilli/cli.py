"""The `lapilli` command: list games, play in the terminal, simulate, replay."""
from __future__ import annotations

import csv
import json
import logging
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
from .engine import narration
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
    from .engine.dataset import load

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


# ---------------------------------------------------------------------------- games
@app.command(epilog=_examples('lapilli games'))
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


def _fmt(v) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


# ---------------------------------------------------------------------------- play
HELP_TEXT = (
    "Type an action in the game's notation.  Commands: 'list' shows every legal action, "
    "'board' shows the board again, 'save-record FILE' saves the record, 'quit' leaves the game."
)


@app.command(epilog=_examples('lapilli play the-island', 'lapilli play eruption --seats human,normal', 'lapilli play kingdomino-origins --players 3 --seats human,hard,easy --save game.json', 'lapilli play the-island -o giant_squid=true --seed 7', 'lapilli play stromboli --data mine/'))
def play(
    game: str = typer.Argument(..., help="game id (see `lapilli games`)"),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="number of players"),
    seats: Optional[str] = typer.Option(None, help="comma-separated: human or an agent (random, ...) per seat"),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", help="game option key=value (repeatable)"),
    seed: Optional[int] = typer.Option(None, help="seed of the game's randomness (default: random)"),
    save: Optional[Path] = typer.Option(None, help="write the game's record (JSON) here at the end"),
    lang: str = typer.Option("en", help="language of the narrated moves and of the board picture: en or it"),
    data: Optional[str] = typer.Option(None, "--data", help="data set: a folder written by `lapilli data export` "
                                       "(edited), or the name of one shipped with the game (`lapilli data list GAME`)"),
):
    """Play a game in the terminal against computer opponents (or hot-seat with friends)."""
    _check_lang(lang)
    players = _resolve_players(game, players, seats)
    seat_names = _seats(seats, players)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    ds = _dataset(game, data)
    state = new_game(game, players, seed, _parse_options(option), data=ds)
    bots = {i: agents_mod.make_agent(s, seed=seed * 31 + i, game=game, players=players) for i, s in enumerate(seat_names) if s != "human"}
    humans = [i for i, s in enumerate(seat_names) if s == "human"]
    console.print(f"[bold]{state.SPEC.title}[/bold] - {players} players, seed {seed}, options {state.options}")
    # each seat named as at the web table: its colour, a computer with its level
    names = lambda: [narration.seat_label(state, i, lang, agent="" if s == "human" else s) for i, s in enumerate(seat_names)]  # noqa: E731
    console.print("Seats: " + ", ".join(names()), markup=False)
    console.print(f"Data set: {state.dataset.name} ({state.dataset.hash[:12]})", markup=False)
    console.print(HELP_TEXT)
    # what the terminal tells of each act is what the person at it may read (one human seat);
    # with several people at one screen, or none, it tells what a spectator may read
    viewer = humans[0] if len(humans) == 1 else None
    _narrate(state, None, None, state.setup_events, viewer, names(), lang)
    last_shown = None
    try:
        while not state.is_terminal:
            seat = state.to_move
            if seat in bots:
                action = bots[seat].choose(agents_mod.Decision(state, seat))
                events = state.apply(action)
                _narrate(state, seat, state.history[-1], events, viewer, names(), lang)
                continue
            if last_shown != (len(state.history), seat):
                console.print(state.render(seat if humans else viewer, names(), lang), markup=False, soft_wrap=True)
                last_shown = (len(state.history), seat)
            legal = state.legal_actions()
            preview = ", ".join(legal[:12]) + (f", ... ({len(legal)} in all; 'list' shows them)" if len(legal) > 12 else "")
            console.print(f"[bold]{escape(names()[seat])}[/bold], your move. Legal: {escape(preview)}")
            try:
                text = console.input("> ").strip()
            except EOFError:
                text = "quit"
            if not text:
                continue
            if text in ("quit", "exit"):
                _save_record(state, save, quitting=True)
                console.print("game left before the end")
                return
            if text in ("list", "?", "help"):
                console.print(HELP_TEXT)
                console.print("\n".join(legal), markup=False)
                continue
            if text == "board":
                last_shown = None
                continue
            # not "save FILE": L'Isola dei Vulcani has a move "save SPACE"
            if text.startswith("save-record "):
                _save_record(state, Path(text[len("save-record "):].strip()))
                continue
            try:
                events = state.apply(text)
            except IllegalAction as e:
                console.print(f"[red]Not allowed ({escape(e.rule)}):[/red] {escape(e.message)}")
                continue
            _narrate(state, seat, state.history[-1], events, seat, names(), lang)
    except KeyboardInterrupt:
        _save_record(state, save, quitting=True)
        raise Abort("interrupted", 130)
    console.print(state.render(viewer, names(), lang), markup=False, soft_wrap=True)
    _show_result(state)
    _save_record(state, save)


def _check_lang(lang: str) -> None:
    if lang not in narration.LANGUAGES:
        raise Abort(f"unknown language {lang!r}; languages: {', '.join(narration.LANGUAGES)}")


def _narrate(state, actor, action, events, reader, names, lang, prefix: str = "") -> None:
    """Print what ``reader`` may read of one act (the game's one door, ``State.readings``)."""
    items = state.readings(actor, action, events, reader)
    if items:
        console.print(prefix + narration.text(state.game_id, items, lang, names, reader), markup=False, soft_wrap=True)


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
@app.command(epilog=_examples('lapilli simulate stromboli --games 1000 --jobs 2', 'lapilli simulate eruption --players 4 --seats normal,random --games 200 --out results/eru.csv', 'lapilli simulate the-island --games 100000 --seats random --backend ray --resume'))
def simulate(
    game: str = typer.Argument(..., help="game id"),
    games: int = typer.Option(100, "--games", "-n", min=1, help="number of games"),
    players: Optional[int] = typer.Option(None, "--players", "-p"),
    seats: Optional[str] = typer.Option(None, help="agent per seat, comma-separated (one name = every seat; "
                                        "default: heuristic players in every seat)"),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", help="game option key=value (repeatable)"),
    seed: int = typer.Option(0, help="base seed: game i uses seed + i"),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="worker processes (local) or CPUs of a local Ray"),
    backend: str = typer.Option("local", help="local (worker processes) or ray"),
    address: Optional[str] = typer.Option(None, help="with --backend ray: join this cluster (auto, HOST:PORT, "
                                          "ray://HOST:10001) instead of starting a local Ray"),
    out: Optional[Path] = typer.Option(None, help="results: a Parquet dataset folder (default "
                                       "results/simulation.parquet) or a CSV file (results/simulation.csv)"),
    fmt: Optional[str] = typer.Option(None, "--format", help="parquet (default) or csv; default: from --out's suffix"),
    resume: bool = typer.Option(False, help="keep the games already in --out and play only the others"),
    batch: int = typer.Option(500, min=1, help="write results every this many games ..."),
    batch_seconds: float = typer.Option(5.0, help="... or every this many seconds, whichever comes first"),
    quiet: bool = typer.Option(False, help="no progress bar"),
    data: Optional[str] = typer.Option(None, "--data", help="data set: a folder written by `lapilli data export` "
                                       "(edited), or the name of one shipped with the game (`lapilli data list GAME`)"),
    trace: bool = typer.Option(True, help="keep each seat's score by scoring source and how the lead went "
                               "(--no-trace: a few ms less per game, for large runs of random play)"),
):
    """Play many seeded games between agents; print a summary and write one row per game as
    the run goes (Parquet or CSV); --resume finishes an interrupted run."""
    from .sim import summarize

    players = _resolve_players(game, players, seats)
    seat_names = _seats(seats, players, default_first="heuristic", default_rest="heuristic")
    options = _parse_options(option)
    if backend not in ("local", "ray"):
        raise Abort(f"unknown backend {backend!r}; backends: local, ray")
    if fmt is not None and fmt.lower() not in ("parquet", "csv"):
        raise Abort(f"unknown format {fmt!r}; formats: parquet, csv")
    if fmt is None and (out is None or out.suffix.lower() != ".csv"):
        import importlib.util

        if importlib.util.find_spec("pyarrow") is None:
            if out is not None:
                raise Abort("Parquet output needs pyarrow: pip install 'lapilli[study]', or use --format csv")
            err.print("[yellow]note: pyarrow is not installed (pip install 'lapilli[study]'): writing CSV[/yellow]")
            fmt = "csv"
    if out is None:
        out = Path("results/simulation." + ("csv" if (fmt or "").lower() == "csv" else "parquet"))
    t0 = time.perf_counter()
    rows, new = _run_study(game, players, options, seat_names, games, seed, jobs, out, quiet, backend=backend,
                           address=address, fmt=fmt, resume=resume, batch=batch, batch_seconds=batch_seconds,
                           data=_dataset(game, data), trace=trace)
    wall = time.perf_counter() - t0
    summary = summarize(rows, players)
    table = Table(title=f"{game_spec(game).title}: {summary['games']} games, {players} players, {wall:.1f} s"
                        + (f" ({new} played now)" if new != len(rows) else ""))
    for col in ("seat", "agent", "win share", "95% CI (Wilson)", "score mean", "score sd"):
        table.add_column(col, justify="right")
    for s in summary["seats"]:
        table.add_row(str(s["seat"]), seat_names[s["seat"]], f"{s['win_share']:.3f}", f"[{s['ci_low']:.3f}, {s['ci_high']:.3f}]",
                      f"{s['score_mean']:.2f}", f"{s['score_sd']:.2f}")
    console.print(table)
    console.print(f"game length: {summary['plies_mean']:.1f} ± {summary['plies_sd']:.1f} decisions; "
                  f"errors: {summary['errors']}; results: {out}")
    errors = [r for r in rows if r.error]
    for r in errors[:5]:
        err.print(f"[red]game {r.index} (seed {r.seed}) failed: {r.error}[/red]")
    if errors:
        raise Abort(f"{len(errors)} games failed", 1)


def _run_study(game, players, options, seat_names, games, seed, jobs, out, quiet, backend="local", address=None,
               fmt=None, resume=False, batch=500, batch_seconds=5.0, rotate=False, data=None, trace=True):
    """Run (or finish) a simulation on a backend, writing rows in batches; returns (all rows, games played now).
    ``data``: the DataSet the games are played with (None: the game's own data)."""
    import signal

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    from .sim.backends import run_games
    from .sim.local import WorkerDied
    from .sim.output import OutputMismatch, ResultWriter, read_rows

    players, options = game_spec(game).resolve(players, options)
    for s in set(seat_names):
        agents_mod.make_agent(s, game=game)  # fail early on a bad agent name
    meta = {"game": game, "players": players, "options": options, "seats": list(seat_names), "seed": seed,
            "games": games, "rotate": rotate}
    if data is not None:  # a run with other data never resumes one with the defaults (or the reverse)
        meta["dataset"] = data.describe()
    try:
        writer = ResultWriter(out, players, fmt, meta=meta, resume=resume, batch_rows=batch, batch_seconds=batch_seconds)
    except OutputMismatch as e:
        raise Abort(str(e))
    done = {i for i in writer.done if i < games}
    new = 0

    main_pid = os.getpid()

    def on_term(signum, frame):  # a polite kill: write what is buffered, then stop
        if os.getpid() != main_pid:  # a forked worker: die as usual
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGTERM)
            return
        raise KeyboardInterrupt

    old_handler = signal.signal(signal.SIGTERM, on_term) if hasattr(signal, "SIGTERM") else None
    try:
        with writer, Progress(
            TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
            TimeRemainingColumn(), console=err, disable=quiet,
        ) as progress:
            task = progress.add_task(f"{game} x{games}" + (f" ({backend})" if backend != "local" else ""),
                                     total=games, completed=len(done))
            for row in run_games(game, players, options, seat_names, games, seed=seed, jobs=jobs, backend=backend,
                                 address=address, skip=done, rotate=rotate, data=data, trace=trace):
                writer.add(row)
                new += 1
                progress.advance(task)
    except WorkerDied as e:
        raise Abort(f"{e} ({writer.written} written to {out}); run the same command with --resume to finish", 1)
    finally:
        if old_handler is not None:
            signal.signal(signal.SIGTERM, old_handler)
    rows = [r for r in read_rows(out, writer.fmt) if r.index < games]
    return rows, new


# ---------------------------------------------------------------------------- tournament
@app.command(epilog=_examples('lapilli tournament kingdomino-origins --agents hard,normal --games 100 --jobs 2', 'lapilli tournament eruption --players 3 --agents normal,heuristic,random'))
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
    data: Optional[str] = typer.Option(None, "--data", help="data set: a folder written by `lapilli data export` "
                                       "(edited), or the name of one shipped with the game (`lapilli data list GAME`)"),
):
    """Agents against each other, seats rotated every game: win share with 95 % intervals,
    mean scores and Elo ratings."""
    from .sim.tournament import elo, win_shares

    players = _resolve_players(game, players)
    names = agents_mod.split_agent_list(agents)
    if not names:
        raise Abort("--agents names no agent")
    lineup = [names[i % len(names)] for i in range(players)]
    if games % players:
        err.print(f"[yellow]note: {games} games is not a multiple of {players} seats; seats are not perfectly balanced[/yellow]")
    rows, _ = _run_study(game, players, _parse_options(option), lineup, games, seed, jobs, out, quiet, fmt="csv",
                         rotate=True, data=_dataset(game, data), trace=False)
    shares = win_shares(rows)
    ratings = elo(rows, lower_score_wins=game_spec(game).lower_score_wins)
    table = Table(title=f"{game_spec(game).title}: tournament of {len(rows)} games, {players} players "
                        f"(fair share {1 / players:.3f})")
    for col in ("agent", "seat-games", "win share", "95% CI (Wilson)", "mean score", "Elo"):
        table.add_column(col, justify="right")
    for name in sorted(shares, key=lambda n: -shares[n]["win_share"]):
        s = shares[name]
        table.add_row(name, str(s["seat_games"]), f"{s['win_share']:.3f}", f"[{s['ci_low']:.3f}, {s['ci_high']:.3f}]",
                      f"{s['score_mean']:.2f}", f"{ratings.get(name, float('nan')):.0f}")
    console.print(table)
    console.print(f"results: {out}")
    errors = [r for r in rows if r.error]
    if errors:
        for r in errors[:5]:
            err.print(f"[red]game {r.index} (seed {r.seed}) failed: {r.error}[/red]")
        raise Abort(f"{len(errors)} games failed", 1)


# ---------------------------------------------------------------------------- report
@app.command(epilog=_examples('lapilli report stromboli --games 500', 'lapilli report the-island --compare dolphins=true --games 300', 'lapilli report eruption --sensitivity --compare seats=random --games 400 --jobs 2', 'lapilli report stromboli --seats normal --games 200 --backend ray --jobs 2'))
def report(
    game: str = typer.Argument(..., help="game id"),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="player count of the baseline"),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", help="baseline option key=value (repeatable)"),
    compare: Optional[list[str]] = typer.Option(None, "--compare", "-c", help="a variant to compare with the "
                                                "baseline, played on the same seeds: key=value[,key=value] (key "
                                                "players = player count, seats = the agents, data = a data set); "
                                                "repeatable"),
    sensitivity: bool = typer.Option(False, "--sensitivity", help="also compare every other value of every "
                                     "option, and every shipped data set, with the baseline"),
    games: int = typer.Option(1000, "--games", "-n", min=1, help="games per variant"),
    seats: Optional[str] = typer.Option(None, help="agent per seat, comma-separated (one name = every seat; "
                                        "default: heuristic players in every seat)"),
    seed: int = typer.Option(0, help="base seed: game i uses seed + i"),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1),
    backend: str = typer.Option("local", help="local or ray"),
    address: Optional[str] = typer.Option(None, help="with --backend ray: the cluster to join"),
    from_files: Optional[list[Path]] = typer.Option(None, "--from", help="read these simulation outputs (one per "
                                                    "variant) instead of simulating; repeatable"),
    out: Optional[Path] = typer.Option(None, help="report folder (default reports/GAME)"),
    results: Optional[Path] = typer.Option(None, help="folder for the simulated games of each variant (default OUT/data)"),
    resume: bool = typer.Option(False, help="keep games already simulated in the results folder and play only the rest"),
    quiet: bool = typer.Option(False, help="no progress bar"),
    data: Optional[str] = typer.Option(None, "--data", help="data set: a folder written by `lapilli data export` "
                                       "(edited), or the name of one shipped with the game (`lapilli data list GAME`)"),
):
    """Balance report (Markdown + PNG plots): win rate by seat with 95 % intervals, scores, game
    length, endings and special events, compared across variants."""
    import shlex

    from .report import Variant, parse_compare, write_report
    from .sim.output import read_meta, read_rows

    spec = game_spec(game)
    if backend not in ("local", "ray"):
        raise Abort(f"unknown backend {backend!r}; backends: local, ray")
    out = out or Path("reports") / game
    command = "lapilli report " + " ".join(shlex.quote(a) for a in _rebuild_report_args(locals()))
    results_dir, results = results, []
    results_list = results
    sources = []
    if from_files:
        if compare or sensitivity:
            raise Abort("--compare and --from do not mix: give one --from file per variant instead")
        for f in from_files:
            if not f.exists():
                raise Abort(f"cannot read {f}: no such file or folder")
            meta = read_meta(f) or {}
            if meta.get("game") not in (None, game):
                raise Abort(f"{f} holds games of {meta['game']!r}, not {game!r}")
            rows = read_rows(f)
            if not rows:
                raise Abort(f"{f} holds no games")
            p = int(meta.get("players") or rows[0].players)
            opts = meta.get("options") or {}
            label = f.stem if len(from_files) > 1 else "results"
            results.append((Variant(label, p, opts), rows))
            sources.append(str(f))
    else:
        base_players = _resolve_players(game, players)
        try:
            variants = parse_compare(compare or [], base_players, _parse_options(option))
        except ValueError as e:
            raise Abort(str(e))
        if sensitivity:
            variants += _sensitivity_variants(game, base_players, _parse_options(option), data, variants)
        ray_started = False
        if backend == "ray":  # one Ray for all the variants
            from .sim.backends import start_ray

            ray_started = start_ray(jobs, address)
        try:
            _report_variants(game, spec, variants, seats, games, seed, jobs, out, results_dir, quiet, backend, address,
                             resume, results_list, sources, data)
        finally:
            if ray_started:
                import ray

                ray.shutdown()
    path = write_report(game, results, out, title=spec.title, command=command, sources=sources)
    console.print(f"report: {path}")


def _sensitivity_variants(game, players, options, data, variants) -> list:
    """One variant per other allowed value of each option (with the baseline's player count and
    other options), then one per data set shipped with the game; a set-up already among
    ``variants`` is not added twice."""
    from .engine.dataset import shipped_datasets
    from .engine.errors import LapilliError
    from .report import Variant

    spec = game_spec(game)
    _, base = spec.resolve(players, options)
    known = set()
    for v in variants:
        try:
            known.add((v.players, tuple(sorted(spec.resolve(v.players, v.options)[1].items())), v.seats, v.data))
        except LapilliError:
            pass  # refused again, with its message, when the variant is played
    out = []
    for name, o in spec.options.items():
        for value in o.values:
            if value == base[name]:
                continue
            opts = dict(options, **{name: value})
            try:
                spec.resolve(players, opts)
            except LapilliError:  # a value the rules refuse with the rest of the baseline
                continue
            v = Variant(f"{name}={_fmt(value)}", players, opts)
            key = (v.players, tuple(sorted(spec.resolve(players, opts)[1].items())), None, None)
            if key not in known:
                out.append(v)
    for name in shipped_datasets(game):
        if name != data:
            out.append(Variant(f"data={name}", players, dict(options), None, name))
    return out


def _report_variants(game, spec, variants, seats, games, seed, jobs, out, results_dir, quiet, backend, address, resume,
                     results, sources, data=None):
    for k, v in enumerate(variants):
        v.players, v.options = spec.resolve(v.players, v.options)
        seat_names = _seats(v.seats or seats, v.players, default_first="heuristic", default_rest="heuristic")
        data_file = (results_dir or out / "data") / f"variant-{k}.parquet"
        if not quiet:
            err.print(f"[bold]{v.label}[/bold]: {v.players} players, options {v.options}, seats {', '.join(seat_names)}")
        rows, _ = _run_study(game, v.players, v.options, seat_names, v.games or games, seed, jobs, data_file, quiet,
                             backend=backend, address=address, resume=resume, data=_dataset(game, v.data or data))
        results.append((v, rows))
        sources.append(os.path.relpath(data_file, out))


def _rebuild_report_args(args: dict) -> list[str]:
    """The command line of a report made through main([...]) (tests, scripts)."""
    out = [args["game"]]
    if args.get("players"):
        out += ["--players", str(args["players"])]
    for o in args.get("option") or []:
        out += ["--option", o]
    for c in args.get("compare") or []:
        out += ["--compare", c]
    if args.get("sensitivity"):
        out.append("--sensitivity")
    for f in args.get("from_files") or []:
        out += ["--from", str(f)]
    if not args.get("from_files"):
        out += ["--games", str(args["games"])]
        if args.get("seats"):
            out += ["--seats", args["seats"]]
        if args.get("seed"):
            out += ["--seed", str(args["seed"])]
    if args.get("out"):
        out += ["--out", str(args["out"])]
    if args.get("results") and not args.get("from_files"):
        out += ["--results", str(args["results"])]
    if args.get("data") and not args.get("from_files"):
        out += ["--data", str(args["data"])]
    return out


# ---------------------------------------------------------------------------- data
data_app = typer.Typer(no_args_is_help=True, help="A game's component data: export, check, list (docs/formats/data.md).",
                       epilog=_examples('lapilli data export stromboli mine/', 'lapilli data check stromboli mine/',
                                        'lapilli play stromboli --data mine/'))
app.add_typer(data_app, name="data")


@data_app.command("export", epilog=_examples('lapilli data export stromboli mine/', 'lapilli data export isola-dei-vulcani rim/ --set rim-craters'))
def data_export(
    game: str = typer.Argument(..., help="game id"),
    folder: Path = typer.Argument(..., help="folder to write the data files into (created if missing)"),
    set_name: Optional[str] = typer.Option(None, "--set", help="a data set shipped with the game (default: its own data)"),
):
    """Write the game's data files (one JSON file each, the format its JSON Schemas describe)."""
    from .engine.dataset import export, load

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
    from .engine.dataset import check_dir, content_hash, files_of
    from .engine.registry import state_class

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
    from .engine.dataset import load, shipped_datasets

    for name in ["default", *shipped_datasets(game)]:
        ds = load(game, name)
        console.print(f"{name}  {ds.hash}", markup=False, soft_wrap=True)


# ---------------------------------------------------------------------------- review
@app.command(epilog=_examples('lapilli review game.json', 'lapilli review game.json --seat 1 --level normal --out review/'))
def review(
    file: Path = typer.Argument(..., help="a record written by `lapilli play --save` or the web table"),
    seat: int = typer.Option(0, help="the seat whose decisions are judged"),
    level: str = typer.Option("hard", help="the search that judges: a level (easy, normal, hard) or an agent spec"),
    iterations: Optional[int] = typer.Option(None, help="the search's budget per decision (default: the level's)"),
    samples: int = typer.Option(8, help="determinizations each judged move is scored on"),
    seed: int = typer.Option(0, help="the review's own random seed"),
    out: Path = typer.Option(Path("review"), "--out", help="folder for review.md, review.html, review.png, review.json"),
    lang: str = typer.Option("en", help="language of the narrated moves: en or it"),
    data: Optional[str] = typer.Option(None, "--data", help="the data set the record was made with"),
):
    """Judge every decision of a seat: the move played beside the better move the search finds,
    by expected win share, each marked good, inaccuracy, mistake or blunder (docs/coach.md). Only
    what the seat could see when it moved is used."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    from .coach import output as coach_output
    from .coach.review import review as run_review, seat_plies

    _check_lang(lang)
    try:
        record = json.loads(file.read_text())
    except OSError as e:
        raise Abort(f"cannot read {file}: {e.strerror or e}")
    except json.JSONDecodeError as e:
        raise Abort(f"{file} is not a record: not valid JSON ({e})")
    if not isinstance(record, dict):
        raise Abort(f"{file} is not a record")
    ds = _dataset(record.get("game"), data) if data is not None else None
    plies = seat_plies(record, seat, data=ds) if isinstance(record.get("actions"), list) else []
    t0 = time.perf_counter()
    with Progress(TextColumn("reviewing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TimeRemainingColumn(), console=err, transient=True) as bar:
        task = bar.add_task("review", total=len(plies))
        rv = run_review(record, seat=seat, level=level, iterations=iterations, samples=samples, seed=seed,
                        data=ds, on_step=lambda ply: bar.advance(task))
    paths = coach_output.write(rv, out, lang)
    counts = rv.counts()
    n = len(rv.decisions)
    console.print(f"{n} decisions of seat {seat} judged in {time.perf_counter() - t0:.1f} s: "
                  + ", ".join(f"{counts[c]} {c}" for c in counts))
    for d in rv.decisions:
        if d.cls in ("mistake", "blunder"):
            console.print(f"  ply {d.ply + 1}: {d.cls}: {d.played_text.get(lang, d.played)} "
                          f"Better: {d.best_text.get(lang, d.best)}", markup=False, soft_wrap=True)
    console.print("written: " + ", ".join(str(p) for p in paths.values()))


# ---------------------------------------------------------------------------- replay
@app.command(epilog=_examples('lapilli replay game.json', 'lapilli replay game.json --steps --seat 0'))
def replay(
    file: Path = typer.Argument(..., help="a record written by `lapilli play --save` or the web table"),
    seat: Optional[int] = typer.Option(None, help="show the board as this seat sees it (default: spectator)"),
    steps: bool = typer.Option(False, "--steps", help="show the board after every action"),
    lang: str = typer.Option("en", help="language of the narrated moves: en or it"),
    data: Optional[str] = typer.Option(None, "--data", help="the data set the record was made with (a folder or a "
                                       "shipped data set's name; default: the game's own data)"),
):
    """Play a recorded game again and show how it went: each act as the seat given by --seat
    read it (default: as a spectator did)."""
    _check_lang(lang)
    try:
        text = file.read_text()
    except OSError as e:
        raise Abort(f"cannot read {file}: {e.strerror or e}")
    try:
        record = json.loads(text)
    except json.JSONDecodeError as e:
        raise Abort(f"{file} is not a record: not valid JSON ({e})")
    if not isinstance(record, dict):
        raise Abort(f"{file} is not a record")
    ds = _dataset(record.get("game"), data) if data is not None else None
    final = replay_record(record, data=ds)  # validates the whole record first
    state = replay_record(record, upto=0, data=ds)  # the set-up, under the record's seeding
    if seat is not None and not 0 <= seat < state.num_players:
        raise Abort(f"no seat {seat}: seats are 0 to {state.num_players - 1}")
    _narrate(state, None, None, state.setup_events, seat, None, lang, prefix="   0. ")
    for i, action in enumerate(record["actions"], 1):
        mover = state.to_move
        events = state.apply(action)
        _narrate(state, mover, action, events, seat, None, lang, prefix=f"{i:4d}. ")
        if steps:
            console.print(state.render(seat, None, lang), markup=False, soft_wrap=True)
    console.print(final.render(seat, None, lang), markup=False, soft_wrap=True)
    if final.is_terminal:
        _show_result(final)
    else:
        console.print(f"(unfinished game: {narration.seat_name(None, final.to_move, lang)} to move)")


@app.command()
def verify(
    file: Path = typer.Argument(..., help="the record of a finished web-table game (its Record link)"),
    commitment: Optional[str] = typer.Option(None, help="the commitment shown at the table, to check the record against"),
    digest: Optional[str] = typer.Option(None, help="the last digest of the actions shown at the table"),
):
    """Check that a web-table game was dealt fairly: its game, player count, options, data set,
    seeding, seat order, seed and salt give the commitment shown before the first move, its
    actions give the last digest shown, and every action replays from that seed to the recorded
    result."""
    from .engine.fairness import NotVerified, record_fairness, verify_record

    try:
        text = file.read_text()
    except OSError as e:
        raise Abort(f"cannot read {file}: {e.strerror or e}")
    try:
        state = verify_record(text, commitment, digest)
    except NotVerified as e:
        raise Abort(f"NOT verified: {e}", code=1)
    record = json.loads(text)
    covered = ("the commitment covers the game, players, options, data set, seeding and seat order"
               if record_fairness(record) > 1 else "an older record: the commitment covers the seed only, not the options")
    console.print(f"verified: {record['game']}, {len(record['actions'])} actions replayed from the seed committed to "
                  f"as {record['commitment']} ({covered}); scores {state.scores()}, winners {state.winners()}",
                  markup=False)


# ---------------------------------------------------------------------------- serve
def _raise_descriptor_limit() -> str:
    """Raise this process's soft limit of open files to its hard limit (every WebSocket holds
    one; the usual soft limit of 1,024 is soon reached by a crowd), and say what it is."""
    try:
        import resource
    except ImportError:  # not on this system
        return "open files: the system's limit"
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
    if soft != resource.RLIM_INFINITY and soft < want:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
            return f"open files: at most {want} (raised from {soft})"
        except (ValueError, OSError) as e:
            return f"open files: at most {soft} (not raised to {want}: {e})"
    return f"open files: at most {'unlimited' if soft == resource.RLIM_INFINITY else soft}"


@app.command(epilog=_examples('lapilli serve', 'lapilli serve --port 8080 --database postgresql+psycopg://user@127.0.0.1/lapilli --redis redis://127.0.0.1:6379/0'))
def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on"),
    port: int = typer.Option(8000, help="port"),
    database: Optional[str] = typer.Option(None, help="database URL (default: SQLite in ~/.lapilli; "
                                           "or set LAPILLI_DATABASE_URL, e.g. postgresql+psycopg://...)"),
    redis: Optional[str] = typer.Option(None, help="Redis URL for several instances (or LAPILLI_REDIS_URL)"),
    bot_workers: Optional[int] = typer.Option(None, min=1, help="worker processes for computer opponents "
                                              "(default: one per core, or LAPILLI_BOT_WORKERS)"),
    seat_grace: Optional[float] = typer.Option(None, min=0, help="seconds a disconnected person's seat is held "
                                               "before another player may hand it to a computer (default 120)"),
    bot_pace: Optional[float] = typer.Option(None, help="seconds each computer move is shown before the next "
                                             "when a person is seated (default 1.5, or LAPILLI_BOT_PACE; 0: no wait)"),
    data: Optional[list[str]] = typer.Option(None, "--data", help="a data set tables may choose besides the game's "
                                             "own: DIR (written by `lapilli data export`), or GAME=DIR, or GAME=NAME "
                                             "of a data set shipped with the game; repeatable"),
    smtp: Optional[str] = typer.Option(None, help="SMTP server for \"your turn\" e-mail: smtp://HOST:PORT, "
                                       "smtps://HOST:PORT, with user:password@ to sign in (or LAPILLI_SMTP; "
                                       "default: no e-mail)"),
    public_url: Optional[str] = typer.Option(None, help="the address the links in e-mail point to (default "
                                             "http://HOST:PORT, or LAPILLI_PUBLIC_URL)"),
    trusted_proxies: Optional[str] = typer.Option(None, help="reverse proxies whose X-Forwarded-For names the "
                                                  "client: comma-separated addresses or networks, e.g. 127.0.0.1 "
                                                  "(or LAPILLI_TRUSTED_PROXIES; default: none, the header is "
                                                  "ignored)"),
):
    """Run the web table: play in the browser with friends and computer opponents."""
    import uvicorn

    from .server.app import create_app
    from .server.config import Settings

    try:
        settings = Settings()
    except OSError as e:  # the default database's directory (LAPILLI_HOME) cannot be made
        _cannot_start(f"cannot create the directory {e.filename} for the database: {e.strerror or e}")
    if not settings.presence_heartbeat > 0:
        raise LapilliError(f"LAPILLI_PRESENCE_HEARTBEAT is {settings.presence_heartbeat:g}: give it a number of "
                           "seconds above 0 (default 20)")
    if database:
        settings.database_url = database
    if redis:
        settings.redis_url = redis
    if bot_workers is not None:
        settings.bot_workers = bot_workers
    if seat_grace is not None:
        settings.seat_grace = seat_grace
    if bot_pace is not None:
        settings.bot_pace = max(0.0, bot_pace)
    if smtp:
        settings.smtp_url = smtp
    if trusted_proxies is not None:
        settings.trusted_proxies = trusted_proxies
    proxies = _trusted_proxies(settings.trusted_proxies)
    if public_url:
        settings.public_url = public_url
    elif not os.environ.get("LAPILLI_PUBLIC_URL"):
        settings.public_url = f"http://{host}:{port}"
    if settings.smtp_url:
        from .server.notices import Mailer

        try:
            Mailer(settings.smtp_url, settings.mail_from, settings.public_url)
        except ValueError as e:
            raise typer.BadParameter(str(e), param_hint="--smtp") from None
    for item in data or []:
        from .engine.dataset import guess_game, load

        game, eq, where = item.partition("=")
        if not eq:
            game, where = guess_game(item), item
        settings.datasets.append(load(game.strip(), where.strip()))
        console.print(f"data set {settings.datasets[-1].name!r} of {game.strip()} ({settings.datasets[-1].hash[:12]})")
    _check_database(settings)
    console.print(f"Lapilli web table on http://{host}:{port}/  (database: {settings.database_url}; "
                  f"{settings.bot_workers} bot workers; seat grace {settings.seat_grace:g} s)")
    console.print(f"{_raise_descriptor_limit()}; at most {settings.max_sockets_per_address} WebSockets per client "
                  "address (LAPILLI_MAX_SOCKETS_PER_ADDRESS)", markup=False)
    if proxies:
        console.print(f"client addresses: as forwarded by {', '.join(proxies)} (X-Forwarded-For), else as connected",
                      markup=False)
    # uvicorn alone would believe X-Forwarded-For from 127.0.0.1 (FORWARDED_ALLOW_IPS): any local
    # client could claim any address; it is believed from the trusted proxies only, or not at all
    uvicorn.run(create_app(settings), host=host, port=port, log_level="warning",
                proxy_headers=bool(proxies), forwarded_allow_ips=proxies or None)


def _trusted_proxies(text: str) -> list[str]:
    """The addresses and networks of LAPILLI_TRUSTED_PROXIES / --trusted-proxies, checked: a
    mistyped one would otherwise be trusted as a name no peer ever has, silently."""
    import ipaddress

    out = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        if item == "*":
            raise typer.BadParameter("'*' would believe any client's X-Forwarded-For; name the proxies' addresses",
                                     param_hint="--trusted-proxies")
        try:
            ipaddress.ip_network(item) if "/" in item else ipaddress.ip_address(item)
        except ValueError:
            raise typer.BadParameter(f"{item!r} is not an IP address or network", param_hint="--trusted-proxies") from None
        out.append(item)
    return out


def _cannot_start(message: str) -> None:
    """A start-up problem of the server: one line on stderr, exit code 2."""
    err.print(f"[red]error:[/red] lapilli serve {escape(message)}", soft_wrap=True)
    raise SystemExit(2)


def _check_database(settings) -> None:
    """Before serving: the database opens, its schema is brought up to date and it takes a write
    (a read-only or immutable file, an unwritable directory, a full disk, failing migrations or a
    database that does not answer stop here, with one line that names the cause)."""
    from sqlalchemy import make_url

    from .server.store import Store, explain

    try:
        where = make_url(settings.database_url).render_as_string(hide_password=True)
    except Exception:
        _cannot_start(f"cannot use the database URL {settings.database_url!r}: not a database URL")
    quiet = logging.getLogger("lapilli.server")
    quiet.disabled = True  # the store's own log line of the failure: the one line below says it
    try:
        store = Store(settings.database_url)
        try:
            store.write_probe(settings.instance)
        finally:
            store.engine.dispose()
    except Exception as e:
        _cannot_start(f"cannot use the database {where}: {explain(e, settings.database_url)[1]}")
    finally:
        quiet.disabled = False


_COMMANDS = ("games", "play", "simulate", "tournament", "report", "replay", "serve", "verify", "data", "review")


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
    """The command-line parser's usage-error and abort classes: Click's, and those of the copy of
    Click that newer Typer releases carry."""
    usage, abort = [], []
    for module, names in (("click.exceptions", ("ClickException", "Abort")),
                          ("typer._click.exceptions", ("ClickException", "Abort")),
                          ("typer.exceptions", ("TyperException", "Abort"))):
        try:
            mod = __import__(module, fromlist=list(names))
        except ImportError:
            continue
        for bucket, name in zip((usage, abort), names):
            cls = getattr(mod, name, None)
            if isinstance(cls, type):
                bucket.append(cls)
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
