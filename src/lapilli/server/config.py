"""Server settings: one typed class whose every field is read from its LAPILLI_* environment
variable (the field's name in capitals after the prefix, unless it names another), with embedded
defaults (SQLite, one process).

``Settings()`` reads the environment; ``Settings(field=value)`` sets fields directly (a value given
this way wins over the environment). A bad value stops construction with a ``ValidationError``;
:func:`explain_settings_error` turns it into one line that names the variable or option."""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Annotated, Any, Callable, Optional

from pydantic import Field, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

ENV_PREFIX = "LAPILLI_"


def _default_db() -> str:
    base = Path(os.environ.get("LAPILLI_HOME", Path.home() / ".lapilli"))
    base.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{base / 'lapilli.db'}"


def _offset_clock(shift: float) -> Callable[[], float]:
    """The wall clock, or (tests only: LAPILLI_TEST_CLOCK_OFFSET seconds) one set that far off, to
    play an instance whose clock disagrees with the others'."""
    if not shift:
        return time.time
    return lambda: time.time() + shift


def _option(name: str) -> dict:
    """The field is also the `lapilli serve` option ``name`` (its help is the field's description)."""
    return {"serve_option": name}


def _rate(description: str, default: str):
    return Field(default, description=description + " (a rate: COUNT/second|minute|hour|day, e.g. 10/minute)")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix=ENV_PREFIX,
        env_ignore_empty=True,  # VAR= (empty) means the default, as an unset variable
        validate_by_name=True,  # Settings(smtp_url=...) as well as the variable's own name
        validate_by_alias=True,
        arbitrary_types_allowed=True,  # DataSet, the clock
    )

    # where `lapilli serve` listens (and the default address of the links in e-mail)
    host: str = Field("127.0.0.1", description="address to listen on", json_schema_extra=_option("--host"))
    port: int = Field(8000, ge=0, le=65535, description="port", json_schema_extra=_option("--port"))
    database_url: str = Field(default_factory=_default_db, json_schema_extra=_option("--database"),
                              description="database URL (default: SQLite in ~/.lapilli, or in LAPILLI_HOME; e.g. "
                                          "postgresql+psycopg://...)")
    redis_url: Optional[str] = Field(None, description="Redis URL for several instances",
                                     json_schema_extra=_option("--redis"))
    # computer seats: worker processes (default: one per core), and the hard cap of one move,
    # its level's time limit (or bot_untimed_limit for a level without one) plus bot_margin
    bot_workers: int = Field(0, ge=0, json_schema_extra=_option("--bot-workers"),
                             description="worker processes for computer opponents (0, the default: one per core)")
    bot_margin: float = Field(2.0, description="seconds a computer move may run past its level's time limit")
    # the coach's budget (reviews and hints, docs/coach.md): search iterations per decision and
    # determinizations per judged move, and the wall-clock cap of one review
    coach_iterations: int = Field(150, description="the coach's search iterations per decision")
    coach_samples: int = Field(4, description="the coach's determinizations per judged move")
    coach_limit: float = Field(300.0, description="wall-clock seconds one review may take at most")
    # the coach's worker processes (with more than one, reviews leave one free for live games'
    # hints), and the reviews and hints one client address may wait for at once (more: 429)
    coach_workers: int = Field(2, description="the coach's worker processes")
    coach_per_address: int = Field(2, description="reviews and hints one client address may wait for at once")
    bot_untimed_limit: float = Field(5.0, description="seconds a computer move of a level without a time limit may take")
    # seconds a disconnected person's seat is held before another player may hand it to a computer
    seat_grace: float = Field(120.0, ge=0, json_schema_extra=_option("--seat-grace"),
                              description="seconds a disconnected person's seat is held before another player "
                                          "may hand it to a computer")
    # several instances (Redis): each re-announces the seats connected to it every this many
    # seconds; a seat another instance has not re-announced for presence_ttl counts as gone
    # (that instance stopped without saying so). Give every instance the same value.
    presence_heartbeat: float = Field(20.0, description="seconds between two announcements of an instance's "
                                                        "connected seats (several instances: the same on each)")
    # some games' rules force no end (two computers may undo and redo a move for ever): the
    # computer seats of a table where no person plays stop after this many decisions
    computer_only_moves: int = Field(5_000, ge=0, description="decisions after which a table of computers only "
                                     "stops (0: no limit)")
    # seconds a computer move is shown before the next one when a person is seated
    bot_pace: float = Field(1.5, json_schema_extra=_option("--bot-pace"),
                            description="seconds each computer move is shown before the next when a person is "
                                        "seated (0: no wait)")
    max_message_bytes: int = Field(16_384, description="the largest WebSocket message taken, in bytes")
    max_messages_per_second: float = Field(20.0, description="WebSocket messages one connection may send per second")
    # the table chat: lines per client address and per connection, and their length
    chat_rate: str = _rate("chat lines one client address may send at all its tables", "30/minute")
    chat_burst: str = _rate("chat lines one connection may send", "5/10 seconds")
    chat_max_chars: int = Field(300, ge=1, le=2000, description="the longest chat line kept, in characters "
                                                                  "(a longer one is cut)")
    undo_proposal_seconds: float = Field(60.0, gt=0, description="seconds an undo proposed at an unrated table "
                                                                 "waits for the other seats to accept it")
    instance: str = Field(default_factory=lambda: f"pid{os.getpid()}",
                          description="this instance's name among several (default: pid and its process id)")
    # sends: a connection whose messages wait longer than this, or pile up beyond the queue, is
    # closed (code 1013), so it never holds up the other connections of its table
    send_timeout: float = Field(5.0, description="seconds a message to a connection may wait before it is closed")
    send_queue: int = Field(64, description="messages that may wait for one connection before it is closed")
    ws_deflate: bool = Field(False, description="permessage-deflate on the WebSockets: off by default, since it "
                                                "cost most of the server's time per message with many connections "
                                                "at a table, and the web client is sent only what changed after "
                                                "its first view")
    # memory: a table with no connection and no computer to move leaves memory after this many
    # idle seconds, and the least recently used of them leave as soon as more than max_tables
    # are loaded; they are read back from storage when asked for
    idle_seconds: float = Field(300.0, description="idle seconds after which a table leaves memory")
    max_tables: int = Field(1000, description="tables kept in memory at most")
    # start-up: tables whose computer is to move are resumed this many at a time
    resume_batch: int = Field(50, description="tables resumed at once at start-up")
    # limits: table creation per client address (a `limits` rate string), and request bodies
    create_rate: str = _rate("tables one client address may create", "20/minute")
    max_body_bytes: int = Field(65_536, description="the largest request body taken, in bytes")
    # WebSockets open at once from one client address (behind a proxy: the address it forwards,
    # see trusted_proxies); more are refused with close code 4429
    max_sockets_per_address: int = Field(50, description="WebSockets open at once from one client address")
    # reverse proxies whose X-Forwarded-For / X-Forwarded-Proto are believed: a request from one of
    # them is counted under the client address the proxy names.  Empty (the default): none, every
    # request is counted under the address it came from and a forwarded header is ignored
    # (believing it from anyone would let a client claim any address and escape every limit)
    trusted_proxies: str = Field("", json_schema_extra=_option("--trusted-proxies"),
                                 description="reverse proxies whose X-Forwarded-For names the client: "
                                             "comma-separated addresses or networks, e.g. 127.0.0.1 "
                                             "(default: none, the header is ignored)")
    # heavy reads of finished games (replay steps, the finished list): computed in heavy_workers
    # threads, the answers kept up to replay_cache_bytes (least recently used dropped first), and
    # the ones that must be computed limited per client address (a `limits` rate string)
    heavy_workers: int = Field(2, description="workers computing heavy reads of finished games")
    # replay steps computed in heavy_workers processes (not threads), so that a replay never holds
    # the interpreter from the event loop (LAPILLI_HEAVY_PROCESSES=0: threads)
    heavy_processes: bool = Field(True, description="replay steps computed in processes (0: in threads)")
    heavy_read_rate: str = _rate("heavy reads one client address may have computed", "120/minute")
    learn_rate: str = _rate("tutorial moves one client address may have judged", "300/minute")
    replay_cache_bytes: int = Field(32 * 2**20, description="bytes of computed replays kept")
    # /health writes a heartbeat row to show the database takes writes (a full disk, a read-only
    # file): at most once per this many seconds, every other request reading the last result
    health_probe_every: float = Field(5.0, description="seconds between two write probes of /health")
    # outages: the longest wait between two attempts to reach Redis or to store a computer's move
    retry_max_seconds: float = Field(5.0, description="the longest wait between two attempts after an outage")
    # tests only: POST /api/tables may then choose the seed (LAPILLI_TEST_SEEDS=1); otherwise the
    # server alone draws every seed, and nobody can know or choose the dice
    test_seeds: bool = Field(False, description="tests only: a new table's seed may be chosen (1)")
    # accounts: sign-in and sign-up attempts per client address (`limits` rate strings); a (name,
    # address) pair with lockout_failures failed sign-ins within lockout_seconds waits until the
    # oldest leaves that window (the name stays open from other addresses); at most
    # hash_concurrency Argon2 hashes (64 MiB each) run at once and at most hash_waiting requests
    # wait for one (more answer 503); session cookies are Secure over HTTPS, or always with
    # LAPILLI_SECURE_COOKIES=1 (behind a proxy that ends TLS)
    signin_rate: str = _rate("sign-in attempts per client address", "10/minute")
    signup_rate: str = _rate("sign-ups per client address", "10/hour")
    hash_concurrency: int = Field(2, description="password hashes computed at once")
    hash_waiting: int = Field(32, description="requests that may wait for a password hash")
    lockout_failures: int = Field(5, description="failed sign-ins of a name from an address before it waits")
    lockout_seconds: float = Field(900.0, description="the window of lockout_failures, in seconds")
    secure_cookies: bool = Field(False, description="session cookies always Secure (1: behind a proxy ending TLS)")
    # data sets tables may pick besides each game's own: DataSets, or their specs as --data takes
    # them (DIR, GAME=DIR, GAME=NAME; in the variable, separated by spaces), loaded here
    datasets: Annotated[list, NoDecode] = Field(
        default_factory=list, json_schema_extra=_option("--data"),
        description="a data set tables may choose besides the game's own: DIR (written by `lapilli data export`), "
                    "or GAME=DIR, or GAME=NAME of a data set shipped with the game; repeatable (in the variable: "
                    "separated by spaces)")
    # clocks: the server's wall clock (seconds since the epoch; tests inject their own, so that
    # no test sleeps), and how often each instance looks for a deadline that has passed
    test_clock_offset: float = Field(0.0, description="tests only: seconds this instance's clock is set off")
    now: Optional[Callable[[], float]] = Field(None, description="the wall clock (tests inject their own)")
    clock_poll: float = Field(0.5, description="seconds between two looks for a passed deadline while a table "
                                                "this instance has loaded has a clock running")
    clock_idle: float = Field(5.0, description="seconds between two looks for a passed deadline otherwise (a "
                                               "clocked table no instance has loaded)")
    # deadlines are judged by the database's clock: each instance measures how far its own clock
    # is from it at start-up and then every this many seconds (0: by its own clock only)
    clock_sync: float = Field(30.0, description="seconds between two measures of the database's clock (0: never)")
    # ratings: how often each instance retries the rating changes of finished rated games that
    # could not be applied when they ended (the database did not answer); also once at start-up
    rating_retry: float = Field(30.0, description="seconds between two retries of unapplied rating changes")
    # "your turn" e-mail: the SMTP server (smtp://[user:password@]host:port, smtps:// for TLS;
    # None: no e-mail), the sender, the address the links in a mail point to, and the least
    # seconds between two notices to one seat of one table
    smtp_url: Optional[str] = Field(None, validation_alias="LAPILLI_SMTP", json_schema_extra=_option("--smtp"),
                                    description="SMTP server for \"your turn\" e-mail: smtp://HOST:PORT, "
                                                "smtps://HOST:PORT, with user:password@ to sign in (default: no e-mail)")
    mail_from: str = Field("lapilli@localhost", description="the sender of e-mail")
    public_url: Optional[str] = Field(None, json_schema_extra=_option("--public-url"),
                                      description="the address the links in e-mail point to (default http://HOST:PORT)")
    notice_every: float = Field(3600.0, description="the least seconds between two notices to one seat of one table")
    # an address gets notices once its owner followed the link of a confirmation mail, sent at
    # most once per confirm_every seconds; notices to one address per hour; addresses given for
    # notices (at a table or at sign-up) per client address (a `limits` rate string; more: 429)
    confirm_every: float = Field(7 * 86_400.0, description="the least seconds between two confirmation mails")
    notices_per_address: int = Field(10, description="notices to one e-mail address per hour")
    notify_rate: str = _rate("addresses given for notices per client address", "10/hour")

    @field_validator("bot_workers")
    @classmethod
    def _one_per_core(cls, v: int) -> int:
        return v or os.cpu_count() or 1

    @field_validator("bot_pace")
    @classmethod
    def _no_negative_pace(cls, v: float) -> float:
        return max(0.0, v)

    @field_validator("presence_heartbeat")
    @classmethod
    def _heartbeat_above_zero(cls, v: float) -> float:
        if not v > 0:
            raise ValueError("give it a number of seconds above 0 (default 20)")
        return v

    @field_validator("create_rate", "heavy_read_rate", "learn_rate", "signin_rate", "signup_rate", "notify_rate")
    @classmethod
    def _a_rate(cls, v: str) -> str:
        from limits import parse

        try:
            parse(v)
        except ValueError:
            raise ValueError("not a rate: give COUNT/PERIOD, e.g. 10/minute") from None
        return v

    @field_validator("trusted_proxies")
    @classmethod
    def _proxy_addresses(cls, v: str) -> str:
        """Each an IP address or network: a mistyped one would otherwise be trusted as a name no
        peer ever has, silently; '*' would believe any client."""
        import ipaddress

        for item in (part.strip() for part in v.split(",")):
            if item == "*":
                raise ValueError("'*' would believe any client's X-Forwarded-For; name the proxies' addresses")
            if item:
                try:
                    ipaddress.ip_network(item) if "/" in item else ipaddress.ip_address(item)
                except ValueError:
                    raise ValueError(f"{item!r} is not an IP address or network") from None
        return v

    def proxies(self) -> list[str]:
        """The trusted proxies' addresses and networks, as a list."""
        return [part.strip() for part in self.trusted_proxies.split(",") if part.strip()]

    @field_validator("datasets", mode="before")
    @classmethod
    def _load_datasets(cls, v: Any) -> list:
        """Data set specs (DIR, GAME=DIR, GAME=NAME) loaded; DataSets kept as they are."""
        if isinstance(v, str):
            v = v.split()
        out = []
        for item in v or []:
            if isinstance(item, str):
                from ..engine.dataset import guess_game, load
                from ..engine.errors import LapilliError

                game, eq, where = item.partition("=")
                try:
                    if not eq:
                        game, where = guess_game(item), item
                    item = load(game.strip(), where.strip())
                except LapilliError as e:  # a refused data set: a bad value of this setting
                    raise ValueError(str(e)) from None
            out.append(item)
        return out

    @model_validator(mode="after")
    def _derived(self) -> "Settings":
        if self.now is None:
            self.now = _offset_clock(self.test_clock_offset)
        if self.public_url is None:
            self.public_url = f"http://{self.host}:{self.port}"
        return self

    @property
    def presence_ttl(self) -> float:
        return 3 * self.presence_heartbeat

    @classmethod
    def env_name(cls, field: str) -> str:
        """The environment variable of a field."""
        alias = cls.model_fields[field].validation_alias
        return alias if isinstance(alias, str) else ENV_PREFIX + field.upper()

    @classmethod
    def serve_options(cls) -> dict[str, str]:
        """The fields that are `lapilli serve` options: field name -> option name, in order."""
        out = {}
        for name, info in cls.model_fields.items():
            extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
            if extra.get("serve_option"):
                out[name] = extra["serve_option"]
        return out


def explain_settings_error(e: ValidationError, given: dict[str, str] | None = None) -> str:
    """One line for a refused setting: each bad value with the variable it came from (or the
    option, for a field in ``given``: field name -> option name), and why it was refused."""
    by_alias = {Settings.env_name(n): n for n in Settings.model_fields}
    parts = []
    for err in e.errors():
        loc = err.get("loc") or ("?",)
        field = by_alias.get(str(loc[0]), str(loc[0]))
        where = (given or {}).get(field) or (Settings.env_name(field) if field in Settings.model_fields else field)
        message = " ".join(err.get("msg", "not valid").removeprefix("Value error, ").split())
        message = message[:1].lower() + message[1:]
        value = err.get("input")
        if isinstance(value, (list, tuple)):
            value = " ".join(map(str, value))
        shown = value if isinstance(value, (str, int, float)) else type(value).__name__
        parts.append(f"{where} is {shown}: {message}")
    return "; ".join(parts)
