"""Presence across server instances (real PostgreSQL and Redis on 127.0.0.1): a person connected to
one instance is present at the table for every instance, so their seat is neither held (no
countdown) nor handed to a computer by a player on another instance; when they leave, every
instance starts their countdown; an instance that stops heartbeating counts as gone after the
presence TTL (3 heartbeats), the countdown running from when it was last heard."""
import json
import os
import signal
import time
from contextlib import contextmanager

import httpx
from websockets.sync.client import connect

from lapilli.testing.services import free_port

from .test_multi_instance import _start_instance

GRACE = 1.5


@contextmanager
def two_instances(postgres_url, redis_url, heartbeat):
    """Instances A and B on one database and Redis, with a short seat grace and the heartbeat given."""
    env = {"LAPILLI_SEAT_GRACE": str(GRACE), "LAPILLI_PRESENCE_HEARTBEAT": str(heartbeat),
           "LAPILLI_BOT_PACE": "0", "LAPILLI_BOT_WORKERS": "1"}
    pa, pb = free_port(), free_port()
    procs = [_start_instance("A", postgres_url, redis_url, pa, **env)]
    try:
        procs.append(_start_instance("B", postgres_url, redis_url, pb, **env))
        yield procs, pa, pb
    finally:
        for p in procs:
            if p.poll() is None:
                p.send_signal(signal.SIGCONT)
                p.terminate()
                p.wait(10)


def table(port):
    """A Nim table created on the instance at ``port``; alice joins seat 0 there, bob seat 1."""
    base = f"http://127.0.0.1:{port}"
    tid = httpx.post(f"{base}/api/tables", json={"game": "nim", "players": 2, "options": {"pile": 21}}).json()["id"]
    ta = httpx.post(f"{base}/api/tables/{tid}/seats/0", json={"name": "alice"}).json()["token"]
    tb = httpx.post(f"{base}/api/tables/{tid}/seats/1", json={"name": "bob"}).json()["token"]
    return tid, ta, tb


def ws(port, tid, token=""):
    return connect(f"ws://127.0.0.1:{port}/ws/{tid}" + (f"?token={token}" if token else ""))


def until(w, test, timeout=15):
    """Read views until one passes ``test``; returns it (TimeoutError if none does in ``timeout`` s
    of silence)."""
    while True:
        m = json.loads(w.recv(timeout=timeout))
        if m["type"] == "state" and test(m):
            return m


def sync(w):
    """The current view: answers a ping after everything already sent to this connection."""
    w.send(json.dumps({"type": "sync"}))
    w.send(json.dumps({"type": "ping"}))
    last = None
    while True:
        m = json.loads(w.recv(timeout=10))
        if m["type"] == "pong":
            return last
        if m["type"] == "state":
            last = m


def take_over(port, tid, seat, token):
    return httpx.post(f"http://127.0.0.1:{port}/api/tables/{tid}/seats/{seat}/computer",
                      json={"token": token, "level": "random"})


def held(v):
    return [h["seat"] for h in v["held"]]


def test_a_person_on_another_instance_is_present_there_and_their_seat_is_not_handed_over(postgres_url, redis_url):
    with two_instances(postgres_url, redis_url, heartbeat=0.3) as (_, pa, pb):
        tid, ta, tb = table(pa)
        with ws(pb, tid, tb) as bob, ws(pa, tid, ta) as alice:
            until(alice, lambda v: True)
            until(bob, lambda v: True)
            time.sleep(GRACE + 1.0)  # longer than the grace, and than the presence TTL (0.9 s)
            v = sync(bob)
            assert v["present"] == [0, 1] and v["held"] == [], v  # B sees alice, connected to A
            r = take_over(pb, tid, 0, tb)
            assert r.status_code == 409 and "still connected" in r.json()["error"], r.text
            assert sync(alice)["present"] == [0, 1]  # and A sees bob, connected to B
        assert httpx.get(f"http://127.0.0.1:{pb}/api/tables/{tid}").json()["seats"][0]["kind"] == "human"


