"""The `lapilli` command, driven through its entry point (no subprocess needed)."""
import csv
import json

import pytest

from lapilli.cli import main
from lapilli.engine import register

register("toy", "tests.engine.toy_game")


def test_games_lists_installed_games(capsys):
    assert main(["games"]) == 0
    assert "toy" in capsys.readouterr().out


def test_unknown_game_is_a_clear_error_not_a_traceback(capsys):
    assert main(["play", "chess"]) == 2
    err = capsys.readouterr().err
    assert "unknown game 'chess'" in err and "Traceback" not in err


@pytest.mark.parametrize("argv, text", [
    (["play", "toy", "--players", "7"], "2 to 3 players, not 7"),
    (["play", "toy", "--option", "colour=red"], "no option 'colour'"),
    (["play", "toy", "--option", "double=maybe"], "cannot be 'maybe'"),
    (["play", "toy", "--option", "double"], "must look like key=value"),
    (["simulate", "toy", "--seats", "random,wizard"], "unknown agent 'wizard'"),
    (["simulate", "toy", "--seats", "random,random,random", "--players", "2"], "names 3 seats"),
])
def test_bad_input_exits_non_zero_with_message(capsys, argv, text):
    assert main(argv) != 0
    assert text in capsys.readouterr().err


def test_play_reprompts_after_bad_entries_and_saves_record(monkeypatch, tmp_path, capsys):
    answers = iter(["play 99", "nonsense", "list"])
    from lapilli import cli

    screens = []

    def scripted(prompt=""):
        try:
            return next(answers)
        except StopIteration:
            pass
        out = capsys.readouterr().out
        screens.append(out)
        line = [ln for ln in out.splitlines() if "Legal:" in ln][-1]
        return line.split("Legal: ")[1].split(",")[0].strip()

    monkeypatch.setattr(cli.console, "input", scripted)
    rec = tmp_path / "game.json"
    assert main(["play", "toy", "--seed", "3", "--seats", "human,random", "--save", str(rec)]) == 0
    seen = "".join(screens)
    assert "Not allowed (TOY-1.1)" in seen
    assert "Not allowed (notation)" in seen
    record = json.loads(rec.read_text())
    assert record["result"]["winners"]
    assert main(["replay", str(rec)]) == 0
    assert "Result" in capsys.readouterr().out


def test_play_end_of_input_quits_cleanly(monkeypatch, capsys):
    from lapilli import cli

    def eof(prompt=""):
        raise EOFError
    monkeypatch.setattr(cli.console, "input", eof)
    assert main(["play", "toy", "--seed", "1"]) == 0
    assert "left before the end" in capsys.readouterr().out


def test_quit_exits_zero_after_saving_the_unfinished_record(monkeypatch, tmp_path, capsys):
    from lapilli import cli

    monkeypatch.setattr(cli.console, "input", lambda prompt="": "quit")
    rec = tmp_path / "left.json"
    assert main(["play", "toy", "--seed", "1", "--save", str(rec)]) == 0
    out = capsys.readouterr().out
    assert "unfinished game" in out and "left before the end" in out
    record = json.loads(rec.read_text())
    assert record["game"] == "toy" and "result" not in record


@pytest.mark.parametrize("argv, text", [
    (["simulate", "toy", "--games", "0"], "--games"),
    (["play"], "Missing argument 'game'"),
    (["play", "toy", "--players", "two"], "--players"),
    (["simulate", "toy", "--no-such-flag"], "No such option: --no-such-flag"),
    (["no-such-command"], "No such command 'no-such-command'"),
])
def test_usage_errors_are_one_line_with_the_fix(capsys, argv, text):
    assert main(argv) == 2
    captured = capsys.readouterr()
    lines = [line for line in captured.err.splitlines() if line.strip()]
    assert len(lines) == 1, captured.err
    assert text in lines[0] and "--help" in lines[0]
    assert "Traceback" not in captured.err + captured.out


def test_seats_imply_the_player_count(monkeypatch, capsys):
    from lapilli import cli

    monkeypatch.setattr(cli.console, "input", lambda prompt="": "quit")
    # the toy game's usual count is 2: naming three seats makes it a 3-player game
    assert main(["play", "toy", "--seed", "1", "--seats", "human,random,random"]) == 0
    out = capsys.readouterr().out
    assert "3 players" in out
    assert main(["play", "toy", "--seed", "1", "--seats", "human"]) == 0
    assert "2 players" in capsys.readouterr().out


