"""The table's WebSocket (``/ws/{tid}``) and its published protocol (``GET /api/protocol.schema.json``).

Who may use them: anyone may read the schema and watch a table as a spectator; a seat's
connection needs that seat's token (``?token=``), and only a seat played by its person may act,
undo, concede or propose and answer an undo by agreement.  The chat is written by seats, and
read and written by spectators as far as the table allows (chat.py).  At most LAPILLI_MAX_SOCKETS_PER_ADDRESS sockets per client address at once.

Every client message is parsed into ``protocol.ClientMessage`` and handed to the one handler of
its model (``HANDLERS``); what the route needs comes from ``app.state``: ``hub``, ``store``,
``settings`` and ``sockets`` (the WebSockets open per client address, ``Sockets``)."""
from __future__ import annotations

import asyncio
import functools
import logging
import math
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from ... import words
from ...engine.errors import LapilliError
from .. import protocol
from ..faults import refused
from ..hub import SLOW_CLOSE, STORAGE_ERRORS, ActionRefused, Conn, Hub, StorageUnavailable
from ..frames import writer_of
from ..protocol import Act, AnswerUndo, Chat, Concede, Error, Ping, Pong, ProposeUndo, Sync, Undo
from ..rates import client_address
from ..store import NotFound

log = logging.getLogger("lapilli.server")
router = APIRouter()


def _refusal(e: ActionRefused | StorageUnavailable) -> Error:
    """The error message of a refused action, with its key and its words in every language (the
    server's own refusals and the engine's rule refusals all carry them)."""
    key = getattr(e, "key", None)
    return Error(type="error", message=e.message, rule=getattr(e, "rule", ""), words=getattr(e, "words", None) or {},
                 **({"key": key} if key else {}))


class Sockets:
    """The WebSockets open now per client address, and when the log last said an address
    reached its cap (LAPILLI_MAX_SOCKETS_PER_ADDRESS)."""

    def __init__(self):
        self.open: dict[str, int] = {}
        self.cap_told: dict[str, float] = {}


@dataclass
class Socket:
    """One table connection, as its handlers see it."""
    ws: WebSocket
    conn: Conn
    room: Any
    hub: Hub = field(repr=False)

    @property
    def seat(self) -> int | None:
        """The connection's seat: None for a spectator (one whose seat conceded included)."""
        return self.conn.seat

    def tell(self, message: protocol.BaseModel) -> None:
        self.conn.send(message.dump())

    def view(self, full: bool = False) -> None:
        self.conn.send(self.room.text_for(self.conn, full=full))


def _error(key: str, **fields) -> Error:
    """The ``error`` message that is the server's sentence ``key`` (lapilli.words.SERVER) in every
    language; ``rule`` and ``fatal`` among ``fields`` are the message's, the rest the sentence's."""
    extra = {k: fields.pop(k) for k in ("rule", "fatal") if k in fields}
    said = words.server_words(key, **fields)
    return Error(type="error", message=said["en"], words=said, key=key, **extra)


# ------------------------------------------------------------------ one handler per client message
async def ping(s: Socket, msg: Ping) -> None:
    s.tell(Pong(type="pong"))


async def sync(s: Socket, msg: Sync) -> None:
    s.view(full=True)


async def act(s: Socket, msg: Act) -> None:
    async def play():
        await s.hub.act(s.room, s.seat, msg.action, version=msg.version)

    await _move(s, play)


async def undo(s: Socket, msg: Undo) -> None:
    await _move(s, lambda: s.hub.undo(s.room, s.seat))


async def _move(s: Socket, step: Callable[[], Awaitable[None]]) -> None:
    """A step of the connection's seat: refused (an error, then the position again) when the
    connection holds no seat, a computer plays it now, or the table refuses it."""
    if s.seat is None:
        s.tell(_error("spectators_cannot_play"))
        return
    try:
        if s.room.info.seats[s.seat].kind != "human":
            raise refused("computer_plays_seat", seat=s.seat)
        await step()
    except (ActionRefused, StorageUnavailable) as e:
        s.tell(_refusal(e))
        s.view()
    except STORAGE_ERRORS:  # re-reading the table after a conflict failed
        s.tell(_error("storage_down", rule=""))
        s.view()


