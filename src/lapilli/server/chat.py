"""The table chat: lines said at a table, kept with it, shown to whoever may read them.

Who may read and write is the table's choice, made when it is created (``TableInfo.chat``):
"seats", the seated persons only; "watch", spectators read too; "open", spectators write too.
A line is cleaned before anything else sees it (control, format and direction characters taken
out, whitespace collapsed, cut at ``chat_max_chars``: clients show it as plain text), limited per
connection (``chat_burst``) and per client address (``chat_rate``), kept in the database with
the table and its ply (the record and the replay show it where spectators could read it), sent
to the connections here that may read it, and published on Redis so that the other instances
send it to theirs.  Muting a person is the reader's own choice, made and kept in their client.
"""
from __future__ import annotations

import itertools
import unicodedata
from typing import TYPE_CHECKING

from starlette.concurrency import run_in_threadpool

from .fanout import dumps
from .faults import refused
from .rates import PerAddress

if TYPE_CHECKING:
    from .fanout import Conn, Room
    from .hub import Hub

CHAT_MODES = ("seats", "watch", "open")
HISTORY = 100  # the last lines a connection is sent when it opens
KEEP_FORMAT = {"\u200d"}  # the zero-width joiner of emoji sequences: the one format character kept
_conn_ids = itertools.count(1)


def clean_text(text: str, cap: int) -> str:
    """``text`` as a chat line keeps it: every control, format (bidi overrides and isolates,
    zero-width marks), private-use, surrogate or unassigned character taken out, whitespace
    (newlines included) collapsed to single spaces, at most ``cap`` characters."""
    out = []
    for ch in text:
        cat = unicodedata.category(ch)
        if ch.isspace():
            out.append(" ")
        elif cat in ("Cc", "Cs", "Co", "Cn") or (cat == "Cf" and ch not in KEEP_FORMAT):
            continue
        else:
            out.append(ch)
    return " ".join("".join(out).split())[:cap]


def may_read(room: Room, seat: int | None) -> bool:
    return seat is not None or room.info.chat in ("watch", "open")


def may_write(room: Room, seat: int | None) -> bool:
    return seat is not None or room.info.chat == "open"


class TableChat:
    """Chat lines: said (checked, limited, kept, delivered), heard from other instances, and the
    history a connection is sent when it opens."""

    def __init__(self, hub: Hub):
        self.hub = hub
        settings = hub.settings
        self.per_address = PerAddress(settings.chat_rate)
        self.per_conn = PerAddress(settings.chat_burst)
        self.cap = settings.chat_max_chars

    async def say(self, room: Room, conn: Conn, address: str, text: str) -> None:
        """``conn``'s person says ``text`` at ``room``; ActionRefused says why not."""
        seat = conn.seat
        if not may_write(room, seat):
            raise refused("chat_players_only")
        line = clean_text(text, self.cap)
        if not line:
            raise refused("chat_empty")
        key = getattr(conn, "chat_key", None)
        if key is None:
            key = conn.chat_key = f"conn{next(_conn_ids)}"
        if self.per_conn.hit(key) is not None or self.per_address.hit(address) is not None:
            raise refused("chat_too_fast")
        name = room.info.seats[seat].name if seat is not None else ""
        kept = await run_in_threadpool(self.hub.store.add_chat, room.info.id, seat, name, line, len(room.acts),
                                       self.hub.now())
        self.deliver(room, [kept])
        self.hub.spawn(self.hub.pubsub.publish_chat(room.info.id, kept))

    def deliver(self, room: Room, lines: list[dict]) -> None:
        """Send ``lines`` to every connection here that may read the table's chat."""
        text = dumps({"type": "chat", "lines": lines})
        for conn, seat in list(room.conns.items()):
            if may_read(room, seat):
                conn.send(text)

    async def history(self, room: Room, conn: Conn) -> None:
        """A connection that opens is sent the chat's last lines, when it may read them."""
        if may_read(room, conn.seat):
            lines = await run_in_threadpool(self.hub.store.chat, room.info.id, HISTORY)
            if lines:
                conn.send(dumps({"type": "chat", "lines": lines}))

    def on_remote(self, tid: str, line: dict) -> None:
        """Another instance kept a line of a table: its connections here that may read it get it."""
        room = self.hub.rooms.get(tid)
        if room is not None:
            self.deliver(room, [line])
