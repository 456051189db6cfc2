"""docs/security.md keeps one row per door of the server: every HTTP route (those of the OpenAPI
schema and the pages and files outside it), every WebSocket message type in both directions, and
the other surfaces (the digest and commitment, records, the coach, sign-ins, notices, presence
between instances).  Each row names at least one test, and each named test exists.  A new route
or message type cannot arrive without its row: this test lists what the row is missing for."""
import re
from pathlib import Path

from fastapi.routing import APIRoute, APIWebSocketRoute
from starlette.routing import Mount

from lapilli.server.protocol import ClientMessage, ServerMessage, types

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "security.md"

# the doors that are not routes or messages; each must have its row, named as here
OTHER_DOORS = ("fair-dice digest", "seed commitment", "lapilli verify", "sign-in cookie", "CSRF header",
               "passwords", "guest and player names", "your-turn mail", "e-mail confirmation",
               "presence between instances", "coach worker", "computer seats", "seat grace",
               "clocks", "ratings", "database", "file descriptors", "server settings",
               "forwarded client addresses", "reverse proxy", "per-address limits", "WebSocket compression", "shared WebSocket frames",
               "finished tables in memory", "retries after an outage", "state files and records", "game modules", "HTTP refusal words",
               "undo proposals between instances")


def rows() -> dict[str, str]:
    """Each table row of the doc: its first cell's door (the text in backticks) -> the whole row."""
    out = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|") or line.startswith("|--") or line.startswith("| Door"):
            continue
        first = line.split("|")[1]
        for door in re.findall(r"`([^`]+)`", first):
            out[door.strip()] = line
    return out


def routes(items, prefix: str = ""):
    """Every route of an application, into included routers too, with its full path."""
    for route in items:
        inner = getattr(route, "original_router", None)  # a router included by FastAPI
        if inner is not None:
            context = getattr(route, "include_context", None)
            yield from routes(inner.routes, prefix + (getattr(context, "prefix", "") or ""))
        else:
            yield prefix, route


def required(app, client_messages=ClientMessage, server_messages=ServerMessage) -> list[str]:
    """Every door that needs a row: the routes, the message types of the protocol's unions
    (lapilli.server.protocol), the other doors."""
    doors = []
    for prefix, route in routes(app.routes):
        if isinstance(route, APIRoute):
            for method in sorted(route.methods - {"HEAD", "OPTIONS"}):
                doors.append(f"{method} {prefix}{route.path}")
        elif isinstance(route, APIWebSocketRoute):
            doors.append(f"WS {prefix}{route.path}")
        elif isinstance(route, Mount):
            doors.append(f"GET {prefix}{route.path}/")
    doors += [f"ws→ {t}" for t in types(client_messages)]
    doors += [f"ws← {t}" for t in types(server_messages)]
    return doors + list(OTHER_DOORS)


def test_every_door_has_its_row_with_a_test_that_exists(client):
    have = rows()
    missing = [d for d in required(client.app) if d not in have]
    assert not missing, f"docs/security.md has no row for: {missing}"
    schema = [f"{m.upper()} {p}" for p, ops in client.app.openapi()["paths"].items() for m in ops]
    assert set(schema) <= set(required(client.app)), "a route of the OpenAPI schema was not found by the walk"
    for door, line in have.items():
        tests = re.findall(r"(tests/[\w/]+\.py)::(\w+)", line)
        assert tests, f"the row of {door!r} names no test"
        for file, name in tests:
            path = ROOT / file
            assert path.exists(), f"the row of {door!r} names {file}, which does not exist"
            assert re.search(rf"^(async )?def {name}\b", path.read_text(encoding="utf-8"), re.M), \
                f"the row of {door!r} names {file}::{name}, which is not a test there"


def test_the_check_notices_a_missing_row(client, monkeypatch):
    """The completeness check would fail for a route without a row."""
    from fastapi import APIRouter

    router = APIRouter()

    @router.get("/api/a-door-nobody-wrote-down")
    def nobody():
        return {}

    client.app.include_router(router)
    assert "GET /api/a-door-nobody-wrote-down" in required(client.app)
    assert "GET /api/a-door-nobody-wrote-down" not in rows()


def test_the_check_notices_a_message_without_its_row(client):
    """A message added to the protocol's unions would need its row too."""
    from typing import Annotated, Literal, Union

    from pydantic import Field

    from lapilli.server.protocol import Ping, _Client, models

    class Wave(_Client):
        type: Literal["wave"]

    more = Annotated[Union[(*models(ClientMessage), Wave)], Field(discriminator="type")]
    assert "ws→ wave" in required(client.app, client_messages=more)
    assert "ws→ wave" not in rows()
    assert {"ws→ ping", "ws← seat_lost"} <= set(required(client.app)) and Ping in models(more)


def test_pages_serve_only_the_client(client):
    """The page routes answer the client's one HTML file whatever the path says, and /static
    serves only files of the client's folder."""
    index = client.get("/").text
    assert "<html" in index.lower()
    for path in ("/mine", "/t/abc", "/players/%3Cscript%3E", "/leaderboard/stromboli"):
        r = client.get(path)
        assert r.status_code == 200 and r.text == index, path
    assert client.get("/static/app.js").status_code == 200
    for path in ("/static/../server/config.py", "/static/%2e%2e/server/config.py", "/static/..%2fserver%2fconfig.py"):
        r = client.get(path)
        assert r.status_code == 404 or "dataclass" not in r.text, path
