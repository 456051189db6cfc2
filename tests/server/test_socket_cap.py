"""WebSockets per client address are capped, so one client cannot take every file descriptor of
the server (and with them every other table); `lapilli serve` raises its descriptor limit as far
as it is allowed.  Each test runs a real `lapilli serve` on 127.0.0.1."""
from __future__ import annotations

import contextlib
import json
import resource
import socket

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from lapilli.testing.server import ServerProcess

from .support import http_join, http_table, recv_state, wait_for


def _close_code(ws) -> int:
    with pytest.raises(ConnectionClosed) as closed:
        ws.recv(timeout=20)
    return closed.value.rcvd.code


def test_sockets_beyond_the_cap_per_address_are_refused(tmp_path):
    S = ServerProcess(tmp_path, "S", f"sqlite:///{tmp_path / 'cap.db'}", LAPILLI_MAX_SOCKETS_PER_ADDRESS=5)
    held_open = contextlib.ExitStack()  # the five sockets held open, each closed on the way out
    held = []
    try:
        watched, played = http_table(S.url), http_table(S.url)
        token = http_join(S.url, played, 0)
        for _ in range(5):
            held.append(held_open.enter_context(connect(f"{S.ws}/ws/{watched}")))
            assert recv_state(held[-1])["type"] == "state"
        for _ in range(3):  # the sixth, seventh and eighth from the same address
            with connect(f"{S.ws}/ws/{watched}") as extra:
                msg = json.loads(extra.recv(timeout=20))
                # not fatal: the page keeps its seat token and connects again after a pause
                assert msg["type"] == "error" and not msg.get("fatal"), msg
                assert "too many connections from 127.0.0.1 (at most 5 at once)" in msg["message"], msg
                assert _close_code(extra) == 4429
        # another address (the source 127.0.0.2 of the loopback network) still gets its seat
        sock = socket.create_connection(("127.0.0.1", S.port), source_address=("127.0.0.2", 0))
        with connect(f"{S.ws}/ws/{played}?token={token}", sock=sock) as seat:
            assert recv_state(seat)["seat"] == 0
            seat.send(json.dumps({"type": "ping"}))
            while json.loads(seat.recv(timeout=10))["type"] != "pong":
                pass
        # a socket that closes frees its place
        held.pop().close()

        def taken():
            with connect(f"{S.ws}/ws/{watched}") as ws:
                return json.loads(ws.recv(timeout=20))["type"] == "state"

        wait_for(taken, "a socket is taken again once one of the five closed", timeout=20, every=0.2)
        # the cap biting is told once in the log, not once per refused socket, and with no traceback
        log = S.text()
        assert log.count("too many connections from 127.0.0.1") == 1, log[-3000:]
        assert "Traceback" not in log, log[-3000:]
    finally:
        held_open.close()
        S.stop()


def test_serve_raises_its_descriptor_limit(tmp_path):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard <= 256:
        pytest.fail(f"this test needs a hard descriptor limit above 256 (it is {hard})")
    # the server starts with a low soft limit (set in its own process only: this one may hold
    # more descriptors than that already)
    S = ServerProcess(tmp_path, "S", f"sqlite:///{tmp_path / 'fd.db'}",
               preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard)))
    try:
        limits = open(f"/proc/{S.proc.pid}/limits").read()
        line = next(x for x in limits.splitlines() if x.startswith("Max open files"))
        assert line.split()[3] != "256", line
        assert int(line.split()[3]) == hard or hard == resource.RLIM_INFINITY, line
    finally:
        S.stop()
