"""No message of the web table carries information hidden from its receiver, for every built-in
game that hides anything.

For each such game (asked of the engine: `has_hidden(seat)` at some point of a seeded game), with
2 players and with the largest player count, a table is created through the real FastAPI app,
every seat is taken with its own token, a spectator watches, and a seeded game is played through
the WebSockets to the end (or MAX_MOVES moves).  A mirror engine state follows the same moves.
Every message each connection receives must

* carry exactly the engine's own `observation(seat)` of that position (and the legal moves only
  for the seat to move), and
* contain, outside the log (whose entries test_log_leaks.py checks act by act), none of the
  values hidden from that seat: the candidate secrets are what differs between
  the real state and a `determinize(seat, ...)` copy of it (the engine re-samples there exactly
  what the seat cannot see: other hands, deck and pile order, face-down tiles), taken as ordered runs
  of up to 3 elements of each hidden sequence and as distinctive single strings, minus whatever
  the seat's observation shows anyway; plus the generator's state and the seed (every future
  draw).

`test_the_check_catches_a_leak` feeds the checker the seat-0 view as if a spectator (or seat 1) had
received it, so the check is shown to fail on a leak.
"""
from __future__ import annotations

import json
import random

import pytest

import lapilli
from lapilli.engine.registry import BUILTIN_GAMES
from lapilli.engine.state import BASE_FIELDS

MAX_MOVES = 150
SEED = 917_340_261          # distinctive digits: the seed must never reach a client


def _hidden_games() -> list[str]:
    """The built-in games in which some seat has something hidden at some point of a seeded game."""
    out = []
    for g in BUILTIN_GAMES:
        spec = lapilli.game_spec(g)
        for n in (spec.min_players, spec.max_players):
            s = lapilli.new_game(g, players=n, seed=5)
            rng = random.Random(5)
            found = False
            for _ in range(MAX_MOVES):
                if any(s.has_hidden(p) for p in [None, *range(n)]):
                    found = True
                    break
                if s.is_terminal:
                    break
                s.apply(rng.choice(s.legal_actions()))
            if found:
                out.append(g)
                break
    return out


HIDDEN_GAMES = _hidden_games()
CASES = sorted({(g, n) for g in HIDDEN_GAMES
                for n in (2 if lapilli.game_spec(g).min_players <= 2 else lapilli.game_spec(g).min_players,
                          lapilli.game_spec(g).max_players)})


# ---------------------------------------------------------------------------- secrets
def _plain(x):
    """Python game data -> comparable plain data (tuples as lists, sets sorted)."""
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    if isinstance(x, (set, frozenset)):
        return sorted((_plain(v) for v in x), key=repr)
    return x


def _fields(state) -> dict:
    return {k: _plain(v) for k, v in state.__dict__.items() if k not in BASE_FIELDS}


def _diff(real, other, out_seqs: list, out_scalars: list) -> None:
    """Collect the parts of `real` that differ in `other`: hidden sequences and scalars."""
    if isinstance(real, dict) and isinstance(other, dict):
        for k, v in real.items():
            if k not in other:
                _diff(v, None, out_seqs, out_scalars)
            elif v != other[k]:
                _diff(v, other[k], out_seqs, out_scalars)
        return
    if isinstance(real, list):
        if isinstance(other, list) and len(other) == len(real) and any(isinstance(v, (list, dict)) for v in real):
            for v, w in zip(real, other):
                if v != w:
                    _diff(v, w, out_seqs, out_scalars)
            return
        if real != other:
            out_seqs.append(real)
            for v in real:
                if isinstance(v, (list, dict)):
                    _diff(v, None, out_seqs, out_scalars)
        return
    if real != other:
        out_scalars.append(real)


_ENC: dict = {}
_REAL: dict = {}


def _enc(v) -> str:
    key = (type(v), v)
    e = _ENC.get(key)
    if e is None:
        e = _ENC[key] = json.dumps(v)
    return e


def _real_fields(state) -> dict:
    """`_fields` of the real state, computed once per position (all receivers share it)."""
    key = (id(state), len(state.history))
    if key not in _REAL:
        _REAL.clear()
        _REAL[key] = _fields(state)
    return _REAL[key]


# strings each seat has seen in its own observations so far (perfect recall: a card once in one's
# hand is no secret from that seat later, when the log names it), per mirrored game
RECALL: dict[int, dict] = {}


