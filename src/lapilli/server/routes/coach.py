"""The coach: the review of a seat's play once the game is over, and hints during a game.

Who may use them: a review, anyone once the game is over; hints, the persons seated at an
unrated table (by their seat token), once every person seated agreed.  Each asks the coach's
worker for bounded work (LAPILLI_COACH_LIMIT), shared by the clients asking for the same thing,
at most LAPILLI_COACH_PER_ADDRESS waited for at once per client address (more: 429), and
stopped when no client waits for it any more."""
from __future__ import annotations

import json
import time

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import StreamingResponse
from pydantic import Field
from starlette.concurrency import run_in_threadpool

from ...words import server_said
from ..bots import ClientGone, CoachBusy
from ..deps import HubDep, SettingsDep, StoreDep
from ..errors import body, responses
from ..hub import Hub, seat_labels
from ..rates import client_address
from ..schemas import Request_, SeatNumber, TableId
from ..store import NotFound, Store
from .finished import finished_room

router = APIRouter()


class HintRequest(Request_):
    token: str = Field(..., max_length=200)


async def coach(request: Request, hub: Hub, fn, *args, limit: float, key=None, urgent: bool = False):
    """A coach job for this request: shared by ``key``, bounded per client address (429),
    dropped or stopped when every client waiting for it has gone."""
    try:
        return await hub.bots.coach(fn, *args, limit=limit, key=key, urgent=urgent, client=client_address(request),
                                    gone=request.is_disconnected)
    except CoachBusy as e:
        raise HTTPException(429, e.args[0], headers={"Retry-After": "10"})
    except ClientGone:
        raise HTTPException(499, server_said("client_gone"))


@router.get("/api/tables/{tid}/review/{seat}", responses=responses(403, 404, 429, 503))
async def review(request: Request, hub: HubDep, store: StoreDep, settings: SettingsDep, tid: str = TableId,
                 seat: int = SeatNumber, level: str = Query("normal", pattern="^(easy|normal|hard)$"),
                 progress: bool = Query(False, description="stream the review decision by decision (NDJSON)")):
    """The coach's review of ``seat`` in the finished game (docs/coach.md): computed once in the
    coach's worker with a bounded budget, then kept with the game.  Several clients asking for
    the same review wait for one computation, which stops when none of them waits any more.

    ``progress``: the answer is a stream of JSON lines, ``start`` (the decisions to judge),
    one ``decision`` line per decision judged (k of n, with its judgement), then ``done`` with
    the whole review, or ``error`` (status and detail) if the coach stops; the decisions are
    judged one coach job each, so a client that leaves stops the work at once."""
    room = await finished_room(hub, tid, "review")
    if not 0 <= seat < room.info.players:
        raise NotFound(server_said("no_seat", seat=seat, tid=tid))
    got = await run_in_threadpool(store.get_review, tid, seat, level)
    if progress:
        client = client_address(request)
        if got is None and hub.bots.coach_full(client):
            raise HTTPException(429, server_said("coach_full", client=client), headers={"Retry-After": "10"})
        return StreamingResponse(_review_lines(request, hub, store, settings, room, tid, seat, level, got),
                                 media_type="application/x-ndjson", headers={"Cache-Control": "no-store"})
    if got is not None:
        return got
    from ..bots import _review

    try:
        data = await coach(request, hub, _review, room.state.to_record(), seat, level, settings.coach_iterations,
                           settings.coach_samples, room.data, limit=settings.coach_limit,
                           key=("review", tid, seat, level))
    except TimeoutError:
        raise HTTPException(503, server_said("review_too_long"))
    return await run_in_threadpool(store.save_review, tid, seat, level, data)  # the first one kept


def _stopped(status: int, said) -> dict:
    """The line of a streamed review the coach stopped: its status and its refusal (``detail``
    in English, ``key`` and ``words`` in every language of the page)."""
    out = {"stage": "error", "status": status, "detail": str(said)}
    got = body(said)
    if "words" in got:
        out.update(key=got["key"], words=got["words"])
    return out


