"""Accounts: sign-up, sign-in and sign-out with a username and password, sessions, CSRF
protection, a slow-down of password guessing, player pages and per-game ratings.

- Passwords are kept as Argon2id hashes (argon2-cffi, its default parameters: 64 MiB of memory
  each); a hash made with older parameters is replaced at the next sign-in.  At most
  ``hash_concurrency`` hashes run at once, in threads off the event loop (HashGate), and at most
  ``hash_waiting`` requests wait for one (more are answered 503): the memory Argon2 takes stays
  bounded whatever arrives.
- A session is a random cookie (``lapilli_session``: HttpOnly, SameSite=Lax, Secure over HTTPS or
  with LAPILLI_SECURE_COOKIES=1) whose SHA-256 is a row of ``sessions``; signing out deletes it.
- CSRF: every state-changing request (POST, PUT, PATCH, DELETE) that carries a valid session
  cookie must carry the session's CSRF token in the header X-CSRF-Token; the browser reads it
  from the cookie ``lapilli_csrf`` (not HttpOnly: a page of another site cannot read it).
- Sign-up (LAPILLI_SIGNUP_RATE) and sign-in (LAPILLI_SIGNIN_RATE) are rate-limited per client
  address.  Failed sign-ins slow down the (name, address) pair that made them: after
  ``lockout_failures`` failures within ``lockout_seconds`` that pair is refused until the oldest
  leaves the window; the name stays open to its owner from any other address.  An unknown name
  and a wrong password are answered alike (status, words, and an Argon2 verification each) and
  count alike, so the answers do not tell which names exist.
- Usernames go through names.check_name, as guests' names do, and may not look like an existing
  account's (names.keys).
"""
from __future__ import annotations

import asyncio
import hashlib
import hmac
import os
import re
import secrets
import sys
import threading
import time
from collections import OrderedDict, deque
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Callable

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, or_, select, update
from sqlalchemy.exc import IntegrityError
from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection

from .models import RatingChangeRow, RatingRow, SeatRow, SessionRow, TableRow, UserRow
from ..words import server_said
from .names import NameRefused, check_name, keys
from .notices import valid_address
from .ratings import Rating, early as ratings_early, pairwise, places, update as glicko_update
from .store import NotFound, Store

SESSION_COOKIE = "lapilli_session"
CSRF_COOKIE = "lapilli_csrf"
CSRF_HEADER = "x-csrf-token"
USERNAME = re.compile(r"^[A-Za-z0-9_-]{3,20}$")
UNSAFE = ("POST", "PUT", "PATCH", "DELETE")


class AccountError(Exception):
    """A refused account request: ``status`` is its HTTP status, the message says what to do."""

    def __init__(self, message: str, status: int = 400, retry_after: int | None = None):
        super().__init__(message)
        self.message, self.status, self.retry_after = message, status, retry_after


@dataclass
class User:
    id: int
    username: str
    email: str | None = None


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


_dummies: dict[tuple, str] = {}
_dummies_lock = threading.Lock()


def _dummy_hash(hasher: PasswordHasher) -> str:
    """What an unknown name's password is checked against: a hash of a random secret with
    ``hasher``'s parameters (the same work as checking a known name's), made once per process
    for those parameters, before the first sign-in needs it, not once per server built."""
    key = (hasher.time_cost, hasher.memory_cost, hasher.parallelism, hasher.hash_len, hasher.salt_len, hasher.type)
    with _dummies_lock:
        if key not in _dummies:
            _dummies[key] = hasher.hash(secrets.token_hex(8))
        return _dummies[key]


def _aware(t: datetime | None) -> datetime | None:
    """SQLite gives back naive datetimes: they were stored in UTC."""
    return t.replace(tzinfo=timezone.utc) if t is not None and t.tzinfo is None else t


def _background_thread() -> None:
    """A hashing thread yields the CPU to the event loop's: on Linux, where the nice value is per
    thread (and Argon2's own threads inherit it), it runs at nice 10."""
    if sys.platform.startswith("linux"):
        try:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)
        except OSError:
            pass


