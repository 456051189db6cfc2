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
