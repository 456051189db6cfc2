"""The `State` base class: the one surface that agents, the server, the simulator and the
tests use for every game.

A game subclasses `State` and fills in a few hooks (``_setup``, ``_legal``, ``_apply``,
``_explain``, ``to_move``, ``is_terminal``, ``scores``, ``_winners``, ``_observe``, ``_readings``
and, with hidden information, ``_resample_hidden``, ``has_hidden`` and ``_reveals``).  Everything else -- validation,
history, records, JSON, determinization -- lives here, once.

Actions are strings in the game's notation (``str(a) == a``); ``legal_actions()`` lists them.
"""
from __future__ import annotations

from typing import Any, ClassVar

from . import codec
from .catalogue import optional_module
from .dataset import dataset_of, game_module
from .errors import CorruptRecord, IllegalAction, LapilliError, UnknownGame
from .rng import DEFAULT_SEEDING, LINEAR_SEEDING, Rng, game_rng
from .spec import GameSpec

STATE_FORMAT = "lapilli-state"
# The state file's version: 2 since the games' fields (the keys of "data") are named in full
# words; a file of an earlier version is read through ``State.upgrade`` (docs/formats/record.md).
STATE_VERSION = 2
OLDEST_STATE_VERSION = 1
RECORD_FORMAT = "lapilli-record"
RECORD_VERSION = 1


class Events(list):
    """The events of one ``apply``, and ``reveal``: what the action revealed of hidden
    information or chance (a short kind such as ``"chance"`` or ``"tile-back"``), None when
    nothing.  It serialises as the plain list of events.

    ``apply`` sets ``reveal`` once the action is carried out; the class has no ``__init__`` of
    its own, so that making the list costs what making a plain list costs (one per ``apply``)."""

    __slots__ = ("reveal",)


class _Sink(list):
    """An event list that keeps nothing (for ``apply_legal``)."""

    __slots__ = ()

    def append(self, item) -> None:
        pass

    def extend(self, items) -> None:
        pass


_SINK = _Sink()

# Fields the base class owns; everything else in an instance's __dict__ is game data.
BASE_FIELDS = ("num_players", "options", "seed", "seeding", "rng", "history", "setup_events", "_legal_cache", "_determinized")


