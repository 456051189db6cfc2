"""Live tables: the engine state of each table in memory, its connections, its computer seats.

This module holds a connection's send queue (``Conn``), a table in memory with its views
(``Room``) and ``Hub``, the facade the routes and the WebSocket talk to.  The hub does little
itself: it wires the parts that do the work, each in a module of its own (docs/server.md):
``registry`` (which tables are in memory), ``referee`` (the one place a step is stored and
applied), ``presence`` (who is connected, here and on other instances), ``watchers`` (clocks,
ratings, notices, computer seats); ``Hub.broadcast`` sends each connection its view.

Every change goes: check the seat -> the engine validates and applies on a copy -> the step is
stored in the transaction that advances the table's version -> the copy becomes the table's
state -> each connection gets its own seat's view (spectators the public one).

What keeps it standing:
- each connection has its own bounded queue and writer: a send that waits longer than the send
  timeout, or a queue that fills, closes that connection (code 1013), never the table;
- a view is serialized once per seat and change (every spectator shares one text), and a new
  connection gets its own view only (the others hear of it when the seats present change: a
  client that keeps its view by a small presence message; fanout.py);
- a step that cannot be stored (the database does not answer) is refused with a message, and the
  table is re-read once the database answers again; a computer's move is retried until stored,
  the version guard of the store making sure one decision is stored once;
- a table with no connection and no computer to move leaves memory after an idle time (or when
  too many are loaded) and is read back from storage when asked for.
"""
from __future__ import annotations

import asyncio
import functools
import inspect
import logging
import time
from typing import Any, Awaitable, Callable

from .bots import BotPool
from .faults import NOT_STARTED, STORAGE_DOWN, STORAGE_ERRORS, ActionRefused, StorageUnavailable  # noqa: F401
from .fanout import (BOARDS, Conn, Room, dumps, has_board, log_entries, players,  # noqa: F401 (re-exported)
                     result, seat_label, seat_labels, with_chance_words)
from .presence import Presence
from .chat import TableChat
from .proposals import UndoProposals
from .pubsub import PubSub
from .referee import Referee
from .registry import TableRegistry
from .store import Store
from .watchers import ComputerSeats, Notices, Ratings, TableClocks

log = logging.getLogger("lapilli.server")

SLOW_CLOSE = 1013  # "try again later": the connection did not read its messages in time


def _to(part: str, method: Callable) -> Callable:
    """A hub method that calls ``method`` of the hub's part ``part`` (its docstring, its
    signature)."""
    name = method.__name__
    if inspect.iscoroutinefunction(method):
        @functools.wraps(method)
        async def call(self, *args, **kwargs):
            return await getattr(getattr(self, part), name)(*args, **kwargs)
    else:
        @functools.wraps(method)
        def call(self, *args, **kwargs):
            return getattr(getattr(self, part), name)(*args, **kwargs)
    return call


