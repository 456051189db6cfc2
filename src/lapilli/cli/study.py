"""The study commands: `lapilli simulate` (many seeded games between agents), `lapilli
tournament` (agents against each other, seats rotated) and `lapilli report` (a balance report
comparing variants)."""
from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Optional

import typer
from rich.table import Table

from .. import agents as agents_mod
from ..engine.registry import game_spec
from ..sim.local import MAX_PLIES
from .common import Abort, _dataset, _examples, _fmt, _parse_options, _resolve_players, _seats, console, err

commands = typer.Typer()

_MAX_PLIES_HELP = ("stop a game that has not ended after this many decisions and record it as not ended "
                   "(left out of win shares and scores; not a failure of the run)")


@commands.command(epilog=_examples('lapilli simulate stromboli --games 1000 --jobs 2', 'lapilli simulate eruption --players 4 --seats normal,random --games 200 --out results/eru.csv', 'lapilli simulate the-island --games 100000 --seats random --backend ray --resume'))
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
    max_plies: int = typer.Option(MAX_PLIES, "--max-plies", min=1, help=_MAX_PLIES_HELP),
):
    """Play many seeded games between agents; print a summary and write one row per game as
    the run goes (Parquet or CSV); --resume finishes an interrupted run.  Exits with 1 when a
    game crashed; games stopped by --max-plies are counted, not failures."""
    from ..sim import summarize

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
                           data=_dataset(game, data), trace=trace, max_plies=max_plies)
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
                  f"errors: {summary['errors']}; did not end: {summary['did_not_end']}; results: {out}")
    _report_failures(rows, max_plies)


def _report_failures(rows, max_plies: int) -> None:
    """Print the games that did not end (stopped by the cap: counted, the run goes on) and the
    games that crashed; exit with 1 only for crashes."""
    capped = [r for r in rows if r.did_not_end]
    if capped:
        err.print(f"[yellow]{len(capped)} games did not end within {max_plies} decisions and were stopped "
                  "(left out of win shares and scores): games "
                  + ", ".join(str(r.index) for r in capped[:10]) + (" ..." if len(capped) > 10 else "") + "[/yellow]")
    errors = [r for r in rows if r.crashed]
    for r in errors[:5]:
        err.print(f"[red]game {r.index} (seed {r.seed}) failed: {r.error}[/red]")
    if errors:
        raise Abort(f"{len(errors)} games failed", 1)


def _run_study(game, players, options, seat_names, games, seed, jobs, out, quiet, backend="local", address=None,
               fmt=None, resume=False, batch=500, batch_seconds=5.0, rotate=False, data=None, trace=True,
               max_plies=MAX_PLIES):
    """Run (or finish) a simulation on a backend, writing rows in batches; returns (all rows, games played now).
    ``data``: the DataSet the games are played with (None: the game's own data); ``max_plies``:
    the decisions after which a game that has not ended is stopped (kept in the run's metadata,
    not compared when resuming)."""
    import signal

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    from ..sim.backends import run_games
    from ..sim.local import WorkerDied
    from ..sim.output import OutputMismatch, ResultWriter, read_rows

    players, options = game_spec(game).resolve(players, options)
    for s in set(seat_names):
        agents_mod.make_agent(s, game=game)  # fail early on a bad agent name
    meta = {"game": game, "players": players, "options": options, "seats": list(seat_names), "seed": seed,
            "games": games, "rotate": rotate, "max_plies": max_plies}
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
                                 address=address, skip=done, rotate=rotate, data=data, trace=trace,
                                 max_plies=max_plies):
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
@commands.command(epilog=_examples('lapilli tournament kingdomino-origins --agents hard,normal --games 100 --jobs 2', 'lapilli tournament eruption --players 3 --agents normal,heuristic,random'))
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
    max_plies: int = typer.Option(MAX_PLIES, "--max-plies", min=1, help=_MAX_PLIES_HELP),
):
    """Agents against each other, seats rotated every game: win share with 95 % intervals,
    mean scores and Elo ratings."""
    from ..sim.tournament import elo, win_shares

    players = _resolve_players(game, players)
    names = agents_mod.split_agent_list(agents)
    if not names:
        raise Abort("--agents names no agent")
    lineup = [names[i % len(names)] for i in range(players)]
    if games % players:
        err.print(f"[yellow]note: {games} games is not a multiple of {players} seats; seats are not perfectly balanced[/yellow]")
    rows, _ = _run_study(game, players, _parse_options(option), lineup, games, seed, jobs, out, quiet, fmt="csv",
                         rotate=True, data=_dataset(game, data), trace=False, max_plies=max_plies)
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
    _report_failures(rows, max_plies)


