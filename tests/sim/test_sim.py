"""Simulation backends, batched output and resuming."""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lapilli.cli import main
from lapilli.sim import read_rows, run_games, simulate
from lapilli.sim.output import OutputMismatch, ResultWriter, finished_indices
from tests.tiers import first_fast

ROOT = Path(__file__).resolve().parents[2]


def key(rows):
    return sorted((r.index, r.seed, tuple(r.scores), tuple(r.winners), r.plies, json.dumps(r.stats, sort_keys=True),
                   tuple(r.lineup), r.error) for r in rows)


def test_local_backend_same_results_for_any_number_of_workers():
    one = list(run_games("toy", 3, {}, ["random"] * 3, 60, seed=11, jobs=1))
    two = list(run_games("toy", 3, {}, ["random"] * 3, 60, seed=11, jobs=2))
    assert key(one) == key(two) and len(one) == 60


@pytest.mark.slow  # starts Ray; the local worker processes, which it must match, are tested fast
def test_ray_backend_gives_the_same_results_as_local_processes(local_ray):
    seats = ["random", "mcts:iterations=8"]
    local = list(run_games("toy", 2, {"double": True}, seats, 24, seed=7, jobs=2))
    ray_rows = list(run_games("toy", 2, {"double": True}, seats, 24, seed=7, jobs=2, backend="ray", chunk=3))
    assert key(local) == key(ray_rows)
    assert {r.index for r in ray_rows} == set(range(24))


@pytest.mark.slow  # starts Ray; the local worker processes, which it must match, are tested fast
def test_ray_backend_skips_finished_games(local_ray):
    rows = list(run_games("nim", 2, {}, ["random", "random"], 30, seed=1, backend="ray", skip=range(0, 30, 2)))
    assert sorted(r.index for r in rows) == list(range(1, 30, 2))


def test_unknown_backend():
    with pytest.raises(ValueError, match="unknown backend"):
        list(run_games("nim", 2, {}, ["random"] * 2, 3, backend="mpi"))


@pytest.mark.parametrize("fmt", ["parquet", "csv"])
def test_writer_batches_and_reads_back(tmp_path, fmt):
    rows = list(simulate("toy", 2, {}, ["random", "random"], 25, seed=3))
    out = tmp_path / f"run.{fmt}"
    with ResultWriter(out, 2, fmt, meta={"game": "toy"}, batch_rows=10, batch_seconds=1e9) as w:
        for r in rows[:15]:
            w.add(r)
        assert finished_indices(out, fmt) == set(range(10))  # one batch on disk, five rows in memory
        for r in rows[15:]:
            w.add(r)
    assert key(read_rows(out, fmt)) == key(rows)
    if fmt == "parquet":
        assert len(list(out.glob("part-*.parquet"))) == 3
        import pyarrow.parquet as pq

        table = pq.read_table(out)
        assert table.num_rows == 25 and "stats" in table.column_names and "score_1" in table.column_names


def test_writer_batches_by_time(tmp_path):
    rows = list(simulate("nim", 2, {}, ["random", "random"], 3, seed=0))
    out = tmp_path / "t.parquet"
    w = ResultWriter(out, 2, batch_rows=1000, batch_seconds=0.0)
    w.add(rows[0])
    assert finished_indices(out) == {0}
    w.close()


def test_csv_torn_last_line_is_cut_on_resume(tmp_path):
    rows = list(simulate("nim", 2, {}, ["random", "random"], 6, seed=0))
    out = tmp_path / "x.csv"
    with ResultWriter(out, 2, meta={"game": "nim"}) as w:
        for r in rows[:4]:
            w.add(r)
    with out.open("a") as fh:
        fh.write("4,4,2,7,0.1,,0,1.0")  # a crash in the middle of a line
    w = ResultWriter(out, 2, meta={"game": "nim"}, resume=True)
    assert w.done == {0, 1, 2, 3}
    for r in rows[4:]:
        w.add(r)
    w.close()
    assert [r.index for r in read_rows(out)] == list(range(6))


