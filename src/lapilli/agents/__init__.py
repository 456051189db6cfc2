"""Computer players.  All of them use the engine only through `Decision` (see base.py)."""
from __future__ import annotations

from ..engine.errors import LapilliError
from .base import Agent, Decision, play_game
from .heuristic import HeuristicAgent
from .levels import DEFAULT_LEVELS, level_spec
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


def make_agent(text: str, seed: int = 0, game: str | None = None):
    """Build an agent from its name with parameters (``random``, ``mcts:iterations=2000``) or
    from a strength level (``easy``, ``normal``, ``hard``; per game when ``game`` is given)."""
    name, params = parse_agent_spec(text)
    if name in DEFAULT_LEVELS and not params:
        name, params = parse_agent_spec(level_spec(name, game))
    if name not in AGENTS:
        known = ", ".join(list(AGENTS) + list(DEFAULT_LEVELS))
        raise LapilliError(f"unknown agent {name!r}; known agents: {known}")
    if name == "mcts":
        _game_hooks(params, game)
    try:
        return AGENTS[name](seed=seed, **params)
    except (TypeError, ValueError) as e:
        raise LapilliError(f"bad parameters for agent {name!r}: {e}") from None


__all__ = ["split_agent_list", "Agent", "Decision", "HeuristicAgent", "MCTSAgent", "level_spec", "DEFAULT_LEVELS", "RandomAgent", "AGENTS", "make_agent", "parse_agent_spec", "play_game"]
