"""Reading finished games (a replay step, the record, the finished list) is the heavy kind of
read: a long game is replayed and its log narrated.  Such reads are computed in a small pool of
worker threads (never on the event loop, never more at once than the pool holds), kept per
finished game (a finished game never changes), and the ones that must be computed are limited
per client address (429 with Retry-After)."""
from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import time

import httpx
import pytest
import websockets

import lapilli.server.routes.finished as finished_module
from lapilli.server.store import Store
from lapilli.testing.games import store_finished
from lapilli.testing.server import ServerProcess
from lapilli.workers import process_alive

from .support import descendants, http_join, http_table


def _counting(monkeypatch, module, name):
    calls = []
    real = getattr(module, name)

    def counted(*a, **kw):
        calls.append(a[0] if a else None)
        return real(*a, **kw)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_a_replay_step_is_computed_once(make_client, monkeypatch):
    # replays in threads, where this test can count them (in processes it could not); the
    # processes' answers are the same (test_replay_steps_from_processes_equal_those_from_threads)
    client = make_client(heavy_processes=False)
    tid, plies = store_finished(client.app.state.store, "the-island")
    replays = _counting(monkeypatch, finished_module, "replay")
    first = client.get(f"/api/tables/{tid}/replay/100")
    assert first.status_code == 200 and first.json()["ply"] == 100 and len(replays) == 1
    again = client.get(f"/api/tables/{tid}/replay/100")
    assert again.status_code == 200 and again.json() == first.json()
    assert len(replays) == 1  # the second answer came from the cache
    # another seat's view of the same ply, and any ply past the end (the end), are their own entries
    assert client.get(f"/api/tables/{tid}/replay/100", params={"seat": 1}).json()["seat"] == 1
    end = client.get(f"/api/tables/{tid}/replay/{plies}").json()
    assert client.get(f"/api/tables/{tid}/replay/{plies + 50}").json() == end
    assert end["ply"] == plies and "result" in end
    assert len(replays) == 3
    # the record is read from the same kept game
    rec = client.get(f"/api/tables/{tid}/record").json()
    assert len(rec["actions"]) == plies and rec["commitment"]


def test_the_finished_list_summarizes_each_game_once(make_client):
    client = make_client(max_tables=3)  # fewer read tables kept than games listed
    hub = client.app.state.hub
    tids = [store_finished(client.app.state.store, "nim", seed=s, options={"pile": 10})[0] for s in range(5)]
    builds = _counting_builds(hub)
    first = client.get("/api/finished", params={"limit": 100})
    assert first.status_code == 200 and {g["id"] for g in first.json()} == set(tids)
    assert sorted(builds) == sorted(tids)
    again = client.get("/api/finished", params={"limit": 100})
    assert again.json() == first.json()
    assert sorted(builds) == sorted(tids)  # each game was built once, for the first list
    for g in again.json():
        assert g["title"] and len(g["players_info"]) == 2 and g["winners"] and len(g["scores"]) == 2


def _counting_builds(hub):
    builds = []
    real = hub._build

    def counted(tid, *a, **kw):
        builds.append(tid)
        return real(tid, *a, **kw)

    hub._build = counted
    return builds


def test_heavy_reads_beyond_the_rate_answer_429(make_client, monkeypatch):
    monkeypatch.setenv("LAPILLI_HEAVY_READ_RATE", "3/minute")
    client = make_client()
    tid, plies = store_finished(client.app.state.store, "the-island")
    assert [client.get(f"/api/tables/{tid}/replay/{p}").status_code for p in (1, 2, 3)] == [200, 200, 200]
    r = client.get(f"/api/tables/{tid}/replay/4")
    assert r.status_code == 429, r.text[:200]
    assert "at most 3/minute" in r.json()["error"] and int(r.headers["Retry-After"]) >= 1
    # an answer already computed costs nothing and is still given
    assert client.get(f"/api/tables/{tid}/replay/2").status_code == 200
    # another address has its own allowance

    async def from_elsewhere():
        async with httpx.AsyncClient(transport=httpx.ASGITransport(client.app, client=("10.1.2.3", 5000)),
                                     base_url="http://testserver") as c:
            return (await c.get(f"/api/tables/{tid}/replay/5")).status_code

    assert client.portal.call(from_elsewhere) == 200
    spec = client.get("/openapi.json").json()["paths"]
    assert "429" in spec["/api/tables/{tid}/replay/{ply}"]["get"]["responses"]
    assert "429" in spec["/api/finished"]["get"]["responses"]


