"""Per-seat views, their caches, serialization and send queues.

A table's view is what one seat (or a spectator) may see of it: built once per distinct audience
and change (``Room.view``), serialized once (every connection of a seat, and every spectator,
is sent the same text), and queued on each connection's own bounded queue, which its writer task
sends (``Conn``): a connection that falls behind is closed, never the table.
"""
from __future__ import annotations

import asyncio
import functools
import json
import logging
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable

from ..engine import narration
from ..words import server_words
from .. import words
from ..engine.errors import IllegalAction
from ..engine.registry import new_game
from ..engine.fairness import actions_digest
from . import clocks
from .faults import ActionRefused, refused
from .frames import frame_of
from .store import TableInfo

try:  # the views' serializer: orjson when installed (several times faster), else the standard library
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency
    orjson = None

log = logging.getLogger("lapilli.server")


def dumps(obj) -> str:
    """``obj`` as compact JSON text, non-ASCII characters kept as they are (what every message of
    a table is sent as).  orjson when it can (integer keys become strings, as with ``json``);
    the standard library for what orjson refuses (an integer beyond 64 bits)."""
    if orjson is not None:
        try:
            return orjson.dumps(obj, option=orjson.OPT_NON_STR_KEYS).decode()
        except TypeError:
            pass
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)



class Conn:
    """One WebSocket connection: its seat (None for a spectator), and a bounded queue of
    serialized messages that its own writer task sends, each within ``timeout`` seconds.  A
    connection that falls behind is marked dead; its handler then closes it.

    ``frames``: the server's FrameWriter of this connection (frames.py), when it offers one: a
    message is then written at once as a frame built once per text (every spectator handed the
    same text shares it), without a task switch, while nothing waits in the queue and the socket
    takes more; else it waits in the queue like any other."""

    def __init__(self, ws, seat: int | None, timeout: float, limit: int, delta: bool = False, frames=None):
        self.ws = ws
        self.seat = seat
        # ``delta``: the client keeps the log and is sent only the lines it does not have
        # (Room.text_for); ``have``: the log lines it was last sent, by number (their JSON)
        self.delta = delta
        self.have: dict[int, str] | None = None
        # the position and table details of the last view it was sent (Room.text_for): while
        # they hold, a change of the seats present is told it by a small "presence" message
        self.seen = None
        self.timeout = timeout
        self.frames = frames
        self.busy = False  # the writer task holds a message it has not written yet
        self.queue: asyncio.Queue[str] = asyncio.Queue(max(1, limit))
        self.dead = asyncio.Event()
        self.why = ""
        self.on_dead: Callable[[Conn], None] | None = None
        self._writer = asyncio.create_task(self._write())

    def send(self, text: str) -> None:
        if self.dead.is_set():
            return
        if self.frames is not None and not self.busy and self.queue.empty():
            try:
                if self.frames.write(frame_of(text)):
                    return
            except Exception:  # closed or closing (frames.Closed), or the socket failed
                self.kill("gone")
                return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.kill(f"more than {self.queue.maxsize} messages waiting")

    def send_json(self, msg: dict) -> None:
        self.send(dumps(msg))

    async def _write(self) -> None:
        while True:
            text = await self.queue.get()
            self.busy = True
            try:
                async with asyncio.timeout(self.timeout):  # no task per message, as wait_for makes
                    if self.frames is not None:
                        await self.frames.send(frame_of(text))
                    else:
                        await self.ws.send_text(text)
            except asyncio.TimeoutError:
                self.kill(f"a message not taken within {self.timeout:g} s")
                return
            except Exception:
                self.kill("gone")
                return
            self.busy = False

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


