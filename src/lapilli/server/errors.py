"""Refusals: every error the HTTP routes give is JSON ``{"error": "..."}``, one line saying what
is wrong and how to put it right; a refusal the server knows in words (made with
``lapilli.words.server_said``, or the engine's ``said``) adds ``key`` and ``words`` (the line in
every language of the page), as the WebSocket's errors do.  ``install`` maps each kind of
exception to its status; ``responses`` documents, in the OpenAPI schema, the refusals a route may
give."""
from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..engine.errors import LapilliError
from ..words import words_of
from .accounts import AccountError
from .bots import LEVELS
from .hub import STORAGE_DOWN, STORAGE_ERRORS, StorageUnavailable
from .store import Conflict, Forbidden, NotFound


class Error(BaseModel):
    """Every refusal: one line saying what is wrong and how to put it right."""
    error: str
    key: str | None = Field(None, description="the sentence's stable key (lapilli.words), when the server "
                                              "knows it in words; the same in every language")
    words: dict[str, str] | None = Field(None, description="the line in each language of the page "
                                                           "({\"en\": ..., \"it\": ...}); the page shows its reader's")


def body(message) -> dict:
    """The JSON of a refusal: ``error`` (English), and ``key`` and ``words`` when the message
    carries a key."""
    out = {"error": str(message)}
    said = words_of(message)
    if said is not None:
        out.update(key=message.key, words=said)
    return out


def responses(*codes: int) -> dict:
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


def validation_message(exc: RequestValidationError) -> str:
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


def _status(code: int):
    async def handler(request: Request, exc: Exception):
        message = exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], str) else str(exc)
        return JSONResponse(body(message), status_code=code)
    return handler


async def _http_error(request: Request, exc: StarletteHTTPException):
    return JSONResponse(body(exc.detail if isinstance(exc.detail, str) else str(exc.detail)),
                        status_code=exc.status_code, headers=exc.headers)


async def _bad_request(request: Request, exc: RequestValidationError):
    return JSONResponse({"error": validation_message(exc)}, status_code=422)


async def _account_error(request: Request, exc: AccountError):
    headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after else None
    return JSONResponse(body(exc.message), status_code=exc.status, headers=headers)


async def _unavailable(request: Request, exc: StorageUnavailable):
    return JSONResponse({"error": exc.message}, status_code=503, headers={"Retry-After": "2"})


async def _storage_down(request: Request, exc: Exception):
    return JSONResponse({"error": f"{STORAGE_DOWN}; try again in a moment"}, status_code=503,
                        headers={"Retry-After": "2"})


def install(app: FastAPI) -> None:
    """Every exception handler of the application."""
    app.add_exception_handler(LapilliError, _status(400))  # the game refuses the request
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(RequestValidationError, _bad_request)
    app.add_exception_handler(NotFound, _status(404))
    app.add_exception_handler(Forbidden, _status(403))
    app.add_exception_handler(Conflict, _status(409))
    app.add_exception_handler(AccountError, _account_error)
    app.add_exception_handler(StorageUnavailable, _unavailable)
    for kind in STORAGE_ERRORS:
        app.add_exception_handler(kind, _storage_down)