def _line(msg: dict) -> bytes:
    return (json.dumps(msg, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


async def _review_lines(request: Request, hub: Hub, store: Store, settings, room, tid: str, seat: int, level: str,
                        got: dict | None):
    """The lines of a streamed review: a kept review at once, else decision by decision."""
    if got is not None:
        yield _line({"stage": "start", "total": len(got["decisions"])})
        for k, d in enumerate(got["decisions"]):
            yield _line({"stage": "decision", "done": k + 1, "total": len(got["decisions"]), "decision": d})
        yield _line({"stage": "done", "review": got})
        return
    from ..bots import _review
    from ...coach.review import decision_plies

    record = room.state.to_record()
    plies = await run_in_threadpool(decision_plies, record, seat, room.data)
    yield _line({"stage": "start", "total": len(plies)})
    deadline = time.monotonic() + settings.coach_limit   # the whole review keeps the coach's limit
    head, decisions = None, []
    for k, ply in enumerate(plies or [None]):
        try:
            part = await coach(request, hub, _review, record, seat, level, settings.coach_iterations,
                               settings.coach_samples, room.data, [] if ply is None else [ply],
                               limit=max(1.0, deadline - time.monotonic()), key=("review", tid, seat, level, ply))
        except TimeoutError:
            yield _line(_stopped(503, server_said("review_too_long")))
            return
        except HTTPException as e:          # 429 (a race with another request) or 499 (gone)
            if e.status_code != 499:
                yield _line(_stopped(e.status_code, e.detail))
            return
        head = part
        decisions += part["decisions"]
        if ply is not None:
            yield _line({"stage": "decision", "done": k + 1, "total": len(plies),
                         "decision": part["decisions"][0] if part["decisions"] else None})
    whole = dict(head, decisions=decisions)
    whole["counts"] = {c: sum(1 for d in decisions if d["cls"] == c) for c in head["counts"]}
    kept = await run_in_threadpool(store.save_review, tid, seat, level, whole)  # the first one kept
    yield _line({"stage": "done", "review": kept})


async def _hint_seats(hub: Hub, store: Store, tid: str) -> tuple:
    """(the table's info, its hints per seat, the persons' seats that have not agreed).  A
    person's seat counts whoever plays it now: a computer standing in for its person does not
    agree for them."""
    info = await hub.info(tid)
    got = await run_in_threadpool(store.hints, tid)
    people = [s.seat for s in info.seats if s.kind == "human" or s.stand_in]
    missing = [p for p in people if not got.get(p, {}).get("agree")]
    return info, got, missing


def _no_coach(info) -> str | None:
    """Why no hint may be given at this table now (None: hints follow the consent rule)."""
    if info.rated and info.status != "finished":
        return server_said("hints_rated")
    return None


@router.get("/api/tables/{tid}/hints", responses=responses(404))
async def hints(hub: HubDep, store: StoreDep, tid: str = TableId):
    """Hints at the table: per seat whether its person agreed and how many it used, and whether
    hints are allowed (every person seated agreed; a person alone with computers agrees by asking)."""
    info, got, missing = await _hint_seats(hub, store, tid)
    return {"allowed": not missing and _no_coach(info) is None, "waiting_for": missing, "rated": info.rated,
            "seats": [{"seat": s.seat, "agree": got.get(s.seat, {}).get("agree", False),
                       "used": got.get(s.seat, {}).get("used", 0)} for s in info.seats]}


@router.post("/api/tables/{tid}/hints/agree", responses=responses(400, 403, 404))
async def hints_agree(req: HintRequest, hub: HubDep, store: StoreDep, tid: str = TableId):
    seat = await run_in_threadpool(store.seat_for_token, tid, req.token)
    if seat is None:
        raise HTTPException(403, server_said("hints_agree_not_seated"))
    why = _no_coach(await hub.info(tid))
    if why:
        raise HTTPException(403, why)
    await run_in_threadpool(store.hint_agree, tid, seat)
    return await hints(hub, store, tid)


@router.post("/api/tables/{tid}/hint", responses=responses(400, 403, 404, 409, 429, 503))
async def hint(req: HintRequest, request: Request, hub: HubDep, store: StoreDep, settings: SettingsDep,
               tid: str = TableId):
    """The move the coach suggests to the seat to move (its token's), from what that seat sees;
    allowed when every person seated agreed (asking counts as agreeing) and the game has begun;
    never at a rated table; each hint is counted.  A live game's hint goes before every waiting
    review."""
    seat = await run_in_threadpool(store.seat_for_token, tid, req.token)
    if seat is None:
        raise HTTPException(403, server_said("hint_not_seated"))
    info = await hub.info(tid)
    why = _no_coach(info)
    if why:
        raise HTTPException(403, why)
    if any(s.kind == "open" for s in info.seats):
        raise HTTPException(409, server_said("not_started"))
    await run_in_threadpool(store.hint_agree, tid, seat)
    info, _, missing = await _hint_seats(hub, store, tid)
    if missing:
        raise HTTPException(403, server_said("hints_waiting", seats=", ".join(str(p) for p in missing)))
    room = await hub.room(tid)
    if room.over or room.state.to_move != seat:
        raise HTTPException(409, server_said("hint_not_your_turn"))
    from ..bots import _hint

    try:  # the seats named as the table names them
        got = await coach(request, hub, _hint, room.state.to_json(), seat, "normal", settings.coach_iterations,
                          room.data, seat_labels(room.state, info, room.conceded), limit=30, urgent=True)
    except TimeoutError:
        raise HTTPException(503, server_said("hint_too_long"))
    await run_in_threadpool(store.hint_used, tid, seat)
    return got
