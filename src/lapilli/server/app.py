"""The HTTP and WebSocket API of the web table, and the static browser client."""
from __future__ import annotations

import asyncio
import json
import logging
import math
import secrets
import time
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Literal

from fastapi import Depends, FastAPI, HTTPException, Path as PathParam, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from limits import parse as parse_rate
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..engine import narration
from ..engine.dataset import default_dataset
from ..engine.errors import LapilliError
from ..engine.fairness import FAIRNESS, commitment, seed_commitment
from ..engine.rng import DEFAULT_SEEDING
from ..engine.registry import game_spec, list_games, new_game, replay
from . import accounts as account_api
from .accounts import Accounts, User, current_user
from .bots import LEVELS, BotPool, ClientGone, CoachBusy
from .config import Settings
from .hub import (NOT_STARTED, SLOW_CLOSE, STORAGE_DOWN, STORAGE_ERRORS, ActionRefused, Conn, Hub, StorageUnavailable,
                  log_entries, players, result, seat_labels)
from .pubsub import PubSub
from .reads import HeavyReads
from .store import Conflict, Forbidden, NotFound, Store, explain
from .turns import ClockRequest, router as turns_router

WEB = Path(__file__).resolve().parent.parent / "web"
# the messages a client may send on a table's WebSocket (the server sends "state", "error" and
# "pong"); docs/security.md has a row for each
CLIENT_MESSAGES = ("act", "undo", "sync", "ping")
log = logging.getLogger("lapilli.server")

# Every field of a request is bounded and unknown fields are refused, so bad input gets a clear
# 4xx (never a 500 from a number the database cannot hold, or a silently ignored typo).
Level = Literal[LEVELS]  # type: ignore[valid-type]
TableId = PathParam(..., pattern="^[A-Za-z0-9_-]{1,64}$")
SeatNumber = PathParam(..., ge=0, le=63)


