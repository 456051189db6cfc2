"""How the HTTP routes are put together: each route is a module-level function of one module of
lapilli.server.routes (one per area, each saying who may use its routes), create_app only
assembles them, and every per-address limit goes through one helper (lapilli.server.rates) that
answers 429 with Retry-After and the limit's own message."""
from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

from fastapi.routing import APIRoute

from lapilli.testing.games import store_finished

SERVER = Path(__file__).resolve().parents[2] / "src" / "lapilli" / "server"
FASTAPI_OWN = {"/openapi.json", "/docs", "/docs/oauth2-redirect", "/redoc"}  # the schema and its viewers


def _routes(items):
    for route in items:
        inner = getattr(route, "original_router", None)  # a router included by FastAPI
        if inner is not None:
            yield from _routes(inner.routes)
        else:
            yield route


def test_every_route_is_a_module_level_function_of_a_routes_module(client):
    misplaced = []
    for route in _routes(client.app.routes):
        if not isinstance(route, APIRoute) or route.path in FASTAPI_OWN:
            continue
        fn = route.endpoint
        if "<locals>" in fn.__qualname__ or not fn.__module__.startswith("lapilli.server.routes."):
            misplaced.append(f"{sorted(route.methods)} {route.path}: {fn.__module__}.{fn.__qualname__}")
    assert not misplaced, misplaced


def test_each_routes_module_says_who_may_use_its_routes():
    import lapilli.server.routes as package

    modules = [m.name for m in pkgutil.iter_modules(package.__path__)]
    assert {"health", "lobby", "finished", "coach", "accounts", "turns", "pages"} <= set(modules)
    for name in modules:
        doc = importlib.import_module(f"lapilli.server.routes.{name}").__doc__ or ""
        assert re.search(r"who may use", doc, re.I), f"routes/{name}.py's docstring does not say who may use it"


def test_create_app_only_assembles_the_app():
    from lapilli.server.app import create_app

    lines, _ = inspect.getsourcelines(create_app)
    assert len(lines) < 80, f"create_app is {len(lines)} lines long"


def test_per_address_limits_have_one_implementation():
    # the moving window of `limits` is built in one place; every per-address limit uses it
    users = sorted(str(p.relative_to(SERVER)) for p in SERVER.rglob("*.py")
                   if "MovingWindowRateLimiter" in p.read_text(encoding="utf-8"))
    assert users == ["rates.py"], users


def test_each_per_address_limit_answers_429_with_retry_after_and_its_message(make_client):
    c = make_client(create_rate="1/minute", heavy_read_rate="1/minute", signin_rate="1/minute",
                    signup_rate="1/minute", notify_rate="1/minute")
    refused = []

    def second(first_status, send):
        assert send().status_code == first_status
        r = send()
        assert r.status_code == 429, r.text
        assert 1 <= int(r.headers["Retry-After"]) <= 60  # within the one-minute window
        refused.append(r.json()["error"])

    table = {"game": "nim", "players": 2}
    tid = c.post("/api/tables", json=table).json()["id"]  # the one table this address may make now
    r = c.post("/api/tables", json=table)
    assert r.status_code == 429 and 1 <= int(r.headers["Retry-After"]) <= 60
    refused.append(r.json()["error"])
    token = c.post(f"/api/tables/{tid}/seats/0", json={"name": "Ann"}).json()["token"]
    second(200, lambda: c.post(f"/api/tables/{tid}/notify", json={"token": token, "email": "ann@example.com"}))

    def sign_up():
        c.cookies.clear()  # a signed-in browser would need its CSRF token
        return c.post("/api/account/signup", json={"username": "bea", "password": "a long password"})

    second(201, sign_up)
    c.cookies.clear()
    second(401, lambda: c.post("/api/account/signin", json={"username": "bea", "password": "wrong password"}))
    done, _ = store_finished(c.app.state.store, "nim", options={"pile": 10})
    plies = iter((1, 2))
    second(200, lambda: c.get(f"/api/tables/{done}/replay/{next(plies)}"))
    assert refused == [
        "too many tables created from testclient: at most 1/minute; try again later",
        "too many addresses given for notices from testclient: at most 1/minute; try again later",
        "too many sign-up attempts from testclient: at most 1/minute; try again later",
        "too many sign-in attempts from testclient: at most 1/minute; try again later",
        "too many finished games read from testclient: at most 1/minute that are not already computed; "
        "try again later"]
