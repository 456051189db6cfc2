"""Database tables (SQLAlchemy).  Schema changes go through Alembic migrations (migrations/)."""
from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def _now() -> datetime:
    return datetime.now(timezone.utc)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """A game table: its game, options, seed and the version that every stored step advances.
    ``salt`` and ``commitment`` (SHA-256 of seed and salt, shown to every seat) prove the seed
    was fixed before the first move; ``seeding`` is how the seed became the game's generator
    ("linear" for tables created before seeds were mixed)."""

    __tablename__ = "tables"
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
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now, onupdate=_now)


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
