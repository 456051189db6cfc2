"""Fan-out between server instances through Redis publish/subscribe.

When an instance stores a step it publishes ``{"table": id, "version": v, "from": instance}``;
every other instance reloads the new steps of that table from the database and pushes fresh
views to its own connections.  Without a Redis URL (one process) this is a no-op.
"""
from __future__ import annotations

import asyncio
import json
import logging
from typing import Awaitable, Callable

log = logging.getLogger("lapilli.server")
CHANNEL = "lapilli:tables"


class PubSub:
    def __init__(self, url: str | None, instance: str):
        self.url = url
        self.instance = instance
        self._redis = None
        self._task: asyncio.Task | None = None

    async def start(self, on_change: Callable[[str, int], Awaitable[None]]) -> None:
        if not self.url:
            return
        import redis.asyncio as aioredis

        self._redis = aioredis.from_url(self.url)
        pubsub = self._redis.pubsub()
        await pubsub.subscribe(CHANNEL)

        async def listen():
            async for msg in pubsub.listen():
                if msg.get("type") != "message":
                    continue
                try:
                    data = json.loads(msg["data"])
                    if data.get("from") != self.instance:
                        await on_change(data["table"], int(data["version"]))
                except Exception:  # a bad message must not stop the listener
                    log.exception("bad pub/sub message")

        self._task = asyncio.create_task(listen())

    async def publish(self, table: str, version: int) -> None:
        if self._redis is None:
            return
        await self._redis.publish(CHANNEL, json.dumps({"table": table, "version": version, "from": self.instance}))

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
        if self._redis is not None:
            await self._redis.aclose()
