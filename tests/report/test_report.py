"""Balance reports: numbers, plots and the `lapilli report` command."""
import math

import pytest

from lapilli.cli import main
from lapilli.engine import register
from lapilli.report import Variant, analyse, parse_compare, write_report
from lapilli.sim import simulate
from lapilli.sim.local import GameRow

register("toy", "tests.engine.toy_game")
register("nim", "tests.engine.nim_game")
register("nim-stats", "tests.report.stats_game")


def row(i, winners, scores, stats=None, error=""):
    return GameRow(i, i, 2, scores, winners, 10 + i, 0.001, stats or {}, error, ["random", "random"])


def test_analyse_win_shares_ties_and_intervals():
    rows = [row(0, [0], [3, 1]), row(1, [0, 1], [2, 2]), row(2, [1], [0, 5]), row(3, [0], [4, 0]),
            row(4, [], [], error="Boom: x")]
    a = analyse(rows, 2)
    assert a["games"] == 5 and a["errors"] == 1
    assert a["seats"][0]["win_share"] == pytest.approx((1 + 0.5 + 0 + 1) / 4)
    assert a["seats"][1]["win_share"] == pytest.approx((0 + 0.5 + 1 + 0) / 4)
    xs = [1, 0.5, 0, 1]
    m = sum(xs) / 4
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / 3)
    assert a["seats"][0]["ci95"] == pytest.approx(1.959964 * sd / 2, rel=1e-5)
    assert a["ties"] == pytest.approx(0.25)
    assert a["plies_median"] == pytest.approx(11.5)
    assert a["seats"][1]["score_max"] == 5


def test_analyse_stats_numbers_and_categories():
    rows = [row(0, [0], [1, 0], {"ending": "volcano", "squid": 2}), row(1, [1], [0, 1], {"ending": "boats", "squid": 0}),
            row(2, [1], [0, 1], {"ending": "volcano"})]
    a = analyse(rows, 2)
    assert a["categorical"]["ending"] == {"volcano": pytest.approx(2 / 3), "boats": pytest.approx(1 / 3)}
    assert a["numeric"]["squid"]["share"] == pytest.approx(1 / 3)
    assert a["numeric"]["squid"]["mean"] == pytest.approx(2 / 3)


def test_parse_compare():
    vs = parse_compare(["pile=10", "players=3,pile=21"], 2, {"pile": "15"})
    assert [(v.label, v.players, v.options) for v in vs] == [
        ("baseline", 2, {"pile": "15"}), ("pile=10", 2, {"pile": "10"}), ("players=3, pile=21", 3, {"pile": "21"})]
    with pytest.raises(ValueError):
        parse_compare(["pile"], 2, {})


def test_write_report_makes_markdown_and_plots(tmp_path):
    a = list(simulate("nim-stats", 2, {"pile": 10}, ["random"] * 2, 100, seed=1))
    b = list(simulate("nim-stats", 3, {"pile": 21}, ["random"] * 3, 100, seed=1))
    path = write_report("nim-stats", [(Variant("small", 2, {"pile": 10}), a), (Variant("big", 3, {"pile": 21}), b)],
                        tmp_path / "rep", title="Nim with stats", command="lapilli report nim-stats ...")
    text = path.read_text()
    for png in ("winrate.png", "scores.png", "length.png", "events.png"):
        assert (tmp_path / "rep" / png).stat().st_size > 5000
        assert f"({png})" in text
    for heading in ("Win rate by seat", "Score distributions", "Game length", "Endings and special events"):
        assert heading in text
    assert "lapilli report nim-stats ..." in text
    assert "take three" in text and "threes" in text and "first_took_one" in text
    assert "| small | 0.500 |" in text and "| big | 0.333 |" in text


