"""The HTTP and WebSocket API of the web table, and the static browser client."""
from __future__ import annotations

import json
import random
import time
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from ..agents import DEFAULT_LEVELS, make_agent
from ..engine.errors import LapilliError
from ..engine.registry import game_spec, list_games, new_game, replay
from .bots import BotPool
from .config import Settings
from .hub import ActionRefused, Hub
from .pubsub import PubSub
from .store import Conflict, NotFound, Store

WEB = Path(__file__).resolve().parent.parent / "web"


class SeatRequest(BaseModel):
    kind: str = Field("open", pattern="^(open|bot)$")
    level: str = Field("normal", max_length=128)


class CreateTable(BaseModel):
    game: str = Field(..., max_length=64)
    players: int | None = None
    options: dict = Field(default_factory=dict)
    seats: list[SeatRequest] = Field(default_factory=list)
    seed: int | None = None


class ChoicesRequest(BaseModel):
    players: int | None = None
    options: dict = Field(default_factory=dict)


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
        pubsub = PubSub(settings.redis_url, settings.instance)
        hub = Hub(store, bots, pubsub)
        await pubsub.start(hub.on_remote_change)
        app.state.store, app.state.hub = store, hub
        # tables whose next move is a computer's resume after a restart
        for info in await run_in_threadpool(store.list_tables, ("playing",)):
            try:
                await hub.room(info.id)
            except Exception:
                pass
        yield
        await hub.close()
        await pubsub.stop()
        bots.close()

    app = FastAPI(title="Lapilli", lifespan=lifespan)

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

    # ------------------------------------------------------------------ lobby
    @app.get("/api/games")
    def games():
        return [game_spec(g).describe() for g in list_games()]

    @app.post("/api/games/{gid}/choices")
    def choices(gid: str, req: ChoicesRequest):
        """Which player counts and option values the lobby form may offer with the rest as chosen;
        each refused one with the rules' reason (the game's SPEC.constraint decides)."""
        spec = game_spec(gid)
        players = req.players if req.players is not None else (spec.default_players or spec.min_players)
        return spec.choices(players, req.options)

    @app.get("/api/levels")
    def levels():
        return list(DEFAULT_LEVELS)

    @app.post("/api/tables")
    async def create_table(req: CreateTable, request: Request):
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
    async def tables(request: Request, status: str = "open,playing"):
        wanted = tuple(s for s in status.split(",") if s in ("open", "playing", "finished"))
        return [t.public() for t in await run_in_threadpool(store(request).list_tables, wanted)]

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

    @app.get("/api/tables/{tid}/record")
    async def record(tid: str, request: Request):
        room = await hub(request).room(tid)
        if not room.state.is_terminal:
            # the seed would reveal every hidden thing and every future draw
            raise HTTPException(403, "the record is available when the game is over")
        return JSONResponse(room.state.to_record(),
                            headers={"Content-Disposition": f'attachment; filename="lapilli-{tid}.json"'})

    @app.get("/api/tables/{tid}/replay/{ply}")
    async def replay_step(tid: str, ply: int, request: Request):
        room = await hub(request).room(tid)
        if not room.state.is_terminal:
            raise HTTPException(403, "replay is available when the game is over")
        rec = room.state.to_record()
        ply = max(0, min(ply, len(rec["actions"])))
        st = replay(rec, upto=ply)
        return {"ply": ply, "plies": len(rec["actions"]), "observation": st.observation(None),
                "text": st.render(None), "last": rec["actions"][ply - 1] if ply else None}

    # ------------------------------------------------------------------ play
    @app.websocket("/ws/{tid}")
    async def ws_table(ws: WebSocket, tid: str, token: str = ""):
        await ws.accept()
        try:
            room = await hub(ws).room(tid)
        except NotFound:
            await ws.send_json({"type": "error", "message": f"no table {tid!r}"})
            await ws.close()
            return
        seat = await run_in_threadpool(store(ws).seat_for_token, tid, token) if token else None
        if token and seat is None:
            await ws.send_json({"type": "error", "message": "this token holds no seat at this table"})
            await ws.close()
            return
        room.conns[ws] = seat
        await hub(ws).broadcast(room)  # everyone sees who is present
        bucket, last = 2 * settings.max_messages_per_second, time.monotonic()
        try:
            while True:
                text = await ws.receive_text()
                now = time.monotonic()
                bucket = min(2 * settings.max_messages_per_second,
                             bucket + (now - last) * settings.max_messages_per_second)
                last = now
                if bucket < 1:
                    await ws.send_json({"type": "error", "message": "too many messages: slow down"})
                    continue
                bucket -= 1
                if len(text) > settings.max_message_bytes:
                    await ws.send_json({"type": "error", "message": "message too large"})
                    continue
                try:
                    msg = json.loads(text)
                    kind = msg.get("type") if isinstance(msg, dict) else None
                except json.JSONDecodeError:
                    kind, msg = None, None
                if kind not in ("act", "undo", "sync", "ping"):
                    await ws.send_json({"type": "error", "message": "unknown message; expected act, undo, sync or ping"})
                    continue
                if kind == "ping":
                    await ws.send_json({"type": "pong"})
                    continue
                if kind == "sync":
                    await ws.send_json(room.view(seat))
                    continue
                if seat is None:
                    await ws.send_json({"type": "error", "message": "spectators cannot play"})
                    continue
                try:
                    if kind == "act":
                        action = msg.get("action")
                        if not isinstance(action, str):
                            raise ActionRefused("an act message needs an action (text)")
                        expected = msg.get("version")
                        if expected is not None and expected != room.version:
                            raise ActionRefused("the table changed since you chose; here is the new position")
                        await hub(ws).act(room, seat, action)
                    else:
                        await hub(ws).undo(room, seat)
                except ActionRefused as e:
                    await ws.send_json({"type": "error", "message": e.message, "rule": e.rule})
                    await ws.send_json(room.view(seat))
        except WebSocketDisconnect:
            pass
        finally:
            room.conns.pop(ws, None)
            if seat is not None:
                await hub(ws).broadcast(room)

    # ------------------------------------------------------------------ the browser client
    @app.get("/")
    def index():
        return FileResponse(WEB / "index.html")

    @app.get("/t/{tid}")
    def table_page(tid: str):
        return FileResponse(WEB / "index.html")

    app.mount("/static", StaticFiles(directory=WEB), name="static")
    return app
