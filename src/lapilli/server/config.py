"""Server settings from the environment, with embedded defaults (SQLite, one process)."""
from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable


def _default_db() -> str:
    base = Path(os.environ.get("LAPILLI_HOME", Path.home() / ".lapilli"))
    base.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{base / 'lapilli.db'}"


def _env(name: str, default, kind=float):
    return lambda: kind(os.environ.get(name) or default)


def _offset_clock(offset: str | None) -> Callable[[], float]:
    """The wall clock, or (tests only: LAPILLI_TEST_CLOCK_OFFSET seconds) one set that far off, to
    play an instance whose clock disagrees with the others'."""
    if not offset:
        return time.time
    shift = float(offset)
    return lambda: time.time() + shift


@dataclass
class Settings:
    database_url: str = field(default_factory=lambda: os.environ.get("LAPILLI_DATABASE_URL") or _default_db())
    redis_url: str | None = field(default_factory=lambda: os.environ.get("LAPILLI_REDIS_URL") or None)
    # computer seats: worker processes (default: one per core), and the hard cap of one move,
    # its level's time limit (or bot_untimed_limit for a level without one) plus bot_margin
    bot_workers: int = field(default_factory=lambda: int(os.environ.get("LAPILLI_BOT_WORKERS", "0"))
                             or os.cpu_count() or 1)
    bot_margin: float = 2.0
    # the coach's budget (reviews and hints, docs/coach.md): search iterations per decision and
    # determinizations per judged move, and the wall-clock cap of one review
    coach_iterations: int = field(default_factory=_env("LAPILLI_COACH_ITERATIONS", 150, int))
    coach_samples: int = field(default_factory=_env("LAPILLI_COACH_SAMPLES", 4, int))
    coach_limit: float = field(default_factory=_env("LAPILLI_COACH_LIMIT", 300.0))
    # the coach's worker processes (with more than one, reviews leave one free for live games'
    # hints), and the reviews and hints one client address may wait for at once (more: 429)
    coach_workers: int = field(default_factory=_env("LAPILLI_COACH_WORKERS", 2, int))
    coach_per_address: int = field(default_factory=_env("LAPILLI_COACH_PER_ADDRESS", 2, int))
    bot_untimed_limit: float = 5.0
    # seconds a disconnected person's seat is held before another player may hand it to a computer
    seat_grace: float = field(default_factory=lambda: float(os.environ.get("LAPILLI_SEAT_GRACE", "120")))
    # several instances (Redis): each re-announces the seats connected to it every this many
    # seconds; a seat another instance has not re-announced for presence_ttl counts as gone
    # (that instance stopped without saying so). Give every instance the same value.
    presence_heartbeat: float = field(default_factory=_env("LAPILLI_PRESENCE_HEARTBEAT", 20.0))
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
    # WebSockets open at once from one client address (behind a proxy: the address it forwards,
    # see trusted_proxies); more are refused with close code 4429
    max_sockets_per_address: int = field(default_factory=_env("LAPILLI_MAX_SOCKETS_PER_ADDRESS", 50, int))
    # reverse proxies (comma-separated addresses or networks, e.g. "127.0.0.1" or "10.0.0.0/8")
    # whose X-Forwarded-For / X-Forwarded-Proto are believed: a request from one of them is
    # counted under the client address the proxy names.  Empty (the default): none, every request
    # is counted under the address it came from, and a forwarded header is ignored (believing
    # it from anyone would let a client claim any address and escape every per-address limit)
    trusted_proxies: str = field(default_factory=_env("LAPILLI_TRUSTED_PROXIES", "", str))
    # heavy reads of finished games (replay steps, the finished list): computed in heavy_workers
    # threads, the answers kept up to replay_cache_bytes (least recently used dropped first), and
    # the ones that must be computed limited per client address (a `limits` rate string)
    heavy_workers: int = field(default_factory=_env("LAPILLI_HEAVY_WORKERS", 2, int))
    # replay steps computed in heavy_workers processes (not threads), so that a replay never holds
    # the interpreter from the event loop (LAPILLI_HEAVY_PROCESSES=0: threads)
    heavy_processes: bool = field(default_factory=lambda: os.environ.get("LAPILLI_HEAVY_PROCESSES", "1") != "0")
    heavy_read_rate: str = field(default_factory=_env("LAPILLI_HEAVY_READ_RATE", "120/minute", str))
    replay_cache_bytes: int = field(default_factory=_env("LAPILLI_REPLAY_CACHE_BYTES", 32 * 2**20, int))
    # /health writes a heartbeat row to show the database takes writes (a full disk, a read-only
    # file): at most once per this many seconds, every other request reading the last result
    health_probe_every: float = field(default_factory=_env("LAPILLI_HEALTH_PROBE_EVERY", 5.0))
    # outages: the longest wait between two attempts to reach Redis or to store a computer's move
    retry_max_seconds: float = field(default_factory=_env("LAPILLI_RETRY_MAX_SECONDS", 5.0))
    # tests only: POST /api/tables may then choose the seed (LAPILLI_TEST_SEEDS=1); otherwise the
    # server alone draws every seed, and nobody can know or choose the dice
    test_seeds: bool = field(default_factory=lambda: os.environ.get("LAPILLI_TEST_SEEDS") == "1")
    # accounts: sign-in and sign-up attempts per client address (`limits` rate strings); a (name,
    # address) pair with lockout_failures failed sign-ins within lockout_seconds waits until the
    # oldest leaves that window (the name stays open from other addresses); at most
    # hash_concurrency Argon2 hashes (64 MiB each) run at once and at most hash_waiting requests
    # wait for one (more answer 503); session cookies are Secure over HTTPS, or always with
    # LAPILLI_SECURE_COOKIES=1 (behind a proxy that ends TLS)
    signin_rate: str = field(default_factory=_env("LAPILLI_SIGNIN_RATE", "10/minute", str))
    signup_rate: str = field(default_factory=_env("LAPILLI_SIGNUP_RATE", "10/hour", str))
    hash_concurrency: int = field(default_factory=_env("LAPILLI_HASH_CONCURRENCY", 2, int))
    hash_waiting: int = field(default_factory=_env("LAPILLI_HASH_WAITING", 32, int))
    lockout_failures: int = field(default_factory=_env("LAPILLI_LOCKOUT_FAILURES", 5, int))
    lockout_seconds: float = field(default_factory=_env("LAPILLI_LOCKOUT_SECONDS", 900.0))
    secure_cookies: bool = field(default_factory=lambda: os.environ.get("LAPILLI_SECURE_COOKIES") == "1")
    datasets: list = field(default_factory=list)  # DataSets tables may pick besides each game's own (--data)
    # clocks: the server's wall clock (seconds since the epoch; tests inject their own, so that
    # no test sleeps), and how often each instance looks for a deadline that has passed
    now: Callable[[], float] = field(default_factory=lambda: _offset_clock(os.environ.get("LAPILLI_TEST_CLOCK_OFFSET")))
    clock_poll: float = field(default_factory=_env("LAPILLI_CLOCK_POLL", 0.5))
    # deadlines are judged by the database's clock: each instance measures how far its own clock
    # is from it at start-up and then every this many seconds (0: by its own clock only)
    clock_sync: float = field(default_factory=_env("LAPILLI_CLOCK_SYNC", 30.0))
    # ratings: how often each instance retries the rating changes of finished rated games that
    # could not be applied when they ended (the database did not answer); also once at start-up
    rating_retry: float = field(default_factory=_env("LAPILLI_RATING_RETRY", 30.0))
    # "your turn" e-mail: the SMTP server (smtp://[user:password@]host:port, smtps:// for TLS;
    # None: no e-mail), the sender, the address the links in a mail point to, and the least
    # seconds between two notices to one seat of one table
    smtp_url: str | None = field(default_factory=lambda: os.environ.get("LAPILLI_SMTP") or None)
    mail_from: str = field(default_factory=_env("LAPILLI_MAIL_FROM", "lapilli@localhost", str))
    public_url: str = field(default_factory=_env("LAPILLI_PUBLIC_URL", "http://127.0.0.1:8000", str))
    notice_every: float = 3600.0
    # an address gets notices once its owner followed the link of a confirmation mail, sent at
    # most once per confirm_every seconds; notices to one address per hour; addresses given for
    # notices (at a table or at sign-up) per client address (a `limits` rate string; more: 429)
    confirm_every: float = field(default_factory=_env("LAPILLI_CONFIRM_EVERY", 7 * 86_400.0))
    notices_per_address: int = field(default_factory=_env("LAPILLI_NOTICES_PER_ADDRESS", 10, int))
    notify_rate: str = field(default_factory=_env("LAPILLI_NOTIFY_RATE", "10/hour", str))

    @property
    def presence_ttl(self) -> float:
        return 3 * self.presence_heartbeat