class HashGate:
    """At most ``concurrency`` password hashes at once (Argon2id takes 64 MiB each), and at most
    ``waiting`` requests waiting for one: past that a request is answered 503 at once, so neither
    the memory of the hashes nor the queue in front of them grows with what arrives.  Waiting
    happens on the event loop, never in a thread, so the threads other requests need stay free;
    the hashes run in threads of their own, at a lower CPU priority than the event loop, so that
    the tables' messages are answered first when the cores are busy."""

    def __init__(self, concurrency: int = 2, waiting: int = 32):
        self.concurrency, self.max_waiting = max(1, concurrency), max(0, waiting)
        self._free = asyncio.Semaphore(self.concurrency)
        self._pool = ThreadPoolExecutor(self.concurrency, "lapilli-hash", initializer=_background_thread)
        self.waiting = 0

    @asynccontextmanager
    async def slot(self):
        if self._free.locked() and self.waiting >= self.max_waiting:
            raise AccountError(server_said("hash_busy"), 503, retry_after=2)
        self.waiting += 1
        try:
            await self._free.acquire()
        finally:
            self.waiting -= 1
        try:
            yield
        finally:
            self._free.release()

    async def run(self, fn, *args):
        """``fn(*args)`` in a hashing thread once a slot is free; when the request goes away the
        slot is still held until ``fn`` has returned, so slots count the hashes that run."""
        async with self.slot():
            job = asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)
            try:
                return await asyncio.shield(job)
            except asyncio.CancelledError:
                await asyncio.wait([job])
                raise

    def close(self) -> None:
        self._pool.shutdown(wait=False)


class Guesses:
    """Failed sign-ins per (name, address) in a moving window of ``seconds``: a pair with
    ``failures`` of them waits until the oldest leaves the window.  Kept in memory, at most
    ``max_pairs`` pairs (the least recently failed go first); ``clock`` is injected by tests."""

    def __init__(self, failures: int = 5, seconds: float = 900.0, max_pairs: int = 100_000,
                 clock: Callable[[], float] = time.time):
        self.failures, self.seconds, self.max_pairs, self.clock = max(1, failures), seconds, max_pairs, clock
        self._pairs: OrderedDict[tuple[str, str], deque] = OrderedDict()
        self._lock = threading.Lock()

    def wait(self, pair: tuple[str, str]) -> int:
        """Seconds the pair must wait before its next try (0: it may try now)."""
        now = self.clock()
        with self._lock:
            times = self._pairs.get(pair)
            if not times:
                return 0
            while times and times[0] <= now - self.seconds:
                times.popleft()
            if not times:
                del self._pairs[pair]
                return 0
            return int(times[0] + self.seconds - now) + 1 if len(times) >= self.failures else 0

    def failed(self, pair: tuple[str, str]) -> None:
        with self._lock:
            times = self._pairs.pop(pair, None) or deque(maxlen=self.failures)
            times.append(self.clock())
            self._pairs[pair] = times
            while len(self._pairs) > self.max_pairs:
                self._pairs.popitem(last=False)


WRONG = "wrong username or password"


