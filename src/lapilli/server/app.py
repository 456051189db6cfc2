"""The HTTP and WebSocket API of the web table, and the static browser client."""
from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, HTTPException, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from limits import parse as parse_rate
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from ..agents import DEFAULT_LEVELS, make_agent
from ..engine.errors import LapilliError
from ..engine.registry import game_spec, list_games, new_game, replay
from .bots import BotPool
from .config import Settings
from .hub import SLOW_CLOSE, STORAGE_DOWN, STORAGE_ERRORS, ActionRefused, Conn, Hub, StorageUnavailable
from .pubsub import PubSub
from .store import Conflict, NotFound, Store

WEB = Path(__file__).resolve().parent.parent / "web"
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


class SeatRequest(BaseModel):
    kind: str = Field("open", pattern="^(open|bot)$")
    level: str = Field("normal", max_length=128)


class CreateTable(BaseModel):
    game: str = Field(..., max_length=64)
    players: int | None = None
    options: dict = Field(default_factory=dict)
    seats: list[SeatRequest] = Field(default_factory=list)
    seed: int | None = None


class JoinRequest(BaseModel):
    name: str = Field(..., min_length=1, max_length=40)


class TakeOver(BaseModel):
    token: str = Field(..., max_length=200)
    level: str = Field("normal", max_length=128)


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        store = Store(settings.database_url)
        bots = BotPool(settings.bot_workers)
        pubsub = PubSub(settings.redis_url, settings.instance, settings.retry_max_seconds)
        hub = Hub(store, bots, pubsub, settings)
        await pubsub.start(hub.on_remote_change, hub.resync)
        app.state.store, app.state.hub = store, hub
        background = [asyncio.create_task(hub.sweeper()),
                      asyncio.create_task(hub.resume())]  # tables whose computer is to move, in batches
        yield
        for t in background:
            t.cancel()
        await hub.close()
        await pubsub.stop()
        bots.close()

    app = FastAPI(title="Lapilli", lifespan=lifespan)
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    create_rate = parse_rate(settings.create_rate)
    limiter = MovingWindowRateLimiter(MemoryStorage())

    def hub(request_or_ws) -> Hub:
        return request_or_ws.app.state.hub

    def store(request_or_ws) -> Store:
        return request_or_ws.app.state.store

    @app.exception_handler(LapilliError)
    async def _lapilli_error(request: Request, exc: LapilliError):
        return JSONResponse({"error": str(exc)}, status_code=400)

    @app.exception_handler(NotFound)
    async def _not_found(request: Request, exc: NotFound):
        return JSONResponse({"error": str(exc)}, status_code=404)

    @app.exception_handler(Conflict)
    async def _conflict(request: Request, exc: Conflict):
        return JSONResponse({"error": str(exc)}, status_code=409)

    @app.exception_handler(StorageUnavailable)
    async def _unavailable(request: Request, exc: StorageUnavailable):
        return JSONResponse({"error": exc.message}, status_code=503, headers={"Retry-After": "2"})

    for kind in STORAGE_ERRORS:
        @app.exception_handler(kind)
        async def _storage_down(request: Request, exc: Exception):
            return JSONResponse({"error": f"{STORAGE_DOWN}; try again in a moment"}, status_code=503,
                                headers={"Retry-After": "2"})

    @app.get("/health")
    async def health(request: Request):
        """The database and Redis as this instance sees them; 503 when either is down."""
        try:
            await asyncio.wait_for(run_in_threadpool(store(request).ping), 5)
            database = "ok"
        except Exception as e:
            database = f"unreachable ({e.__class__.__name__})"
        redis = await hub(request).pubsub.ping()
        ok = database == "ok" and redis in ("ok", "not used")
        return JSONResponse({"status": "ok" if ok else "degraded", "database": database, "redis": redis,
                             "tables_loaded": len(hub(request).rooms)}, status_code=200 if ok else 503)

    # ------------------------------------------------------------------ lobby
    @app.get("/api/games")
    def games():
        return [game_spec(g).describe() for g in list_games()]

    @app.get("/api/levels")
    def levels():
        return list(DEFAULT_LEVELS)

    @app.post("/api/tables")
    async def create_table(req: CreateTable, request: Request):
        address = request.client.host if request.client else "unknown"
        if not limiter.hit(create_rate, "create", address):
            reset = limiter.get_window_stats(create_rate, "create", address).reset_time
            raise HTTPException(429, f"too many tables created from {address}: at most {settings.create_rate}; "
                                     "try again later",
                                headers={"Retry-After": str(max(1, int(reset - time.time()) + 1))})
        spec = game_spec(req.game)
        players, options = spec.resolve(req.players, req.options)
        seats = list(req.seats) + [SeatRequest()] * (players - len(req.seats))
        if len(seats) != players:
            raise LapilliError(f"{len(req.seats)} seats given for {players} players")
        rows = []
        for s in seats:
            if s.kind == "bot":
                make_agent(s.level, game=req.game)  # refuses unknown levels
                rows.append({"kind": "bot", "agent": s.level, "name": f"computer ({s.level})"})
            else:
                rows.append({"kind": "open"})
        seed = req.seed if req.seed is not None else random.SystemRandom().randrange(2**31)
        tid = await run_in_threadpool(store(request).create_table, req.game, players, options, seed, rows)
        return {"id": tid, "invite": f"/t/{tid}"}

    @app.get("/api/tables")
    async def tables(request: Request, status: str = "open,playing", limit: int = Query(50, ge=1, le=200),
                     offset: int = Query(0, ge=0)):
        """One page of tables, newest first: ``offset`` pages through all of them."""
        wanted = tuple(s for s in status.split(",") if s in ("open", "playing", "finished"))
        return [t.public() for t in await run_in_threadpool(store(request).list_tables, wanted, limit, offset)]

    @app.get("/api/tables/{tid}")
    async def table(tid: str, request: Request):
        return (await run_in_threadpool(store(request).get, tid)).public()

    @app.post("/api/tables/{tid}/seats/{seat}")
    async def join(tid: str, seat: int, req: JoinRequest, request: Request):
        info = await run_in_threadpool(store(request).get, tid)
        if not 0 <= seat < info.players:
            raise NotFound(f"no seat {seat} at table {tid}")
        token = await run_in_threadpool(store(request).claim_seat, tid, seat, req.name.strip())
        await hub(request).refresh_info(tid)
        return {"seat": seat, "token": token}

    @app.post("/api/tables/{tid}/seats/{seat}/computer")
    async def take_over(tid: str, seat: int, req: TakeOver, request: Request):
        """A computer opponent takes over a seat (asked by any seated player of the table)."""
        asker = await run_in_threadpool(store(request).seat_for_token, tid, req.token)
        if asker is None:
            raise HTTPException(403, "only a player seated at this table can hand a seat to the computer")
        room = await hub(request).room(tid)
        if seat != asker and any(s == seat for s in room.conns.values()):
            raise HTTPException(409, f"seat {seat} is still connected")
        make_agent(req.level, game=room.info.game)
        await run_in_threadpool(store(request).seat_to_bot, tid, seat, req.level)
        await hub(request).refresh_info(tid)
        return {"seat": seat, "agent": req.level}

    async def finished(request: Request, tid: str, what: str):
        """The finished table for reading (not kept in memory); refused before anything is loaded."""
        if (await hub(request).info(tid)).status != "finished":
            # the seed would reveal every hidden thing and every future draw
            raise HTTPException(403, f"the {what} is available when the game is over")
        return await hub(request).peek(tid)

    @app.get("/api/tables/{tid}/record")
    async def record(tid: str, request: Request):
        room = await finished(request, tid, "record")
        return JSONResponse(room.state.to_record(),
                            headers={"Content-Disposition": f'attachment; filename="lapilli-{tid}.json"'})

    @app.get("/api/tables/{tid}/replay/{ply}")
    async def replay_step(tid: str, ply: int, request: Request):
        room = await finished(request, tid, "replay")
        rec = room.state.to_record()
        ply = max(0, min(ply, len(rec["actions"])))
        st = replay(rec, upto=ply)
        return {"ply": ply, "plies": len(rec["actions"]), "observation": st.observation(None),
                "text": st.render(None), "last": rec["actions"][ply - 1] if ply else None}

    # ------------------------------------------------------------------ play
    @app.websocket("/ws/{tid}")
    async def ws_table(ws: WebSocket, tid: str, token: str = ""):
        await ws.accept()
        h = hub(ws)
        try:
            await h.info(tid)
            seat = await run_in_threadpool(store(ws).seat_for_token, tid, token) if token else None
            if token and seat is None:
                await ws.send_json({"type": "error", "message": "this token holds no seat at this table"})
                await ws.close()
                return
            room = await h.room(tid)
        except NotFound:
            await ws.send_json({"type": "error", "message": f"no table {tid!r}"})
            await ws.close()
            return
        except (StorageUnavailable, *STORAGE_ERRORS):
            await ws.send_json({"type": "error", "message": f"{STORAGE_DOWN}: try again in a moment"})
            await ws.close(SLOW_CLOSE)
            return
        conn = Conn(ws, seat, settings.send_timeout, settings.send_queue)
        h.attach(room, conn)  # nothing awaited since room() returned: the table cannot have left memory
        dead = asyncio.ensure_future(conn.dead.wait())
        bucket, last = 2 * settings.max_messages_per_second, time.monotonic()
        try:
            while True:
                receiving = asyncio.ensure_future(ws.receive_text())
                await asyncio.wait((receiving, dead), return_when=asyncio.FIRST_COMPLETED)
                if not receiving.done():
                    receiving.cancel()
                    break
                text = receiving.result()
                now = time.monotonic()
                bucket = min(2 * settings.max_messages_per_second,
                             bucket + (now - last) * settings.max_messages_per_second)
                last = now
                if bucket < 1:
                    conn.send_json({"type": "error", "message": "too many messages: slow down"})
                    continue
                bucket -= 1
                if len(text) > settings.max_message_bytes:
                    conn.send_json({"type": "error", "message": "message too large"})
                    continue
                try:
                    msg = json.loads(text)
                    kind = msg.get("type") if isinstance(msg, dict) else None
                except json.JSONDecodeError:
                    kind, msg = None, None
                if kind not in ("act", "undo", "sync", "ping"):
                    conn.send_json({"type": "error", "message": "unknown message; expected act, undo, sync or ping"})
                    continue
                if kind == "ping":
                    conn.send_json({"type": "pong"})
                    continue
                if kind == "sync":
                    conn.send(room.view_text(seat))
                    continue
                if seat is None:
                    conn.send_json({"type": "error", "message": "spectators cannot play"})
                    continue
                try:
                    if kind == "act":
                        action = msg.get("action")
                        if not isinstance(action, str):
                            raise ActionRefused("an act message needs an action (text)")
                        expected = msg.get("version")
                        if expected is not None and expected != room.version:
                            raise ActionRefused("the table changed since you chose; here is the new position")
                        await h.act(room, seat, action)
                    else:
                        await h.undo(room, seat)
                except (ActionRefused, StorageUnavailable) as e:
                    conn.send_json({"type": "error", "message": e.message, "rule": getattr(e, "rule", "")})
                    conn.send(room.view_text(seat))
                except STORAGE_ERRORS:  # re-reading the table after a conflict failed
                    conn.send_json({"type": "error", "message": f"{STORAGE_DOWN}: try again in a moment", "rule": ""})
                    conn.send(room.view_text(seat))
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

    # ------------------------------------------------------------------ the browser client
    @app.get("/")
    def index():
        return FileResponse(WEB / "index.html")

    @app.get("/t/{tid}")
    def table_page(tid: str):
        return FileResponse(WEB / "index.html")

    app.mount("/static", StaticFiles(directory=WEB), name="static")
    return app
