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
    s.temperatures = [30, 80]  # seat 0 is cooler: better placed
    assert rank_values(s) == [1.0, 0.0]
    assert score_margin(s, 0) == 50.0 and score_margin(s, 1) == -50.0


def test_agent_lists_keep_parameters_together():
    from lapilli.agents import split_agent_list

    assert split_agent_list("mcts:iterations=600,c=0.1,random") == ["mcts:iterations=600,c=0.1", "random"]
    assert split_agent_list("normal; hard ,random") == ["normal", "hard", "random"]


def _nim_at_six():
    s = lapilli.new_game("nim", 2, options={"pile": 10})
    s.apply("take 3")
    s.apply("take 1")
    assert s.pile == 6  # taking 2 wins, taking 1 or 3 loses
    return s


def test_guided_search_expands_the_prior_move_first():
    seen = []

    def prior(state, legal, rng):
        seen.append(state)
        return "take 1"

    s = _nim_at_six()
    # widening that allows one child only: the search never leaves the prior's (losing) move
    narrow = MCTSAgent(seed=1, iterations=200, prior=prior, widen=0.5, alpha=0.0)
    assert narrow.choose(Decision(s)) == "take 1"
    assert seen and all(st is not s for st in seen)  # the prior sees determinized copies only
    # the same search with room to widen finds the winning move despite the prior
    wide = MCTSAgent(seed=1, iterations=800, prior=prior, widen=1.0, alpha=0.5)
    assert wide.choose(Decision(s)) == "take 2"


def test_guided_search_falls_back_on_the_prior_move_when_visits_tie():
    s = _nim_at_six()
    # two iterations: the prior's move and one other each get a visit; the tie goes to the prior
    for move in ("take 1", "take 3"):
        agent = MCTSAgent(seed=3, iterations=2, prior=lambda st, legal, rng, m=move: m)
        assert agent.choose(Decision(s)) == move


def test_final_by_mean_value_needs_min_visits():
    s = _nim_at_six()
    agent = MCTSAgent(seed=1, iterations=800, final="mean", min_visits=20)
    assert agent.choose(Decision(s)) == "take 2"
    # no move reaches the minimum: the most visited one is played
    few = MCTSAgent(seed=1, iterations=3, final="mean", min_visits=50, prior=lambda st, legal, rng: "take 3")
    assert few.choose(Decision(s)) == "take 3"


def test_guided_search_parameters_by_name():
    a = make_agent("mcts:iterations=50,prior=game,order=eval,widen=2,alpha=0.4,final=mean,min_visits=5,"
                   "evaluator=game", game="the-island")
    assert (a.prior, a.order, a.widen, a.alpha, a.final, a.min_visits) == ("game", "eval", 2.0, 0.4, "mean", 5)
    s = lapilli.new_game("the-island", 2, seed=4)
    legal = s.legal_actions()
    assert a.choose(Decision(s)) in legal and a.last_iterations == 50
    for bad in ("mcts:prior=oracle", "mcts:final=best", "mcts:order=alphabet"):
        with pytest.raises(LapilliError, match="bad parameters"):
            make_agent(bad)


def test_max_depth_caps_the_tree():
    from lapilli.agents.mcts import rank_values

    def flat(st):  # the win share at the end, no opinion before
        return rank_values(st) if st.is_terminal else [0.5] * st.num_players

    # from a pile of 6 no game ends within one decision: a tree one decision deep sees only the
    # flat values and falls back on the prior's move; without the cap the search finds the win
    s = _nim_at_six()
    kw = dict(seed=1, iterations=800, rollout_depth=0, evaluator=flat, prior=lambda st, legal, rng: "take 3")
    assert MCTSAgent(**kw).choose(Decision(s)) == "take 2"
    assert MCTSAgent(max_depth=1, **kw).choose(Decision(s)) == "take 3"
    assert make_agent("mcts:max_depth=3").max_depth == 3
