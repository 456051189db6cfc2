"""The PettingZoo AEC environment over the engine contract (see lapilli.rl for the spaces)."""
from __future__ import annotations

import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..engine.registry import game_spec, new_game
from . import DEFAULT_SAMPLE_GAMES, adapter


class LapilliAEC(AECEnv):
    metadata = {"render_modes": ["ansi", "human"], "name": "lapilli", "is_parallelizable": False}

    def __init__(self, game: str, players: int | None = None, options: dict | None = None,
                 action_slots: int | None = None, obs_size: int | None = None, max_plies: int | None = None,
                 sample_games: int = DEFAULT_SAMPLE_GAMES, render_mode: str | None = None):
        super().__init__()
        spec = game_spec(game)
        self.game = game
        self.num_players, self.game_options = spec.resolve(players, options)
        self.adapter = adapter(game, self.num_players, self.game_options, action_slots=action_slots,
                               obs_size=obs_size, sample_games=sample_games)
        self.max_plies = max_plies
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"lapilli_{game.replace('-', '_')}")
        self.possible_agents = [f"player_{i}" for i in range(self.num_players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        n, size = self.adapter.slots, self.adapter.obs_size
        self._action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
            })
            for a in self.possible_agents
        }
        self._next_seed: int | None = None
        self.game_state = None

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent):
        return self._observation_spaces[agent]

    def action_space(self, agent):
        return self._action_spaces[agent]

    # ------------------------------------------------------------------ AEC API
    def reset(self, seed: int | None = None, options: dict | None = None):
        """A new game.  ``seed`` seeds it (later resets without a seed use seed+1, seed+2, ...);
        ``options`` of reset are ignored (game options are fixed when the env is made)."""
        if seed is not None:
            self._next_seed = int(seed)
        elif self._next_seed is None:
            self._next_seed = random.SystemRandom().randrange(2**31)
        self.game_seed = self._next_seed
        self._next_seed += 1
        self.game_state = new_game(self.game, self.num_players, self.game_seed, self.game_options)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self._legal = self.game_state.legal_actions()
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game_state.to_move]
        self._update_infos()

    def _update_infos(self) -> None:
        for a in self.agents:
            self.infos[a] = {}
        if self.game_state is not None and not self.game_state.is_terminal:
            mover = self.possible_agents[self.game_state.to_move]
            if mover in self.infos:
                self.infos[mover] = {"legal_actions": list(self._legal)}

    def observe(self, agent):
        seat = self._seat[agent]
        obs = self.adapter.encode(self.game_state.observation(seat))
        if not self.game_state.is_terminal and self.game_state.to_move == seat:
            mask = self.adapter.mask(self._legal)
        else:
            mask = np.zeros(self.adapter.slots, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: None is only for agents whose game is over")
        notation = self.adapter.decode(int(action), self._legal)
        self._cumulative_rewards[agent] = 0.0
        self.game_state.apply(notation)
        self.rewards = {a: 0.0 for a in self.agents}
        if self.game_state.is_terminal:
            winners = self.game_state.winners()
            k, n = len(winners), self.num_players
            for a in self.agents:
                seat = self._seat[a]
                if seat in winners:
                    self.rewards[a] = 1.0 / k
                else:
                    self.rewards[a] = -1.0 / (n - k) if n > k else 0.0
                self.terminations[a] = True
            self._legal = []
        elif self.max_plies is not None and len(self.game_state.history) >= self.max_plies:
            for a in self.agents:
                self.truncations[a] = True
            self._legal = []
        else:
            self._legal = self.game_state.legal_actions()
            self.agent_selection = self.possible_agents[self.game_state.to_move]
        self._update_infos()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # ------------------------------------------------------------------ helpers
    def action_notation(self, slot: int) -> str:
        """The notation an action slot stands for now (for the agent to move)."""
        return self.adapter.decode(slot, self._legal)

    def notation_action(self, notation: str) -> int:
        """The slot of a legal action's notation now."""
        return self.adapter.encode_action(notation, self._legal)

    def render(self):
        if self.game_state is None:
            return None
        text = self.game_state.render(None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        self.game_state = None
