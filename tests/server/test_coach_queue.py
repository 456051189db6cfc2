"""The coach's queue under a real `lapilli serve` on 127.0.0.1: a review whose client has gone
is dropped (queued) or stopped (running), each client address has a bounded share of the
coach (more answer 429), and a live game's hint goes before the reviews.

Reviews are made slow on purpose (a long search for each of ten decisions and each of their
moves: a review takes longer than its cap) while a hint, one search of one position, stays quick; clients are told apart by
X-Forwarded-For, which the server believes from 127.0.0.1 (LAPILLI_TRUSTED_PROXIES): the test plays the proxy."""
from __future__ import annotations

import json
import threading
import time

import httpx
import pytest
from websockets.sync.client import connect

from .support import wait_for


@pytest.fixture
def server(serve):
    """server(**env): the base URL of a started `lapilli serve` whose reviews are slow."""
    def start(**env):
        return serve("coach", **{"LAPILLI_BOT_WORKERS": "1", "LAPILLI_BOT_PACE": "0",
                                 "LAPILLI_COACH_ITERATIONS": "20000", "LAPILLI_COACH_SAMPLES": "1",
                                 "LAPILLI_COACH_LIMIT": "10",
                                 "LAPILLI_TRUSTED_PROXIES": "127.0.0.1", **env}).url

    return start


def seat(base, tid, n, name):
    r = httpx.post(f"{base}/api/tables/{tid}/seats/{n}", json={"name": name})
    assert r.status_code == 200, r.text
    return r.json()["token"]


def act(base, tid, token, action):
    """The seat of ``token`` connects, makes one move and leaves once the table took it."""
    port = base.rsplit(":", 1)[1]
    with connect(f"ws://127.0.0.1:{port}/ws/{tid}?token={token}") as ws:
        while (v := json.loads(ws.recv(timeout=30)))["type"] != "state":
            pass
        ws.send(json.dumps({"type": "act", "action": action, "version": v["version"]}))
        while True:
            m = json.loads(ws.recv(timeout=30))
            if m["type"] == "state" and m["version"] > v["version"]:
                return m
            assert m["type"] != "error", m


def finished_game(base) -> str:
    tid = httpx.post(f"{base}/api/tables", json={"game": "nim", "options": {"pile": 21}}).json()["id"]
    ta, tb = seat(base, tid, 0, "ann"), seat(base, tid, 1, "bob")
    for i in range(21):  # ten or eleven decisions each to review
        act(base, tid, (ta, tb)[i % 2], "take 1")
    assert httpx.get(f"{base}/api/tables/{tid}").json()["status"] == "finished"
    return tid


def live_game(base) -> tuple[str, str]:
    tid = httpx.post(f"{base}/api/tables", json={"game": "nim", "options": {"pile": 10},
                                                 "seats": [{"kind": "open"}, {"kind": "bot", "level": "random"}]}
                     ).json()["id"]
    return tid, seat(base, tid, 0, "ann")


def review(base, tid, n, level, address, timeout):
    return httpx.get(f"{base}/api/tables/{tid}/review/{n}", params={"level": level},
                     headers={"X-Forwarded-For": address}, timeout=timeout)


def abandon(base, tid, n, level, address):
    """Ask for a review and give up after 1 s (the client closes its connection)."""
    with pytest.raises(httpx.ReadTimeout):
        review(base, tid, n, level, address, 1.0)


@pytest.mark.slow  # whole reviews through a server; a stopped stream is checked fast below
def test_reviews_abandoned_by_their_clients_are_stopped(server):
    # one coach worker: a hint gets it only once the abandoned reviews are out of the way
    base = server(LAPILLI_COACH_WORKERS="1")
    games = [finished_game(base) for _ in range(2)]
    ht, token = live_game(base)
    for i, (done, n, level) in enumerate((d, n, lv) for d in games for n in (0, 1) for lv in ("normal", "hard")):
        abandon(base, done, n, level, f"10.0.1.{i}")
    # kept running, eight reviews would hold the worker for 8 x 10 s; stopped, the hint is soon
    # there (a few seconds at most, on a loaded machine)
    r = httpx.post(f"{base}/api/tables/{ht}/hint", json={"token": token}, headers={"X-Forwarded-For": "10.0.2.1"},
                   timeout=30)
    assert r.status_code == 200, r.text
    assert r.json()["move"] in ("take 1", "take 2", "take 3")


@pytest.mark.slow  # whole reviews through a server; the queue's shares are checked fast below
def test_each_address_has_a_bounded_share_and_hints_go_first(server):
    base = server(LAPILLI_COACH_WORKERS="2", LAPILLI_COACH_PER_ADDRESS="2")
    done = finished_game(base)
    ht, token = live_game(base)
    answers = []
    waiting = [threading.Thread(target=lambda lv=lv: answers.append(review(base, done, 0, lv, "10.0.3.1", 60)))
               for lv in ("normal", "hard")]
    for t in waiting:
        t.start()
    # both of 10.0.3.1's reviews are in: one running, one queued (/health counts the coach's jobs)
    wait_for(lambda: httpx.get(f"{base}/health").json()["coach"] == {"queued": 1, "running": 1},
             "both reviews reach the coach", timeout=30, every=0.05)
    r = review(base, done, 1, "hard", "10.0.3.1", 5)
    assert r.status_code == 429 and "Retry-After" in r.headers, r.text
    # another address is not refused: its request waits for the coach (here it gives up)
    abandon(base, done, 1, "normal", "10.0.3.2")
    # a live game's hint does not wait behind the reviews
    r = httpx.post(f"{base}/api/tables/{ht}/hint", json={"token": token}, headers={"X-Forwarded-For": "10.0.3.3"},
                   timeout=30)
    assert r.status_code == 200, r.text
    for t in waiting:
        t.join(90)
    # the reviews still being asked for were never dropped: each ran to its end, or to the
    # coach's cap (10 s; which one depends on the machine's speed)
    assert len(answers) == 2 and all(a.status_code in (200, 503) for a in answers), [a.text for a in answers]


