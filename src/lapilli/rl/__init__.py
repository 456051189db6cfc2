"""Reinforcement learning: a PettingZoo AEC environment for every Lapilli game.

    import lapilli.rl
    env = lapilli.rl.env("nim", players=2, options={"pile": 21})
    env.reset(seed=42)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

Agents are ``player_0`` .. ``player_{n-1}`` (seat i); ``env.agent_selection`` is always the seat
that must decide (``state.to_move``), including decisions made outside one's turn.

**Observation** of each agent: ``{"observation": float32 vector, "action_mask": int8 vector}``.
The vector encodes ``state.observation(seat)`` (only what that seat may see); the mask is all
zeros for an agent that is not to move.

**Actions** are indices into a fixed table (``Discrete(N)``), chosen per game, player count and
options:

* *Per-game hook*: a game package may ship a module ``lapilli/games/<pkg>/rl.py`` with
  ``action_space(spec, players, options) -> list[str]`` (every action notation that can ever be
  legal; slot i means that notation) and/or ``encode_observation(obs: dict) -> list[float]``
  (a fixed-length numeric encoding of an observation, seats relative to the observer; helpers in
  ``lapilli.rl.features``).  Both are checked at run time: a legal action missing from the table
  raises ``ValueError`` naming it (``mask``), and so does a vector whose length differs from the
  one at set-up (``encode``).  All five games ship both (their docstrings give the layouts):

  action slots / observation length, by player count:

  - kingdomino-origins: 843 / 8694 (2p), 417 / 6343 (3p), 417 / 8304 (4p); Totem mode
    845, 420, 421 slots and Tribe mode 1202, 600, 600, same lengths;
  - stromboli: 112 (tactical 142) / 1010;
  - the-island: 76122 (2p) to 132342 (6p) slots with the base options, 176077 to 232457 with
    the Dolphins and the Giant Squid; 5187 (2p) + 1714 per further seat (12043 at 6p);
  - eruption: 5488 slots (lava_rain 5491, cooperation 5496); 6478 (2p), 7094, 7714, 8338,
    8966 (6p);
  - isola-dei-vulcani: 3975 slots (advanced set-up 5798); 2913 (2p), 3511, 4109 (4p);
    advanced 3243, 3948, 4653.

  The Island's table is large because a played creature tile (and a dive-die "D") moves a
  creature from any hex to any free sea hex, and every hex can become sea: 133 x 132 ordered
  pairs per creature kind.  Its masks are built from the legal actions, so the size costs only
  the mask's memory.
* *Generic fallback for actions*: ``N`` slots where **slot i means "the i-th legal action in
  sorted (string) order" now**.  The mask marks slots ``0 .. len(legal)-1``.  ``N`` is the largest
  number of legal actions seen in a deterministic sample of random games (``sample_games``
  games, seeds 0, 1, ...), times 1.25, plus 4; or ``action_slots=`` when given.  If a position
  ever has more legal actions than ``N``, only the first ``N`` (sorted) can be chosen.
* *Generic fallback for observations*: the observation dict's values are flattened depth-first
  (keys in sorted order, lists in order; ``game`` and ``options`` left out since they never
  change): numbers as they are, booleans as 0/1, ``None`` as -1, strings as a stable hash in
  [0, 1) (CRC-32); the vector is zero-padded or truncated to a length fixed per game, player count
  and options: the longest vector seen in the same sample, times 1.25, plus 8 (or ``obs_size=``).
  Lists that change length shift later entries: give a game a hook for a better encoding.

**Rewards** come only at the end: each of the k winners gets ``+1/k``, each other seat
``-1/(n-k)`` (so 2 players: +1 / -1).  A game cut off by ``max_plies`` is truncated with no reward.
An action whose slot is masked out raises ``ValueError``.
"""
from __future__ import annotations

import json
import math
import random
import zlib
from dataclasses import dataclass
from typing import Callable

from ..engine.catalogue import game_part
from ..engine.registry import game_spec, new_game

SKIP_KEYS = ("game", "options")
DEFAULT_SAMPLE_GAMES = 16


def _hooks(game: str):
    """The game's optional ``rl`` module, or None."""
    return game_part(game, "rl")


def flatten_observation(obs, out: list[float] | None = None) -> list[float]:
    """The generic encoder before padding: every value of a JSON-like observation, depth-first."""
    if out is None:
        out = []
    if isinstance(obs, dict):
        for k in sorted(obs, key=str):
            if k in SKIP_KEYS:
                continue
            flatten_observation(obs[k], out)
    elif isinstance(obs, (list, tuple)):
        for v in obs:
            flatten_observation(v, out)
    elif isinstance(obs, bool):
        out.append(1.0 if obs else 0.0)
    elif isinstance(obs, (int, float)):
        x = float(obs)
        out.append(x if math.isfinite(x) else 0.0)
    elif obs is None:
        out.append(-1.0)
    elif isinstance(obs, str):
        out.append((zlib.crc32(obs.encode()) & 0xFFFFFFFF) / 2.0**32)
    else:
        flatten_observation(json.loads(json.dumps(obs, default=str)), out)
    return out


