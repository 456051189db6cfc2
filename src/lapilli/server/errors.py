"""Refusals: every error the HTTP routes give is JSON ``{"error": "..."}``, one line saying what
is wrong and how to put it right; a refusal the server knows in words (made with
``lapilli.words.server_said``, or the engine's ``said``) adds ``key`` and ``words`` (the line in
every language of the page), as the WebSocket's errors do.  ``install`` maps each kind of
exception to its status; ``responses`` documents, in the OpenAPI schema, the refusals a route may
give."""
from __future__ import annotations

import logging
import secrets

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..engine.errors import LapilliError, Said
from ..words import LANGUAGES, OR, server_said, server_words, words_of
from .accounts import AccountError
from .bots import LEVELS
from .hub import STORAGE_ERRORS, StorageUnavailable
from .store import Conflict, Forbidden, NotFound

log = logging.getLogger("lapilli.server")


class Error(BaseModel):
    """Every refusal: one line saying what is wrong and how to put it right."""
    error: str
    key: str | None = Field(None, description="the sentence's stable key (lapilli.words), when the server "
                                              "knows it in words; the same in every language")
    words: dict[str, str] | None = Field(None, description="the line in each language of the page "
                                                           "({\"en\": ..., \"it\": ...}); the page shows its reader's")
    ref: str | None = Field(None, description="a fault of the server (500): the reference its log line carries, "
                                              "for a person to quote")


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


# pydantic's error types, by the sentence (lapilli.words.SERVER) that says what is wrong; any
# other type is said by "field_invalid"
FIELD_FAULTS = {
    "missing": "field_missing", "extra_forbidden": "field_unknown",
    "int_parsing": "field_integer", "int_type": "field_integer", "int_from_float": "field_integer",
    "int_parsing_size": "field_integer_size",
    "float_parsing": "field_number", "float_type": "field_number", "finite_number": "field_number",
    "bool_parsing": "field_boolean", "bool_type": "field_boolean",
    "string_type": "field_text", "string_unicode": "field_text",
    "dict_type": "field_object", "model_type": "field_object", "model_attributes_type": "field_object",
    "list_type": "field_list", "tuple_type": "field_list", "set_type": "field_list",
    "less_than_equal": "field_at_most", "less_than": "field_below",
    "greater_than_equal": "field_at_least", "greater_than": "field_above",
    "string_too_long": "field_text_too_long", "string_too_short": "field_text_too_short",
    "too_long": "field_too_many", "too_short": "field_too_few",
    "string_pattern_mismatch": "field_pattern", "literal_error": "field_choice", "enum": "field_choice",
    "json_invalid": "body_not_json",
}
# the numbers and words of a fault its sentence names (pydantic's ``ctx``)
_FAULT_CONTEXT = ("le", "lt", "ge", "gt", "max_length", "min_length", "pattern", "expected")


def _number(v):
    return int(v) if isinstance(v, float) and v.is_integer() else v


def field_fault(e: dict) -> Said:
    """One of pydantic's errors as one of the server's sentences: the field, as the API spells
    it, and what is wrong with it."""
    where = ".".join(str(x) for x in e.get("loc", ()) if x != "body") or "body"
    kind, ctx = e.get("type"), e.get("ctx") or {}
    msg = str(e.get("msg", "invalid"))
    if kind == "literal_error" and where.endswith("level"):
        return server_said("field_level", field=where, given=e.get("input"), levels=", ".join(LEVELS))
    reason = ctx.get("error")
    if kind == "value_error" and isinstance(getattr(reason, "args", (None,))[0], Said):
        return server_said("field_refused", field=where, reason=reason.args[0])  # a sentence of ours
    key = FIELD_FAULTS.get(kind, "field_invalid")
    if key == "field_text_too_short" and ctx.get("min_length") == 1:
        key = "field_empty"
    params = {k: _number(ctx[k]) for k in _FAULT_CONTEXT if k in ctx}
    return server_said(key, field=where, msg=msg, **params)


def validation_said(exc: RequestValidationError) -> tuple[str, dict[str, str], str]:
    """Pydantic's list of errors as one line, (English, {language: line}, key): where, and what is
    wrong there, for the first three.  The key is the first fault's sentence, or
    ``invalid_request`` for several."""
    errors = exc.errors()
    faults = [field_fault(e) for e in errors[:3]]
    said = [server_words(f.key, **f.params) for f in faults]
    more = len(errors) - 3
    lines = {}
    for lang in LANGUAGES:
        parts = [s[lang] if lang == "en" or f.key != "field_choice" else s[lang].replace("' or '", f"'{OR[lang]}'")
                 for f, s in zip(faults, said)]  # pydantic's "'a', 'b' or 'c'", its "or" in each language
        line = "; ".join(parts) + (server_words("and_more", n=more)[lang] if more > 0 else "")
        lines[lang] = line if lang == "en" or len(faults) == 1 else server_words("invalid_request", message=line)[lang]
    key = faults[0].key if len(faults) == 1 else "invalid_request"
    return lines["en"], lines, key


def validation_message(exc: RequestValidationError) -> str:
    """Pydantic's list of errors as one line: where, and what is wrong there."""
    return validation_said(exc)[0]


def _status(code: int):
    async def handler(request: Request, exc: Exception):
        message = exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], str) else str(exc)
        return JSONResponse(body(message), status_code=code)
    return handler


# the framework's own refusals (no route at this path, not this method): said by status
FRAMEWORK = {404: "no_such_path", 405: "method_not_allowed"}


async def _http_error(request: Request, exc: StarletteHTTPException):
    detail = exc.detail if isinstance(exc.detail, str) else str(exc.detail)
    if words_of(detail) is None and exc.status_code in FRAMEWORK:
        detail = server_said(FRAMEWORK[exc.status_code], message=detail)
    return JSONResponse(body(detail), status_code=exc.status_code, headers=exc.headers)


async def _bad_request(request: Request, exc: RequestValidationError):
    english, lines, key = validation_said(exc)
    return JSONResponse({"error": english, "key": key, "words": lines}, status_code=422)


async def _account_error(request: Request, exc: AccountError):
    headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after else None
    return JSONResponse(body(exc.message), status_code=exc.status, headers=headers)


async def _unavailable(request: Request, exc: StorageUnavailable):
    out = {"error": exc.message}
    if exc.words:
        out.update(key=exc.key, words=exc.words)
    return JSONResponse(out, status_code=503, headers={"Retry-After": "2"})


async def _storage_down(request: Request, exc: Exception):
    return JSONResponse(body(server_said("storage_down")), status_code=503, headers={"Retry-After": "2"})


async def _fault(request: Request, exc: Exception):
    """An exception no route expected: 500 with the shape of every refusal, its words saying only
    that something went wrong and the table is safe to reload, and a reference a person can quote
    that the log line with the traceback carries too.  Nothing of the exception reaches the client
    (its message or traceback may name paths, queries or data)."""
    ref = secrets.token_hex(4)
    log.error("server fault %s on %s %s", ref, request.method, request.url.path,
              exc_info=(type(exc), exc, exc.__traceback__))
    out = body(server_said("server_fault", ref=ref))
    out["ref"] = ref
    return JSONResponse(out, status_code=500)


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
    app.add_exception_handler(Exception, _fault)  # Starlette's last resort: answers, then re-raises
