"""Strength levels by name, and levels whose spec depends on the number of players."""
import pytest

import lapilli
from lapilli.agents import ByCountAgent, Decision, MCTSAgent, level_spec, make_agent, play_game
from lapilli.agents import levels as levels_mod
from lapilli.engine import LapilliError, register

register("nim", "tests.engine.nim_game")


@pytest.fixture
def nim_levels(monkeypatch):
    levels = {
        "normal": "mcts:iterations=40",
        "hard": {2: "mcts:iterations=77", "default": "mcts:iterations=55"},
    }
    monkeypatch.setitem(levels_mod._CACHE, "nim", levels)
    return levels


def test_level_by_player_count(nim_levels):
    assert level_spec("hard", "nim", 2) == "mcts:iterations=77"
    assert level_spec("hard", "nim", 3) == "mcts:iterations=55"
    assert level_spec("hard", "nim") == "mcts:iterations=55"      # count not known: the default
    assert level_spec("normal", "nim", 2) == "mcts:iterations=40"  # a plain spec for every count
    assert make_agent("hard", game="nim", players=2).iterations == 77
    assert make_agent("hard", game="nim", players=3).iterations == 55


def test_by_count_agent_picks_its_spec_at_the_first_decision(nim_levels):
    agent = make_agent("hard", seed=4, game="nim")
    assert isinstance(agent, ByCountAgent)
    for players, iterations in ((2, 77), (3, 55)):
        s = lapilli.new_game("nim", players, options={"pile": 10})
        move = agent.choose(Decision(s))
        assert move in s.legal_actions()
        assert isinstance(agent.agent_for(players), MCTSAgent)
        assert agent.agent_for(players).iterations == iterations
        assert agent.last_iterations == iterations  # the built agent's attributes show through
        # the same choice as the agent built for that count directly, with the same seed
        direct = make_agent(level_spec("hard", "nim", players), seed=4, game="nim")
        assert direct.choose(Decision(lapilli.new_game("nim", players, options={"pile": 10}))) == move
    final = play_game(lapilli.new_game("nim", 3, options={"pile": 15}), [agent, make_agent("random"), make_agent("random")])
    assert final.is_terminal


def test_bad_levels_by_count_fail_early(monkeypatch):
    monkeypatch.setitem(levels_mod._CACHE, "nim", {"hard": {2: "mcts:iterations=10"}})
    assert make_agent("hard", game="nim", players=2).iterations == 10
    with pytest.raises(LapilliError, match="no 'default'"):
        make_agent("hard", game="nim", players=3)
    with pytest.raises(LapilliError, match="no 'default'"):
        make_agent("hard", game="nim")
    monkeypatch.setitem(levels_mod._CACHE, "nim", {"hard": {2: "mcts:iterations=10", "default": "mcts:no_such_param=1"}})
    with pytest.raises(LapilliError, match="bad parameters"):
        make_agent("hard", game="nim")


@pytest.mark.parametrize("game", lapilli.list_games())
def test_every_level_of_every_game_builds_for_every_player_count(game):
    spec = lapilli.game_spec(game)
    for level in ("easy", "normal", "hard"):
        for players in range(spec.min_players, spec.max_players + 1):
            text = level_spec(level, game, players)
            agent = make_agent(level, game=game, players=players)
            assert type(agent) is type(make_agent(text, game=game))


def test_parameters_after_a_level_name_are_added_to_its_spec(nim_levels):
    agent = make_agent("hard:time_limit=0,iterations=12", game="nim", players=2)
    assert (agent.iterations, agent.time_limit) == (12, 0)
    by_count = make_agent("hard:iterations=9", seed=1, game="nim")
    assert isinstance(by_count, ByCountAgent)
    assert by_count.agent_for(2).iterations == by_count.agent_for(3).iterations == 9
    assert make_agent("normal", game="nim").iterations == 40          # the level itself is unchanged


def test_an_untimed_level_is_the_level_without_its_time_limit():
    # docs/agents.md measures the levels as `normal:time_limit=0`: the spec's own parameters, the
    # time limit off
    for game in ("the-island", "eruption"):
        for players in (2, 5):
            spec = level_spec("normal", game, players)
            agent = make_agent("normal:time_limit=0", game=game, players=players)
            assert agent.time_limit == 0 and level_spec("normal", game, players) == spec
            timed = make_agent("normal", game=game, players=players)
            assert timed.time_limit > 0
            for key in ("iterations", "c", "max_depth", "mix", "settle", "widen"):
                assert getattr(agent, key) == getattr(timed, key), key
    with pytest.raises(LapilliError, match="bad parameters for agent 'heuristic'"):
        make_agent("easy:time_limit=0", game="the-island", players=3)
