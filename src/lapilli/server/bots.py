"""Computer seats think in a pool of worker processes, so the server never blocks on them.

The worker gets the state as JSON and the agent's name, builds the agent and hands it a
`Decision` for its seat: the agent sees that seat's observation and determinized copies only.
"""
from __future__ import annotations

import asyncio
from concurrent.futures import ProcessPoolExecutor

from ..workers import init_worker, worker_context


def _think(state_json: dict, agent_spec: str, seat: int, seed: int, data=None) -> str:
    from lapilli.agents import Decision, make_agent
    from lapilli.engine.registry import load_state

    state = load_state(state_json, data=data)
    agent = make_agent(agent_spec, seed=seed, game=state.SPEC.id, players=state.num_players)
    return agent.choose(Decision(state, seat))


class BotPool:
    def __init__(self, workers: int = 1):
        self.workers = max(1, workers)
        self._pool: ProcessPoolExecutor | None = None

    def _ensure(self) -> ProcessPoolExecutor:
        if self._pool is None:
            import os
            import sys

            # the workers end by themselves if the server is killed (a watchdog on its pid)
            paths = [os.path.abspath(p or os.getcwd()) for p in sys.path]
            self._pool = ProcessPoolExecutor(self.workers, mp_context=worker_context(), initializer=init_worker,
                                             initargs=(paths, os.getpid()))
        return self._pool

    async def choose(self, state_json: dict, agent_spec: str, seat: int, seed: int, data=None) -> str:
        """``data``: the table's DataSet (None: the game's own data), sent with the state."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._ensure(), _think, state_json, agent_spec, seat, seed, data)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
