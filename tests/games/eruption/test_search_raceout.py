"""``values_raceout`` (heuristics.py): the end race played out -- a seat on the last space without
a Rain burns and the others take their last turns; Rains are kept for the last space or the last
turn."""
from __future__ import annotations

from lapilli.games.eruption import heuristics as H
from lapilli.games.eruption.data import LAST, RAIN

from tests.agents.helpers import eruption_position


def _p3(temps, hands, final_left=None, burned=(False, False)):
    s = eruption_position("p3").clone()
    s.temperatures[:] = list(temps)
    for p in range(2):
        s.hands[p] = list(hands[p])
        for m in s.reserve[p]:
            s.reserve[p][m] = 0
    s.burned[:] = list(burned)
    s.final_left = final_left
    s.final_fresh = False
    return s


def _race(s):
    return H._race_out(s, H._frontier_layers(s))


def test_a_mover_on_the_last_space_without_rain_burns_and_the_other_plays_its_last_turn():
    s = _p3([LAST, LAST], [[], []])
    me, other = s.current_player, 1 - s.current_player
    s.temperatures[other] = 100
    out = _race(s)
    assert out[me] == LAST
    assert out[other] < LAST                   # 100 plus one Phase 1 stays under the last space
    v = H.values_raceout(s)
    assert v[other] > 0.5 > v[me]


def test_a_rain_in_the_last_turn_wins_a_race_both_finish_on_the_last_space():
    s = _p3([LAST, LAST], [[], []], final_left=1)
    me, other = s.current_player, 1 - s.current_player
    s.burned[other] = True
    assert _race(s) == [LAST, LAST]            # no Rain: a shared win
    s.hands[me] = ["rain"]
    out = _race(s)
    assert out[me] == LAST - RAIN and out[other] == LAST
    assert H.values_raceout(s)[me] > 0.5


def test_a_rain_on_the_last_space_keeps_the_mover_in_the_race():
    s = _p3([LAST, LAST], [[], []])
    me, other = s.current_player, 1 - s.current_player
    without = _race(s)
    assert without == [LAST, LAST]                 # the mover burns, the other has no Rain: shared
    s.hands[me] = ["rain"]
    out = _race(s)
    # the mover plays its Rain and goes on; the other, on the last space with no Rain, burns at
    # the end of its next turn; then the mover's last turn: one Phase 1 from LAST - RAIN
    per, thr = H._side_part(s, s.villages[me], H._frontier_layers(s))
    assert out[other] == LAST
    assert out[me] == min(float(LAST), LAST - RAIN + per + thr)


def test_terminal_positions_score_the_win_shares():
    s = _p3([LAST, 100], [[], []])
    s.over = True
    s.phase = "over"
    assert H.values_raceout(s) == H.win_shares(s)
