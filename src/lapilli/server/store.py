"""Storage of tables, seats and steps (SQLAlchemy; SQLite by default, PostgreSQL by URL).

Each step (an action or an undo) is stored in the same transaction that advances the table's
version, guarded by the version the writer saw: when two writers race, one wins and the other
gets `Conflict`.
"""
from __future__ import annotations

import contextlib
import hashlib
import secrets
import threading
import uuid
from dataclasses import dataclass

from sqlalchemy import create_engine, event, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from .models import Base, SeatRow, StepRow, TableRow, _now


class Conflict(Exception):
    """The table moved on since the writer last saw it."""


class NotFound(Exception):
    pass


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class SeatInfo:
    seat: int
    kind: str
    name: str
    agent: str
    stand_in: bool = False  # a computer plays for a person whose token may take the seat back


@dataclass
class TableInfo:
    id: str
    game: str
    players: int
    options: dict
    seed: int
    version: int
    status: str
    seats: list[SeatInfo]
    salt: str = ""
    commitment: str = ""
    seeding: str = "linear"
    dataset: dict | None = None  # {"name", "hash"} of the table's data set; None: the game's own data

    def public(self) -> dict:
        """What anyone may read of the table: never the seed or the salt (they would reveal every
        hidden thing and every future draw; the finished game's record reveals them)."""
        return {
            "id": self.id, "game": self.game, "players": self.players, "options": self.options,
            "version": self.version, "status": self.status, "commitment": self.commitment, "dataset": self.dataset,
            "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "agent": s.agent, "stand_in": s.stand_in}
                      for s in self.seats],
        }


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        eng = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(eng, "connect")
        def _pragmas(conn, _record):  # pragma: no cover - trivial
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.close()
        return eng
    # a database that does not answer fails a request within seconds instead of holding it
    args = {"connect_timeout": 3} if url.startswith("postgresql") else {}
    return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20, pool_timeout=5,
                         connect_args=args)


