"""``keep_rain`` (heuristics.py, for MCTS ``prune=keep_rain``): in Phase 3, on the last space or
in a last turn, the moves that end the turn or discard the mover's last Rain are left out."""
from __future__ import annotations

from lapilli.games.eruption import heuristics as H
from lapilli.games.eruption.data import LAST

from tests.agents.helpers import eruption_position

ACTS = ["rain", "quake", "discard quake", "discard rain", "discard quake rain", "discard rain rain", "draw", "end"]


def _p3(temp, hand, final_left=None):
    s = eruption_position("p3").clone()
    p = s.current_player
    s.temperatures[p] = temp
    s.hands[p] = list(hand)
    s.final_left = final_left
    return s


def test_on_the_last_space_the_rain_is_kept():
    s = _p3(LAST, ["rain", "quake"])
    assert H.keep_rain(s, ACTS) == ["rain", "quake", "discard quake", "draw"]


def test_with_two_rains_one_may_go():
    s = _p3(LAST, ["rain", "rain", "quake"])
    assert H.keep_rain(s, ACTS) == ["rain", "quake", "discard quake", "discard rain", "discard quake rain", "draw"]


def test_in_a_last_turn_the_rain_is_kept_below_the_last_space():
    s = _p3(120, ["rain", "quake"], final_left=1)
    assert H.keep_rain(s, ACTS) == ["rain", "quake", "discard quake", "draw"]


def test_nothing_removed_otherwise():
    for s in (_p3(LAST - 30, ["rain", "quake"]),            # game goes on, below the last space
              _p3(0, ["rain", "quake"], final_left=1),      # a Rain at 0 changes nothing
              _p3(LAST, ["quake"])):                        # no Rain in hand
        assert H.keep_rain(s, ACTS) is ACTS
    s = _p3(LAST, ["rain"])
    s.phase = "p4"
    assert H.keep_rain(s, ACTS) is ACTS


def test_only_pruned_moves_would_be_left():
    s = _p3(LAST, ["rain"])
    assert H.keep_rain(s, ["end", "discard rain"]) == ["end", "discard rain"]
