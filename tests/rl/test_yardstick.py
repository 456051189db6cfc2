"""bench/openspiel_yardstick.py keeps every finished game with ``--results`` and a second run with
the same file plays only the games it does not hold (a long run survives a stop); ``--level SPEC``
plays an agent spec as a level."""
import importlib.util
import json
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "openspiel_yardstick.py"


def load_script():
    spec = importlib.util.spec_from_file_location("openspiel_yardstick", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# OpenSpiel's random rollouts cost a thousand steps of its adapter per decision (a minute a game):
# the fast tier resumes a run against the heuristic evaluator (a second a game), the whole suite both
@pytest.mark.parametrize("evaluator", ["heuristic", pytest.param("rollout", marks=pytest.mark.slow)])
def test_a_stopped_yardstick_run_resumes_from_its_results(tmp_path, monkeypatch, capsys, evaluator):
    ys = load_script()
    results = tmp_path / "games.jsonl"
    args = ["stromboli", "--games", "1", "--levels", "easy", "--evaluators", evaluator, "--results", str(results)]
    assert ys.main(args) == 0
    lines = [json.loads(x) for x in results.read_text().splitlines()]
    assert [(r["game"], r["level"], r["evaluator"], r["index"]) for r in lines] == [
        ("stromboli", "easy", evaluator, 0)]
    first_table = capsys.readouterr().out.strip().splitlines()[-1]

    # a line cut short by a stop in mid-write is ignored; the games held are not played again
    with results.open("a") as f:
        f.write('{"game": "stromboli", "lev')
    played = []
    real_play = ys.play

    def counting_play(game, level, evaluator, g, seed, modules):
        played.append(g)
        return real_play(game, level, evaluator, g, seed, modules)

    monkeypatch.setattr(ys, "play", counting_play)
    assert ys.main(args[:2] + ["2"] + args[3:]) == 0
    assert played == [1]
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-1].startswith(f"| stromboli | easy | {evaluator} | 2 |")
    played.clear()
    assert ys.main(args[:2] + ["2"] + args[3:]) == 0
    assert played == []
    assert first_table.startswith(f"| stromboli | easy | {evaluator} | 1 |")


def test_an_agent_spec_is_played_as_a_level_with_its_commas(monkeypatch, capsys):
    """``--level SPEC`` plays a whole agent spec (commas and all) as a level; alone, it is the only
    level played, and a spec that names no agent stops the run before any game."""
    from lapilli.engine.errors import LapilliError

    ys = load_script()
    spec = "mcts:iterations=4,c=0.3,widen=0"
    assert ys.main(["stromboli", "--games", "1", "--level", spec, "--evaluators", "heuristic"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert f"--level '{spec}'" in out[0] and "--levels" not in out[0]
    rows = [x for x in out if x.startswith("| stromboli |")]
    assert len(rows) == 2  # the row as it is played, and the table's copy of it
    assert rows[-1].startswith(f"| stromboli | {spec} | heuristic | 1 |")

    played = []
    monkeypatch.setattr(ys, "play", lambda *a: played.append(a) or (1.0, [0.0], 2))
    with pytest.raises(LapilliError, match="unexpected keyword argument 'bogus'"):
        ys.main(["stromboli", "--games", "1", "--levels", "easy", "--level", "mcts:bogus=1", "--evaluators", "heuristic"])
    assert played == []  # not even the valid level's game

    # with neither --levels nor --level, the three levels
    assert ys.main(["stromboli", "--games", "1", "--evaluators", "heuristic"]) == 0
    assert [a[1] for a in played] == ["easy", "normal", "hard"]
    assert "--levels easy,normal,hard" in capsys.readouterr().out.splitlines()[0]
