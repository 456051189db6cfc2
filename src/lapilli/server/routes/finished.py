"""Finished games: the list of the last ones, a game's record (seed and salt included) and its
replay, step by step, as any seat saw it.

Who may use them: anyone, once the game is over (before, 403: the seed would reveal every hidden
thing and every future draw).  These are the heavy reads (a long game is rebuilt and its log
narrated): each answer is computed once in the pool of heavy reads and kept, and the requests
that need one computed count against LAPILLI_HEAVY_READ_RATE per client address."""
from __future__ import annotations

import asyncio
import json

from fastapi import APIRouter, HTTPException, Path as PathParam, Query, Request
from fastapi.responses import JSONResponse, Response
from starlette.concurrency import run_in_threadpool

from ...words import server_said
from ...engine.fairness import FAIRNESS, seed_commitment
from ...engine.registry import replay
from ..deps import HubDep, LimitsDep, ReadsDep, StoreDep
from ..errors import responses
from ..hub import Hub, log_entries, players, result, seat_labels
from ..rates import one_more
from ..schemas import TableId
from ..store import NotFound

router = APIRouter()
HEAVY = "rate_heavy"  # its sentence (lapilli.words.SERVER)


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
        raise HTTPException(403, server_said("finished_only", what=server_said("what_replay")))
    room = hub.rooms.get(tid) or hub._build(tid, info)
    rec = with_table_talk(hub, info, room, room.state.to_record())
    return (info, room.data, rec), len(_json(rec))


def with_table_talk(hub: Hub, info, room, rec: dict) -> dict:
    """The record with what the table added to the game's actions: the seats that conceded
    (``conceded``), and the chat (``chat``, its lines with the ply each was said at) when the
    table let spectators read it (a chat among the seats only stays theirs)."""
    if room.conceded:
        rec["conceded"] = list(room.conceded)
    if info.chat in ("watch", "open"):
        rec["chat"] = hub.store.chat(info.id, last=100_000)
    return rec


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
    log = log_entries(st, rows[-60:], seat, seat_labels(st, info, rec.get("conceded", ())))
    out = {"ply": ply, "plies": len(rec["actions"]), "seat": seat, "observation": st.observation(seat),
           "text": st.render(seat), "last": log[-1] if ply else None,
           "log": log, "title": st.SPEC.title, "players": players(st, info, rec.get("conceded", ()))}
    if "chat" in rec:  # the lines said up to this ply
        out["chat"] = [line for line in rec["chat"] if line["ply"] <= ply]
    if st.is_terminal or (rec.get("conceded") and ply == len(rec["actions"])):
        out["result"] = result(st, rec.get("conceded", []))
    body = _json(out)
    return body, len(body)


def finished_summary(hub: Hub, tid: str, info) -> tuple[dict, int]:
    """What the finished list tells of a game besides its table: title, players, winners and
    scores (blocking: the game is built, in the pool of heavy reads)."""
    room = hub.rooms.get(tid) or hub._build(tid, info)
    st = room.state
    return dict(title=st.SPEC.title, players_info=players(st, info, room.conceded), winners=st.winners(), scores=st.scores()), 1


async def finished_room(hub: Hub, tid: str, what: str):
    """The finished table for reading (not kept in memory); refused before anything is loaded."""
    if (await hub.info(tid)).status != "finished":
        # the seed would reveal every hidden thing and every future draw
        raise HTTPException(403, server_said("finished_only", what=server_said(f"what_{what}")))
    return await hub.peek(tid)


@router.get("/api/finished", responses=responses(429))
async def finished_games(request: Request, hub: HubDep, store: StoreDep, reads: ReadsDep, limits: LimitsDep,
                         limit: int = Query(20, ge=1, le=100)):
    """Finished games, the most recently ended first, with their players and winners.  Each
    game's summary is computed once (in the pool of heavy reads) and kept; a list that needs
    one computed counts against LAPILLI_HEAVY_READ_RATE."""
    rows = await run_in_threadpool(lambda: store.list_tables(("finished",), limit, by_update=True))
    keys = [(info.id, info.version) for info in rows]
    if any(reads.needs_work(k, reads.summaries) for k in keys):
        one_more(request, limits.heavy, HEAVY)
    summaries = await asyncio.gather(*(reads.read(k, finished_summary, hub, info.id, info, cache=reads.summaries)
                                       for k, info in zip(keys, rows)))
    # plain JSON data, written as it is (FastAPI's encoding of it, item by item, held the
    # event loop for tens of milliseconds on a page of 100 games)
    return JSONResponse([dict(info.public(), **summary) for info, summary in zip(rows, summaries)])


@router.get("/api/tables/{tid}/record", responses=responses(403, 404, 429))
async def record(request: Request, hub: HubDep, limits: LimitsDep, tid: str = TableId):
    """The finished game's record, seed and salt included (403 before the end).  The table is
    built in a worker thread and the last ones read are kept (Hub.peek); a build counts
    against LAPILLI_HEAVY_READ_RATE."""
    if tid not in hub.rooms and tid not in hub.peeked and (await hub.info(tid)).status == "finished":
        one_more(request, limits.heavy, HEAVY)
    room = await finished_room(hub, tid, "record")
    info = room.info
    rec = await run_in_threadpool(with_table_talk, hub, info, room, room.state.to_record())
    if info.commitment:  # the seed, its salt and their commitment: `lapilli verify` checks them
        rec.update(salt=info.salt, commitment=info.commitment)
        if info.commitment != seed_commitment(info.seed, info.salt):
            # committed to with the game's terms: the options as the table was made with them
            # (the ones committed to), and the seats in their order
            rec.update(fairness=FAIRNESS, options=dict(info.options), seat_order=list(range(info.players)))
    return JSONResponse(rec, headers={"Content-Disposition": f'attachment; filename="lapilli-{tid}.json"'})


@router.get("/api/tables/{tid}/replay/{ply}", responses=responses(403, 404, 429))
async def replay_step(request: Request, hub: HubDep, reads: ReadsDep, limits: LimitsDep, tid: str = TableId,
                      ply: int = PathParam(..., ge=0, le=10**6), seat: int | None = Query(None, ge=0, le=63)):
    """The finished game after ``ply`` actions, seen from ``seat`` (default: a spectator); once
    the game is over its record, seed included, is public, so any seat's view may be asked.
    Each answer is computed once (in the pool of heavy reads) and kept; one that must be
    computed counts against LAPILLI_HEAVY_READ_RATE."""
    counted = reads.needs_work(("record", tid))  # a request counts once, whatever it needs computed
    if counted:
        one_more(request, limits.heavy, HEAVY)
    # only a finished table's record is kept (a finished game never changes)
    info, data, rec = await reads.read(("record", tid), finished_record, hub, tid)
    if seat is not None and not 0 <= seat < info.players:
        raise NotFound(server_said("no_seat", seat=seat, tid=tid))
    ply = max(0, min(ply, len(rec["actions"])))
    key = ("replay", tid, seat, ply)
    if not counted and reads.needs_work(key):
        one_more(request, limits.heavy, HEAVY)
    body = await reads.read(key, replay_view, info, data, rec, seat, ply, pure=True)
    return Response(body, media_type="application/json")