class Hub:
    """The live tables of this server, as the routes and the WebSocket see them: one object
    that wires the parts doing the work and answers for them (each method below names its
    part).  The parts reach one another through the hub."""

    PEEKED = TableRegistry.PEEKED

    def __init__(self, store: Store, bots: BotPool, pubsub: PubSub, settings=None,
                 clock: Callable[[], float] = time.monotonic, datasets=()):
        from .config import Settings

        self.store = store
        self.bots = bots
        self.pubsub = pubsub
        self.settings = settings or Settings()
        self.clock = clock  # monotonic seconds: idle times, last use
        self.closing = False
        self._tasks: set[asyncio.Task] = set()
        self._broadcasts = 0  # broadcasts begun (one may begin inside another: Hub.broadcast)
        # awaited once after the step that ends a game is stored, before anyone is shown the end
        # (the server's ratings), and by retry_ratings for a finished table whose ratings are
        # still pending; true when it changed something.  A failure there is logged and never
        # undoes the stored move (the ratings stay pending and are retried)
        self.on_finish: Callable[[Room], Awaitable[Any]] | None = None
        self.registry = TableRegistry(self, datasets)
        self.referee = Referee(self)
        self.presence = Presence(self)
        self.clocks = TableClocks(self)
        self.ratings = Ratings(self)
        self.notices = Notices(self)
        self.computers = ComputerSeats(self)
        self.chat = TableChat(self)
        self.proposals = UndoProposals(self)

    @property
    def rooms(self) -> dict[str, Room]:
        """The tables loaded in memory, by id (the registry's)."""
        return self.registry.rooms

    @property
    def peeked(self):
        """The read-only tables ``peek`` keeps (the registry's)."""
        return self.registry.peeked

    @property
    def mailer(self):
        """What sends notices by e-mail (None: no mail server)."""
        return self.notices.mailer

    @property
    def notify_limit(self):
        """Addresses given for notices per client address (/notify, sign-up): the notices' limit."""
        return self.notices.notify_limit

    def spawn(self, coro) -> asyncio.Task:
        """Run ``coro`` on its own; cancelled when the hub closes."""
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # the table registry: which tables are in memory
    dataset_for = _to("registry", TableRegistry.dataset_for)
    room = _to("registry", TableRegistry.room)
    _build = _to("registry", TableRegistry.build)
    peek = _to("registry", TableRegistry.peek)
    in_memory = _to("registry", TableRegistry.in_memory)
    info = _to("registry", TableRegistry.info)
    evictable = _to("registry", TableRegistry.evictable)
    sweep = _to("registry", TableRegistry.sweep)
    sweeper = _to("registry", TableRegistry.sweeper)
    resume = _to("registry", TableRegistry.resume)

    # the referee: steps stored and applied, and the steps and seat changes of other instances
    act = _to("referee", Referee.act)
    undo = _to("referee", Referee.undo)
    concede = _to("referee", Referee.concede)
    on_remote_change = _to("referee", Referee.on_remote_change)
    refresh_info = _to("referee", Referee.refresh_info)
    _heal = _to("referee", Referee._heal)

    # presence: connections, seat grace, who is connected on the other instances
    attach = _to("presence", Presence.attach)
    detach = _to("presence", Presence.detach)
    reclaim = _to("presence", Presence.reclaim)
    on_presence = _to("presence", Presence.on_presence)
    presence_watch = _to("presence", Presence.presence_watch)

    async def resync(self) -> None:
        """Redis came back after an outage: say again who is connected here and ask the others
        (presence), then bring the tables behind up to date (referee)."""
        self.presence.after_outage()
        await self.referee.resync()

    # the table chat and undo by agreement
    say = _to("chat", TableChat.say)
    on_chat = _to("chat", TableChat.on_remote)
    propose_undo = _to("proposals", UndoProposals.propose)
    answer_undo = _to("proposals", UndoProposals.answer)
    on_undo = _to("proposals", UndoProposals.on_remote)

    # fan-out
    def broadcast(self, room: Room, presence: bool = False, skip: Conn | None = None) -> None:
        """Queue the current view to every connection (but ``skip``): serialized once per seat.
        ``presence``: only the seats present changed, so a client that keeps its view and has
        the current position is sent the small presence message instead (Room.presence_for).
        An undo proposed before the table's last step ends first (proposals.py)."""
        if room.proposal is not None:
            self.proposals.check(room)
        self._broadcasts += 1
        mine, texts = self._broadcasts, room.texts_now()  # which texts are current: once, not per connection
        for conn in list(room.conns):
            if conn is not skip:
                if self._broadcasts != mine:  # a connection closed meanwhile told the others: the texts moved on
                    mine, texts = self._broadcasts, room.texts_now()
                conn.send(room.presence_for(conn, texts) if presence else room.text_for(conn, texts=texts))
        self.presence.watch_grace(room)

    # the watchers: clocks, ratings, notices, computer seats
    now = _to("clocks", TableClocks.now)
    sync_clock = _to("clocks", TableClocks.sync_clock)
    check_clocks = _to("clocks", TableClocks.check_clocks)
    clock_watch = _to("clocks", TableClocks.clock_watch)
    retry_ratings = _to("ratings", Ratings.retry_ratings)
    rating_watch = _to("ratings", Ratings.rating_watch)
    notice_address_allowed = _to("notices", Notices.notice_address_allowed)
    ask_confirmation = _to("notices", Notices.ask_confirmation)
    notify = _to("notices", Notices.notify)
    schedule_bot = _to("computers", ComputerSeats.schedule)

    async def close(self) -> None:
        self.closing = True
        for t in list(self._tasks):
            t.cancel()