def _strings(x, out: set) -> set:
    if isinstance(x, str):
        out.add(x)
    elif isinstance(x, dict):
        for v in x.values():
            _strings(v, out)
    elif isinstance(x, (list, tuple)):
        for v in x:
            _strings(v, out)
    return out


def remember(state, seats) -> None:
    """Add what each seat sees now to what it has seen (see RECALL)."""
    mem = RECALL.setdefault(id(state), {})
    for s in seats:
        _strings(state.observation(s), mem.setdefault(s, set()))


def secrets(state, seat) -> set[str]:
    """Distinctive JSON fragments of what `seat` may not see in `state` (None = spectator)."""
    if not state.has_hidden(seat) and state.is_terminal:
        return set()
    # what the seat sees anyway: its observation (the log, read through the game's readings, is
    # checked by test_log_leaks.py)
    shown = json.dumps(state.observation(seat))
    out = {str(state.rng.state), str(state.seed)}
    real = _real_fields(state)
    seqs, scalars = [], []
    if state.has_hidden(seat):
        _diff(real, _fields(state.determinize(seat, seed=1000 + len(state.history))), seqs, scalars)
    recalled = RECALL.get(id(state), {}).get(seat, set())
    done = set()
    for seq in seqs:
        if not all(isinstance(v, (str, int, float, bool)) or v is None for v in seq):
            continue
        enc = [_enc(v) for v in seq]
        key = tuple(enc)
        if key in done:
            continue
        done.add(key)
        width = min(3, len(enc))
        for i in range(len(enc) - width + 1):
            run = enc[i:i + width]
            if width > 1 and len(set(run)) < 2:
                continue                        # [0, 0, 0]: not distinctive
            if width == 1 and not (isinstance(seq[i], str) and len(seq[i]) >= 3 and seq[i] not in recalled):
                continue
            frag = ", ".join(run)              # "a", "b", "c" -- also matches inside a longer list
            if frag not in shown:
                out.add(frag)
    for v in scalars:
        if isinstance(v, str) and len(v) >= 3 and json.dumps(v) not in shown and v not in recalled:
            out.add(json.dumps(v))
    return out


def check_message(msg: dict, state, seat, found: set | None = None) -> int:
    """Assert that a view message for `seat` shows exactly the engine's observation and no secret;
    returns how many secrets were looked for."""
    assert msg["type"] == "state"
    assert msg["seat"] == seat
    assert msg["observation"] == json.loads(json.dumps(state.observation(seat))), \
        f"seat {seat}: the message's observation is not the engine's observation({seat})"
    expected_legal = state.legal_actions() if seat is not None and state.to_move == seat else []
    assert msg["legal"] == expected_legal
    # the envelope is the server's own: the table's public facts and who is connected
    assert set(msg["table"]) == {"id", "game", "players", "options", "version", "status", "seats", "commitment",
                                 "dataset", "clock", "rated", "chat"}
    assert msg["table"]["clock"] is None and "clock" not in msg  # an untimed table
    assert msg["table"]["options"] == state.options
    assert msg["table"]["dataset"] is None  # the game's own data: a public name and hash otherwise
    assert all(isinstance(p, int) for p in msg["present"])
    text = json.dumps({k: v for k, v in msg.items() if k not in ("table", "present", "log")})
    if found is None:
        found = secrets(state, seat)
    leaked = sorted(s for s in found if s in text)
    assert not leaked, f"seat {seat} received hidden values {leaked[:5]} at ply {len(state.history)}"
    return len(found)


