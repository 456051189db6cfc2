"""Presence across server instances (real PostgreSQL and Redis on 127.0.0.1): a person connected to
one instance is present at the table for every instance, so their seat is neither held (no
countdown) nor handed to a computer by a player on another instance; when they leave, every
instance starts their countdown; an instance that stops heartbeating counts as gone after the
presence TTL (3 heartbeats), the countdown running from when it was last heard."""
import asyncio
import json
import os
import signal
import time
from contextlib import contextmanager

import httpx
import pytest
from websockets.sync.client import connect

from lapilli.server.config import Settings
from lapilli.server.hub import Hub, Room
from lapilli.server.store import SeatInfo, Store, TableInfo
from lapilli.testing.services import Redis

from .support import instances

GRACE = 1.5
# a heartbeat short enough for a quick test, long enough that a busy machine does not miss the
# TTL (3 heartbeats) between two of them
HEARTBEAT = 1.0


# ---------------------------------------------------------------- one table's presence, on a clock of its own
class Clock:
    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t


def nim_room(clock, grace=120.0, ttl=60.0):
    info = TableInfo("t1", "nim", 2, {"pile": 21}, 1, 0, "playing",
                     [SeatInfo(0, "human", "alice", ""), SeatInfo(1, "human", "bob", "")])
    return Room(info, seat_grace=grace, presence_ttl=ttl, mono=clock)


def test_a_seat_connected_to_another_instance_is_present_and_not_held():
    clock = Clock()
    room = nim_room(clock)
    room.seats_present[1] += 1  # bob, here
    clock.t += 200  # long past the grace
    assert room.present() == [1] and room.grace_left(0) == 0 and room.held() == []  # alice's grace is over
    assert room.heard("A", [0]) is True  # instance A: alice is connected to it
    assert room.present() == [0, 1] and room.is_present(0) and room.held() == []
    assert room.local_seats() == [1]
    clock.t += 59
    assert room.heard("A", [0]) is False  # a heartbeat changes nothing seen...
    clock.t += 59
    assert room.is_present(0)  # ...but keeps her present past the TTL since the first word
    assert room.view(1)["present"] == [0, 1] and room.view(1)["held"] == []


def test_a_seat_that_leaves_its_instance_starts_its_countdown_then():
    clock = Clock()
    room = nim_room(clock)
    room.heard("A", [0])
    room.heard("B", [0])  # alice has a tab on A and one on B
    clock.t += 300
    room.heard("A", [0])
    room.heard("B", [0])
    assert room.heard("A", []) is False  # still connected to B
    assert room.grace_left(0) == 0
    clock.t += 10
    assert room.heard("B", []) is True  # gone everywhere: the countdown starts now
    assert room.present() == [] and room.held() == [{"seat": 0, "seconds": 120.0}]  # bob's grace is long over
    clock.t += 100
    assert room.grace_left(0) == 20
    room.seats_present[0] += 1  # she opens the table here
    assert room.grace_left(0) == 0 and room.present() == [0]


def test_a_silent_instance_counts_as_gone_after_the_ttl_from_when_it_was_last_heard():
    clock = Clock()
    room = nim_room(clock, grace=120, ttl=60)
    room.heard("A", [0])
    clock.t += 59.9
    assert room.is_present(0) and room.expire() is False
    clock.t += 0.1  # 60 s without a word from A
    assert not room.is_present(0) and room.present() == []
    assert room.grace_left(0) == 60  # the countdown ran from when she was last heard
    assert room.held()[0] == {"seat": 0, "seconds": 60.0}
    assert room.expire() is True and room.remote == {}  # forgotten, the countdown kept
    assert room.grace_left(0) == 60 and room.expire() is False
    clock.t += 60
    assert room.grace_left(0) == 0 and room.held() == []
    room.heard("A", [0])  # A was only slow: it speaks again, she is present again
    assert room.present() == [0]
    # an instance that lists her no more after having gone silent: the countdown still runs
    # from when it was last heard, not from now
    clock.t += 100
    assert room.heard("A", []) is False  # already not counted present
    assert room.grace_left(0) == 20


