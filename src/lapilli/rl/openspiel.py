"""The five games as OpenSpiel games (the ``openspiel`` extra: ``pip install -e '.[openspiel]'``).

    import pyspiel
    import lapilli.rl.openspiel            # registers lapilli_<game> for every installed game
    game = pyspiel.load_game("lapilli_eruption(players=3,variant=lava_rain)")
    state = game.new_initial_state()

Each game is registered through OpenSpiel's Python-game API as ``lapilli_<game id with _>``
(``lapilli_the_island``, ``lapilli_isola_dei_vulcani`` ...).  Game parameters: ``players`` (the
game's default when left out), ``seed`` (default 0: the n-th ``new_initial_state()`` of a game
object deals the set-up of seed ``seed + n``, so runs are repeatable and games differ) and one
parameter per game option, named as the option (``max_rounds=off``, ``giant_squid=True``).

**Actions** are the slots of the PettingZoo adapter's fixed action table (``lapilli.rl``): the
same integer means the same notation in both; ``num_distinct_actions()`` is the table's size.

**Chance.**  The engine draws chance inside ``apply`` (docs/engine.md).  Here a draw among few
outcomes -- a die, a random pick of a first player, a volcano or a tied part, at most
``SMALL_DRAW`` outcomes, uniform -- becomes an explicit chance node: the player's action waits
(``current_player() == CHANCE``), ``chance_outcomes()`` lists the draw's values with equal
probability, and the action is carried out with the value chosen (an action with two dice has two
chance nodes).  Shuffles and draws from large piles stay sampled: they come from the state's own
generator, as in the engine.  Every game is declared ``EXPLICIT_STOCHASTIC``: OpenSpiel's
``SAMPLED_STOCHASTIC`` needs a game-level generator state (``GetRNGState``) that a Python game
cannot provide.  Per game:

- Eruption: explicit chance (``EXPLICIT_STOCHASTIC``) for the two movement dice (one node per die,
  6 outcomes each); shuffles of the action cards and the lava tiles sampled.
- The Island: explicit chance for the creature die and the dive dice; the set-up shuffle of the
  land tiles sampled.
- L'Isola dei Vulcani: explicit chance for the die and its random picks (volcano, tied part);
  the set-up sampled.
- Kingdomino Origins: explicit chance for the random order of the draw of new chiefs; the
  shuffles of the supply and the Cro-magnon deck sampled.
- Stromboli: no chance node: its only chance is shuffles of the palm piles (sampled) and the
  set-up.

The set-up (first player, shuffles at the start) is dealt by the seed of each initial state.
A sampled draw is fixed by the state's generator, which ``clone()`` copies: a search that clones
the true state (``MCTSBot``) sees sampled draws to come; ``resample_from_infostate`` (and so
``ISMCTSBot``) replaces the generator, as the engine's ``determinize`` does.

**Information.**  ``observation_string(p)`` is the engine's ``observation(p)`` as JSON (only what
seat p may see: the web table's views); ``observation_tensor(p)`` its PettingZoo encoding.
``information_state_string(p)`` adds a digest of everything seat p has read of every act since
the set-up (``State.readings``, the door through which the web table's log shows acts), so two
histories give the same string only when seat p cannot tell them apart; at a chance node the
seat that chose the waiting action also sees it.  ``information_state_tensor(p)`` is the
observation tensor (the games' observations keep what a seat has seen that still matters: its
own secrets, scores, tiles and cards seen; it is not a perfect-recall tensor).  A public
observer (``IIGObservationType(private_info=NONE)``) sees the spectator's view.

**Returns** come at the end, from ``winners()`` (after the game's tie-breaks): with k of n seats
winning, each winner gets +1/k and each other seat -1/(n-k) (2 players: +1 / -1; a shared win
between 2 of 4: +1/2, +1/2, -1/2, -1/2); when every seat wins (a full tie) every return is 0.
The returns always add up to 0 (``ZERO_SUM``).

**Serialization** (``state.serialize()``, ``pyspiel.serialize_game_and_state``) stores the
engine's ``to_json`` of the position.  ``resample_from_infostate(p, sampler)`` is the engine's
``determinize(p, seed)`` with a seed drawn from ``sampler``.  ``ismcts_bot`` is OpenSpiel's
``ISMCTSBot`` with the ``restart_at`` that ``evaluate_bots`` calls.
"""
from __future__ import annotations

