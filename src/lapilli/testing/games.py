"""Finished games written straight into a server's storage, for tests and benchmarks of the
routes that read finished games (replay, record, the finished list): a game played to its end
by random agents for seats of people, stored step by step as the server stores them."""
from __future__ import annotations

from ..agents import make_agent
from ..agents.base import Decision
from ..engine.dataset import default_dataset
from ..engine.fairness import commitment
from ..engine.registry import new_game


def store_finished(store, game: str = "the-island", seed: int = 11, players: int | None = None,
                   options: dict | None = None, limit: int = 5000) -> tuple[str, int]:
    """A table of ``game`` played to its end by random seats (at most ``limit`` actions), stored
    in ``store`` (a server's Store) as finished; returns (table id, number of actions)."""
    st = new_game(game, players, seed, options or {})
    salt = "00" * 16
    # seats of people (named), so that a running server's computers never play at this table
    seats = [{"kind": "human", "name": f"player {i + 1}"} for i in range(st.num_players)]
    commit = commitment(seed, salt, game=game, players=st.num_players, options=dict(st.options),
                        data=default_dataset(game).hash, seeding=st.seeding)
    tid = store.create_table(game, st.num_players, dict(st.options), seed, seats, salt, commit, st.seeding)
    agents = [make_agent("random", seed=s) for s in range(st.num_players)]
    version = 0
    while not st.is_terminal and version < limit:
        seat = st.to_move
        action = agents[seat].choose(Decision(st, seat))
        st.apply(action)
        status = "finished" if st.is_terminal else "playing"
        version = store.append_step(tid, version, "act", seat, st.history[-1], status,
                                    None if st.is_terminal else st.to_move)
    if not st.is_terminal:
        raise ValueError(f"{game} (seed {seed}) did not end within {limit} actions")
    return tid, version
