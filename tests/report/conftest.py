from tests.sim.ray_fixture import local_ray  # noqa: F401  (a fixture)