import hashlib
import json
import random

import numpy as np
import orjson
import pyspiel

from ..engine.registry import game_spec, list_games, load_state, new_game
from ..engine.rng import Rng
from ..engine.state import State
from . import adapter

SMALL_DRAW = 64  # a draw among at most this many values is an explicit chance node
EXPLICIT = ("eruption", "the-island", "isola-dei-vulcani", "kingdomino-origins", "stromboli")
MAX_GAME_LENGTH = 100_000  # decisions and chance nodes: above every game's turn cap


def short_name(game: str) -> str:
    return "lapilli_" + game.replace("-", "_")


class _NeedDraw(Exception):
    def __init__(self, n: int):
        super().__init__(n)
        self.n = n


class _ScriptedRng(Rng):
    """A generator whose small draws are given (the chance outcomes chosen so far); the next
    small draw stops the action (``_NeedDraw``).  Other draws (shuffles, large picks) come from
    the generator's own stream."""

    __slots__ = ("script", "used")

    def __init__(self, state: int, script: list[int]):
        self.state = state
        self.script = script
        self.used = 0

    def randbelow(self, n: int) -> int:
        if n > SMALL_DRAW:
            return Rng.randbelow(self, n)
        if self.used < len(self.script):
            v = self.script[self.used]
            self.used += 1
            if not 0 <= v < n:
                raise ValueError(f"chance outcome {v} out of range for a draw among {n}")
            return v
        raise _NeedDraw(n)


class _Held:
    """The engine state inside a pickled OpenSpiel state: pickled as its ``to_json``.  It also
    keeps the OpenSpiel legal actions of the state (``legal``: the sorted slots of the engine's
    ``legal_view`` list ``legal_of``, worked out once however often OpenSpiel asks): a new
    position is a new ``_Held``, and a clone's copy holds while the engine's list is the same
    object (the engine makes a new list after every change)."""

    __slots__ = ("state", "legal", "legal_of")

    def __init__(self, state: State, legal: list[int] | None = None, legal_of: list[str] | None = None):
        self.state = state
        self.legal = legal
        self.legal_of = legal_of

    def __reduce__(self):
        return (_held_from_json, (json.dumps(self.state.to_json()),))


def _held_from_json(text: str) -> _Held:
    return _Held(load_state(text))


# how an observation or an act's readings are written as text: keys sorted (one text for equal
# values), non-text keys written as text (as json does)
_SORTED_TEXT = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS


def _digest(prev: str, items) -> str:
    """The recall after ``prev`` of an act's readings ``items``: a hash of both, the readings
    written by orjson with their keys sorted (one text for equal readings).  It runs for every
    seat and every action that some information state comes to depend on (``_Recall``), where
    json.dumps would be about 14 % of the time."""
    return hashlib.blake2b(prev.encode() + orjson.dumps(items, option=_SORTED_TEXT, default=str), digest_size=16).hexdigest()


RECALL_LAG = 128  # at most this many acts of a state's recall wait for their digests (``_Recall``)


