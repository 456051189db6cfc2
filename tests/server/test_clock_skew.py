"""Two real instances (PostgreSQL, Redis on 127.0.0.1) whose clocks are 40 s apart
(LAPILLI_TEST_CLOCK_OFFSET): a 30 s clock started by one is neither run out early by the other
nor shown with different time left, because both judge deadlines by the database's clock."""
import json
import time

import httpx
import pytest

from .support import instances

# two real instances for several seconds; the deadlines themselves: tests/server/test_clocks.py
pytestmark = pytest.mark.slow


def _clock_view(port, tid, token):
    from websockets.sync.client import connect

    with connect(f"ws://127.0.0.1:{port}/ws/{tid}?token={token}") as w:
        while True:
            m = json.loads(w.recv(timeout=10))
            if m["type"] == "state":
                return m


def run(log_dir, postgres_url, redis_url, **env):
    env = dict(LAPILLI_CLOCK_POLL="0.2", LAPILLI_BOT_PACE="0", LAPILLI_BOT_WORKERS="1", **env)
    with instances(log_dir, postgres_url, redis_url, {"LAPILLI_TEST_CLOCK_OFFSET": "40"}, {}, **env) as (a, b):
        pa, pb = a.port, b.port
        base = f"http://127.0.0.1:{pb}"
        tid = httpx.post(f"{base}/api/tables", json={"game": "nim", "players": 2, "options": {"pile": 21},
                                                     "clock": {"kind": "realtime", "bank": 30, "increment": 0,
                                                               "level": "random"}}).json()["id"]
        t0 = httpx.post(f"{base}/api/tables/{tid}/seats/0", json={"name": "ann"}).json()["token"]
        t1 = httpx.post(f"{base}/api/tables/{tid}/seats/1", json={"name": "bob"}).json()["token"]
        started = time.time()  # B started the clock: 30 s for ann
        on_a, on_b = _clock_view(pa, tid, t0), _clock_view(pb, tid, t1)
        time.sleep(max(0.0, started + 3 - time.time()))  # A looks for run-out clocks every 0.2 s meanwhile
        seat = httpx.get(f"http://127.0.0.1:{pa}/api/tables/{tid}").json()["seats"][0]
        return on_a["clock"], on_b["clock"], seat


def test_instances_whose_clocks_disagree_agree_on_a_deadline(tmp_path, postgres_url, redis_url):
    on_a, on_b, seat = run(tmp_path, postgres_url, redis_url)
    assert seat["kind"] == "human" and not seat["timed_out"], seat  # A did not run her clock out early
    assert on_a["running"] == on_b["running"] == 0
    assert 20 < on_a["to_move_left"] <= 30 and 20 < on_b["to_move_left"] <= 30, (on_a, on_b)
    assert abs(on_a["deadline"] - on_b["deadline"]) < 1e-6
    # the time each shows is read at a slightly different moment, never 40 s apart
    assert abs(on_a["to_move_left"] - on_b["to_move_left"]) < 5, (on_a, on_b)
