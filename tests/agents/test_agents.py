import pytest

import lapilli
from lapilli.agents import Decision, HeuristicAgent, MCTSAgent, RandomAgent, make_agent, play_game
from lapilli.engine import LapilliError, register
from lapilli.sim import simulate
from lapilli.sim.tournament import elo, win_shares

register("nim", "tests.engine.nim_game")
register("toy", "tests.engine.toy_game")


def test_agent_specs_and_levels():
    a = make_agent("mcts:iterations=123,c=1.5")
    assert isinstance(a, MCTSAgent) and a.iterations == 123 and a.c == 1.5
    assert isinstance(make_agent("easy", game="nim"), HeuristicAgent)
    assert isinstance(make_agent("normal", game="nim"), MCTSAgent)
    with pytest.raises(LapilliError, match="unknown agent"):
        make_agent("wizard")
    with pytest.raises(LapilliError, match="bad parameters"):
        make_agent("random:depth=3")


def test_mcts_finds_the_winning_move_in_nim():
    # pile 6 with 2 players: taking 2 leaves 4, a lost position for the opponent
    s = lapilli.new_game("nim", 2, options={"pile": 10})
    s.apply("take 3")
    s.apply("take 1")
    assert s.pile == 6
    agent = MCTSAgent(seed=1, iterations=800)
    assert agent.choose(Decision(s)) == "take 2"
    assert agent.last_iterations == 800


def test_heuristic_takes_an_immediate_win():
    s = lapilli.new_game("nim", 2, options={"pile": 10})
    for a in ("take 3", "take 3", "take 1"):
        s.apply(a)
    assert s.pile == 3
    assert HeuristicAgent(seed=0).choose(Decision(s)) == "take 3"


def test_agents_see_only_a_decision():
    s = lapilli.new_game("toy", 2, seed=2)
    d = Decision(s)
    assert d.observation["hands"][1] == 2  # the other hand is only a count
    copy = d.determinize(5)
    assert copy is not s and copy.hands[0] == s.hands[0]


def test_mcts_beats_random_in_nim():
    rows = list(simulate("nim", 2, {"pile": 15}, ["mcts:iterations=300", "random"], 40, seed=3, rotate=True))
    shares = win_shares(rows)
    assert shares["mcts:iterations=300"]["win_share"] >= 0.85
    ratings = elo(rows)
    assert ratings["mcts:iterations=300"] > ratings["random"] + 200


def test_rotation_puts_every_agent_in_every_seat():
    rows = list(simulate("nim", 3, {}, ["random", "heuristic", "random"], 6,
                         rotate=True))
    seats = {(r.index % 3, r.lineup.index("heuristic")) for r in rows}
    assert {s for _, s in seats} == {0, 1, 2}


def test_play_game_runs_to_the_end():
    s = lapilli.new_game("nim", 3, seed=0)
    play_game(s, [RandomAgent(1), RandomAgent(2), RandomAgent(3)])
    assert s.is_terminal and len(s.winners()) == 1


def test_mcts_takes_game_hooks_and_refuses_missing_ones():
    with pytest.raises(LapilliError, match="no heuristic evaluator"):
        make_agent("mcts:evaluator=game", game="nim")


def test_lower_score_wins_is_respected_by_evaluators():
    from lapilli.agents.heuristic import score_margin
    from lapilli.agents.mcts import rank_values

    s = lapilli.new_game("eruption", 2, seed=1)
    assert s.SPEC.lower_score_wins
    s.temps = [30, 80]  # seat 0 is cooler: better placed
    assert rank_values(s) == [1.0, 0.0]
    assert score_margin(s, 0) == 50.0 and score_margin(s, 1) == -50.0


def test_agent_lists_keep_parameters_together():
    from lapilli.agents import split_agent_list

    assert split_agent_list("mcts:iterations=600,c=0.1,random") == ["mcts:iterations=600,c=0.1", "random"]
    assert split_agent_list("normal; hard ,random") == ["normal", "hard", "random"]
