"""Server settings from the environment, with embedded defaults (SQLite, one process)."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path


def _default_db() -> str:
    base = Path(os.environ.get("LAPILLI_HOME", Path.home() / ".lapilli"))
    base.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{base / 'lapilli.db'}"


@dataclass
class Settings:
    database_url: str = field(default_factory=lambda: os.environ.get("LAPILLI_DATABASE_URL") or _default_db())
    redis_url: str | None = field(default_factory=lambda: os.environ.get("LAPILLI_REDIS_URL") or None)
    # computer seats: worker processes (default: one per core), and the hard cap of one move,
    # its level's time limit (or bot_untimed_limit for a level without one) plus bot_margin
    bot_workers: int = field(default_factory=lambda: int(os.environ.get("LAPILLI_BOT_WORKERS", "0"))
                             or os.cpu_count() or 1)
    bot_margin: float = 2.0
    bot_untimed_limit: float = 5.0
    # seconds a disconnected person's seat is held before another player may hand it to a computer
    seat_grace: float = field(default_factory=lambda: float(os.environ.get("LAPILLI_SEAT_GRACE", "120")))
    max_message_bytes: int = 16_384
    max_messages_per_second: float = 20.0
    instance: str = field(default_factory=lambda: os.environ.get("LAPILLI_INSTANCE", f"pid{os.getpid()}"))
    datasets: list = field(default_factory=list)  # DataSets tables may pick besides each game's own (--data)