def line_text(game_id: str, items: list[dict], names: dict, reader: int | None, said: dict | None = None) -> dict:
    """A log line's sentences in every language as ``reader`` reads them (``narration.text``).
    ``said``: the sentences of this line already narrated for other readers, by (place in the line,
    reader as the sentence tells it apart: ``narration.hears``): a sentence that names none of its
    readers (the actor's move as the others and the spectators read it, a die) is narrated once
    per language for all of them, and taken from there while its item and the names are the same."""
    if said is None:
        return {lang: narration.text(game_id, items, lang, names[lang], reader) for lang in narration.LANGUAGES}
    parts: list[dict] = []
    for i, item in enumerate(items):
        who = narration.hears(item, reader)
        known = said.setdefault((i, who), [])
        for it, nm, sent in known:
            if it == item and (nm is names or nm == names):
                break
        else:
            sent = {lang: narration.sentence(game_id, item, lang, names[lang], who) for lang in narration.LANGUAGES}
            known.append((item, names, sent))
        parts.append(sent)
    return {lang: narration.line(p[lang] for p in parts) for lang in narration.LANGUAGES}


def log_entries(st, rows, reader: int | None, names: dict, memo: dict | None = None,
                said: dict | None = None) -> list[dict]:
    """Log lines as ``reader`` reads them on the position ``st``: ``rows`` are (n, seat, action,
    events), the set-up being (0, None, None, setup events).  Each line has the items of the
    game's one door (``State.readings``), their sentences in every language, and the action's
    notation where the reader may see it whole (its actor, a game whose players hide nothing
    from each other, or the game's end), so the board can mark the last move.  ``names``: each
    seat's name per language (``seat_labels``).  ``said`` (n -> (events, sentences)): each
    line's sentences narrated so far for any reader (``line_text``), shared by every reader's log."""
    out = []
    open_notation = st.is_terminal or not st.SPEC.private_information
    # ``memo`` (n -> (readings, names, items, text, key, events, action, seat)): narrating a line
    # is the costly part of a view, and a line reads the same until the game reveals a secret in
    # it or a name changes; a game that says what its readings consult (``State.reading_key``)
    # is not even asked for the readings of a line while that and the line's act are unchanged
    key = st.reading_key() if memo is not None else None
    for n, s, a, events in rows:
        known = memo.get(n) if memo is not None else None
        if (key is not None and known is not None and known[4] == key and known[5] is events
                and known[6] == a and known[7] == s and (known[1] is names or known[1] == names)):
            items, text = known[2], known[3]
        else:
            readings = st.readings(s, a, events, reader)
            if known is not None and known[0] == readings and known[1] == names:
                items, text = known[2], known[3]
            else:
                items = [with_chance_words(st.game_id, it) for it in readings]
                line = None
                if said is not None:  # the line's sentences, kept while it tells the same events
                    line = said.get(n)
                    if line is None or line[0] is not events:
                        line = said[n] = (events, {})
                text = line_text(st.game_id, items, names, reader, line[1] if line is not None else None)
            if memo is not None:
                memo[n] = (readings, names, items, text, key, events, a, s)
        entry = {"n": n, "seat": s, "items": items, "text": text}
        if a is not None and (open_notation or (reader is not None and reader == s)):
            entry["action"] = a
        out.append(entry)
    return out


def seat_label(st, s, lang: str, conceded=()) -> str:
    """The one name a seat goes by at the table (``narration.seat_label``): the name its person
    gave, else its colour; a computer adds its level.  The status line, the log, the player panels
    and the results all use it.  ``conceded``: the seats whose person conceded (a computer plays
    such a seat out at three players or more; it keeps its person's name, marked so)."""
    return narration.seat_label(st, s.seat, lang, s.name, s.agent if s.kind == "bot" else "", s.stand_in,
                                s.seat in conceded and bool(s.name))


def seat_labels(st, info: TableInfo, conceded=()) -> dict[str, list[str]]:
    """``seat_label`` of every seat, in every language of the narration."""
    return {lang: [seat_label(st, s, lang, conceded) for s in info.seats] for lang in narration.LANGUAGES}


def players(st, info: TableInfo, conceded=()) -> list[dict]:
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
                    "label": {lang: seat_label(st, s, lang, conceded) for lang in narration.LANGUAGES},
                    "colour": {"en": c[0], "it": c[1], "css": c[2]} if c else None})
    return out


