"""Live tables: the engine state of each table in memory, its connections, its computer seats.

Every change goes: check the seat -> the engine validates and applies on a copy -> the step is
stored in the transaction that advances the table's version -> the copy becomes the table's
state -> each connection gets its own seat's view (spectators the public one).

What keeps it standing:
- each connection has its own bounded queue and writer: a send that waits longer than the send
  timeout, or a queue that fills, closes that connection (code 1013), never the table;
- a view is serialized once per seat and change (every spectator shares one text), and a new
  connection gets its own view only (the others hear of it when the seats present change);
- a step that cannot be stored (the database does not answer) is refused with a message, and the
  table is re-read once the database answers again; a computer's move is retried until stored,
  the version guard of the store making sure one decision is stored once;
- a table with no connection and no computer to move leaves memory after an idle time (or when
  too many are loaded) and is read back from storage when asked for.
"""
from __future__ import annotations

import asyncio
import functools
import json
import logging
import time
from collections import Counter, OrderedDict
from pathlib import Path
from typing import Any, Awaitable, Callable

from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.concurrency import run_in_threadpool

from ..engine import narration
from ..engine.errors import IllegalAction, LapilliError
from ..engine.fairness import actions_digest
from ..engine.registry import new_game
from . import clocks
from .bots import BotPool
from .pubsub import PubSub
from .store import Conflict, Store, TableInfo

log = logging.getLogger("lapilli.server")

# what the database driver raises when the database cannot be reached
STORAGE_ERRORS = (DBAPIError, PoolTimeout)
STORAGE_DOWN = "the database is not answering"
NOT_STARTED = "the game has not started: it starts when every seat is taken"
SLOW_CLOSE = 1013  # "try again later": the connection did not read its messages in time


class ActionRefused(Exception):
    def __init__(self, message: str, rule: str = ""):
        super().__init__(message)
        self.message = message
        self.rule = rule


