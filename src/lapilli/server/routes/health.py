"""/health: the state of this instance's database and Redis.

Who may use it: anyone (a load balancer, a monitor).  It reveals whether the database takes
writes and Redis answers (what fails by its kind only: never an address, a path or a message), and how many tables this instance holds in memory; it costs at most one
database write per LAPILLI_HEALTH_PROBE_EVERY seconds whatever the number of requests."""
from __future__ import annotations

import asyncio
import math
import time

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from ..deps import HubDep, ProbeDep, SettingsDep, StoreDep
from ..errors import body
from ..store import explain
from ...words import server_said

router = APIRouter()


class DatabaseProbe:
    """The last result of the write probe, shared by every /health request of one application."""

    def __init__(self):
        self.at, self.database = -math.inf, ""
        self.probing = asyncio.Lock()

    async def state(self, store, settings) -> str:
        """'ok' when a write succeeds (Store.write_probe), else what fails.  /health is public:
        the write is made at most once per ``health_probe_every`` seconds, and requests arriving
        meanwhile share the last result."""
        async with self.probing:
            if time.monotonic() - self.at < settings.health_probe_every and self.database:
                return self.database
            try:
                await asyncio.wait_for(run_in_threadpool(store.write_probe, settings.instance), 5)
                database = "ok"
            except Exception as e:
                kind, _ = explain(e, settings.database_url)  # its details (paths, hosts) go to the log only
                if kind == "unreachable" or isinstance(e, asyncio.TimeoutError):
                    database = f"unreachable ({e.__class__.__name__})"
                else:
                    database = f"write failed ({kind})"
            self.at, self.database = time.monotonic(), database
            return database


@router.get("/health")
async def health(hub: HubDep, store: StoreDep, settings: SettingsDep, probe: ProbeDep):
    """The database (a write succeeds) and Redis as this instance sees them; 503 when either
    is down or the database takes no write, with ``error``, ``key`` and ``words`` saying which
    (as every refusal: errors.py).  With them, counts only: the tables in memory and
    the coach's jobs waiting and running."""
    database = await probe.state(store, settings)
    redis = await hub.pubsub.ping()
    database_ok, redis_ok = database == "ok", redis in ("ok", "not used")
    out = {"status": "ok" if database_ok and redis_ok else "degraded", "database": database, "redis": redis,
           "tables_loaded": hub.in_memory(), "coach": hub.bots.coach_status()}
    if database_ok and redis_ok:
        return JSONResponse(out)
    down = "health_redis_down" if database_ok else "health_database_down" if redis_ok else "health_both_down"
    # which part is down, in every language of the page (what fails is named above, by its kind only)
    return JSONResponse({**body(server_said(down)), **out}, status_code=503)
