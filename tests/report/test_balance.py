"""Balance under skilled play: heuristic players by default, paired comparisons of variants on the
same seeds, and the designers' questions (scoring sources, lead changes, house rules, skill)."""
import csv
import math
import statistics

import pytest

import lapilli
from lapilli.cli import main
from lapilli.engine import register
import lapilli.report as rep
from lapilli.report import Variant, analyse, parse_compare
from lapilli.sim import simulate
import lapilli.sim.local as sim_local
from lapilli.sim.local import GameRow
from lapilli.sim.output import read_rows

register("toy", "tests.engine.toy_game")
register("nim", "tests.engine.nim_game")


def _row(i, scores, winners, plies=10, players=2, lineup=None, seed=None, parts=None, trace=None):
    return GameRow(i, i if seed is None else seed, players, scores, winners, plies, 0.001, {}, "",
                   lineup or ["heuristic"] * players, parts or [], trace or {})


# ------------------------------------------------------------------ skilled players by default
def test_simulate_and_report_default_to_heuristic_players(tmp_path, capsys):
    out = tmp_path / "s.csv"
    assert main(["simulate", "toy", "-n", "4", "--out", str(out), "--quiet"]) == 0
    rows = list(csv.DictReader(out.open()))
    assert {r["agent_0"] for r in rows} == {"heuristic"} and {r["agent_1"] for r in rows} == {"heuristic"}
    rdir = tmp_path / "rep"
    assert main(["report", "toy", "--games", "6", "--out", str(rdir), "--quiet"]) == 0
    text = (rdir / "report.md").read_text()
    assert "heuristic / heuristic" in text
    assert "## Who played" in text and "one-ply greedy" in text
    # random players when asked for
    assert main(["report", "toy", "--games", "6", "--seats", "random", "--out", str(tmp_path / "r"), "--quiet"]) == 0
    assert "random / random" in (tmp_path / "r" / "report.md").read_text()


def test_who_played_quotes_the_level_tables():
    lines = rep.who_played("the-island", 2, ["normal", "heuristic"])
    text = "\n".join(lines)
    assert "FLAT_MIXED" in text  # the why of the-island's 2-player normal (docs/agents.md)
    assert "0.617" in text  # normal against heuristic seats at 2 players, from the results table
    assert any(line.startswith("- `heuristic`") for line in lines)
    assert "uniformly random" in "\n".join(rep.who_played("stromboli", 2, ["random"]))
    # several player counts: one line for the heuristic player with the figure at each count
    (line,) = rep.who_played("kingdomino-origins", [2, 4], ["heuristic"])
    assert "0.750 [0.61-0.85] of 48 games at 2 players" in line and "0.396 [0.30-0.50] of 96 games at 4 players" in line
    assert len(rep.who_played("kingdomino-origins", [2, 4], ["normal"])) == 2


# ------------------------------------------------------------------ pairing
def test_paired_difference_against_a_known_answer():
    # b = a + 0.25 + e, e alternating -1/+1: mean difference 0.25, sd of the differences sqrt(n/(n-1))
    n = 100
    a = [float(i % 7) for i in range(n)]
    e = [(-1.0) ** i for i in range(n)]
    b = [x + 0.25 + d for x, d in zip(a, e)]
    d = rep.paired_difference(a, b)
    sd = math.sqrt(n / (n - 1))
    assert d["n"] == n and d["mean"] == pytest.approx(0.25)
    assert d["half"] == pytest.approx(1.959964 * sd / math.sqrt(n), rel=1e-5)
    assert d["low"] == pytest.approx(0.25 - d["half"]) and d["high"] == pytest.approx(0.25 + d["half"])
    # pairing removes the spread the two share: the unpaired interval is much wider
    unpaired = 1.959964 * math.sqrt(statistics.variance(a) / n + statistics.variance(b) / n)
    assert d["unpaired_half"] == pytest.approx(unpaired, rel=1e-5) and d["unpaired_half"] > 2 * d["half"]
    # the paired games this difference needs for its interval to exclude zero: (1.96 sd / 0.25)^2 = 62.1
    assert d["needed"] == 63
    same = rep.paired_difference([1.0, 2.0, 3.0], [1.0, 2.0, 3.0])
    assert same["mean"] == 0 and same["half"] == 0 and same["needed"] is None


def test_comparison_pairs_games_by_index_and_refuses_other_seeds():
    base = [_row(i, [i, 0], [0]) for i in range(4)]
    other = [_row(i, [i + 1, 0], [0]) for i in (3, 2, 1, 0)] + [_row(4, [9, 0], [0])]
    c = rep.compare_variants(Variant("baseline", 2), base, Variant("x", 2), other)
    assert c["pairs"] == 4 and c["unpaired"] == 1
    assert c["measures"]["mean score"]["mean"] == pytest.approx(0.5)
    wrong = [_row(i, [i, 0], [0], seed=100 + i) for i in range(4)]
    with pytest.raises(ValueError, match="seed"):
        rep.compare_variants(Variant("baseline", 2), base, Variant("x", 2), wrong)