async def concede(s: Socket, msg: Concede) -> None:
    await _move(s, lambda: s.hub.concede(s.room, s.seat))


async def propose_undo(s: Socket, msg: ProposeUndo) -> None:
    await _move(s, lambda: s.hub.propose_undo(s.room, s.seat))


async def answer_undo(s: Socket, msg: AnswerUndo) -> None:
    await _move(s, lambda: s.hub.answer_undo(s.room, s.seat, msg.accept))


async def chat(s: Socket, msg: Chat) -> None:
    """A chat line: refused (an error, nothing else) when the connection may not write, the
    line is empty once cleaned, or it comes too fast (chat.py)."""
    try:
        await s.hub.say(s.room, s.conn, client_address(s.ws), msg.text)
    except (ActionRefused, StorageUnavailable) as e:
        s.tell(Error(type="error", message=e.message, words=e.words, key=e.key or None))
    except STORAGE_ERRORS:
        s.tell(_error("storage_down_chat"))


HANDLERS: dict[type, Callable[[Socket, Any], Awaitable[None]]] = {
    Act: act, Undo: undo, Sync: sync, Ping: ping, Chat: chat, Concede: concede, ProposeUndo: propose_undo,
    AnswerUndo: answer_undo}


async def handle(s: Socket, text: str) -> None:
    """Parse one client message and hand it to its handler; a refused one is told what is wrong
    (a refused move from a seat is followed by the position, as every refused move is)."""
    try:
        msg = protocol.parse_client(text)
    except protocol.Refused as e:
        s.tell(_error("bad_message", message=e.message))
        if e.kind in ("act", "undo", "concede", "propose_undo", "answer_undo") and s.seat is not None:
            s.view()
        return
    await HANDLERS[type(msg)](s, msg)


# ------------------------------------------------------------------ the routes
@router.get("/api/protocol.schema.json", response_class=Response,
            responses={200: {"description": "the JSON Schema of every message of /ws/{tid}, both ways",
                             "content": {"application/schema+json": {}}}})
def protocol_schema():
    """The JSON Schema (draft 2020-12) of the table WebSocket's messages, both ways
    (docs/protocol.md).  Public; computed once."""
    return Response(_schema_body(), media_type="application/schema+json")


@functools.cache
def _schema_body() -> bytes:
    return protocol.schema_text().encode("utf-8")


@router.websocket("/ws/{tid}")
async def ws_table(ws: WebSocket, tid: str, token: str = "", log: str = ""):
    """A seat's (``token``) or a spectator's connection to a table.  ``log=delta``: the
    client keeps the table log and is sent only the lines it does not have (Room.text_for).
    One client address holds at most LAPILLI_MAX_SOCKETS_PER_ADDRESS at once; a socket beyond
    is told so and closed (code 4429) before anything is read for it."""
    settings, sockets = ws.app.state.settings, ws.app.state.sockets
    address = ws.client.host if ws.client else "unknown"
    if sockets.open.get(address, 0) >= settings.max_sockets_per_address:
        await _refuse_socket(ws, address)
        return
    sockets.open[address] = sockets.open.get(address, 0) + 1
    try:
        await _table_socket(ws, tid, token, delta=log == "delta")
    finally:
        sockets.open[address] -= 1
        if sockets.open[address] <= 0:
            del sockets.open[address]


async def _refuse_socket(ws: WebSocket, address: str) -> None:
    """A socket beyond its address's cap: the log says so once a minute per address at most
    (a flood of sockets is one line, not one line each), the client is told why, not fatally
    (a page keeps its seat and connects again after a pause)."""
    settings, cap_told = ws.app.state.settings, ws.app.state.sockets.cap_told
    now = time.monotonic()
    if now - cap_told.get(address, -math.inf) >= 60:
        if len(cap_told) > 10_000:
            for a in [a for a, t in cap_told.items() if now - t >= 60]:
                del cap_told[a]
        cap_told[address] = now
        log.warning("too many connections from %s: WebSockets beyond %d at once are refused "
                    "(LAPILLI_MAX_SOCKETS_PER_ADDRESS; said at most once a minute per address)",
                    address, settings.max_sockets_per_address)
    try:
        await ws.accept()
        await ws.send_text(_error("too_many_sockets", address=address,
                                  most=settings.max_sockets_per_address).dump())
        await ws.close(4429)
    except Exception:  # the client went away meanwhile: nothing to tell
        pass


