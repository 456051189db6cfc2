"""Computer players.  All of them use the engine only through `Decision` (see base.py)."""
from __future__ import annotations

from ..engine.errors import LapilliError
from .base import Agent, Decision, GameDidNotEnd, play_game
from .heuristic import HeuristicAgent
from .levels import DEFAULT_LEVELS, by_count, level_entry, level_spec
from .mcts import MCTSAgent
from .random_agent import RandomAgent

# name -> factory(seed, **params)
AGENTS = {
    "random": lambda seed=0, **kw: RandomAgent(seed=seed, **kw),
    "mcts": lambda seed=0, **kw: MCTSAgent(seed=seed, **kw),
    "heuristic": lambda seed=0, **kw: HeuristicAgent(seed=seed, **kw),
}


def split_agent_list(text: str) -> list[str]:
    """'mcts:iterations=600,c=0.1,random' -> ['mcts:iterations=600,c=0.1', 'random'].

    Agents are separated by commas (or semicolons); a piece that looks like key=value without
    an agent name of its own continues the parameters of the agent before it."""
    out: list[str] = []
    for piece in text.replace(";", ",").split(","):
        piece = piece.strip()
        if not piece:
            continue
        if "=" in piece and ":" not in piece and out:
            out[-1] += "," + piece
        else:
            out.append(piece)
    return out


def parse_agent_spec(text: str) -> tuple[str, dict]:
    """'mcts:iterations=2000,c=1.4' -> ('mcts', {'iterations': 2000, 'c': 1.4})."""
    name, _, rest = text.strip().partition(":")
    params: dict = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq:
            raise LapilliError(f"agent parameter {part!r} must look like key=value")
        for conv in (int, float):
            try:
                params[key.strip()] = conv(value)
                break
            except ValueError:
                continue
        else:
            params[key.strip()] = {"true": True, "false": False}.get(value.strip().lower(), value.strip())
    return name.strip().lower(), params


def _game_hooks(params: dict, game: str | None) -> None:
    """``evaluator=game`` / ``policy=game`` take the game's heuristics module's functions:
    ``values(state) -> [value per seat in 0..1]`` (or ranks of ``evaluate(state, seat)``) and
    ``policy(state, legal, rng) -> action`` for rollouts."""
    from .heuristic import game_heuristics
    from .mcts import rank_by

    for key in ("evaluator", "policy"):
        if params.get(key) != "game":
            continue
        mod = game_heuristics(game) if game else None
        if key == "policy":
            fn = getattr(mod, "policy", None)
        else:
            fn = getattr(mod, "values", None)
            if fn is None and getattr(mod, "evaluate", None) is not None:
                fn = rank_by(mod.evaluate)
        if fn is None:
            raise LapilliError(f"{game or 'this game'} has no heuristic {key} (games/<game>/heuristics.py)")
        params[key] = fn


class ByCountAgent:
    """A level whose spec depends on the number of players (a dict entry in a game's LEVELS):
    the agent for a count is built at its first decision (``Decision.num_players``) and kept;
    everything else (``last_iterations``, ...) is the built agent's."""

    def __init__(self, entry: dict, seed: int = 0, game: str | None = None):
        self.entry = entry
        self.seed = seed
        self.game = game
        self._by_players: dict = {}
        self._current = None
        self.name = "by-count"

    def agent_for(self, players: int):
        if players not in self._by_players:
            self._by_players[players] = make_agent(by_count(self.entry, players), seed=self.seed, game=self.game)
        return self._by_players[players]

    def choose(self, decision):
        self._current = self.agent_for(decision.num_players)
        return self._current.choose(decision)

    def __getattr__(self, key):
        current = self.__dict__.get("_current")
        if current is None:
            raise AttributeError(key)
        return getattr(current, key)


def _with_params(entry: str | dict, extra: str) -> str | dict:
    """A level entry with parameters added after each of its specs (a later parameter replaces an
    earlier one of the same name): ``normal:time_limit=0`` is the normal level without its time
    limit, the agent its measurements in docs/agents.md were made with."""
    extra = extra.strip().strip(",")
    if not extra:
        return entry
    if isinstance(entry, dict):
        return {k: _with_params(v, extra) for k, v in entry.items()}
    return f"{entry}{',' if ':' in entry else ':'}{extra}"


def make_agent(text: str, seed: int = 0, game: str | None = None, players: int | None = None):
    """Build an agent from its name with parameters (``random``, ``mcts:iterations=2000``) or
    from a strength level (``easy``, ``normal``, ``hard``; per game when ``game`` is given; a
    level that depends on the player count takes ``players``, or when that is not given picks
    its spec at the agent's first decision).  Parameters after a level's name are added to its
    spec: ``hard:time_limit=0``."""
    name, params = parse_agent_spec(text)
    if name in DEFAULT_LEVELS:
        entry = _with_params(level_entry(name, game), text.partition(":")[2])
        if isinstance(entry, dict) and players is None:
            by_count(entry, None)  # a malformed entry fails here, not at the first move
            for spec in entry.values():
                make_agent(spec, seed=seed, game=game)  # and so does a bad spec in it
            return ByCountAgent(entry, seed=seed, game=game)
        name, params = parse_agent_spec(by_count(entry, players))
    if name not in AGENTS:
        known = ", ".join(list(AGENTS) + list(DEFAULT_LEVELS))
        raise LapilliError(f"unknown agent {name!r}; known agents: {known}")
    if name == "mcts":
        _game_hooks(params, game)
    try:
        return AGENTS[name](seed=seed, **params)
    except (TypeError, ValueError) as e:
        raise LapilliError(f"bad parameters for agent {name!r}: {e}") from None


__all__ = ["split_agent_list", "Agent", "Decision", "HeuristicAgent", "MCTSAgent", "level_spec", "DEFAULT_LEVELS", "RandomAgent", "AGENTS", "ByCountAgent", "make_agent", "parse_agent_spec", "play_game", "GameDidNotEnd"]
