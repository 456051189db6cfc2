"""Round-end leaves for the Kingdomino Origins search (the 3-player normal's leaves): the deterministic
guided policy ``policy_det``, ``finish_round``, ``values_round_end`` and ``chance_key`` (with
``chance=stop`` the tree ends at the round end)."""
import pytest

import lapilli
from lapilli.agents import Decision, make_agent
from lapilli.games.kingdomino_origins import heuristics as h

from .helpers import GAME
from .helpers import play_to as _play_to


@pytest.mark.parametrize("players", [2, 3, 4])
def test_finish_round_stops_at_the_start_of_the_next_round(players):
    s = _play_to(players, 31, 4, "choose")
    c = h.finish_round(s.clone())
    assert c.round == s.round + 1
    assert h._round_start(c)
    assert c.phase == "place"
    # every chief of the new row still holds its tile, nobody has taken one of the next row yet
    assert all(c.current_tiles[i] is not None for i in range(4) if c.current_chief[i] >= 0)
    assert all(ch < 0 for ch in c.new_chief)
    # a position at the start of a round is left as it is
    d = h.finish_round(c.clone())
    assert d.history == c.history


def test_policy_det_is_deterministic_and_legal_to_the_end_in_every_mode():
    for players, mode in ((2, "discovery"), (3, "tribe"), (4, "totem")):
        s = lapilli.new_game(GAME, players, 17, {"mode": mode})
        while not s.is_terminal:
            legal = s.legal_actions()
            a = h.policy_det(s, legal)
            assert a in legal
            if s.phase in ("place", "pick", "choose", "fire"):
                assert h.policy_det(s.clone(), list(legal)) == a
            s.apply(a)


def test_policy_det_lands_the_fire_where_it_gains_the_most_comfort():
    from lapilli.games.kingdomino_origins import board
    found = 0
    for seed in range(40):
        s = lapilli.new_game(GAME, 2, seed, {})
        while not s.is_terminal and s.phase != "fire":
            s.apply(h.policy_det(s, s.legal_actions()))
        if s.is_terminal or len(s.legal_actions()) < 2:
            continue
        p = s.current_player

        def comfort_after(a):
            c = s.clone()
            c.apply(a)
            return board.comfort(board.regions(c.geo, c.land[p], c.campfires[p], c.fire_tokens[p]))

        legal = s.legal_actions()
        assert comfort_after(h.policy_det(s, legal)) == max(comfort_after(a) for a in legal)
        found += 1
        if found >= 3:
            break
    assert found >= 1


@pytest.mark.parametrize("players", [2, 3])
def test_round_end_values_are_the_same_in_every_determinization(players):
    s = _play_to(players, 41, 5, "place")
    s.apply(h.policy_det(s, s.legal_actions()))   # the middle of round 5
    assert not h._round_start(s)
    seat = s.to_move
    d = Decision(s, seat)
    vals = [h.values_round_end(d.determinize(k, False)) for k in range(4)]
    assert all(v == pytest.approx(vals[0]) for v in vals)
    # and they are values() after the round played out by policy_det
    c = s.clone()
    while c.round == s.round:
        c.apply(h.policy_det(c, c.legal_actions()))
    assert vals[0] == pytest.approx(h.values_calibrated(c))
    assert h.values_round_end(c) == h.values_calibrated(c)
    # the evaluator works on a copy
    before = s.history[:]
    h.values_round_end(s)
    assert s.history == before


def test_round_end_values_in_the_final_round_are_the_win_shares():
    s = lapilli.new_game(GAME, 3, 43, {})
    while s.round < 12 or h._round_start(s):
        s.apply(h.policy_det(s, s.legal_actions()))
    assert not s.is_terminal
    c = h.finish_round(s.clone())
    assert c.is_terminal
    w = c.winners()
    assert h.values_round_end(s) == [1.0 / len(w) if i in w else 0.0 for i in range(3)]


def test_chance_key_changes_only_when_a_row_is_drawn():
    s = _play_to(2, 47, 3, "place")
    k0, r = h.chance_key(s), s.round
    while s.round == r:
        assert h.chance_key(s)[0] == k0[0]
        s.apply(h.policy_det(s, s.legal_actions()))
    assert h.chance_key(s) != k0


def test_chance_stop_keeps_the_tree_inside_the_current_round():
    s = _play_to(3, 53, 6, "place")
    spec = ("mcts:iterations=150,c=0.1,rollout_depth=0,evaluator=values_round_end,policy=game,"
            "prior=game,widen=2,order=eval,chance=stop")
    agent = make_agent(spec, seed=3, game=GAME)
    d = Decision(s)
    a = agent.choose(d)
    assert a in d.legal_actions
    assert agent.last_iterations == 150

    # replay every path of the tree on one determinization: no node below the root lies past
    # the first position of the next round
    def walk(node, state, depth):
        for act, ch in node.children.items():
            if act not in state.legal_actions():
                continue   # a move of another determinization (none here: nothing hidden in a round)
            c = state.clone()
            c.apply(act)
            assert c.round == s.round or (h._round_start(c) and not ch.children) or c.is_terminal
            walk(ch, c, depth + 1)

    walk(agent.last_root, d.determinize(0, False), 0)


def test_round_end_search_is_the_guided_search_with_round_end_leaves():
    # the 3-player normal
    agent = make_agent("normal", seed=5, game=GAME, players=3)
    normal = make_agent("normal", seed=5, game=GAME, players=2)
    s = _play_to(3, 59, 7, "choose")
    d = Decision(s)
    assert agent.choose(d) in d.legal_actions
    assert agent.evaluator is h.values_round_end
    assert agent.policy is h.policy_guided
    assert agent.rollout_depth == 0 and agent.chance is None   # the tree may cross the round end
    # the same search as the 2-player normal otherwise
    for key in ("iterations", "time_limit", "c", "prior", "order", "widen", "alpha", "final", "max_depth"):
        assert getattr(agent, key) == getattr(normal, key)
