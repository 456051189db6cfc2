from lapilli.engine import register
from tests.sim.ray_fixture import local_ray  # noqa: F401  (a fixture)

register("toy", "tests.engine.toy_game")
register("nim", "tests.engine.nim_game")