class Accounts:
    """Users, sessions and ratings in the server's database.  ``now`` is the clock of the
    database's times, ``clock`` that of the sign-in slow-down (both injected by tests)."""

    def __init__(self, store: Store, lockout_failures: int = 5, lockout_seconds: float = 900.0,
                 session_days: float = 30.0, now: Callable[[], datetime] | None = None,
                 hash_concurrency: int = 2, hash_waiting: int = 32):
        self.store = store
        self.Session = store.Session
        self.lockout_failures, self.lockout_seconds = lockout_failures, lockout_seconds
        self.session_days = session_days
        self.now = now or (lambda: datetime.now(timezone.utc))
        self.guesses = Guesses(lockout_failures, lockout_seconds, clock=lambda: self.clock())
        self.clock = time.time
        self.gate = HashGate(hash_concurrency, hash_waiting)
        self.hasher = PasswordHasher()
        self._dummy = _dummy_hash(self.hasher)  # unknown names cost a hash too

    # ------------------------------------------------------------------ accounts
    def look_alike(self, name: str) -> str | None:
        """The username of an account whose name looks like ``name`` (names.keys), or None."""
        found = set(keys(name))
        with self.Session() as s:
            return s.scalars(select(UserRow.username).where(or_(UserRow.key == name.lower(),
                                                                UserRow.skeleton.in_(found),
                                                                UserRow.skeleton_folded.in_(found)))
                             .limit(1)).first()

    def guest_name(self, raw: str) -> str:
        """A guest's name as typed for a seat, checked (names.check_name) and not an account's."""
        try:
            name = check_name(raw, server_said("who_guest"))
        except NameRefused as e:
            raise AccountError(e.args[0]) from None
        if name:
            taken = self.look_alike(name)
            if taken is not None:
                raise AccountError(server_said("guest_name_of_account", name=name, taken=taken))
        return name

    def sign_up(self, username: str, password: str, email: str | None = None) -> User:
        try:
            username = check_name(username, server_said("who_username"))
        except NameRefused as e:
            raise AccountError(e.args[0]) from None
        if not USERNAME.match(username):
            raise AccountError(server_said("username_form"))
        if not 8 <= len(password) <= 200:
            raise AccountError(server_said("password_length"))
        if email is not None and not valid_address(email):  # the check of every address notices go to
            raise AccountError(server_said("email_invalid"))
        taken = server_said("username_taken", username=username)
        if self.look_alike(username) is not None:
            raise AccountError(taken, 409)
        digest = self.hasher.hash(password)
        plain, folded = keys(username)
        try:
            with self.store._write_lock, self.Session.begin() as s:
                row = UserRow(username=username, key=username.lower(), password_hash=digest, email=email or None,
                              failed=0, created=self.now(), skeleton=plain, skeleton_folded=folded)
                s.add(row)
                s.flush()
                return User(row.id, row.username, row.email)
        except IntegrityError:
            raise AccountError(taken, 409) from None

    def sign_in(self, username: str, password: str, address: str = "unknown") -> User:
        """The user, when the password is right.  A failure (an unknown name or a wrong password,
        answered alike) counts against the (name, address) pair; a pair with too many waits."""
        pair = (username.lower(), address)
        wait = self.guesses.wait(pair)
        if wait:
            raise AccountError(server_said("signin_locked", wait=wait), 429, retry_after=wait)
        with self.Session() as s:
            row = s.scalars(select(UserRow).where(UserRow.key == username.lower())).first()
        try:
            # an unknown name is checked against a dummy hash: the same work as a known one
            self.hasher.verify(row.password_hash if row is not None else self._dummy, password)
            if row is None:
                raise VerificationError(WRONG)
        except (VerificationError, InvalidHashError):
            self.guesses.failed(pair)
            raise AccountError(server_said("wrong_password"), 401) from None
        if self.hasher.check_needs_rehash(row.password_hash):
            with self.store._write_lock, self.Session.begin() as s:
                s.get(UserRow, row.id).password_hash = self.hasher.hash(password)
        return User(row.id, row.username, row.email)

    def user(self, username: str) -> User:
        with self.Session() as s:
            row = s.scalars(select(UserRow).where(UserRow.key == username.lower())).first()
        if row is None:
            raise NotFound(server_said("no_player", username=username))
        return User(row.id, row.username, row.email)

    # ------------------------------------------------------------------ sessions
    def open_session(self, user: User) -> tuple[str, str]:
        """A new session of ``user``: its cookie value and its CSRF token."""
        token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(24)
        now = self.now()
        with self.store._write_lock, self.Session.begin() as s:
            # the user's expired sessions go as a new one opens
            s.execute(delete(SessionRow).where(SessionRow.user_id == user.id, SessionRow.expires <= now))
            s.add(SessionRow(id=_hash(token), user_id=user.id, csrf=csrf, created=now,
                             expires=now + timedelta(days=self.session_days)))
        return token, csrf

    def session(self, token: str | None) -> tuple[User, str] | None:
        """The signed-in user of a session cookie and the session's CSRF token, or None."""
        if not token or len(token) > 200:
            return None
        with self.Session() as s:
            row = s.execute(select(SessionRow, UserRow).join(UserRow, UserRow.id == SessionRow.user_id)
                            .where(SessionRow.id == _hash(token))).first()
        if row is None or _aware(row[0].expires) <= self.now():
            return None
        sess, u = row
        return User(u.id, u.username, u.email), sess.csrf

    def close_session(self, token: str | None) -> None:
        if token:
            with self.store._write_lock, self.Session.begin() as s:
                row = s.get(SessionRow, _hash(token))
                if row is not None:
                    s.delete(row)

    @staticmethod
    def csrf_ok(expected: str, given: str | None) -> bool:
        return bool(given) and hmac.compare_digest(expected.encode(), given.encode())

    # ------------------------------------------------------------------ ratings
    def rate_finished(self, tid: str, winners: list[int], scores: list, lower_wins: bool) -> dict | None:
        """Apply the rating changes of a finished rated table, once (the transaction that sets
        ``rated_done`` applies them); returns {seat: (before, after)} or None when there was
        nothing to do."""
        with self.store._write_lock, self.Session.begin() as s:
            res = s.execute(update(TableRow).where(TableRow.id == tid, TableRow.rated.is_(True),
                                                   TableRow.status == "finished", TableRow.rated_done.is_(False))
                            .values(rated_done=True))
            if res.rowcount != 1:
                return None
            t = s.get(TableRow, tid)
            game = t.game
            seats = s.scalars(select(SeatRow).where(SeatRow.table_id == tid).order_by(SeatRow.seat)).all()
            if any(x.user_id is None for x in seats):
                return None  # cannot happen through the API: every seat of a rated table is an account
            # the computer plays a person's seat at the end, or took it during the game (handed over,
            # or the person's time ran out; the person may have taken it back since): that person
            # abandoned, and left early when the game had made few of its usual plies then
            abandoned = {x.seat for x in seats if x.kind == "bot" or x.timed_out or x.left_at is not None}
            early = {x.seat for x in seats if x.left_at is not None and ratings_early(game, t.players, x.left_at)}
            pairs = pairwise(places(winners, scores, lower_wins), abandoned, early)
            stored = {x.seat: s.scalars(select(RatingRow).where(RatingRow.user_id == x.user_id,
                                                                RatingRow.game == game)).first() for x in seats}
            # everyone's rating as it stands (rated in this game or not: their opponents read it)
            everyone = {seat: Rating(r.rating, r.rd, r.vol) if r is not None else Rating()
                        for seat, r in stored.items()}
            rows = {}
            for x in seats:
                if not pairs.get(x.seat):
                    continue  # the game is not rated for this seat (another abandoned it early)
                r = stored[x.seat]
                if r is None:
                    r = RatingRow(user_id=x.user_id, game=game, rating=Rating().rating, rd=Rating().rd,
                                  vol=Rating().vol, games=0)
                    s.add(r)
                rows[x.seat] = r
            before = {seat: everyone[seat] for seat in rows}
            after = glicko_update(everyone, {seat: pairs[seat] for seat in rows})
            for seat, r in rows.items():
                r.rating, r.rd, r.vol, r.games = after[seat].rating, after[seat].rd, after[seat].vol, r.games + 1
                r.updated = self.now()
                s.add(RatingChangeRow(table_id=tid, seat=seat, user_id=r.user_id, before=before[seat].rating,
                                      after=after[seat].rating))
            return {seat: (before[seat], after[seat]) for seat in rows}

    def rating_changes(self, tid: str) -> list[dict]:
        """Each rated seat's account and rating before and after the finished table (empty: not
        a rated table, not finished, or its changes still pending); rounded as the player pages
        show them."""
        with self.Session() as s:
            rows = s.execute(select(RatingChangeRow, UserRow.username)
                             .outerjoin(UserRow, UserRow.id == RatingChangeRow.user_id)
                             .where(RatingChangeRow.table_id == tid).order_by(RatingChangeRow.seat)).all()
        return [{"seat": c.seat, "username": name, "before": round(c.before, 1), "after": round(c.after, 1)}
                for c, name in rows]

    def ratings(self, user_id: int) -> list[dict]:
        with self.Session() as s:
            rows = s.scalars(select(RatingRow).where(RatingRow.user_id == user_id).order_by(RatingRow.game)).all()
        return [{"game": r.game, "rating": round(r.rating, 1), "rd": round(r.rd, 1), "games": r.games} for r in rows]

    def leaderboard(self, game: str, limit: int = 50, offset: int = 0) -> list[dict]:
        """The rated players of ``game``, best rating first."""
        with self.Session() as s:
            rows = s.execute(select(RatingRow, UserRow.username).join(UserRow, UserRow.id == RatingRow.user_id)
                             .where(RatingRow.game == game, RatingRow.games > 0)
                             .order_by(RatingRow.rating.desc(), UserRow.key).offset(offset).limit(limit)).all()
        return [{"rank": offset + i + 1, "username": name, "rating": round(r.rating, 1), "rd": round(r.rd, 1),
                 "games": r.games} for i, (r, name) in enumerate(rows)]

    def tables_of(self, user_id: int, finished: bool, limit: int) -> list[tuple[str, int]]:
        """(table id, seat) of the user's tables, finished or not, the last changed first."""
        with self.Session() as s:
            cond = TableRow.status == "finished" if finished else TableRow.status != "finished"
            return [tuple(r) for r in s.execute(
                select(TableRow.id, SeatRow.seat).join(SeatRow, SeatRow.table_id == TableRow.id)
                .where(SeatRow.user_id == user_id, cond)
                .order_by(TableRow.updated.desc(), TableRow.id).limit(limit)).all()]


