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
    bot_workers: int = field(default_factory=lambda: int(os.environ.get("LAPILLI_BOT_WORKERS", "1")))
    max_message_bytes: int = 16_384
    max_messages_per_second: float = 20.0
    instance: str = field(default_factory=lambda: os.environ.get("LAPILLI_INSTANCE", f"pid{os.getpid()}"))
    datasets: list = field(default_factory=list)  # DataSets tables may pick besides each game's own (--data)
