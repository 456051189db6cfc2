"""Fan-out between server instances through Redis publish/subscribe.

When an instance stores a step it publishes ``{"table": id, "version": v, "from": instance}``;
every other instance reloads the new steps of that table from the database and pushes fresh
views to its own connections.  A change of seats without a step (a person sits down, a computer
takes a seat whose time ran out, a person takes their seat back) adds ``"seats": true``, and the
others read the table's seats and clock again.  A chat line kept by an instance goes on the same
channel as ``{"table": id, "chat": line, "from": instance}`` (chat.py), and so do undo proposals
and the answers to them (``"undo"``, ``"undo_answer"``: proposals.py).  Without a Redis URL (one process) this is a no-op.

Redis may go away: the listener then logs the outage and tries again with a growing pause
(0.1 s doubling up to ``retry_max`` seconds, retry.py).  Messages published meanwhile are lost, so once it
is subscribed again it calls ``on_reconnect``, which re-reads the versions of the open tables.
A publish that fails is logged and dropped for the same reason: the step is already stored.

Presence goes on a second channel, so that who is connected where is shared by every instance
(seat grace, ``Hub.on_presence``).  Each message is ``{"from": instance, ...}`` with one of:
``"t": {table: [seats]}``, the seats that have a connection to this instance at those tables (all
of them: a seat not listed has none here), sent when a seat gets its first connection or loses its
last one here, every heartbeat, and when asked; ``"ask": [tables]`` (or null: every table), asking
the others to say who is connected to them there (sent when a table is loaded, and after the
listener reconnects); ``"bye": true``, this instance stops.  Presence messages go out one at a
time in the order they were made (a seat leaving is never overtaken by an older heartbeat); a
failed one is dropped, the next heartbeat saying it again.  The seats of an instance not heard
for three heartbeats (it crashed, or Redis is down) count as gone (``Room.expire``).

While Redis is unreachable, and after it comes back until every instance heard within the TTL
before the outage has spoken again (or the TTL has passed: it counts as stopped), this instance's
picture of who is connected elsewhere is incomplete: ``presence_unknown`` says so, and no
person's seat is handed to a computer meanwhile (a person connected to another instance would
look away).
"""
from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Awaitable, Callable

from ..words import server_said
from .retry import retrying

log = logging.getLogger("lapilli.server")
CHANNEL = "lapilli:tables"
PRESENCE = "lapilli:presence"
UNDO_KEY = "lapilli:undo:"  # + table:version, the undo proposal standing there (proposals.py)
OUTBOX = 1000  # presence messages waiting for Redis; beyond it they are dropped (the heartbeat repeats them)


