"""Database tables (SQLAlchemy).  Schema changes go through Alembic migrations (migrations/)."""
from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import (JSON, BigInteger, Boolean, DateTime, Float, ForeignKey, Index, Integer, String, Text,
                        UniqueConstraint, false)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def _now() -> datetime:
    return datetime.now(timezone.utc)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """A game table: its game, options, seed and the version that every stored step advances.
    ``salt`` and ``commitment`` (SHA-256 of the game's terms, seed and salt, shown to every seat:
    engine/fairness.py) prove the game and its seed were fixed before the first move; ``seeding`` is how the seed became the game's generator
    ("linear" for tables created before seeds were mixed)."""

    __tablename__ = "tables"
    __table_args__ = (Index("ix_tables_rating_pending", "rated", "rated_done"),)
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    salt: Mapped[str] = mapped_column(String(64), default="")
    commitment: Mapped[str] = mapped_column(String(64), default="")
    seeding: Mapped[str] = mapped_column(String(16), default="linear")
    version: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(16), default="open")  # open | playing | finished
    dataset: Mapped[dict | None] = mapped_column(JSON, nullable=True)  # {"name", "hash"}; None: the game's own data
    # a rated table: signed-in players only; ``rated_done`` is set in the transaction that
    # applies the finished game's rating changes, so they are applied once whatever the instance;
    # a finished rated table without it has its rating changes pending (the update failed, or the
    # instance stopped first): every instance retries them (Store.ratings_pending)
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    rated_done: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now, onupdate=_now)
    # the seat to move, stored with each step (None: not known yet, or the game is over)
    to_move: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # the clock (clocks.py): None for an untimed table, else {"kind": "realtime", "bank", "increment",
    # "level"} or {"kind": "turn", "per_move", "level"} (seconds; level: the computer that takes a seat
    # whose time ran out); ``banks``: each seat's time left when its turn began; ``deadline``: when
    # the seat to move runs out of time and ``turn_started``: when its turn began (seconds since
    # the epoch, by the server's clock)
    clock: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    banks: Mapped[list | None] = mapped_column(JSON, nullable=True)
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)
    turn_started: Mapped[float | None] = mapped_column(Float, nullable=True)
    # who may read and write the table's chat, chosen when the table is made: "seats" (the
    # seated persons only), "watch" (spectators read it too), "open" (spectators write too)
    chat: Mapped[str] = mapped_column(String(16), default="seats", server_default="seats")


class SeatRow(Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_id", "seat"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16), default="open")  # open | human | bot
    name: Mapped[str] = mapped_column(String(64), default="")
    agent: Mapped[str] = mapped_column(String(128), default="")
    token_hash: Mapped[str] = mapped_column(String(64), default="", index=True)
    # the seat's time ran out and a computer took it (a rated game counts it lost: Store.seat_timed_out)
    timed_out: Mapped[bool] = mapped_column(Boolean, default=False)
    # at a rated table: the plies the game had made when a computer first took the person's seat
    # (handed over, or its time ran out); None: never abandoned (ratings.py reads it)
    left_at: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # "your turn" e-mail: the address the seat's person gave for this table, the secret of its
    # opt-out link, and when the last notice went (seconds since the epoch)
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    optout_token: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    last_notice: Mapped[float | None] = mapped_column(Float, nullable=True)
    # the signed-in person who took the seat (None: a guest, or a computer's own seat)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), nullable=True,
                                                index=True)


class StepRow(Base):
    """One stored step of a table: an action, or an undo of the seat's last action.
    ``version`` is the table version this step created (1, 2, ...)."""

    __tablename__ = "steps"
    __table_args__ = (UniqueConstraint("table_id", "version"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    version: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8))  # act | undo
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text, default="")
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class ChatRow(Base):
    """One line of a table's chat: who said it (``seat`` None: a spectator), the name it went by,
    the text as kept (control and direction characters taken out, length capped), the plies the
    game had made then (the replay shows the lines said up to its ply) and when (seconds since
    the epoch)."""

    __tablename__ = "chat"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(64), default="")
    text: Mapped[str] = mapped_column(Text, default="")
    ply: Mapped[int] = mapped_column(Integer, default=0)
    at: Mapped[float] = mapped_column(Float, default=0.0)


