"""What a route needs, read from ``request.app.state`` (set by create_app and its lifespan), as
FastAPI dependencies: ``hub: HubDep`` in a route's signature gives it the Hub."""
from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from .accounts import Accounts, User, current_user
from .config import Settings
from .hub import Hub
from .rates import Limits
from .reads import HeavyReads
from .store import Store

# async: FastAPI calls a plain function dependency in a worker thread, and these only read an attribute


async def hub(request: Request) -> Hub:
    return request.app.state.hub


async def store(request: Request) -> Store:
    return request.app.state.store


async def settings(request: Request) -> Settings:
    return request.app.state.settings


async def reads(request: Request) -> HeavyReads:
    return request.app.state.reads


async def accounts(request: Request) -> Accounts:
    return request.app.state.accounts


async def limits(request: Request) -> Limits:
    return request.app.state.limits


async def probe(request: Request):
    """The /health write probe's last result (routes/health.py's DatabaseProbe)."""
    return request.app.state.probe


HubDep = Annotated[Hub, Depends(hub)]
StoreDep = Annotated[Store, Depends(store)]
SettingsDep = Annotated[Settings, Depends(settings)]
ReadsDep = Annotated[HeavyReads, Depends(reads)]
AccountsDep = Annotated[Accounts, Depends(accounts)]
LimitsDep = Annotated[Limits, Depends(limits)]
ProbeDep = Annotated[object, Depends(probe)]
# the signed-in user of the request's session cookie (None: a guest); read once per request
UserDep = Annotated[User | None, Depends(current_user)]