class PubSub:
    def __init__(self, url: str | None, instance: str, retry_max: float = 5.0, presence_ttl: float = 60.0,
                 mono: Callable[[], float] = time.monotonic):
        self.url = url
        self.presence_ttl = presence_ttl
        self.mono = mono
        # presence completeness: when each other instance was last heard, since when the listener
        # is subscribed, and the instances heard before the last outage not heard again since
        self.last_heard: dict[str, float] = {}
        self.up_since: float | None = None
        self.awaited: set[str] = set()
        self.instance = instance
        self.retry_max = retry_max
        self._redis = None
        self._task: asyncio.Task | None = None
        self.connected = asyncio.Event()
        self.down_since: float | None = None
        self._outbox: asyncio.Queue | None = None
        self._sender: asyncio.Task | None = None
        self._presence_failing = False

    async def start(self, on_change: Callable[[str, int, bool], Awaitable[None]],
                    on_reconnect: Callable[[], Awaitable[None]] | None = None,
                    on_presence: Callable[[dict], None] | None = None,
                    on_chat: Callable[[str, dict], None] | None = None,
                    on_undo: Callable[[str, dict], None] | None = None) -> None:
        """Follow the other instances: ``on_change(table, version, seats)`` for their steps and
        seat changes, ``on_reconnect()`` once the listener is back after an outage, and
        ``on_presence(message)`` for their presence messages (the module's docstring), and
        ``on_chat(table, line)`` for the chat lines they kept, ``on_undo(table, message)`` for
        their undo proposals and the answers sent to this instance's (proposals.py)."""
        if not self.url:
            return
        import redis.asyncio as aioredis
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff

        self._redis = aioredis.from_url(self.url, socket_connect_timeout=2)
        # the listener's own connection does not reconnect behind our back: a silent reconnect
        # would hide the messages lost meanwhile
        self._listener = aioredis.from_url(self.url, socket_connect_timeout=2, retry=Retry(NoBackoff(), 0),
                                           health_check_interval=5)
        self._outbox = asyncio.Queue(OUTBOX)
        self._sender = asyncio.create_task(self._send_presence())
        self._task = asyncio.create_task(self._listen(on_change, on_reconnect, on_presence, on_chat, on_undo))
        try:  # the first subscription, so that a step published right after start-up is heard
            await asyncio.wait_for(self.connected.wait(), 5)
        except asyncio.TimeoutError:
            log.warning("Redis at %s does not answer yet; tables of other instances are not followed "
                        "until it does", self.url)

    async def _listen(self, on_change, on_reconnect, on_presence, on_chat=None, on_undo=None) -> None:
        """Subscribe and follow the other instances; when Redis does not answer or the
        subscription ends, subscribe again after a growing pause (retry.py), which starts from
        its first pause again once a subscription held."""
        async for attempt in retrying(self.retry_max, (Exception,), before_sleep=self._lost):
            with attempt:
                pubsub = self._listener.pubsub()
                try:
                    await pubsub.subscribe(CHANNEL, PRESENCE)
                    attempt.retry_state.attempt_number = 1  # subscribed: the next failure waits the first pause
                    self.up_since = self.mono()
                    self.connected.set()
                    if self.down_since is not None:
                        log.warning("Redis pub/sub back after %.1f s: re-reading the open tables",
                                    time.monotonic() - self.down_since)
                        self.down_since = None
                        if on_reconnect is not None:
                            try:
                                await on_reconnect()
                            except Exception:
                                log.exception("re-reading the open tables failed")
                    async for msg in pubsub.listen():
                        if msg.get("type") != "message":
                            continue
                        try:
                            data = json.loads(msg["data"])
                            if data.get("from") == self.instance:
                                continue
                            self._heard_from(data)
                            if msg.get("channel") in (PRESENCE, PRESENCE.encode()):
                                if on_presence is not None:
                                    on_presence(data)
                            elif "chat" in data:
                                if on_chat is not None:
                                    on_chat(str(data["table"]), dict(data["chat"]))
                            elif "undo" in data or "undo_answer" in data:
                                if on_undo is not None:
                                    on_undo(str(data["table"]), data)
                            else:
                                await on_change(data["table"], int(data["version"]), bool(data.get("seats")))
                        except Exception:  # a bad message, or a table that cannot be read now
                            log.exception("pub/sub message not handled")
                    raise ConnectionError("the subscription ended")
                finally:
                    try:
                        await pubsub.aclose()
                    except Exception:
                        pass

    def _lost(self, attempt) -> None:
        """The subscription failed or ended (before the pause that precedes the next one)."""
        self.connected.clear()
        if self.down_since is None:
            self.down_since = time.monotonic()
            self._outage_began()
            log.warning("Redis pub/sub lost (%s): other instances' moves are not followed; "
                        "retrying", attempt.outcome.exception().__class__.__name__)

    def _heard_from(self, data: dict) -> None:
        source = str(data.get("from"))
        if data.get("bye"):  # it stops: nothing more to hear from it
            self.last_heard.pop(source, None)
            self.awaited.discard(source)
        else:
            self.last_heard[source] = self.mono()
            self.awaited.discard(source)

    def _outage_began(self) -> None:
        """The instances that may have persons connected (heard within the TTL) are to be heard
        again before presence counts as known."""
        now = self.mono()
        self.awaited |= {s for s, t in self.last_heard.items() if now - t < self.presence_ttl}
        self.up_since = None

    def presence_unknown(self) -> str | None:
        """None when this instance knows who is connected to the other instances (or there are
        none: no Redis), else why not."""
        if self.url is None:
            return None
        if not self.connected.is_set() or self.up_since is None:
            return server_said("presence_unknown_down")
        if self.awaited:
            if self.mono() - self.up_since < self.presence_ttl:
                return server_said("presence_unknown_back")
            self.awaited.clear()  # silent for the TTL: they count as stopped (Room.expire)
        return None

    @property
    def publishes(self) -> bool:
        """Connected to Redis: a step is published (without Redis, nobody is told and no task is
        made for it)."""
        return self._redis is not None

    async def publish(self, table: str, version: int, seats: bool = False) -> None:
        if self._redis is None:
            return
        msg = {"table": table, "version": version, "from": self.instance}
        if seats:
            msg["seats"] = True
        try:
            await self._redis.publish(CHANNEL, json.dumps(msg))
        except Exception as e:  # the step is stored; the others re-read their tables when Redis is back
            log.warning("publish of table %s version %s failed (%s)", table, version, e.__class__.__name__)

    async def publish_chat(self, table: str, line: dict) -> None:
        """A chat line kept here, for the other instances' connections (lost while Redis is down:
        the line is kept, and a page that opens again is sent it)."""
        if self._redis is None:
            return
        try:
            await self._redis.publish(CHANNEL, json.dumps({"table": table, "chat": line, "from": self.instance}))
        except Exception as e:
            log.warning("publish of a chat line of table %s failed (%s)", table, e.__class__.__name__)

    async def publish_undo(self, table: str, msg: dict) -> None:
        """An undo proposal made here, or an answer to another instance's (proposals.py); lost
        while Redis is down (a copy elsewhere then ends when its time is up)."""
        if self._redis is None:
            return
        try:
            await self._redis.publish(CHANNEL, json.dumps({"table": table, **msg, "from": self.instance}))
        except Exception as e:
            log.warning("publish of an undo proposal of table %s failed (%s)", table, e.__class__.__name__)

    # ------------------------------------------------------------ the standing undo proposal
    # one key per table and position (its version): the proposal standing there, or how it ended
    @staticmethod
    def _undo_key(table: str, version: int) -> str:
        return f"{UNDO_KEY}{table}:{version}"

    async def claim_undo(self, table: str, version: int, proposal: dict, ms: int) -> dict | None:
        """Make ``proposal`` the one standing at this table and position, for ``ms`` milliseconds,
        unless one stands there already or ended there: None when claimed, else what is there
        (one of the two pages of a person on two instances proposing at once wins here).  Raises
        when Redis does not answer."""
        key = self._undo_key(table, version)
        if await self._redis.set(key, json.dumps(proposal), nx=True, px=ms):
            return None
        there = await self._redis.get(key)
        return json.loads(there) if there else {"ended": "expired"}

    async def keep_undo(self, table: str, version: int, value: dict, ttl: int | None = None) -> None:
        """The proposal standing at this position changed (a seat accepted: ``value``), or ended
        (``{"ended": why}``, kept ``ttl`` seconds so that it is not proposed again there)."""
        key = self._undo_key(table, version)
        if ttl is None:
            await self._redis.set(key, json.dumps(value), xx=True, keepttl=True)
        else:
            await self._redis.set(key, json.dumps(value), ex=ttl)

    async def standing_undo(self, table: str, version: int) -> tuple[dict, float] | None:
        """What stands at this table and position (a proposal, or how one ended) and its seconds
        left, or None; for an instance that loads the table."""
        async with self._redis.pipeline(transaction=False) as pipe:
            there, ms = await pipe.get(self._undo_key(table, version)).pttl(self._undo_key(table, version)).execute()
        return (json.loads(there), max(0, ms) / 1000) if there else None

    def announce(self, msg: dict) -> None:
        """Queue a presence message (module docstring); sent in order by one task."""
        if self._outbox is None:
            return
        try:
            self._outbox.put_nowait(dict(msg, **{"from": self.instance}))
        except asyncio.QueueFull:
            self._presence_failed(f"more than {OUTBOX} presence messages waiting")

    async def _send_presence(self) -> None:
        while True:
            text = json.dumps(await self._outbox.get(), separators=(",", ":"))
            try:
                await self._redis.publish(PRESENCE, text)
                self._presence_failing = False
            except Exception as e:  # the next heartbeat says it again; the others' TTL covers the rest
                self._presence_failed(e.__class__.__name__)

    def _presence_failed(self, why: str) -> None:
        if not self._presence_failing:  # once per outage, not once per message
            self._presence_failing = True
            log.warning("presence not shared with the other instances (%s); dropped until Redis answers", why)

    async def ping(self) -> str:
        """'ok', 'not used' (one process) or what went wrong."""
        if self._redis is None:
            return "not used"
        try:
            await asyncio.wait_for(self._redis.ping(), 2)
            return "ok" if self.connected.is_set() else "reachable, listener reconnecting"
        except Exception as e:
            return f"unreachable ({e.__class__.__name__})"

    async def stop(self) -> None:
        for task in (self._task, self._sender):
            if task is not None:
                task.cancel()
                try:
                    await task
                except (asyncio.CancelledError, Exception):
                    pass
        if self._redis is not None:
            try:  # the others count this instance's seats as gone at once, not after the TTL
                bye = json.dumps({"from": self.instance, "bye": True})
                await asyncio.wait_for(self._redis.publish(PRESENCE, bye), 2)
            except Exception:
                pass
            await self._redis.aclose()
            await self._listener.aclose()
