"""Every level of every game and player count builds the same agent as the spec it was measured
with: the parameters of ``level_spec`` equal those of the spec text below, written out in full
(a later parameter of the same name replaced an earlier one), so the measured strengths of
docs/agents.md hold for the levels as built from the named searches of each game's levels.py."""
import pytest

import lapilli
from lapilli.agents import level_spec, parse_agent_spec
from lapilli.engine.registry import GAMES

MEASURED = {
    ("isola-dei-vulcani", "easy", None): "heuristic",
    ("isola-dei-vulcani", "easy", 2): "heuristic",
    ("isola-dei-vulcani", "easy", 3): "heuristic",
    ("isola-dei-vulcani", "easy", 4): "heuristic",
    ("isola-dei-vulcani", "normal", None): "mcts:iterations=600,time_limit=0.8,c=0.3,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval",
    ("isola-dei-vulcani", "normal", 2): "mcts:iterations=600,time_limit=0.8,c=0.3,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval",
    ("isola-dei-vulcani", "normal", 3): "mcts:iterations=600,time_limit=0.8,c=0.3,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval",
    ("isola-dei-vulcani", "normal", 4): "mcts:iterations=600,time_limit=0.8,c=0.3,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval",
    ("isola-dei-vulcani", "hard", None): "mcts:iterations=600,time_limit=4,c=0.3,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval,settle=1,policy=choose",
    ("isola-dei-vulcani", "hard", 2): "mcts:iterations=600,time_limit=4,c=0.3,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval,settle=1,policy=choose",
    ("isola-dei-vulcani", "hard", 3): "mcts:iterations=600,time_limit=4,c=0.3,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval,evaluator=fitted_values",
    ("isola-dei-vulcani", "hard", 4): "mcts:iterations=600,time_limit=4,c=0.3,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval,settle=1,policy=choose",
    ("stromboli", "easy", None): "heuristic",
    ("stromboli", "easy", 2): "heuristic",
    ("stromboli", "normal", None): "mcts:iterations=300,rollout_depth=12,time_limit=0.8,c=0.5,evaluator=game,policy=game",
    ("stromboli", "normal", 2): "mcts:iterations=300,rollout_depth=12,time_limit=0.8,c=0.5,evaluator=game,policy=game",
    ("stromboli", "hard", None): "mcts:iterations=1000,rollout_depth=12,time_limit=2.5,c=0.5,evaluator=game,policy=game",
    ("stromboli", "hard", 2): "mcts:iterations=1000,rollout_depth=12,time_limit=2.5,c=0.5,evaluator=game,policy=game",
    ("kingdomino-origins", "easy", None): "heuristic",
    ("kingdomino-origins", "easy", 2): "heuristic",
    ("kingdomino-origins", "easy", 3): "heuristic",
    ("kingdomino-origins", "easy", 4): "heuristic",
    ("kingdomino-origins", "normal", None): "mcts:iterations=600,time_limit=0.7,c=0.1,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval",
    ("kingdomino-origins", "normal", 2): "mcts:iterations=600,time_limit=0.7,c=0.1,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval",
    ("kingdomino-origins", "normal", 3): "mcts:iterations=600,time_limit=0.7,c=0.1,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval,evaluator=values_round_end",
    ("kingdomino-origins", "normal", 4): "mcts:iterations=1200,time_limit=0.9,c=0.1,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval",
    ("kingdomino-origins", "hard", None): "mcts:iterations=600,time_limit=8,c=0.1,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval,evaluator=values_next_round_end",
    ("kingdomino-origins", "hard", 2): "mcts:iterations=600,time_limit=8,c=0.1,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval,evaluator=values_next_round_end",
    ("kingdomino-origins", "hard", 3): "mcts:iterations=600,time_limit=8,c=0.1,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval,evaluator=values_next_round_end",
    ("kingdomino-origins", "hard", 4): "mcts:iterations=600,time_limit=8,c=0.1,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval,evaluator=values_next_round_end",
    ("the-island", "easy", None): "heuristic",
    ("the-island", "easy", 2): "heuristic",
    ("the-island", "easy", 3): "heuristic",
    ("the-island", "easy", 4): "heuristic",
    ("the-island", "easy", 5): "heuristic",
    ("the-island", "easy", 6): "heuristic",
    ("the-island", "normal", None): "mcts:iterations=400,time_limit=0.9,c=0.05,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval,max_depth=3",
    ("the-island", "normal", 2): "mcts:iterations=150,time_limit=0.9,c=0.05,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval,max_depth=1,mix=0.5",
    ("the-island", "normal", 3): "mcts:iterations=150,time_limit=0.9,c=0.05,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval,max_depth=1",
    ("the-island", "normal", 4): "mcts:iterations=150,time_limit=0.9,c=0.05,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval,max_depth=1",
    ("the-island", "normal", 5): "mcts:iterations=150,time_limit=0.9,c=0.05,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval,max_depth=1",
    ("the-island", "normal", 6): "mcts:iterations=150,time_limit=0.9,c=0.05,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval,max_depth=1",
    ("the-island", "hard", None): "mcts:iterations=400,time_limit=0.9,c=0.05,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval,max_depth=3",
    ("the-island", "hard", 2): "mcts:iterations=400,time_limit=4,c=0.05,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval,max_depth=3,ensemble=4",
    ("the-island", "hard", 3): "mcts:iterations=400,time_limit=4,c=0.05,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval,max_depth=3,evaluator=fitted_values",
    ("the-island", "hard", 4): "mcts:iterations=400,time_limit=4,c=0.05,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval,max_depth=3,evaluator=fitted_values",
    ("the-island", "hard", 5): "mcts:iterations=400,time_limit=4,c=0.05,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval,max_depth=1,evaluator=fitted_soft_values",
    ("the-island", "hard", 6): "mcts:iterations=400,time_limit=4,c=0.05,rollout_depth=0,evaluator=game,policy=game,prior=game,widen=2,order=eval,max_depth=1,evaluator=fitted_values",
    ("eruption", "easy", None): "mcts:iterations=40,rollout_depth=0,c=0.0,time_limit=0.3,evaluator=game,policy=game",
    ("eruption", "easy", 2): "mcts:iterations=40,rollout_depth=0,c=0.0,time_limit=0.3,evaluator=game,policy=game",
    ("eruption", "easy", 3): "mcts:iterations=40,rollout_depth=0,c=0.0,time_limit=0.3,evaluator=game,policy=game",
    ("eruption", "easy", 4): "mcts:iterations=40,rollout_depth=0,c=0.0,time_limit=0.3,evaluator=game,policy=game",
    ("eruption", "easy", 5): "mcts:iterations=40,rollout_depth=0,c=0.0,time_limit=0.3,evaluator=game,policy=game",
    ("eruption", "easy", 6): "mcts:iterations=40,rollout_depth=0,c=0.0,time_limit=0.3,evaluator=game,policy=game",
    ("eruption", "normal", None): "mcts:iterations=600,time_limit=0.9,c=0.05,rollout_depth=0,evaluator=values_by_count,policy=policy_by_count,prior=game,widen=2,order=eval,chance=key,settle=1",
    ("eruption", "normal", 2): "mcts:iterations=600,time_limit=0.9,c=0.05,rollout_depth=0,evaluator=values_raceout,policy=policy_by_count,prior=game,widen=2,order=eval,chance=key,settle=1,prune=keep_rain",
    ("eruption", "normal", 3): "mcts:iterations=150,time_limit=0.9,c=0.05,rollout_depth=0,evaluator=fitted_values,policy=policy_by_count,prior=game,widen=2,order=eval,chance=key,settle=1,max_depth=1,mix=0.5",
    ("eruption", "normal", 4): "mcts:iterations=150,time_limit=0.9,c=0.05,rollout_depth=0,evaluator=fitted_values,policy=policy_by_count,prior=game,widen=2,order=eval,chance=key,settle=1,max_depth=1,mix=0.5",
    ("eruption", "normal", 5): "mcts:iterations=150,time_limit=0.9,c=0.05,rollout_depth=0,evaluator=fitted_values_staged,policy=policy_by_count,prior=game,widen=2,order=eval,chance=key,settle=1,max_depth=1,mix=0.7",
    ("eruption", "normal", 6): "mcts:iterations=150,time_limit=0.9,c=0.05,rollout_depth=0,evaluator=fitted_values_staged,policy=policy_by_count,prior=game,widen=2,order=eval,chance=key,settle=1,max_depth=1",
    ("eruption", "hard", None): "mcts:iterations=600,time_limit=0.9,c=0.05,rollout_depth=0,evaluator=values_by_count,policy=policy_by_count,prior=game,widen=2,order=eval,chance=key,settle=1",
    ("eruption", "hard", 2): "mcts:iterations=600,time_limit=4,c=0.05,rollout_depth=0,evaluator=fitted_values,policy=policy_by_count,prior=game,widen=2,order=eval,chance=key,settle=1,prune=keep_rain",
    ("eruption", "hard", 3): "mcts:iterations=600,time_limit=4,c=0.05,rollout_depth=0,evaluator=fitted_values,policy=policy_by_count,prior=game,widen=2,order=eval,chance=key,settle=1",
    ("eruption", "hard", 4): "mcts:iterations=400,time_limit=4,c=0.05,rollout_depth=0,evaluator=fitted_values_place,policy=policy_by_count,prior=game,widen=2,order=eval,chance=key,settle=1,max_depth=1",
    ("eruption", "hard", 5): "mcts:iterations=400,time_limit=4,c=0.05,rollout_depth=0,evaluator=fitted_values_staged,policy=policy_by_count,prior=game,widen=2,order=eval,chance=key,settle=1,max_depth=1",
    ("eruption", "hard", 6): "mcts:iterations=600,time_limit=4,c=0.05,rollout_depth=0,evaluator=values_by_count,policy=policy_by_count,prior=game,widen=2,order=eval,chance=key,settle=1",
}


def test_every_level_and_player_count_is_listed():
    want = set()
    for game in (g for g in lapilli.list_games() if GAMES[g].startswith("lapilli.games.")):
        spec = lapilli.game_spec(game)
        for level in ("easy", "normal", "hard"):
            want |= {(game, level, n) for n in (None, *range(spec.min_players, spec.max_players + 1))}
    assert set(MEASURED) == want


@pytest.mark.parametrize("game, level, players", sorted(MEASURED, key=str))
def test_the_level_builds_the_measured_agent(game, level, players):
    assert parse_agent_spec(level_spec(level, game, players)) == parse_agent_spec(MEASURED[game, level, players])