def result(st, conceded: list[int] = ()) -> dict:
    """The end of the game told in full: scores, winners, each score's parts (they add up to
    it), the tie-break that decided, and whether the lowest score wins.  ``conceded``: the
    seats that conceded, ranked after every other seat whatever their score: the game's winners
    among the others win; when the game ended because one seat alone had not conceded, that seat
    wins, and no score is told (the scores of an unfinished game could tell what is still hidden)."""
    if conceded and not st.is_terminal:
        return {"scores": [None] * st.num_players, "winners": [s for s in range(st.num_players) if s not in conceded],
                "breakdown": None, "tie_break": None, "lower_wins": st.SPEC.lower_score_wins,
                "conceded": list(conceded)}
    out = {"scores": st.scores(), "winners": st.winners(), "breakdown": st.score_breakdown(),
           "tie_break": st.tie_break(), "lower_wins": st.SPEC.lower_score_wins}
    if conceded:
        left = [s for s in range(st.num_players) if s not in conceded]
        winners = [w for w in out["winners"] if w not in conceded]
        if not winners:  # the game's winners all conceded: the best placed of the others
            from .ratings import places
            place = places(out["winners"], out["scores"], st.SPEC.lower_score_wins)
            winners = [s for s in left if place[s] == min(place[x] for x in left)]
        out.update(winners=winners, conceded=list(conceded))
    return out


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
        self.conceded: list[int] = []  # the seats that conceded, in order (Referee.concede)
        self.proposal = None  # an undo proposed and awaiting the other seats (proposals.py)
        self.undo_news = 0  # messages about undo proposals heard from other instances (proposals.on_load)
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
        self._said: dict = {}  # n -> (its events, its sentences for every reader so far: log_entries)
        self._log_rows: dict = {}  # seat -> (reading key, names, open notation, its log's rows, their lines)
        self._line_entries: dict = {}  # seat -> (its last log lines, the same serialized)
        self._players, self._players_key = None, None  # ``players`` of this position and table details
        self._names, self._names_key = {}, None  # the seats' names (seat_labels) and the position they are of
        self._lines: dict = {}  # seat -> its log lines serialized (_line_texts)
        self._lines_key: dict = {}
        self._line_memo: dict = {}  # seat -> n -> (items, text, action, seat, the line serialized)
        self._have: dict = {}  # seat -> (its log lines serialized, the same by number: Conn.have)
        self.now: Callable[[], float] = time.time  # the server's wall clock (the hub gives its own)
        # decisions after which a table of computers only stops (0: never; the registry gives the setting)
        self.computer_only_moves = 0

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

    def _watch(self, seat: int) -> None:
        """``seat``'s person conceded and a computer plays it out: each of its connections is told
        it watches now and becomes a spectator's (the views that follow are a spectator's, and
        its moves are refused as a spectator's), and the seat is no longer present."""
        text = dumps({"type": "watching", "seat": seat, "why": "conceded"})
        for conn, s in list(self.conns.items()):
            if s == seat:
                conn.send(text)
                self.conns[conn] = conn.seat = None
        self.seats_present.pop(seat, None)

    def _tell_seats_lost(self, before: TableInfo, info: TableInfo) -> None:
        """Every connection of a person whose seat a computer now plays (handed over here or on
        another instance, or their time ran out) is told at once, before the new view."""
        for old, new in zip(before.seats, info.seats):
            if old.kind == "human" and new.kind == "bot" and new.seat in self.conceded:
                self._watch(new.seat)
                continue
            if old.kind == "human" and new.kind == "bot" and new.seat not in self.conceded:
                key = "seat_lost_time" if new.timed_out and not old.timed_out else "seat_lost"
                words = server_words(key, seat=new.seat)
                text = dumps({"type": "seat_lost", "seat": new.seat, "message": words["en"], "key": key,
                              "words": words})
                for conn, seat in list(self.conns.items()):
                    if seat == new.seat:
                        conn.send(text)

    def started(self) -> bool:
        """Play has begun: every seat is taken (by a person or a computer).  No move is accepted
        before, a computer's included, and the start is one change every connection is shown."""
        return all(s.kind != "open" for s in self.info.seats)

    @property
    def over(self) -> bool:
        """The game is over: its end was reached, or every seat but one conceded."""
        if self.state.is_terminal:
            return True
        return bool(self.conceded) and self.info.players - len(set(self.conceded)) <= 1

    def outcome(self) -> dict:
        """The result of a game that is over (``result``, with the seats that conceded)."""
        return result(self.state, self.conceded)

    def computer_to_move(self) -> bool:
        st = self.state
        return not self.over and self.started() and self.info.seats[st.to_move].kind == "bot"

    def people_play(self) -> bool:
        """Whether a person plays here (a table of computers only: False)."""
        return any(s.kind == "human" for s in self.info.seats)

    def stopped_at(self) -> int | None:
        """A table of computers only whose computer is to move after ``computer_only_moves``
        decisions or more stops there (anyone may create one, and some games' rules never force
        an end): that number, told in its views; None while it plays on."""
        most = self.computer_only_moves
        if most and len(self.state.history) >= most and self.computer_to_move() and not self.people_play():
            return most
        return None

    # ------------------------------------------------------------------ steps
    def try_act(self, seat: int, action: str, in_place: bool = False):
        """Validate and apply on a copy (``in_place``: on the state itself, for a room nobody
        holds yet); returns (new_state, undoable, events) or raises ActionRefused."""
        st = self.state
        if self.over:
            raise refused("game_over")
        if st.to_move != seat:
            raise refused("not_your_turn", seat=st.to_move)
        new = st if in_place else st.clone()
        try:
            events = new.apply(action)
        except IllegalAction as e:
            raise ActionRefused(str(e.message), e.rule, words=words.refusals(e), key=e.key or e.rule) from None
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
        elif kind == "concede":
            self.conceded.append(seat)
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
        if seat is None or not self.acts or self.over:
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
                # a seat a computer plays is offered nothing, though its token still reads its view
                "legal": (st.legal_actions() if seat is not None and st.to_move == seat and self.started()
                          and not self.over and self.info.seats[seat].kind == "human" else []),
                "log": self._log(seat),
                "title": st.SPEC.title,
            }
            if not has_board(st.game_id):  # the web client's fallback shows the text picture
                part["text"] = st.render(seat)
            if self.over:
                part["result"] = self.outcome()
            self._parts[seat] = part
        return part

    def _log(self, seat: int | None, last: int = 60) -> list[dict]:
        """The table log as ``seat`` may read it (None: a spectator): the set-up (entry 0) and the
        last ``last`` acts, each read through the game's one door (``State.readings``) on the
        current position, so that a secret shows once the game reveals it."""
        if self.acts and self.acts[-1][3] is None:  # a settled table: its events are told again
            self._rebuild()
        st = self.state
        start = max(0, len(self.acts) - last)
        rows = [(0, None, None, st.setup_events)] if start == 0 and st.setup_events else []
        rows += [(i, s, a, ev) for i, (s, a, _, ev) in enumerate(self.acts[start:], start=start + 1)]
        memo = self._log_memo.setdefault(seat, {})
        if len(memo) > 2 * last + 1:  # lines scrolled out of the log, or taken back by an undo
            for n in [n for n in memo if n < start or n > len(self.acts)]:
                del memo[n]
        if len(self._said) > 2 * last + 1:
            for n in [n for n in self._said if n < start or n > len(self.acts)]:
                del self._said[n]
        # the seats' names, once per position and table details, kept as the same object while
        # they read the same: the memo's lines then hold the very same names, which compare at once
        # (read from ``players``, which tells every seat's ``seat_label`` already: not worked out twice)
        if self._names_key != (self.version, self._info_stamp):
            labels = [p["label"] for p in self._players_now()]
            names = {lang: [label[lang] for label in labels] for lang in narration.LANGUAGES}
            if names != self._names:
                self._names = names
            self._names_key = (self.version, self._info_stamp)
        # the lines of the seat's last log, kept while nothing they read changed (the game's
        # reading key, the names, whether every action shows): a move then reads its new line
        # only, without going over the whole log again
        key = st.reading_key()
        open_notation = st.is_terminal or not st.SPEC.private_information
        known = self._log_rows.get(seat)
        if (key is not None and known is not None and known[0] == key and known[1] is self._names
                and known[2] == open_notation and rows and known[3]):
            before, entries = known[3], known[4]
            skip = rows[0][0] - before[0][0]
            kept = len(before) - skip
            if 0 <= skip and 0 <= kept <= len(rows) and before[skip:] == rows[:kept]:
                out = entries[skip:] + log_entries(st, rows[kept:], seat, self._names, memo, self._said)
                self._log_rows[seat] = (key, self._names, open_notation, rows, out)
                return out
        out = log_entries(st, rows, seat, self._names, memo, self._said)
        self._log_rows[seat] = (key, self._names, open_notation, rows, out)
        return out

    def settle(self) -> None:
        """A finished table nobody here is connected to keeps its position and its actions only:
        its views, their texts and its narrated log lines are dropped, and so are the events of
        each action (they only narrate the log), so that the finished tables kept in memory
        stay small.  A view asked for later replays the game once to tell the events again."""
        if not self.over:
            return
        self._parts, self._parts_version = {}, -1
        self._texts, self._texts_key = {}, None
        self._log_memo, self._lines, self._lines_key, self._line_memo, self._have = {}, {}, {}, {}, {}
        self._said = {}
        self._log_rows, self._line_entries, self._players, self._players_key = {}, {}, None, None
        self._names, self._names_key = {}, None
        self.acts = [(s, a, u, None) for s, a, u, _ in self.acts]

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

    def _players_now(self) -> list[dict]:
        """``players``, worked out once per position and table details (the names and colours
        come from the seats and the state only)."""
        key = (self.version, len(self.acts), self._info_stamp, len(self.conceded))
        if self._players_key != key:
            self._players, self._players_key = players(self.state, self.info, self.conceded), key
        return self._players

    def view(self, seat: int | None) -> dict:
        msg = {
            "type": "state",
            "table": self.info.public(),
            "version": self.version,
            "seat": seat,
            "can_undo": self.can_undo(seat),
            "present": self.present(),
            # names change when a person joins or a computer takes over, without a new version
            "players": self._players_now(),
            "held": self.held(),
        }
        if self.info.clock and self.info.clock.clock:  # every seat's time left, the running one counting down
            msg["clock"] = clocks.public(self.info.clock, self.now())
        if self.info.commitment:  # the keyed chain of the actions so far, from the commitment (`lapilli verify --digest`)
            msg["digest"] = self._digest()
        if (most := self.stopped_at()) is not None:  # why nothing moves any more
            msg["stopped"] = most
        msg.update(self._seat_part(seat))
        return msg

    def text_for(self, conn: "Conn", full: bool = False, texts: dict | None = None) -> str:
        """The view for this connection: the whole view, or, for a client that keeps the log
        (``conn.delta``) and was sent a view before, the view with only the log lines it does
        not have in this form: ``log_from`` (the first line of the log now), ``log_keep`` (the
        lines from ``log_from`` up to before this number are the ones it has) and ``log`` (the
        lines from ``log_keep`` on).  A line read anew (a secret revealed, a name changed, an
        undo) is sent again with every line after it.  ``full``: the whole view in any case.
        ``texts``: ``texts_now()``, when the caller (a broadcast) already has it."""
        seat = conn.seat
        conn.seen = self.position_key()
        if texts is None:
            texts = self._text_cache()
        if not conn.delta:
            return self.view_text(seat, texts)
        entries = self._seat_part(seat)["log"]
        lines = self._line_texts(seat, entries)
        # the lines it is sent, by number: one dict shared by every connection of the seat sent
        # these lines, so that the next delta is worked out once for all of them (below)
        shared = self._have.get(seat)
        if shared is None or shared[0] is not lines:
            shared = self._have[seat] = (lines, {e["n"]: t for e, t in zip(entries, lines)})
        have, conn.have = conn.have, shared[1]
        if have is None or full:
            return self.view_text(seat, texts)
        known = texts.get(("kept", seat, id(have)))
        if known is not None and known[0] is have and known[1] is lines:
            k = known[2]
        else:
            k = 0
            for e, t in zip(entries, lines):
                if have.get(e["n"]) != t:
                    break
                k += 1
            # the dict is kept with its answer (so its id names it alone while it is kept)
            texts[("kept", seat, id(have))] = (have, lines, k)
        if k == 0:
            return self.view_text(seat, texts)
        first = entries[0]["n"]
        keep = entries[k]["n"] if k < len(entries) else entries[-1]["n"] + 1
        key = ("delta", seat, first, keep)
        text = texts.get(key)
        if text is None:
            msg = self.view(seat)
            del msg["log"]  # a fresh dict: the cached part keeps its log
            msg.update(log_from=first, log_keep=keep)
            head = dumps(msg)
            text = texts[key] = head[:-1] + ',"log":[' + ",".join(lines[k:]) + "]}"
        return text

    def position_key(self) -> tuple:
        """What a view shows besides who is present: the position and the table's details."""
        return (self.version, len(self.acts), self._info_stamp)

    def presence_for(self, conn: "Conn", texts: dict | None = None) -> str:
        """What a connection is told when only the seats present (or held) changed: for a client
        that keeps its view (``conn.delta``) and was sent the current position, a ``presence``
        message (the version it applies to, ``present``, ``held`` and, on a clocked table,
        ``clock``) that it merges into that view; else its whole view (``text_for``).
        ``texts``: ``texts_now()``, when the caller (a broadcast) already has it."""
        if texts is None:
            texts = self._text_cache()
        if not conn.delta or getattr(conn, "seen", None) != self.position_key():
            return self.text_for(conn, texts=texts)
        text = texts.get("presence")
        if text is None:
            msg = {"type": "presence", "version": self.version, "present": self.present(), "held": self.held()}
            if self.info.clock and self.info.clock.clock:
                msg["clock"] = clocks.public(self.info.clock, self.now())
            text = texts["presence"] = dumps(msg)
        return text

    def _line_texts(self, seat: int | None, entries: list[dict]) -> list[str]:
        """Each log line serialized, once per position and seat."""
        key = (self.version, self._info_stamp, seat)
        if self._lines_key.get(seat) != key:
            # the lines of the seat's last log that are the very lines now (``_log`` kept them):
            # only the lines after them are serialized, without going over the whole log again
            before = self._line_entries.get(seat)
            if before is not None and before[0] and entries:
                skip = entries[0]["n"] - before[0][0]["n"]
                kept = len(before[0]) - skip
                if 0 <= skip and 0 <= kept <= len(entries) and all(
                        a is b for a, b in zip(before[0][skip:], entries)):
                    lines = before[1][skip:] + [dumps(e) for e in entries[kept:]]
                    self._line_entries[seat] = (entries, lines)
                    self._line_memo.pop(seat, None)
                    self._lines[seat], self._lines_key[seat] = lines, key
                    return lines
            # a line whose items and sentences are the very objects the log memo reused is
            # serialized as before (log_entries gives them back while the line reads the same)
            memo, lines, fresh = self._line_memo.get(seat, {}), [], {}
            for e in entries:
                known = memo.get(e["n"])
                if (known is not None and known[0] is e["items"] and known[1] is e["text"]
                        and known[2] == e.get("action") and known[3] == e["seat"]):
                    line = known[4]
                else:
                    line = dumps(e)
                fresh[e["n"]] = (e["items"], e["text"], e.get("action"), e["seat"], line)
                lines.append(line)
            self._line_memo[seat] = fresh
            self._line_entries[seat] = (entries, lines)
            self._lines[seat], self._lines_key[seat] = lines, key
        return self._lines[seat]

    def view_text(self, seat: int | None, texts: dict | None = None) -> str:
        """The view of a seat, serialized once per position, seats present and table details:
        every connection of a seat (and every spectator) is sent the same text.  The log comes
        last, made of its lines' texts (``_line_texts``: a line is serialized once while it
        reads the same, not again with every view).  ``texts``: ``texts_now()``, when the
        caller already has it."""
        if texts is None:
            texts = self._text_cache()
        text = texts.get(seat)
        if text is None:
            msg = self.view(seat)
            entries = msg.pop("log")  # a fresh dict: the cached part keeps its log
            head = dumps(msg)
            text = texts[seat] = head[:-1] + ',"log":[' + ",".join(self._line_texts(seat, entries)) + "]}"
        return text

    def texts_now(self) -> dict:
        """The serialized views of the table as it is now (``_text_cache``): a broadcast asks for
        it once and hands it to ``text_for`` / ``presence_for`` for every connection, instead of
        each of them working out again which texts are current."""
        return self._text_cache()

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