def test_a_house_rule_that_changes_no_game_is_said_to_not_come_into_play(tmp_path):
    """An option that leaves every paired game as it was (here the baseline's own value, as an
    option of one mode is under another mode's baseline) is named as not coming into play; one
    that changes the scores is not."""
    out = tmp_path / "rep"
    assert main(["report", "toy", "--games", "30", "--seats", "random", "--compare", "double=true",
                 "--compare", "double=false", "--out", str(out), "--quiet"]) == 0
    text = (out / "report.md").read_text()
    rules = text.split("## House rules and data sets")[1].split("## ")[0]
    assert "- double=false: every one of the 30 games ended as the baseline's" in rules
    assert "- double=true:" not in rules and "| double=true |" in rules
    a, b, c = (read_rows(out / "data" / f"{name}.parquet") for name in ("baseline", "double=true", "double=false"))
    assert rep.compare_variants(Variant("baseline", 2), a, Variant("x", 2), c)["identical"] == 30
    assert rep.compare_variants(Variant("baseline", 2), a, Variant("x", 2), b)["identical"] < 30


def test_report_compare_plays_each_variant_on_the_same_seeds_and_deals(tmp_path, capsys):
    out = tmp_path / "rep"
    # double=true changes only the points of a card: same seeds, same deal, same random moves
    assert main(["report", "toy", "--games", "40", "--seats", "random", "--compare", "double=true",
                 "--out", str(out), "--quiet"]) == 0
    a, b = (read_rows(out / "data" / f"{name}.parquet") for name in ("baseline", "double=true"))
    assert [r.seed for r in a] == [r.seed for r in b] and len(a) == 40
    for ra, rb in zip(a, b):
        sa = lapilli.new_game("toy", 2, ra.seed, {"double": False})
        sb = lapilli.new_game("toy", 2, rb.seed, {"double": True})
        assert sa.hands == sb.hands and sa.deck == sb.deck
        assert rb.scores == [2 * x for x in ra.scores] and rb.winners == ra.winners
    c = rep.compare_variants(Variant("baseline", 2), a, Variant("double=true", 2, {"double": True}), b)
    ws = c["measures"]["seat 0 win share"]
    assert ws["mean"] == 0 and ws["half"] == 0  # the same games: no difference at all
    sc = c["measures"]["mean score"]
    assert sc["mean"] == pytest.approx(statistics.fmean(sum(r.scores) / 2 for r in a))
    text = (out / "report.md").read_text()
    assert "## Paired comparisons" in text and "games needed" in text
    assert "(paired.png)" in text and (out / "paired.png").stat().st_size > 5000


# ------------------------------------------------------------------ the designers' questions
def test_lead_trace_counts_lead_changes_and_when_the_winner_took_the_lead_for_good():
    leaders = [{0, 1}, {0}, {1}, {0}, {0, 1}, {1}, {1}, {1}]
    t = sim_local.lead_trace(leaders, winners=[1])
    assert t["lead_changes"] == 3  # 0 -> 1 -> 0 -> 1 (shared leads do not count)
    assert t["decided_at"] == pytest.approx(6 / 8)  # seat 1 led alone from the 6th decision on
    assert sim_local.lead_trace([{0, 1}, {0, 1}], winners=[0, 1])["decided_at"] == pytest.approx(0.5)
    assert sim_local.lead_trace([{0, 1}, {0, 1}, {1}], winners=[1])["decided_at"] == pytest.approx(1.0)


def test_simulated_rows_carry_score_parts_and_lead_trace():
    rows = list(simulate("toy", 2, {}, ["random", "random"], 20, seed=3))
    for r in rows:
        assert [sum(p.values()) for p in r.parts] == r.scores
        assert 0 < r.trace["decided_at"] <= 1 and r.trace["lead_changes"] >= 0
    assert any(r.trace["lead_changes"] > 0 for r in rows)


def test_scoring_sources_share_and_winner_led():
    parts = [[{"farms": 6, "gold": 0}, {"farms": 2, "gold": 2}],
             [{"farms": 3, "gold": 3}, {"farms": 4, "gold": 0}]]
    rows = [_row(0, [6, 4], [0], parts=parts[0]), _row(1, [6, 4], [0], parts=parts[1])]
    a = analyse(rows, 2)
    src = a["sources"]
    assert src["farms"]["share"] == pytest.approx(15 / 20) and src["gold"]["share"] == pytest.approx(5 / 20)
    assert src["farms"]["winner_led"] == pytest.approx(0.5) and src["gold"]["winner_led"] == pytest.approx(0.5)
    assert src["farms"]["mean"] == pytest.approx(15 / 4)
    # a source every seat scores alike is led by nobody
    same = [_row(0, [3, 1], [0], parts=[{"a": 2, "b": 1}, {"a": 0, "b": 1}])]
    s2 = analyse(same, 2)["sources"]
    assert s2["b"]["apart"] == 0 and math.isnan(s2["b"]["winner_led"]) and s2["a"]["winner_led"] == 1


