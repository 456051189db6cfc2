"""Server settings from the environment, with embedded defaults (SQLite, one process)."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path


def _default_db() -> str:
    base = Path(os.environ.get("LAPILLI_HOME", Path.home() / ".lapilli"))
    base.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{base / 'lapilli.db'}"


def _env(name: str, default, kind=float):
    return lambda: kind(os.environ.get(name) or default)


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
    # seconds a computer move is shown before the next one when a person is seated
    bot_pace: float = field(default_factory=lambda: float(os.environ.get("LAPILLI_BOT_PACE", "1.5")))
    max_message_bytes: int = 16_384
    max_messages_per_second: float = field(default_factory=_env("LAPILLI_MAX_MESSAGES_PER_SECOND", 20.0))
    instance: str = field(default_factory=lambda: os.environ.get("LAPILLI_INSTANCE", f"pid{os.getpid()}"))
    # sends: a connection whose messages wait longer than this, or pile up beyond the queue, is
    # closed (code 1013), so it never holds up the other connections of its table
    send_timeout: float = field(default_factory=_env("LAPILLI_SEND_TIMEOUT", 5.0))
    send_queue: int = field(default_factory=_env("LAPILLI_SEND_QUEUE", 64, int))
    # memory: a table with no connection and no computer to move leaves memory after this many
    # idle seconds, and the least recently used of them leave as soon as more than max_tables
    # are loaded; they are read back from storage when asked for
    idle_seconds: float = field(default_factory=_env("LAPILLI_IDLE_SECONDS", 300.0))
    max_tables: int = field(default_factory=_env("LAPILLI_MAX_TABLES", 1000, int))
    # start-up: tables whose computer is to move are resumed this many at a time
    resume_batch: int = field(default_factory=_env("LAPILLI_RESUME_BATCH", 50, int))
    # limits: table creation per client address (a `limits` rate string), and request bodies
    create_rate: str = field(default_factory=_env("LAPILLI_CREATE_RATE", "20/minute", str))
    max_body_bytes: int = field(default_factory=_env("LAPILLI_MAX_BODY_BYTES", 65_536, int))
    # outages: the longest wait between two attempts to reach Redis or to store a computer's move
    retry_max_seconds: float = field(default_factory=_env("LAPILLI_RETRY_MAX_SECONDS", 5.0))
    # tests only: POST /api/tables may then choose the seed (LAPILLI_TEST_SEEDS=1); otherwise the
    # server alone draws every seed, and nobody can know or choose the dice
    test_seeds: bool = field(default_factory=lambda: os.environ.get("LAPILLI_TEST_SEEDS") == "1")
    datasets: list = field(default_factory=list)  # DataSets tables may pick besides each game's own (--data)
