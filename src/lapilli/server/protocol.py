"""The messages of a table's WebSocket (``/ws/{table}``), both ways, as pydantic models.

Every message is a JSON object whose ``type`` names it.  ``ClientMessage`` is what a client may
send (act, undo, sync, ping, chat, concede, propose_undo, answer_undo); ``ServerMessage`` is
what the server sends (state, error, pong, seat_lost, presence, chat, undo_proposal,
undo_proposal_end).  The server parses every client message into ``ClientMessage`` (``parse_client``),
so a message the models refuse never reaches a handler, and it is answered by an ``error``
naming what is wrong.  ``schema()`` is the JSON Schema of both unions, published at
``GET /api/protocol.schema.json`` and kept in ``docs/protocol.schema.json``
(``python -m lapilli.server.protocol > docs/protocol.schema.json``; a test fails when the file
differs from the models).  docs/protocol.md tells client authors how to use it.

Unknown fields of a client message are ignored (as they always were): a client written for a
later version of the protocol, which may add optional fields, still plays with this server (two
instances of different versions may serve one table during an upgrade).  The server's own
messages have no field outside their model: the test suite checks every message it receives
against the schema, so a field the server starts sending without its model fails there.

To add a message:

* from the client: one model here (a ``type`` literal and its typed, described fields), added to
  ``ClientMessage``, and one handler in ``routes/ws.py`` (``HANDLERS``, keyed by the model);
* from the server: one model here, added to ``ServerMessage``, built where it is sent;

then regenerate docs/protocol.schema.json, and give the new type its row in docs/security.md
(tests/server/test_security_doc.py reads the types from these unions).
"""
from __future__ import annotations

import functools
import json
from typing import Annotated, Any, Literal, Union, get_args

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

SCHEMA_ID = "/api/protocol.schema.json"


def _drop_null_defaults(schema: dict, model=None) -> None:
    """A field the server leaves out when it has nothing to say (``clock``, ``digest``...) is
    never sent as null: its schema keeps its one type, without pydantic's ``"default": null``."""
    for prop in schema.get("properties", {}).values():
        if "default" in prop and prop["default"] is None and "anyOf" not in prop:
            del prop["default"]


class _Client(BaseModel):
    # unknown fields are ignored (see the module's docstring)
    model_config = ConfigDict(extra="ignore", json_schema_extra=_drop_null_defaults)


class _Server(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra=_drop_null_defaults)

    def dump(self) -> str:
        """The message as the server sends it: compact JSON, fields left unset left out."""
        return self.model_dump_json(exclude_unset=True)


# ---------------------------------------------------------------------- client -> server
class Act(_Client):
    """Play one action for the connection's seat.  Refused (an ``error``, then the table's view
    again) when it is not the seat's turn, the action is not legal, the table changed since the
    view ``version`` (when given), a computer plays the seat now, or the game has not started."""
    type: Literal["act"]
    action: str = Field(description="the action, exactly as one of the view's `legal` actions is written "
                                    "(bounded by the message's size, 16 KiB)")
    version: int | None = Field(None, strict=True, ge=0, lt=2**63,
                                description="the `version` of the view the action was chosen from: the move is "
                                            "refused if the table changed since (absent or null: no check)")


class Undo(_Client):
    """Take back the seat's last action: allowed within the seat's own turn and before the game
    revealed anything (a draw, a die, a hidden tile) after it."""
    type: Literal["undo"]


class Sync(_Client):
    """Ask for the whole view again (a client with ``log=delta`` that lost its log)."""
    type: Literal["sync"]


class Ping(_Client):
    """Answered by a ``pong``: a client's keep-alive, or a check that the messages before it were read."""
    type: Literal["ping"]


