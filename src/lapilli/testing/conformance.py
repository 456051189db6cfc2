"""The conformance kit: checks every game's State against the engine contract.

Every game's tests call `check_conformance(game, players, options, seed)` for each player count
and option set.  It plays seeded random games to the end and checks, along the way:

* every observation (each seat and a spectator) is JSON-serialisable;
* `load_state(to_json())` round-trips (same JSON, same legal actions);
* a clone is independent of its source;
* an illegal action and malformed notation raise IllegalAction and leave the state unchanged;
* two `determinize()` copies for one seat show that seat exactly what it sees in the real game,
  keep its legal actions when it is to move, and re-sample what is hidden when something is;
* an action after which the actor still decides, and whose outcome the actor sees differently
  in determinizations of the position before it (a card drawn, a tile's back, a die), is
  declared a reveal (`State.reveals`), so that the web table's undo never takes it back;
* `replay(to_record())` reproduces the scores, the winners and every observation at every ply.
"""
from __future__ import annotations

import json
import random

from ..engine.errors import IllegalAction
from ..engine.registry import load_state, new_game, replay
from ..engine.state import State

MALFORMED = ["", "   ", "@@ not an action @@", "zz 999 999 999", "\x00"]


class ConformanceError(AssertionError):
    pass


def _fail(msg: str, state: State) -> None:
    raise ConformanceError(f"{msg}\n  at {state!r}\n  history: {state.history[-12:]}")


