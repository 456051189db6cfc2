import os

import pytest

# the small test games, visible to the bot worker processes too
os.environ["LAPILLI_EXTRA_GAMES"] = "nim=tests.engine.nim_game,toy=tests.engine.toy_game"
from lapilli.engine import register  # noqa: E402

register("nim", "tests.engine.nim_game")
register("toy", "tests.engine.toy_game")


@pytest.fixture
def client(tmp_path):
    from fastapi.testclient import TestClient

    from lapilli.server.app import create_app
    from lapilli.server.config import Settings

    settings = Settings(database_url=f"sqlite:///{tmp_path / 'test.db'}", redis_url=None, bot_workers=1, bot_pace=0)
    app = create_app(settings)
    with TestClient(app) as c:
        c.settings = settings
        yield c


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
