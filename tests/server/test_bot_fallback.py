"""A computer seat's fallback move (played when its level had no time left) is chosen on the
table's own data set, as its level's move is."""
import asyncio

from lapilli.engine import dataset
from lapilli.engine.registry import load_state, new_game
from lapilli.server.bots import BotPool

GAME = "isola-dei-vulcani"


def test_the_fallback_move_plays_on_the_tables_data_set():
    data = dataset.load(GAME, "rim-craters")
    st = new_game(GAME, 2, seed=7, data=data)
    # no time to think at all: the move is the fallback one, at once, without a worker
    pool = BotPool(1, margin=0.0, untimed_limit=0.0)
    try:
        move = asyncio.run(pool.choose("t1", st.to_json(), "random", st.to_move, 3, GAME, 2, data))
    finally:
        pool.close()
    assert move.fallback
    assert move.action in load_state(st.to_json(), data=data).legal_actions()