def _snapshot(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def _data(state: State) -> str:
    return json.dumps(state._to_dict(), sort_keys=True)


def check_observations(state: State) -> None:
    for seat in [None, *range(state.num_players)]:
        obs = state.observation(seat)
        try:
            json.dumps(obs)
        except (TypeError, ValueError) as e:
            _fail(f"observation for seat {seat} is not JSON-serialisable: {e}", state)


def check_roundtrip(state: State) -> None:
    js = state.to_json()
    text = json.dumps(js)
    loaded = load_state(text)
    if json.dumps(loaded.to_json(), sort_keys=True) != json.dumps(js, sort_keys=True):
        _fail("load_state(to_json()) does not give the same state", state)
    if loaded.legal_actions() != state.legal_actions():
        _fail("a loaded state has other legal actions", state)
    if loaded.to_move != state.to_move:
        _fail("a loaded state has another seat to move", state)


def check_clone(state: State, rng: random.Random) -> None:
    before = _snapshot(state)
    c = state.clone()
    if _snapshot(c) != before:
        _fail("a clone differs from its source", state)
    legal = c.legal_actions()
    if legal:
        c.apply(rng.choice(legal))
    if _snapshot(state) != before:
        _fail("playing on a clone changed its source", state)


def check_illegal(state: State, seen: set[str]) -> None:
    before = _snapshot(state)
    legal = set(state.legal_actions())
    tries = list(MALFORMED)
    foreign = sorted(seen - legal)
    tries.extend(foreign[:3])
    for bad in tries:
        try:
            state.apply(bad)
        except IllegalAction as e:
            if not isinstance(e.rule, str) or not e.rule or not e.message:
                _fail(f"IllegalAction for {bad!r} lacks a rule or a message", state)
        else:
            _fail(f"illegal action {bad!r} was accepted", state)
        if _snapshot(state) != before:
            _fail(f"illegal action {bad!r} changed the state", state)


def check_determinize(state: State, seat: int | None) -> None:
    real_obs = json.dumps(state.observation(seat), sort_keys=True)
    copies = [state.determinize(seat, s) for s in (11, 12)]
    for d in copies:
        if json.dumps(d.observation(seat), sort_keys=True) != real_obs:
            _fail(f"a determinized copy shows seat {seat} something it does not see in the real game", state)
        if state.to_move == seat and seat is not None and d.legal_actions() != state.legal_actions():
            _fail(f"a determinized copy gives seat {seat} other legal actions", state)
    if state.has_hidden(seat):
        base = _data(state)
        if all(_data(state.determinize(seat, s)) == base for s in range(100, 124)):
            _fail(f"determinize({seat}) never re-samples what is hidden from that seat", state)


def check_reveal(before: State, action: str, events: list, after: State) -> None:
    """``action`` took ``before`` to ``after`` and returned ``events``.  When the actor still
    decides after it (so could take it back) and its observation after it differs between
    determinizations (for the actor) of ``before``, the action showed the actor something that
    was hidden or not yet decided, and the game must declare a reveal."""
    seat = before.to_move
    if after.to_move != seat:
        return  # the decision passed on: the web table's undo cannot reach this action
    seen = set()
    for s in (11, 12, 13):
        d = before.determinize(seat, s)
        d.apply(action)
        seen.add(json.dumps(d.observation(seat), sort_keys=True))
    if len(seen) > 1 and not State.reveals(events):
        _fail(f"{action!r} shows seat {seat} something hidden or left to chance (its observation after it "
              "differs between determinizations) but declares no reveal (State._reveals)", before)


def play_random(game: str, players: int, options: dict | None = None, seed: int = 0, max_plies: int = 200_000) -> State:
    """A seeded random game to the end (no checks): the cheap loop used for the long runs."""
    state = new_game(game, players, seed, options)
    rng = random.Random(seed)
    plies = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        if not legal:
            _fail("a non-terminal state has no legal action", state)
        state.apply(legal[rng.randrange(len(legal))])
        plies += 1
        if plies > max_plies:
            _fail(f"game did not end within {max_plies} decisions", state)
    return state


def check_conformance(game: str, players: int, options: dict | None = None, seed: int = 0,
                      every: int = 1, max_plies: int = 200_000) -> State:
    """Play one seeded random game with every contract check; returns the final state.

    ``every``: the heavier checks (JSON round trip, clone, illegal actions, determinize) run at
    every ``every``-th ply; observations are checked at every ply.
    """
    state = new_game(game, players, seed, options)
    rng = random.Random(seed)
    seen: set[str] = set()
    observations: list[list[str]] = []
    ply = 0
    while True:
        check_observations(state)
        observations.append([json.dumps(state.observation(s), sort_keys=True) for s in [None, *range(players)]])
        if ply % every == 0:
            check_roundtrip(state)
            check_illegal(state, seen)
            if not state.is_terminal:
                check_clone(state, rng)
                seats = {state.to_move, rng.randrange(players)}
                for seat in seats:
                    check_determinize(state, seat)
        if state.is_terminal:
            break
        legal = state.legal_actions()
        if not legal:
            _fail("a non-terminal state has no legal action", state)
        if len(set(legal)) != len(legal):
            _fail("legal_actions lists an action twice", state)
        to_move = state.to_move
        if not isinstance(to_move, int) or not 0 <= to_move < players:
            _fail(f"to_move is {to_move!r} in a non-terminal state", state)
        seen.update(legal[:20])
        action = legal[rng.randrange(len(legal))]
        before = state.clone() if ply % every == 0 else None
        events = state.apply(action)
        if before is not None:
            check_reveal(before, action, events, state)
        ply += 1
        if ply > max_plies:
            _fail(f"game did not end within {max_plies} decisions", state)

    if state.legal_actions():
        _fail("a terminal state still has legal actions", state)
    if state.to_move is not None:
        _fail("a terminal state has a seat to move", state)
    scores = state.scores()
    if len(scores) != players:
        _fail("scores() does not give one score per seat", state)
    winners = state.winners()
    if not winners or any(not 0 <= w < players for w in winners) or len(set(winners)) != len(winners):
        _fail(f"winners() gave {winners!r}", state)

    record = json.loads(json.dumps(state.to_record()))
    again = replay(record)
    if again.scores() != scores or again.winners() != winners:
        _fail("replay(to_record()) does not reproduce the result", state)
    # every observation at every ply
    step = replay(record, upto=0)
    for i, action in enumerate([None, *record["actions"]]):
        if action is not None:
            step.apply(action)
        got = [json.dumps(step.observation(s), sort_keys=True) for s in [None, *range(players)]]
        if got != observations[i]:
            _fail(f"replay gives other observations at ply {i}", state)
    return state