def test_leaving_one_instance_starts_the_countdown_on_the_others(postgres_url, redis_url):
    # a heartbeat of 30 s (TTL 90 s): what follows is announced when it happens, not found by the TTL
    with two_instances(postgres_url, redis_url, heartbeat=30) as (_, pa, pb):
        tid, ta, tb = table(pa)
        with ws(pb, tid, tb) as bob:
            until(bob, lambda v: True)
            with ws(pa, tid, ta) as alice:
                until(alice, lambda v: True)
                until(bob, lambda v: v["present"] == [0, 1] and not v["held"])
            # alice closed her connection to A: B shows her countdown and holds her seat
            v = until(bob, lambda v: v["present"] == [1])
            assert held(v) == [0], v
            r = take_over(pb, tid, 0, tb)
            assert r.status_code == 409 and "held for its player" in r.json()["error"], r.text
            # the grace runs out on B (nobody moved, nobody connected): bob may hand the seat over
            until(bob, lambda v: not v["held"])
            assert take_over(pb, tid, 0, tb).status_code == 200
            until(bob, lambda v: v["players"][0]["kind"] == "bot")
            # alice's token takes the seat back on B, an instance she was never connected to
            with ws(pa, tid) as watcher:  # a spectator on A follows
                until(watcher, lambda v: v["present"] == [1])
                with ws(pb, tid, ta) as alice:
                    v = until(alice, lambda v: v["seat"] == 0)
                    assert v["players"][0]["kind"] == "human"
                    v = until(watcher, lambda v: v["present"] == [0, 1])
                    assert v["players"][0]["kind"] == "human" and not v["held"]
                # she leaves B: A starts her countdown, and holds the seat until it ends
                v = until(watcher, lambda v: v["present"] == [1])
                assert held(v) == [0], v
                r = take_over(pa, tid, 0, tb)
                assert r.status_code == 409 and "held for its player" in r.json()["error"], r.text
                until(watcher, lambda v: not v["held"])
                assert take_over(pa, tid, 0, tb).status_code == 200
                until(watcher, lambda v: v["players"][0]["kind"] == "bot")
                # and her token takes it back on A too
                with ws(pa, tid, ta) as alice:
                    v = until(alice, lambda v: v["seat"] == 0)
                    assert v["players"][0]["kind"] == "human"
                    until(bob, lambda v: v["present"] == [0, 1] and v["players"][0]["kind"] == "human")


def test_an_instance_that_stops_heartbeating_counts_as_gone_after_the_ttl(postgres_url, redis_url):
    """A is frozen (SIGSTOP: alice's connection stays open, A says nothing): after the TTL B
    counts alice as gone, her countdown runs out and bob may hand her seat over.  A frozen
    instance that wakes up heartbeats again, and B sees alice again."""
    with two_instances(postgres_url, redis_url, heartbeat=0.3) as (procs, pa, pb):
        tid, ta, tb = table(pa)
        with ws(pb, tid, tb) as bob, ws(pa, tid, ta) as alice:
            until(alice, lambda v: True)
            until(bob, lambda v: v["present"] == [0, 1])
            os.kill(procs[0].pid, signal.SIGSTOP)
            until(bob, lambda v: v["present"] == [1])
            until(bob, lambda v: not v["held"])
            os.kill(procs[0].pid, signal.SIGCONT)
            until(bob, lambda v: v["present"] == [0, 1])
            assert take_over(pb, tid, 0, tb).status_code == 409  # she is back
            os.kill(procs[0].pid, signal.SIGSTOP)
            until(bob, lambda v: v["present"] == [1])
            until(bob, lambda v: not v["held"])
            assert take_over(pb, tid, 0, tb).status_code == 200


def test_an_instance_that_crashes_counts_as_gone_after_the_ttl(postgres_url, redis_url):
    """A is killed (no clean detach, no word to B): B counts alice as gone after the TTL."""
    with two_instances(postgres_url, redis_url, heartbeat=0.3) as (procs, pa, pb):
        tid, ta, tb = table(pa)
        with ws(pb, tid, tb) as bob:
            with ws(pa, tid, ta) as alice:
                until(alice, lambda v: True)
                until(bob, lambda v: v["present"] == [0, 1])
                procs[0].kill()
                procs[0].wait(10)
            until(bob, lambda v: v["present"] == [1])
            until(bob, lambda v: not v["held"])
            assert take_over(pb, tid, 0, tb).status_code == 200
            # her token takes the seat back on B
            with ws(pb, tid, ta) as again:
                assert until(again, lambda v: v["seat"] == 0)["players"][0]["kind"] == "human"
