"""The commands that read a game's record: `lapilli review` (judge a seat's decisions),
`lapilli replay` (play it again as a seat read it) and `lapilli verify` (check a web-table game
was dealt fairly)."""
from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Optional

import typer

from ..engine import narration
from ..engine.registry import replay as replay_record
from .. import words
from .common import Abort, _check_lang, _dataset, _examples, _narrate, _show_result, console, err

commands = typer.Typer()


@commands.command(epilog=_examples('lapilli review game.json', 'lapilli review game.json --seat 1 --level normal --out review/'))
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

    from ..coach import output as coach_output
    from ..coach.review import review as run_review, seat_plies

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
@commands.command(epilog=_examples('lapilli replay game.json', 'lapilli replay game.json --steps --seat 0'))
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
        _show_result(final, lang)
    else:
        console.print(words.say("unfinished", lang, name=narration.seat_name(None, final.to_move, lang)), markup=False)


@commands.command()
def verify(
    file: Path = typer.Argument(..., help="the record of a finished web-table game (its Record link)"),
    commitment: Optional[str] = typer.Option(None, help="the commitment shown at the table, to check the record against"),
    digest: Optional[str] = typer.Option(None, help="the last digest of the actions shown at the table"),
):
    """Check that a web-table game was dealt fairly: its game, player count, options, data set,
    seeding, seat order, seed and salt give the commitment shown before the first move, its
    actions give the last digest shown, and every action replays from that seed to the recorded
    result."""
    from ..engine.fairness import NotVerified, record_fairness, verify_record

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
