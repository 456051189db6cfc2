"""The browser client: its HTML page under each of the addresses a link may point to, and its
static files (scripts, styles, pictures) under /static.

Who may use them: anyone; they reveal only the client's own files, the same for everyone."""
from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

WEB = Path(__file__).resolve().parent.parent.parent / "web"

router = APIRouter(include_in_schema=False)


@router.get("/")
def index():
    return FileResponse(WEB / "index.html")


@router.get("/mine")
def my_tables_page():
    return FileResponse(WEB / "index.html")


@router.get("/t/{tid}")
def table_page(tid: str):
    return FileResponse(WEB / "index.html")


@router.get("/learn/{game}")
def learn_page(game: str):
    return FileResponse(WEB / "index.html")


@router.get("/players/{name}")
def player_page(name: str):
    return FileResponse(WEB / "index.html")


@router.get("/leaderboard/{game}")
def leaderboard_page(game: str):
    return FileResponse(WEB / "index.html")


def static_files() -> StaticFiles:
    """The client's files, mounted at /static (after every route)."""
    return StaticFiles(directory=WEB)