class StorageUnavailable(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class Conn:
    """One WebSocket connection: its seat (None for a spectator), and a bounded queue of
    serialized messages that its own writer task sends, each within ``timeout`` seconds.  A
    connection that falls behind is marked dead; its handler then closes it."""

    def __init__(self, ws, seat: int | None, timeout: float, limit: int, delta: bool = False):
        self.ws = ws
        self.seat = seat
        # ``delta``: the client keeps the log and is sent only the lines it does not have
        # (Room.text_for); ``have``: the log lines it was last sent, by number (their JSON)
        self.delta = delta
        self.have: dict[int, str] | None = None
        self.timeout = timeout
        self.queue: asyncio.Queue[str] = asyncio.Queue(max(1, limit))
        self.dead = asyncio.Event()
        self.why = ""
        self.on_dead: Callable[[Conn], None] | None = None
        self._writer = asyncio.create_task(self._write())

    def send(self, text: str) -> None:
        if self.dead.is_set():
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.kill(f"more than {self.queue.maxsize} messages waiting")

    def send_json(self, msg: dict) -> None:
        self.send(json.dumps(msg, separators=(",", ":"), ensure_ascii=False))

    async def _write(self) -> None:
        while True:
            text = await self.queue.get()
            try:
                async with asyncio.timeout(self.timeout):  # no task per message, as wait_for makes
                    await self.ws.send_text(text)
            except asyncio.TimeoutError:
                self.kill(f"a message not taken within {self.timeout:g} s")
                return
            except Exception:
                self.kill("gone")
                return

    def kill(self, why: str) -> None:
        if self.dead.is_set():
            return
        self.why = why
        self.dead.set()
        if why != "gone":
            log.warning("a connection is closed: too slow (%s)", why)
        if self.on_dead is not None:
            self.on_dead(self)

    def stop(self) -> None:
        self.dead.set()
        self._writer.cancel()


BOARDS = Path(__file__).resolve().parent.parent / "web" / "boards"


@functools.lru_cache(maxsize=None)
def has_board(game_id: str) -> bool:
    """The web client draws this game with a board of its own (web/boards/<game>.js), so its
    views need not carry the text picture."""
    return (BOARDS / f"{game_id}.js").is_file()


def with_chance_words(game_id: str, item: dict) -> dict:
    """The item with its chance value told as players see the component ("words", per language),
    when the game tells it so (a card by its face, a tile by its shape, not their ids)."""
    c = item.get("chance")
    if not c or c.get("value") is None:
        return item
    words = {lang: narration.chance_words(game_id, c, lang) for lang in narration.LANGUAGES}
    if any(w is None for w in words.values()):
        return item
    return dict(item, chance=dict(c, words=words))


def log_entries(st, rows, reader: int | None, names: dict, memo: dict | None = None) -> list[dict]:
    """Log lines as ``reader`` reads them on the position ``st``: ``rows`` are (n, seat, action,
    events), the set-up being (0, None, None, setup events).  Each line has the items of the
    game's one door (``State.readings``), their sentences in every language, and the action's
    notation where the reader may see it whole (its actor, a game whose players hide nothing
    from each other, or the game's end), so the board can mark the last move.  ``names``: each
    seat's name per language (``seat_labels``)."""
    out = []
    open_notation = st.is_terminal or not st.SPEC.private_information
    for n, s, a, events in rows:
        readings = st.readings(s, a, events, reader)
        # ``memo`` (n -> (readings, names, items, text)): narrating a line is the costly part of a
        # view, and a line reads the same until the game reveals a secret in it or a name changes
        known = memo.get(n) if memo is not None else None
        if known is not None and known[0] == readings and known[1] == names:
            items, text = known[2], known[3]
        else:
            items = [with_chance_words(st.game_id, it) for it in readings]
            text = {lang: narration.text(st.game_id, items, lang, names[lang], reader) for lang in narration.LANGUAGES}
            if memo is not None:
                memo[n] = (readings, names, items, text)
        entry = {"n": n, "seat": s, "items": items, "text": text}
        if a is not None and (open_notation or (reader is not None and reader == s)):
            entry["action"] = a
        out.append(entry)
    return out


def seat_label(st, s, lang: str) -> str:
    """The one name a seat goes by at the table (``narration.seat_label``): the name its person
    gave, else its colour; a computer adds its level.  The status line, the log, the player panels
    and the results all use it."""
    return narration.seat_label(st, s.seat, lang, s.name, s.agent if s.kind == "bot" else "", s.stand_in)


def seat_labels(st, info: TableInfo) -> dict[str, list[str]]:
    """``seat_label`` of every seat, in every language of the narration."""
    return {lang: [seat_label(st, s, lang) for s in info.seats] for lang in narration.LANGUAGES}


def players(st, info: TableInfo) -> list[dict]:
    """Each seat's display name in every language (``seat_label``) and colour, from the game's
    colour list (``SPEC.seat_colours``) and the state (a game may let players choose);
    ``account``: the seat's person is a signed-in account (its name is its username, with a player
    page), else a guest, whose name no account has (names.py), or a computer."""
    out = []
    for s in info.seats:
        c = narration.seat_colour(st, s.seat)
        out.append({"seat": s.seat, "kind": s.kind, "name": s.name if s.kind == "human" else "",
                    "account": s.user_id is not None,
                    "level": s.agent if s.kind == "bot" else "",
                    "label": {lang: seat_label(st, s, lang) for lang in narration.LANGUAGES},
                    "colour": {"en": c[0], "it": c[1], "css": c[2]} if c else None})
    return out


def result(st) -> dict:
    """The end of the game told in full: scores, winners, each score's parts (they add up to
    it), the tie-break that decided, and whether the lowest score wins."""
    return {"scores": st.scores(), "winners": st.winners(), "breakdown": st.score_breakdown(),
            "tie_break": st.tie_break(), "lower_wins": st.SPEC.lower_score_wins}


class Room:
    """One table in memory."""

    def __init__(self, info: TableInfo, now: float = 0.0, seat_grace: float = 120.0, data=None,
                 presence_ttl: float = 60.0, mono: Callable[[], float] = time.monotonic):
        self.info = info
        self.seat_grace = seat_grace
        self.mono = mono  # the clock of presence and seat grace (monotonic seconds)
        # when each person's seat was last left; a seat nobody has opened since the table was
        # loaded counts as left then
        loaded = mono()
        self.absent_since: dict[int, float] = {s.seat: loaded for s in info.seats if s.kind == "human"}
        # seats connected to other instances: seat -> {instance: when it last said so}; a seat
        # not heard of for presence_ttl counts as gone since then (Hub.on_presence)
        self.remote: dict[int, dict[str, float]] = {}
        self.presence_ttl = presence_ttl
        self.data = data  # the table's DataSet (None: the game's own data)
        self.state = new_game(info.game, info.players, info.seed, info.options, info.seeding, data=data)
        self.version = 0
        # (seat, action, undoable, events): the events are kept so that the log can be narrated
        self.acts: list[tuple[int, str, bool, list[dict]]] = []
        self.conns: dict[Any, int | None] = {}
        self.grace_timers: dict[int, Any] = {}  # seat -> the timer that ends its countdown (Hub._watch_grace)
        self.seats_present: Counter = Counter()  # seat -> open connections (spectators not counted)
        self.lock = asyncio.Lock()
        self.thinking = False
        self.healing = False
        self.last_used = now
        self._parts: dict = {}
        self._parts_version = -1
        self._texts: dict = {}
        self._texts_key = None
        self._digest_version = -1
        self._digest_of: tuple[list, str] = ([], info.commitment)  # (actions chained, digest after them)
        self._log_memo: dict = {}  # seat -> narrated log lines (log_entries)
        self._lines: dict = {}  # seat -> its log lines serialized (_line_texts)
        self._lines_key: dict = {}
        self._line_memo: dict = {}  # seat -> n -> (items, text, action, seat, the line serialized)
        self.now: Callable[[], float] = time.time  # the server's wall clock (the hub gives its own)

    @property
    def info(self) -> TableInfo:
        return self._info

    @info.setter
    def info(self, info: TableInfo) -> None:
        before = getattr(self, "_info", None)
        self._info = info
        self._info_stamp = getattr(self, "_info_stamp", 0) + 1
        if before is not None and before is not info:
            self._tell_seats_lost(before, info)

    def _tell_seats_lost(self, before: TableInfo, info: TableInfo) -> None:
        """Every connection of a person whose seat a computer now plays (handed over here or on
        another instance, or their time ran out) is told at once, before the new view."""
        for old, new in zip(before.seats, info.seats):
            if old.kind == "human" and new.kind == "bot":
                why = "your time ran out: " if new.timed_out and not old.timed_out else ""
                text = json.dumps({"type": "seat_lost", "seat": new.seat,
                                   "message": f"{why}the computer plays your seat ({new.seat}) now; "
                                              "reload the page to take it back"}, separators=(",", ":"))
                for conn, seat in list(self.conns.items()):
                    if seat == new.seat:
                        conn.send(text)

    def started(self) -> bool:
        """Play has begun: every seat is taken (by a person or a computer).  No move is accepted
        before, a computer's included, and the start is one change every connection is shown."""
        return all(s.kind != "open" for s in self.info.seats)

    def computer_to_move(self) -> bool:
        st = self.state
        return not st.is_terminal and self.started() and self.info.seats[st.to_move].kind == "bot"

    # ------------------------------------------------------------------ steps
    def try_act(self, seat: int, action: str, in_place: bool = False):
        """Validate and apply on a copy (``in_place``: on the state itself, for a room nobody
        holds yet); returns (new_state, undoable, events) or raises ActionRefused."""
        st = self.state
        if st.is_terminal:
            raise ActionRefused("the game is over")
        if st.to_move != seat:
            raise ActionRefused(f"it is not your turn: seat {st.to_move} is to move")
        new = st if in_place else st.clone()
        try:
            events = new.apply(action)
        except IllegalAction as e:
            raise ActionRefused(e.message, e.rule) from None
        # an undo must not take back a draw, a die or hidden information already revealed
        undoable = not new.reveals(events)
        return new, undoable, events

    def apply_stored(self, version: int, kind: str, seat: int, action: str, fresh: bool = False) -> None:
        """Apply a step read back from storage (already validated when it was stored).
        ``fresh``: the room is being built and nobody holds it yet, so the step is applied in
        place instead of on a copy (a refused step then fails the whole load)."""
        if kind == "act":
            new, undoable, events = self.try_act(seat, action, in_place=fresh)
            self.state = new
            self.acts.append((seat, new.history[-1], undoable, events))
        elif kind == "undo":
            self.acts.pop()
            self._rebuild()
        self.version = version

    def _rebuild(self) -> None:
        st = new_game(self.info.game, self.info.players, self.info.seed, self.info.options, self.info.seeding,
                      data=self.data)
        acts = []
        for seat, action, undoable, _ in self.acts:
            acts.append((seat, action, undoable, st.apply(action)))
        self.acts = acts
        self.state = st

    def can_undo(self, seat: int | None) -> bool:
        """The seat may take back its last action while it is still its turn and nothing random
        or hidden happened since."""
        if seat is None or not self.acts or self.state.is_terminal:
            return False
        last_seat, _, undoable, _ = self.acts[-1]
        return last_seat == seat and undoable and self.state.to_move == seat

    # ------------------------------------------------------------------ views
    def _seat_part(self, seat: int | None) -> dict:
        """What a seat sees of the position: computed once per version and seat (every
        connection of that seat, and every presence-only broadcast, reuse it)."""
        # the log names the seats: a person joining changes it without a new version
        if self._parts_version != (self.version, self._info_stamp):
            self._parts, self._parts_version = {}, (self.version, self._info_stamp)
        part = self._parts.get(seat)
        if part is None:
            st = self.state
            part = {
                "observation": st.observation(seat),
                "legal": st.legal_actions() if seat is not None and st.to_move == seat and self.started() else [],
                "log": self._log(seat),
                "title": st.SPEC.title,
            }
            if not has_board(st.game_id):  # the web client's fallback shows the text picture
                part["text"] = st.render(seat)
            if st.is_terminal:
                part["result"] = result(st)
            self._parts[seat] = part
        return part

    def _log(self, seat: int | None, last: int = 60) -> list[dict]:
        """The table log as ``seat`` may read it (None: a spectator): the set-up (entry 0) and the
        last ``last`` acts, each read through the game's one door (``State.readings``) on the
        current position, so that a secret shows once the game reveals it."""
        st = self.state
        start = max(0, len(self.acts) - last)
        rows = [(0, None, None, st.setup_events)] if start == 0 and st.setup_events else []
        rows += [(i, s, a, ev) for i, (s, a, _, ev) in enumerate(self.acts[start:], start=start + 1)]
        memo = self._log_memo.setdefault(seat, {})
        if len(memo) > 2 * last + 1:  # lines scrolled out of the log, or taken back by an undo
            for n in [n for n in memo if n < start or n > len(self.acts)]:
                del memo[n]
        return log_entries(st, rows, seat, seat_labels(st, self.info), memo)

    # ------------------------------------------------------------------ seat grace
    def is_present(self, seat: int) -> bool:
        """The seat has a connection here, or another instance said it has one there within the
        presence TTL."""
        if self.seats_present.get(seat, 0) > 0:
            return True
        now = self.mono()
        return any(now - t < self.presence_ttl for t in self.remote.get(seat, {}).values())

    def grace_left(self, seat: int) -> float:
        """Seconds before another player may hand this person's seat to a computer (0 when the
        seat is connected to any instance, not a person's, or its grace is over).  The countdown
        runs from when the seat was last left, or last heard of on an instance that went silent."""
        if self.info.seats[seat].kind != "human" or self.is_present(seat):
            return 0.0
        now = self.mono()
        since = max([self.absent_since.get(seat, now), *self.remote.get(seat, {}).values()])
        return max(0.0, self.seat_grace - (now - since))

    def held(self) -> list[dict]:
        """The absent persons' seats still held for them, with the seconds left (the countdown
        the others see)."""
        out = []
        for s in self.info.seats:
            left = self.grace_left(s.seat)
            if left > 0:
                out.append({"seat": s.seat, "seconds": round(left, 1)})
        return out

    def present(self) -> list[int]:
        """The seats connected to any instance."""
        return sorted(s for s in set(self.seats_present) | set(self.remote) if self.is_present(s))

    def local_seats(self) -> list[int]:
        """The seats connected to this instance."""
        return sorted(s for s, n in self.seats_present.items() if n > 0)

    def heard(self, source: str, seats) -> bool:
        """Instance ``source`` says exactly ``seats`` are connected to it here (an empty list: none,
        or it stops).  A seat it no longer lists and that is connected nowhere else starts its
        countdown now (or from when it was last heard, if that instance had gone silent).  True
        when the seats present changed."""
        before, now = self.present(), self.mono()
        seats = {s for s in seats if type(s) is int and 0 <= s < self.info.players}
        for seat in seats:
            self.remote.setdefault(seat, {})[source] = now
        for seat, where in list(self.remote.items()):
            if source in where and seat not in seats:
                last = where.pop(source)
                self._forget(seat, now if now - last < self.presence_ttl else last)
        return self.present() != before

    def expire(self) -> bool:
        """Forget the seats other instances have not said for the presence TTL (the instance
        stopped without a word): each one's countdown runs from when it was last heard.  True when
        a seat stopped being present (its silence already counts; the views must show it)."""
        now, gone = self.mono(), False
        for seat, where in list(self.remote.items()):
            for source, last in list(where.items()):
                if now - last >= self.presence_ttl:
                    del where[source]
                    gone = self._forget(seat, last) or gone
        return gone

    def _forget(self, seat: int, left: float) -> bool:
        """A remote presence of ``seat`` ended at ``left``; True when the seat is now connected nowhere."""
        if not self.remote.get(seat):
            self.remote.pop(seat, None)
        if self.is_present(seat):
            return False
        self.absent_since[seat] = max(self.absent_since.get(seat, left), left)
        return True

    def _digest(self) -> str:
        """The digest chain of the actions so far, keyed by the table's secret salt (so that it
        reveals no hidden action: engine/fairness.py), extended by the new ones only (after an
        undo it starts again from the commitment)."""
        if self._digest_version != self.version:
            actions = [a for _, a, _, _ in self.acts]
            done, value = self._digest_of
            if len(done) > len(actions) or actions[:len(done)] != done:
                done, value = [], self.info.commitment
            self._digest_of = (actions, actions_digest(value, actions[len(done):], self.info.salt))
            self._digest_version = self.version
        return self._digest_of[1]

    def view(self, seat: int | None) -> dict:
        msg = {
            "type": "state",
            "table": self.info.public(),
            "version": self.version,
            "seat": seat,
            "can_undo": self.can_undo(seat),
            "present": self.present(),
            # names change when a person joins or a computer takes over, without a new version
            "players": players(self.state, self.info),
            "held": self.held(),
        }
        if self.info.clock and self.info.clock.clock:  # every seat's time left, the running one counting down
            msg["clock"] = clocks.public(self.info.clock, self.now())
        if self.info.commitment:  # the keyed chain of the actions so far, from the commitment (`lapilli verify --digest`)
            msg["digest"] = self._digest()
        msg.update(self._seat_part(seat))
        return msg

    def text_for(self, conn: "Conn", full: bool = False) -> str:
        """The view for this connection: the whole view, or, for a client that keeps the log
        (``conn.delta``) and was sent a view before, the view with only the log lines it does
        not have in this form: ``log_from`` (the first line of the log now), ``log_keep`` (the
        lines from ``log_from`` up to before this number are the ones it has) and ``log`` (the
        lines from ``log_keep`` on).  A line read anew (a secret revealed, a name changed, an
        undo) is sent again with every line after it.  ``full``: the whole view in any case."""
        seat = conn.seat
        if not conn.delta:
            return self.view_text(seat)
        entries = self._seat_part(seat)["log"]
        lines = self._line_texts(seat, entries)
        have, conn.have = conn.have, {e["n"]: t for e, t in zip(entries, lines)}
        k = 0
        if have is not None and not full:
            for e, t in zip(entries, lines):
                if have.get(e["n"]) != t:
                    break
                k += 1
        if k == 0:
            return self.view_text(seat)
        first = entries[0]["n"]
        keep = entries[k]["n"] if k < len(entries) else entries[-1]["n"] + 1
        texts = self._text_cache()
        key = ("delta", seat, first, keep)
        text = texts.get(key)
        if text is None:
            msg = self.view(seat)
            del msg["log"]  # a fresh dict: the cached part keeps its log
            msg.update(log_from=first, log_keep=keep)
            head = json.dumps(msg, separators=(",", ":"), ensure_ascii=False)
            text = texts[key] = head[:-1] + ',"log":[' + ",".join(lines[k:]) + "]}"
        return text

    def _line_texts(self, seat: int | None, entries: list[dict]) -> list[str]:
        """Each log line serialized, once per position and seat."""
        key = (self.version, self._info_stamp, seat)
        if self._lines_key.get(seat) != key:
            # a line whose items and sentences are the very objects the log memo reused is
            # serialized as before (log_entries gives them back while the line reads the same)
            memo, lines, fresh = self._line_memo.get(seat, {}), [], {}
            for e in entries:
                known = memo.get(e["n"])
                if (known is not None and known[0] is e["items"] and known[1] is e["text"]
                        and known[2] == e.get("action") and known[3] == e["seat"]):
                    line = known[4]
                else:
                    line = json.dumps(e, separators=(",", ":"), ensure_ascii=False)
                fresh[e["n"]] = (e["items"], e["text"], e.get("action"), e["seat"], line)
                lines.append(line)
            self._line_memo[seat] = fresh
            self._lines[seat], self._lines_key[seat] = lines, key
        return self._lines[seat]

    def view_text(self, seat: int | None) -> str:
        """The view of a seat, serialized once per position, seats present and table details:
        every connection of a seat (and every spectator) is sent the same text."""
        texts = self._text_cache()
        text = texts.get(seat)
        if text is None:
            text = texts[seat] = json.dumps(self.view(seat), separators=(",", ":"), ensure_ascii=False)
        return text

    def _text_cache(self) -> dict:
        """The serialized views of this position, seats present and table details (emptied
        when any of them changes)."""
        key = (self.version, tuple(self.present()), self._info_stamp, len(self.acts),
               tuple((h["seat"], h["seconds"]) for h in self.held()),
               # a running clock is read anew each second
               int(self.now()) if self.info.clock and self.info.clock.running() else None)
        if key != self._texts_key:
            self._texts, self._texts_key = {}, key
        return self._texts




class Hub:
    PEEKED = 64  # read-only tables peek keeps (besides the loaded ones, at most settings.max_tables)

    def __init__(self, store: Store, bots: BotPool, pubsub: PubSub, settings=None,
                 clock: Callable[[], float] = time.monotonic, datasets=()):
        from .config import Settings

        self.store = store
        self.datasets = {d.hash: d for d in (datasets or ())}  # the data sets this server was started with
        self.bots = bots
        self.pubsub = pubsub
        self.settings = settings or Settings()
        # seconds each computer move waits when a person sits at the table, so that a chain of
        # computer turns can be followed; tables of computers only are not slowed
        self.bot_pace = self.settings.bot_pace
        self.clock = clock
        # the table clocks and notices judge time by the database's clock: this instance's wall
        # clock (Settings.now; tests inject one) plus its offset from the database's (sync_clock)
        self.clock_offset = 0.0
        self.mailer = None
        if self.settings.smtp_url:
            from .notices import Mailer

            self.mailer = Mailer(self.settings.smtp_url, self.settings.mail_from, self.settings.public_url)
        # addresses given for notices per client address (/notify, sign-up)
        from .rates import PerAddress

        self.notify_limit = PerAddress(self.settings.notify_rate)
        self.rooms: dict[str, Room] = {}
        self.peeked: OrderedDict[str, Room] = OrderedDict()  # read-only tables (peek), least recent first
        self._load_lock = asyncio.Lock()
        self._tasks: set[asyncio.Task] = set()
        self.closing = False
        # awaited once after the step that ends a game is stored, before anyone is shown the end
        # (the server's ratings), and by retry_ratings for a finished table whose ratings are
        # still pending; true when it changed something.  A failure there is logged and never
        # undoes the stored move (the ratings stay pending and are retried)
        self.on_finish: Callable[[Room], Awaitable[Any]] | None = None

    def now(self) -> float:
        """The time by which deadlines are set and judged: the database's clock, as last measured
        (``sync_clock``), so that instances whose own clocks disagree agree on every deadline."""
        return self.settings.now() + self.clock_offset

    async def sync_clock(self) -> float:
        """Measure this instance's clock against the database's (one query; half its round trip
        counted on each side) and judge deadlines by the database's from now on.  Returns the
        offset (seconds to add to this instance's clock).  ``clock_sync`` 0: by this instance's
        own clock (a test's injected clock)."""
        if not self.settings.clock_sync:
            return self.clock_offset
        before = self.settings.now()
        db = await run_in_threadpool(self.store.db_time)
        after = self.settings.now()
        offset = db - (before + after) / 2
        if abs(offset) >= 1.0 and abs(offset - self.clock_offset) >= 1.0:
            log.warning("this instance's clock is %.1f s %s the database's: table clocks follow the database's "
                        "(keep every instance's clock in time, e.g. with NTP)", abs(offset),
                        "behind" if offset > 0 else "ahead of")
        self.clock_offset = offset
        return offset

    def _spawn(self, coro) -> asyncio.Task:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # ------------------------------------------------------------------ loading

    def dataset_for(self, info: TableInfo):
        """The DataSet a table plays with (None: the game's own data); refused when this server
        was not started with it."""
        if not info.dataset:
            return None
        ds = self.datasets.get(info.dataset.get("hash"))
        if ds is None:
            raise LapilliError(f"table {info.id} plays with the data set {info.dataset.get('name')!r} "
                               f"({str(info.dataset.get('hash'))[:12]}), which this server was not started with: "
                               f"start it with --data for that data set")
        return ds

    async def room(self, tid: str) -> Room:
        """The table in memory, loaded from storage if it is not (and its computer scheduled)."""
        room = self.rooms.get(tid)
        if room is None:
            async with self._load_lock:
                room = self.rooms.get(tid)
                if room is None:
                    self.peeked.pop(tid, None)  # built afresh: its seats' countdowns start now
                    room = await self._load(tid)
                    if len(self.rooms) >= self.settings.max_tables:
                        self.sweep(room_for=1)
                    self.rooms[tid] = room
                    self._trim_peeked()
                    self.pubsub.announce({"ask": [tid]})  # who is connected to it elsewhere
        room.last_used = self.clock()
        await self._start_clock(room)
        self.schedule_bot(room)
        return room

    def _build(self, tid: str, info: TableInfo | None = None) -> Room:
        """A table read from storage and played up to its last step (blocking: replaying a long
        game takes tens of milliseconds, so it runs in a worker thread, never on the event loop)."""
        if info is None:
            info = self.store.get(tid)
        room = Room(info, self.clock(), self.settings.seat_grace, self.dataset_for(info),
                    presence_ttl=self.settings.presence_ttl)
        room.now = self.now
        for version, kind, seat, action in self.store.steps(tid, 0):
            room.apply_stored(version, kind, seat, action, fresh=True)
        return room

    async def _load(self, tid: str, info: TableInfo | None = None) -> Room:
        try:
            return await run_in_threadpool(self._build, tid, info)
        except STORAGE_ERRORS:
            raise StorageUnavailable(f"{STORAGE_DOWN}: table {tid} cannot be opened now; try again in a moment") \
                from None

    async def peek(self, tid: str) -> Room:
        """The table as it stands, for reading only: the loaded one, or one read from storage
        that is not kept among the loaded tables.  The last ``PEEKED`` such reads are kept while
        their table has no new step (a player's page or My tables read the same tables on every
        visit), and are given their seats as stored now."""
        room = self.rooms.get(tid)
        if room is not None:
            return room
        try:
            info = await run_in_threadpool(self.store.get, tid)
        except STORAGE_ERRORS:
            raise StorageUnavailable(f"{STORAGE_DOWN}: table {tid} cannot be opened now; try again in a moment") \
                from None
        room = self.peeked.get(tid)
        if room is not None and room.version == info.version:
            self.peeked.move_to_end(tid)
            room.info = info
            room.last_used = self.clock()
            return room
        room = await self._load(tid, info)
        if self.rooms.get(tid) is not None:  # loaded meanwhile
            return self.rooms[tid]
        self.peeked[tid] = room
        self.peeked.move_to_end(tid)
        self._trim_peeked()
        return room

    def _trim_peeked(self) -> None:
        """Loaded and peeked tables together stay within max_tables."""
        keep = max(0, min(self.PEEKED, self.settings.max_tables - len(self.rooms)))
        while len(self.peeked) > keep:
            self.peeked.popitem(last=False)

    def in_memory(self) -> int:
        """Tables held in memory: the loaded ones and the read-only ones ``peek`` keeps."""
        return len(self.rooms) + len(self.peeked)

    async def info(self, tid: str) -> TableInfo:
        room = self.rooms.get(tid)
        return room.info if room is not None else await run_in_threadpool(self.store.get, tid)

    async def _catch_up(self, room: Room) -> None:
        steps = await run_in_threadpool(self.store.steps, room.info.id, room.version)
        for version, kind, seat, action in steps:
            room.apply_stored(version, kind, seat, action)

    async def refresh_info(self, tid: str) -> None:
        """The table's seats changed here (without a step): read them again, and tell the other
        instances to do the same."""
        room = self.rooms.get(tid)
        if room is None:
            info = await run_in_threadpool(self.store.get, tid)
            self._spawn(self.pubsub.publish(tid, info.version, seats=True))
            if info.status == "playing" and ((info.clock and info.clock.clock and not info.clock.running())
                                             or any(s.kind == "bot" for s in info.seats)):
                await self.room(tid)  # play began: loading the table starts its clock and its computers
            return
        if room is not None:
            room.info = await run_in_threadpool(self.store.get, tid)
            self._spawn(self.pubsub.publish(tid, room.info.version, seats=True))
            now = room.mono()
            for s in room.info.seats:  # a seat just taken counts as left until it connects
                if s.kind == "human" and not room.is_present(s.seat):
                    room.absent_since.setdefault(s.seat, now)
            await self._start_clock(room)
            self.broadcast(room)
            self.schedule_bot(room)

    async def reclaim(self, room: Room, token: str) -> int | None:
        """The person whose token this is takes their seat back from the computer standing in
        for them; returns the seat (None when the token holds no seat here)."""
        seat = await run_in_threadpool(self.store.reclaim_seat, room.info.id, token, self.now())
        if seat is not None:
            if room.state.to_move == seat:
                self.bots.cancel(room.info.id)
                room.thinking = False
            await self.refresh_info(room.info.id)
        return seat

    # ------------------------------------------------------------------ connections
    def attach(self, room: Room, conn: Conn) -> None:
        """A new connection gets its own view; the others hear of it only when the seats
        present change (a spectator changes nothing they see)."""
        conn.on_dead = lambda c: self.detach(room, c)
        room.conns[conn] = conn.seat
        room.last_used = self.clock()
        if conn.seat is not None:
            room.absent_since.pop(conn.seat, None)
            room.seats_present[conn.seat] += 1
            if room.seats_present[conn.seat] == 1:
                self._announce([room])
                self.broadcast(room)
                return
        conn.send(room.text_for(conn))
        self._watch_grace(room)

    def detach(self, room: Room, conn: Conn) -> None:
        if room.conns.pop(conn, "absent") == "absent":
            return
        room.last_used = self.clock()
        if conn.seat is not None:
            room.seats_present[conn.seat] -= 1
            if room.seats_present[conn.seat] <= 0:
                del room.seats_present[conn.seat]
                room.absent_since[conn.seat] = room.mono()
                self._announce([room])
                self.broadcast(room)

    def _watch_grace(self, room: Room) -> None:
        """When a held seat's grace runs out, the others must get a view without its countdown
        (with the button that hands the seat to a computer). Every countdown a view can show is
        watched: a seat left by its person, but also one taken and never opened, or one nobody has
        opened since the table was loaded."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a room driven synchronously): nobody to tell
            return
        for h in room.held():
            if h["seat"] not in room.grace_timers:
                room.grace_timers[h["seat"]] = loop.call_later(h["seconds"] + 0.05, self._grace_over, room, h["seat"])

    def _grace_over(self, room: Room, seat: int) -> None:
        room.grace_timers.pop(seat, None)
        if room.grace_left(seat) > 0:  # left again (or the timer ran early): watch the new countdown
            self._watch_grace(room)
        elif not room.is_present(seat) and room.conns:
            self.broadcast(room)

    # ------------------------------------------------------------------ presence across instances
    def _announce(self, rooms, every: bool = False) -> None:
        """Tell the other instances which seats of these tables are connected here (pubsub's
        "t" message, 200 tables a message); ``every``: only the tables with such a seat."""
        tables = {r.info.id: r.local_seats() for r in rooms}
        if every:
            tables = {tid: seats for tid, seats in tables.items() if seats}
        items = list(tables.items())
        for i in range(0, len(items), 200):
            self.pubsub.announce({"t": dict(items[i:i + 200])})

    def on_presence(self, msg: dict) -> None:
        """A presence message of another instance (pubsub.py): the seats connected to it, a
        question, or its goodbye.  Tables whose seats present changed get fresh views."""
        source = str(msg.get("from"))
        if msg.get("bye"):
            heard = {tid: [] for tid in self.rooms}
        else:
            heard = msg.get("t") or {}
        for tid, seats in heard.items():
            room = self.rooms.get(tid)
            if room is not None and isinstance(seats, list) and room.heard(source, seats):
                self.broadcast(room)
        if "ask" in msg:
            asked = msg["ask"]
            rooms = self.rooms.values() if asked is None else [self.rooms[t] for t in asked if t in self.rooms]
            self._announce(list(rooms), every=True)

    async def presence_watch(self) -> None:
        """With Redis: every ``presence_heartbeat`` seconds, say again which seats are connected
        here, and forget the seats the other instances have stopped saying (their TTL)."""
        if self.pubsub.url is None:
            return
        while not self.closing:
            await asyncio.sleep(self.settings.presence_heartbeat)
            try:
                self._announce(list(self.rooms.values()), every=True)
                for room in list(self.rooms.values()):
                    if room.expire() and room.conns:
                        self.broadcast(room)
            except Exception:
                log.exception("sharing presence with the other instances failed")

    def broadcast(self, room: Room) -> None:
        """Queue the current view to every connection: serialized once per seat."""
        for conn in list(room.conns):
            conn.send(room.text_for(conn))
        self._watch_grace(room)

    # ------------------------------------------------------------------ changes
    async def act(self, room: Room, seat: int, action: str, by: str = "human") -> None:
        """Store and apply ``seat``'s action; ``by`` is who plays the seat ("human" or "bot"), as
        the store checks it when the step is stored (another instance may have handed the seat
        over meanwhile)."""
        refused = None
        async with room.lock:
            if not room.started():
                raise ActionRefused(NOT_STARTED)
            new, undoable, events = room.try_act(seat, action)
            status = "finished" if new.is_terminal else None
            to_move = None if new.is_terminal else new.to_move
            clock = None
            if room.info.clock and room.info.clock.clock:
                clock = clocks.after_act(room.info.clock, room.info.players, seat, to_move, self.now())
            try:
                version = await run_in_threadpool(self.store.append_step, room.info.id, room.version, "act", seat,
                                                  new.history[-1], status, to_move, clock, by)
            except Conflict:
                refused = await self._after_conflict(room, seat, by, "move")
            except STORAGE_ERRORS:
                self._heal(room)
                raise StorageUnavailable(f"{STORAGE_DOWN}: your move is not stored, nothing changed; "
                                         "try again in a moment") from None
            if refused is None:
                room.state = new
                room.acts.append((seat, new.history[-1], undoable, events))
                room.version = version
                room.info.to_move = to_move
                if clock is not None:
                    room.info.clock = clock
                if status:
                    room.info.status = status
        if refused is not None:
            self._refused(room, refused)
        if status and self.on_finish is not None:
            try:
                await self.on_finish(room)
            except Exception:  # kept pending in the store: retry_ratings applies it later
                log.exception("table %s: what follows the end of the game failed; retried later", room.info.id)
        self._changed(room)
        if to_move is not None and to_move != seat:
            self._spawn(self.notify(room, to_move))

    async def undo(self, room: Room, seat: int) -> None:
        refused = None
        async with room.lock:
            if not room.started():
                raise ActionRefused(NOT_STARTED)
            if not room.can_undo(seat):
                raise ActionRefused("nothing to undo: only your own last action of this turn, "
                                    "before anything random or hidden is revealed")
            try:
                version = await run_in_threadpool(self.store.append_step, room.info.id, room.version, "undo", seat, "",
                                                  None, seat, room.info.clock, "human")
            except Conflict:
                refused = await self._after_conflict(room, seat, "human", "undo")
            except STORAGE_ERRORS:
                self._heal(room)
                raise StorageUnavailable(f"{STORAGE_DOWN}: your undo is not stored, nothing changed; "
                                         "try again in a moment") from None
            if refused is None:
                room.acts.pop()
                room._rebuild()
                room.version = version
        if refused is not None:
            self._refused(room, refused)
        self._changed(room)

    async def _after_conflict(self, room: Room, seat: int, by: str, what: str) -> ActionRefused:
        """The store refused a step (another writer or instance got there first): the table is
        read again (seats and clock, then the steps it misses) and the refusal says why."""
        room.info = await run_in_threadpool(self.store.get, room.info.id)
        await self._catch_up(room)
        s = room.info.seats[seat]
        if s.kind != by and by == "human":
            why = "your time ran out and " if s.timed_out else ""
            return ActionRefused(f"{why}a computer plays seat {seat} now, so your {what} is not stored; "
                                 "reload the page to take the seat back")
        return ActionRefused(f"the table changed before your {what} arrived; here is the new position")

    def _refused(self, room: Room, refused: ActionRefused):
        """A refused step re-read the table: its computer moves when one now plays the seat to
        move, and everyone here is shown the table as stored, just after the sender is told why
        (the refusal goes first)."""
        self.schedule_bot(room)
        asyncio.get_running_loop().call_soon(self.broadcast, room)
        raise refused

    def _changed(self, room: Room) -> None:
        room.last_used = self.clock()
        self.broadcast(room)
        self._spawn(self.pubsub.publish(room.info.id, room.version))  # never holds up the sender
        self.schedule_bot(room)

    async def on_remote_change(self, tid: str, version: int, seats: bool = False) -> None:
        """Another instance stored a step (``version``) or changed the table's seats (``seats``)."""
        room = self.rooms.get(tid)
        if room is None:
            return
        async with room.lock:
            if version > room.version or seats:
                room.info = await run_in_threadpool(self.store.get, tid)
                await self._catch_up(room)
        self.broadcast(room)
        self.schedule_bot(room)

    async def resync(self) -> None:
        """After Redis came back: steps stored by other instances meanwhile were not announced,
        so read every open table's version and bring the ones behind up to date.  Presence
        messages were lost too: say which seats are connected here, and ask the others."""
        self._announce(list(self.rooms.values()), every=True)
        self.pubsub.announce({"ask": None})
        rooms = list(self.rooms.values())
        behind = 0
        for i in range(0, len(rooms), 500):
            part = rooms[i:i + 500]
            versions = await run_in_threadpool(self.store.versions, [r.info.id for r in part])
            for room in part:
                if versions.get(room.info.id, -1) > room.version:
                    behind += 1
                    await self.on_remote_change(room.info.id, versions[room.info.id])
                else:
                    self.schedule_bot(room)
        log.warning("re-read %d open tables after the Redis outage: %d were behind and are brought up to date",
                    len(rooms), behind)

    def _heal(self, room: Room) -> None:
        """After a failed write (which may or may not have been stored): re-read the table once
        the database answers again, show it to everyone and let its computer move."""
        if room.healing:
            return
        room.healing = True

        async def heal():
            pause = 0.1
            try:
                while not self.closing:
                    await asyncio.sleep(pause)
                    try:
                        async with room.lock:
                            room.info = await run_in_threadpool(self.store.get, room.info.id)
                            await self._catch_up(room)
                        break
                    except STORAGE_ERRORS:
                        pause = min(self.settings.retry_max_seconds, pause * 2)
                else:
                    return
                log.warning("database answers again: table %s re-read at version %d", room.info.id, room.version)
            finally:
                room.healing = False
            self.broadcast(room)
            self.schedule_bot(room)

        self._spawn(heal())

    # ------------------------------------------------------------------ clocks and notices
    async def _start_clock(self, room: Room) -> None:
        """Play began (every seat taken) on a clocked table whose clock does not run yet: start
        it for the seat to move.  The store lets one instance start it; the others read it."""
        info = room.info
        if (not info.clock or not info.clock.clock or info.clock.running() or info.status != "playing"
                or room.state.is_terminal):
            return
        cs = clocks.start(info.clock.clock, info.players, room.state.to_move, self.now())
        if await run_in_threadpool(self.store.start_clock, info.id, room.version, cs):
            info.clock, info.to_move = cs, cs.to_move
            room.info = info  # a new stamp: the views are made again
            self._spawn(self.notify(room, cs.to_move))
        else:
            room.info = await run_in_threadpool(self.store.get, info.id)

    async def check_clocks(self) -> list[str]:
        """Every table whose person to move ran out of time: a computer of the clock's level takes
        the seat and the game goes on.  Of several instances that find the same deadline, the
        store lets one act.  Returns the tables where this instance handed a seat over."""
        now = self.now()
        done = []
        for tid, seat, deadline in await run_in_threadpool(self.store.expired, now):
            info = await self.info(tid)
            level = ((info.clock.clock if info.clock else None) or {}).get("level", "normal")
            if not await run_in_threadpool(self.store.time_out, tid, seat, deadline, level):
                continue  # another instance, or a move, got there first
            done.append(tid)
            log.info("table %s: seat %d ran out of time; the computer (%s) plays it", tid, seat, level)
            if tid not in self.rooms:
                await self.room(tid)  # loaded so that the computer moves
            await self.refresh_info(tid)  # and the other instances hear of it
        return done

    async def clock_watch(self) -> None:
        """Looks for passed deadlines every ``clock_poll`` seconds (deadlines are stored, so they
        hold across restarts and instances), and measures the offset to the database's clock
        again every ``clock_sync`` seconds."""
        synced = time.monotonic()
        while not self.closing:
            await asyncio.sleep(self.settings.clock_poll)
            try:
                if self.settings.clock_sync and time.monotonic() - synced >= self.settings.clock_sync:
                    synced = time.monotonic()
                    await self.sync_clock()
                await self.check_clocks()
            except STORAGE_ERRORS:
                log.warning("clocks: %s; looking again shortly", STORAGE_DOWN)
            except Exception:
                log.exception("looking for run-out clocks failed")

    async def retry_ratings(self) -> list[str]:
        """Apply the rating changes still pending for finished rated tables (the update at the end
        of the game failed, e.g. the database did not answer, or the instance stopped first).
        The store applies each once, whichever instance asks, however often.  Returns the tables
        this call rated."""
        if self.on_finish is None:
            return []
        done = []
        for tid in await run_in_threadpool(self.store.ratings_pending):
            try:
                changed = await self.on_finish(await self.peek(tid))
            except (StorageUnavailable, *STORAGE_ERRORS):
                raise
            except Exception:  # this table only (e.g. a data set this server was not started with)
                log.exception("table %s: its pending rating changes could not be applied", tid)
                continue
            if changed:
                done.append(tid)
                log.warning("table %s: its pending rating changes are applied", tid)
        return done

    async def rating_watch(self) -> None:
        """Retries pending rating changes at start-up and then every ``rating_retry`` seconds."""
        while not self.closing:
            try:
                await self.retry_ratings()
            except (StorageUnavailable, *STORAGE_ERRORS):
                log.warning("ratings: %s; pending rating changes are retried later", STORAGE_DOWN)
            except Exception:
                log.exception("retrying pending rating changes failed")
            await asyncio.sleep(self.settings.rating_retry)

    def notice_address_allowed(self, client: str) -> int | None:
        """None when ``client`` (an address the request came from) may give one more address for
        notices now (counted); else the seconds until it may."""
        return self.notify_limit.hit(client)

    async def ask_confirmation(self, address: str) -> tuple[bool, bool]:
        """(confirmed, sent): whether ``address``'s owner already agreed to notices, and whether a
        confirmation mail went to it now (at most one per ``confirm_every`` seconds; none without
        a mail server)."""
        confirmed, token = await run_in_threadpool(self.store.ask_confirmation, address, self.now(),
                                                   self.settings.confirm_every)
        if token is None or self.mailer is None:
            return confirmed, False
        try:
            await run_in_threadpool(self.mailer.send, self.mailer.confirmation(address, token))
            return False, True
        except Exception as e:
            log.warning("the confirmation mail of a notice address failed (%s)", e)
            return False, False

    async def notify(self, room: Room, seat: int | None) -> bool:
        """A "your turn" e-mail to the person at ``seat`` when they are away from the table, gave
        an address its owner confirmed, had no notice from this table within ``notice_every``
        seconds and the address fewer than ``notices_per_address`` this hour.  The mail names the
        seat by its colour or place, never by a typed name.  True when one was sent."""
        if self.mailer is None or seat is None or room.state.is_terminal:
            return False
        s = room.info.seats[seat]
        if s.kind != "human" or room.is_present(seat):
            return False
        try:
            claim = await run_in_threadpool(self.store.claim_notice, room.info.id, seat, self.now(),
                                            self.settings.notice_every, self.settings.notices_per_address)
            if claim is None:
                return False
            label = {lang: narration.seat_label(room.state, seat, lang) for lang in ("en", "it")}
            msg = self.mailer.your_turn(claim[0], claim[1], room.info.id, room.state.SPEC.title, label)
            await run_in_threadpool(self.mailer.send, msg)
            return True
        except Exception as e:
            log.warning("table %s: the \"your turn\" e-mail to seat %d failed (%s)", room.info.id, seat, e)
            return False

    # ------------------------------------------------------------------ computer seats
    def schedule_bot(self, room: Room) -> None:
        if room.thinking or self.closing or not room.computer_to_move():
            return
        seat = room.state.to_move
        room.thinking = True
        self._spawn(self._bot_move(room, seat, room.info.seats[seat].agent or "normal"))

    async def _bot_move(self, room: Room, seat: int, agent: str) -> None:
        """Think, then store the move; a write that fails is tried again (with a growing pause)
        for as long as the table has not moved on.  Every attempt is guarded by the version the
        computer thought about, so one decision is never stored twice."""
        version = room.version
        try:
            started = asyncio.get_running_loop().time()
            try:
                move = await self.bots.choose(room.info.id, room.state.to_json(), agent, seat,
                                              seed=room.info.seed * 7919 + version, game=room.info.game,
                                              players=room.info.players, data=room.data)
                action = move.action
                if self.bot_pace > 0 and any(s.kind == "human" for s in room.info.seats):
                    # a person at the table sees each computer move for a moment (thinking time deducted)
                    await self._pause(self.bot_pace - (asyncio.get_running_loop().time() - started))
            except Exception:
                log.exception("computer seat %s on table %s failed", seat, room.info.id)
                return  # scheduled again by the next change, opening or sweep of the table
            pause = 0.1
            # the seat may go back to its person while the computer thinks or retries
            while room.version == version and not self.closing and room.info.seats[seat].kind == "bot":
                try:
                    await self.act(room, seat, action, by="bot")
                    break
                except ActionRefused as e:
                    log.info("computer move on table %s dropped: %s", room.info.id, e.message)
                    break
                except (StorageUnavailable, *STORAGE_ERRORS):
                    log.warning("computer move on table %s not stored (%s); trying again in %.1f s",
                                room.info.id, STORAGE_DOWN, pause)
                    await asyncio.sleep(pause)
                    pause = min(self.settings.retry_max_seconds, pause * 2)
        finally:
            room.thinking = False
        self.schedule_bot(room)

    # ------------------------------------------------------------------ memory
    def evictable(self, room: Room) -> bool:
        return (not room.conns and not room.thinking and not room.healing and not room.lock.locked()
                and not room.computer_to_move())

    def sweep(self, room_for: int = 0) -> int:
        """Drop the tables nobody uses: idle ones, then the least recently used while more than
        max_tables (less ``room_for`` about to be loaded) are loaded.  A table whose computer is
        to move is kept and scheduled instead.  Returns how many left memory."""
        now, s = self.clock(), self.settings
        gone = 0
        for tid, room in list(self.rooms.items()):
            if not room.conns and room.computer_to_move():
                self.schedule_bot(room)
            if now - room.last_used >= s.idle_seconds and self.evictable(room):
                del self.rooms[tid]
                gone += 1
        for tid, room in list(self.peeked.items()):
            if now - room.last_used >= s.idle_seconds:
                del self.peeked[tid]
        cap = max(0, s.max_tables - room_for)
        if len(self.rooms) > cap:
            for room in sorted(self.rooms.values(), key=lambda r: r.last_used):
                if len(self.rooms) <= cap:
                    break
                if self.evictable(room):
                    del self.rooms[room.info.id]
                    gone += 1
        self._trim_peeked()
        return gone

    async def sweeper(self) -> None:
        every = max(0.05, min(30.0, self.settings.idle_seconds / 2))
        while True:
            await asyncio.sleep(every)
            try:
                self.sweep()
            except Exception:
                log.exception("sweep of idle tables failed")

    # ------------------------------------------------------------------ start-up
    async def resume(self) -> int:
        """Every unfinished table with a computer seat is opened, ``resume_batch`` at a time: the
        ones whose computer is to move stay (and it moves), the others leave memory again.  The
        next batch waits until fewer than a batch of computers are thinking."""
        batch = max(1, self.settings.resume_batch)
        after, resumed = "", 0
        while not self.closing:
            try:
                ids = await run_in_threadpool(self.store.tables_with_computers, batch, after)
            except STORAGE_ERRORS:
                log.warning("resuming tables: %s; trying again", STORAGE_DOWN)
                await asyncio.sleep(self.settings.retry_max_seconds)
                continue
            if not ids:
                break
            for tid in ids:
                try:
                    room = await self.room(tid)
                except Exception:
                    log.exception("table %s could not be resumed", tid)
                    continue
                if room.thinking:
                    resumed += 1
                elif self.evictable(room):
                    del self.rooms[tid]
            after = ids[-1]
            while sum(r.thinking for r in self.rooms.values()) >= batch and not self.closing:
                await asyncio.sleep(0.05)
        if resumed:
            log.warning("resumed %d tables whose computer was to move", resumed)
        return resumed

    async def _pause(self, seconds: float) -> None:
        """The wait that lets a person see a computer move (what thinking took is deducted)."""
        if seconds > 0:
            await asyncio.sleep(seconds)

    async def close(self) -> None:
        self.closing = True
        for t in list(self._tasks):
            t.cancel()
