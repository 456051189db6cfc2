"""Play over days: the clock a new table may choose, "My tables" (the tables a browser is seated
at, marking where it is its turn), the address for "your turn" e-mail and its opt-out link.

Who may use them: anyone for the clocks; "My tables" tells only of the seats whose tokens the
asker sends; the address for notices, only the person seated with the token (at most
LAPILLI_NOTIFY_RATE addresses per client address); the confirmation and opt-out links, whoever
holds the link (a single-use random token sent by mail)."""
from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field, model_validator
from starlette.concurrency import run_in_threadpool

from ...engine.registry import game_spec
from ...words import server_said
from .. import clocks
from ..deps import HubDep
from ..errors import responses
from ..hub import seat_labels
from ..notices import valid_address
from ..rates import one_more
from ..schemas import Level, TableId
from ..store import normal_address

router = APIRouter()


class ClockRequest(BaseModel):
    """A table's clock: a preset (``preset``: one of /api/clocks) or its own numbers, in seconds;
    ``level``: the computer that takes a seat whose time runs out."""
    model_config = ConfigDict(extra="forbid")
    preset: str | None = Field(None, max_length=20)
    kind: Literal["realtime", "turn"] | None = None
    bank: float | None = Field(None, ge=1, le=86_400)           # realtime: up to a day in the bank
    increment: float | None = Field(None, ge=0, le=3_600)       # realtime: up to an hour a move
    per_move: float | None = Field(None, ge=60, le=30 * 86_400)  # turn-based: a minute to 30 days
    level: Level = "normal"

    @model_validator(mode="after")
    def _whole(self):
        if self.preset is not None:
            if self.preset not in clocks.PRESETS:
                raise ValueError(server_said("clock_preset_unknown", preset=self.preset,
                                             presets=", ".join(clocks.PRESETS)))
            if self.kind or self.bank or self.increment or self.per_move:
                raise ValueError(server_said("clock_preset_and_numbers"))
        elif self.kind == "realtime" and self.bank is None:
            raise ValueError(server_said("clock_needs_bank"))
        elif self.kind == "turn" and self.per_move is None:
            raise ValueError(server_said("clock_needs_per_move"))
        elif self.kind is None:
            raise ValueError(server_said("clock_needs_kind"))
        return self

    def stored(self) -> dict:
        if self.preset is not None:
            return dict(clocks.PRESETS[self.preset], level=self.level)
        if self.kind == "realtime":
            return {"kind": "realtime", "bank": float(self.bank), "increment": float(self.increment or 0.0),
                    "level": self.level}
        return {"kind": "turn", "per_move": float(self.per_move), "level": self.level}


class SeatToken(BaseModel):
    model_config = ConfigDict(extra="forbid")
    table: str = Field(..., pattern="^[A-Za-z0-9_-]{1,64}$")
    token: str = Field(..., max_length=200)


class MyTables(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seats: list[SeatToken] = Field(default_factory=list, max_length=200)


class NoticeAddress(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(..., max_length=200)
    email: str | None = Field(None, max_length=254)  # None or "": no more e-mail


@router.get("/api/clocks", responses=responses())
def clock_presets():
    """The clocks the lobby offers (seconds), with a short description."""
    return [dict(c, id=k, text=clocks.describe(c)) for k, c in clocks.PRESETS.items()]


@router.post("/api/my-tables", responses=responses(400))
async def my_tables(req: MyTables, h: HubDep):
    """The tables these seat tokens hold a seat at (the tokens a browser keeps), unfinished
    first, each with whether it is that seat's turn."""
    st = h.store
    found = await run_in_threadpool(st.seats_of_tokens, [(x.table, x.token) for x in req.seats])
    out = []
    for tid, seat, kind in found:
        room = await h.peek(tid)  # the seats' labels need the position (colours chosen in play)
        info = room.info
        to_move = info.to_move
        if to_move is None and info.status != "finished":
            to_move = room.state.to_move  # tables stored before the seat to move was
        token = next(x.token for x in req.seats if x.table == tid)
        email = await run_in_threadpool(st.email_of, tid, token)
        clock = clocks.public(info.clock, h.now()) if info.clock and info.clock.clock else None
        out.append({"id": tid, "game": info.game, "title": game_spec(info.game).title, "status": info.status,
                    "seat": seat, "stand_in": kind == "bot", "to_move": to_move,
                    "your_turn": info.status == "playing" and to_move == seat and kind == "human",
                    "clock": clock, "email": email,
                    # each seat named as at the table (hub.seat_label), in every language
                    "labels": seat_labels(room.state, info, room.conceded)})
    order = {"playing": 0, "open": 1, "finished": 2}
    out.sort(key=lambda x: (not x["your_turn"], order.get(x["status"], 3)))
    return out


@router.post("/api/tables/{tid}/notify", responses=responses(400, 403, 429))
async def notice_address(req: NoticeAddress, request: Request, h: HubDep, tid: str = TableId):
    """The seated person gives the address for "your turn" e-mail of this table (or, with no
    address, stops them).  Notices go to it only once its owner followed the link of the
    confirmation mail, which is sent once (``confirmation_sent``; asked again before it is
    followed, no other goes for LAPILLI_CONFIRM_EVERY seconds)."""
    email = (req.email or "").strip()
    if email and not valid_address(email):
        raise HTTPException(422, server_said("email_not_address", email=email))
    if email:
        one_more(request, h.notify_limit, "rate_notify")
    seat = await run_in_threadpool(h.store.set_email, tid, req.token, email or None)
    if seat is None:
        raise HTTPException(403, server_said("notify_not_seated"))
    confirmed, sent = (await h.ask_confirmation(email)) if email else (False, False)
    return {"seat": seat, "email": normal_address(email) if email else None, "sending": h.mailer is not None,
            "confirmed": confirmed, "confirmation_sent": sent}


# the link of the confirmation mail (single use)
@router.get("/confirm/{token}", include_in_schema=False)
async def confirm(token: str, h: HubDep) -> HTMLResponse:
    address = await run_in_threadpool(h.store.confirm_address, token[:100], h.now())
    if address is None:
        return HTMLResponse(_page("This link holds nothing (already used, or mistyped).",
                                  "Questo link non vale più (già usato, o sbagliato)."), status_code=404)
    return HTMLResponse(_page(f"Confirmed: \"your turn\" e-mail may now come to {address}. Each mail "
                              "has a link to stop them.",
                              f"Confermato: le e-mail \"tocca a te\" possono ora arrivare a {address}. "
                              "Ogni e-mail ha un link per fermarle."))


# one click, without signing in: the link in the mail (GET) and the mail reader's
# List-Unsubscribe-Post (POST)
@router.api_route("/optout/{token}", methods=["GET", "POST"], include_in_schema=False)
async def optout(token: str, h: HubDep) -> HTMLResponse:
    done = await run_in_threadpool(h.store.opt_out, token[:100])
    if done is None:
        return HTMLResponse(_page("This link holds nothing (already used up, or mistyped).",
                                  "Questo link non vale più (già usato, o sbagliato)."), status_code=404)
    return HTMLResponse(_page(f"No more e-mail from table {done[0]}.",
                              f"Niente più e-mail dal tavolo {done[0]}."))


def _page(en: str, it: str) -> str:
    from html import escape

    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lapilli</title>'
            f'<link rel="stylesheet" href="/static/style.css"></head><body><main id="app"><div class="card" id="optout">'
            f'<p>{escape(en)}</p><p lang="it">{escape(it)}</p><p><a href="/">Lapilli</a></p></div></main></body></html>')