class _Recall:
    """The recall digests of every seat after one act, each worked out the first time it is read.

    Reading a seat's readings of an act (``State.readings``) and hashing them costs about as much
    as the act itself, and a search's random rollouts act for every seat at every step where
    nobody reads an information state.  So an act keeps what the digests need -- the recall
    before it (``prev``: a ``_Recall`` or a list of digests), the actor, the action, its events and
    the engine state just after it -- and a seat's digest is computed from them when first read,
    going back to the last act whose digest of that seat is known.  The digests are those the
    eager way gives: the readings are taken on the state just after the act (a later state could
    read differently), which the OpenSpiel state holds and never changes (an act makes a new
    engine state).  Clones share the acts, and so what any of them has computed.  Once every seat's
    digest is known the act lets go of the rest; an OpenSpiel state whose recall waits on more
    than ``RECALL_LAG`` acts has them all computed (``LapilliState._advance``), so that a long game
    keeps at most that many engine states alive for its recall.

    Pickled (``serialize()``, ``pickle``, ``copy.deepcopy``) as the list of digests."""

    __slots__ = ("prev", "actor", "action", "events", "state", "digests", "lag")

    def __init__(self, prev, actor: int, action: str, events: list[dict], state: State):
        self.prev = prev
        self.actor = actor
        self.action = action
        self.events = events
        self.state = state
        self.digests: list[str | None] = [None] * state.num_players
        self.lag = prev.lag + 1 if type(prev) is _Recall and prev.state is not None else 1

    def seat(self, p: int) -> str:
        d = self.digests[p]
        if d is not None:
            return d
        chain = []
        link = self
        while type(link) is _Recall and link.digests[p] is None:
            chain.append(link)
            link = link.prev
        d = link[p] if type(link) is list else link.digests[p]
        for link in reversed(chain):
            d = link.digests[p] = _digest(d, link.state.readings(link.actor, link.action, link.events, p))
            if None not in link.digests:
                link.prev = link.events = link.state = None
        return d

    def all(self) -> list[str]:
        return [self.seat(p) for p in range(len(self.digests))]

    def __reduce__(self):
        return (list, (self.all(),))


def _recall_of(recall, p: int) -> str:
    """Seat ``p``'s digest in a recall (a ``_Recall`` or a list of digests)."""
    return recall[p] if type(recall) is list else recall.seat(p)


def _param_value(spec, name: str, value):
    """The option value a game parameter names (parameters are bool, int, float or str).  An
    option of numbers that also allows one word (L'Isola dei Vulcani's ``max_rounds``: 40, 60,
    100 or "off") is an int parameter where 0 means the word: OpenSpiel reads "60" in a game
    string as an int, so the parameter must have one type."""
    option = spec.options[name]
    allowed = option.values
    if _mixed(option) and value == 0 and not isinstance(value, bool):
        return _word(option)
    if value in allowed and type(value) is type(option.default):
        return value
    for v in allowed:
        if str(v).lower() == str(value).lower():
            return v
    raise ValueError(f"{spec.id}: option {name} cannot be {value!r}; it is one of {', '.join(map(str, allowed))}")


def _mixed(option) -> bool:
    return len({type(v) for v in option.values}) > 1


def _word(option) -> str:
    return next(v for v in option.values if isinstance(v, str))


def _param_default(option):
    """The parameter default of an option (see ``_param_value`` for an option of numbers and a word)."""
    if _mixed(option):
        return 0 if isinstance(option.default, str) else int(option.default)
    return option.default


class LapilliGame(pyspiel.Game):
    """One Lapilli game (a player count and options) as an OpenSpiel game."""

    GAME_ID = ""  # set per registered subclass
    GAME_TYPE: pyspiel.GameType

    def __init__(self, params=None):
        params = dict(params or {})
        spec = game_spec(self.GAME_ID)
        players = params.get("players")
        options = {}
        for name, opt in spec.options.items():
            if name in params:
                options[name] = _param_value(spec, name, params[name])
        players, options = spec.resolve(int(players) if players is not None else None, options)
        self.lapilli_id = self.GAME_ID
        self.players = players
        self.options = options
        self.adapter = adapter(self.GAME_ID, players, options)
        self._next_seed = int(params.get("seed", 0))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.adapter.slots,
            max_chance_outcomes=SMALL_DRAW if self.GAME_ID in EXPLICIT else 0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH)
        super().__init__(self.GAME_TYPE, info, params)

    def new_initial_state(self):
        seed = self._next_seed
        self._next_seed += 1
        return LapilliState(self, new_game(self.lapilli_id, self.players, seed, self.options))

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        return LapilliObserver(self, iig_obs_type)

    def state_from_engine(self, state: State) -> "LapilliState":
        """An OpenSpiel state for an engine position of this game (its player count and options)."""
        if state.game_id != self.lapilli_id or state.num_players != self.players or state.options != self.options:
            raise ValueError("the position is not of this game, player count and options")
        return LapilliState(self, state)