# ---------------------------------------------------------------------- the queue itself (BotPool)
def _run(coro):
    import asyncio

    return asyncio.run(coro)


def test_a_shared_job_runs_while_one_client_waits_and_stops_when_none_does():
    import asyncio

    from lapilli.server.bots import BotPool

    async def main():
        pool = BotPool(1, coach_workers=1, coach_per_client=4)
        try:
            await pool.coach(time.sleep, 0)  # the worker process is up
            a = asyncio.ensure_future(pool.coach(time.sleep, 1.5, key="k", client="a"))
            b = asyncio.ensure_future(pool.coach(time.sleep, 1.5, key="k", client="b"))
            await asyncio.sleep(0.3)
            assert pool.coach_status() == {"queued": 0, "running": 1}  # one job for both
            a.cancel()  # a leaves: b still waits, the job goes on
            assert await b is None
            c = asyncio.ensure_future(pool.coach(time.sleep, 60, key="k2", client="c"))
            d = asyncio.ensure_future(pool.coach(time.sleep, 60, key="k2", client="d"))
            await asyncio.sleep(0.3)
            assert pool.coach_status() == {"queued": 0, "running": 1}
            c.cancel()
            d.cancel()  # nobody waits: the worker's process is stopped and the worker free again
            for _ in range(100):
                await asyncio.sleep(0.1)
                if pool.coach_status()["running"] == 0:
                    break
            assert pool.coach_status() == {"queued": 0, "running": 0}
            assert await pool.coach(time.sleep, 0, client="e") is None
        finally:
            pool.close()

    _run(main())


def test_urgent_jobs_go_first_and_a_clients_share_is_bounded():
    import asyncio

    from lapilli.server.bots import BotPool, CoachBusy

    async def main():
        pool = BotPool(1, coach_workers=1, coach_per_client=2)
        order = []

        async def ask(name, seconds, client, urgent=False):
            await pool.coach(time.sleep, seconds, client=client, urgent=urgent)
            order.append(name)

        try:
            await pool.coach(time.sleep, 0)
            first = asyncio.ensure_future(ask("running review", 1.0, "a"))
            await asyncio.sleep(0.3)
            queued = [asyncio.ensure_future(ask("queued review", 0.1, "b")),
                      asyncio.ensure_future(ask("queued review", 0.1, "c"))]
            await asyncio.sleep(0.1)
            hint = asyncio.ensure_future(ask("hint", 0.1, "d", urgent=True))
            second = asyncio.ensure_future(ask("a's second", 0.1, "a"))
            await asyncio.sleep(0.1)
            try:
                await pool.coach(time.sleep, 0, client="a")  # a already waits for two
                raise AssertionError("a third job of one client was taken")
            except CoachBusy:
                pass
            await asyncio.gather(first, hint, second, *queued)
            assert order[:2] == ["running review", "hint"]
        finally:
            pool.close()

    _run(main())


def test_a_streamed_review_stops_when_its_client_goes_and_an_address_has_a_bounded_share(server):
    base = server(LAPILLI_COACH_WORKERS="2", LAPILLI_COACH_PER_ADDRESS="2")
    done = finished_game(base)
    url = f"{base}/api/tables/{done}/review/0"
    with httpx.Client(timeout=30) as c:
        streams = []
        for level in ("normal", "hard"):   # two streams from one address: its whole share
            s = c.stream("GET", url, params={"level": level, "progress": 1}, headers={"X-Forwarded-For": "10.0.4.1"})
            r = s.__enter__()
            assert r.status_code == 200
            lines = r.iter_lines()      # kept below: a reader dropped would close its stream
            assert json.loads(next(lines)) == {"stage": "start", "total": 10}
            streams.append((s, lines))
        # one runs, one waits (reviews leave a worker free for hints)
        wait_for(lambda: httpx.get(f"{base}/health").json()["coach"] == {"queued": 1, "running": 1},
                 "both streams' first decisions reach the coach", timeout=30, every=0.05)
        # a third from the same address is refused before it streams
        r = c.get(url, params={"level": "easy", "progress": 1}, headers={"X-Forwarded-For": "10.0.4.1"})
        assert r.status_code == 429 and "Retry-After" in r.headers, r.text
        for s, _ in streams:              # both clients go
            s.__exit__(None, None, None)
    # their decisions (10 s each at this budget, ten of them) are stopped, not judged on: the
    # coach is idle again within seconds
    wait_for(lambda: httpx.get(f"{base}/health").json()["coach"] == {"queued": 0, "running": 0},
             "the coach stops the jobs of the streams nobody reads", timeout=8, every=0.1)
