"""Property-based fuzzing of the HTTP API from its own OpenAPI schema (schemathesis, in-process
against the ASGI app): inputs the schema allows and inputs it forbids (wrong types, huge
numbers, unknown fields, oversize strings, broken bodies), for every operation.

Every answer must be a clean one: no 5xx, no unhandled exception, a JSON body, a status and a
body the schema documents, and every input the schema forbids refused with a 4xx."""
import os

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (content_type_conformance, negative_data_rejection,
                                               response_schema_conformance, status_code_conformance)

CHECKS = [not_a_server_error, negative_data_rejection, status_code_conformance, content_type_conformance,
          response_schema_conformance]


def _schema():
    """The schema of a fresh server on its own SQLite database (loaded at collection: the
    schemathesis loader from a fixture does not run on this pytest)."""
    import tempfile

    from lapilli.server.app import create_app
    from lapilli.server.config import Settings

    db = os.path.join(tempfile.mkdtemp(prefix="lapilli-fuzz-"), "fuzz.db")
    app = create_app(Settings(database_url=f"sqlite:///{db}", redis_url=None, bot_workers=1))
    loaded = schemathesis.openapi.from_asgi("/openapi.json", app)
    loaded.config.generation.update(modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
    return loaded


schema = _schema()


_TABLE: dict = {}


def real_table() -> dict:
    """A 3-player Nim table with seat 0 taken (its token known): half of the generated requests
    that name a table are sent to it instead, so that they reach past "no such table"."""
    if not _TABLE:
        store = schema.app.state.store  # the lifespan that schemathesis runs has made it
        tid = store.create_table("nim", 3, {"pile": 15}, 7, [{"kind": "open"}] * 3)
        _TABLE.update(tid=tid, token=store.claim_seat(tid, 0, "ann"), n=0)
    return _TABLE


def snapshot(tid: str):
    """The table as stored, once no computer move of it is pending (an earlier request may have
    handed a seat to a computer, whose moves then come at their own time)."""
    import time

    room = schema.app.state.hub.rooms.get(tid)
    for _ in range(600):
        if room is None or not room.thinking:
            break
        time.sleep(0.05)
    store = schema.app.state.store
    return store.get(tid).public(), store.steps(tid)


@pytest.mark.slow  # forty inputs for each route; the routes' refusals are checked fast one by one (test_api.py)
@pytest.mark.timeout(300)
@schema.parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_every_http_input_gets_a_clean_answer(case):
    table = real_table()
    table["n"] += 1
    if table["n"] % 2 and isinstance(case.path_parameters, dict) and "tid" in case.path_parameters:
        # (whole containers are assigned, so that schemathesis checks again whether the request
        # is still one the schema forbids)
        case.path_parameters = {**case.path_parameters, "tid": table["tid"]}
        if isinstance(case.body, dict) and "token" in case.body:
            case.body = {**case.body, "token": table["token"]}
    before = snapshot(table["tid"])
    response = case.call()
    case.validate_response(response, checks=CHECKS)
    if response.status_code >= 400:  # a refused request changed nothing
        assert snapshot(table["tid"]) == before
