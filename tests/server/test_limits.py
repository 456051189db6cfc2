"""Limits of the web table, in process: table creation per client address, request bodies,
requests refused before anything is loaded, the lobby's pages, and the sweep of idle tables
(with an injected clock)."""

from fastapi.testclient import TestClient

from lapilli.server.app import create_app
from lapilli.server.config import Settings
from lapilli.server.hub import Hub, Room
from lapilli.server.store import Store


def _app(tmp_path, **kw):
    return create_app(Settings(database_url=f"sqlite:///{tmp_path / 'l.db'}", redis_url=None, **kw))


def test_creation_beyond_the_limit_answers_429(tmp_path):
    with TestClient(_app(tmp_path, create_rate="3/minute")) as c:
        body = {"game": "nim", "players": 2}
        assert [c.post("/api/tables", json=body).status_code for _ in range(3)] == [200, 200, 200]
        r = c.post("/api/tables", json=body)
        assert r.status_code == 429
        assert "at most 3/minute" in r.json()["error"] and int(r.headers["Retry-After"]) >= 1
        # another address has its own allowance
        with TestClient(c.app, client=("10.1.2.3", 5000)) as other:
            assert other.post("/api/tables", json=body).status_code == 200
        assert c.post("/api/tables", json=body).status_code == 429


def test_request_bodies_are_capped(tmp_path):
    with TestClient(_app(tmp_path, max_body_bytes=1000)) as c:
        big = {"game": "nim", "players": 2, "options": {"x": "y" * 5000}}
        r = c.post("/api/tables", json=big)
        assert r.status_code == 413 and "larger than 1000 bytes" in r.text

        def chunks():  # no Content-Length: counted as it arrives
            for _ in range(10):
                yield b" " * 500

        r = c.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
        assert r.status_code == 413
        assert c.post("/api/tables", json={"game": "nim", "players": 2}).status_code == 200


def test_refused_requests_load_nothing_and_the_lobby_pages(tmp_path):
    with TestClient(_app(tmp_path)) as c:
        ids = [c.post("/api/tables", json={"game": "nim", "players": 2}).json()["id"] for _ in range(7)]
        hub = c.app.state.hub
        assert c.get(f"/api/tables/{ids[0]}/record").status_code == 403
        assert c.get(f"/api/tables/{ids[0]}/replay/1").status_code == 403
        assert c.get("/api/tables/nosuchtable/record").status_code == 404
        with c.websocket_connect(f"/ws/{ids[1]}?token=wrong") as ws:
            assert "holds no seat" in ws.receive_json()["message"]
        assert hub.rooms == {}
        pages = [c.get("/api/tables", params={"limit": 3, "offset": o}).json() for o in (0, 3, 6, 9)]
        assert [len(p) for p in pages] == [3, 3, 1, 0]
        assert [t["id"] for p in pages for t in p] == ids[::-1]  # newest first, each once
        health = c.get("/health").json()
        assert health == {"status": "ok", "database": "ok", "redis": "not used", "tables_loaded": 0,
                          "coach": {"queued": 0, "running": 0}}


class _Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_sweep_evicts_idle_tables_and_keeps_busy_ones(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 's.db'}")
    clock = _Clock()
    hub = Hub(store, bots=None, pubsub=None, settings=Settings(database_url="sqlite://", idle_seconds=10,
                                                                max_tables=3), clock=clock)

    def add(seats):
        tid = store.create_table("nim", 2, {"pile": 10}, 1, seats)
        room = Room(store.get(tid), clock())
        hub.rooms[tid] = room
        return room

    people = [{"kind": "open"}, {"kind": "open"}]
    idle = add(people)
    watched = add(people)
    watched.conns["a connection"] = None
    computer = add([{"kind": "bot", "agent": "random"}, {"kind": "open"}])
    computer.thinking = True  # thinking: never evicted
    clock.now = 5
    recent = [add(people) for _ in range(3)]
    assert hub.sweep() == 3  # over the cap of 3: the least recently used unused tables leave
    assert set(hub.rooms) == {watched.info.id, computer.info.id, recent[-1].info.id}
    assert idle.info.id not in hub.rooms
    clock.now = 16
    assert hub.sweep() == 1  # idle for 10 s
    assert set(hub.rooms) == {watched.info.id, computer.info.id}
