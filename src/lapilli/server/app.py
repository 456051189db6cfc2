"""The web table's application: create_app assembles the HTTP routes (server/routes, one
module per area), the table WebSocket, the middleware, the exception handlers (server/errors.py)
and the lifespan that starts and stops the Hub and its services."""
from __future__ import annotations

import asyncio
import json
import logging
import math
import time
from contextlib import asynccontextmanager
from functools import partial

from fastapi import Depends, FastAPI, HTTPException, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from ..engine.errors import LapilliError
from . import errors
from .accounts import Accounts, csrf_guard, rate_room
from .bots import BotPool
from .config import Settings
from .hub import (SLOW_CLOSE, STORAGE_DOWN, STORAGE_ERRORS, ActionRefused, Conn, Hub, StorageUnavailable)
from .pubsub import PubSub
from .rates import Limits
from .reads import HeavyReads
from .routes import accounts, coach, finished, health, lobby, pages, turns
from .routes.health import DatabaseProbe
from .store import NotFound, Store

# the messages a client may send on a table's WebSocket (the server sends "state", "error" and
# "pong"); docs/security.md has a row for each
CLIENT_MESSAGES = ("act", "undo", "sync", "ping")
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
        message = f"request body larger than {self.limit} bytes"
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and value.isdigit() and int(value) > self.limit:
                return await JSONResponse({"error": message}, status_code=413)(scope, receive, send)
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
    await pubsub.start(hub.on_remote_change, hub.resync, hub.on_presence)
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
                  asyncio.create_task(hub.presence_watch())]  # seats connected to other instances
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
    app.state.sockets = {}  # client address -> its WebSockets open now (ws_table)
    app.state.cap_told = {}  # client address -> when the log last said its socket cap bit
    for area in (accounts, health, lobby, finished, coach):
        app.include_router(area.router)
    app.add_api_websocket_route("/ws/{tid}", ws_table)
    app.include_router(turns.router)
    app.include_router(pages.router)
    app.mount("/static", pages.static_files(), name="static")
    return app


# ---------------------------------------------------------------------- the table WebSocket
async def ws_table(ws: WebSocket, tid: str, token: str = "", log: str = ""):
    """A seat's (``token``) or a spectator's connection to a table.  ``log=delta``: the
    client keeps the table log and is sent only the lines it does not have (Room.text_for).
    One client address holds at most LAPILLI_MAX_SOCKETS_PER_ADDRESS at once; a socket beyond
    is told so and closed (code 4429) before anything is read for it."""
    address = ws.client.host if ws.client else "unknown"
    settings, sockets = ws.app.state.settings, ws.app.state.sockets
    if sockets.get(address, 0) >= settings.max_sockets_per_address:
        await _refuse_socket(ws, address)
        return
    sockets[address] = sockets.get(address, 0) + 1
    try:
        await _table_socket(ws, tid, token, delta=log == "delta")
    finally:
        sockets[address] -= 1
        if sockets[address] <= 0:
            del sockets[address]

async def _refuse_socket(ws: WebSocket, address: str) -> None:
    """A socket beyond its address's cap: the log says so once a minute per address at most
    (a flood of sockets is one line, not one line each), the client is told why, not fatally
    (a page keeps its seat and connects again after a pause)."""
    settings, cap_told = ws.app.state.settings, ws.app.state.cap_told
    now = time.monotonic()
    if now - cap_told.get(address, -math.inf) >= 60:
        if len(cap_told) > 10_000:
            for a in [a for a, t in cap_told.items() if now - t >= 60]:
                del cap_told[a]
        cap_told[address] = now
        log.warning("too many connections from %s: WebSockets beyond %d at once are refused "
                    "(LAPILLI_MAX_SOCKETS_PER_ADDRESS; said at most once a minute per address)",
                    address, settings.max_sockets_per_address)
    try:
        await ws.accept()
        await ws.send_json({"type": "error", "message": f"too many connections from {address} (at most "
                            f"{settings.max_sockets_per_address} at once): close other pages of this "
                            "server, or try again later"})
        await ws.close(4429)
    except Exception:  # the client went away meanwhile: nothing to tell
        pass

