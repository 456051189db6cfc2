"""`lapilli play`: a game in the terminal against computer opponents, or hot-seat.

``new_game`` and ``_narrate`` are looked up on the ``lapilli.cli`` package at each call, so that
whoever replaces them there (a test recording the game the command plays) replaces them here."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Optional

import typer
from rich.markup import escape

from .. import agents as agents_mod
from .. import cli as package
from .. import words
from ..engine import narration
from ..engine.errors import IllegalAction
from .common import Abort, _check_lang, _dataset, _examples, _parse_options, _resolve_players, _seats, _show_result, console, err

commands = typer.Typer()


HELP_TEXT = words.TERMINAL["help"]["en"]


@commands.command(epilog=_examples('lapilli play the-island', 'lapilli play eruption --seats human,normal', 'lapilli play kingdomino-origins --players 3 --seats human,hard,easy --save game.json', 'lapilli play the-island -o giant_squid=true --seed 7', 'lapilli play stromboli --data mine/'))
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
    state = package.new_game(game, players, seed, _parse_options(option), data=ds)
    bots = {i: agents_mod.make_agent(s, seed=seed * 31 + i, game=game, players=players) for i, s in enumerate(seat_names) if s != "human"}
    humans = [i for i, s in enumerate(seat_names) if s == "human"]
    say = lambda key, **params: words.say(key, lang, **params)  # noqa: E731  every sentence in the chosen language
    console.print(f"[bold]{escape(state.SPEC.title)}[/bold] - "
                  + escape(say("title", players=players, seed=seed, options=state.options)))
    # each seat named as at the web table: its colour, a computer with its level
    names = lambda: [narration.seat_label(state, i, lang, agent="" if s == "human" else s) for i, s in enumerate(seat_names)]  # noqa: E731
    console.print(say("seats", names=", ".join(names())), markup=False)
    console.print(say("data_set", name=state.dataset.name, hash=state.dataset.hash[:12]), markup=False)
    console.print(say("help"), markup=False)
    # what the terminal tells of each act is what the person at it may read (one human seat);
    # with several people at one screen, or none, it tells what a spectator may read
    viewer = humans[0] if len(humans) == 1 else None
    package._narrate(state, None, None, state.setup_events, viewer, names(), lang)
    last_shown = None
    try:
        while not state.is_terminal:
            seat = state.to_move
            if seat in bots:
                action = bots[seat].choose(agents_mod.Decision(state, seat))
                events = state.apply(action)
                package._narrate(state, seat, state.history[-1], events, viewer, names(), lang)
                continue
            if last_shown != (len(state.history), seat):
                console.print(state.render(seat if humans else viewer, names(), lang), markup=False, soft_wrap=True)
                last_shown = (len(state.history), seat)
            legal = state.legal_actions()
            preview = ", ".join(legal[:12]) + (say("more", n=len(legal)) if len(legal) > 12 else "")
            console.print(f"[bold]{escape(names()[seat])}[/bold], " + escape(say("prompt", preview=preview)))
            try:
                text = console.input("> ").strip()
            except EOFError:
                text = "quit"
            if not text:
                continue
            if text in ("quit", "exit"):
                _save_record(state, save, quitting=True, lang=lang)
                console.print(say("left"))
                return
            if text in ("list", "?", "help"):
                console.print(say("help"), markup=False)
                console.print("\n".join(legal), markup=False)
                continue
            if text == "board":
                last_shown = None
                continue
            # not "save FILE": L'Isola dei Vulcani has a move "save SPACE"
            if text.startswith("save-record "):
                _save_record(state, Path(text[len("save-record "):].strip()), lang=lang)
                continue
            try:
                events = state.apply(text)
            except IllegalAction as e:
                console.print(f"[red]{escape(say('refused', rule=say('notation_rule') if e.rule == 'notation' else e.rule))}[/red] {escape(words.refusal(e, lang))}")
                continue
            package._narrate(state, seat, state.history[-1], events, seat, names(), lang)
    except KeyboardInterrupt:
        _save_record(state, save, quitting=True, lang=lang)
        raise Abort("interrupted", 130)
    console.print(state.render(viewer, names(), lang), markup=False, soft_wrap=True)
    _show_result(state, lang)
    _save_record(state, save, lang=lang)


def _save_record(state, path: Optional[Path], quitting: bool = False, lang: str = "en") -> None:
    if path is None:
        return
    try:
        path.write_text(json.dumps(state.to_record(), indent=1))
    except OSError as e:
        err.print(f"[red]could not write {path}: {e}[/red]")
        return
    console.print(words.say("saved_unfinished" if quitting else "saved", lang, path=path), markup=False)