class Chat(_Client):
    """Say a line in the table's chat: a seat's person may, a spectator only at a table whose
    chat is "open".  The line is kept cleaned (control, format and direction characters taken
    out, whitespace collapsed, cut at LAPILLI_CHAT_MAX_CHARS), at most LAPILLI_CHAT_BURST per
    connection and LAPILLI_CHAT_RATE per client address; clients show it as plain text."""
    type: Literal["chat"]
    text: str = Field(description="the line (bounded by the message's size, 16 KiB; kept cut)")


class Concede(_Client):
    """The connection's seat concedes.  Two players: the game ends and the other wins.  More:
    the seat is out (a computer plays it to the end, ranked after every other seat); when one
    seat alone has not conceded, the game ends and it wins.  At a rated table a concession
    counts as a loss, like leaving the game."""
    type: Literal["concede"]


class ProposeUndo(_Client):
    """Propose taking back the seat's action, the table's last, to the other players (an
    unrated, untimed table; not after a draw, a die or a hidden tile).  Every other person must
    accept (computers accept); a refusal, a new step or LAPILLI_UNDO_PROPOSAL_SECONDS end it."""
    type: Literal["propose_undo"]


class AnswerUndo(_Client):
    """Answer the undo proposed at the table for the connection's own seat: ``accept`` true
    accepts, false refuses (the proposer's refusal withdraws it)."""
    type: Literal["answer_undo"]
    accept: bool = Field(strict=True, description="true: accept; false: refuse")


ClientMessage = Annotated[Union[Act, Undo, Sync, Ping, Chat, Concede, ProposeUndo, AnswerUndo],
                          Field(discriminator="type")]


# ---------------------------------------------------------------------- server -> client
class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra=_drop_null_defaults)


Seat = Annotated[int, Field(ge=0, le=63, description="a seat's number, from 0")]
Lang = Annotated[dict[str, str], Field(description="one text per language of the narration (en, it)")]


class TableSeat(_Part):
    """A seat as the table's public details tell it."""
    seat: Seat
    kind: Literal["open", "human", "bot"] = Field(description="open: waiting for a player; human: a person's; "
                                                                "bot: the computer's")
    name: str = Field(description="the name a person gave (empty: goes by its colour); a computer's own name")
    agent: str = Field(description="the computer's level or agent when a computer plays the seat")
    stand_in: bool = Field(description="a computer plays a person's seat until its token takes it back")
    timed_out: bool = Field(description="the seat's time ran out and a computer took it")
    account: bool = Field(description="the seat's person is a signed-in account (the name is its username)")


class Table(_Part):
    """The table's public details (never its seed or salt): the same as GET /api/tables/{tid}."""
    id: str
    game: str = Field(description="the game's id (GET /api/games)")
    players: int = Field(ge=1, le=64)
    options: dict[str, Any] = Field(description="the game's options as the table was made with them")
    version: int = Field(ge=0, description="the number of steps stored (acts and undos)")
    status: Literal["open", "playing", "finished"]
    commitment: str | None = Field(description="the commitment to the seed and the game's terms (`lapilli verify`)")
    dataset: dict[str, Any] | None = Field(description="the data set the table plays with (null: the game's own)")
    clock: dict[str, Any] | None = Field(description="the clock's settings as chosen (null: untimed)")
    rated: bool
    chat: Literal["seats", "watch", "open"] = Field(description="who reads and writes the table's chat: seats, the "
                                                               "seated persons only; watch, spectators read it "
                                                               "too; open, spectators write too")
    seats: list[TableSeat]


class Colour(_Part):
    en: str
    it: str
    css: str = Field(description="the CSS colour the web client draws the seat with")


class Player(_Part):
    """A seat as the table shows it: its label in every language and its colour."""
    seat: Seat
    kind: Literal["open", "human", "bot"]
    name: str = Field(description="the person's name (empty for a computer or an open seat)")
    account: bool = Field(description="the seat's person is a signed-in account (with a player page)")
    level: str = Field(description="the computer's level (empty unless a computer plays the seat)")
    label: Lang = Field(description="the one name the seat goes by at the table, per language")
    colour: Colour | None = Field(description="the seat's colour in the game (null: the game gives none)")


