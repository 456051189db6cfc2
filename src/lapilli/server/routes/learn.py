"""Tutorials at the web table: a game's guided first game (lapilli.learn), on the real board.

Who may use them: anyone.  Nothing is stored and no table is made: each step's position is
rebuilt from the tutorial's own data (its seed and scripted actions, shipped with the program),
so a tutorial is never rated, never listed, and its seed says nothing of any real game's.  The
learner only sends a move for a step; the engine judges it (the server holds no rule) and the
tutorial's data says whether it is the move the step teaches.  Positions and views are computed
once per step and kept (the tutorials' steps are few); each judged move costs one copy of the
position and one engine step, at most LAPILLI_LEARN_RATE per client address (more: 429)."""
from __future__ import annotations

from functools import lru_cache
from typing import Annotated

from fastapi import APIRouter, Path as PathParam, Request
from fastapi.responses import Response
from pydantic import Field

from ... import learn as tutorials
from ...words import server_said
from ..deps import LimitsDep
from ..errors import responses
from ..fanout import Room, dumps
from ..rates import one_more
from ..schemas import Request_
from ...engine.rng import DEFAULT_SEEDING
from ..store import NotFound, SeatInfo, TableInfo

router = APIRouter()

GameId = Annotated[str, PathParam(pattern="^[a-z-]{1,40}$")]
Index = Annotated[int, PathParam(ge=0, le=999)]



class LearnMove(Request_):
    action: str = Field(..., min_length=1, max_length=200)


def _tutorial(game: str):
    try:
        return tutorials.load(game)
    except KeyError:
        raise NotFound(server_said("no_tutorial", game=game)) from None


def _step(game: str, chapter: int, step: int):
    tut = _tutorial(game)
    if chapter >= len(tut.chapters) or step >= len(tut.chapters[chapter]["steps"]):
        raise NotFound(server_said("no_tutorial_step", chapter=chapter, step=step, game=game))
    return tut


def _view(tut, actions: list[str]) -> dict:
    """The learner's view of the position after ``actions`` from the tutorial's start: the same
    view a seat of a real table is sent (fanout.Room.view), of a room that is never stored."""
    d = tut.data
    seats = [SeatInfo(seat=i, kind="human" if i == tut.learner else "bot", name="", agent="")
             for i in range(d["players"])]
    info = TableInfo(id="learn", game=tut.game, players=d["players"], options=d.get("options") or {},
                     seed=d["seed"], version=0, status="playing", seats=seats, seeding=DEFAULT_SEEDING)
    room = Room(info)
    for v, a in enumerate(actions, start=1):
        room.apply_stored(v, "act", room.state.to_move, a, fresh=True)
    view = room.view(tut.learner)
    view["table"]["id"] = None
    return view


def _actions(tut, chapter: int, step: int) -> list[str]:
    out = list(tut.chapters[chapter].get("setup", []))
    for s in tut.chapters[chapter]["steps"][:step]:
        out += s.get("ask", [])[:1] + s.get("reply", [])
    return out


@lru_cache(maxsize=256)
def step_view(game: str, chapter: int, step: int) -> str:
    """A step's view, serialized once (orjson) and kept: the steps are few."""
    tut = tutorials.load(game)
    return dumps(_view(tut, _actions(tut, chapter, step)))


@lru_cache(maxsize=256)
def after_view(game: str, chapter: int, step: int, action: str) -> dict:
    tut = tutorials.load(game)
    return _view(tut, _actions(tut, chapter, step) + [action] + tut.step(chapter, step).get("reply", []))


@router.get("/api/learn")
def tutorial_list():
    """The games with a tutorial."""
    return [{"game": g, "chapters": len(tutorials.load(g).chapters)} for g in tutorials.games()]


@router.get("/api/learn/{game}", responses=responses(404))
def tutorial(game: GameId):
    """A tutorial's chapters and steps (instructions, quoted rules, the moves each step asks)
    and the clause IDs it teaches."""
    tut = _tutorial(game)
    return {"game": tut.game, "learner": tut.learner, "taught": tut.taught(),
            "chapters": [{"id": c["id"], "title": c["title"], "steps": c["steps"]} for c in tut.chapters]}


@router.get("/api/learn/{game}/{chapter}/{step}", responses=responses(404))
def tutorial_position(game: GameId, chapter: Index, step: Index):
    """The learner's view at the start of a step."""
    _step(game, chapter, step)
    return Response(step_view(game, chapter, step), media_type="application/json")


@router.post("/api/learn/{game}/{chapter}/{step}", responses=responses(400, 404, 422, 429))
def tutorial_move(body: LearnMove, request: Request, limits: LimitsDep, game: GameId, chapter: Index, step: Index):
    """The learner's move at a step, judged: ``asked`` (with the view after it and the scripted
    replies), ``legal`` (allowed, not what the step teaches: why the asked one is better) or
    ``illegal`` (the clause it breaks, its words)."""
    one_more(request, limits.learn, "rate_learn")
    tut = _step(game, chapter, step)
    if not tut.step(chapter, step).get("ask"):
        raise NotFound(server_said("tutorial_step_no_move", chapter=chapter, step=step, game=game))
    verdict = tut.judge(chapter, step, body.action)
    if verdict["verdict"] == "asked":
        verdict["view"] = after_view(game, chapter, step, verdict["action"])
    return Response(dumps(verdict), media_type="application/json")