class LapilliState(pyspiel.State):
    """An OpenSpiel state over one engine position (``engine_state``)."""

    def __init__(self, game: LapilliGame, state: State | None = None, _copy: "LapilliState | None" = None):
        super().__init__(game)
        if _copy is not None:
            held = _copy._held
            self._held = _Held(held.state.clone(), held.legal, held.legal_of)
            self._pending = _copy._pending
            self._prefix = list(_copy._prefix)
            self._draw = _copy._draw
            self._recall = _copy._recall  # never changed in place: an act replaces it
            self._explicit = _copy._explicit
            return
        self._held = _Held(state if state is not None else game.new_initial_state().engine_state)
        self._pending = None    # the action waiting for its chance outcomes
        self._prefix: list[int] = []
        self._draw = 0          # how many outcomes the waiting draw has
        self._explicit = game.lapilli_id in EXPLICIT
        st = self._held.state
        self._recall = [_digest("", st.readings(None, None, st.setup_events, p)) for p in range(st.num_players)]

    @property
    def engine_state(self) -> State:
        """The engine position (at a chance node: before the waiting action)."""
        return self._held.state

    # ---------------------------------------------------------------- OpenSpiel API
    def current_player(self):
        st = self._held.state
        if self._pending is not None:
            return pyspiel.PlayerId.CHANCE
        if st.is_terminal:
            return pyspiel.PlayerId.TERMINAL
        return st.to_move

    def _legal_actions(self, player):
        held = self._held
        st = held.state
        if player != st.to_move or self._pending is not None:
            return []
        view = st.legal_view()
        if view is not held.legal_of:
            held.legal = sorted(map(self.get_game().adapter._index().__getitem__, view))
            held.legal_of = view
        return held.legal

    # legal_actions and is_chance_node, asked by Python (the bots, their rollouts): the answers of
    # OpenSpiel's own (pyspiel.State's), without its round trips through C++, which call back
    # current_player and is_terminal three or four times (about 8 microseconds a call)
    def legal_actions(self, player=None):
        if self._pending is None and player in (None, self._held.state.to_move) and not self._held.state.is_terminal:
            return list(self._legal_actions(self._held.state.to_move))
        return super().legal_actions() if player is None else super().legal_actions(player)

    def is_chance_node(self):
        return self._pending is not None

    def chance_outcomes(self):
        p = 1.0 / self._draw
        return [(k, p) for k in range(self._draw)]

    def _apply_action(self, action):
        if self._pending is not None:
            if not 0 <= action < self._draw:
                raise ValueError(f"chance outcome {action} out of range 0-{self._draw - 1}")
            self._prefix.append(int(action))
        else:
            table = self.get_game().adapter.actions
            self._pending = table[action]
            self._prefix = []
        self._advance()

    def _advance(self) -> None:
        st = self._held.state
        action = self._pending
        actor = st.to_move
        if not self._explicit:
            events = st.apply(action)
            new = st
        else:
            new = st.clone()
            new.rng = _ScriptedRng(st.rng.state, self._prefix)
            try:
                events = new.apply(action)
            except _NeedDraw as need:
                self._draw = need.n
                return
            new.rng = Rng.from_state(new.rng.state)
        self._held = _Held(new)
        self._pending, self._prefix, self._draw = None, [], 0
        if not self._explicit:
            # the engine state changes in place at the next act: read it now (the recall of
            # such a game is always the list of digests)
            self._recall = [_digest(self._recall[p], new.readings(actor, action, events, p))
                            for p in range(new.num_players)]
            return
        recall = _Recall(self._recall, actor, action, events, new)
        self._recall = recall.all() if recall.lag > RECALL_LAG else recall

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance {action} of {self._draw}"
        return self.get_game().adapter.actions[action]

    def is_terminal(self):
        return self._pending is None and self._held.state.is_terminal

    def returns(self):
        st = self._held.state
        n = st.num_players
        if not self.is_terminal():
            return [0.0] * n
        winners = set(st.winners())
        k = len(winners)
        if k == n:
            return [0.0] * n
        return [1.0 / k if p in winners else -1.0 / (n - k) for p in range(n)]

    def clone(self):
        return LapilliState(self.get_game(), _copy=self)

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state that seat ``player_id`` cannot tell from this one: the engine's ``determinize``
        (hidden parts and the generator re-drawn), seeded by ``probability_sampler``."""
        try:
            u = float(probability_sampler())
        except TypeError:
            u = random.random()
        seed = int(u * 2**53) ^ len(self._held.state.history)
        new = self.clone()
        new._held = _Held(self._held.state.determinize(player_id, seed))
        if new._pending is not None and new._pending not in new._held.state.legal_view():
            # the waiting action was chosen by another seat with things player_id cannot see:
            # the determinization keeps them (the action stays legal)
            new._held = _Held(self._held.state.clone())
        return new

    def __str__(self):
        st = self._held.state
        text = st.render(None)
        if self._pending is not None:
            text += f"\n(waiting for chance: {self._pending})"
        return text

    # ---------------------------------------------------------------- strings for observers
    def _observation_text(self, player) -> str:
        # orjson: ISMCTS asks for this text at every node it visits, and json's encoder would take
        # about a fifth of its search time (docs/agents.md, the yardstick)
        return orjson.dumps(self._held.state.observation(player), option=_SORTED_TEXT, default=str).decode()

    def _infostate_text(self, player) -> str:
        text = self._observation_text(player) + "\nrecall " + _recall_of(self._recall, player)
        if self._pending is not None:
            waiting = self._pending if player == self._held.state.to_move else "?"
            text += f"\nwaiting {waiting} {self._prefix}"
        return text


class LapilliObserver:
    """OpenSpiel's PyObserver: the engine's views of one seat (or the spectator's)."""

    def __init__(self, game: LapilliGame, iig_obs_type):
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("Lapilli games have no observer that sees every seat's secrets")
        self.public_only = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.adapter = game.adapter
        self.tensor = np.zeros(game.adapter.obs_size, np.float32)
        self.dict = {"observation": self.tensor}

    def _seat(self, player):
        return None if self.public_only else player

    def set_from(self, state: LapilliState, player):
        self.tensor[:] = self.adapter.encode(state.engine_state.observation(self._seat(player)))

    def string_from(self, state: LapilliState, player):
        seat = self._seat(player)
        if self.perfect_recall and seat is not None:
            return state._infostate_text(seat)
        return state._observation_text(seat)


def _game_type(game: str) -> pyspiel.GameType:
    spec = game_spec(game)
    params = {"players": spec.resolve(None, {})[0], "seed": 0}
    for name, opt in spec.options.items():
        params[name] = _param_default(opt)
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"Lapilli {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if game in EXPLICIT
                     else pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC),
        # L'Isola dei Vulcani hides nothing but the future chance; it is declared imperfect
        # information like the others so that ISMCTS (which asks for it) runs on every game
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params)