# ---------------------------------------------------------------------- the web API (routes/accounts.py)
def current_user(request: HTTPConnection) -> User | None:
    """FastAPI dependency: the signed-in user of a request (by its session cookie), or None for a
    guest.  Read once per request."""
    if not hasattr(request.state, "account"):
        found = request.app.state.accounts.session(request.cookies.get(SESSION_COOKIE))
        request.state.account = found
    found = request.state.account
    return found[0] if found else None


async def csrf_guard(conn: HTTPConnection) -> None:
    """FastAPI dependency of every route: a state-changing request made with a valid session
    cookie must carry the session's CSRF token in X-CSRF-Token.  A coroutine, so that what it
    lets through at once (every WebSocket, every safe method, every request without a session
    cookie) costs no hop to a worker thread, as a plain function's call would (FastAPI runs those
    in its thread pool); the session's read from the database goes to one."""
    if conn.scope["type"] != "http" or conn.scope["method"] not in UNSAFE or SESSION_COOKIE not in conn.cookies:
        return
    await run_in_threadpool(current_user, conn)
    found = conn.state.account
    if found and not Accounts.csrf_ok(found[1], conn.headers.get(CSRF_HEADER)):
        raise AccountError(server_said("csrf"), 403)


async def rate_room(accounts: Accounts, room) -> dict | None:
    """The rating changes of a finished rated table, applied once (None: nothing to do): the
    Hub's ``on_finish``."""
    if room.info.rated and room.over:
        # a concession ranks the seat last (it is abandoned: Store.concede); a game ended by one
        # tells no score, so the others place by the winners alone
        out = room.outcome()
        scores = [0 if x is None else x for x in out["scores"]]
        return await run_in_threadpool(accounts.rate_finished, room.info.id, out["winners"], scores,
                                       out["lower_wins"])
    return None