async def _table_socket(ws: WebSocket, tid: str, token: str, delta: bool) -> None:
    await ws.accept()
    h, tid, token = ws.app.state.hub, tid[:64], token[:200]
    settings, store = ws.app.state.settings, ws.app.state.store
    try:
        await h.info(tid)
        seat = None
        if token:
            seat = await run_in_threadpool(store.seat_for_token, tid, token)
            if seat is None:  # a computer stands in for the token's person: the seat goes back
                loaded = h.rooms.get(tid)
                if loaded is not None:
                    seat = await h.reclaim(loaded, token)
                else:
                    seat = await run_in_threadpool(store.reclaim_seat, tid, token, h.now())
                    if seat is not None:
                        await h.refresh_info(tid)  # the other instances hear of it
            if seat is None:
                await ws.send_json({"type": "error", "message": "this token holds no seat at this table",
                                    "fatal": True})
                await ws.close(4403)
                return
        room = await h.room(tid)
    except NotFound:
        await ws.send_json({"type": "error", "message": f"no table {tid!r}", "fatal": True})
        await ws.close(4404)
        return
    except (StorageUnavailable, *STORAGE_ERRORS):
        await ws.send_json({"type": "error", "message": f"{STORAGE_DOWN}: try again in a moment"})
        await ws.close(SLOW_CLOSE)
        return
    except LapilliError as e:  # a table this server cannot play (a data set it was not started with)
        await ws.send_json({"type": "error", "message": str(e), "fatal": True})
        await ws.close(4400)
        return
    conn = Conn(ws, seat, settings.send_timeout, settings.send_queue, delta=delta)
    h.attach(room, conn)  # nothing awaited since room() returned: the table cannot have left memory
    dead = asyncio.ensure_future(conn.dead.wait())
    bucket, last = 2 * settings.max_messages_per_second, time.monotonic()
    try:
        while True:
            receiving = asyncio.ensure_future(ws.receive())
            await asyncio.wait((receiving, dead), return_when=asyncio.FIRST_COMPLETED)
            if not receiving.done():
                receiving.cancel()
                break
            frame = receiving.result()
            if frame["type"] == "websocket.disconnect":
                break
            text = frame.get("text")
            now = time.monotonic()
            bucket = min(2 * settings.max_messages_per_second,
                         bucket + (now - last) * settings.max_messages_per_second)
            last = now
            if bucket < 1:
                conn.send_json({"type": "error", "message": "too many messages: slow down"})
                continue
            bucket -= 1
            if text is None:
                conn.send_json({"type": "error", "message": "binary frames are not read: send JSON as text"})
                continue
            if len(text) > settings.max_message_bytes:
                conn.send_json({"type": "error", "message": "message too large"})
                continue
            try:
                await _message(conn, room, seat, text)
            except WebSocketDisconnect:
                raise
            except Exception:  # a bug handling one message must not drop the connection
                log.exception("table %s: message %.200r failed", tid, text)
                conn.send_json({"type": "error", "message": "the server failed to handle this message; "
                                                           "nothing changed"})
    except WebSocketDisconnect:
        pass
    finally:
        dead.cancel()
        h.detach(room, conn)
        slow = conn.dead.is_set() and conn.why != "gone"
        conn.stop()
    if slow:  # waits for the client to take what is queued before it (or to go): only this handler
        try:
            await ws.close(SLOW_CLOSE, "too slow: messages were not read in time")
        except Exception:
            pass

async def _message(conn: Conn, room, seat: int | None, text: str) -> None:
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):
        msg = None
    kind = msg.get("type") if isinstance(msg, dict) else None
    if kind not in CLIENT_MESSAGES:
        conn.send_json({"type": "error", "message": "unknown message; expected act, undo, sync or ping"})
        return
    if kind == "ping":
        conn.send_json({"type": "pong"})
        return
    if kind == "sync":
        conn.send(room.text_for(conn, full=True))
        return
    if seat is None:
        conn.send_json({"type": "error", "message": "spectators cannot play"})
        return
    h = conn.ws.app.state.hub
    try:
        if room.info.seats[seat].kind != "human":
            raise ActionRefused(f"a computer plays seat {seat} now; reload the page to take the seat back")
        if kind == "act":
            action = msg.get("action")
            if not isinstance(action, str):
                raise ActionRefused("an act message needs an action (text)")
            expected = msg.get("version")
            if expected is not None and (isinstance(expected, bool) or not isinstance(expected, int)):
                raise ActionRefused("version must be a whole number (the version of the view you chose from)")
            if expected is not None and expected != room.version:
                raise ActionRefused("the table changed since you chose; here is the new position")
            await h.act(room, seat, action)
        else:
            await h.undo(room, seat)
    except (ActionRefused, StorageUnavailable) as e:
        conn.send_json({"type": "error", "message": e.message, "rule": getattr(e, "rule", "")})
        conn.send(room.text_for(conn))
    except STORAGE_ERRORS:  # re-reading the table after a conflict failed
        conn.send_json({"type": "error", "message": f"{STORAGE_DOWN}: try again in a moment", "rule": ""})
        conn.send(room.text_for(conn))
