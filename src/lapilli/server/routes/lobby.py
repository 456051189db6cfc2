"""The lobby: the games and their choices, the computer's levels, the list of tables, creating a
table, taking a seat, and handing a seat to the computer.

Who may use them: anyone, guests included, for the lists and for creating a table (at most
LAPILLI_CREATE_RATE per client address) and taking an open seat (a signed-in person sits under
their username; a rated table needs one).  Handing a seat to the computer takes a seat token of
that table."""
from __future__ import annotations

import math
import secrets
import time
from functools import partial
from typing import Literal

from fastapi import APIRouter, HTTPException, Path as PathParam, Query, Request
from pydantic import Field
from starlette.concurrency import run_in_threadpool

from ...words import server_said
from ...engine.dataset import default_dataset
from ...engine.errors import LapilliError
from ...engine.fairness import commitment
from ...engine.registry import game_spec, list_games
from ...engine.rng import DEFAULT_SEEDING
from ..bots import LEVELS
from ..deps import AccountsDep, HubDep, LimitsDep, SettingsDep, StoreDep, UserDep
from ..errors import responses
from ..rates import one_more
from ..schemas import Level, Request_, SeatNumber, TableId
from ..store import NotFound
from .turns import ClockRequest

router = APIRouter()


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
    # who reads and writes the table's chat: the seats only, spectators read too, spectators write too
    chat: Literal["seats", "watch", "open"] = "seats"


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


def known_sets(settings, game: str) -> list:
    """The data sets a table of ``game`` may pick: the game's own first, then those of --data."""
    return [default_dataset(game)] + [d for d in settings.datasets if d.game == game and not d.is_default]


@router.get("/api/games")
def games(settings: SettingsDep):
    return [dict(game_spec(g).describe(), datasets=[d.describe() for d in known_sets(settings, g)])
            for g in list_games()]


@router.post("/api/games/{gid}/choices", responses=responses(400))
def choices(req: ChoicesRequest, gid: str = PathParam(..., max_length=64)):
    """Which player counts and option values the lobby form may offer with the rest as chosen;
    each refused one with the rules' reason (the game's SPEC.constraint decides)."""
    return game_spec(gid).choices(req.players, req.options)


@router.get("/api/levels")
def levels():
    """The levels a computer seat may play, weakest first."""
    return list(LEVELS)


@router.post("/api/tables", responses=responses(400, 403, 429))
async def create_table(req: CreateTable, request: Request, user: UserDep, store: StoreDep, settings: SettingsDep,
                       limits: LimitsDep):
    one_more(request, limits.create, "rate_create")
    spec = game_spec(req.game)
    players, options = spec.resolve(req.players, req.options)
    seats = list(req.seats) + [SeatRequest()] * (players - len(req.seats))
    if len(seats) != players:
        raise LapilliError(server_said("seats_for_players", given=len(req.seats), players=players))
    if req.rated:
        if user is None:
            raise HTTPException(403, server_said("rated_sign_in"))
        if any(s.kind == "bot" for s in seats):
            raise LapilliError(server_said("rated_no_computer"))
        if req.clock is None:
            # a player who never moves would hold a rated game for ever
            raise LapilliError(server_said("rated_needs_clock"))
    rows = []
    for s in seats:
        if s.kind == "bot":
            rows.append({"kind": "bot", "agent": s.level, "name": f"computer ({s.level})"})
        else:
            rows.append({"kind": "open"})
    if req.seed is not None and not settings.test_seeds:
        raise LapilliError(server_said("seed_by_server"))
    seed = req.seed if req.seed is not None else secrets.randbits(63)
    salt = secrets.token_hex(16)
    dataset = None
    if req.dataset not in (None, "", "default"):
        found = [d for d in known_sets(settings, req.game)[1:] if req.dataset in (d.name, d.hash)]
        if not found:
            names = ", ".join(d.name for d in known_sets(settings, req.game))
            raise LapilliError(server_said("unknown_dataset", name=req.dataset, game=req.game, names=names))
        dataset = found[0].describe()
    # the commitment covers everything that decides the game (engine/fairness.py)
    data_hash = dataset["hash"] if dataset else default_dataset(req.game).hash
    commit = commitment(seed, salt, game=req.game, players=players, options=options, data=data_hash,
                        seeding=DEFAULT_SEEDING)
    tid = await run_in_threadpool(store.create_table, req.game, players, options, seed, rows,
                                  salt, commit, DEFAULT_SEEDING, dataset,
                                  req.clock.stored() if req.clock else None, req.rated, req.chat)
    return {"id": tid, "invite": f"/t/{tid}"}