async def _closing(ws: WebSocket, code: int, key: str, fatal: bool = True, **params) -> None:
    """Tell the client why its connection ends (the server's sentence ``key``), then close it with ``code``."""
    await ws.send_text(_error(key, fatal=True if fatal else None, **params).dump())
    await ws.close(code)


async def _table_socket(ws: WebSocket, tid: str, token: str, delta: bool) -> None:
    await ws.accept()
    state = ws.app.state
    h, store, settings = state.hub, state.store, state.settings
    tid, token = tid[:64], token[:200]
    try:
        # a table not in memory that does not exist: told by the token's read of the table's
        # seats, or for a spectator by a read of the table before its load is queued
        seat = None
        if token:
            seat = await run_in_threadpool(store.seat_for_token, tid, token,
                                           table_must_exist=tid not in h.rooms)
            if seat is None:  # a computer stands in for the token's person: the seat goes back
                loaded = h.rooms.get(tid)
                if loaded is not None:
                    seat = await h.reclaim(loaded, token)
                else:
                    seat = await run_in_threadpool(store.reclaim_seat, tid, token, h.now())
                    if seat is not None:
                        await h.refresh_info(tid)  # the other instances hear of it
            if seat is None:
                await _closing(ws, 4403, "token_no_seat")
                return
        elif tid not in h.rooms:
            await h.info(tid)
        room = await h.room(tid)
    except NotFound:
        await _closing(ws, 4404, "no_table", tid=tid)
        return
    except (StorageUnavailable, *STORAGE_ERRORS):
        await _closing(ws, SLOW_CLOSE, "storage_down", fatal=False)
        return
    except LapilliError as e:  # a table this server cannot play (a data set it was not started with)
        await _closing(ws, 4400, "cannot_play_table", message=str(e))
        return
    conn = Conn(ws, seat, settings.send_timeout, settings.send_queue, delta=delta, frames=writer_of(ws))
    h.attach(room, conn)  # nothing awaited since room() returned: the table cannot have left memory
    s = Socket(ws, conn, room, h)
    h.proposals.show(room, conn)
    try:
        await h.chat.history(room, conn)
    except STORAGE_ERRORS:  # the chat's history waits for the next connection; the table plays on
        pass
    # a connection closed as too slow stops its reading at once: its writer (or a broadcast) cuts
    # the wait for the next message, which is a plain await (no task and no wait set per message)
    reader, reading, cut = asyncio.current_task(), False, False
    detach = conn.on_dead

    def stop_reading(c: Conn) -> None:
        nonlocal cut
        if detach is not None:
            detach(c)
        if reading and not cut:
            cut = True
            reader.cancel()

    conn.on_dead = stop_reading
    bucket, last = 2 * settings.max_messages_per_second, time.monotonic()
    try:
        while not conn.dead.is_set():
            reading = True
            try:
                frame = await ws.receive()
            except asyncio.CancelledError:
                if not cut:
                    raise
                reader.uncancel()
                break
            finally:
                reading = False
            if frame["type"] == "websocket.disconnect":
                break
            text = frame.get("text")
            now = time.monotonic()
            bucket = min(2 * settings.max_messages_per_second,
                         bucket + (now - last) * settings.max_messages_per_second)
            last = now
            if bucket < 1:
                s.tell(_error("too_many_messages"))
                continue
            bucket -= 1
            if text is None:
                s.tell(_error("binary_frame"))
                continue
            if len(text) > settings.max_message_bytes:
                s.tell(_error("message_too_large"))
                continue
            try:
                await handle(s, text)
            except WebSocketDisconnect:
                raise
            except Exception:  # a bug handling one message must not drop the connection
                log.exception("table %s: message %.200r failed", tid, text)
                s.tell(_error("server_failed"))
    except WebSocketDisconnect:
        pass
    finally:
        h.detach(room, conn)
        slow = conn.dead.is_set() and conn.why != "gone"
        conn.stop()
    if slow:  # waits for the client to take what is queued before it (or to go): only this handler
        try:
            await ws.close(SLOW_CLOSE, "too slow: messages were not read in time")
        except Exception:
            pass