class ReviewRow(Base):
    """The coach's review of one seat of a finished table (``lapilli.coach.Review.to_json``),
    computed once by the review worker and kept."""

    __tablename__ = "reviews"
    __table_args__ = (UniqueConstraint("table_id", "seat", "level"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    level: Mapped[str] = mapped_column(String(16))
    data: Mapped[dict] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class HintRow(Base):
    """Hints at a table, per seat: whether its person agreed that the table may use hints, and
    how many hints the seat used (shown in the result)."""

    __tablename__ = "hints"
    __table_args__ = (UniqueConstraint("table_id", "seat"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    agree: Mapped[bool] = mapped_column(Boolean, default=False)
    used: Mapped[int] = mapped_column(Integer, default=0)
class UserRow(Base):
    """A signed-up person.  ``key`` is the username in lower case (names are unique whatever
    their case); ``skeleton`` and ``skeleton_folded`` are its confusable skeletons (names.keys:
    no guest and no other account may take a name that looks the same).  ``failed`` and
    ``locked_until`` are no longer used: wrong passwords slow down the address that sends them
    (Accounts.sign_in), never the name for everyone."""

    __tablename__ = "users"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    username: Mapped[str] = mapped_column(String(40))
    key: Mapped[str] = mapped_column(String(40), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    failed: Mapped[int] = mapped_column(Integer, default=0)
    locked_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    skeleton: Mapped[str | None] = mapped_column(String(200), nullable=True, index=True)
    skeleton_folded: Mapped[str | None] = mapped_column(String(200), nullable=True, index=True)


class SessionRow(Base):
    """A signed-in browser: the SHA-256 of its session cookie, its user, and the CSRF token its
    state-changing requests must carry (header X-CSRF-Token)."""

    __tablename__ = "sessions"
    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    csrf: Mapped[str] = mapped_column(String(64))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    expires: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingRow(Base):
    """A player's Glicko-2 rating in one game (rating, deviation, volatility) and the number of
    rated games it counts."""

    __tablename__ = "ratings"
    __table_args__ = (UniqueConstraint("user_id", "game"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    game: Mapped[str] = mapped_column(String(64), index=True)
    rating: Mapped[float] = mapped_column(Float, default=1500.0)
    rd: Mapped[float] = mapped_column(Float, default=350.0)
    vol: Mapped[float] = mapped_column(Float, default=0.06)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now, onupdate=_now)


class RatingChangeRow(Base):
    """What a finished rated table did to one seat's rating in its game: the account's rating
    before and after it, written in the transaction that applies the change (the end screen shows
    them; the ratings themselves are public on the player pages)."""

    __tablename__ = "rating_changes"
    __table_args__ = (UniqueConstraint("table_id", "seat"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), nullable=True)
    before: Mapped[float] = mapped_column(Float)
    after: Mapped[float] = mapped_column(Float)


class NoticeAddressRow(Base):
    """An e-mail address "your turn" notices may go to once its owner agreed: ``address`` in
    lower case; ``token_hash`` the SHA-256 of the single-use secret of the confirmation link
    (None once used); ``asked`` when the last confirmation mail went (seconds since the epoch;
    one per ``Settings.confirm_every``); ``confirmed`` when the owner followed the link (None:
    not yet, and no notice goes); ``hour_start`` / ``hour_sent`` the start of the current hour of notices
    to the address and how many went in it (``Settings.notices_per_address``)."""

    __tablename__ = "notice_addresses"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    address: Mapped[str] = mapped_column(String(254), unique=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    asked: Mapped[float | None] = mapped_column(Float, nullable=True)
    confirmed: Mapped[float | None] = mapped_column(Float, nullable=True)
    hour_start: Mapped[float | None] = mapped_column(Float, nullable=True)
    hour_sent: Mapped[int] = mapped_column(Integer, default=0)
class HeartbeatRow(Base):
    """One row per server instance, rewritten by its write probe (``/health`` and start-up): the
    smallest write that shows the database takes writes (a full disk, a read-only file)."""

    __tablename__ = "heartbeats"
    instance: Mapped[str] = mapped_column(String(100), primary_key=True)
    at: Mapped[float] = mapped_column(Float)