# ---------------------------------------------------------------------------- the table
def _play(client, game, players, on_message):
    r = client.post("/api/tables", json={"game": game, "players": players, "seed": SEED})
    assert r.status_code == 200, r.text
    tid = r.json()["id"]
    info = client.get(f"/api/tables/{tid}").json()
    tokens = []
    for seat in range(players):
        j = client.post(f"/api/tables/{tid}/seats/{seat}", json={"name": f"p{seat}"})
        assert j.status_code == 200, j.text
        tokens.append(j.json()["token"])
    assert len(set(tokens)) == players
    mirror = lapilli.new_game(game, players=players, seed=SEED, options=info["options"])
    seats = [*range(players), None]
    RECALL.pop(id(mirror), None)
    remember(mirror, seats)
    from contextlib import ExitStack

    with ExitStack() as stack:
        conns = []
        for seat in seats:
            q = "" if seat is None else f"?token={tokens[seat]}"
            conns.append(stack.enter_context(client.websocket_connect(f"/ws/{tid}{q}")))
            # a seat's arrival is announced to all present; a spectator gets its own view only
            arrived = zip(seats, conns) if seat is not None else [(None, conns[-1])]
            for s, ws in arrived:
                on_message(ws.receive_json(), mirror, s)
        pick = random.Random(SEED)
        moves = 0
        view_of = {}
        while not mirror.is_terminal and moves < MAX_MOVES:
            mover = mirror.to_move
            ws = conns[seats.index(mover)]
            action = pick.choice(mirror.legal_actions())
            ws.send_text(json.dumps({"type": "act", "action": action}))
            mirror.apply(action)
            remember(mirror, seats)
            moves += 1
            for s, c in zip(seats, conns):
                view_of[s] = c.receive_json()
                assert view_of[s]["version"] == moves, view_of[s]
                on_message(view_of[s], mirror, s)
        return mirror, moves, view_of


def test_hidden_games_were_found():
    # the detection asks the engine; a game that hides nothing (L'Isola dei Vulcani: every token
    # drawn is shown at once) is rightly absent, but the list must not be empty
    assert HIDDEN_GAMES, "no built-in game reports hidden information"
    assert all(g in BUILTIN_GAMES for g in HIDDEN_GAMES)


def _deliberate_leaks(views: dict, state, stats: dict) -> None:
    """The checker must refuse deliberate leaks at this position (`views`: receiver -> the view it
    really got): the seat-0 view handed to the spectator and to seat 1; their right view with the
    game's whole data attached; their right view with seat 0's observation attached, wherever seat
    0 sees something they do not."""
    mine = views[0]
    for other in (None, 1):
        right = views[other]
        with pytest.raises(AssertionError):
            check_message(dict(mine, seat=other), state, other)
        stats["views"] += 1
        found = secrets(state, other)
        if state.has_hidden(other):
            stats["hidden"] += 1
            with pytest.raises(AssertionError, match="hidden values"):
                check_message(dict(right, extra=state.to_json()["data"]), state, other, found)
            stats["data"] += 1
        own_obs = json.dumps(mine["observation"])
        if any(f in own_obs for f in found):
            stats["private"] += 1
            with pytest.raises(AssertionError, match="hidden values"):
                check_message(dict(right, extra=mine["observation"]), state, other, found)


# every game at its fewest seats in the fast tier, at its most (four and more) in the whole suite
@pytest.mark.parametrize("game,players", [pytest.param(g, n, id=f"{g}-{n}p", marks=[pytest.mark.slow] if n >= 4 else [])
                                          for g, n in CASES])
def test_no_message_carries_hidden_information(client, game, players):
    # this test plays as fast as the test client can send; the per-connection flood limit
    # (tested in test_ws.py) would answer some moves with "slow down" instead of a view
    client.settings.max_messages_per_second = 100_000
    looked = {}
    counts = {}
    stats = {"views": 0, "hidden": 0, "data": 0, "private": 0}
    pending = {}

    def on_message(msg, state, seat):
        found = secrets(state, seat)
        looked[seat] = looked.get(seat, 0) + check_message(msg, state, seat, found)
        counts[seat] = counts.get(seat, 0) + 1
        # every 10th position (2 players), check that the checker would catch a deliberate leak
        if players == 2 and len(state.history) % 10 == 0 and msg["version"] == len(state.history):
            pending[seat] = msg
            if len(pending) == players + 1:
                _deliberate_leaks(pending, state, stats)
                pending.clear()

    mirror, moves, _ = _play(client, game, players, on_message)
    assert moves >= min(MAX_MOVES, len(mirror.history)) > 0
    # every receiver got one message per move (plus the arrivals), and the check had secrets to
    # look for at every seat (the seed and the generator's state at least)
    for seat in [*range(players), None]:
        assert counts[seat] >= moves
        assert looked[seat] >= 2 * counts[seat]
    if players == 2:
        print(game, stats)
        assert stats["views"] > 0 and stats["hidden"] > 0 and stats["data"] == stats["hidden"]
