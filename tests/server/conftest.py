import os

import pytest

# the small test games, visible to the bot worker processes too
os.environ["LAPILLI_EXTRA_GAMES"] = "nim=tests.engine.nim_game,toy=tests.engine.toy_game,slownim=tests.server.slow_game"
from lapilli.engine import register  # noqa: E402

register("nim", "tests.engine.nim_game")
register("toy", "tests.engine.toy_game")
register("slownim", "tests.server.slow_game")


@pytest.fixture
def make_client(tmp_path):
    """make_client(**settings): a TestClient of a fresh server on its own SQLite database, the
    Settings fields given overriding the test defaults (one bot worker, no Redis)."""
    from contextlib import ExitStack

    from fastapi.testclient import TestClient

    from lapilli.server.app import create_app
    from lapilli.server.config import Settings

    stack = ExitStack()

    def make(**overrides):
        n = len(stack._exit_callbacks)
        # the tests choose seeds to replay games offline
        kw = dict(database_url=f"sqlite:///{tmp_path / f'test{n}.db'}", redis_url=None, bot_workers=1, test_seeds=True,
                  bot_pace=0)
        if "now" in overrides:  # a test's own wall clock has no relation to the database's: deadlines follow it
            kw["clock_sync"] = 0
        kw.update(overrides)
        settings = Settings(**kw)
        c = stack.enter_context(TestClient(create_app(settings)))
        c.settings = settings
        return c

    with stack:
        yield make


@pytest.fixture
def client(make_client):
    return make_client()


@pytest.fixture(scope="session")
def postgres_url(tmp_path_factory):
    from lapilli.testing.services import Postgres

    pg = Postgres(tmp_path_factory.mktemp("services"))
    url = pg.start()
    yield url
    pg.stop()


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory):
    from lapilli.testing.services import Redis

    r = Redis(tmp_path_factory.mktemp("redis"))
    url = r.start()
    yield url
    r.stop()


from .support import db, serve  # noqa: E402,F401  (fixtures: the database of each variant, a started `lapilli serve`)
