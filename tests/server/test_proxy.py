"""Client addresses and several instances behind a reverse proxy (nginx, from the template in
deploy/nginx/lapilli.conf), all on 127.0.0.1.

Every per-address limit keys on the client's address.  A server trusts X-Forwarded-For only
from the proxy addresses it is given (``--trusted-proxies``); nginx replaces whatever a client
sent in that header with the address the client connected from.  Clients of these tests take
different loopback source addresses (127.0.0.2, 127.0.0.3, ...) to be different clients; every
service listens on 127.0.0.1 only."""
from __future__ import annotations

import json
import re
import time

import httpx
import pytest
from websockets.sync.client import connect

from lapilli.testing.server import ServerProcess


def _table(url: str) -> str:
    r = httpx.post(f"{url}/api/tables", json={"game": "nim", "players": 2, "options": {"pile": 15}})
    assert r.status_code == 200, r.text
    return r.json()["id"]


def _first(ws) -> dict:
    return json.loads(ws.recv(timeout=10))


def _refused_as(ws) -> str | None:
    """The address a socket refused for its address's cap was counted under (None: accepted)."""
    m = _first(ws)
    if m.get("type") == "error" and "too many connections from" in m["message"]:
        return re.search(r"too many connections from (\S+) ", m["message"]).group(1)
    return None


def test_direct_client_forging_forwarded_for_is_counted_under_its_own_address(tmp_path):
    """By default a server trusts no proxy: a client that connects to it directly (here from
    127.0.0.1, which uvicorn trusts unless told otherwise) and claims another address in
    X-Forwarded-For is counted under the address it connected from."""
    with ServerProcess(tmp_path, "direct", f"sqlite:///{tmp_path}/d.db", LAPILLI_MAX_SOCKETS_PER_ADDRESS=1) as srv:
        tid = _table(srv.url)
        with connect(f"{srv.ws}/ws/{tid}", additional_headers={"X-Forwarded-For": "203.0.113.7"}) as first:
            assert _refused_as(first) is None
            with connect(f"{srv.ws}/ws/{tid}", additional_headers={"X-Forwarded-For": "203.0.113.8",
                                                                   "X-Real-IP": "203.0.113.8"}) as second:
                assert _refused_as(second) == "127.0.0.1"


def test_clients_through_the_proxy_are_counted_under_their_own_addresses(tmp_path):
    """Behind nginx every connection to the server comes from 127.0.0.1; the server trusts that
    address to name the client.  Two clients (127.0.0.2 and 127.0.0.3) are counted apart, and a
    client claiming another address in X-Forwarded-For is still counted under its own: nginx
    replaces the header."""
    from lapilli.testing.proxy import Nginx

    with ServerProcess(tmp_path, "one", f"sqlite:///{tmp_path}/p.db", args=("--trusted-proxies", "127.0.0.1"),
                       LAPILLI_MAX_SOCKETS_PER_ADDRESS=1, LAPILLI_CREATE_RATE="1/minute") as srv, Nginx(tmp_path, [srv.port]) as proxy:
        tid = _table(proxy.url)
        url = f"{proxy.ws}/ws/{tid}"
        with connect(url, source_address=("127.0.0.2", 0)) as a, connect(url, source_address=("127.0.0.3", 0)) as b:
            assert _refused_as(a) is None and _refused_as(b) is None
            with connect(url, source_address=("127.0.0.2", 0),
                         additional_headers={"X-Forwarded-For": "203.0.113.9", "X-Real-IP": "203.0.113.9"}) as again:
                assert _refused_as(again) == "127.0.0.2"
        # and the per-address rate of table creation: 127.0.0.4 used its own, 127.0.0.5 has all of its own
        with httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.4")) as c4, \
                httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.5")) as c5:
            body = {"game": "nim", "players": 2, "options": {"pile": 15}}
            assert c4.post(f"{proxy.url}/api/tables", json=body).status_code == 200
            again = c4.post(f"{proxy.url}/api/tables", json=body, headers={"X-Forwarded-For": "203.0.113.10"})
            assert again.status_code == 429 and "from 127.0.0.4:" in again.json()["error"]
            assert c5.post(f"{proxy.url}/api/tables", json=body).status_code == 200


def _state(ws, version: int) -> dict:
    """The next view at ``version`` or later (presence updates at an older version skipped)."""
    while True:
        m = json.loads(ws.recv(timeout=15))
        if m["type"] == "state" and m["version"] >= version:
            return m


@pytest.mark.slow
def test_a_game_across_two_instances_through_the_proxy(tmp_path, postgres_url, redis_url):
    """PostgreSQL, Redis, two instances and nginx: both seats connect through the proxy, each
    lands on a different instance (least_conn: the second socket goes to the instance without
    one; nginx's log says which served), and the game is played to its end, every move seen by
    both seats."""
    from lapilli.testing.proxy import Nginx

    trust = ("--trusted-proxies", "127.0.0.1")
    with ServerProcess(tmp_path, "A", postgres_url, redis_url, args=trust) as a_srv, \
            ServerProcess(tmp_path, "B", postgres_url, redis_url, args=trust) as b_srv, \
            Nginx(tmp_path, [a_srv.port, b_srv.port]) as proxy:
        tid = _table(proxy.url)
        tokens = [httpx.post(f"{proxy.url}/api/tables/{tid}/seats/{s}", json={"name": n}).json()["token"]
                  for s, n in ((0, "ann"), (1, "bob"))]
        seen: list[list[int]] = [[], []]
        with connect(f"{proxy.ws}/ws/{tid}?token={tokens[0]}") as s0:
            views = [_state(s0, 0)]
            with connect(f"{proxy.ws}/ws/{tid}?token={tokens[1]}") as s1:
                socks = [s0, s1]
                views.append(_state(s1, 0))
                version = 0
                while "result" not in views[0]:
                    mover = next(s for s in (0, 1) if views[s]["legal"])
                    assert "take 1" in views[mover]["legal"]
                    socks[mover].send(json.dumps({"type": "act", "action": "take 1", "version": version}))
                    version += 1
                    for s in (0, 1):
                        views[s] = _state(socks[s], version)
                        seen[s].append(views[s]["version"])
                        assert views[s]["observation"]["pile"] == 15 - version
        assert version == 15 and "result" in views[1]
        assert seen[0] == seen[1] == list(range(1, 16))
        # both sockets are closed, so nginx logs them (as it ends each): one on each instance
        end = time.monotonic() + 10
        while len(served := proxy.upstreams(f"/ws/{tid}")) < 2 and time.monotonic() < end:
            time.sleep(0.05)
        assert sorted(served) == sorted([f"127.0.0.1:{a_srv.port}", f"127.0.0.1:{b_srv.port}"]), served
        # the access log names the table, never a seat's token
        assert not any(token in proxy.access_log.read_text() for token in tokens)
