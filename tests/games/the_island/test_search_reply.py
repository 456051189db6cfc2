"""The Island: leaves scored after the next player's reply (heuristics.play_turns, reply_values,
round_values), evaluators screened for hard and not used by a level."""
from lapilli.engine.rng import Rng
from lapilli.games.the_island import heuristics as HEU

from .helpers import heuristic_positions, snapshot


def test_play_turns_stops_at_the_first_decision_of_the_right_turn():
    for players in (2, 4):
        checked = 0
        for s in heuristic_positions(players, 7, 5):
            if not s.started or s.is_terminal:
                continue
            for turns in (1, players - 1):
                c = s.clone(False)
                c.rng = Rng(3)
                start, cur, t0 = HEU._turn_start(s), s.current_player, list(s.turns)
                HEU.play_turns(c, turns)
                if c.is_terminal:
                    continue
                ahead = turns + (0 if start else 1)     # whole turns ended by the play
                assert HEU._turn_start(c) and c.current_player == (cur + ahead) % players
                assert sum(c.turns) - sum(t0) == ahead
                checked += 1
        assert checked > 20


def test_reply_values_score_the_position_after_the_reply_and_leave_the_state_alone():
    for players in (2, 3):
        for s in heuristic_positions(players, 11, 7):
            before = snapshot(s)
            r, w = HEU.reply_values(s), HEU.round_values(s)
            assert len(r) == players and all(0.0 <= x <= 1.0 for x in r + w)
            assert snapshot(s) == before
            if s.is_terminal:
                assert r == w == HEU._static_values(s)
            elif not s.started:
                assert r == w == HEU.setup_values(s)
            else:
                c = s.clone(False)
                HEU.play_turns(c, 1)
                assert r == HEU._static_values(c)
                c = s.clone(False)
                HEU.play_turns(c, players - 1)
                assert w == HEU._static_values(c)
                if players == 2:
                    assert r == w


def test_the_reply_sees_the_threat_the_turn_end_value_misses():
    """A swimmer next to a shark is worth less after the next player's turn (the shark eats it
    when the die allows) than at the end of its own turn, on average over the dice."""
    from .helpers import at, blank, ex

    s = blank(2)
    ex(s, "R1", "sea", "5,0", value=5)
    ex(s, "B1", "land", "6,5", value=1)
    s.creatures["shark"].append(HEU.BY_NAME["5,1"])
    at(s, "move", 0, points=1)
    s._legal_cache = None
    s.apply("end")
    reply = []
    for k in range(40):
        c = s.clone(False)
        c.rng = Rng(k)
        reply.append(HEU.reply_values(c)[0])
    assert sum(reply) / len(reply) < HEU.turn_values(s)[0]