def test_csv_written_before_the_parts_and_trace_columns_resumes_in_its_own_columns(tmp_path):
    import csv

    rows = list(simulate("nim", 2, {}, ["random", "random"], 6, seed=0))
    out = tmp_path / "old.csv"
    with ResultWriter(out, 2, meta={"game": "nim"}) as w:
        for r in rows[:3]:
            w.add(r)
    with out.open(newline="") as fh:
        table = [line[:-2] for line in csv.reader(fh)]  # drop the parts and trace columns
    assert table[0][-1] == "stats"
    with out.open("w", newline="") as fh:
        csv.writer(fh).writerows(table)
    with ResultWriter(out, 2, meta={"game": "nim"}, resume=True) as w:
        for r in rows[3:]:
            w.add(r)
    records = list(csv.DictReader(out.open()))
    assert all(None not in rec for rec in records)  # no row longer than the header
    back = read_rows(out)
    assert [(r.index, r.scores, r.winners) for r in back] == [(r.index, r.scores, r.winners) for r in rows]


def test_resume_refuses_another_setup(tmp_path):
    out = tmp_path / "r.parquet"
    ResultWriter(out, 2, meta={"game": "nim", "seed": 1}).close()
    with pytest.raises(OutputMismatch, match="seed"):
        ResultWriter(out, 2, meta={"game": "nim", "seed": 2}, resume=True)


def test_stats_survive_the_round_trip(tmp_path):
    from lapilli.sim.local import GameRow

    row = GameRow(0, 5, 2, [3, 4.5], [1], 12, 0.01, {"ending": "volcano", "squid": 2}, "", ["random", "mcts"])
    out = tmp_path / "s.parquet"
    with ResultWriter(out, 2) as w:
        w.add(row)
    back = read_rows(out)[0]
    assert back.stats == {"ending": "volcano", "squid": 2} and back.scores == [3, 4.5] and back.winners == [1]


def test_cli_simulate_parquet_then_resume_more_games(tmp_path, capsys):
    out = tmp_path / "sim.parquet"
    assert main(["simulate", "nim", "-n", "30", "--seed", "4", "--seats", "random", "--out", str(out), "--quiet"]) == 0
    assert main(["simulate", "nim", "-n", "50", "--seed", "4", "--seats", "random", "--out", str(out), "--quiet",
                 "--resume"]) == 0
    text = capsys.readouterr().out
    assert "50 games" in text and "20 played now" in text
    ref = list(simulate("nim", 2, {}, ["random", "random"], 50, seed=4))
    assert key(read_rows(out)) == key(ref)


@pytest.mark.slow  # starts Ray; the local worker processes, which it must match, are tested fast
def test_cli_simulate_on_ray_matches_local(tmp_path, capsys, local_ray):
    a, b = tmp_path / "a.csv", tmp_path / "b.parquet"
    assert main(["simulate", "toy", "-n", "24", "--seed", "9", "--out", str(a), "--quiet"]) == 0
    assert main(["simulate", "toy", "-n", "24", "--seed", "9", "--out", str(b), "--quiet", "--backend", "ray"]) == 0
    assert key(read_rows(a)) == key(read_rows(b))


def test_cli_bad_backend_and_format(capsys):
    assert main(["simulate", "nim", "--backend", "mpi"]) == 2
    assert main(["simulate", "nim", "--format", "xls"]) == 2
    err = capsys.readouterr().err
    assert "unknown backend" in err and "unknown format" in err


