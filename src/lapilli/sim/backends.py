"""One interface, two backends: local worker processes and Ray.

``run_games(..., backend="local" | "ray")`` yields one `GameRow` per game as games finish (in
no particular order).  Game ``i`` always uses seed ``seed + i`` and its agents seeds derived from
it (`lapilli.sim.local.play_one`), so the same seeds give the same rows on either backend and
with any number of workers; only ``seconds`` (wall time) differs.

Ray: ``address=None`` starts a private local Ray with ``jobs`` CPUs (no dashboard) and stops
it at the end; ``address="auto"`` or ``"HOST:PORT"`` / ``"ray://HOST:10001"`` joins an existing
cluster, on whose nodes ``lapilli`` (and any plug-in game) must be importable.
"""
from __future__ import annotations

import os
import sys
from typing import Iterable, Iterator

from ..engine import registry
from .local import MAX_PLIES, GameRow, chunks as _chunks, lineup_for, play_one, simulate

BACKENDS = ("local", "ray")


def _extra_games() -> dict[str, str]:
    """Games registered at run time (tests, plug-ins): Ray workers must register them too."""
    return dict(registry.GAMES)


def _ray_task(common, seeds):
    game, players, options, seats, rotate, games_map, paths, data, trace, max_plies = common
    for p in paths:
        if p not in sys.path and os.path.isdir(p):
            sys.path.append(p)
    for gid, module in games_map.items():
        registry.GAMES.setdefault(gid, module)
    return [play_one(game, players, options, lineup_for(seats, idx, rotate), s, idx, data, trace, max_plies)
            for idx, s in seeds]


def _driver_paths() -> list[str]:
    """Absolute import paths of the driver (so that a local Ray's workers import the same code)."""
    out = []
    for p in [os.getcwd(), *sys.path]:
        if not p:
            p = os.getcwd()
        ap = os.path.abspath(p)
        if os.path.isdir(ap) and ap not in out:
            out.append(ap)
    return out


def _probe(address: str, timeout: float = 5.0) -> None:
    """Fail fast with a clear message when nothing listens at a HOST:PORT (or ray://HOST:PORT)
    address: Ray itself retries for about two minutes before it gives up.  ``auto`` is left to Ray."""
    import socket

    from ..engine.errors import LapilliError

    target = address.split("://", 1)[1] if "://" in address else address
    if address == "auto" or ":" not in target:
        return
    host, _, port = target.rpartition(":")
    try:
        port_n = int(port)
    except ValueError:
        raise LapilliError(f"cannot join the Ray cluster at {address}: {port!r} is not a port number") from None
    try:
        socket.create_connection((host.strip("[]"), port_n), timeout=timeout).close()
    except OSError as e:
        raise LapilliError(
            f"cannot join the Ray cluster at {address}: nothing answers at {host}:{port_n} ({e.strerror or e}). "
            "Start it there with `ray start --head --port PORT` (docs/study.md), or check the address.") from None


def start_ray(jobs: int = 1, address: str | None = None):
    """Start (or join) Ray; returns True when this call started it (and should stop it)."""
    import ray

    if ray.is_initialized():
        return False
    if address:
        _probe(address)
        try:
            ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
        except (ConnectionError, RuntimeError, ValueError) as e:
            from ..engine.errors import LapilliError

            first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            raise LapilliError(
                f"cannot join the Ray cluster at {address}: {first}. Is `ray start --head` running there, and "
                "does this driver have the cluster's token (RAY_AUTH_TOKEN, or RAY_AUTH_MODE=disabled on a "
                "trusted network)? For a one-machine cluster on 127.0.0.1 set RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0 "
                "for both `ray start` and this command (docs/study.md).") from None
        return True
    pypath = os.pathsep.join(_driver_paths())
    ray.init(address="local", num_cpus=max(1, int(jobs)), include_dashboard=False, ignore_reinit_error=True, log_to_driver=False,
             runtime_env={"env_vars": {"PYTHONPATH": pypath}}, _node_ip_address="127.0.0.1")
    return True


def simulate_ray(game: str, players: int, options: dict | None, seats: list[str], games: int, seed: int = 0,
                 jobs: int = 1, chunk: int | None = None, skip: Iterable[int] = (), rotate: bool = False,
                 address: str | None = None, keep_alive: bool = False, data=None, trace: bool = True,
                 max_plies: int = MAX_PLIES) -> Iterator[GameRow]:
    import ray

    options = dict(options or {})
    done = set(skip)
    todo = [(i, seed + i) for i in range(games) if i not in done]
    if not todo:
        return
    started = start_ray(jobs, address)
    try:
        cpus = int(ray.cluster_resources().get("CPU", jobs)) or 1
        task = ray.remote(num_cpus=1)(_ray_task)
        games_map = _extra_games()
        paths = _driver_paths()
        opts_ref = ray.put((game, players, options, list(seats), rotate, games_map, paths, data, trace, max_plies))
        chunks = _chunks(todo, max(cpus, 1), chunk)
        window = max(2, cpus * 4)  # tasks in flight: enough to keep every CPU busy, few enough to stay cheap
        pending = []
        it = iter(chunks)

        def submit(seeds):
            return task.remote(opts_ref, seeds)

        for seeds in it:
            pending.append(submit(seeds))
            if len(pending) >= window:
                break
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                yield from ray.get(ref)
            for seeds in it:
                pending.append(submit(seeds))
                if len(pending) >= window:
                    break
    finally:
        if started and not keep_alive:
            ray.shutdown()


def run_games(game: str, players: int, options: dict | None, seats: list[str], games: int, seed: int = 0,
              jobs: int = 1, backend: str = "local", address: str | None = None, skip: Iterable[int] = (),
              rotate: bool = False, chunk: int | None = None, keep_alive: bool = False, data=None,
              trace: bool = True, max_plies: int = MAX_PLIES) -> Iterator[GameRow]:
    """Yield one GameRow per game not in ``skip``, on the chosen backend, played with the data set
    ``data`` (None: the game's own data); ``trace``: keep the score parts and the lead trace;
    ``max_plies``: the decisions after which a game that has not ended is stopped and recorded
    as not ended (`lapilli.sim.local.play_one`)."""
    if backend == "local":
        yield from simulate(game, players, options, seats, games, seed=seed, jobs=jobs, chunk=chunk, skip=skip,
                            rotate=rotate, data=data, trace=trace, max_plies=max_plies)
    elif backend == "ray":
        yield from simulate_ray(game, players, options, seats, games, seed=seed, jobs=jobs, chunk=chunk, skip=skip,
                                rotate=rotate, address=address, keep_alive=keep_alive, data=data, trace=trace,
                                max_plies=max_plies)
    else:
        raise ValueError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