@pytest.mark.parametrize("command", ["games", "play", "simulate", "tournament", "report", "replay", "serve"])
def test_every_command_has_help_with_examples(capsys, command):
    assert main([command, "--help"]) == 0
    out = capsys.readouterr().out
    assert "Examples" in out and f"lapilli {command}" in out


def test_serve_refuses_a_presence_heartbeat_that_is_not_above_zero(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LAPILLI_PRESENCE_HEARTBEAT", "0")
    monkeypatch.setenv("LAPILLI_HOME", str(tmp_path))
    assert main(["serve", "--database", f"sqlite:///{tmp_path / 'x.db'}"]) == 2
    err = capsys.readouterr().err
    assert "LAPILLI_PRESENCE_HEARTBEAT is 0: give it a number of seconds above 0" in " ".join(err.split())


def test_simulate_writes_csv_and_is_reproducible_across_jobs(tmp_path, capsys):
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    assert main(["simulate", "toy", "-n", "40", "--seed", "5", "--out", str(a), "--quiet"]) == 0
    assert main(["simulate", "toy", "-n", "40", "--seed", "5", "--jobs", "2", "--out", str(b), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "win share" in out
    ra = sorted((r for r in csv.DictReader(a.open())), key=lambda r: int(r["index"]))
    rb = sorted((r for r in csv.DictReader(b.open())), key=lambda r: int(r["index"]))
    assert len(ra) == 40
    def strip(rows):
        return [{k: v for k, v in r.items() if k != "seconds"} for r in rows]
    assert strip(ra) == strip(rb)


@pytest.mark.parametrize("content, text", [
    ("{broken", "not valid JSON"),
    ('{"format": "something-else"}', "not a Lapilli record"),
    ('{"format": "lapilli-record", "version": 1, "game": "toy", "players": 2, "seed": 1, "actions": ["play 42"]}',
     "action 1"),
])
def test_replay_of_corrupted_record_is_a_clear_error(tmp_path, capsys, content, text):
    f = tmp_path / "bad.json"
    f.write_text(content)
    assert main(["replay", str(f)]) == 2
    err = capsys.readouterr().err
    assert text in err and "Traceback" not in err


def test_replay_missing_file(capsys, tmp_path):
    assert main(["replay", str(tmp_path / "nope.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_tournament_rotates_seats_and_writes_csv(tmp_path, capsys):
    register("nim", "tests.engine.nim_game")
    out = tmp_path / "t.csv"
    assert main(["tournament", "nim", "--agents", "mcts:iterations=50,c=0.7,random", "-n", "6", "--quiet",
                 "--out", str(out)]) == 0
    assert "Elo" in capsys.readouterr().out
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 6
    assert sorted(r["agent_0"] for r in rows).count("random") == 3  # each agent sat in seat 0 three times


def test_save_record_command_and_a_save_move_do_not_collide(monkeypatch, tmp_path, capsys):
    """'save-record FILE' writes the record so far; 'save X' is left to the game (L'Isola dei
    Vulcani's move during an eruption), here refused as a move, and writes no file."""
    from lapilli import cli

    mid = tmp_path / "mid.json"
    answers = iter([f"save-record {mid}", "save F4a", "quit"])
    monkeypatch.setattr(cli.console, "input", lambda prompt="": next(answers))
    monkeypatch.chdir(tmp_path)
    assert main(["play", "isola-dei-vulcani", "--seed", "3", "--seats", "human,random"]) == 0
    out = capsys.readouterr().out
    assert json.loads(mid.read_text())["game"] == "isola-dei-vulcani"
    assert "Not allowed" in out and not (tmp_path / "F4a").exists()


@pytest.mark.parametrize("lang, computer, person", [("en", "Red (computer, random)", "Blue"),
                                                    ("it", "Rosso (computer, casuale)", "Blu")])
def test_play_names_seats_as_the_web_table_does(monkeypatch, capsys, lang, computer, person):
    """The terminal names each seat as the table does (narration.seat_label): its colour, a
    computer with its level; never "Player N" or "Seat N"."""
    from lapilli import cli

    monkeypatch.setattr(cli.console, "input", lambda prompt="": "quit")
    # The Island: the computer (first seat) places an explorer before the person is asked
    assert main(["play", "the-island", "--seed", "2", "--seats", "random,human", "--lang", lang]) == 0
    out = capsys.readouterr().out
    seats, move, data = {"en": ("Seats:", "your move", "Data set"), "it": ("Posti:", "tocca a te", "Dati dei componenti")}[lang]
    assert f"{seats} {computer}, {person}" in out
    assert f"{person}, {move}" in out
    assert computer in out.split(seats)[1].split(move)[0].split(data)[1]  # its placement, by name
    assert "Player 1" not in out and "Giocatore 1" not in out and "Seat 0" not in out


@pytest.mark.parametrize("game", ["eruption", "isola-dei-vulcani", "kingdomino-origins", "stromboli", "the-island"])
@pytest.mark.parametrize("lang", ["en", "it"])
def test_play_picture_names_the_seat_to_move_as_the_prompt_does(monkeypatch, capsys, game, lang):
    """The board picture `lapilli play` prints before a person's move is the game's picture in
    --lang with the labels of the prompts: the person's seat by the name its prompt calls it, marked
    as theirs, and a computer by its full label ("Red (computer, random)")."""
    from lapilli import cli
    from lapilli.engine import narration

    holder = {}
    real_new_game = cli.new_game

    def new_game(*a, **k):
        holder["state"] = real_new_game(*a, **k)
        return holder["state"]

    seen = []

    def answer(prompt=""):
        st = holder["state"]
        labels = [narration.seat_label(st, s, lang, agent="random" if s == 1 else "") for s in range(2)]
        seen.append((capsys.readouterr().out, st.render(st.to_move, labels, lang), labels, st.to_move))
        return "quit"

    monkeypatch.setattr(cli, "new_game", new_game)
    monkeypatch.setattr(cli.console, "input", answer)
    assert main(["play", game, "--players", "2", "--seats", "human,random", "--seed", "4", "--lang", lang]) == 0
    out, picture, labels, seat = seen[0]
    assert seat == 0 and picture in out                      # the picture, as render draws it with these labels
    move = {"en": "your move", "it": "tocca a te"}[lang]
    prompt = [line for line in out.splitlines() if move in line][-1]
    assert prompt.startswith(f"{labels[0]}, {move}")      # the prompt names the seat by the same label
    assert labels[0] + {"en": " (you", "it": " (tu"}[lang] in picture
    assert labels[1] in picture and ("(computer, random)" if lang == "en" else "(computer, casuale)") in labels[1]
    assert picture != holder["state"].render(0, None, "it" if lang == "en" else "en")   # in --lang


def test_every_play_example_of_the_help_starts_a_game(monkeypatch, tmp_path, capsys):
    """Each `lapilli play` example that --help prints starts its game (and quits at once)."""
    import shlex

    from lapilli import cli

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(cli.console, "input", lambda prompt="": "quit")
    epilog = next(c.epilog for c in cli.app.registered_commands if c.callback is cli.play)
    examples = [line.strip() for line in epilog.splitlines() if line.strip().startswith("lapilli play ")]
    assert len(examples) >= 3
    for example in examples:
        argv = shlex.split(example)[1:]
        if "--data" in argv:  # the example's own folder, as `lapilli data export` writes it
            game, folder = argv[1], argv[argv.index("--data") + 1]
            assert main(["data", "export", game, folder]) == 0
        capsys.readouterr()
        assert main(argv) == 0, f"{example}: {capsys.readouterr().err}"


def test_games_shows_every_option_value_in_80_columns(monkeypatch, capsys):
    """`lapilli games` in a terminal 80 columns wide shows every option whole."""
    from rich.console import Console

    from lapilli import cli
    from lapilli.engine.registry import game_spec, list_games

    monkeypatch.setattr(cli, "console", Console(width=80, force_terminal=False))
    assert main(["games"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert all(len(line) <= 80 and "…" not in line for line in lines)
    for gid in list_games():
        spec = game_spec(gid)
        start = next(i for i, line in enumerate(lines) if line.startswith(f"{gid}  {spec.title}, "))
        block = lines[start + 1:start + 1 + len(spec.options)]
        for name, option in spec.options.items():
            shown = next(line.split("=", 1)[1] for line in block if line.strip().startswith(f"{name}="))
            assert shown.split("|") == [cli._fmt(v) for v in [option.default]
                                        + [x for x in option.values if x != option.default]], (gid, name)
