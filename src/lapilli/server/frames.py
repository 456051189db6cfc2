"""Whole WebSocket frames, built once and written to many connections.

Every spectator of a table (and every connection of one seat) is sent the same text; through the
ASGI interface each connection would encode and frame its own copy.  `lapilli serve` runs
uvicorn with ``FramedWebSockets``, its WebSocket protocol with one thing added: the ASGI scope
of a connection that negotiated no extension (no compression) carries a ``FrameWriter``, with
which ``fanout.Conn`` writes a frame built once per text (``text_frame``) straight to the
connection's socket.  A server's frames are never masked, so the bytes are the same for every
connection.  What the protocol keeps of the connection's state is left as it is: a frame is
written only while the connection is open and no close was sent or received, and a connection
whose socket does not take more (uvicorn pauses its writing) waits in its own queue as before.
"""
from __future__ import annotations

import struct

from websockets.protocol import State

EXTENSION = "lapilli.frames"  # the key of the scope's extensions that holds the FrameWriter


def text_frame(text: str) -> bytes:
    """``text`` as one final, unmasked WebSocket text frame (RFC 6455, section 5.2)."""
    data = text.encode()
    n = len(data)
    if n < 126:
        head = bytes((0x81, n))
    elif n < 65536:
        head = struct.pack("!BBH", 0x81, 126, n)
    else:
        head = struct.pack("!BBQ", 0x81, 127, n)
    return head + data


_built: dict[int, tuple[str, bytes]] = {}


def frame_of(text: str) -> bytes:
    """``text_frame(text)``, built once for the same text object however many connections are
    handed it (a broadcast hands every spectator the one text it cached); the few last texts
    are kept, each with its frame (the text kept alive, so its id names it alone)."""
    known = _built.get(id(text))
    if known is not None and known[0] is text:
        return known[1]
    if len(_built) >= 8:
        _built.clear()
    frame = text_frame(text)
    _built[id(text)] = (text, frame)
    return frame


class Closed(Exception):
    """The connection is closed or closing: nothing more is written to it."""


class FrameWriter:
    """Writes whole frames to one connection of ``FramedWebSockets``."""

    __slots__ = ("proto",)

    def __init__(self, proto):
        self.proto = proto

    def _check(self) -> None:
        p = self.proto
        if p.disconnected or p.close_sent or p.transport.is_closing() or p.conn.state is not State.OPEN:
            raise Closed()

    def write(self, frame: bytes) -> bool:
        """Write ``frame`` now if the socket takes more (True); False when uvicorn has paused
        the connection's writing (its buffer is full: the caller queues the frame).  Raises
        Closed when the connection is closed or closing."""
        self._check()
        if not self.proto.writable.is_set():
            return False
        self.proto.transport.write(frame)
        return True

    async def send(self, frame: bytes) -> None:
        """Write ``frame`` once the socket takes more (as uvicorn's own send waits)."""
        await self.proto.writable.wait()
        self._check()
        self.proto.transport.write(frame)


try:
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
except ImportError:  # pragma: no cover - uvicorn and websockets are dependencies
    FramedWebSockets = None
else:
    class FramedWebSockets(WebSocketsSansIOProtocol):
        """uvicorn's WebSocket protocol (websockets' sans-I/O one), whose connections without
        extensions offer the application a ``FrameWriter`` in their scope's extensions."""

        def handle_connect(self, event) -> None:
            super().handle_connect(event)
            scope = getattr(self, "scope", None)
            # the application's task, made by handle_connect, has not run yet
            if (scope is not None and not self.conn.extensions and self.response.status_code == 101
                    and all(hasattr(self, a) for a in ("writable", "transport", "close_sent", "disconnected"))):
                scope["extensions"][EXTENSION] = {"writer": FrameWriter(self)}


def uvicorn_options(settings) -> dict:
    """uvicorn's WebSocket options for ``settings``: its protocol with the FrameWriter, and
    compression only when ``ws_deflate`` asks for it (a compressed connection is sent its
    messages through the ASGI interface, each compressed on its own)."""
    return {"ws": FramedWebSockets or "auto", "ws_per_message_deflate": settings.ws_deflate}


def writer_of(ws) -> FrameWriter | None:
    """The FrameWriter of a Starlette WebSocket's connection, if its server offers one."""
    ext = (ws.scope.get("extensions") or {}).get(EXTENSION)
    return ext.get("writer") if ext else None


__all__ = ["EXTENSION", "Closed", "FrameWriter", "FramedWebSockets", "frame_of", "text_frame", "uvicorn_options",
           "writer_of"]