def test_a_heard_list_is_checked():
    clock = Clock()
    room = nim_room(clock)
    assert room.heard("A", [5, -1, "0", None, True]) is False  # no such seats
    assert room.present() == []


class FakePubSub:
    url = "redis://test"

    def __init__(self):
        self.sent = []

    def announce(self, msg):
        self.sent.append(msg)


class FakeConn:
    def __init__(self, seat):
        self.seat, self.texts = seat, []
        self.delta, self.have = False, None  # sent whole views (Room.text_for)

    def send(self, text):
        self.texts.append(json.loads(text))


def test_the_hub_shares_its_seats_and_updates_views_on_what_it_hears():
    clock = Clock()
    pubsub = FakePubSub()
    hub = Hub(None, bots=None, pubsub=pubsub, settings=Settings(database_url="sqlite://", presence_heartbeat=2))
    room = nim_room(clock)
    hub.rooms["t1"] = room
    bob = FakeConn(1)
    hub.attach(room, bob)  # bob's first connection here: the others are told
    assert pubsub.sent == [{"t": {"t1": [1]}}]
    assert bob.texts[-1]["present"] == [1] and [h["seat"] for h in bob.texts[-1]["held"]] == [0]
    hub.on_presence({"from": "A", "t": {"t1": [0], "not loaded": [0]}})
    assert bob.texts[-1]["present"] == [0, 1] and bob.texts[-1]["held"] == []
    n = len(bob.texts)
    hub.on_presence({"from": "A", "t": {"t1": [0]}})  # a heartbeat: nothing new to show
    assert len(bob.texts) == n
    hub.on_presence({"from": "A", "ask": ["t1", "other"]})  # A loaded the table: what is connected here
    assert pubsub.sent[-1] == {"t": {"t1": [1]}}
    hub.on_presence({"from": "A", "bye": True})  # A stops: alice is gone, her countdown starts
    assert bob.texts[-1]["present"] == [1] and [h["seat"] for h in bob.texts[-1]["held"]] == [0]
    hub.on_presence({"from": "A", "t": {"t1": [0]}})
    clock.t += 61  # A goes silent
    assert room.expire() is True
    hub.detach(room, bob)  # bob's last connection here: the others are told
    assert pubsub.sent[-1] == {"t": {"t1": []}}
    assert hub.settings.presence_ttl == 6


def test_after_a_redis_outage_the_hub_says_again_who_is_connected_and_asks_the_others(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 's.db'}")
    tid = store.create_table("nim", 2, {"pile": 21}, 1, [{"kind": "open"}, {"kind": "open"}])
    pubsub = FakePubSub()
    hub = Hub(store, bots=None, pubsub=pubsub, settings=Settings(database_url="sqlite://"))
    hub.rooms[tid] = room = Room(store.get(tid))
    quiet = store.create_table("nim", 2, {"pile": 21}, 1, [{"kind": "open"}, {"kind": "open"}])
    hub.rooms[quiet] = Room(store.get(quiet))  # no seat connected here: nothing to say of it
    hub.attach(room, FakeConn(0))
    pubsub.sent.clear()
    asyncio.run(hub.resync())
    assert pubsub.sent == [{"t": {tid: [0]}}, {"ask": None}]


@contextmanager
def two_instances(log_dir, postgres_url, redis_url, heartbeat, grace=GRACE):
    """Instances A and B on one database and Redis, with a short seat grace and the heartbeat given:
    (their processes, A's port, B's port)."""
    env = {"LAPILLI_SEAT_GRACE": str(grace), "LAPILLI_PRESENCE_HEARTBEAT": str(heartbeat),
           "LAPILLI_BOT_PACE": "0", "LAPILLI_BOT_WORKERS": "1"}
    with instances(log_dir, postgres_url, redis_url, {}, {}, **env) as (a, b):
        yield [a.proc, b.proc], a.port, b.port


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


