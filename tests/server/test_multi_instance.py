"""Real PostgreSQL and Redis on 127.0.0.1: storage races, and two server instances that work
together through Redis publish/subscribe."""
import json
import threading

import httpx
import pytest
from websockets.sync.client import connect

from lapilli.server.store import Conflict, Store

from .support import instances, nim_across, recv_state


@pytest.fixture
def pg_store(postgres_url):
    return Store(postgres_url)


def test_postgres_two_writers_one_wins(pg_store):
    tid = pg_store.create_table("nim", 2, {"pile": 15}, 1, [{"kind": "open"}, {"kind": "open"}])
    results = []
    barrier = threading.Barrier(8)

    def writer(i):
        barrier.wait()
        try:
            results.append(pg_store.append_step(tid, 0, "act", 0, f"take {1 + i % 3}"))
        except Conflict:
            results.append("conflict")

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count(1) == 1 and results.count("conflict") == 7
    assert len(pg_store.steps(tid)) == 1 and pg_store.get(tid).version == 1


@pytest.mark.slow  # two real instances on PostgreSQL and Redis
def test_two_instances_share_tables_through_redis(tmp_path, postgres_url, redis_url):
    with instances(tmp_path, postgres_url, redis_url, {}, {}) as (a_server, b_server):
        B, pa, pb = b_server.url, a_server.port, b_server.port
        tid, t0, t1 = nim_across(a_server, b_server)
        with connect(f"ws://127.0.0.1:{pa}/ws/{tid}?token={t0}") as a, \
                connect(f"ws://127.0.0.1:{pb}/ws/{tid}?token={t1}") as b:
            recv_state(a), recv_state(b)
            a.send(json.dumps({"type": "act", "action": "take 3"}))
            assert recv_state(a, 1)["observation"]["pile"] == 12
            vb = recv_state(b, 1)  # pushed by instance B after Redis told it
            assert vb["observation"]["pile"] == 12 and vb["legal"]
            # seat 1 moves twice at once, through both instances: one wins, the other is refused
            with connect(f"ws://127.0.0.1:{pa}/ws/{tid}?token={t1}") as b2:
                recv_state(b2)
                barrier = threading.Barrier(2)
                replies = {}

                def send(ws, action, key):
                    barrier.wait()
                    ws.send(json.dumps({"type": "act", "action": action, "version": 1}))
                    msgs = []
                    try:
                        while True:
                            msgs.append(json.loads(ws.recv(timeout=2)))
                    except TimeoutError:
                        pass
                    replies[key] = msgs

                ths = [threading.Thread(target=send, args=(b, "take 1", "b")),
                       threading.Thread(target=send, args=(b2, "take 2", "b2"))]
                for t in ths:
                    t.start()
                for t in ths:
                    t.join()
                errors = [m for msgs in replies.values() for m in msgs if m["type"] == "error"]
                assert len(errors) == 1, replies
                assert "changed" in errors[0]["message"]
            info = httpx.get(f"{B}/api/tables/{tid}").json()
            assert info["version"] == 2  # exactly one of the two moves was stored
            final = recv_state(a, 2)
            assert final["observation"]["pile"] in (10, 11) and final["version"] == 2