def ismcts_bot(game, evaluator, **kwargs):
    """OpenSpiel's ``ISMCTSBot(game, evaluator, **kwargs)`` that ``evaluate_bots`` can play:
    OpenSpiel's own lacks ``restart_at`` (its search starts afresh at every step, so there is
    nothing to restart; here it is a no-op, as is ``inform_action``)."""
    from open_spiel.python.algorithms import ismcts

    global _Restartable
    if _Restartable is None:
        class _Restartable(ismcts.ISMCTSBot):
            def restart_at(self, state):
                self.reset()

            def inform_action(self, state, player_id, action):
                pass
    return _Restartable(game, evaluator, **kwargs)


_Restartable = None
GAME_CLASSES: dict[str, type[LapilliGame]] = {}


def register(game: str) -> type[LapilliGame]:
    """Register ``game`` with OpenSpiel as ``lapilli_<game>`` (once); return its game class."""
    if game in GAME_CLASSES:
        return GAME_CLASSES[game]
    gtype = _game_type(game)
    cls = type(f"LapilliGame_{game.replace('-', '_')}", (LapilliGame,), {"GAME_ID": game, "GAME_TYPE": gtype})
    pyspiel.register_game(gtype, cls)
    GAME_CLASSES[game] = cls
    return cls


for _game in list_games():
    register(_game)

__all__ = ["EXPLICIT", "GAME_CLASSES", "LapilliGame", "LapilliObserver", "LapilliState", "SMALL_DRAW", "ismcts_bot",
           "register", "short_name"]