@pytest.mark.slow  # two real instances; the Hub's presence in one process is tested above
def test_a_person_on_another_instance_is_present_there_and_their_seat_is_not_handed_over(tmp_path, postgres_url, redis_url):
    with two_instances(tmp_path, postgres_url, redis_url, heartbeat=HEARTBEAT) as (_, pa, pb):
        tid, ta, tb = table(pa)
        with ws(pb, tid, tb) as bob, ws(pa, tid, ta) as alice:
            until(alice, lambda v: True)
            until(bob, lambda v: True)
            time.sleep(3 * HEARTBEAT + 0.5)  # longer than the grace, and than the presence TTL
            v = sync(bob)
            assert v["present"] == [0, 1] and v["held"] == [], v  # B sees alice, connected to A
            r = take_over(pb, tid, 0, tb)
            assert r.status_code == 409 and "still connected" in r.json()["error"], r.text
            assert sync(alice)["present"] == [0, 1]  # and A sees bob, connected to B
        assert httpx.get(f"http://127.0.0.1:{pb}/api/tables/{tid}").json()["seats"][0]["kind"] == "human"


@pytest.mark.slow  # two real instances; the Hub's presence in one process is tested above
def test_an_instance_that_loads_a_table_asks_who_is_connected_elsewhere(tmp_path, postgres_url, redis_url):
    # a heartbeat of 30 s: B learns of alice from A's answer to its question, not from a heartbeat
    with two_instances(tmp_path, postgres_url, redis_url, heartbeat=30) as (_, pa, pb):
        tid, ta, tb = table(pa)
        with ws(pa, tid, ta) as alice:
            until(alice, lambda v: True)
            with ws(pb, tid, tb) as bob:  # B loads the table now
                v = until(bob, lambda v: v["present"] == [0, 1])
                assert v["held"] == []


@pytest.mark.slow  # two real instances; the Hub's presence in one process is tested above
def test_leaving_one_instance_starts_the_countdown_on_the_others(tmp_path, postgres_url, redis_url):
    # a heartbeat of 30 s (TTL 90 s): what follows is announced when it happens, not found by the TTL
    with two_instances(tmp_path, postgres_url, redis_url, heartbeat=30) as (_, pa, pb):
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


@pytest.mark.slow  # two real instances; the Hub's presence in one process is tested above
def test_an_instance_that_stops_heartbeating_counts_as_gone_after_the_ttl(tmp_path, postgres_url, redis_url):
    """A is frozen (SIGSTOP: alice's connection stays open, A says nothing): after the TTL B
    counts alice as gone, her countdown having run from when A was last heard, and bob may hand
    her seat over.  A frozen
    instance that wakes up heartbeats again, and B sees alice again."""
    with two_instances(tmp_path, postgres_url, redis_url, heartbeat=HEARTBEAT) as (procs, pa, pb):
        tid, ta, tb = table(pa)
        with ws(pb, tid, tb) as bob, ws(pa, tid, ta) as alice:
            until(alice, lambda v: True)
            until(bob, lambda v: v["present"] == [0, 1])
            os.kill(procs[0].pid, signal.SIGSTOP)
            v = until(bob, lambda v: v["present"] == [1])
            # her countdown ran from when A was last heard: the TTL (3 s) is longer than the grace
            # (1.5 s), so it is over by the time she counts as gone
            assert v["held"] == [], v
            os.kill(procs[0].pid, signal.SIGCONT)
            until(bob, lambda v: v["present"] == [0, 1])
            r = take_over(pb, tid, 0, tb)
            assert r.status_code == 409 and "still connected" in r.json()["error"]  # she is back
            os.kill(procs[0].pid, signal.SIGSTOP)
            assert until(bob, lambda v: v["present"] == [1])["held"] == []
            assert take_over(pb, tid, 0, tb).status_code == 200
            # A wakes before alice's socket closes: a frozen server would hold her close handshake
            # for the client's whole close timeout (10 s)
            os.kill(procs[0].pid, signal.SIGCONT)


