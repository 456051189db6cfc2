"""The games Lapilli knows, and the top-level entry points of the engine contract."""
from __future__ import annotations

import importlib
import json

from .catalogue import BUILTIN_GAMES, GAMES, list_games, package, register  # noqa: F401  (the game table, read through here too)
from .dataset import bound_module, check_matches, dataset_of
from .errors import CorruptRecord, IllegalAction, LapilliError, UnknownGame
from .rng import DEFAULT_SEEDING, LINEAR_SEEDING, SEEDINGS
from .spec import GameSpec
from .state import OLDEST_STATE_VERSION, RECORD_FORMAT, RECORD_VERSION, STATE_FORMAT, STATE_VERSION, State

def state_class(game_id: str, data=None) -> type[State]:
    """The State class of a game; with ``data`` (a DataSet), the class bound to those data."""
    pkg = package(game_id)  # raises UnknownGame
    if data is not None:
        if data.game != game_id:
            raise LapilliError(f"the data set {data.name!r} is for {data.game}, not {game_id}")
        return bound_module(data).GameState
    return importlib.import_module(pkg).GameState


def game_spec(game_id: str) -> GameSpec:
    return state_class(game_id).SPEC


def new_game(game: str, players: int | None = None, seed: int = 0, options: dict | None = None,
             seeding: str = DEFAULT_SEEDING, data=None) -> State:
    """A new game, played with the data set ``data`` (a DataSet; None: the game's own data).
    Raises UnknownGame, BadPlayerCount or BadOption on bad input.  ``seeding`` names how the seed
    becomes the generator's state (lapilli.engine.rng: "mix64", or "linear" for games recorded
    before seeds were mixed)."""
    cls = state_class(game, data)
    players, opts = cls.SPEC.resolve(players, options)
    if seeding not in SEEDINGS:
        raise LapilliError(f"unknown seeding {seeding!r}; known seedings: {', '.join(SEEDINGS)}")
    return cls(players, seed=seed, options=opts, seeding=seeding)


def _document(js: dict | str | bytes, kind: str, fmt: str, version: int, oldest: int | None = None) -> dict:
    """A state file or record (``kind``) as a dict, from itself or its JSON text, once its
    ``format`` is ``fmt`` and its ``version`` one this engine reads (``oldest`` to ``version``;
    ``oldest`` None: ``version`` only); CorruptRecord otherwise."""
    if isinstance(js, (str, bytes)):
        try:
            js = json.loads(js)
        except json.JSONDecodeError as e:
            raise CorruptRecord(f"{kind} is not valid JSON: {e}") from None
    if not isinstance(js, dict) or js.get("format") != fmt:
        raise CorruptRecord(f"not a Lapilli {kind} (format field missing or wrong)")
    known = range(version if oldest is None else oldest, version + 1)
    if type(js.get("version")) is not int or js["version"] not in known:
        raise CorruptRecord(f"{kind} version {js.get('version')!r} is not supported (this is {version})")
    return js


def load_state(js: dict | str, data=None) -> State:
    """The state saved by ``State.to_json()`` (a dict or its JSON text), with the data set it was
    saved with (``data``; None: the game's own data).  A file of an earlier version is read through
    its game's ``State.upgrade``.  Raises CorruptRecord when the file states another data set."""
    js = _document(js, "state file", STATE_FORMAT, STATE_VERSION, OLDEST_STATE_VERSION)
    cls = state_class(js.get("game"), data)
    check_matches("state file", js.get("dataset"), dataset_of(cls))
    return cls.from_json(js)


def upgrade_state(js: dict | str) -> dict:
    """A state file (a dict or its JSON text) of any version this engine reads, as this version
    writes it (the same position: only the names of the game's fields may differ)."""
    js = _document(js, "state file", STATE_FORMAT, STATE_VERSION, OLDEST_STATE_VERSION)
    return state_class(js.get("game")).upgrade(js)


def replay(record: dict | str, upto: int | None = None, data=None) -> State:
    """Play a record's actions again from its seed with the data set ``data`` (None: the game's
    own data); returns the final state (or the state after ``upto`` actions).  Raises
    CorruptRecord when the record is damaged, was made with other data, or does not replay."""
    record = _document(record, "record", RECORD_FORMAT, RECORD_VERSION)
    try:
        game, players, seed = record["game"], record["players"], record["seed"]
        options, actions = record.get("options") or {}, record["actions"]
        seeding = record.get("seeding", LINEAR_SEEDING)
    except KeyError as e:
        raise CorruptRecord(f"record lacks the field {e.args[0]!r}") from None
    if not isinstance(actions, list) or not isinstance(seed, int):
        raise CorruptRecord("record's actions must be a list and its seed a whole number")
    cls = state_class(game, data)
    check_matches("record", record.get("dataset"), dataset_of(cls))
    try:
        if isinstance(options, dict):  # options added since the record was written: as it was played
            options = cls.SPEC.saved_options(options)
        state = new_game(game, players, seed, options, seeding, data=data)
    except UnknownGame:
        raise
    except LapilliError as e:
        raise CorruptRecord(f"record's set-up is invalid: {e}") from None
    for i, a in enumerate(actions if upto is None else actions[:upto]):
        try:
            state.apply(a)
        except IllegalAction as e:
            raise CorruptRecord(f"record does not replay: action {i + 1} ({a!r}) is illegal: {e}") from None
    if upto is None and "result" in record:
        res = record["result"]
        if res.get("scores") != state.scores() or res.get("winners") != state.winners():
            raise CorruptRecord("record's stated result differs from the replayed game's")
    return state