class Store:
    def __init__(self, url: str, migrate: bool = True):
        self.url = url
        self.engine = make_engine(url)
        if migrate:
            from .migrate import upgrade

            upgrade(self.engine)
        self.Session = sessionmaker(self.engine, expire_on_commit=False)
        # SQLite takes one writer at a time: writers that find the file locked sleep in SQLite's
        # busy handler (with back-off up to 100 ms), which under many concurrent moves made the
        # tail of the move round trip long.  So this process queues its own writers on a lock;
        # SQLite's lock still guards against other processes.  PostgreSQL needs no such queue.
        self._write_lock = threading.Lock() if url.startswith("sqlite") else contextlib.nullcontext()

    # ------------------------------------------------------------------ tables
    def create_table(self, game: str, players: int, options: dict, seed: int, seats: list[dict],
                     salt: str = "", commitment: str = "", seeding: str = "linear", dataset: dict | None = None) -> str:
        tid = uuid.uuid4().hex[:12]
        with self._write_lock, self.Session.begin() as s:
            s.add(TableRow(id=tid, game=game, players=players, options=options, seed=seed, version=0,
                           status="open", salt=salt, commitment=commitment, seeding=seeding, dataset=dataset))
            s.flush()
            for i, spec in enumerate(seats):
                s.add(SeatRow(table_id=tid, seat=i, kind=spec.get("kind", "open"), name=spec.get("name", ""),
                              agent=spec.get("agent", "")))
        return tid

    def get(self, tid: str) -> TableInfo:
        with self.Session() as s:
            t = s.get(TableRow, tid)
            if t is None:
                raise NotFound(f"no table {tid!r}")
            seats = s.scalars(select(SeatRow).where(SeatRow.table_id == tid).order_by(SeatRow.seat)).all()
            return TableInfo(t.id, t.game, t.players, dict(t.options), t.seed, t.version, t.status,
                             [SeatInfo(x.seat, x.kind, x.name, x.agent, x.kind == "bot" and bool(x.token_hash))
                              for x in seats],
                             t.salt, t.commitment, t.seeding, dict(t.dataset) if t.dataset else None)

    def list_tables(self, statuses=("open", "playing"), limit: int = 100, offset: int = 0,
                    by_update: bool = False) -> list[TableInfo]:
        """One page of tables, newest first (``by_update``: the last changed first); two queries
        whatever the page size."""
        order = TableRow.updated.desc() if by_update else TableRow.created.desc()
        with self.Session() as s:
            rows = s.scalars(select(TableRow).where(TableRow.status.in_(statuses))
                             .order_by(order, TableRow.id).offset(offset).limit(limit)).all()
            seats: dict[str, list[SeatInfo]] = {t.id: [] for t in rows}
            if rows:
                for x in s.scalars(select(SeatRow).where(SeatRow.table_id.in_(list(seats)))
                                   .order_by(SeatRow.table_id, SeatRow.seat)):
                    seats[x.table_id].append(SeatInfo(x.seat, x.kind, x.name, x.agent))
            return [TableInfo(t.id, t.game, t.players, dict(t.options), t.seed, t.version, t.status, seats[t.id],
                              t.salt, t.commitment, t.seeding, dict(t.dataset) if t.dataset else None)
                    for t in rows]

    def tables_with_computers(self, limit: int, after: str = "") -> list[str]:
        """Ids (in order, after ``after``) of unfinished tables with at least one computer seat."""
        with self.Session() as s:
            return list(s.scalars(select(TableRow.id)
                                  .where(TableRow.status != "finished", TableRow.id > after,
                                         TableRow.id.in_(select(SeatRow.table_id).where(SeatRow.kind == "bot")))
                                  .order_by(TableRow.id).limit(limit)).all())

    def versions(self, ids: list[str]) -> dict[str, int]:
        if not ids:
            return {}
        with self.Session() as s:
            return dict(s.execute(select(TableRow.id, TableRow.version).where(TableRow.id.in_(ids))).all())

    def ping(self) -> None:
        """Raises when the database does not answer."""
        with self.engine.connect() as conn:
            conn.exec_driver_sql("SELECT 1")

    def steps(self, tid: str, after: int = 0) -> list[tuple[int, str, int, str]]:
        """(version, kind, seat, action) of every step after version ``after``."""
        with self.Session() as s:
            rows = s.execute(select(StepRow.version, StepRow.kind, StepRow.seat, StepRow.action)
                             .where(StepRow.table_id == tid, StepRow.version > after)
                             .order_by(StepRow.version)).all()
        return [tuple(r) for r in rows]

    def append_step(self, tid: str, expected_version: int, kind: str, seat: int, action: str,
                    status: str | None = None) -> int:
        """Store one step and advance the version from ``expected_version``; returns the new
        version.  Raises Conflict when another writer got there first.  (SQLAlchemy Core with
        prepared statements: this is the hot path of every move.)"""
        tables, steps = TableRow.__table__, StepRow.__table__
        values = {"version": expected_version + 1, "updated": _now()}
        if status:
            values["status"] = status
        try:
            with self._write_lock, self.engine.begin() as conn:
                res = conn.execute(tables.update().where(tables.c.id == tid, tables.c.version == expected_version)
                                   .values(**values))
                if res.rowcount != 1:
                    raise Conflict(f"table {tid} is no longer at version {expected_version}")
                conn.execute(steps.insert().values(table_id=tid, version=expected_version + 1, kind=kind,
                                                   seat=seat, action=action, created=values["updated"]))
        except IntegrityError:
            raise Conflict(f"table {tid} is no longer at version {expected_version}") from None
        return expected_version + 1

    # ------------------------------------------------------------------ seats
    def claim_seat(self, tid: str, seat: int, name: str) -> str:
        """Give an open seat to a person; returns the seat's secret token."""
        token = secrets.token_urlsafe(24)
        with self._write_lock, self.Session.begin() as s:
            res = s.execute(update(SeatRow).where(SeatRow.table_id == tid, SeatRow.seat == seat,
                                                  SeatRow.kind == "open")
                            .values(kind="human", name=name, token_hash=hash_token(token)))
            if res.rowcount != 1:
                raise Conflict(f"seat {seat} of table {tid} is not open")
            self._update_status(s, tid)
        return token

    def seat_for_token(self, tid: str, token: str) -> int | None:
        if not token:
            return None
        with self.Session() as s:
            row = s.scalars(select(SeatRow).where(SeatRow.table_id == tid,
                                                  SeatRow.token_hash == hash_token(token))).first()
            return row.seat if row is not None and row.kind == "human" else None

    def seat_to_bot(self, tid: str, seat: int, agent: str) -> None:
        """A computer plays the seat.  A person's seat keeps its name and token, so that the
        person can take it back (``reclaim_seat``)."""
        with self._write_lock, self.Session.begin() as s:
            row = s.scalars(select(SeatRow).where(SeatRow.table_id == tid, SeatRow.seat == seat)).first()
            if row is None:
                raise NotFound(f"no seat {seat} at table {tid}")
            if not row.token_hash:
                row.name = f"computer ({agent})"
            row.kind, row.agent = "bot", agent
            self._update_status(s, tid)

    def reclaim_seat(self, tid: str, token: str) -> int | None:
        """The token's person takes back the seat a computer plays for them; returns the seat,
        or None when the token holds no such seat."""
        if not token:
            return None
        with self._write_lock, self.Session.begin() as s:
            row = s.scalars(select(SeatRow).where(SeatRow.table_id == tid, SeatRow.token_hash == hash_token(token),
                                                  SeatRow.kind == "bot")).first()
            if row is None:
                return None
            row.kind, row.agent = "human", ""
            return row.seat

    def _update_status(self, s: Session, tid: str) -> None:
        t = s.get(TableRow, tid)
        if t.status == "finished":
            return
        kinds = s.scalars(select(SeatRow.kind).where(SeatRow.table_id == tid)).all()
        t.status = "playing" if all(k != "open" for k in kinds) else "open"
