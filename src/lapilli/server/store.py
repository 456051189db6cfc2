"""Storage of tables, seats and steps (SQLAlchemy; SQLite by default, PostgreSQL by URL).

Each step (an action or an undo) is stored in the same transaction that advances the table's
version, guarded by the version the writer saw: when two writers race, one wins and the other
gets `Conflict`.
"""
from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import secrets
import sqlite3
import threading
import time
import uuid
from dataclasses import dataclass
from datetime import timezone

from sqlalchemy import bindparam, create_engine, event, func, insert, make_url, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from ..words import server_said
from . import clocks
from .clocks import ClockState
from .models import (ChatRow, HeartbeatRow, HintRow, NoticeAddressRow, RatingRow, ReviewRow, SeatRow, StepRow, TableRow,
                     UserRow, _now)

log = logging.getLogger("lapilli.server")
CAUSE_LOG_EVERY = 300.0  # seconds between two log lines of one kind of database failure


STEP_COLUMNS = ("table_id", "version", "kind", "seat", "action", "created")  # a step's row, as append_step writes it


class Busy(Exception):
    """A write that must not wait found the database or the write lock taken (nothing written)."""


class Conflict(Exception):
    """The table moved on since the writer last saw it."""


class NotFound(Exception):
    pass


class _NoClaim(Exception):
    """Rolls back a notice's claim on its seat (the address may not have it)."""


class Forbidden(Exception):
    """Not allowed to this person (e.g. a guest at a rated table)."""


def normal_address(address: str) -> str:
    """The form an e-mail address is kept and compared in (lower case, no surrounding space)."""
    return address.strip().lower()


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class SeatInfo:
    seat: int
    kind: str
    name: str
    agent: str
    stand_in: bool = False  # a computer plays for a person whose token may take the seat back
    timed_out: bool = False  # the seat's time ran out and a computer took it
    user_id: int | None = None  # the signed-in person who took the seat (None: a guest or a computer)
    rating: float | None = None  # the account's public rating in the table's game (read for the lobby only)


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
    to_move: int | None = None  # as stored with the last step (None: not known yet, or game over)
    clock: ClockState | None = None  # the table's clock (clock.clock None: an untimed table)
    rated: bool = False  # signed-in players only; the finished game changes their ratings
    created: float | None = None  # when the table was created (seconds since the epoch; read for the lobby only)
    chat: str = "seats"  # who may read and write the chat: "seats", "watch" (spectators read), "open" (and write)

    def lobby(self, now: float) -> dict:
        """The lobby's row: what ``public`` says, how long the table has waited (seconds since it
        was created) and each seated account's public rating in the game (None: a guest, a
        computer, an open seat, or an account not rated in this game yet)."""
        out = self.public()
        out["waited"] = max(0, round(now - self.created)) if self.created is not None else None
        for seat, s in zip(out["seats"], self.seats):
            seat["rating"] = round(s.rating, 1) if s.rating is not None else None
        return out

    def public(self) -> dict:
        """What anyone may read of the table: never the seed or the salt (they would reveal every
        hidden thing and every future draw; the finished game's record reveals them)."""
        return {
            "id": self.id, "game": self.game, "players": self.players, "options": self.options,
            "version": self.version, "status": self.status, "commitment": self.commitment, "dataset": self.dataset,
            "clock": self.clock.clock if self.clock else None,
            "rated": self.rated,
            "chat": self.chat,
            # ``account``: the name is a signed-in person's username (their player page)
            "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "agent": s.agent, "stand_in": s.stand_in,
                       "timed_out": s.timed_out, "account": s.user_id is not None}
                      for s in self.seats],
        }


def _epoch(when) -> float | None:
    """A stored time in seconds since the epoch (SQLite gives it back without its time zone: UTC)."""
    if when is None:
        return None
    return (when if when.tzinfo else when.replace(tzinfo=timezone.utc)).timestamp()


# the tables read with SQLAlchemy Core on the paths every connection takes (Store.get,
# seat_for_token, chat, steps): the ORM's sessions and objects cost more than the reads themselves
_TABLES, _SEATS, _CHAT = TableRow.__table__, SeatRow.__table__, ChatRow.__table__
_SEAT_COLUMNS = (_SEATS.c.seat, _SEATS.c.kind, _SEATS.c.name, _SEATS.c.agent, _SEATS.c.token_hash, _SEATS.c.timed_out,
                 _SEATS.c.user_id)


def _chat_line(row) -> dict:
    """A chat line as sent and replayed, from its ChatRow or a row of its columns."""
    return {"id": row.id, "seat": row.seat, "name": row.name, "text": row.text, "ply": row.ply, "at": row.at}


def _clock_of(t) -> ClockState:
    """The table's clock state, from its TableRow or a row of its columns."""
    return ClockState(dict(t.clock) if t.clock else None, list(t.banks) if t.banks is not None else None,
                      t.to_move, t.turn_started, t.deadline)


def _table_info(t, seats: list[SeatInfo], created: float | None = None) -> TableInfo:
    """The TableInfo of a table's row (its TableRow or a row of its columns) and its seats."""
    return TableInfo(t.id, t.game, t.players, dict(t.options), t.seed, t.version, t.status, seats,
                     t.salt, t.commitment, t.seeding, dict(t.dataset) if t.dataset else None,
                     t.to_move, _clock_of(t), bool(t.rated), created=created, chat=t.chat or "seats")