@router.get("/api/tables", responses=responses(400))
async def tables(store: StoreDep, status: str = Query("open,playing", max_length=40),
                 limit: int = Query(50, ge=1, le=200), offset: int = Query(0, ge=0, le=10**9),
                 game: str | None = Query(None, max_length=64), players: int | None = Query(None, ge=1, le=64)):
    """One page of tables, newest first: ``offset`` pages through all of them; ``game`` and
    ``players`` keep only the tables of that game and player count (the database filters before
    the page is cut, so a page is full whenever enough tables match).  Each row says what anyone
    may read of the table, how long it has waited (``waited``, seconds since it was created) and
    each seated account's public rating in the game; read from the database in three queries
    whatever the page, no table is loaded."""
    if game is not None:
        game_spec(game)  # an unknown game is refused clearly
    wanted = tuple(s for s in status.split(",") if s in ("open", "playing", "finished"))
    found = await run_in_threadpool(partial(store.list_tables, wanted, limit, offset, game=game, players=players,
                                            ratings=True))
    now = time.time()
    return [t.lobby(now) for t in found]


@router.get("/api/tables/{tid}", responses=responses(404))
async def table(store: StoreDep, accounts: AccountsDep, tid: str = TableId):
    """What anyone may read of the table; a finished rated table adds its rating changes
    (``rating_changes``: each seated account's rating in the game before and after it, public
    like the ratings on the player pages; empty while they are pending)."""
    info = await run_in_threadpool(store.get, tid)
    out = info.public()
    if info.rated and info.status == "finished":
        out["rating_changes"] = await run_in_threadpool(accounts.rating_changes, tid)
    return out


@router.post("/api/tables/{tid}/seats/{seat}", responses=responses(400, 403, 404, 409))
async def join(req: JoinRequest, store: StoreDep, hub: HubDep, accounts: AccountsDep, user: UserDep,
               tid: str = TableId, seat: int = SeatNumber):
    """Take an open seat: a signed-in person sits under their username (their seat counts for
    their player page and, at a rated table, their rating), a guest under the name given."""
    info = await run_in_threadpool(store.get, tid)
    if not 0 <= seat < info.players:
        raise NotFound(server_said("no_seat", seat=seat, tid=tid))
    name, uid = (user.username, user.id) if user else (None, None)
    if user and not info.rated and any(s.user_id == user.id for s in info.seats):
        # hot-seat: a signed-in person already seated here seats the others of the screen as
        # guests, under the names typed for them (a rated table refuses a second seat)
        name, uid = None, None
    if uid is None:
        # a guest's name: no control character, no reserved word, not an account's look-alike
        name = await run_in_threadpool(accounts.guest_name, req.name)
    token = await run_in_threadpool(store.claim_seat, tid, seat, name, uid)
    await hub.refresh_info(tid)
    return {"seat": seat, "token": token}


@router.post("/api/tables/{tid}/seats/{seat}/computer", responses=responses(400, 403, 404, 409, 503))
async def take_over(req: TakeOver, store: StoreDep, hub: HubDep, tid: str = TableId, seat: int = SeatNumber):
    """A computer opponent takes over a seat (asked by any seated player of the table): the
    asker's own seat at once, another person's seat once it has been away for the seat grace
    and only while this instance knows who is connected to the others (503 otherwise: during
    and just after a Redis outage).  The seat's token takes it back at any time, and every
    connection of its person is told at once (a "seat_lost" message).  At a rated table the
    seat is abandoned for the rating (ratings.py) whatever happens later, and handing one's own
    seat over is a resignation the asker must say (``resign``) before it happens."""
    asker = await run_in_threadpool(store.seat_for_token, tid, req.token)
    if asker is None:
        raise HTTPException(403, server_said("takeover_not_seated"))
    room = await hub.room(tid)
    if not 0 <= seat < room.info.players:
        raise NotFound(server_said("no_seat", seat=seat, tid=tid))
    if room.info.rated and room.info.seats[seat].kind == "open":
        raise HTTPException(409, server_said("takeover_rated_open", seat=seat))
    if seat != asker:
        unknown = hub.pubsub.presence_unknown()
        if unknown and room.info.seats[seat].kind == "human":  # its person may be connected elsewhere
            raise HTTPException(503, server_said("takeover_presence_unknown", why=unknown, seat=seat),
                                headers={"Retry-After": "5"})
        if room.is_present(seat):  # to this instance or another one
            raise HTTPException(409, server_said("takeover_connected", seat=seat))
        left = room.grace_left(seat)
        if left > 0:
            raise HTTPException(409, server_said("takeover_held", seat=seat, seconds=math.ceil(left)))
    elif room.info.rated and not room.over and not req.resign:
        raise HTTPException(409, server_said("takeover_resign"))
    resigned = await run_in_threadpool(store.seat_to_bot, tid, seat, req.level)
    await hub.refresh_info(tid)
    return {"seat": seat, "agent": req.level, "resigned": bool(resigned and seat == asker)}