@pytest.mark.parametrize("fmt", first_fast(["parquet", "csv"]))
def test_killed_run_resumes_without_redoing_games(tmp_path, fmt):
    """Kill a run (SIGKILL) halfway in a subprocess; --resume finishes it, playing only the rest."""
    n = 600
    out = tmp_path / f"kill.{fmt}"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT)]),
               LAPILLI_EXTRA_GAMES="nim=tests.engine.nim_game")
    cmd = [sys.executable, "-m", "lapilli", "simulate", "nim", "-n", str(n), "--seed", "2", "--out", str(out),
           "--batch", "100", "--batch-seconds", "0.2", "--quiet", "--seats", "random,mcts:iterations=3"]
    proc = subprocess.Popen(cmd, env=env, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    written = 0
    while time.monotonic() < deadline and proc.poll() is None:
        written = len(finished_indices(out, fmt)) if out.exists() else 0
        if written >= 100:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    before = finished_indices(out, fmt)
    assert 100 <= len(before) < n, "the run should have been killed halfway"
    done = subprocess.run(cmd + ["--resume"], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert f"({n - len(before)} played now)" in " ".join(done.stdout.split())
    rows = read_rows(out, fmt)
    assert [r.index for r in rows] == list(range(n))
    # nothing was written twice
    from lapilli.sim.output import _read_records

    assert len(_read_records(out, fmt)) == n
    ref = {r.index: r for r in simulate("nim", 2, {}, ["random", "mcts:iterations=3"], n, seed=2, jobs=1)}
    assert key(rows) == key(ref.values())


def test_game_stats_from_a_method_or_a_dict_attribute():
    from lapilli.sim.local import game_stats

    class M:
        def stats(self):
            return {"ending": "volcano", "eruptions": 3, "nested": {"x": 1}}

    class D:
        stats = {"sinkings": 2, "flag": True}

    class N:
        pass

    assert game_stats(M()) == {"ending": "volcano", "eruptions": 3}
    assert game_stats(D()) == {"sinkings": 2, "flag": True}
    assert game_stats(N()) == {}


# ---------------------------------------------------------------------------- games that do not end
@pytest.mark.usefixtures("loop_game")
def test_the_cap_stops_a_game_that_never_ends():
    from lapilli.agents import GameDidNotEnd, make_agent, play_game
    from lapilli.engine.registry import new_game
    from lapilli.sim.local import play_one

    state = new_game("loop", 2, 0, {})
    with pytest.raises(GameDidNotEnd, match=r"^game did not end within 7 decisions$") as caught:
        play_game(state, [make_agent("random", seed=1), make_agent("random", seed=2)], max_plies=7)
    assert caught.value.max_plies == 7 and len(state.history) == 7 and not state.is_terminal
    assert isinstance(caught.value, RuntimeError)

    row = play_one("loop", 2, {}, ["random", "random"], seed=3, index=0, max_plies=7)
    assert row.error == "GameDidNotEnd: game did not end within 7 decisions"
    assert row.plies == 7 and row.scores == [] and row.winners == []
    assert row.did_not_end and not row.crashed


@pytest.mark.usefixtures("loop_game")
def test_a_game_that_ends_on_the_last_decision_of_the_cap_has_ended():
    from lapilli.agents import GameDidNotEnd, make_agent, play_game
    from lapilli.engine.registry import new_game
    from lapilli.sim.local import play_one

    state = play_game(new_game("loop", 2, 0, {"end_after": 6}), [make_agent("random")] * 2, max_plies=6)
    assert state.is_terminal and len(state.history) == 6
    with pytest.raises(GameDidNotEnd):
        play_game(new_game("loop", 2, 0, {"end_after": 6}), [make_agent("random")] * 2, max_plies=5)

    ended = play_one("loop", 2, {"end_after": 6}, ["random", "random"], seed=3, index=0, max_plies=6)
    assert ended.error == "" and ended.plies == 6 and ended.winners and not ended.did_not_end and not ended.crashed
    stopped = play_one("loop", 2, {"end_after": 6}, ["random", "random"], seed=3, index=0, max_plies=5)
    assert stopped.did_not_end and stopped.plies == 5


@pytest.mark.usefixtures("loop_game")
def test_a_crash_is_not_a_game_that_did_not_end():
    from lapilli.sim.local import play_one

    row = play_one("loop", 2, {"crash_at": 3}, ["random", "random"], seed=3, index=0, max_plies=5)
    assert row.error == "ValueError: the disc broke"
    assert row.crashed and not row.did_not_end


def test_the_old_message_of_a_game_that_did_not_end_is_recognised(tmp_path):
    from lapilli.sim import cap_reached, summarize
    from lapilli.sim.local import GameRow

    def row(i, error):
        return GameRow(i, i, 2, [] if error else [1, 0], [] if error else [0], 10, 0.01, {}, error, ["random"] * 2)

    rows = [row(0, "RuntimeError: game did not end within 1000000 decisions"),
            row(1, "GameDidNotEnd: game did not end within 5000 decisions"),
            row(2, "RuntimeError: the volcano fell over"), row(3, "")]
    assert [cap_reached(r.error) for r in rows] == [1_000_000, 5000, None, None]
    for fmt in ("csv", "parquet"):
        out = tmp_path / f"old.{fmt}"
        with ResultWriter(out, 2, fmt) as w:
            for r in rows:
                w.add(r)
        back = read_rows(out, fmt)
        assert [(r.did_not_end, r.crashed) for r in back] == [(True, False), (True, False), (False, True), (False, False)]
    s = summarize(rows, 2)
    assert (s["games"], s["errors"], s["did_not_end"]) == (4, 1, 2)
    assert s["seats"][0]["win_share"] == 1.0  # over the one game that ended


@pytest.mark.usefixtures("loop_game")
def test_local_workers_stop_games_at_the_cap_and_resume_with_another_cap(tmp_path, capsys):
    one = list(run_games("loop", 2, {"end_after": 10}, ["random", "random"], 6, seed=5, jobs=1, max_plies=9))
    two = list(run_games("loop", 2, {"end_after": 10}, ["random", "random"], 6, seed=5, jobs=2, max_plies=9))
    assert key(one) == key(two)
    assert all(r.did_not_end and r.plies == 9 for r in two)
    assert not any(r.error for r in run_games("loop", 2, {"end_after": 10}, ["random"] * 2, 4, jobs=2, max_plies=10))

    out = tmp_path / "loop.parquet"
    assert main(["simulate", "loop", "-n", "4", "--seats", "random", "--jobs", "2", "--max-plies", "8",
                 "--out", str(out), "--quiet"]) == 0
    captured = capsys.readouterr()
    assert "did not end: 4" in " ".join(captured.out.split())
    assert "4 games did not end within 8 decisions" in " ".join(captured.err.split())
    rows = read_rows(out)
    assert [(r.index, r.plies, r.error) for r in rows] == [
        (i, 8, "GameDidNotEnd: game did not end within 8 decisions") for i in range(4)]
    assert json.loads((out / "_run.json").read_text())["max_plies"] == 8
    # another cap is no other set-up: --resume plays the rest with it
    assert main(["simulate", "loop", "-n", "6", "--seats", "random", "--max-plies", "9", "--out", str(out), "--quiet",
                 "--resume"]) == 0
    assert [r.plies for r in read_rows(out)] == [8, 8, 8, 8, 9, 9]
    assert json.loads((out / "_run.json").read_text())["max_plies"] == 9


@pytest.mark.usefixtures("loop_game")
def test_cli_simulate_fails_for_crashes_only(tmp_path, capsys):
    out = tmp_path / "crash.csv"
    assert main(["simulate", "loop", "-n", "2", "--seats", "random", "-o", "crash_at=3", "--out", str(out),
                 "--quiet"]) == 1
    err = " ".join(capsys.readouterr().err.split())
    assert "the disc broke" in err and "2 games failed" in err and "did not end within" not in err
    assert json.loads((tmp_path / "crash.csv.run.json").read_text())["max_plies"] == 5000  # MAX_PLIES


@pytest.mark.usefixtures("loop_game")
def test_cli_tournament_counts_games_that_did_not_end_without_failing(tmp_path, capsys):
    out = tmp_path / "t.csv"
    assert main(["tournament", "loop", "--agents", "random,heuristic", "-n", "2", "--max-plies", "6", "--out", str(out),
                 "--quiet"]) == 0
    assert "2 games did not end within 6 decisions" in " ".join(capsys.readouterr().err.split())
    assert [r.plies for r in read_rows(out)] == [6, 6]


@pytest.mark.slow  # starts Ray; the local worker processes, which it must match, are tested fast
@pytest.mark.usefixtures("loop_game")
def test_ray_backend_stops_games_at_the_cap(tmp_path, capsys, local_ray):
    local = list(run_games("loop", 2, {"end_after": 10}, ["random", "random"], 4, seed=5, max_plies=9))
    ray_rows = list(run_games("loop", 2, {"end_after": 10}, ["random", "random"], 4, seed=5, backend="ray",
                              max_plies=9))
    assert key(ray_rows) == key(local) and all(r.did_not_end and r.plies == 9 for r in ray_rows)
    out = tmp_path / "ray.parquet"
    assert main(["simulate", "loop", "-n", "3", "--seats", "random", "--backend", "ray", "--max-plies", "7",
                 "--out", str(out), "--quiet"]) == 0
    assert "did not end: 3" in " ".join(capsys.readouterr().out.split())
    assert [(r.plies, r.did_not_end) for r in read_rows(out)] == [(7, True)] * 3