class State:
    """One position of one game.  See docs/engine.md."""

    SPEC: ClassVar[GameSpec]
    # The game's declaration of what reveals hidden information without a generator draw: event
    # type -> kind of reveal (e.g. {"draw_card": "card"}: a card comes off a pile shuffled at set-up).
    REVEALS: ClassVar[dict[str, str]] = {}
    # The game's fields renamed by each state-file version: version -> {key in the file of the
    # version before: key from this version on}.  ``upgrade`` reads older files through it, so
    # that no game code reads an old name.
    RENAMED_FIELDS: ClassVar[dict[int, dict[str, str]]] = {}

    # ------------------------------------------------------------------ creation
    def __init__(self, players: int, seed: int = 0, options: dict | None = None, seeding: str = DEFAULT_SEEDING):
        self.num_players = players
        self.options = dict(options or {})
        self.seed = int(seed)
        self.rng = game_rng(self.seed, seeding)
        self.seeding = seeding
        self.history: list[str] = []
        self._legal_cache: list[str] | None = None
        self._determinized = False
        events: list[dict] = []
        self._setup(events)
        self.setup_events = events

    # ------------------------------------------------------------------ hooks a game fills in
    def _setup(self, events: list) -> None:
        """Lay out the components; draws from self.rng are logged in ``events``."""
        raise NotImplementedError

    def _legal(self) -> list[str]:
        """The legal actions of ``to_move`` now, as notation strings."""
        raise NotImplementedError

    def _apply(self, action: str, events: list) -> None:
        """Carry out a legal action (already checked) and append the events it causes."""
        raise NotImplementedError

    def canonical(self, text: str) -> str:
        """``text`` in the game's own spelling: the same action for every way of typing it.

        Case and extra spaces never matter, nor the order of an unordered set (cards discarded
        together, explorers chosen together).  The base form only joins the words with single
        spaces; a game overrides it with its notation's canonical form (lower/upper case where
        its notation uses it, unordered parts in a fixed order).  ``apply`` compares the
        canonical form of what was typed with the canonical forms of the legal actions, so a
        legal list may keep any order of its unordered parts."""
        return " ".join(text.split())

    def _explain(self, action: str) -> IllegalAction:
        """Why ``action`` is not legal now: an IllegalAction naming the broken rule."""
        return IllegalAction(f"{action!r} is not a legal action now", rule="notation", action=action)

    @property
    def to_move(self) -> int | None:
        """The seat that must decide now (not always the one whose turn it is); None when over."""
        raise NotImplementedError

    @property
    def is_terminal(self) -> bool:
        raise NotImplementedError

    def scores(self) -> list:
        """Each seat's score (final when the game is over)."""
        raise NotImplementedError

    def _winners(self) -> list[int]:
        """The winning seats after the game's own tie-breaks (called only when terminal)."""
        s = self.scores()
        best = max(s)
        return [i for i, x in enumerate(s) if x == best]

    def _observe(self, player: int | None) -> dict:
        """JSON-ready game data that ``player`` may see (None: a spectator)."""
        raise NotImplementedError

    def _reveals(self, action: str, events: list) -> str | None:
        """What ``action``, just applied with these ``events``, revealed of hidden information
        that did not come from the generator (a card drawn from a pile shuffled earlier, a tile's
        back seen): a short kind such as ``"card"``, or None.  Draws from ``self.rng`` need no
        declaration: ``apply`` counts every one of them as a reveal (``"chance"``).  The default
        reads the class's ``REVEALS`` table of event types."""
        kinds = self.REVEALS
        if kinds:
            for ev in events:
                kind = kinds.get(ev.get("type"))
                if kind:
                    return kind
        return None

    def _readings(self, actor: int | None, action: str | None, events: list[dict], reader: int | None) -> list[dict]:
        """What ``reader`` may read of one act: see ``readings``.  This default shows the action's
        notation to everyone and no event, which is right only for a game whose actions hide
        nothing; every built-in game fills it in in its ``views.py``."""
        if action is None:
            return []
        return [{"key": "act", "args": {"seat": actor, "action": action}}]

    def has_hidden(self, player: int | None) -> bool:
        """True when something in this position is hidden from ``player`` (besides future chance)."""
        return False

    def _resample_hidden(self, player: int | None, rng: Rng) -> None:
        """Re-sample, in place, everything hidden from ``player``, consistently with what they saw."""

    def hidden_plan(self, player: int | None):
        """What ``determinize(player, ...)`` re-samples in this position, worked out once for many
        determinizations of it (search: ``Decision`` keeps it for its decision); None when the
        game does not precompute.  Valid only until the next ``apply``."""
        return self._hidden_plan(player)

    def _hidden_plan(self, player: int | None):
        """Override with ``_resample_plan`` for speed: ``_resample_plan(self._hidden_plan(p), rng)``
        must do exactly what ``_resample_hidden(p, rng)`` does (the same draws, the same result)."""
        return None

    def _resample_plan(self, plan, rng: Rng) -> None:
        raise NotImplementedError

    def _copy_fields(self, new: "State") -> None:
        """Copy game data into ``new`` (a bare instance).  Override for speed."""
        for k, v in self.__dict__.items():
            if k not in BASE_FIELDS:
                new.__dict__[k] = codec.deep_copy(v)

    def _to_dict(self) -> dict:
        return {k: codec.encode(v) for k, v in self.__dict__.items() if k not in BASE_FIELDS}

    def _from_dict(self, data: dict) -> None:
        for k, v in data.items():
            self.__dict__[k] = codec.decode(v)

    def render(self, player: int | None = None, labels: list[str] | None = None, lang: str = "en") -> str:
        """A plain-text picture of the position as ``player`` sees it (for terminals), in ``lang``
        ("en" or "it"), naming the seats by ``labels`` (one per seat; default: each seat's
        ``narration.seat_label``).  This default dumps the observation, for games without a
        ``render.py``."""
        import json

        return json.dumps(self.observation(player), indent=1)

    # ------------------------------------------------------------------ the contract
    @property
    def game_id(self) -> str:
        return self.SPEC.id

    @property
    def dataset(self):
        """The data set this game is played with (engine/dataset.py): bound to the class."""
        return dataset_of(self)

    def legal_actions(self) -> list[str]:
        if self.is_terminal:
            return []
        if self._legal_cache is None:
            self._legal_cache = self._legal()
        return list(self._legal_cache)

    def legal_view(self) -> list[str]:
        """The legal actions of ``to_move`` as the state's own cached list: the same actions as
        ``legal_actions()`` without the copy, for hot loops (search, simulation).  The caller must
        not change the list; it is valid until the next ``apply``."""
        if self._legal_cache is None:
            if self.is_terminal:
                return []
            self._legal_cache = self._legal()
        return self._legal_cache

    def apply_legal(self, action: str) -> None:
        """Carry out ``action``, taken as is from the current ``legal_view()`` or
        ``legal_actions()`` list, without validating it again and without collecting events.

        For hot loops only: anything else (another string, text with extra spaces, a terminal
        state) is undefined behaviour; ``apply`` is the checked entry point."""
        self._legal_cache = None
        self._apply(action, _SINK)
        self.history.append(action)

    def apply(self, action: Any) -> list[dict]:
        """Carry out ``action`` (an action or its notation) for ``to_move``; return its events.

        Raises IllegalAction, with the state unchanged, when the action is not legal now.
        """
        if not isinstance(action, str):
            action = str(action)
        if self.is_terminal:
            raise IllegalAction("the game is over: no more actions", rule=self.SPEC.end_rule or "game-over", action=action)
        legal = self._legal_cache
        if legal is None:
            legal = self._legal_cache = self._legal()
        if action not in legal:
            action = self._match(action, legal)
        events = Events()
        self._legal_cache = None
        drawn_from = self.rng.state
        self._apply(action, events)
        self.history.append(action)
        events.reveal = self._reveals(action, events) or ("chance" if self.rng.state != drawn_from else None)
        return events

    def _match(self, text: str, legal: list[str]) -> str:
        """The legal action that ``text`` spells (case, spaces and order of unordered parts
        aside), or raise the game's explanation of why the canonical form is refused."""
        canon = self.canonical(text)
        if canon in legal:
            return canon
        for a in legal:
            if self.canonical(a) == canon:
                return a
        raise self._explain(canon)

    @staticmethod
    def reveals(events: list) -> str | None:
        """What the action that returned ``events`` (from ``apply``) revealed of hidden
        information or chance, None when nothing: the one test that decides whether an action
        may be taken back (an undo must never let a player choose again after seeing a card, a
        tile's back or a die)."""
        return getattr(events, "reveal", None)

    def readings(self, actor: int | None, action: str | None, events: list[dict],
                 reader: int | None) -> list[dict]:
        """The one door for what a seat may read of an act: ``actor`` (None at set-up) did
        ``action`` (None: the set-up, ``events`` then being ``setup_events``), which caused
        ``events``; ``reader`` is a seat or None (a spectator).  Called on the state just after
        the act or any later one: a secret is shown to its owner, and to everyone once this state
        reveals it (at the end at the latest).

        Returns items ``{"key": <message id>, "args": {...}}``, turned into sentences by
        ``lapilli.engine.narration``; a chance event (die rolled, card/tile/token drawn or turned)
        also carries ``"chance": {"kind": "die"|"card"|"tile"|"token", "name": ..., "value": ...}``,
        with ``value`` only when the reader may know it.  The server's log, the terminal game and
        replays show nothing of an act but these."""
        return self._readings(actor, action, events, reader)

    def reading_key(self):
        """What of this position the game's ``readings`` of an earlier act consult besides the
        act itself and the reader: a hashable value such that two positions of one game with the
        same key give every earlier act the same readings for every reader, so that a log may
        reuse a line's readings while the key holds.  None (the default): the game does not say,
        and every line is read anew."""
        return None

    def winners(self) -> list[int]:
        return self._winners() if self.is_terminal else []

    # ------------------------------------------------------------------ results, told in full
    def score_breakdown(self) -> list[list[dict]]:
        """Each seat's score the way the rulebook adds it up: per seat a list of parts
        ``{"part": key, "points": n, "rule": clause, "label": {"en": ..., "it": ...}}`` whose
        points add up to ``scores()[seat]``.  A game tells it in its ``scoring.py``
        (``score_breakdown(state)``); without one, one part: the score itself."""
        scoring = self._scoring()
        if scoring is not None:
            return scoring.score_breakdown(self)
        return [[{"part": "total", "points": s, "rule": "", "label": {"en": "score", "it": "punteggio"}}]
                for s in self.scores()]

    def tie_break(self) -> dict | None:
        """When the best score was shared and the game's tie-breaks picked the winners, what
        decided: ``{"rule": clause, "text": {"en": ..., "it": ...}}``; None otherwise (also
        before the end).  A game tells it in its ``scoring.py`` (``tie_break(state)``)."""
        scoring = self._scoring()
        return scoring.tie_break(self) if scoring is not None else None

    def _scoring(self):
        """The scoring module of the package this state's class comes from: a copy bound to a
        data set scores with its own module, which reads that data set."""
        try:
            return optional_module(game_module(self), "scoring")
        except UnknownGame:  # a state class of no registered game (a test's own): the default parts
            return None


    def seat_colour(self, seat: int) -> int | None:
        """Which of ``SPEC.seat_colours`` is this seat's (None: not chosen yet).  The seat's own
        by default; a game whose players pick their colour overrides it."""
        return seat if seat < len(self.SPEC.seat_colours) else None

    def replay_events(self) -> list[tuple[int | None, str | None, list[dict]]]:
        """The game again from its record, as (seat that acted, action, events) per step; the
        set-up comes first as (None, None, set-up events).  For breakdowns of points scored
        during play.  Replayed with this game's own class (so with its data set) and seeding."""
        st = type(self)(self.num_players, seed=self.seed, options=dict(self.options), seeding=self.seeding)
        out: list = [(None, None, list(st.setup_events))]
        for a in self.history:
            seat = st.to_move
            out.append((seat, a, st.apply(a)))
        return out

    def observation(self, player: int | None = None) -> dict:
        if player is not None and not (isinstance(player, int) and 0 <= player < self.num_players):
            raise LapilliError(f"no seat {player!r}: seats are 0 to {self.num_players - 1}")
        obs = {
            "game": self.SPEC.id,
            "num_players": self.num_players,
            "options": dict(self.options),
            "seat": player,
            "to_move": self.to_move,
            "is_terminal": self.is_terminal,
            "ply": len(self.history),
        }
        obs.update(self._observe(player))
        return obs

    def clone(self, history: bool = True) -> "State":
        """An independent copy.  ``history=False`` gives the copy an empty history (its record
        and ``ply`` then count from this position): a cheaper copy for search."""
        new = self.__class__.__new__(self.__class__)
        d = new.__dict__
        d["num_players"] = self.num_players
        d["options"] = self.options
        d["seed"] = self.seed
        d["seeding"] = self.seeding
        d["rng"] = self.rng.copy()
        d["history"] = self.history.copy() if history else []
        d["setup_events"] = self.setup_events
        d["_legal_cache"] = self._legal_cache
        d["_determinized"] = self._determinized
        self._copy_fields(new)
        return new

    def determinize(self, player: int | None, seed: int, history: bool = True, plan=None) -> "State":
        """A copy in which everything hidden from ``player`` (and all future chance) is re-sampled.

        ``history=False``: the copy starts with an empty history (cheaper, for search).  The
        legal-action cache is kept in a game without hidden information (no ``_resample_hidden``
        of its own: a new generator for the future chance cannot change the actions legal now)
        and when ``player`` is the seat to move (a seat's own choices cannot depend on what is
        hidden from it: tests/engine/test_determinize_legal.py checks it in every game).
        ``plan``: ``self.hidden_plan(player)``, to skip working it out again (the same result)."""
        new = self.clone(history)
        new.rng = Rng(seed)
        # The copy names the generator it was given, not the game's: the real seed would let
        # whoever holds a copy (an agent) replay the game's true future chance.
        new.seed, new.seeding = seed, LINEAR_SEEDING
        new._determinized = True
        if type(self)._resample_hidden is not State._resample_hidden:
            if player is None or player != self.to_move:
                new._legal_cache = None
            if plan is None:
                new._resample_hidden(player, new.rng)
            else:
                new._resample_plan(plan, new.rng)
        return new

    # ------------------------------------------------------------------ persistence
    def to_json(self) -> dict:
        js = {
            "format": STATE_FORMAT,
            "version": STATE_VERSION,
            "game": self.SPEC.id,
            "players": self.num_players,
            "options": dict(self.options),
            "seed": self.seed,
            "seeding": self.seeding,
            "rng": self.rng.state,
            "history": list(self.history),
            "determinized": self._determinized,
            "data": self._to_dict(),
        }
        if self.dataset.files:  # a game with component data: which data (engine/dataset.py)
            js["dataset"] = self.dataset.describe()
        return js

    @classmethod
    def upgrade(cls, js: dict) -> dict:
        """A state file of this game written by any version this engine reads, as the current
        version writes it: each version's renamed fields (``RENAMED_FIELDS``) applied in turn.
        The file given is not changed; one already current is returned as it is."""
        version = js.get("version", STATE_VERSION)
        if type(version) is not int or version >= STATE_VERSION:
            return js
        js = dict(js)
        data = js.get("data")
        for step in range(version + 1, STATE_VERSION + 1):
            renamed = cls.RENAMED_FIELDS.get(step, {})
            if isinstance(data, dict) and renamed:
                data = {renamed.get(k, k): v for k, v in data.items()}
        if data is not None:
            js["data"] = data
        js["version"] = STATE_VERSION
        return js

    @classmethod
    def from_json(cls, js: dict) -> "State":
        """The state a state file holds (a dict of any version this engine reads)."""
        js = cls.upgrade(js)
        new = cls.__new__(cls)
        try:
            new.num_players = int(js["players"])
            new.options = cls.SPEC.saved_options(js["options"])
            new.seed = int(js["seed"])
            new.seeding = str(js.get("seeding", LINEAR_SEEDING))
            new.rng = Rng.from_state(int(js["rng"]))
            new.history = [str(a) for a in js["history"]]
            new.setup_events = []
            new._legal_cache = None
            new._determinized = bool(js.get("determinized", False))
            new._from_dict(js["data"])
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise CorruptRecord(f"state file is damaged: {e.__class__.__name__}: {e}") from None
        return new

    def to_record(self) -> dict:
        if self._determinized:
            raise LapilliError("a determinized copy has no record: its hidden parts were invented")
        rec = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.SPEC.id,
            "players": self.num_players,
            "options": dict(self.options),
            "seed": self.seed,
            "seeding": self.seeding,
            "actions": list(self.history),
        }
        if self.dataset.files:
            rec["dataset"] = self.dataset.describe()
        if self.is_terminal:
            rec["result"] = {"scores": self.scores(), "winners": self.winners()}
        return rec

    def __repr__(self) -> str:
        return f"<{self.SPEC.id} state: {self.num_players} players, ply {len(self.history)}, to_move={self.to_move}>"