def test_report_command_simulates_variants_then_reads_them_back(tmp_path, capsys):
    out = tmp_path / "rep"
    assert main(["report", "nim-stats", "--games", "120", "--compare", "pile=21", "--compare", "players=3",
                 "--out", str(out), "--quiet"]) == 0
    text = (out / "report.md").read_text()
    assert "| pile=21 | 2 | pile=21 | 120 | 0 |" in text
    assert "| players=3 | 3 | defaults | 120 | 0 |" in text
    assert "lapilli report nim-stats --compare pile=21 --compare players=3 --games 120" in text
    data = sorted((out / "data").iterdir())
    assert len(data) == 3
    again = tmp_path / "again"
    assert main(["report", "nim-stats", "--from", str(data[0]), "--from", str(data[2]), "--out", str(again)]) == 0
    text2 = (again / "report.md").read_text()
    assert [d.name for d in data] == ["baseline.parquet", "pile=21.parquet", "players=3.parquet"]
    assert "| baseline | 2 | defaults | 120 |" in text2 and "| players=3 | 3 | defaults | 120 |" in text2


def test_report_game_without_stats_and_bad_input(tmp_path, capsys):
    assert main(["report", "toy", "--games", "30", "--out", str(tmp_path / "t"), "--results", str(tmp_path / "d"),
                 "--quiet"]) == 0
    assert (tmp_path / "d" / "baseline.parquet" / "_run.json").exists()
    assert "reports no per-game statistics" in (tmp_path / "t" / "report.md").read_text()
    assert main(["report", "toy", "--compare", "double", "--out", str(tmp_path / "u"), "--quiet"]) == 2
    assert main(["report", "toy", "--compare", "colour=red", "--out", str(tmp_path / "u"), "--quiet"]) == 2
    assert main(["report", "toy", "--from", str(tmp_path / "missing.parquet")]) == 2
    assert main(["report", "toy", "--backend", "mpi", "--out", str(tmp_path / "u")]) == 2
    err = capsys.readouterr().err
    assert "key=value" in err and "no option 'colour'" in err and "cannot read" in err and "unknown backend" in err


def test_a_report_run_again_with_other_variants_resumes_each_variant_by_its_name(tmp_path):
    """Each variant's games are kept under its label's name: run again with a variant removed and
    another added, ``--resume`` plays only the new one and keeps the others' games."""
    from lapilli.cli.study import variant_file_names
    from lapilli.sim.output import read_rows

    d = tmp_path / "d"
    first = ["report", "toy", "--games", "12", "--seats", "random", "--compare", "double=true", "--compare",
             "players=3", "--out", str(tmp_path / "a"), "--results", str(d), "--quiet"]
    assert main(first) == 0
    def parts(name):
        return sorted((f.name, f.stat().st_mtime_ns) for f in (d / name).glob("part-*"))

    kept = {name: parts(name) for name in ("baseline.parquet", "players=3.parquet")}
    again = ["report", "toy", "--games", "12", "--seats", "random", "--compare", "players=3", "--compare",
             "seats=heuristic", "--out", str(tmp_path / "b"), "--results", str(d), "--resume", "--quiet"]
    assert main(again) == 0
    assert {name: parts(name) for name in kept} == kept and all(kept.values())
    assert len(read_rows(d / "seats=heuristic.parquet")) == 12
    assert "| players=3 | 3 | defaults | 12 |" in (tmp_path / "b" / "report.md").read_text()
    assert variant_file_names(["baseline", "seats=normal:time_limit=0, games=5", "x", "x"]) == [
        "baseline.parquet", "seats=normal_time_limit=0,games=5.parquet", "x.parquet", "x-2.parquet"]


def test_wilson_interval():
    from lapilli.report import wilson  # the simulator's: wilson(share, games)

    lo, hi = wilson(0.0, 100)
    assert lo < 1e-12 and 0.03 < hi < 0.04
    lo, hi = wilson(0.5, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)


@pytest.mark.slow  # starts Ray; the local worker processes, which it must match, are tested fast
def test_report_on_ray(tmp_path, local_ray):
    out = tmp_path / "r"
    assert main(["report", "nim", "--games", "20", "--compare", "pile=10", "--backend", "ray", "--jobs", "1",
                 "--out", str(out), "--quiet"]) == 0
    assert "| pile=10 | 2 | pile=10 | 20 | 0 |" in (out / "report.md").read_text()


