"""The computer players' heuristics for Kingdomino Origins: legal choices in every mode, values in
[0, 1], the levels build, and the greedy player takes the obvious points."""
import pytest

import lapilli
from lapilli.agents import Decision, make_agent
from lapilli.engine.rng import Rng
from lapilli.games.kingdomino_origins import heuristics as h

from .helpers import GAME


@pytest.mark.parametrize("players,mode", [(2, "discovery"), (3, "tribe"), (4, "totem")])
def test_choose_policy_and_values_are_legal_to_the_end(players, mode):
    s = lapilli.new_game(GAME, players=players, seed=11, options={"mode": mode})
    rng = Rng(3)
    turn = 0
    while not s.is_terminal:
        legal = s.legal_actions()
        seat = s.to_move
        pick = h.choose(s.clone(), legal, rng, seat) if turn % 2 == 0 else h.policy(s, legal, rng)
        assert pick in legal
        vals = h.values(s)
        assert len(vals) == players and all(0.0 <= v <= 1.0 for v in vals)
        assert isinstance(h.evaluate(s, seat), float)
        s.apply(pick)
        turn += 1
    assert h.values(s) == [1.0 / len(s.winners()) if i in s.winners() else 0.0 for i in range(players)]


def test_levels_build_and_play_a_move():
    s = lapilli.new_game(GAME, players=2, seed=5)
    while s.phase != "place":
        s.apply(s.legal_actions()[0])
    for level in ("easy", "normal", "hard"):
        agent = make_agent(level, seed=1, game=GAME, players=2)
        if hasattr(agent, "iterations"):
            agent.iterations, agent.time_limit = 30, None
        assert agent.choose(Decision(s)) in s.legal_actions()


def test_greedy_heuristic_beats_random_players():
    # 4 players, one heuristic seat: it should win most seeded games against three random players
    wins = 0
    for seed in range(4):
        s = lapilli.new_game(GAME, players=4, seed=seed)
        agents = [make_agent("heuristic", seed=seed, game=GAME)] + [make_agent("random", seed=seed + i) for i in range(1, 4)]
        while not s.is_terminal:
            s.apply(agents[s.to_move].choose(Decision(s)))
        wins += 0 in s.winners()
    assert wins >= 3
