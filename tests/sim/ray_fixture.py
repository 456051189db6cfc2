"""A session-wide local Ray for the study tests (127.0.0.1, no dashboard, 1 CPU)."""
import pytest


@pytest.fixture(scope="session")
def local_ray():
    ray = pytest.importorskip("ray")
    from lapilli.sim.backends import start_ray

    started = start_ray(jobs=1)
    yield ray
    if started:
        ray.shutdown()