# ---------------------------------------------------------------------------- games that did not end
def test_analyse_counts_games_that_did_not_end_apart_from_crashes():
    rows = [row(0, [0], [3, 1]), row(1, [1], [0, 5]), row(2, [], [], error="Boom: x"),
            row(3, [], [], error="GameDidNotEnd: game did not end within 5000 decisions"),
            row(4, [], [], error="RuntimeError: game did not end within 1000000 decisions")]
    a = analyse(rows, 2)
    assert (a["games"], a["errors"], a["did_not_end"]) == (5, 1, 2)
    assert a["seats"][0]["win_share"] == pytest.approx(0.5)  # over the two games that ended
    assert a["plies"] == [10.0, 11.0]
    assert a["error_samples"] == ["game 2 (seed 2): Boom: x"]
    assert a["did_not_end_samples"] == ["game 3 (seed 3)", "game 4 (seed 4)"]


@pytest.mark.usefixtures("loop_game")
def test_report_shows_the_games_that_did_not_end(tmp_path):
    from lapilli.sim.output import read_meta

    out = tmp_path / "rep"
    assert main(["report", "loop", "--games", "4", "--seats", "random", "-o", "end_after=6", "--compare", "end_after=0",
                 "--compare", "crash_at=3", "--max-plies", "8", "--out", str(out), "--quiet"]) == 0
    text = (out / "report.md").read_text()
    assert "| variant | players | options | games | errors | did not end | seats | mean time per game |" in text
    assert "| baseline | 2 | end_after=6 | 4 | 0 | 0 |" in text
    assert "| end_after=0 | 2 | defaults | 4 | 0 | 4 |" in text
    assert "| crash_at=3 | 2 | crash_at=3, end_after=6 | 4 | 4 | 0 |" in text
    assert ("A game still going after 8 decisions was stopped (`--max-plies`) and counted as a game that did not end"
            in text)
    assert "Games that did not end: baseline 0, end_after=0 4, crash_at=3 0." in text
    assert "--max-plies 8" in text.split("```")[1]  # the command that made the report
    section = text.split("## Errors and games that did not end", 1)[1]
    crashed, capped = section.split("Games stopped by the decision cap before they ended:")
    assert "- crash_at=3: 4 games failed; e.g. game 0 (seed 0): ValueError: the disc broke" in crashed
    assert "end_after=0" not in crashed
    assert "- end_after=0: 4 games did not end within 8 decisions; e.g. game 0 (seed 0)" in capped
    assert "crash_at=3" not in capped
    assert read_meta(out / "data" / "end_after=0.parquet")["max_plies"] == 8
    # read back: the cap comes from the files' set-up
    again = tmp_path / "again"
    assert main(["report", "loop", "--from", str(out / "data" / "baseline.parquet"),
                 "--from", str(out / "data" / "end_after=0.parquet"), "--out", str(again)]) == 0
    text2 = (again / "report.md").read_text()
    assert "after 8 decisions was stopped" in text2 and "Games that did not end: baseline 0, end_after=0 4." in text2


def test_report_from_games_written_with_the_old_cap(tmp_path):
    """Games whose set-up recorded no cap: a game stopped by play_game's old cap of 1,000,000
    decisions is shown as a game that did not end, with the cap its message states."""
    rows = [row(0, [0], [3, 1]), row(1, [], [], error="RuntimeError: game did not end within 1000000 decisions"),
            row(2, [], [], error="RuntimeError: the volcano fell over")]
    text = write_report("nim", [(Variant("max_rounds=off", 2, {}), rows)], tmp_path / "old").read_text()
    assert "| max_rounds=off | 2 | defaults | 3 | 1 | 1 |" in text
    assert "A game still going after 1,000,000 decisions was stopped" in text
    assert "Games that did not end: max_rounds=off 1." in text
    assert "- max_rounds=off: 1 games did not end within 1,000,000 decisions; e.g. game 1 (seed 1)" in text
    assert "- max_rounds=off: 1 games failed; e.g. game 2 (seed 2): RuntimeError: the volcano fell over" in text
