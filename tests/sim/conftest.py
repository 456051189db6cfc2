import pytest

from lapilli.engine import register

register("toy", "tests.engine.toy_game")
register("nim", "tests.engine.nim_game")


@pytest.fixture(scope="session")
def local_ray():
    """One small local Ray for the whole session (127.0.0.1, no dashboard, 1 CPU: one worker to start)."""
    ray = pytest.importorskip("ray")
    from lapilli.sim.backends import start_ray

    started = start_ray(jobs=1)
    yield ray
    if started:
        ray.shutdown()
