"""The coach's review: a move that throws the game away is a blunder with a better move named, a
sound move is good, and the review of a seat reads nothing that seat could not see.

Each game's record in records/ was found by self-play of the heuristic players: at one decision
of seat 0, the legal move the judge scores worst (``blunder``) beside the heuristic player's move
(``sound``); the file says in words what the blunder does.  In Eruption the heuristic player's
move there (Rain) loses 0.04 to 0.06 of a win share against discarding a card for a wall when the
judge uses 16 samples (an inaccuracy, not a sound move), so the record's sound move is discarding
Aftershock for a wall (loss 0 with 4 and 16 samples, judge seeds 0 to 2).  The searches run with
a small budget (``ITERATIONS``) so the tests stay fast.
"""
import json
from pathlib import Path

import pytest

import lapilli
from lapilli.coach import Review, classify, review, review_positions
from lapilli.coach.output import write
from tests.tiers import first_fast

RECORDS = Path(__file__).parent / "records"
GAMES = sorted(p.stem for p in RECORDS.glob("*.json"))
ITERATIONS = 60
SAMPLES = 4


def _case(game):
    return json.loads((RECORDS / f"{game}.json").read_text())


def _judged(case, move):
    rec = dict(case["record"])
    ply = len(case["actions"])
    rec["actions"] = list(case["actions"]) + [move]
    rv = review(rec, seat=case["seat"], iterations=ITERATIONS, samples=SAMPLES, plies={ply})
    assert [d.ply for d in rv.decisions] == [ply]
    return rv.decisions[0]


def test_every_game_has_a_crafted_record():
    from lapilli.engine.registry import BUILTIN_GAMES

    assert GAMES == sorted(BUILTIN_GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_a_move_that_throws_the_game_away_is_a_blunder(game):
    case = _case(game)
    got = _judged(case, case["blunder"])
    assert got.cls == "blunder", (got.loss, got.played_text["en"])
    assert got.best != case["blunder"]
    assert got.best_text["en"] and got.best_text["en"] != got.played_text["en"]
    assert got.value_best - got.value_played >= 0.20


@pytest.mark.parametrize("game", GAMES)
def test_a_sound_move_is_good(game):
    case = _case(game)
    got = _judged(case, case["sound"])
    assert got.cls == "good", (got.loss, got.played_text["en"], got.best_text)


def test_classes_follow_the_documented_thresholds():
    assert [classify(x) for x in (0.0, 0.029, 0.03, 0.079, 0.08, 0.199, 0.2, 1.0)] == \
        ["good", "good", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]


def _positions(game, players, seed, seat, upto):
    """(ply, state, move) for the seat's decisions among the first ``upto`` plies of a heuristic game."""
    from lapilli.agents import Decision, make_agent

    s = lapilli.new_game(game, players=players, seed=seed)
    agents = [make_agent("heuristic", seed=i, game=game) for i in range(players)]
    out = []
    for ply in range(upto):
        mover = s.to_move
        move = agents[mover].choose(Decision(s, mover))
        if mover == seat:
            out.append((ply, s.clone(), move))
        s.apply(move)
    return out


class _SeatView:
    """A position that lets the coach have only what a seat may use: its observation, the legal
    moves, who moves, and determinizations for the seat (``hidden_plan`` / ``determinize``).
    Any other read of the true state fails the test."""

    _ALLOWED = {"SPEC", "num_players", "to_move", "legal_actions", "observation", "history"}

    def __init__(self, state, seat):
        object.__setattr__(self, "_st", state)
        object.__setattr__(self, "_seat", seat)

    def hidden_plan(self, player):
        assert player == self._seat, "a determinization for another seat"
        return self._st.hidden_plan(player)

    def determinize(self, player, seed, history=True, plan=None):
        assert player == self._seat, "a determinization for another seat"
        return self._st.determinize(player, seed, history=history, plan=plan)

    def __getattr__(self, name):
        if name not in self._ALLOWED:
            raise AssertionError(f"the coach read {name!r} of the true state")
        return getattr(self._st, name)


@pytest.mark.parametrize("game,plies", first_fast([("the-island", 24), ("eruption", 16)]))
def test_the_coach_reads_the_true_state_only_through_the_seats_view(game, plies):
    seat = 0
    real = _positions(game, 3, 5, seat, plies)
    plain = review_positions(real, game, 3, seat, iterations=40, samples=3).to_json()
    viewed = review_positions([(p, _SeatView(st, seat), m) for p, st, m in real], game, 3, seat,
                              iterations=40, samples=3).to_json()
    for rv in (plain, viewed):
        for d in rv["decisions"]:
            d.pop("seconds")
    assert plain["decisions"] and plain == viewed


@pytest.mark.parametrize("game,players,plies", first_fast([("the-island", 3, 24), ("eruption", 3, 16), ("kingdomino-origins", 3, 16)]))
def test_two_games_differing_only_in_what_the_seat_could_not_see_get_the_same_review(game, players, plies):
    """The others' hidden pieces, cards or tiles and every future draw re-sampled: the same review
    of seat 0, number for number (a determinization is a function of the seat's observation and
    the seed alone, tests/engine/test_determinize_hidden_order.py)."""
    seat = 0
    real = _positions(game, players, 5, seat, plies)
    other = [(ply, st.determinize(seat, seed=1000 + ply), mv) for ply, st, mv in real]
    assert all(a.to_json()["data"] != b.to_json()["data"] for (_, a, _), (_, b, _) in zip(real, other))   # they differ
    assert all(a.observation(seat) == b.observation(seat) for (_, a, _), (_, b, _) in zip(real, other))

    def reviewed(positions):
        rv = review_positions(positions, game, players, seat, iterations=40, samples=6).to_json()
        for d in rv["decisions"]:
            d.pop("seconds")
        return rv

    a = reviewed(real)
    assert a["decisions"], "no decision was judged"
    assert a == reviewed(other)


def test_review_files(tmp_path):
    case = _case("stromboli")
    rec = dict(case["record"])
    rec["actions"] = list(case["actions"]) + [case["blunder"]]
    ply = len(case["actions"])
    rv = review(rec, seat=0, iterations=ITERATIONS, samples=SAMPLES, plies={ply - 2, ply})
    paths = write(rv, tmp_path)
    md = paths["md"].read_text()
    assert "blunder" in md and case["blunder_text"].split(".")[0] in md
    assert "could see" in md                          # says how hidden information is treated
    assert "<table>" in paths["html"].read_text()
    assert paths["png"].read_bytes()[:4] == b"\x89PNG"
    again = Review.from_json(json.loads(paths["json"].read_text()))
    assert again.decisions == rv.decisions


def test_lapilli_review_writes_the_review(tmp_path, capsys):
    from lapilli.cli import main

    rec = dict(_case("stromboli")["record"])
    rec["actions"] = rec["actions"][:12]          # an unfinished game is reviewed as far as it went
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec))
    out = tmp_path / "rv"
    assert main(["review", str(path), "--iterations", "20", "--samples", "2", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "decisions of seat 0 judged" in said and "written:" in said
    assert sorted(p.name for p in out.iterdir()) == ["review.html", "review.json", "review.md", "review.png"]
    assert main(["review", str(path), "--seat", "7", "--out", str(out)]) == 2
    assert "no seat 7" in capsys.readouterr().err
