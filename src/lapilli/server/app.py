"""The web table's application: create_app assembles the HTTP routes (server/routes, one
module per area), the table WebSocket, the middleware, the exception handlers (server/errors.py)
and the lifespan that starts and stops the Hub and its services."""
from __future__ import annotations

import asyncio
import logging
from contextlib import asynccontextmanager
from functools import partial

from fastapi import Depends, FastAPI, HTTPException
from fastapi.responses import JSONResponse

from . import collector, errors
from .accounts import Accounts, csrf_guard, rate_room
from .bots import BotPool
from .config import Settings
from .hub import STORAGE_DOWN, STORAGE_ERRORS, Hub
from .pubsub import PubSub
from .rates import Limits
from .reads import HeavyReads
from .routes import accounts, coach, finished, health, learn, lobby, pages, turns, ws
from .routes.health import DatabaseProbe
from ..words import server_said
from .store import Store

log = logging.getLogger("lapilli.server")


class BodyLimit:
    """Refuses (413) an HTTP request whose body is larger than ``limit`` bytes, by its
    Content-Length or, without one, as soon as more has arrived: nothing larger is read."""

    def __init__(self, app, limit: int):
        self.app = app
        self.limit = limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        message = server_said("body_too_large", limit=self.limit)
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and value.isdigit() and int(value) > self.limit:
                return await JSONResponse(errors.body(message), status_code=413)(scope, receive, send)
        seen = 0

        async def limited():
            nonlocal seen
            msg = await receive()
            if msg["type"] == "http.request":
                seen += len(msg.get("body", b""))
                if seen > self.limit:
                    raise HTTPException(413, message)
            return msg

        await self.app(scope, limited, send)


@asynccontextmanager
async def lifespan(app: FastAPI):
    """Starts the Hub and the services the routes read from ``app.state`` (server/deps.py), and
    its background tasks; stops them all when the server stops."""
    settings: Settings = app.state.settings
    store = Store(settings.database_url)
    bots = BotPool(settings.bot_workers, settings.bot_margin, settings.bot_untimed_limit,
                   coach_workers=settings.coach_workers, coach_per_client=settings.coach_per_address)
    pubsub = PubSub(settings.redis_url, settings.instance, settings.retry_max_seconds, settings.presence_ttl)
    hub = Hub(store, bots, pubsub, settings, datasets=settings.datasets)
    await pubsub.start(hub.on_remote_change, hub.resync, hub.on_presence, hub.on_chat, hub.on_undo)
    try:  # table deadlines follow the database's clock (clock_watch measures it again)
        await hub.sync_clock()
    except STORAGE_ERRORS:
        log.warning("the database's clock could not be read (%s); table clocks follow this instance's until "
                    "it can", STORAGE_DOWN)
    app.state.store, app.state.hub = store, hub
    app.state.reads = HeavyReads(settings.heavy_workers, settings.replay_cache_bytes, settings.heavy_processes)
    app.state.accounts = Accounts(store, settings.lockout_failures, settings.lockout_seconds,
                                  hash_concurrency=settings.hash_concurrency, hash_waiting=settings.hash_waiting)
    app.state.probe = DatabaseProbe()
    hub.on_finish = partial(rate_room, app.state.accounts)
    background = [asyncio.create_task(hub.sweeper()),
                  asyncio.create_task(hub.resume()),  # tables whose computer is to move, in batches
                  asyncio.create_task(hub.clock_watch()),  # clocks that ran out
                  asyncio.create_task(hub.rating_watch()),  # rating changes still pending
                  asyncio.create_task(hub.presence_watch()),  # seats connected to other instances
                  asyncio.create_task(collector.pace())]  # the garbage collector, a little at a time (`lapilli serve`)
    yield
    for t in background:
        t.cancel()
    await hub.close()
    await pubsub.stop()
    bots.close()
    app.state.reads.close()
    app.state.accounts.gate.close()


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    # every route: a state-changing request made with a session cookie carries its CSRF token
    app = FastAPI(title="Lapilli", lifespan=lifespan, dependencies=[Depends(csrf_guard)])
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    errors.install(app)
    app.state.settings = settings
    app.state.limits = Limits.of(settings)  # per client address, for the life of the application
    app.state.sockets = ws.Sockets()  # per client address: its WebSockets open now (routes/ws.py)
    for area in (accounts, health, lobby, finished, coach, learn):
        app.include_router(area.router)
    app.include_router(ws.router)
    app.include_router(turns.router)
    app.include_router(pages.router)
    app.mount("/static", pages.static_files(), name="static")
    return app

