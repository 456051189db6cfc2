"""What a move costs the server to fan out: compression only when asked for, views serialized
once and shared, a reconnect telling the others only what changed, finished tables' caches
bounded."""
from __future__ import annotations

import websockets.sync.client as ws_client

from lapilli.testing.server import ServerProcess


def _extensions(server: ServerProcess) -> str:
    """The extensions the server agreed to for a client that offers permessage-deflate."""
    with ws_client.connect(f"{server.ws}/ws/none", compression="deflate") as ws:
        ws.recv(timeout=30)  # "no table": the handshake is what is looked at
        return ws.response.headers.get("Sec-WebSocket-Extensions", "")


def test_websocket_compression_only_when_asked_for(tmp_path):
    """Compressing every message for every connection cost most of the server's time at a table
    with many spectators: off by default, on with LAPILLI_WS_DEFLATE=1."""
    with ServerProcess(tmp_path, "plain", f"sqlite:///{tmp_path}/a.db") as server:
        assert "permessage-deflate" not in _extensions(server)
    with ServerProcess(tmp_path, "deflate", f"sqlite:///{tmp_path}/b.db", LAPILLI_WS_DEFLATE="1") as server:
        assert "permessage-deflate" in _extensions(server)
