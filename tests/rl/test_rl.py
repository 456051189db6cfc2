"""The PettingZoo adapter: API test for every registered game, spaces, masks, hooks, rewards."""
import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

import lapilli  # noqa: E402
import lapilli.rl as rl  # noqa: E402
from lapilli.engine import register  # noqa: E402

register("toy", "tests.engine.toy_game")
register("nim", "tests.engine.nim_game")
register("nim-hooked", "tests.rl.hooked")

pytestmark = pytest.mark.filterwarnings("ignore:Observation:UserWarning")

TEST_GAMES = [("nim", 2), ("nim", 3), ("toy", 2), ("toy", 3), ("nim-hooked", 2), ("nim-hooked", 3)]


@pytest.mark.parametrize("game, players", TEST_GAMES)
def test_api_test_on_test_games(game, players):
    api_test(rl.env(game, players=players), num_cycles=200)


@pytest.mark.parametrize("game", [g for g in lapilli.list_games() if g not in {"toy", "nim", "nim-hooked"}])
def test_api_test_on_every_registered_game(game):
    """Covers the five real games as they land (and any other registered game)."""
    spec = lapilli.game_spec(game)
    players = spec.default_players or spec.min_players
    api_test(rl.env(game, players=players, sample_games=3), num_cycles=60)


def test_seeding_is_deterministic():
    seed_test(lambda: rl.env("toy", players=3), num_cycles=50)


def play(env, seed, pick=lambda obs: int(np.flatnonzero(obs["action_mask"])[-1])):
    env.reset(seed=seed)
    total = {a: 0.0 for a in env.possible_agents}
    moves = []
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        a = pick(obs)
        moves.append(env.unwrapped.action_notation(a))
        env.step(a)
    return total, moves


def test_generic_slots_are_the_sorted_legal_actions_and_masks_match():
    env = rl.raw_env("toy", players=2)
    env.reset(seed=5)
    legal = sorted(env.game_state.legal_actions())
    obs = env.observe(env.agent_selection)
    assert obs["action_mask"].tolist() == [1] * len(legal) + [0] * (env.adapter.slots - len(legal))
    assert [env.action_notation(i) for i in range(len(legal))] == legal
    other = [a for a in env.possible_agents if a != env.agent_selection][0]
    assert not env.observe(other)["action_mask"].any()
    with pytest.raises(ValueError):
        env.step(len(legal))  # masked out
    assert env.notation_action(legal[-1]) == len(legal) - 1
    # the observation of each seat shows only that seat's hand
    seat = env.game_state.to_move
    assert env.observe(env.agent_selection)["observation"].dtype == np.float32
    assert env.observe(env.agent_selection)["observation"].shape == (env.adapter.obs_size,)
    assert env.game_state.observation(seat)["hands"][1 - seat] == 2  # the other hand is a count


def test_hook_action_table_and_encoder():
    env = rl.raw_env("nim-hooked", players=2, options={"pile": 10})
    assert env.adapter.actions == ["take 3", "take 2", "take 1"] and env.adapter.slots == 3
    assert env.adapter.obs_size == 3
    env.reset(seed=0)
    obs = env.observe("player_0")
    assert obs["observation"].tolist() == pytest.approx([10 / 21, 0.0, 0.0])
    assert obs["action_mask"].tolist() == [1, 1, 1]
    env.step(0)  # take 3
    assert env.game_state.pile == 7
    env.step(2)  # take 1
    assert env.game_state.pile == 6


def test_hook_mask_follows_the_table():
    env = rl.raw_env("nim-hooked", players=2, options={"pile": 10})
    env.reset(seed=0)
    for a in (0, 0, 0):  # 10 -> 1 stone
        env.step(a)
    assert env.game_state.pile == 1
    assert env.observe(env.agent_selection)["action_mask"].tolist() == [0, 0, 1]
    with pytest.raises(ValueError, match="not legal"):
        env.step(0)


def test_rewards_at_the_end_are_zero_sum():
    env = rl.env("nim", players=3, options={"pile": 10})
    total, moves = play(env, 1)
    assert sorted(total.values()) == pytest.approx([-0.5, -0.5, 1.0])
    assert env.agents == []
    env2 = rl.env("nim", players=2)
    total2, _ = play(env2, 3, pick=lambda obs: int(np.flatnonzero(obs["action_mask"])[0]))
    assert sorted(total2.values()) == [-1.0, 1.0]


def test_truncation_by_max_plies():
    env = rl.raw_env("nim", players=2, options={"pile": 21}, max_plies=3)
    env.reset(seed=0)
    for _ in range(3):
        env.step(0)  # take 1
    assert all(env.truncations.values()) and not any(env.terminations.values())


def test_spaces_are_fixed_and_configurable():
    a = rl.adapter("toy", 2)
    assert rl.adapter("toy", 2) is a
    e = rl.raw_env("toy", players=2, action_slots=20, obs_size=50)
    assert e.action_space("player_0").n == 20
    assert e.observation_space("player_1")["observation"].shape == (50,)


def test_flatten_observation():
    obs = {"game": "x", "options": {"a": 1}, "b": [1, 2, {"c": True, "d": None}], "a": 2.5, "s": "hi"}
    v = rl.flatten_observation(obs)
    assert v[:5] == [2.5, 1.0, 2.0, 1.0, -1.0] and len(v) == 6 and 0 <= v[5] < 1