@pytest.mark.slow  # two real instances; the Hub's presence in one process is tested above
def test_an_instance_that_crashes_counts_as_gone_after_the_ttl(tmp_path, postgres_url, redis_url):
    """A is killed (no clean detach, no word to B): B counts alice as gone after the TTL."""
    with two_instances(tmp_path, postgres_url, redis_url, heartbeat=HEARTBEAT) as (procs, pa, pb):
        tid, ta, tb = table(pa)
        with ws(pb, tid, tb) as bob:
            with ws(pa, tid, ta) as alice:
                until(alice, lambda v: True)
                until(bob, lambda v: v["present"] == [0, 1])
                procs[0].kill()
                procs[0].wait(10)
            v = until(bob, lambda v: v["present"] == [1])
            assert v["held"] == [], v  # counted from when A was last heard: the grace is over
            assert take_over(pb, tid, 0, tb).status_code == 200
            # her token takes the seat back on B
            with ws(pb, tid, ta) as again:
                assert until(again, lambda v: v["seat"] == 0)["players"][0]["kind"] == "human"


@pytest.mark.slow  # two real instances; the Hub's presence in one process is tested above
def test_an_instance_that_stops_cleanly_says_so_at_once(tmp_path, postgres_url, redis_url):
    """A is stopped (SIGTERM) with alice connected: B starts her countdown then, not after the
    TTL (90 s with a heartbeat of 30 s)."""
    with two_instances(tmp_path, postgres_url, redis_url, heartbeat=30) as (procs, pa, pb):
        tid, ta, tb = table(pa)
        with ws(pb, tid, tb) as bob:
            with ws(pa, tid, ta) as alice:
                until(alice, lambda v: True)
                until(bob, lambda v: v["present"] == [0, 1])
                procs[0].terminate()
                procs[0].wait(10)
            v = until(bob, lambda v: v["present"] == [1])
            assert held(v) == [0], v


@pytest.fixture
def own_redis(tmp_path):
    r = Redis(tmp_path)
    url = r.start()
    yield r, url
    r.stop()


@pytest.mark.slow  # two real instances; the Hub's presence in one process is tested above
def test_a_redis_outage_ends_remote_presence_after_the_ttl_and_it_comes_back_with_redis(tmp_path, postgres_url, own_redis):
    """Redis stops: neither instance hears the other, so after the TTL each shows the other's
    person away (held for them), and moves go on; Redis back, each says again who is connected to
    it and asks the others, and both are present again everywhere."""
    redis, redis_url = own_redis
    with two_instances(tmp_path, postgres_url, redis_url, heartbeat=HEARTBEAT, grace=60) as (_, pa, pb):
        tid, ta, tb = table(pa)
        with ws(pb, tid, tb) as bob, ws(pa, tid, ta) as alice:
            until(alice, lambda v: v["present"] == [0, 1])
            until(bob, lambda v: v["present"] == [0, 1])
            redis.stop()
            v = until(bob, lambda v: v["present"] == [1])
            assert held(v) == [0], v  # her seat is held for her, not taken as present for ever
            v = until(alice, lambda v: v["present"] == [0])
            assert held(v) == [1], v
            alice.send(json.dumps({"type": "act", "action": "take 2", "version": 0}))
            assert until(alice, lambda v: v["version"] == 1)["observation"]["pile"] == 19  # stored
            redis.start()  # same port, empty
            v = until(bob, lambda v: v["present"] == [0, 1] and v["version"] == 1)
            assert v["held"] == [] and v["legal"]
            assert until(alice, lambda v: v["present"] == [0, 1])["held"] == []