class Held(_Part):
    """An absent person's seat kept for them (seat grace)."""
    seat: Seat
    seconds: float = Field(ge=0, description="seconds left before another player may hand it to a computer")


class Clock(_Part):
    """Every seat's time left, the running one counting down."""
    kind: Literal["realtime", "turn"]
    level: str = Field(description="the computer level that takes a seat whose time runs out")
    running: Seat | None = Field(description="the seat whose clock runs (null: none runs)")
    now: float = Field(description="the server's clock (seconds since the epoch) when the view was made")
    bank: float = Field(None, description="realtime: each seat's bank at the start, in seconds")
    increment: float = Field(None, description="realtime: seconds added for each turn a seat ends")
    per_move: float = Field(None, description="turn: seconds for each move")
    deadline: float = Field(None, description="when the running seat's time runs out (seconds since the epoch)")
    to_move_left: float = Field(None, ge=0, description="the running seat's seconds left at `now`")
    left: list[float] = Field(description="realtime: each seat's seconds left at `now` (turn: empty)")


class LogLine(_Part):
    """One line of the table's log, as the connection's seat reads it."""
    n: int = Field(ge=0, description="0: the set-up; then the number of the act")
    seat: Seat | None = Field(description="the seat that acted (null: the set-up)")
    items: list[dict[str, Any]] = Field(description="what happened, item by item, as the game tells it "
                                                    "(docs/engine.md: readings)")
    text: Lang = Field(description="the line narrated, per language")
    action: str = Field(None, description="the action's notation, when this seat may see it whole")


class Result(_Part):
    """The end of the game told in full."""
    scores: list[Any] = Field(description="each seat's score")
    winners: list[Seat]
    breakdown: Any = Field(description="each score's parts (they add up to it), as the game gives them")
    tie_break: Any = Field(description="the tie-break that decided, if one did")
    lower_wins: bool = Field(description="the lowest score wins")
    conceded: list[Seat] = Field(None, description="the seats that conceded, ranked after every other seat (when "
                                                   "the game ended by concession its scores are null)")


class State(_Server):
    """The table as the connection's seat may see it (a spectator: what every seat may see),
    sent when the connection opens, after every change, and on ``sync``.  With ``log=delta`` a
    view after the first may carry only the log lines the client lacks: it keeps its lines
    numbered from ``log_from`` up to before ``log_keep``, then adds those of ``log``."""
    type: Literal["state"]
    table: Table
    version: int = Field(ge=0, description="the table's version; an act may name it (`version`)")
    seat: Seat | None = Field(description="the connection's seat (null: a spectator)")
    can_undo: bool
    present: list[Seat] = Field(description="the seats connected now (to any instance)")
    players: list[Player]
    held: list[Held]
    clock: Clock = Field(None, description="present at a timed table once its clock is set")
    digest: str = Field(None, description="the keyed digest chain of the actions so far, from the commitment "
                                          "(`lapilli verify --digest`)")
    observation: dict[str, Any] = Field(description="the position as this seat may know it; its fields are the "
                                                    "game's (docs/games)")
    legal: list[str] = Field(description="the actions this seat may play now (empty unless it is to move)")
    log: list[LogLine] = Field(description="the set-up and the last 60 acts (with log_from: the lines from log_keep on)")
    title: str = Field(description="the game's title")
    text: str = Field(None, description="the position drawn as text, for a game the web client has no board for")
    result: Result = Field(None, description="present once the game is over")
    stopped: int = Field(None, ge=1, description="present when the table, of computers only, has stopped: the number "
                                                 "of decisions after which such a table stops (the server's "
                                                 "LAPILLI_COMPUTER_ONLY_MOVES)")
    log_from: int = Field(None, ge=0, description="log=delta: the number of the log's first line now")
    log_keep: int = Field(None, ge=0, description="log=delta: the client's lines from log_from up to before this "
                                                  "one are kept")


