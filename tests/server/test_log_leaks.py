"""The table log tells no seat (nor a spectator) anything hidden from it, for every game and
player count.

A table is created through the real FastAPI app, every seat is taken with its own token, a
spectator watches, and a seeded random game is played through the WebSockets (up to MAX_MOVES
moves).  A mirror engine follows the moves.  After every move, for every receiver, the check of
`lapilli.testing.leaks` builds the worlds that receiver cannot tell from the real one (another
action of the same actor, re-sampled hidden parts) and requires

* the newest log entry to carry exactly the receiver's readings of the act (a visible chance value
  told in words besides), which must be the same in every such world, with a sentence in each
  language;
* no log entry to contain any secret token of its act (the notation of an action whose content
  is hidden, or an event field's hidden value in any printed form): the newest entry, and every
  earlier one, read again on the current position, until the game is over.

`test_the_log_check_catches_a_raw_log` shows that a log of raw notation (the log before the door)
fails the check at a The Island table.
"""
from __future__ import annotations

import json
import random
from contextlib import ExitStack

import pytest

import lapilli
from lapilli.engine.registry import BUILTIN_GAMES
from lapilli.server.hub import with_chance_words
from lapilli.testing.leaks import check_act

MAX_MOVES = 120
SEED = 424_243

CASES = [(g, n) for g in BUILTIN_GAMES
         for n in range(lapilli.game_spec(g).min_players, lapilli.game_spec(g).max_players + 1)]


def _check_secrets(msg, mirror, seat, tokens, earlier=None):
    """No entry holds a secret token of its act: the newest one, and (until the game is over and
    reveals everything) every earlier one, read again on the current position."""
    assert msg["log"][-1]["n"] == len(mirror.history)
    for entry in msg["log"]:
        n = entry["n"]
        if n == len(mirror.history):
            mine = tokens
        elif earlier is not None and n in earlier and not mirror.is_terminal:
            mine = earlier[n][seat]
        else:
            continue
        text = json.dumps(entry)
        leaked = sorted(t for t in mine if t in text)
        assert not leaked, f"seat {seat} read hidden {leaked[:4]} in log entry {n} at ply {len(mirror.history)}"


def _check_log(msg, mirror, seat, items, tokens):
    _check_secrets(msg, mirror, seat, tokens)
    entry = msg["log"][-1]
    # the readings themselves; a chance value the reader may see is also told in words (a card by its
    # face), made from that value alone (lapilli.server.hub.with_chance_words)
    told = [with_chance_words(mirror.game_id, it) for it in items]
    assert entry["items"] == json.loads(json.dumps(told)), f"seat {seat}: log entry is not its readings"
    assert set(entry["text"]) == {"en", "it"} and all(entry["text"].values())


def _play(client, game, players, seed=SEED, check=_check_log):
    r = client.post("/api/tables", json={"game": game, "players": players, "seed": seed})
    assert r.status_code == 200, r.text
    tid = r.json()["id"]
    info = client.get(f"/api/tables/{tid}").json()
    tokens = [client.post(f"/api/tables/{tid}/seats/{s}", json={"name": f"p{s}"}).json()["token"]
              for s in range(players)]
    mirror = lapilli.new_game(game, players=players, seed=seed, options=info["options"])
    seats = [*range(players), None]
    pick = random.Random(seed)
    compared = 0
    earlier = {}                  # ply -> receiver -> the secret tokens of that act
    with ExitStack() as stack:
        conns = []
        for seat in seats:
            q = "" if seat is None else f"?token={tokens[seat]}"
            conns.append(stack.enter_context(client.websocket_connect(f"/ws/{tid}{q}")))
            conns[-1].receive_json()  # the new connection's own view
            if seat is not None:      # a seated person arriving: the others see who is present
                for c in conns[:-1]:
                    c.receive_json()
        moves = 0
        while not mirror.is_terminal and moves < MAX_MOVES:
            before = mirror.clone()
            mover = mirror.to_move
            action = pick.choice(mirror.legal_actions())
            conns[seats.index(mover)].send_text(json.dumps({"type": "act", "action": action}))
            mirror.apply(action)
            moves += 1
            got = []
            earlier[moves] = {}
            for s, c in zip(seats, conns):
                msg = c.receive_json()
                assert msg["version"] == moves
                items, secret, n = check_act(before, action, s)
                earlier[moves][s] = secret
                compared += n
                _check_secrets(msg, mirror, s, secret, earlier)   # every receiver first, then the rest
                got.append((msg, s, items, secret))
            for msg, s, items, secret in got:
                check(msg, mirror, s, items, secret)
    return mirror, compared


# every game with every number of seats in the whole suite; the fast tier plays the same check on
# The Island with three seats below (the worlds compared)
@pytest.mark.slow
@pytest.mark.parametrize("game,players", [pytest.param(g, n, id=f"{g}-{n}p") for g, n in CASES])
def test_no_log_entry_tells_a_seat_what_is_hidden_from_it(client, game, players):
    client.settings.max_messages_per_second = 100_000
    mirror, compared = _play(client, game, players)
    assert len(mirror.history) > 0
    print(game, players, "worlds compared:", compared)


# The Island's worlds counted in the fast tier, Eruption's in the whole suite too
@pytest.mark.parametrize("game", ["the-island", pytest.param("eruption", marks=pytest.mark.slow)])
def test_there_were_worlds_to_compare(client, game):
    # the check compares something: hidden placements (The Island) and hidden draws (Eruption)
    client.settings.max_messages_per_second = 100_000
    _, compared = _play(client, game, 3)
    assert compared > 20


@pytest.mark.slow  # the check's own check: a whole game of a log that leaks
def test_the_log_check_catches_a_raw_log(client):
    """The same check refuses a log that shows the raw notation of other seats' acts."""
    client.settings.max_messages_per_second = 100_000
    caught = []

    def raw_log(msg, mirror, seat, items, tokens):
        raw = dict(msg, log=msg["log"] + [{"n": len(mirror.history), "seat": 0, "action": mirror.history[-1]}])
        try:
            _check_log(dict(raw, log=raw["log"][:-1]), mirror, seat, items, tokens)
            raw["log"][-1].update(items=items, text=msg["log"][-1]["text"])
            _check_log(raw, mirror, seat, items, tokens)
        except AssertionError as e:
            caught.append(str(e))

    _play(client, "the-island", 3, check=raw_log)
    assert any("read hidden" in c and "place" in c for c in caught), caught[:3]
