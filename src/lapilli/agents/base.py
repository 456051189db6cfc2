"""The agent protocol that every computer player shares.

An agent is asked for one action at a time through a `Decision`: the seat it plays, what that
seat may see (`observation`), the legal actions, and `determinize(seed)` for a copy of the game
in which everything hidden from that seat is re-sampled.  It never sees the true state of a game
with hidden information.
"""
from __future__ import annotations

from typing import Protocol

from ..engine.state import State

_UNSET = object()


class Decision:
    """What an agent is shown when it must act."""

    __slots__ = ("player", "legal_actions", "_state", "_obs", "_plan")

    def __init__(self, state: State, player: int | None = None, legal: list[str] | None = None):
        self._state = state
        self.player = state.to_move if player is None else player
        self.legal_actions = state.legal_actions() if legal is None else legal
        self._obs = None
        self._plan = _UNSET

    @property
    def game(self) -> str:
        return self._state.SPEC.id

    @property
    def num_players(self) -> int:
        return self._state.num_players

    @property
    def observation(self) -> dict:
        if self._obs is None:
            self._obs = self._state.observation(self.player)
        return self._obs

    def determinize(self, seed: int, history: bool = True) -> State:
        """A full game state consistent with what this seat has seen; hidden parts re-sampled.
        ``history=False``: a search copy without the move history (cheaper; not for records)."""
        plan = self._plan
        if plan is _UNSET:      # what is hidden is the same for every sample of this decision
            plan = self._plan = self._state.hidden_plan(self.player)
        return self._state.determinize(self.player, seed, history=history, plan=plan)


class Agent(Protocol):
    name: str

    def choose(self, decision: Decision) -> str:
        """Return one of ``decision.legal_actions``."""
        ...


class GameDidNotEnd(RuntimeError):
    """`play_game` stopped a game that had not ended after ``max_plies`` decisions (two players
    can undo each other's moves forever where the rules force no progress): it played exactly
    ``max_plies`` decisions."""

    def __init__(self, max_plies: int):
        super().__init__(f"game did not end within {max_plies} decisions")
        self.max_plies = max_plies

    def __reduce__(self):  # crosses process boundaries with its number, not only its message
        return (type(self), (self.max_plies,))


def play_game(state: State, agents: list, max_plies: int = 1_000_000, on_step=None) -> State:
    """Let ``agents[seat]`` choose for every decision until the game ends; returns the final state.
    The cap is checked before each decision: a game that ends on decision ``max_plies`` has
    ended; one that needs decision ``max_plies + 1`` raises `GameDidNotEnd`."""
    plies = 0
    while not state.is_terminal:
        if plies >= max_plies:
            raise GameDidNotEnd(max_plies)
        seat = state.to_move
        decision = Decision(state, seat)
        action = agents[seat].choose(decision)
        events = state.apply(action)
        if on_step is not None:
            on_step(state, seat, action, events)
        plies += 1
    return state