@pytest.mark.slow  # two real instances; the Hub's presence in one process is tested above
def test_while_presence_from_other_instances_is_unknown_no_seat_is_handed_over(tmp_path, postgres_url, own_redis):
    """Redis stops for longer than the seat grace (and the presence TTL): B no longer hears that
    alice is connected to A, so her seat looks away and its grace over, yet B refuses to hand it
    to a computer, saying why; Redis back, B hears of her again and she is still connected."""
    redis, redis_url = own_redis
    with two_instances(tmp_path, postgres_url, redis_url, heartbeat=HEARTBEAT) as (_, pa, pb):
        tid, ta, tb = table(pa)
        with ws(pb, tid, tb) as bob, ws(pa, tid, ta) as alice:
            until(alice, lambda v: v["present"] == [0, 1])
            until(bob, lambda v: v["present"] == [0, 1])
            redis.stop()
            v = until(bob, lambda v: v["present"] == [1])
            assert v["held"] == [], v  # the TTL (3 s) is longer than the grace (1.5 s)
            r = take_over(pb, tid, 0, tb)
            assert r.status_code == 503, r.text
            assert "presence from other instances is unknown" in r.json()["error"], r.text
            assert httpx.get(f"http://127.0.0.1:{pb}/api/tables/{tid}").json()["seats"][0]["kind"] == "human"
            redis.start()  # same port, empty
            until(bob, lambda v: v["present"] == [0, 1])
            r = take_over(pb, tid, 0, tb)
            assert r.status_code == 409 and "still connected" in r.json()["error"], r.text
            alice.send(json.dumps({"type": "act", "action": "take 1", "version": 0}))
            assert until(alice, lambda v: v["version"] == 1)["observation"]["pile"] == 20  # still hers


@pytest.mark.slow  # two real instances; the Hub's presence in one process is tested above
def test_a_person_whose_seat_goes_to_the_computer_is_told_at_once_on_every_instance(tmp_path, postgres_url, redis_url):
    """Alice, connected to A, hands her own seat to the computer through B: her connection to A
    is told at once that the computer plays her seat now (and how to take it back)."""
    with two_instances(tmp_path, postgres_url, redis_url, heartbeat=HEARTBEAT) as (_, pa, pb):
        tid, ta, tb = table(pa)
        with ws(pa, tid, ta) as alice:
            until(alice, lambda v: True)
            assert take_over(pb, tid, 0, ta).status_code == 200
            while True:  # the next messages: the notice comes, not only a view with a computer at seat 0
                m = json.loads(alice.recv(timeout=10))
                if m["type"] == "seat_lost":
                    break
            assert m["seat"] == 0 and "computer" in m["message"] and "reload" in m["message"], m


def test_presence_is_unknown_while_redis_is_down_and_until_the_others_speak_again():
    """PubSub's picture of the other instances (no Redis involved: its listener's state is set as
    the listener sets it): unknown while the listener is down; once back, until every instance
    heard within the TTL before the outage speaks again, or the TTL passes (it stopped)."""
    from lapilli.server.pubsub import PubSub

    clock = Clock()
    assert PubSub(None, "B").presence_unknown() is None  # one process: nobody elsewhere
    p = PubSub("redis://127.0.0.1:1/0", "B", presence_ttl=60, mono=clock)
    assert "Redis is not answering" in p.presence_unknown()  # not subscribed yet
    p.up_since = clock()
    p.connected.set()
    assert p.presence_unknown() is None  # nobody heard of yet: a table loaded asks who is connected
    p._heard_from({"from": "A", "t": {}})
    p._heard_from({"from": "C", "t": {}})
    clock.t += 50
    p._heard_from({"from": "A", "t": {}})  # C last heard 50 s ago, A just now
    p.connected.clear()
    p._outage_began()
    assert "Redis is not answering" in p.presence_unknown()
    clock.t += 120
    p.up_since = clock()  # back after two minutes
    p.connected.set()
    assert "not every other instance has been heard from again" in p.presence_unknown()
    p._heard_from({"from": "A", "t": {"t1": [0]}})
    assert "not every other instance" in p.presence_unknown()  # C is still awaited
    p._heard_from({"from": "C", "bye": True})  # C stops
    assert p.presence_unknown() is None
    # an awaited instance that stays silent for the TTL after Redis is back counts as stopped
    p._heard_from({"from": "C", "t": {}})
    p.connected.clear()
    p._outage_began()
    p.up_since = clock()
    p.connected.set()
    assert p.awaited == {"A", "C"} and p.presence_unknown() is not None
    clock.t += 59.9
    assert p.presence_unknown() is not None
    clock.t += 0.1
    assert p.presence_unknown() is None and p.awaited == set()
