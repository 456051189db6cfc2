"""What a hint and a review say: the suggested move as certain, what the others may do after it
as a likely reply with its share of the samples, each seat named as the table names it (never
"Player 2"), and a short reason for each suggestion, in English and Italian.

In Eruption the first decision is a village: the other seat's village then follows for certain
(the only one left), while who plays first is drawn, so the coach can only say how likely each
first player is."""
import json
from pathlib import Path

import pytest

import lapilli
from lapilli.coach import hint, review

ITERATIONS = 40
NAMES = {"en": ["Ann", "Bob (computer, normal)"], "it": ["Ann", "Bob (computer, normale)"]}


def _all_text(h, lang):
    return " ".join([h["text"][lang], h["reason"][lang]] + [x["text"][lang] for x in h["likely"]])


def test_an_eruption_hint_says_what_is_certain_and_what_is_a_likely_reply():
    st = lapilli.new_game("eruption", players=2, seed=3)
    h = hint(st, 0, iterations=ITERATIONS, names=NAMES)
    assert h["move"] in ("village 0", "village 3")
    # certain: the move itself, and what follows from it whatever is hidden (Bob's village)
    assert h["text"]["en"].startswith("You choose village") and "Bob" in h["text"]["en"], h["text"]
    assert h["text"]["it"].startswith("Scegli il villaggio"), h["text"]
    assert "first" not in h["text"]["en"] and "primo" not in h["text"]["it"]
    # the drawn first player is a likely reply, with its share of the samples
    firsts = [x for x in h["likely"] if "first" in x["text"]["en"]]
    assert firsts and all(0 < x["share"] < 1 for x in firsts), h["likely"]
    assert sum(x["share"] for x in h["likely"]) <= 1.0
    # Bob playing first is Bob's, a reply; the seat itself playing first is an outcome
    for x in h["likely"]:
        assert x["reply"] == x["text"]["en"].startswith("Bob"), x
    for lang in ("en", "it"):
        words = _all_text(h, lang)
        assert "Player 2" not in words and "Giocatore 2" not in words, words


def test_without_the_tables_names_a_seat_goes_by_its_colour_or_place():
    st = lapilli.new_game("eruption", players=2, seed=3)
    h = hint(st, 0, iterations=ITERATIONS)
    for lang in ("en", "it"):
        words = _all_text(h, lang)
        assert "Player 2" not in words and "Giocatore 2" not in words, words


@pytest.mark.parametrize("game", ["eruption", "stromboli", "the-island", "kingdomino-origins",
                                  "isola-dei-vulcani"])
def test_a_hint_gives_a_reason_in_both_languages(game):
    st = lapilli.new_game(game, players=2, seed=5)
    for _ in range(4):   # past the set-up, into the game's own choices
        st.apply(st.legal_actions()[-1])
    h = hint(st, st.to_move, iterations=ITERATIONS)
    # the win chance of the move, said in numbers, and in each language's own words
    assert "%" in h["reason"]["en"] and "%" in h["reason"]["it"], h["reason"]
    assert "win" in h["reason"]["en"].lower() and "vittoria" in h["reason"]["it"].lower(), h["reason"]
    assert 0 <= h["value"] <= 1
    # the suggestion is the better of the two the reason compares
    if h["other"] is not None:
        assert int(h["reason"]["en"].split("about ")[1].split("%")[0]) >= int(h["reason"]["en"].split("against ")[1].split("%")[0]), h["reason"]


def test_a_reviews_better_move_comes_with_its_reason():
    records = Path(__file__).parent / "records"
    case = json.loads((records / "stromboli.json").read_text())
    rec = dict(case["record"])
    ply = len(case["actions"])
    rec["actions"] = list(case["actions"]) + [case["blunder"]]
    rv = review(rec, seat=case["seat"], iterations=ITERATIONS, samples=4, plies={ply})
    d = rv.decisions[0]
    assert d.best != d.played
    assert "%" in d.reason["en"] and "%" in d.reason["it"], d.reason
    assert f"{round(100 * d.value_played)}%" in d.reason["en"], (d.reason, d.value_played)


@pytest.mark.parametrize("game", ["the-island", "kingdomino-origins", "eruption"])
def test_a_hint_tells_nothing_the_seat_cannot_see(game):
    """The hint of a position and of another that differs only in what the seat cannot see (a
    determinization for the seat: hidden tiles, cards and draws laid out afresh) are the same,
    word for word: its certain part, its likely replies and their shares, its reason."""
    from lapilli.agents import Decision

    st = lapilli.new_game(game, players=2, seed=7)
    for _ in range(3):
        st.apply(st.legal_actions()[0])
    seat = st.to_move
    twin = Decision(st, seat).determinize(4242)
    assert twin.to_json() != st.to_json()          # the hidden parts truly differ
    assert hint(twin, seat, iterations=ITERATIONS) == hint(st, seat, iterations=ITERATIONS)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_written_review_says_why_each_better_move_is_better(lang):
    from lapilli.coach.output import markdown

    records = Path(__file__).parent / "records"
    case = json.loads((records / "stromboli.json").read_text())
    rec = dict(case["record"])
    ply = len(case["actions"])
    rec["actions"] = list(case["actions"]) + [case["blunder"]]
    rv = review(rec, seat=case["seat"], iterations=ITERATIONS, samples=4, plies={ply})
    md = markdown(rv, lang)
    assert f"- {ply + 1}: {rv.decisions[0].reason[lang]}" in md, md