# ---------------------------------------------------------------------------- report
@commands.command(epilog=_examples('lapilli report stromboli --games 500', 'lapilli report the-island --compare dolphins=true --games 300', 'lapilli report eruption --sensitivity --compare seats=random --games 400 --jobs 2', 'lapilli report stromboli --seats normal --games 200 --backend ray --jobs 2'))
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
    max_plies: int = typer.Option(MAX_PLIES, "--max-plies", min=1, help=_MAX_PLIES_HELP),
):
    """Balance report (Markdown + PNG plots): win rate by seat with 95 % intervals, scores, game
    length, endings and special events, compared across variants."""
    import shlex

    from ..report import Variant, parse_compare, write_report
    from ..sim.output import read_meta, read_rows

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
            results.append((Variant(label, p, opts, max_plies=meta.get("max_plies")), rows))
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
            from ..sim.backends import start_ray

            ray_started = start_ray(jobs, address)
        try:
            _report_variants(game, spec, variants, seats, games, seed, jobs, out, results_dir, quiet, backend, address,
                             resume, results_list, sources, data, max_plies)
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
    from ..engine.dataset import shipped_datasets
    from ..engine.errors import LapilliError
    from ..report import Variant

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
                     results, sources, data=None, max_plies=MAX_PLIES):
    names = variant_file_names([v.label for v in variants])
    for v, name in zip(variants, names):
        v.players, v.options = spec.resolve(v.players, v.options)
        seat_names = _seats(v.seats or seats, v.players, default_first="heuristic", default_rest="heuristic")
        data_file = (results_dir or out / "data") / name
        if not quiet:
            err.print(f"[bold]{v.label}[/bold]: {v.players} players, options {v.options}, seats {', '.join(seat_names)}")
        rows, _ = _run_study(game, v.players, v.options, seat_names, v.games or games, seed, jobs, data_file, quiet,
                             backend=backend, address=address, resume=resume, data=_dataset(game, v.data or data),
                             max_plies=max_plies)
        v.max_plies = max_plies
        results.append((v, rows))
        sources.append(os.path.relpath(data_file, out))


def variant_file_names(labels: list[str]) -> list[str]:
    """The results file of each variant, named after its label (``baseline.parquet``,
    ``players=3.parquet``, ``seats=random.parquet``), so that a report run again with variants
    added, removed or reordered finds each variant's games under the same name (``--resume``);
    a label given twice gets ``-2``, ``-3`` after its name."""
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        name = re.sub(r"[^A-Za-z0-9._=,+-]+", "_", label.replace(", ", ",")).strip("._") or "variant"
        seen[name] = seen.get(name, 0) + 1
        out.append(f"{name}.parquet" if seen[name] == 1 else f"{name}-{seen[name]}.parquet")
    return out


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
        if args.get("max_plies") not in (None, MAX_PLIES):
            out += ["--max-plies", str(args["max_plies"])]
    if args.get("out"):
        out += ["--out", str(args["out"])]
    if args.get("results") and not args.get("from_files"):
        out += ["--results", str(args["results"])]
    if args.get("data") and not args.get("from_files"):
        out += ["--data", str(args["data"])]
    return out