def _sqlite_path(url: str) -> str | None:
    try:
        u = make_url(url)
    except Exception:
        return None
    if not u.drivername.startswith("sqlite") or not u.database or u.database == ":memory:":
        return None
    return u.database


def explain(e: BaseException, url: str | None = None) -> tuple[str, str]:
    """(kind, words) of a database failure, e.g. ("disk full", "disk full (sqlite3.OperationalError:
    database or disk is full)"); kinds: disk full, read-only, cannot open, locked, unreachable,
    schema, error.  ``url``: a SQLite database's file is looked at to say why it cannot be opened."""
    orig = getattr(e, "orig", None) or e
    first = (str(orig).strip().splitlines() or [""])[0][:200]
    name = f"{type(orig).__module__}.{type(orig).__name__}".replace("builtins.", "")
    text, state = first.lower(), str(getattr(orig, "sqlstate", "") or getattr(orig, "pgcode", "") or "")
    path = _sqlite_path(url) if url else None
    if "disk is full" in text or "disk full" in text or "no space left" in text or state == "53100":
        kind = "disk full"
    elif "readonly" in text or "read-only" in text or "read only" in text or state == "25006":
        kind = "read-only"
    elif "unable to open database file" in text:
        kind = "cannot open"
    elif "database is locked" in text:
        kind = "locked"
    elif type(orig).__name__ in ("CommandError", "ResolutionError") or "revision" in text:
        kind = "schema"
    elif isinstance(orig, (ConnectionError, TimeoutError)) or "connect" in text or "timeout" in text:
        kind = "unreachable"
    else:
        kind = "error"
    detail = f"{name}: {first}" if first else name
    if path and kind in ("read-only", "cannot open", "error"):  # what the file system says
        folder = os.path.dirname(os.path.abspath(path)) or "."
        if os.path.exists(path) and not os.access(path, os.W_OK):
            kind, detail = "read-only", f"the file {path} cannot be written: read-only file, file system or " \
                                        f"immutable flag; {detail}"
        elif not os.path.isdir(folder):
            kind, detail = "cannot open", f"its directory {folder} does not exist; {detail}"
        elif not os.access(folder, os.W_OK):
            kind, detail = "cannot open", f"its directory {folder} cannot be written; {detail}"
    if kind == "schema":
        detail = f"the database's schema revision is unknown to this version of Lapilli (a newer one wrote it?); " \
                 f"{detail}"
    return kind, f"{kind} ({detail})"


def _log_causes(eng: Engine) -> None:
    """A failing statement or commit is logged with its cause, once per kind of failure in
    ``CAUSE_LOG_EVERY`` seconds (every write failing on a full disk does not flood the log).  A
    conflict between writers (an integrity error) is expected and not logged."""
    last: dict[str, float] = {}

    @event.listens_for(eng, "handle_error")
    def _cause(ctx):  # pragma: no cover - exercised by the disk tests
        if isinstance(ctx.sqlalchemy_exception, IntegrityError):
            return
        kind, words = explain(ctx.original_exception, str(eng.url))
        statement = (ctx.statement or "").lstrip().split(None, 1)
        op = "read" if statement and statement[0].upper() in ("SELECT", "PRAGMA", "WITH") else "write"
        now = time.monotonic()
        if now - last.get(op + kind, -CAUSE_LOG_EVERY) >= CAUSE_LOG_EVERY:
            last[op + kind] = now
            log.error("database %s failed: %s", op, words)


def make_engine(url: str) -> Engine:
    eng = _make_engine(url)
    _log_causes(eng)
    return eng


SQLITE_BUSY_MS = 30_000  # how long a SQLite statement waits for another process's lock
CHECKPOINT_STEPS = 200  # steps written on the event loop's thread between two checkpoints (Store.checkpoint)


def _make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        # one connection per worker thread that may touch the store at once (Starlette's thread
        # pool holds 40): with the default pool of 5 (+10 overflow) connections beyond it were
        # opened, set up (the pragmas below) and closed again for every busy moment
        eng = create_engine(url, connect_args={"check_same_thread": False, "timeout": SQLITE_BUSY_MS / 1000},
                            pool_size=40, max_overflow=10)

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


def _status_of(kinds) -> str:
    """An unfinished table's status from its seats' kinds: playing once no seat waits for a person
    (a table of computers only plays from its creation), else open."""
    return "playing" if all(k != "open" for k in kinds) else "open"


