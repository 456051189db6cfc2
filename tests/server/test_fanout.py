"""What a move costs the server to fan out: compression only when asked for, views serialized
once and shared, a reconnect telling the others only what changed, finished tables' caches
bounded."""
from __future__ import annotations

import gc
import json
import random

import pytest
import websockets.sync.client as ws_client

from lapilli.server.config import Settings
from lapilli.server.hub import Hub
from lapilli.testing.memory import deep_size
from lapilli.testing.server import ServerProcess

from .support import FakeConn, FakePubSub, island_room


def _extensions(server: ServerProcess) -> str:
    """The extensions the server agreed to for a client that offers permessage-deflate."""
    with ws_client.connect(f"{server.ws}/ws/none", compression="deflate") as ws:
        ws.recv(timeout=30)  # "no table": the handshake is what is looked at
        return ws.response.headers.get("Sec-WebSocket-Extensions", "")


@pytest.mark.slow  # a real server asked with and without compression; its frames are checked fast (test_fanout_frames.py)
def test_websocket_compression_only_when_asked_for(tmp_path):
    """Compressing every message for every connection cost most of the server's time at a table
    with many spectators: off by default, on with LAPILLI_WS_DEFLATE=1."""
    with ServerProcess(tmp_path, "plain", f"sqlite:///{tmp_path}/a.db") as server:
        assert "permessage-deflate" not in _extensions(server)
    with ServerProcess(tmp_path, "deflate", f"sqlite:///{tmp_path}/b.db", LAPILLI_WS_DEFLATE="1") as server:
        assert "permessage-deflate" in _extensions(server)


# ---------------------------------------------------------------- a finished table's memory


def test_a_finished_table_nobody_watches_keeps_little_and_shows_the_same_views():
    """Today a finished Island table kept about 1.2 MB of views and narrated log lines while it
    stayed in memory: once its last connection leaves it keeps its position and actions only
    (at most 100 KiB), and a view asked for later is the one it showed before."""
    hub = Hub(None, bots=None, pubsub=FakePubSub(), settings=Settings(database_url="sqlite://"))
    room = island_room()
    hub.rooms["t1"] = room
    conns = [FakeConn(0), FakeConn(1, delta=True), FakeConn(None), FakeConn(None, delta=True)]
    for c in conns:
        hub.attach(room, c)
    rng, version = random.Random(2), 0
    while not room.state.is_terminal:
        version += 1
        room.apply_stored(version, "act", room.state.to_move, rng.choice(room.state.legal_actions()))
        if version % 20 == 0:
            hub.broadcast(room)
    room.info.status = "finished"
    hub.broadcast(room)
    shown = {c.seat: {k: c.texts[-1][k] for k in ("observation", "log", "result", "players", "digest")}
             for c in conns if not c.delta}
    skip = {id(room.state.SPEC)} | {id(o) for o in gc.get_referents(room.state.SPEC)}
    cached = deep_size(room, skip | {id(c) for c in conns})  # the fake connections keep what they were sent
    for c in conns:
        hub.detach(room, c)
    kept = deep_size(room, skip)
    print(f"finished Island table ({len(room.acts)} actions): {cached / 1024:.0f} KiB with its views, "
          f"{kept / 1024:.0f} KiB once nobody watches")
    assert kept <= 100 * 1024, f"{kept / 1024:.0f} KiB kept"
    for seat in (0, None):  # the views asked for afterwards are the ones shown before
        again = FakeConn(seat)
        hub.attach(room, again)
        assert {k: again.texts[-1][k] for k in shown[seat]} == shown[seat]
        hub.detach(room, again)


# ---------------------------------------------------------------- a reconnect
class CountingConn(FakeConn):
    def __init__(self, seat, delta=True):
        super().__init__(seat, delta)
        self.bytes = 0

    def send(self, text):
        self.bytes += len(text.encode())
        super().send(text)


def test_a_reconnect_sends_its_view_to_that_connection_and_a_small_presence_change_to_the_others():
    """A person's connection drops and comes back: the others (clients that keep their view) were
    sent two whole views each; they are sent two small presence messages, and the new connection
    its whole view."""
    hub = Hub(None, bots=None, pubsub=FakePubSub(), settings=Settings(database_url="sqlite://"))
    room = island_room()
    hub.rooms["t1"] = room
    alice, bob, watcher = CountingConn(0), CountingConn(1), CountingConn(None)
    for c in (alice, bob, watcher):
        hub.attach(room, c)
    rng = random.Random(1)
    for version in range(1, 41):  # a game well under way: a long log, a full board
        room.apply_stored(version, "act", room.state.to_move, rng.choice(room.state.legal_actions()))
        hub.broadcast(room)
    full = len(room.view_text(0).encode())
    sent = {c: (len(c.texts), c.bytes) for c in (alice, watcher)}
    hub.detach(room, bob)  # bob's connection drops...
    assert [h["seat"] for h in alice.texts[-1]["held"]] == [1]  # ...his seat is held for him
    back = CountingConn(1)
    hub.attach(room, back)  # ...and he is back
    got = back.texts[-1]
    assert got["type"] == "state" and got["version"] == 40 and got["log"] and got["legal"] is not None
    for c in (alice, watcher):
        msgs, size = len(c.texts) - sent[c][0], c.bytes - sent[c][1]
        print(f"seat {c.seat}: {msgs} messages, {size} bytes on bob's reconnect (a whole view: {full} bytes)")
        assert [m["type"] for m in c.texts[-msgs:]] == ["presence", "presence"]
        assert c.texts[-1] == {"type": "presence", "version": 40, "present": [0, 1], "held": []}
        assert size < 400
    # a client that is sent whole views (no log=delta) still gets whole views
    plain = FakeConn(None, delta=False)
    hub.attach(room, plain)
    hub.detach(room, back)
    assert plain.texts[-1]["type"] == "state" and plain.texts[-1]["present"] == [0]


# ---------------------------------------------------------------- serialization
def test_messages_serialize_as_the_standard_library_reads_them():
    """orjson writes the views; what it refuses (an integer beyond 64 bits) falls back to the
    standard library, and integer keys become strings either way."""
    from lapilli.server.fanout import dumps

    for obj in ({"a": [1, 2.5, None, True], "ü": "città ✓"}, {3: "three", "k": {0: [1]}}, {"big": 2**70},
                ["\u2028", "\"quoted\""], {"nested": ({"t": (1, 2)},)}):
        text = dumps(obj)
        assert json.loads(text) == json.loads(json.dumps(obj)), text
        assert " " not in text.replace("città ✓", "")  # compact
