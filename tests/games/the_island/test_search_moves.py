"""The Island: the cheaper leaf evaluation ``move_values`` (only the rest of the movement points
played, no tile removal and so no creature roll) and ``finish_turn(removal=False)``."""
from lapilli.engine.rng import Rng
from lapilli.games.the_island import heuristics as HEU

from .helpers import heuristic_positions


def test_finish_turn_without_removal_stops_at_the_removal():
    mid = [s for s in heuristic_positions(2, 5, 3) if s.decision == "move" and not HEU._turn_start(s)]
    assert len(mid) > 5
    for s in mid:
        c = s.clone(False)
        c.rng = Rng(3)
        cur, turns = c.current_player, list(c.turns)
        HEU.finish_turn(c, removal=False)
        # the movement points are used up (or ended) and nothing of step 3 or 4 was played
        assert c.is_terminal or c.decision in ("remove", "creature") or (c.current_player != cur and HEU._turn_start(c))
        assert c.roll is None or c.current_player != cur
        assert c.turns == turns or c.current_player != cur
        assert not any(a.startswith("remove ") for a in c.history)
        # the full finish plays the same movement points first (same choices, same draws)
        d = s.clone(False)
        d.rng = Rng(3)
        HEU.finish_turn(d)
        assert d.history[:len(c.history)] == c.history


def test_move_values_score_the_position_after_the_movement_points():
    seen = {"moved": 0, "static": 0}
    for s in heuristic_positions(2, 5, 4):
        before = (s.decision, s.current_player, s.movement_points, list(s.explorer_where), s.rng.state)
        v = HEU.move_values(s)
        assert (s.decision, s.current_player, s.movement_points, list(s.explorer_where), s.rng.state) == before
        assert len(v) == 2 and all(0.0 <= x <= 1.0 for x in v)
        if s.is_terminal or not s.started or HEU._turn_start(s) or s.decision in ("remove", "creature"):
            assert v == HEU.turn_values(s) if (s.is_terminal or not s.started or HEU._turn_start(s)) \
                else v == HEU._static_values(s)
            seen["static"] += 1
        else:
            c = s.clone(False)
            HEU.finish_turn(c, removal=False)
            assert v == HEU._static_values(c)
            seen["moved"] += 1
    assert seen["moved"] > 5 and seen["static"] > 5
