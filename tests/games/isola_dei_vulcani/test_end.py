"""End of the game (IDV-13) and the engine safeguard (IDV-I28)."""
import pytest

import lapilli

from .helpers import BLANK, VOLCANO, clear, col, crack, fresh, lying, script, types

rule = pytest.mark.rule

AREA6_WALL = (("E7", "D6"), ("E7", "E6"), ("F6", "E6"), ("F6", "F5"), ("F6", "G6"))


def sink_area6_by(s, seat):
    """Seat ``seat`` (current) erects at D7-SW and closes the wall round area 6 (volcano 6)."""
    col(s, "D7", seat)
    lying(s, "D7a", seat)
    for a, b in AREA6_WALL:
        crack(s, a, b)
    script(s, BLANK)
    return s.apply("erect D7a D7-SW")


@rule("IDV-13.1")
@rule("IDV-13.2")
@rule("IDV-E23")
@rule("IDV-11.14")
def test_end_after_round_when_two_volcanoes_left():
    s = clear(fresh(4, first=0))
    s.current_player = 1  # P2's turn
    s.volcanoes = [5, 6, 7]
    ev = sink_area6_by(s, 1)
    assert "end-triggered" in types(ev) and s.volcanoes == [5, 7]
    assert not s.is_terminal and s.to_move == 1 and s.action_points == 3  # P2 finishes the turn
    s.apply("end")
    assert s.to_move == 2
    s.apply("end")
    assert s.to_move == 3
    s.apply("end")
    assert s.is_terminal and s.end_reason == "volcanoes"  # P1 does not play again
    assert s.winners() == [1]


@rule("IDV-13.1")
def test_no_end_with_three_volcanoes():
    s = clear(fresh(2, first=0))
    s.volcanoes = [5, 6, 7, 8]
    sink_area6_by(s, 0)
    assert s.volcanoes == [5, 7, 8] and not s.end_triggered
    s.apply("end")
    s.apply("end")
    assert not s.is_terminal and s.round == 2


@rule("IDV-13.3")
def test_trigger_in_last_players_turn():
    s = clear(fresh(3, first=1))
    s.current_player = 0  # seat 0 is the last of the round (right of seat 1)
    s.volcanoes = [6, 7, 8]
    sink_area6_by(s, 0)
    assert s.end_triggered and not s.is_terminal
    s.apply("end")
    assert s.is_terminal


@rule("IDV-13.4")
def test_rules_apply_after_trigger():
    s = clear(fresh(3, first=0), keep=("H5a", "E3a"))
    s.volcanoes = [4, 6, 7]
    sink_area6_by(s, 0)
    assert s.end_triggered
    s.apply("end")
    col(s, "G4", 1)
    lying(s, "G4a", 1)
    script(s, VOLCANO, 0)  # volcano face, token index 0 of [4, 7] = volcano 4
    ev = s.apply("erect G4a G4-W")
    assert [e["volcano"] for e in ev if e["type"] == "eruption"] == [4]
    assert s.points[1] == 1 and not s.is_terminal


@rule("IDV-13.6")
@rule("IDV-I28")
def test_engine_safeguard_only():
    s = lapilli.new_game("isola-dei-vulcani", 2, 1, {"max_rounds": 40})
    s.first = s.current_player = 0
    s.round = 39
    s._legal_cache = None
    s.apply("end")
    s.apply("end")
    assert not s.is_terminal and s.round == 40  # nothing but the safeguard could end it
    s.apply("end")
    s.apply("end")
    assert s.is_terminal and s.end_reason == "round-limit"
    # no crack tile can ever be placed again: the game stops at the end of the round
    s = clear(fresh(2, first=0))
    s.crack_supply = 0
    s.apply("end")
    s.apply("end")
    assert s.is_terminal and s.end_reason == "stalled"


@rule("IDV-13.1")
@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_end_triggered_by_a_sinking_is_told(lang):
    from lapilli.engine import narration
    s = clear(fresh(4, first=0))
    s.current_player = 1
    s.volcanoes = [5, 6, 7]
    ev = sink_area6_by(s, 1)
    items = s.readings(1, "erect D7a D7-SW", ev, None)
    said = narration.sentence("isola-dei-vulcani", next(i for i in items if i["key"] == "end-triggered"), lang)
    assert "5" in said and "7" in said
    assert {"en": "the game ends after this round", "it": "la partita finisce dopo questo giro"}[lang] in said
