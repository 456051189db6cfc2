"""Accounts on the web: sign-up, sign-in, sign-out, who this browser is, player pages and the
leaderboards (the account logic, sessions and CSRF are server/accounts.py's).

Who may use them: anyone.  Sign-up and sign-in are limited per client address
(LAPILLI_SIGNUP_RATE, LAPILLI_SIGNIN_RATE) and failed sign-ins per (name, address); passwords are
checked a few at a time (LAPILLI_HASH_CONCURRENCY).  A player page and a leaderboard are public:
usernames, ratings, and the player's tables and results."""
from __future__ import annotations

from fastapi import APIRouter, Path as PathParam, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from ...engine.registry import game_spec
from ..accounts import CSRF_COOKIE, SESSION_COOKIE, Accounts, User
from ..deps import AccountsDep, HubDep, LimitsDep, SettingsDep, UserDep
from ..errors import responses
from ..hub import players, result
from ..rates import client_address, one_more

router = APIRouter(tags=["accounts"])


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")
    username: str = Field(..., min_length=1, max_length=40)
    password: str = Field(..., min_length=1, max_length=200)


class SignUp(Body):
    email: str | None = Field(None, max_length=254)


def signed_in(request: Request, accounts: Accounts, secure_cookies: bool, user: User,
              status: int = 200) -> JSONResponse:
    """The answer that signs this browser in to a new session of ``user``: its cookies."""
    token, csrf = accounts.open_session(user)
    out = JSONResponse({"username": user.username, "csrf": csrf}, status_code=status)
    secure = secure_cookies or request.url.scheme == "https"
    age = int(accounts.session_days * 86400)
    out.set_cookie(SESSION_COOKIE, token, max_age=age, httponly=True, secure=secure, samesite="lax", path="/")
    out.set_cookie(CSRF_COOKIE, csrf, max_age=age, httponly=False, secure=secure, samesite="lax", path="/")
    return out


@router.post("/api/account/signup", status_code=201, responses=responses(400, 403, 409, 429))
async def sign_up(req: SignUp, request: Request, acc: AccountsDep, hub: HubDep, settings: SettingsDep,
                  limits: LimitsDep):
    """A new account; the browser is signed in to it.  An address given gets "your turn"
    e-mail only once its owner followed the link of the confirmation mail sent now (counted
    against LAPILLI_NOTIFY_RATE of this client address: past it, no mail goes now, and the
    address is confirmed when it is next given at a table)."""
    one_more(request, limits.signup, "rate_signup")
    user = await acc.gate.run(acc.sign_up, req.username, req.password, (req.email or "").strip() or None)
    if user.email:
        if hub.notice_address_allowed(client_address(request)) is None:
            await hub.ask_confirmation(user.email)
    return await run_in_threadpool(signed_in, request, acc, settings.secure_cookies, user, 201)


@router.post("/api/account/signin", responses=responses(400, 401, 403, 429))
async def sign_in(req: Body, request: Request, acc: AccountsDep, settings: SettingsDep, limits: LimitsDep):
    one_more(request, limits.signin, "rate_signin")
    user = await acc.gate.run(acc.sign_in, req.username.strip(), req.password, client_address(request))
    return await run_in_threadpool(signed_in, request, acc, settings.secure_cookies, user)


@router.post("/api/account/signout", responses=responses(400, 403))
async def sign_out(request: Request, acc: AccountsDep):
    await run_in_threadpool(acc.close_session, request.cookies.get(SESSION_COOKIE))
    out = JSONResponse({"username": None})
    out.delete_cookie(SESSION_COOKIE, path="/")
    out.delete_cookie(CSRF_COOKIE, path="/")
    return out


@router.get("/api/account", responses=responses())
def me(user: UserDep):
    """Who this browser is signed in as (``username`` None: a guest)."""
    return {"username": user.username if user else None}


@router.get("/api/players/{name}", responses=responses(404))
async def player(acc: AccountsDep, hub: HubDep, name: str = PathParam(..., max_length=40),
                 limit: int = Query(20, ge=1, le=100)):
    """A player's page: ratings per game, tables in play, finished games with results."""
    user = await run_in_threadpool(acc.user, name)
    out = {"username": user.username, "ratings": await run_in_threadpool(acc.ratings, user.id),
           "playing": [], "finished": []}
    for tid, seat in await run_in_threadpool(acc.tables_of, user.id, False, limit):
        info = await hub.info(tid)
        out["playing"].append(dict(info.public(), seat=seat, link=f"/t/{tid}"))
    for tid, seat in await run_in_threadpool(acc.tables_of, user.id, True, limit):
        room = await hub.peek(tid)
        st = room.state
        res = result(st)
        out["finished"].append({"id": tid, "game": room.info.game, "title": st.SPEC.title, "seat": seat,
                                "rated": room.info.rated, "players": players(st, room.info, room.conceded),
                                "won": seat in res["winners"], "winners": res["winners"],
                                "scores": res["scores"], "replay": f"/t/{tid}"})
    return out


@router.get("/api/leaderboard/{game}", responses=responses(400))
async def leaderboard(acc: AccountsDep, game: str = PathParam(..., max_length=64),
                      limit: int = Query(50, ge=1, le=200), offset: int = Query(0, ge=0, le=10**9)):
    """The rated players of a game, best rating first (Glicko-2 rating and deviation)."""
    game_spec(game)  # an unknown game is refused clearly
    return await run_in_threadpool(acc.leaderboard, game, limit, offset)