class Store:
    def __init__(self, url: str, migrate: bool = True):
        self.url = url
        self.engine = make_engine(url)
        if migrate:
            from .migrate import upgrade

            upgrade(self.engine)
        self.Session = sessionmaker(self.engine, expire_on_commit=False)
        self.probes = 0  # write probes made (write_probe)
        # SQLite takes one writer at a time: writers that find the file locked sleep in SQLite's
        # busy handler (with back-off up to 100 ms), which under many concurrent moves made the
        # tail of the move round trip long.  So this process queues its own writers on a lock;
        # SQLite's lock still guards against other processes.  PostgreSQL needs no such queue.
        self._write_lock = threading.Lock() if url.startswith("sqlite") else contextlib.nullcontext()
        self._step_sql: dict = {}  # append_step's statements, by shape (_step_statements)
        # a step may be written on the event loop's thread (append_step_at_once)
        self.writes_at_once = url.startswith("sqlite")
        self.steps_at_once, self._checkpointed = 0, 0
        self._at_once = None  # append_step_at_once's own connection (_at_once_db)
        self._at_once_sql: dict = {}  # its statements, by shape (_at_once_statements)

    # ------------------------------------------------------------------ tables
    def create_table(self, game: str, players: int, options: dict, seed: int, seats: list[dict],
                     salt: str = "", commitment: str = "", seeding: str = "linear", dataset: dict | None = None,
                     clock: dict | None = None, rated: bool = False, chat: str = "seats") -> str:
        tid = uuid.uuid4().hex[:12]
        kinds = [spec.get("kind", "open") for spec in seats]
        with self._write_lock, self.Session.begin() as s:
            s.add(TableRow(id=tid, game=game, players=players, options=options, seed=seed, version=0,
                           status=_status_of(kinds), salt=salt, commitment=commitment, seeding=seeding,
                           dataset=dataset, clock=clock, rated=rated, chat=chat))
            s.flush()
            for i, (spec, kind) in enumerate(zip(seats, kinds)):
                s.add(SeatRow(table_id=tid, seat=i, kind=kind, name=spec.get("name", ""), agent=spec.get("agent", "")))
        return tid

    def get(self, tid: str) -> TableInfo:
        """The table's details and seats (SQLAlchemy Core: read on every connection to a table
        not in memory, and on every page that looks at one)."""
        with self.engine.connect() as c:
            t = c.execute(select(_TABLES).where(_TABLES.c.id == tid)).first()
            if t is None:
                raise NotFound(server_said("no_table", tid=tid))
            seats = c.execute(select(*_SEAT_COLUMNS).where(_SEATS.c.table_id == tid).order_by(_SEATS.c.seat)).all()
        return _table_info(t, [SeatInfo(x.seat, x.kind, x.name, x.agent, x.kind == "bot" and bool(x.token_hash),
                                        bool(x.timed_out), x.user_id)
                               for x in seats])

    def list_tables(self, statuses=("open", "playing"), limit: int = 100, offset: int = 0,
                    by_update: bool = False, game: str | None = None, players: int | None = None,
                    ratings: bool = False) -> list[TableInfo]:
        """One page of tables, newest first (``by_update``: the last changed first), only those of
        ``game`` and of ``players`` players when given; two queries whatever the page size, and
        a third with ``ratings`` (each seated account's rating in the table's game)."""
        order = TableRow.updated.desc() if by_update else TableRow.created.desc()
        where = [TableRow.status.in_(statuses)]
        if game is not None:
            where.append(TableRow.game == game)
        if players is not None:
            where.append(TableRow.players == players)
        with self.Session() as s:
            rows = s.scalars(select(TableRow).where(*where)
                             .order_by(order, TableRow.id).offset(offset).limit(limit)).all()
            seats: dict[str, list[SeatInfo]] = {t.id: [] for t in rows}
            if rows:
                for x in s.scalars(select(SeatRow).where(SeatRow.table_id.in_(list(seats)))
                                   .order_by(SeatRow.table_id, SeatRow.seat)):
                    seats[x.table_id].append(SeatInfo(x.seat, x.kind, x.name, x.agent, timed_out=bool(x.timed_out),
                                                      user_id=x.user_id))
            users = {x.user_id for ss in seats.values() for x in ss if x.user_id is not None}
            if ratings and users:
                games = {t.id: t.game for t in rows}
                known = {(r.user_id, r.game): r.rating for r in s.scalars(
                    select(RatingRow).where(RatingRow.user_id.in_(users), RatingRow.game.in_(set(games.values())),
                                            RatingRow.games > 0))}
                for tid, ss in seats.items():
                    for x in ss:
                        x.rating = known.get((x.user_id, games[tid]))
            return [_table_info(t, seats[t.id], created=_epoch(t.created)) for t in rows]

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

    def write_probe(self, instance: str) -> None:
        """The smallest write: this instance's heartbeat row is rewritten (raises when the
        database takes no write: full disk, read-only file, not answering)."""
        self.probes += 1
        hb, instance = HeartbeatRow.__table__, instance[:100]
        with self._write_lock, self.engine.begin() as conn:
            if conn.execute(update(hb).where(hb.c.instance == instance).values(at=time.time())).rowcount != 1:
                conn.execute(insert(hb).values(instance=instance, at=time.time()))
                # an instance named after its process id leaves a row behind at each restart
                conn.execute(hb.delete().where(hb.c.at < time.time() - 86_400))

    def db_time(self) -> float:
        """The database's clock, in seconds since the epoch (the one clock every instance judges
        table deadlines by)."""
        with self.engine.connect() as conn:
            if self.engine.dialect.name == "sqlite":  # the clock of the machine holding the file
                return float(conn.exec_driver_sql("SELECT (julianday('now') - 2440587.5) * 86400.0").scalar())
            if self.engine.dialect.name == "postgresql":
                return float(conn.exec_driver_sql("SELECT EXTRACT(EPOCH FROM clock_timestamp())").scalar())
        return time.time()

    def ping(self) -> None:
        """Raises when the database does not answer."""
        with self.engine.connect() as conn:
            conn.exec_driver_sql("SELECT 1")

    def steps(self, tid: str, after: int = 0) -> list[tuple[int, str, int, str]]:
        """(version, kind, seat, action) of every step after version ``after``."""
        with self.engine.connect() as c:
            rows = c.execute(select(StepRow.version, StepRow.kind, StepRow.seat, StepRow.action)
                             .where(StepRow.table_id == tid, StepRow.version > after)
                             .order_by(StepRow.version)).all()
        return [tuple(r) for r in rows]

    def append_step(self, tid: str, expected_version: int, kind: str, seat: int, action: str,
                    status: str | None = None, to_move: int | None = None, clock: ClockState | None = None,
                    actor: str | None = None) -> int:
        """Store one step and advance the version from ``expected_version``; returns the new
        version.  Raises Conflict when another writer got there first, or when the seat is no
        longer played by ``actor`` ("human": a person's step, "bot": a computer's; None: not
        checked), e.g. another instance handed the seat to the computer when its time ran out:
        the store is the referee, in the same statement that advances the version.  The seat to
        move after the step and the table's clock (``clock``, when the table has one) are stored
        with it.  (SQLAlchemy Core with prepared statements: this is the hot path of every move.)"""
        with self._write_lock:
            return self._append_step(tid, expected_version, kind, seat, action, status, to_move, clock, actor)

    def append_step_at_once(self, tid: str, expected_version: int, kind: str, seat: int, action: str,
                            status: str | None = None, to_move: int | None = None,
                            clock: ClockState | None = None, actor: str | None = None) -> int:
        """``append_step`` for the event loop's own thread (SQLite only): a step is a few
        microseconds of SQLite, less than handing it to a worker thread and back (or than
        SQLAlchemy's handling of the statements, so it goes to SQLite's driver on a connection of
        its own, with the statements compiled once), but it must never wait there.  So it raises
        ``Busy`` at once, having written nothing, when another writer of this process holds the
        write lock, another process holds the database's (this connection waits for nobody), or
        SQLite refuses the step in any way; the caller then writes it with ``append_step`` in a
        worker thread, which waits for the lock, or meets the same failure through SQLAlchemy,
        which names and logs it."""
        if not self.writes_at_once:
            raise Busy("only SQLite writes a step on the caller's thread")
        if not self._write_lock.acquire(blocking=False):
            raise Busy("another writer of this process holds the write lock")
        try:
            db = self._at_once_db()
            values, params, row = self._step_values(tid, expected_version, kind, seat, action, status, to_move,
                                                    clock, actor)
            (advance, advance_args), (add, add_args) = self._at_once_statements(actor is not None, tuple(values))
            try:
                if db.execute(advance, advance_args(params)).rowcount != 1:
                    db.rollback()
                    raise self._conflict(tid, expected_version, seat, actor)
                db.execute(add, add_args(row))
                db.commit()
            except sqlite3.Error:  # busy, or failing: the worker's write tells which, and logs it
                with contextlib.suppress(sqlite3.Error):
                    db.rollback()
                raise Busy("the database did not take the step at once") from None
            self.steps_at_once += 1
            return expected_version + 1
        finally:
            self._write_lock.release()

    def _at_once_db(self):
        """The SQLite connection of ``append_step_at_once``, its own for as long as the store
        lives: it waits for no lock (busy timeout 0) and leaves the WAL's checkpoint, which syncs
        the file to disk, to a worker thread (``checkpoint``)."""
        if self._at_once is None:
            held = self.engine.raw_connection()  # set up as every connection is (WAL, foreign keys)
            db = held.driver_connection
            db.execute("PRAGMA busy_timeout=0")
            db.execute("PRAGMA wal_autocheckpoint=0")
            self._at_once = (held, db)
        return self._at_once[1]

    def _at_once_statements(self, checked: bool, keys: tuple[str, ...]):
        """``_step_statements`` compiled once per shape for SQLite's own driver: each statement's
        SQL and the function that orders (and converts, as SQLAlchemy does) its parameters."""
        key = (checked, keys)
        made = self._at_once_sql.get(key)
        if made is None:
            advance, add = self._step_statements(checked, keys)
            made = []
            for stmt, columns in ((advance, None), (add, list(STEP_COLUMNS))):
                compiled = stmt.compile(dialect=self.engine.dialect, column_keys=columns)
                order, convert = list(compiled.positiontup), dict(compiled._bind_processors)

                def args(params, order=order, convert=convert):
                    return [convert[k](params[k]) if k in convert else params[k] for k in order]
                made.append((str(compiled), args))
            made = self._at_once_sql[key] = tuple(made)
        return made

    @staticmethod
    def _conflict(tid, expected_version, seat, actor) -> Conflict:
        who = {"human": "who_its_person", "bot": "who_computer"}.get(actor)
        if who is None:
            return Conflict(server_said("table_moved_on", tid=tid, version=expected_version))
        return Conflict(server_said("table_moved_on_seat", tid=tid, version=expected_version, seat=seat,
                                    who=server_said(who)))

    def _step_values(self, tid, expected_version, kind, seat, action, status, to_move, clock, actor):
        """The columns a step sets in its table's row, the parameters of that update, and the
        step's own row."""
        now = _now()
        values = {"version": expected_version + 1, "updated": now, "to_move": to_move}
        if status:
            values["status"] = status
        if clock is not None and clock.clock:
            values.update(banks=clock.banks, deadline=clock.deadline, turn_started=clock.turn_started)
        params = {f"v_{k}": v for k, v in values.items()}
        params.update(g_tid=tid, g_version=expected_version)
        if actor is not None:
            params.update(g_seat=seat, g_actor=actor)
        row = {"table_id": tid, "version": expected_version + 1, "kind": kind, "seat": seat, "action": action,
               "created": now}
        return values, params, row

    def checkpoint_due(self) -> bool:
        """Enough steps were written at once since the last checkpoint that the WAL should be
        copied into the database file (``checkpoint``, in a worker thread)."""
        return self.steps_at_once - self._checkpointed >= CHECKPOINT_STEPS

    def checkpoint(self) -> None:
        """Copy the WAL into the database file as far as no reader holds it (SQLite's passive
        checkpoint, what SQLite does itself after a commit when ``append_step_at_once`` has not
        turned it off); it syncs the file to disk, so never on the event loop's thread."""
        self._checkpointed = self.steps_at_once
        with self.engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def _append_step(self, tid, expected_version, kind, seat, action, status, to_move, clock, actor) -> int:
        """The two statements of a step, in one transaction."""
        values, params, row = self._step_values(tid, expected_version, kind, seat, action, status, to_move, clock,
                                                actor)
        advance, add = self._step_statements(actor is not None, tuple(values))
        try:
            with self.engine.begin() as conn:
                if conn.execute(advance, params).rowcount != 1:
                    raise self._conflict(tid, expected_version, seat, actor)
                conn.execute(add, row)
        except IntegrityError:
            raise Conflict(server_said("table_moved_on", tid=tid, version=expected_version)) from None
        return expected_version + 1

    def _step_statements(self, checked: bool, keys: tuple[str, ...]):
        """``append_step``'s two statements, built once per shape (whether the actor is checked,
        which columns the step sets) with bound parameters: building and keying a statement
        anew for every move cost as much as running it."""
        key = (checked, keys)
        made = self._step_sql.get(key)
        if made is None:
            tables, steps, seats = TableRow.__table__, StepRow.__table__, SeatRow.__table__
            guard = [tables.c.id == bindparam("g_tid"), tables.c.version == bindparam("g_version")]
            if checked:
                guard.append(select(seats.c.id).where(seats.c.table_id == bindparam("g_tid"),
                                                      seats.c.seat == bindparam("g_seat"),
                                                      seats.c.kind == bindparam("g_actor")).exists())
            made = self._step_sql[key] = (tables.update().where(*guard).values({k: bindparam(f"v_{k}") for k in keys}),
                                          steps.insert())
        return made

    # ------------------------------------------------------------------ clocks
    def start_clock(self, tid: str, version: int, clock: ClockState) -> bool:
        """Start the table's clock (play began): stored only while the table is at ``version``
        with no deadline yet, so that of several instances one starts it.  True when stored."""
        tables = TableRow.__table__
        with self._write_lock, self.engine.begin() as conn:
            res = conn.execute(tables.update().where(tables.c.id == tid, tables.c.version == version,
                                                     tables.c.deadline.is_(None), tables.c.status == "playing")
                               .values(banks=clock.banks, deadline=clock.deadline, turn_started=clock.turn_started,
                                       to_move=clock.to_move))
            return res.rowcount == 1

    def expired(self, now: float, limit: int = 100) -> list[tuple[str, int, float]]:
        """(table, seat, deadline) of the tables whose person to move ran out of time at ``now``."""
        with self.Session() as s:
            rows = s.execute(select(TableRow.id, TableRow.to_move, TableRow.deadline)
                             .join(SeatRow, (SeatRow.table_id == TableRow.id) & (SeatRow.seat == TableRow.to_move))
                             .where(TableRow.deadline <= now, TableRow.status == "playing", SeatRow.kind == "human")
                             .order_by(TableRow.deadline).limit(limit)).all()
        return [tuple(r) for r in rows]

    def time_out(self, tid: str, seat: int, deadline: float, level: str) -> bool:
        """The person at ``seat`` ran out of time: a computer of ``level`` takes the seat (which
        keeps its token) and the seat is marked timed out.  The store is the referee between
        instances: only while the table still waits on that seat and deadline, and the seat is
        still its person's, does this act; True for the one caller that did."""
        tables, seats = TableRow.__table__, SeatRow.__table__
        with self._write_lock, self.engine.begin() as conn:
            res = conn.execute(seats.update().where(
                seats.c.table_id == tid, seats.c.seat == seat, seats.c.kind == "human",
                select(tables.c.id).where(tables.c.id == tid, tables.c.deadline == deadline,
                                          tables.c.to_move == seat, tables.c.status == "playing").exists())
                .values(kind="bot", agent=level, timed_out=True))
            if res.rowcount == 1 and conn.scalar(select(tables.c.rated).where(tables.c.id == tid)):
                conn.execute(seats.update().where(seats.c.table_id == tid, seats.c.seat == seat,
                                                  seats.c.left_at.is_(None))
                             .values(left_at=self._plies(conn, tid)))
            return res.rowcount == 1

    @staticmethod
    def _plies(conn, tid: str) -> int:
        """The plies the table's game has made (its actions, less those taken back)."""
        steps = StepRow.__table__
        counts = dict(conn.execute(select(steps.c.kind, func.count()).where(steps.c.table_id == tid)
                                   .group_by(steps.c.kind)).all())
        return int(counts.get("act", 0)) - int(counts.get("undo", 0))

    def seat_timed_out(self, tid: str, seat: int) -> bool:
        """Whether the seat's time ran out in this game (a rated game counts the seat's player lost)."""
        with self.Session() as s:
            return bool(s.scalar(select(SeatRow.timed_out).where(SeatRow.table_id == tid, SeatRow.seat == seat)))

    # ------------------------------------------------------------------ ratings
    def ratings_pending(self, limit: int = 100) -> list[str]:
        """Ids of the finished rated tables whose rating changes are not applied yet (the update
        at the end of the game failed, or its instance stopped first), the oldest change first."""
        with self.Session() as s:
            return list(s.scalars(select(TableRow.id)
                                  .where(TableRow.rated.is_(True), TableRow.rated_done.is_(False),
                                         TableRow.status == "finished")
                                  .order_by(TableRow.updated, TableRow.id).limit(limit)).all())

    # ------------------------------------------------------------------ "your turn" e-mail
    def set_email(self, tid: str, token: str, email: str | None) -> int | None:
        """The token's person gives (or, with None, withdraws) an address for "your turn" notices
        of this table; returns the seat (None when the token holds no seat here)."""
        if not token:
            return None
        with self._write_lock, self.Session.begin() as s:
            row = s.scalars(select(SeatRow).where(SeatRow.table_id == tid,
                                                  SeatRow.token_hash == hash_token(token))).first()
            if row is None:
                return None
            row.email = normal_address(email) if email else None
            row.optout_token = secrets.token_urlsafe(24) if email else None
            return row.seat

    def email_of(self, tid: str, token: str) -> str | None:
        with self.Session() as s:
            return s.scalar(select(SeatRow.email).where(SeatRow.table_id == tid,
                                                        SeatRow.token_hash == hash_token(token)))

    def claim_notice(self, tid: str, seat: int, now: float, every: float,
                     per_address: int = 10) -> tuple[str, str] | None:
        """(address, opt-out token) when a "your turn" notice may go to the seat now: its person
        gave an address, the address's owner confirmed it, the seat had no notice in the last
        ``every`` seconds and the address fewer than ``per_address`` in the current hour.  The
        notice is counted as sent here, so of several instances one sends it."""
        seats, addrs = SeatRow.__table__, NoticeAddressRow.__table__
        try:
            with self._write_lock, self.engine.begin() as conn:
                res = conn.execute(seats.update().where(
                    seats.c.table_id == tid, seats.c.seat == seat, seats.c.kind == "human",
                    seats.c.email.is_not(None),
                    (seats.c.last_notice.is_(None)) | (seats.c.last_notice <= now - every))
                    .values(last_notice=now))
                if res.rowcount != 1:
                    return None
                row = conn.execute(select(seats.c.email, seats.c.optout_token)
                                   .where(seats.c.table_id == tid, seats.c.seat == seat)).first()
                address = normal_address(row[0])
                fresh = (addrs.c.hour_start.is_(None)) | (addrs.c.hour_start <= now - 3600)
                # a new hour starts the count again; within the hour, only below the bound
                if conn.execute(addrs.update().where(addrs.c.address == address, addrs.c.confirmed.is_not(None),
                                                     fresh).values(hour_start=now, hour_sent=1)).rowcount == 1:
                    return row[0], row[1]
                if conn.execute(addrs.update().where(addrs.c.address == address, addrs.c.confirmed.is_not(None),
                                                     addrs.c.hour_sent < per_address)
                                .values(hour_sent=addrs.c.hour_sent + 1)).rowcount == 1:
                    return row[0], row[1]
                raise _NoClaim()  # not confirmed, or the address had its notices this hour: undone
        except _NoClaim:
            return None

    def ask_confirmation(self, address: str, now: float, every: float) -> tuple[bool, str | None]:
        """(confirmed, token): whether ``address``'s owner already agreed to notices, and else a
        new single-use token for the confirmation link when none was sent in the last ``every``
        seconds (None: one was; nothing more is sent).  Only the token's hash is kept."""
        address = normal_address(address)
        token = secrets.token_urlsafe(24)
        with self._write_lock, self.Session() as s:
            row = s.scalars(select(NoticeAddressRow).where(NoticeAddressRow.address == address)).first()
            if row is None:
                s.add(NoticeAddressRow(address=address, token_hash=hash_token(token), asked=now, hour_sent=0))
                try:
                    s.commit()
                    return False, token
                except IntegrityError:  # another request added it first
                    s.rollback()
                    return False, None
            if row.confirmed is not None:
                return True, None
            res = s.execute(update(NoticeAddressRow).where(
                NoticeAddressRow.id == row.id, NoticeAddressRow.confirmed.is_(None),
                (NoticeAddressRow.asked.is_(None)) | (NoticeAddressRow.asked <= now - every))
                .values(token_hash=hash_token(token), asked=now))
            s.commit()
            return False, (token if res.rowcount == 1 else None)

    def confirm_address(self, token: str, now: float) -> str | None:
        """The owner followed the confirmation link: notices may go to the address (returned);
        None for a link that holds nothing (used already, replaced, or mistyped)."""
        if not token:
            return None
        with self._write_lock, self.Session.begin() as s:
            row = s.scalars(select(NoticeAddressRow).where(NoticeAddressRow.token_hash == hash_token(token))).first()
            if row is None:
                return None
            row.token_hash, row.confirmed = None, now
            return row.address

    def opt_out(self, optout_token: str) -> tuple[str, int] | None:
        """The one-click opt-out: no more notices for that seat (its address is forgotten);
        returns (table, seat), or None for a link that holds nothing."""
        if not optout_token:
            return None
        with self._write_lock, self.Session.begin() as s:
            row = s.scalars(select(SeatRow).where(SeatRow.optout_token == optout_token)).first()
            if row is None:
                return None
            row.email = None
            return row.table_id, row.seat

    def seats_of_tokens(self, pairs: list[tuple[str, str]]) -> list[tuple[str, int, str]]:
        """(table, seat, kind) of each (table, token) whose token holds a seat (a person's, or one
        a computer plays for them)."""
        if not pairs:
            return []
        wanted = {(tid, hash_token(tok)) for tid, tok in pairs if tok}
        with self.Session() as s:
            rows = s.execute(select(SeatRow.table_id, SeatRow.seat, SeatRow.kind, SeatRow.token_hash)
                             .where(SeatRow.table_id.in_({t for t, _ in wanted}),
                                    SeatRow.token_hash.in_({h for _, h in wanted}))).all()
        return [(t, seat, kind) for t, seat, kind, h in rows if (t, h) in wanted]

    # ------------------------------------------------------------------ seats
    def claim_seat(self, tid: str, seat: int, name: str, user_id: int | None = None) -> str:
        """Give an open seat to a person (``user_id``: a signed-in one); returns the seat's secret
        token.  At a rated table only signed-in people sit, each at one seat."""
        token = secrets.token_urlsafe(24)
        with self._write_lock, self.Session.begin() as s:
            t = s.get(TableRow, tid)
            if t is None:
                raise NotFound(server_said("no_table", tid=tid))
            if t.rated:
                if user_id is None:
                    raise Forbidden(server_said("rated_seat_sign_in", tid=tid))
                if s.scalars(select(SeatRow.seat).where(SeatRow.table_id == tid,
                                                        SeatRow.user_id == user_id)).first() is not None:
                    raise Conflict(server_said("rated_one_seat", tid=tid))
            res = s.execute(update(SeatRow).where(SeatRow.table_id == tid, SeatRow.seat == seat,
                                                  SeatRow.kind == "open")
                            .values(kind="human", name=name, token_hash=hash_token(token), user_id=user_id))
            if res.rowcount != 1:
                raise Conflict(server_said("seat_not_open", seat=seat, tid=tid))
            email = s.scalar(select(UserRow.email).where(UserRow.id == user_id)) if user_id is not None else None
            if email:  # a signed-in person's address gets the table's "your turn" notices
                s.execute(update(SeatRow).where(SeatRow.table_id == tid, SeatRow.seat == seat)
                          .values(email=normal_address(email), optout_token=secrets.token_urlsafe(24)))
            self._update_status(s, tid)
        return token

    def seat_for_token(self, tid: str, token: str, table_must_exist: bool = False) -> int | None:
        """The seat the token's person plays (None: no seat of this table is that person's, or a
        computer stands in for them).  ``table_must_exist``: NotFound when there is no such table,
        which a connection to a table not in memory learns from this one read of its seats."""
        if not token:
            return None
        with self.engine.connect() as c:
            rows = c.execute(select(_SEATS.c.seat, _SEATS.c.kind, _SEATS.c.token_hash)
                             .where(_SEATS.c.table_id == tid)).all()
        if not rows and table_must_exist:  # every table has a seat row per player
            raise NotFound(server_said("no_table", tid=tid))
        wanted = hash_token(token)
        row = next((r for r in rows if r.token_hash == wanted), None)
        return row.seat if row is not None and row.kind == "human" else None

    def seat_to_bot(self, tid: str, seat: int, agent: str) -> bool:
        """A computer plays the seat.  A person's seat keeps its name and token, so that the
        person can take it back (``reclaim_seat``).  At a rated table a person's seat taken by
        the computer once the game has begun is abandoned for good (``left_at``: the plies made
        then, ratings.py); True when the seat is abandoned."""
        with self._write_lock, self.Session.begin() as s:
            row = s.scalars(select(SeatRow).where(SeatRow.table_id == tid, SeatRow.seat == seat)).first()
            if row is None:
                raise NotFound(server_said("no_seat", seat=seat, tid=tid))
            if not row.token_hash:
                row.name = f"computer ({agent})"
            row.kind, row.agent = "bot", agent
            t = s.get(TableRow, tid)
            if t.rated and row.token_hash and row.left_at is None and t.status != "finished":
                row.left_at = self._plies(s.connection(), tid)
            self._update_status(s, tid)
            return row.left_at is not None

    def reclaim_seat(self, tid: str, token: str, now: float | None = None) -> int | None:
        """The token's person takes back the seat a computer plays for them; returns the seat,
        or None when the token holds no such seat.  With ``now`` (the server's clock), a clocked
        table's clock gives them time in the same transaction (``clocks.reclaimed``), so that a
        seat whose time ran out is not timed out again at once; at a rated table it never does
        (the seat's bank and deadline stay as they stood, so a hand-over buys no time)."""
        if not token:
            return None
        with self._write_lock, self.Session.begin() as s:
            row = s.scalars(select(SeatRow).where(SeatRow.table_id == tid, SeatRow.token_hash == hash_token(token),
                                                  SeatRow.kind == "bot")).first()
            if row is None:
                return None
            row.kind, row.agent = "human", ""
            t = s.get(TableRow, tid)
            # a rated table never gives time: the bank goes on from where it stood
            if now is not None and t.clock and t.status == "playing" and not t.rated:
                cs = clocks.reclaimed(_clock_of(t), row.seat, now)
                t.banks, t.deadline, t.turn_started = cs.banks, cs.deadline, cs.turn_started
            return row.seat

    def _update_status(self, s: Session, tid: str) -> None:
        t = s.get(TableRow, tid)
        if t.status == "finished":
            return
        t.status = _status_of(s.scalars(select(SeatRow.kind).where(SeatRow.table_id == tid)).all())

    # ------------------------------------------------------------------ chat
    def add_chat(self, tid: str, seat: int | None, name: str, text: str, ply: int, at: float) -> dict:
        """Keep one chat line of the table; returns it as the chat message carries it."""
        with self._write_lock, self.Session.begin() as s:
            row = ChatRow(table_id=tid, seat=seat, name=name, text=text, ply=ply, at=at)
            s.add(row)
            s.flush()
            return _chat_line(row)

    def chat(self, tid: str, last: int = 100, upto_ply: int | None = None) -> list[dict]:
        """The table's last ``last`` chat lines, oldest first (``upto_ply``: said up to that ply)."""
        q = (select(_CHAT.c.id, _CHAT.c.seat, _CHAT.c.name, _CHAT.c.text, _CHAT.c.ply, _CHAT.c.at)
             .where(_CHAT.c.table_id == tid))
        if upto_ply is not None:
            q = q.where(_CHAT.c.ply <= upto_ply)
        with self.engine.connect() as c:
            rows = c.execute(q.order_by(_CHAT.c.id.desc()).limit(last)).all()
        return [_chat_line(r) for r in reversed(rows)]

    # ------------------------------------------------------------------ concessions
    def concede(self, tid: str, expected_version: int, seat: int, finished: bool, to_move: int | None,
                level: str) -> int:
        """The seat's person concedes: one step ("concede") stored in the transaction that
        advances the table's version (guarded like every step: Conflict when the table moved on
        or the seat is no longer its person's).  ``finished``: the game ends with it; else a
        computer (``level``) plays the seat out and its token no longer takes it back.  At a
        rated table the seat is abandoned (``left_at``), so ratings count it last.  Returns the
        new version."""
        with self._write_lock, self.Session.begin() as s:
            conn = s.connection()
            plies = self._plies(conn, tid)
            values, params, row = self._step_values(tid, expected_version, "concede", seat, "",
                                                    "finished" if finished else None, to_move, None, "human")
            if finished:
                values["to_move"] = None
                values["deadline"] = None
            advance, add = self._step_statements(True, tuple(values))
            params.update({f"v_{k}": v for k, v in values.items()})
            if conn.execute(advance, params).rowcount != 1:
                raise self._conflict(tid, expected_version, seat, "human")
            conn.execute(add, row)
            x = s.scalars(select(SeatRow).where(SeatRow.table_id == tid, SeatRow.seat == seat)).first()
            t = s.get(TableRow, tid)
            if t.rated and x.left_at is None:
                x.left_at = plies
            if not finished:
                x.kind, x.agent, x.token_hash = "bot", level, ""
        return expected_version + 1

    # ------------------------------------------------------------------ reviews
    def get_review(self, tid: str, seat: int, level: str) -> dict | None:
        with self.Session() as s:
            row = s.execute(select(ReviewRow).where(ReviewRow.table_id == tid, ReviewRow.seat == seat,
                                                    ReviewRow.level == level)).scalar_one_or_none()
            return None if row is None else row.data

    def save_review(self, tid: str, seat: int, level: str, data: dict) -> dict:
        """Keep a review; when another request stored it first, that one is kept and returned."""
        with self._write_lock, self.Session() as s:
            s.add(ReviewRow(table_id=tid, seat=seat, level=level, data=data))
            try:
                s.commit()
            except IntegrityError:
                s.rollback()
                return self.get_review(tid, seat, level)
        return data

    # ------------------------------------------------------------------ hints
    def hints(self, tid: str) -> dict[int, dict]:
        """Per seat with a row: {"agree": bool, "used": int}."""
        with self.Session() as s:
            rows = s.scalars(select(HintRow).where(HintRow.table_id == tid)).all()
            return {r.seat: {"agree": bool(r.agree), "used": int(r.used or 0)} for r in rows}

    def hint_agree(self, tid: str, seat: int) -> None:
        self._hint_update(tid, seat, agree=True)

    def hint_used(self, tid: str, seat: int) -> None:
        self._hint_update(tid, seat, used=1)

    def _hint_update(self, tid: str, seat: int, agree: bool = False, used: int = 0) -> None:
        for _ in range(2):      # a second pass when another request made the row first
            with self._write_lock, self.Session() as s:
                row = s.scalars(select(HintRow).where(HintRow.table_id == tid, HintRow.seat == seat)).first()
                if row is None:
                    s.add(HintRow(table_id=tid, seat=seat, agree=agree, used=used))
                else:
                    row.agree = bool(row.agree) or agree
                    row.used = int(row.used or 0) + used
                try:
                    s.commit()
                    return
                except IntegrityError:
                    s.rollback()