class Error(_Server):
    """A message refused, or why the connection is about to close.  One line, never a traceback."""
    type: Literal["error"]
    message: str = Field(description="what is wrong and how to put it right")
    rule: str = Field(None, description="after a refused move: the rules' clause that refuses it (may be empty)")
    words: dict[str, str] = Field(None, description="the message in each language of the page ({\"en\": ..., \"it\": ...}), "
                                                    "when the server knows it in words; the page shows its reader's")
    key: str = Field(None, description="the sentence's stable key (a rule's refusal: the engine's key; the "
                                       "server's own: a key of its catalogue), the same in every language")
    fatal: bool = Field(None, description="true: the connection closes and connecting again will not help "
                                          "(no such table, the token holds no seat, a table this server cannot play)")


class Pong(_Server):
    """The answer to a ``ping``."""
    type: Literal["pong"]


class SeatLost(_Server):
    """A computer plays this connection's seat now (handed over, or its time ran out); the seat's
    token takes it back when the page connects again."""
    type: Literal["seat_lost"]
    seat: Seat
    message: str
    key: str = Field(None, description="the sentence's stable key (lapilli.words)")
    words: dict[str, str] = Field(None, description="the message in each language of the page "
                                                    "({\"en\": ..., \"it\": ...}); the page shows its reader's")


class Watching(_Server):
    """This connection watches the table from now on, as a spectator: its seat's person conceded
    (at three or more players a computer plays the seat out, and its token no longer holds it).
    The spectator's view follows."""
    type: Literal["watching"]
    seat: Seat = Field(description="the seat this connection held")
    why: Literal["conceded"]


class Presence(_Server):
    """Only the seats present (or held for an absent person) changed: sent instead of a whole
    view to a ``log=delta`` connection that has the position of ``version``; it merges these
    fields into that view (a client whose view is at another version asks for ``sync``)."""
    type: Literal["presence"]
    version: int = Field(ge=0, description="the table's version these fields belong to")
    present: list[Seat] = Field(description="the seats connected now (to any instance)")
    held: list[Held]
    clock: Clock = Field(None, description="present at a timed table once its clock is set")


class ChatLine(_Part):
    """One line of the table's chat."""
    id: int = Field(description="the line's number at this server (increasing)")
    seat: Seat | None = Field(description="who said it: a seat (null: a spectator)")
    name: str = Field(description="the seat's person's name then (empty: a spectator, or the seat goes by its colour)")
    text: str = Field(description="the line, cleaned: plain text, never markup")
    ply: int = Field(ge=0, description="the actions the game had made when it was said")
    at: float = Field(description="when it was said (seconds since the epoch)")


class ChatLines(_Server):
    """Lines of the table's chat, oldest first: the last ones when the connection opens, then
    each as it is said.  Sent only to a connection that may read the chat (a seat's; a
    spectator's when the table's chat is "watch" or "open")."""
    type: Literal["chat"]
    lines: list[ChatLine]


class UndoProposal(_Server):
    """``seat`` proposes taking back its last action; ``waiting``: the seats whose answer is
    still awaited (sent again after each acceptance, and to a connection that opens meanwhile)."""
    type: Literal["undo_proposal"]
    seat: Seat
    waiting: list[Seat]
    seconds: float = Field(ge=0, description="seconds left before the proposal expires")


class UndoProposalEnd(_Server):
    """The undo proposed by ``seat`` ended: accepted (the undo is stored and the position sent),
    refused, withdrawn, expired, or changed (the table moved on)."""
    type: Literal["undo_proposal_end"]
    seat: Seat
    why: Literal["accepted", "refused", "withdrawn", "expired", "changed"]


ServerMessage = Annotated[Union[State, Error, Pong, SeatLost, Watching, Presence, ChatLines, UndoProposal, UndoProposalEnd],
                          Field(discriminator="type")]