def test_report_answers_the_designers_questions(tmp_path, capsys):
    out = tmp_path / "rep"
    assert main(["report", "toy", "--games", "30", "--sensitivity", "--compare", "players=3",
                 "--compare", "seats=random", "--out", str(out), "--quiet"]) == 0
    text = (out / "report.md").read_text()
    for heading in ("## Who played", "## Seat advantage by player count", "## Scoring sources",
                    "## Lead changes and how late games are decided", "## Paired comparisons",
                    "## House rules and data sets", "## Skill: where random play would mislead"):
        assert heading in text, heading
    assert "| double=true |" in text and "| seats=random |" in text
    assert "--sensitivity" in text  # the command line of the report


def test_parse_compare_takes_seats_data_and_games():
    vs = parse_compare(["seats=random", "data=big,pile=10", "seats=normal:time_limit=0,iterations=50,games=30"], 2, {})
    assert (vs[1].seats, vs[1].options) == ("random", {})
    assert (vs[2].data, vs[2].options) == ("big", {"pile": "10"})
    assert (vs[3].seats, vs[3].games, vs[3].options) == ("normal:time_limit=0,iterations=50", 30, {})
    with pytest.raises(ValueError, match="games"):
        parse_compare(["games=0"], 2, {})


def test_a_smaller_variant_is_paired_with_the_first_games_of_the_baseline(tmp_path, capsys):
    out = tmp_path / "rep"
    assert main(["report", "toy", "--games", "20", "--compare", "seats=random,games=8", "--out", str(out),
                 "--quiet"]) == 0
    text = (out / "report.md").read_text()
    assert "| seats=random, games=8 | 2 | defaults | 8 | 0 |" in text
    a, b = (read_rows(out / "data" / f"{name}.parquet") for name in ("baseline", "seats=random,games=8"))
    c = rep.compare_variants(Variant("baseline", 2), a, Variant("x", 2, seats="random"), b)
    assert c["pairs"] == 8 and c["unpaired"] == 12


@pytest.mark.slow  # starts Ray; the local worker processes, which it must match, are tested fast
def test_report_with_normal_seats_on_ray(tmp_path, local_ray):
    out = tmp_path / "r"
    assert main(["report", "nim", "--games", "4", "--seats", "normal:time_limit=0,iterations=30",
                 "--compare", "pile=10", "--backend", "ray", "--jobs", "1", "--out", str(out), "--quiet"]) == 0
    text = (out / "report.md").read_text()
    assert "normal:time_limit=0,iterations=30 / normal:time_limit=0,iterations=30" in text
    assert "| pile=10 | 2 | pile=10 | 4 | 0 |" in text


def test_sensitivity_adds_every_allowed_option_value_and_shipped_data_set_once():
    from lapilli.cli import _sensitivity_variants

    labels = [v.label for v in _sensitivity_variants("stromboli", 2, {}, None, [])]
    assert labels == ["tactical=true", "huts=random", "shells_score=every"]  # prescore_priestess needs tactical
    isola = _sensitivity_variants("isola-dei-vulcani", 4, {}, None, parse_compare(["setup=advanced"], 4, {}))
    labels = [v.label for v in isola]
    assert "data=rim-craters" in labels and "max_rounds=off" in labels
    assert "setup=advanced" not in labels  # already compared
    (rim,) = [v for v in isola if v.data]
    assert rim.data == "rim-craters" and rim.options == {}
    island = [v.label for v in _sensitivity_variants("the-island", 4, {}, None, [])]
    assert "challenge_5=true" not in island and "dolphins=true" in island  # challenge 5 needs 5 or 6 players


def test_the_trace_can_be_left_out_of_large_runs(tmp_path, capsys):
    rows = list(simulate("toy", 2, {}, ["random", "random"], 6, seed=3, trace=False))
    assert rows and all(r.parts == [] and r.trace == {} and not r.error for r in rows)
    traced = list(simulate("toy", 2, {}, ["random", "random"], 6, seed=3))
    assert [r.scores for r in rows] == [r.scores for r in traced]  # the same games
    out = tmp_path / "s.csv"
    assert main(["simulate", "toy", "-n", "4", "--seats", "random", "--no-trace", "--out", str(out), "--quiet"]) == 0
    assert all(r.trace == {} and r.parts == [] for r in read_rows(out))
