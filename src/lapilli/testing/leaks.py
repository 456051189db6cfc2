"""A generic check that what a seat reads of an act tells it nothing hidden from it.

The idea: a seat may read only what it could tell apart.  For an act (``action`` by the seat to
move in ``before``) and a reader, build other worlds that the reader cannot tell from the real one
after the act (its ``observation`` is the same):

* the real position with another legal action of the same actor, one word apart (The Island:
  ``place 3 7,8`` instead of ``place 6 7,8``), when the actor is not the reader;
* determinizations of the position for the reader (hidden hands, decks and tile backs re-sampled;
  the generator kept, so that public chance falls the same) with the same action;

and keeps a world only when it differs from the real one in nothing but what determinizations of
the reader re-sample after the act (so a swimmer's public destination, which no determinization
changes, is not taken for a secret even when the observation forgets it).

In each such world the act must read the same to the reader (``State.readings``); and the parts of
the real act that differ between worlds (the action's notation, the values of event fields) are
secret tokens that nothing sent to the reader may contain.  ``secret_tokens`` lists them in the
forms a program would print them (notation, ``key=value``, a Python dict's ``'key': value``,
JSON's ``"key": value``), so that a channel that prints raw actions or events is caught too.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from ..engine.rng import Rng
from ..engine.state import BASE_FIELDS

__all__ = ["World", "other_worlds", "secret_tokens", "check_act"]


@dataclass
class World:
    action: str
    after: object
    events: list = field(default_factory=list)


def _obs(state, reader) -> str:
    return json.dumps(state.observation(reader), sort_keys=True)


def _leaves(x, path=(), out=None) -> dict:
    """Game data as {path: leaf}; a list of plain values (or a set) is one leaf."""
    if out is None:
        out = {}
    if isinstance(x, dict):
        for k, v in x.items():
            _leaves(v, path + (k,), out)
    elif isinstance(x, (list, tuple)) and any(isinstance(v, (list, tuple, dict)) for v in x):
        out[path + ("#",)] = len(x)
        for i, v in enumerate(x):
            _leaves(v, path + (i,), out)
    elif isinstance(x, (set, frozenset)):
        out[path] = sorted(x, key=repr)
    else:
        out[path] = list(x) if isinstance(x, tuple) else x
    return out


def _data(state) -> dict:
    return _leaves({k: v for k, v in state.__dict__.items() if k not in BASE_FIELDS})


def _changed(a: dict, b: dict) -> set:
    return {k for k in a.keys() | b.keys() if a.get(k, _MISSING) != b.get(k, _MISSING)}


_MISSING = object()


def _one_word_apart(a: str, b: str) -> bool:
    x, y = a.split(), b.split()
    return len(x) == len(y) and sum(p != q for p, q in zip(x, y)) == 1


def other_worlds(before, action: str, reader, worlds: int = 2, limit: int = 64) -> tuple[World, list[World]]:
    """The real act as a World, and the worlds the reader cannot tell from it afterwards."""
    real_after = before.clone()
    events = real_after.apply(action)
    real = World(real_after.history[-1], real_after, events)
    want = _obs(real_after, reader)
    actor = before.to_move
    # what a determinization of the reader may change after the act: another world counts only
    # when it differs from the real one in these parts alone (and looks the same to the reader)
    real_data = _data(real_after)
    resampled: set = set()
    if real_after.has_hidden(reader):
        for i in range(4):
            resampled |= _changed(real_data, _data(real_after.determinize(reader, seed=104729 * (i + 1))))
    out: list[World] = []
    starts = []
    if reader != actor:
        starts.append((before, True))
    if before.has_hidden(reader):
        for i in range(worlds):
            d = before.determinize(reader, seed=7919 * (i + 1) + len(before.history))
            d.rng = Rng.from_state(before.rng.state)      # public chance falls the same way
            d._determinized = False
            starts.append((d, False))
    for start, only_others in starts:
        legal = start.legal_actions()
        if only_others:
            cands = [a for a in legal if a != action and _one_word_apart(a, action)]
        else:
            cands = [action] if action in legal else []
        for a in cands[:limit]:
            w = start.clone()
            ev = w.apply(a)
            if _obs(w, reader) != want:
                continue
            diff = _changed(real_data, _data(w))
            if diff and diff <= resampled:
                out.append(World(a, w, ev))
    return real, out


def _flat(ev, prefix=""):
    for k, v in ev.items():
        if isinstance(v, dict):
            yield from _flat(v, prefix)
        yield k, v


def secret_tokens(real: World, others: list[World]) -> set[str]:
    """What differs between the real act and worlds the reader cannot tell from it, in the forms
    a program would print it."""
    out: set[str] = set()
    for w in others:
        if w.action != real.action:
            out.add(real.action)
        for i, ev in enumerate(real.events):
            alt = w.events[i] if i < len(w.events) else {}
            altf = dict(_flat(alt)) if isinstance(alt, dict) else {}
            for k, v in _flat(ev):
                if k == "type" or isinstance(v, dict) or altf.get(k, object()) == v:
                    continue
                out.add(f"{k}={v}")
                out.add(f"{k!r}: {v!r}")
                out.add(f"{json.dumps(k)}: {json.dumps(v)}")
    return out


def check_act(before, action: str, reader, worlds: int = 2) -> tuple[list, set[str], int]:
    """The reader's items of the real act, the secret tokens, and how many other worlds were
    compared; raises AssertionError when the act reads differently in a world the reader cannot
    tell from the real one."""
    from ..engine import narration

    real, others = other_worlds(before, action, reader, worlds)
    actor = before.to_move
    mine = real.after.readings(actor, real.action, real.events, reader)
    names = [f"P{i}" for i in range(before.num_players)]
    for w in others:
        theirs = w.after.readings(actor, w.action, w.events, reader)
        assert theirs == mine, (
            f"seat {reader} reads the act differently in a world it cannot tell apart "
            f"(ply {len(before.history)}): {mine} / {theirs} (actions {real.action!r} / {w.action!r})")
        for lang in narration.LANGUAGES:
            assert narration.text(before.game_id, theirs, lang, names, reader) == \
                narration.text(before.game_id, mine, lang, names, reader)
    return mine, secret_tokens(real, others), len(others)