@dataclass
class Adapter:
    """How one game (player count, options) maps to fixed spaces."""

    game: str
    players: int
    options: dict
    actions: list[str] | None  # fixed table (hook), or None for the generic sorted-legal slots
    slots: int
    obs_size: int
    encoder: Callable[[dict], list[float]]
    fixed_obs: bool = False  # the game's own encoder: every vector must have exactly obs_size numbers

    @property
    def generic_actions(self) -> bool:
        return self.actions is None

    def encode(self, obs: dict):
        import numpy as np

        v = self.encoder(obs)
        if self.fixed_obs:
            if len(v) != self.obs_size:
                raise ValueError(f"{self.game}: rl.encode_observation gave {len(v)} numbers, the layout has "
                                 f"{self.obs_size} (the encoding must not depend on the position)")
            return np.fromiter(v, dtype=np.float32, count=len(v))
        arr = np.zeros(self.obs_size, dtype=np.float32)
        n = min(len(v), self.obs_size)
        if n:
            arr[:n] = np.asarray(v[:n], dtype=np.float32)
        return arr

    def table(self, legal: list[str]) -> list[str]:
        """Slot -> notation now (generic: the sorted legal actions)."""
        return self.actions if self.actions is not None else sorted(legal)[: self.slots]

    def mask(self, legal: list[str]):
        import numpy as np

        m = np.zeros(self.slots, dtype=np.int8)
        if self.actions is None:
            m[: min(len(legal), self.slots)] = 1
        else:
            index = self._index()
            for a in legal:
                i = index.get(a)
                if i is None:
                    raise ValueError(f"{self.game}: the legal action {a!r} is missing from the action table of "
                                     f"rl.action_space ({self.players} players, options {self.options})")
                m[i] = 1
        return m

    def _index(self) -> dict[str, int]:
        if not hasattr(self, "_idx"):
            self._idx = {a: i for i, a in enumerate(self.actions or [])}
        return self._idx

    def decode(self, slot: int, legal: list[str]) -> str:
        slot = int(slot)
        if self.actions is None:
            ordered = sorted(legal)
            if 0 <= slot < min(len(ordered), self.slots):
                return ordered[slot]
            raise ValueError(f"action {slot} is masked out: {len(ordered)} legal actions now (slots 0-{len(ordered) - 1})")
        if 0 <= slot < len(self.actions) and self.actions[slot] in legal:
            return self.actions[slot]
        name = self.actions[slot] if 0 <= slot < len(self.actions) else "no such slot"
        raise ValueError(f"action {slot} ({name}) is not legal now")

    def encode_action(self, notation: str, legal: list[str]) -> int:
        """The slot of a legal action's notation now."""
        if self.actions is None:
            ordered = sorted(legal)
            i = ordered.index(notation)
            if i >= self.slots:
                raise ValueError(f"{notation!r} is beyond the {self.slots} action slots")
            return i
        return self._index()[notation]


_CACHE: dict[str, Adapter] = {}


def _sample(game: str, players: int, options: dict, games: int, encoder) -> tuple[int, int]:
    """Largest legal-action count and encoded-observation length in ``games`` seeded random games."""
    max_legal, max_obs = 1, 1
    for seed in range(games):
        state = new_game(game, players, seed, options)
        rng = random.Random(seed)
        ply = 0
        while True:
            seats = range(players) if ply % 4 == 0 or state.is_terminal else [state.to_move]
            for s in seats:
                max_obs = max(max_obs, len(encoder(state.observation(s))))
            if state.is_terminal:
                break
            legal = state.legal_actions()
            max_legal = max(max_legal, len(legal))
            state.apply(legal[rng.randrange(len(legal))])
            ply += 1
    return max_legal, max_obs


def adapter(game: str, players: int | None = None, options: dict | None = None, action_slots: int | None = None,
            obs_size: int | None = None, sample_games: int = DEFAULT_SAMPLE_GAMES) -> Adapter:
    """The fixed action table and observation size of a game (cached per set-up)."""
    spec = game_spec(game)
    players, options = spec.resolve(players, options)
    key = json.dumps([game, players, options, action_slots, obs_size, sample_games], sort_keys=True, default=str)
    if key in _CACHE:
        return _CACHE[key]
    hooks = _hooks(game)
    actions = None
    if hooks is not None and hasattr(hooks, "action_space"):
        actions = [str(a) for a in hooks.action_space(spec, players, options)]
        if len(set(actions)) != len(actions):
            raise ValueError(f"{game}: rl.action_space lists an action twice")
    encoder = hooks.encode_observation if hooks is not None and hasattr(hooks, "encode_observation") else flatten_observation
    fixed_obs = encoder is not flatten_observation
    need_slots = actions is None and action_slots is None
    need_obs = obs_size is None and not fixed_obs
    if need_slots or need_obs:
        max_legal, max_obs = _sample(game, players, options, sample_games, encoder)
    if actions is not None:
        slots = len(actions)
    else:
        slots = int(action_slots) if action_slots else int(math.ceil(max_legal * 1.25)) + 4
    if fixed_obs:
        # the game's encoder has a fixed layout: its length at set-up is its length everywhere
        size = len(encoder(new_game(game, players, 0, options).observation(0)))
        if obs_size is not None and int(obs_size) != size:
            raise ValueError(f"{game}: obs_size={obs_size} but the game's encoder gives {size} numbers")
        obs_size = size
    elif obs_size is None:
        obs_size = int(math.ceil(max_obs * 1.25)) + 8
    ad = Adapter(game, players, options, actions, slots, int(obs_size), encoder, fixed_obs)
    _CACHE[key] = ad
    return ad


def env(game: str, players: int | None = None, options: dict | None = None, **kwargs):
    """A PettingZoo AEC environment of ``game`` (wrapped to enforce the AEC call order)."""
    from pettingzoo.utils import wrappers

    from .aec import LapilliAEC

    return wrappers.OrderEnforcingWrapper(LapilliAEC(game, players=players, options=options, **kwargs))


def raw_env(game: str, players: int | None = None, options: dict | None = None, **kwargs):
    """The environment without wrappers."""
    from .aec import LapilliAEC

    return LapilliAEC(game, players=players, options=options, **kwargs)


__all__ = ["Adapter", "adapter", "env", "flatten_observation", "raw_env"]