class Request_(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatRequest(Request_):
    kind: Literal["open", "bot"] = "open"
    level: Level = "normal"


class CreateTable(Request_):
    game: str = Field(..., max_length=64)
    players: int | None = Field(None, ge=1, le=64)
    options: dict = Field(default_factory=dict, max_length=64)
    seats: list[SeatRequest] = Field(default_factory=list, max_length=64)
    seed: int | None = Field(None, ge=0, lt=2**63)  # refused unless the server runs with test seeds
    dataset: str | None = Field(None, max_length=100)  # a data set's name or hash this server knows; None: default
    clock: ClockRequest | None = None  # None: an untimed table
    rated: bool = False  # signed-in players only, no computer seat, a clock; the result changes their ratings


class ChoicesRequest(Request_):
    players: int | None = Field(None, ge=1, le=64)  # None: the game's usual count
    options: dict = Field(default_factory=dict, max_length=64)


class JoinRequest(Request_):
    name: str = Field("", max_length=40)  # empty: the seat goes by its colour ("Red")


class TakeOver(Request_):
    token: str = Field(..., max_length=200)
    level: Level = "normal"
    # at a rated table, handing one's own seat over resigns the game: the asker says so first
    resign: bool = False


class HintRequest(Request_):
    token: str = Field(..., max_length=200)


class Error(BaseModel):
    """Every refusal: one line saying what is wrong and how to put it right."""
    error: str


def _errors(*codes: int) -> dict:
    """The OpenAPI description of the refusals a route may give."""
    what = {400: "the body is not JSON, or the game refuses the request (game, players, options)",
            401: "wrong username or password", 403: "not allowed to you (or a missing CSRF token)",
            404: "no such table or seat", 409: "the table or seat is not in a state that allows it",
            422: "a field is missing, unknown, of the wrong type or out of bounds",
            413: "the request body is larger than the server takes (LAPILLI_MAX_BODY_BYTES)",
            429: "too many tables created (LAPILLI_CREATE_RATE), finished games read (LAPILLI_HEAVY_READ_RATE), "
                 "sign-ins or sign-ups tried, or reviews and hints waited for (LAPILLI_COACH_PER_ADDRESS) from "
                 "this address, or too many failed sign-ins to one name from this address; see Retry-After",
            503: "the database is not answering, or too many passwords are being checked; try again in a moment"}
    return {c: {"model": Error, "description": what[c]} for c in (*codes, 413, 422, 503)}


def _validation_message(exc: RequestValidationError) -> str:
    """Pydantic's list of errors as one line: where, and what is wrong there."""
    parts = []
    for e in exc.errors()[:3]:
        where = ".".join(str(x) for x in e.get("loc", ()) if x != "body") or "body"
        if e.get("type") == "extra_forbidden":
            parts.append(f"{where}: unknown field")
        elif e.get("type") == "literal_error" and where.endswith("level"):
            parts.append(f"{where}: unknown level {e.get('input')!r}; the levels are {', '.join(LEVELS)}")
        else:
            parts.append(f"{where}: {e.get('msg', 'invalid')}")
    more = len(exc.errors()) - 3
    return "; ".join(parts) + (f" (and {more} more)" if more > 0 else "")


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


def _json(value) -> bytes:
    """``value`` as FastAPI's JSONResponse writes it."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")


def finished_record(hub: Hub, tid: str) -> tuple[tuple, int]:
    """(info, data set, record) of a finished table, and their size in bytes (blocking: building
    a long game takes tens of milliseconds, so it runs in the pool of heavy reads, and so does
    reading the table: many requests at once for a table not yet kept make one read, not one
    thread each).  Refused (403) before anything is built when the game is not over."""
    info = hub.store.get(tid)
    if info.status != "finished":
        # the seed would reveal every hidden thing and every future draw
        raise HTTPException(403, "the replay is available when the game is over")
    room = hub.rooms.get(tid) or hub._build(tid, info)
    rec = room.state.to_record()
    return (info, room.data, rec), len(_json(rec))


def replay_view(info, data, rec: dict, seat: int | None, ply: int) -> tuple[bytes, int]:
    """The finished game after ``ply`` actions as ``seat`` sees it (None: a spectator), as JSON,
    and its size (blocking: it replays the game, so it runs in the pool of heavy reads)."""
    st = replay(rec, upto=0, data=data)
    rows = [(0, None, None, st.setup_events)] if st.setup_events else []
    for i, action in enumerate(rec["actions"][:ply], 1):
        mover = st.to_move
        rows.append((i, mover, action, st.apply(action)))
    # the log in step with the board, each act told as the seat read it at this ply: its last 60
    # lines (each line is read on its own, so only those are narrated)
    log = log_entries(st, rows[-60:], seat, seat_labels(st, info))
    out = {"ply": ply, "plies": len(rec["actions"]), "seat": seat, "observation": st.observation(seat),
           "text": st.render(seat), "last": log[-1] if ply else None,
           "log": log, "title": st.SPEC.title, "players": players(st, info)}
    if st.is_terminal:
        out["result"] = result(st)
    body = _json(out)
    return body, len(body)


def finished_summary(hub: Hub, tid: str, info) -> tuple[dict, int]:
    """What the finished list tells of a game besides its table: title, players, winners and
    scores (blocking: the game is built, in the pool of heavy reads)."""
    room = hub.rooms.get(tid) or hub._build(tid, info)
    st = room.state
    return dict(title=st.SPEC.title, players_info=players(st, info), winners=st.winners(), scores=st.scores()), 1


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
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
        hub.on_finish = app.state.rate_finished
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

    # every route: a state-changing request made with a session cookie carries its CSRF token
    app = FastAPI(title="Lapilli", lifespan=lifespan, dependencies=[Depends(account_api.csrf_guard)])
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    create_rate = parse_rate(settings.create_rate)
    heavy_rate = parse_rate(settings.heavy_read_rate)
    limiter = MovingWindowRateLimiter(MemoryStorage())

    def hub(request_or_ws) -> Hub:
        return request_or_ws.app.state.hub

    def heavy(request: Request) -> None:
        """One more heavy read to compute for this client address; 429 past LAPILLI_HEAVY_READ_RATE."""
        address = request.client.host if request.client else "unknown"
        if not limiter.hit(heavy_rate, "heavy", address):
            reset = limiter.get_window_stats(heavy_rate, "heavy", address).reset_time
            raise HTTPException(429, f"too many finished games read from {address}: at most "
                                     f"{settings.heavy_read_rate} that are not already computed; try again later",
                                headers={"Retry-After": str(max(1, int(reset - time.time()) + 1))})

    def store(request_or_ws) -> Store:
        return request_or_ws.app.state.store

    @app.exception_handler(LapilliError)
    async def _lapilli_error(request: Request, exc: LapilliError):
        return JSONResponse({"error": str(exc)}, status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException):
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, exc: RequestValidationError):
        return JSONResponse({"error": _validation_message(exc)}, status_code=422)

    @app.exception_handler(NotFound)
    async def _not_found(request: Request, exc: NotFound):
        return JSONResponse({"error": str(exc)}, status_code=404)

    @app.exception_handler(Forbidden)
    async def _forbidden(request: Request, exc: Forbidden):
        return JSONResponse({"error": str(exc)}, status_code=403)

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

    account_api.install(app, settings, _errors)

    probe = {"at": -math.inf, "database": ""}
    probing = asyncio.Lock()

    async def database_state(request: Request) -> str:
        """'ok' when a write succeeds (Store.write_probe), else what fails.  /health is public:
        the write is made at most once per ``health_probe_every`` seconds, and requests arriving
        meanwhile share the last result."""
        async with probing:
            if time.monotonic() - probe["at"] < settings.health_probe_every and probe["database"]:
                return probe["database"]
            try:
                await asyncio.wait_for(run_in_threadpool(store(request).write_probe, settings.instance), 5)
                database = "ok"
            except Exception as e:
                kind, words = explain(e, settings.database_url)
                if kind == "unreachable" or isinstance(e, asyncio.TimeoutError):
                    database = f"unreachable ({e.__class__.__name__})"
                else:
                    database = f"write failed ({words})"
            probe.update(at=time.monotonic(), database=database)
            return database

    @app.get("/health")
    async def health(request: Request):
        """The database (a write succeeds) and Redis as this instance sees them; 503 when either
        is down or the database takes no write.  With them, counts only: the tables in memory and
        the coach's jobs waiting and running."""
        database = await database_state(request)
        redis = await hub(request).pubsub.ping()
        ok = database == "ok" and redis in ("ok", "not used")
        return JSONResponse({"status": "ok" if ok else "degraded", "database": database, "redis": redis,
                             "tables_loaded": hub(request).in_memory(), "coach": hub(request).bots.coach_status()},
                            status_code=200 if ok else 503)

    # ------------------------------------------------------------------ lobby
    def known_sets(game: str) -> list:
        """The data sets a table of ``game`` may pick: the game's own first, then those of --data."""
        return [default_dataset(game)] + [d for d in settings.datasets if d.game == game and not d.is_default]

    @app.get("/api/games")
    def games():
        return [dict(game_spec(g).describe(), datasets=[d.describe() for d in known_sets(g)]) for g in list_games()]

    @app.post("/api/games/{gid}/choices", responses=_errors(400))
    def choices(req: ChoicesRequest, gid: str = PathParam(..., max_length=64)):
        """Which player counts and option values the lobby form may offer with the rest as chosen;
        each refused one with the rules' reason (the game's SPEC.constraint decides)."""
        return game_spec(gid).choices(req.players, req.options)

    @app.get("/api/levels")
    def levels():
        """The levels a computer seat may play, weakest first."""
        return list(LEVELS)

    @app.post("/api/tables", responses=_errors(400, 403, 429))
    async def create_table(req: CreateTable, request: Request, user: User | None = Depends(current_user)):
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
        if req.rated:
            if user is None:
                raise HTTPException(403, "sign in to create a rated table (guests play unrated tables)")
            if any(s.kind == "bot" for s in seats):
                raise LapilliError("a rated table is for signed-in players only: make every seat open, or "
                                   "create an unrated table to play the computer")
            if req.clock is None:
                # a player who never moves would hold a rated game for ever
                raise LapilliError("a rated table needs a clock (real-time or turn-based): add clock, e.g. "
                                   "{\"preset\": \"10m+10s\"} or {\"preset\": \"24h\"}")
        rows = []
        for s in seats:
            if s.kind == "bot":
                rows.append({"kind": "bot", "agent": s.level, "name": f"computer ({s.level})"})
            else:
                rows.append({"kind": "open"})
        if req.seed is not None and not settings.test_seeds:
            raise LapilliError("a table's seed is drawn by the server: remove the field seed")
        seed = req.seed if req.seed is not None else secrets.randbits(63)
        salt = secrets.token_hex(16)
        dataset = None
        if req.dataset not in (None, "", "default"):
            found = [d for d in known_sets(req.game)[1:] if req.dataset in (d.name, d.hash)]
            if not found:
                names = ", ".join(d.name for d in known_sets(req.game))
                raise LapilliError(f"this server knows no data set {req.dataset!r} of {req.game}; it knows: {names}")
            dataset = found[0].describe()
        # the commitment covers everything that decides the game (engine/fairness.py)
        data_hash = dataset["hash"] if dataset else default_dataset(req.game).hash
        commit = commitment(seed, salt, game=req.game, players=players, options=options, data=data_hash,
                            seeding=DEFAULT_SEEDING)
        tid = await run_in_threadpool(store(request).create_table, req.game, players, options, seed, rows,
                                      salt, commit, DEFAULT_SEEDING, dataset,
                                      req.clock.stored() if req.clock else None, req.rated)
        return {"id": tid, "invite": f"/t/{tid}"}

    @app.get("/api/tables", responses=_errors())
    async def tables(request: Request, status: str = "open,playing", limit: int = Query(50, ge=1, le=200),
                     offset: int = Query(0, ge=0, le=10**9)):
        """One page of tables, newest first: ``offset`` pages through all of them."""
        wanted = tuple(s for s in status.split(",") if s in ("open", "playing", "finished"))
        return [t.public() for t in await run_in_threadpool(store(request).list_tables, wanted, limit, offset)]

    @app.get("/api/finished", responses=_errors(429))
    async def finished_games(request: Request, limit: int = Query(20, ge=1, le=100)):
        """Finished games, the most recently ended first, with their players and winners.  Each
        game's summary is computed once (in the pool of heavy reads) and kept; a list that needs
        one computed counts against LAPILLI_HEAVY_READ_RATE."""
        reads: HeavyReads = request.app.state.reads
        rows = await run_in_threadpool(lambda: store(request).list_tables(("finished",), limit, by_update=True))
        keys = [(info.id, info.version) for info in rows]
        if any(reads.needs_work(k, reads.summaries) for k in keys):
            heavy(request)
        summaries = await asyncio.gather(*(reads.read(k, finished_summary, hub(request), info.id, info,
                                                      cache=reads.summaries) for k, info in zip(keys, rows)))
        # plain JSON data, written as it is (FastAPI's encoding of it, item by item, held the
        # event loop for tens of milliseconds on a page of 100 games)
        return JSONResponse([dict(info.public(), **summary) for info, summary in zip(rows, summaries)])

    @app.get("/api/tables/{tid}", responses=_errors(404))
    async def table(request: Request, tid: str = TableId):
        return (await run_in_threadpool(store(request).get, tid)).public()

    @app.post("/api/tables/{tid}/seats/{seat}", responses=_errors(400, 403, 404, 409))
    async def join(req: JoinRequest, request: Request, tid: str = TableId, seat: int = SeatNumber,
                   user: User | None = Depends(current_user)):
        """Take an open seat: a signed-in person sits under their username (their seat counts for
        their player page and, at a rated table, their rating), a guest under the name given."""
        info = await run_in_threadpool(store(request).get, tid)
        if not 0 <= seat < info.players:
            raise NotFound(f"no seat {seat} at table {tid}")
        name, uid = (user.username, user.id) if user else (None, None)
        if user and not info.rated and any(s.user_id == user.id for s in info.seats):
            # hot-seat: a signed-in person already seated here seats the others of the screen as
            # guests, under the names typed for them (a rated table refuses a second seat)
            name, uid = None, None
        if uid is None:
            # a guest's name: no control character, no reserved word, not an account's look-alike
            name = await run_in_threadpool(request.app.state.accounts.guest_name, req.name)
        token = await run_in_threadpool(store(request).claim_seat, tid, seat, name, uid)
        await hub(request).refresh_info(tid)
        return {"seat": seat, "token": token}

    @app.post("/api/tables/{tid}/seats/{seat}/computer", responses=_errors(400, 403, 404, 409, 503))
    async def take_over(req: TakeOver, request: Request, tid: str = TableId, seat: int = SeatNumber):
        """A computer opponent takes over a seat (asked by any seated player of the table): the
        asker's own seat at once, another person's seat once it has been away for the seat grace
        and only while this instance knows who is connected to the others (503 otherwise: during
        and just after a Redis outage).  The seat's token takes it back at any time, and every
        connection of its person is told at once (a "seat_lost" message).  At a rated table the
        seat is abandoned for the rating (ratings.py) whatever happens later, and handing one's own
        seat over is a resignation the asker must say (``resign``) before it happens."""
        asker = await run_in_threadpool(store(request).seat_for_token, tid, req.token)
        if asker is None:
            raise HTTPException(403, "only a player seated at this table can hand a seat to the computer")
        room = await hub(request).room(tid)
        if not 0 <= seat < room.info.players:
            raise NotFound(f"no seat {seat} at table {tid}")
        if room.info.rated and room.info.seats[seat].kind == "open":
            raise HTTPException(409, f"seat {seat} is open: at a rated table it waits for a signed-in player "
                                     "(no computer plays a rated table's open seat)")
        if seat != asker:
            unknown = hub(request).pubsub.presence_unknown()
            if unknown and room.info.seats[seat].kind == "human":  # its person may be connected elsewhere
                raise HTTPException(503, f"{unknown}, so seat {seat} is not handed to the computer now; "
                                         "ask again in a moment", headers={"Retry-After": "5"})
            if room.is_present(seat):  # to this instance or another one
                raise HTTPException(409, f"seat {seat} is still connected")
            left = room.grace_left(seat)
            if left > 0:
                raise HTTPException(409, f"seat {seat} is held for its player for {math.ceil(left)} more seconds "
                                         "(seat grace); ask again after that")
        elif room.info.rated and not room.state.is_terminal and not req.resign:
            raise HTTPException(409, "at a rated table handing your own seat to the computer resigns the game: "
                                     "you lose it for the rating, and taking the seat back later gives no time; "
                                     "send resign: true to resign")
        resigned = await run_in_threadpool(store(request).seat_to_bot, tid, seat, req.level)
        await hub(request).refresh_info(tid)
        return {"seat": seat, "agent": req.level, "resigned": bool(resigned and seat == asker)}

    async def finished(request: Request, tid: str, what: str):
        """The finished table for reading (not kept in memory); refused before anything is loaded."""
        if (await hub(request).info(tid)).status != "finished":
            # the seed would reveal every hidden thing and every future draw
            raise HTTPException(403, f"the {what} is available when the game is over")
        return await hub(request).peek(tid)

    @app.get("/api/tables/{tid}/record", responses=_errors(403, 404, 429))
    async def record(request: Request, tid: str = TableId):
        """The finished game's record, seed and salt included (403 before the end).  The table is
        built in a worker thread and the last ones read are kept (Hub.peek); a build counts
        against LAPILLI_HEAVY_READ_RATE."""
        h = hub(request)
        if tid not in h.rooms and tid not in h.peeked and (await h.info(tid)).status == "finished":
            heavy(request)
        room = await finished(request, tid, "record")
        rec = room.state.to_record()
        info = room.info
        if info.commitment:  # the seed, its salt and their commitment: `lapilli verify` checks them
            rec.update(salt=info.salt, commitment=info.commitment)
            if info.commitment != seed_commitment(info.seed, info.salt):
                # committed to with the game's terms: the options as the table was made with them
                # (the ones committed to), and the seats in their order
                rec.update(fairness=FAIRNESS, options=dict(info.options), seat_order=list(range(info.players)))
        return JSONResponse(rec,
                            headers={"Content-Disposition": f'attachment; filename="lapilli-{tid}.json"'})

    @app.get("/api/tables/{tid}/replay/{ply}", responses=_errors(403, 404, 429))
    async def replay_step(request: Request, tid: str = TableId, ply: int = PathParam(..., ge=0, le=10**6),
                          seat: int | None = Query(None, ge=0, le=63)):
        """The finished game after ``ply`` actions, seen from ``seat`` (default: a spectator); once
        the game is over its record, seed included, is public, so any seat's view may be asked.
        Each answer is computed once (in the pool of heavy reads) and kept; one that must be
        computed counts against LAPILLI_HEAVY_READ_RATE."""
        reads: HeavyReads = request.app.state.reads
        counted = reads.needs_work(("record", tid))  # a request counts once, whatever it needs computed
        if counted:
            heavy(request)
        # only a finished table's record is kept (a finished game never changes)
        info, data, rec = await reads.read(("record", tid), finished_record, hub(request), tid)
        if seat is not None and not 0 <= seat < info.players:
            raise NotFound(f"no seat {seat} at table {tid}")
        ply = max(0, min(ply, len(rec["actions"])))
        key = ("replay", tid, seat, ply)
        if not counted and reads.needs_work(key):
            heavy(request)
        body = await reads.read(key, replay_view, info, data, rec, seat, ply, pure=True)
        return Response(body, media_type="application/json")

    async def coach(request: Request, fn, *args, limit: float, key=None, urgent: bool = False):
        """A coach job for this request: shared by ``key``, bounded per client address (429),
        dropped or stopped when every client waiting for it has gone."""
        address = request.client.host if request.client else "unknown"
        try:
            return await hub(request).bots.coach(fn, *args, limit=limit, key=key, urgent=urgent, client=address,
                                                 gone=request.is_disconnected)
        except CoachBusy as e:
            raise HTTPException(429, str(e), headers={"Retry-After": "10"})
        except ClientGone:
            raise HTTPException(499, "the client closed the request")

    @app.get("/api/tables/{tid}/review/{seat}", responses=_errors(403, 404, 429, 503))
    async def review(request: Request, tid: str = TableId, seat: int = SeatNumber,
                     level: str = Query("normal", pattern="^(easy|normal|hard)$")):
        """The coach's review of ``seat`` in the finished game (docs/coach.md): computed once in the
        coach's worker with a bounded budget, then kept with the game.  Several clients asking for
        the same review wait for one computation, which stops when none of them waits any more."""
        room = await finished(request, tid, "review")
        if not 0 <= seat < room.info.players:
            raise NotFound(f"no seat {seat} at table {tid}")
        got = await run_in_threadpool(store(request).get_review, tid, seat, level)
        if got is not None:
            return got
        from .bots import _review

        try:
            data = await coach(request, _review, room.state.to_record(), seat, level, settings.coach_iterations,
                               settings.coach_samples, room.data, limit=settings.coach_limit,
                               key=("review", tid, seat, level))
        except TimeoutError:
            raise HTTPException(503, "the review took longer than the coach's limit; ask again later")
        return await run_in_threadpool(store(request).save_review, tid, seat, level, data)  # the first one kept

    async def _hint_seats(request: Request, tid: str) -> tuple:
        """(the table's info, its hints per seat, the persons' seats that have not agreed).  A
        person's seat counts whoever plays it now: a computer standing in for its person does not
        agree for them."""
        info = await hub(request).info(tid)
        got = await run_in_threadpool(store(request).hints, tid)
        people = [s.seat for s in info.seats if s.kind == "human" or s.stand_in]
        missing = [p for p in people if not got.get(p, {}).get("agree")]
        return info, got, missing

    def _no_coach(info) -> str | None:
        """Why no hint may be given at this table now (None: hints follow the consent rule)."""
        if info.rated and info.status != "finished":
            return "no hints at a rated table: the coach is for unrated tables, and for reviews once the game is over"
        return None

    @app.get("/api/tables/{tid}/hints", responses=_errors(404))
    async def hints(request: Request, tid: str = TableId):
        """Hints at the table: per seat whether its person agreed and how many it used, and whether
        hints are allowed (every person seated agreed; a person alone with computers agrees by asking)."""
        info, got, missing = await _hint_seats(request, tid)
        return {"allowed": not missing and _no_coach(info) is None, "waiting_for": missing, "rated": info.rated,
                "seats": [{"seat": s.seat, "agree": got.get(s.seat, {}).get("agree", False),
                           "used": got.get(s.seat, {}).get("used", 0)} for s in info.seats]}

    @app.post("/api/tables/{tid}/hints/agree", responses=_errors(403, 404))
    async def hints_agree(req: HintRequest, request: Request, tid: str = TableId):
        seat = await run_in_threadpool(store(request).seat_for_token, tid, req.token)
        if seat is None:
            raise HTTPException(403, "only a person seated at this table may agree to hints (the token holds no seat)")
        why = _no_coach(await hub(request).info(tid))
        if why:
            raise HTTPException(403, why)
        await run_in_threadpool(store(request).hint_agree, tid, seat)
        return await hints(request, tid)

    @app.post("/api/tables/{tid}/hint", responses=_errors(403, 404, 409, 429, 503))
    async def hint(req: HintRequest, request: Request, tid: str = TableId):
        """The move the coach suggests to the seat to move (its token's), from what that seat sees;
        allowed when every person seated agreed (asking counts as agreeing) and the game has begun;
        never at a rated table; each hint is counted.  A live game's hint goes before every waiting
        review."""
        seat = await run_in_threadpool(store(request).seat_for_token, tid, req.token)
        if seat is None:
            raise HTTPException(403, "only a person seated at this table may ask for a hint (the token holds no seat)")
        info = await hub(request).info(tid)
        why = _no_coach(info)
        if why:
            raise HTTPException(403, why)
        if any(s.kind == "open" for s in info.seats):
            raise HTTPException(409, NOT_STARTED)
        await run_in_threadpool(store(request).hint_agree, tid, seat)
        info, _, missing = await _hint_seats(request, tid)
        if missing:
            raise HTTPException(403, "hints need every person seated to agree; waiting for seat(s) "
                                     + ", ".join(str(p) for p in missing))
        room = await hub(request).room(tid)
        if room.state.is_terminal or room.state.to_move != seat:
            raise HTTPException(409, "a hint is for the seat to move; wait for your turn")
        from .bots import _hint

        try:
            got = await coach(request, _hint, room.state.to_json(), seat, "normal", settings.coach_iterations,
                              room.data, limit=30, urgent=True)
        except TimeoutError:
            raise HTTPException(503, "the hint took longer than the coach's limit; ask again")
        await run_in_threadpool(store(request).hint_used, tid, seat)
        return got

    # ------------------------------------------------------------------ play
    sockets: dict[str, int] = {}  # client address -> its WebSockets open now
    cap_told: dict[str, float] = {}  # client address -> when the log last said its cap bit

    @app.websocket("/ws/{tid}")
    async def ws_table(ws: WebSocket, tid: str, token: str = "", log: str = ""):
        """A seat's (``token``) or a spectator's connection to a table.  ``log=delta``: the
        client keeps the table log and is sent only the lines it does not have (Room.text_for).
        One client address holds at most LAPILLI_MAX_SOCKETS_PER_ADDRESS at once; a socket beyond
        is told so and closed (code 4429) before anything is read for it."""
        address = ws.client.host if ws.client else "unknown"
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
        h, tid, token = hub(ws), tid[:64], token[:200]
        try:
            await h.info(tid)
            seat = None
            if token:
                seat = await run_in_threadpool(store(ws).seat_for_token, tid, token)
                if seat is None:  # a computer stands in for the token's person: the seat goes back
                    loaded = h.rooms.get(tid)
                    if loaded is not None:
                        seat = await h.reclaim(loaded, token)
                    else:
                        seat = await run_in_threadpool(store(ws).reclaim_seat, tid, token, h.now())
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
        h = hub(conn.ws)
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

    app.include_router(turns_router(_errors))

    # ------------------------------------------------------------------ the browser client
    @app.get("/", include_in_schema=False)
    def index():
        return FileResponse(WEB / "index.html")

    @app.get("/mine", include_in_schema=False)
    def my_tables_page():
        return FileResponse(WEB / "index.html")

    @app.get("/t/{tid}", include_in_schema=False)
    def table_page(tid: str):
        return FileResponse(WEB / "index.html")

    @app.get("/players/{name}", include_in_schema=False)
    def player_page(name: str):
        return FileResponse(WEB / "index.html")

    @app.get("/leaderboard/{game}", include_in_schema=False)
    def leaderboard_page(game: str):
        return FileResponse(WEB / "index.html")

    app.mount("/static", StaticFiles(directory=WEB), name="static")
    return app