def models(union) -> tuple[type[BaseModel], ...]:
    """The models of a union (``ClientMessage``, ``ServerMessage``)."""
    return get_args(get_args(union)[0])


def types(union) -> tuple[str, ...]:
    """The ``type`` of each message of a union, in the union's order."""
    return tuple(get_args(m.model_fields["type"].annotation)[0] for m in models(union))


CLIENT = TypeAdapter(ClientMessage)
SERVER = TypeAdapter(ServerMessage)


class Refused(ValueError):
    """A client message the models refuse: ``message`` says what is wrong; ``kind`` is its
    ``type`` when that was a known one (its other fields were wrong)."""

    def __init__(self, message: str, kind: str | None = None):
        super().__init__(message)
        self.message, self.kind = message, kind


UNKNOWN = f"unknown message; expected a JSON object whose type is {', '.join(types(ClientMessage)[:-1])} " \
          f"or {types(ClientMessage)[-1]}"
# what a refused field should be, in the words a player's client can show
FIELD_WORDS = {"action": "an act message needs an action (text)",
               "text": "a chat message needs a text",
               "accept": "an answer_undo message needs accept: true or false",
               "version": "version must be a whole number from 0, or null (the version of the view you chose from)"}


def parse_client(text: str | bytes) -> BaseModel:
    """The client message ``text`` is, or Refused saying what is wrong with it.  The text is read
    by Python's JSON reader, as it always was (it takes what pydantic's own reader refuses, e.g.
    an escaped lone surrogate in a string), then checked by the models."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise Refused(UNKNOWN) from None
    try:
        return CLIENT.validate_python(data)
    except ValidationError as e:
        errors = e.errors(include_url=False)
    kind, parts, seen = None, [], set()
    for err in errors:
        loc = err.get("loc", ())
        if err["type"] == "union_tag_invalid":
            got = json.dumps(err.get("ctx", {}).get("tag"))[:40]
            raise Refused(UNKNOWN.replace("unknown message", f"unknown message type {got}", 1)) from None
        if len(loc) < 2 or err["type"] in ("json_invalid", "union_tag_not_found"):
            raise Refused(UNKNOWN) from None
        kind, field = loc[0], str(loc[1])
        if field in seen:  # a field of several types has an error per type: one says it
            continue
        seen.add(field)
        words = FIELD_WORDS.get(field, f"{field}: {err.get('msg', 'invalid')}")
        got = err.get("input")
        if err["type"] != "missing" and (got is None or isinstance(got, (str, int, float, bool))):
            words += f"; got {json.dumps(got)[:40]}"
        parts.append(words)
    raise Refused(f"{kind} message refused: " + "; ".join(parts), kind)


@functools.cache
def schema() -> dict:
    """The JSON Schema (draft 2020-12) of every message both ways: ``$defs`` holds each
    message's object and the two unions, ``ClientMessage`` and ``ServerMessage``."""
    defs: dict = {}
    for name, adapter in (("ClientMessage", CLIENT), ("ServerMessage", SERVER)):
        one = adapter.json_schema(ref_template="#/$defs/{model}")
        defs.update(one.pop("$defs", {}))
        defs[name] = one
    defs["ClientMessage"]["description"] = "What a client sends on a table's WebSocket (unknown fields are ignored)."
    defs["ServerMessage"]["description"] = "What the server sends on a table's WebSocket."
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "Lapilli table WebSocket protocol",
        "description": "Every message on /ws/{table}, both ways: a JSON object (a text frame) whose `type` names "
                       "it. See docs/protocol.md.",
        "anyOf": [{"$ref": "#/$defs/ClientMessage"}, {"$ref": "#/$defs/ServerMessage"}],
        "$defs": dict(sorted(defs.items())),
    }


def schema_text() -> str:
    """``schema()`` as docs/protocol.schema.json holds it."""
    return json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    print(schema_text(), end="")