@pytest.mark.slow  # a real server under replays of a long game
def test_replays_of_a_long_game_do_not_hold_up_other_tables(tmp_path):
    """40 requests at once for the replay of an 848-action game: a WebSocket ping at another
    table is answered meanwhile (replaying on the event loop held every table for seconds)."""
    db = f"sqlite:///{tmp_path / 'replay.db'}"
    tid, plies = store_finished(Store(db), "isola-dei-vulcani")
    S = ServerProcess(tmp_path, "S", db, LAPILLI_HEAVY_READ_RATE="100000/minute")
    try:
        other = http_table(S.url)
        token = http_join(S.url, other, 0)

        async def main():
            async with websockets.connect(f"{S.ws}/ws/{other}?token={token}") as ws:
                await ws.recv()
                stop = asyncio.Event()

                async def pings():
                    waits = []
                    while not stop.is_set():
                        t = time.perf_counter()
                        await ws.send('{"type":"ping"}')
                        while json.loads(await ws.recv())["type"] != "pong":
                            pass
                        waits.append(time.perf_counter() - t)
                        await asyncio.sleep(0.1)  # well within the messages a connection may send
                    return waits

                pinger = asyncio.create_task(pings())
                await asyncio.sleep(0.2)
                async with httpx.AsyncClient(timeout=300, limits=httpx.Limits(max_connections=50)) as http:
                    # each a different answer (seat, ply): none can be shared
                    asked = [(i % 5 - 1 if i % 5 else None, plies - i) for i in range(40)]
                    answers = await asyncio.gather(*(
                        http.get(f"{S.url}/api/tables/{tid}/replay/{ply}",
                                 params={} if seat is None else {"seat": seat}) for seat, ply in asked))
                stop.set()
                return asked, answers, await pinger

        asked, answers, waits = asyncio.run(main())
        assert [a.status_code for a in answers] == [200] * 40
        assert [(a.json()["seat"], a.json()["ply"]) for a in answers] == asked
        waits.sort()
        # the old code answered the ping only after seconds (every replay ran on the event loop:
        # 4.6 to 10 s here); the bound leaves room for a machine loaded by other work
        assert waits[-1] < 2.0, f"slowest ping {waits[-1]:.3f} s, p50 {waits[len(waits) // 2]:.3f} s"
    finally:
        S.stop()


def test_building_finished_records_beyond_the_rate_answers_429(make_client, monkeypatch):
    """A record's table is built at most LAPILLI_HEAVY_READ_RATE times a minute per address; a
    record whose table is kept is still given."""
    monkeypatch.setenv("LAPILLI_HEAVY_READ_RATE", "2/minute")
    client = make_client()
    tids = [store_finished(client.app.state.store, "nim", seed=s, options={"pile": 10})[0] for s in range(3)]
    assert [client.get(f"/api/tables/{t}/record").status_code for t in tids[:2]] == [200, 200]
    r = client.get(f"/api/tables/{tids[2]}/record")
    assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1, r.text[:200]
    assert client.get(f"/api/tables/{tids[0]}/record").status_code == 200  # kept: no build
    assert "429" in client.get("/openapi.json").json()["paths"]["/api/tables/{tid}/record"]["get"]["responses"]


def test_replay_steps_from_processes_equal_those_from_threads(make_client):
    """A replay step computed in the pool of processes is the one computed in a thread."""
    answers = []
    for processes in (True, False):
        client = make_client(heavy_processes=processes)
        tid, plies = store_finished(client.app.state.store, "the-island")
        got = [client.get(f"/api/tables/{tid}/replay/{p}", params=params).json()
               for p in (0, 37, plies) for params in ({}, {"seat": 1})]
        assert client.app.state.reads.processes is processes
        answers.append(got)
    processes, threads = answers
    assert processes == threads


def _cmdline(pid: int) -> bytes:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read()
    except OSError:  # ended meanwhile
        return b""


@pytest.mark.slow  # starts and ends real servers
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the process tree from /proc")
@pytest.mark.parametrize("ending", ["stopped", "killed"])
def test_no_replay_worker_outlives_the_server(tmp_path, ending):
    """The replay steps' worker processes end with the server, whether it is stopped (SIGTERM:
    uvicorn shuts down, then raises the signal again, which skips the interpreter's exit
    handlers) or killed (SIGKILL: nothing of the server runs)."""
    db = f"sqlite:///{tmp_path / 'replay.db'}"
    tid, plies = store_finished(Store(db), "nim", options={"pile": 10})
    S = ServerProcess(tmp_path, "S", db)
    try:
        assert httpx.get(f"{S.url}/api/tables/{tid}/replay/{plies // 2}").status_code == 200
        workers = {p for p in descendants(S.pid) if b"spawn_main" in _cmdline(p)}
        assert workers, "no replay worker process was started"
        if ending == "killed":
            os.kill(S.pid, signal.SIGKILL)
        S.stop()
        end = time.monotonic() + 20  # the watchdog looks every 0.5 s
        while (alive := {p for p in workers if process_alive(p)}) and time.monotonic() < end:
            time.sleep(0.1)
        assert not alive, f"replay workers {sorted(alive)} outlived the server ({ending})"
    finally:
        S.stop()
