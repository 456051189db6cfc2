"""The digest of the moves that every view carries gives a spectator nothing of what is hidden.

For every built-in game, with 2 players and with the most, two games are played side by side at
the same table (same seed, salt and commitment) that differ only in hidden choices: the first game
makes a hidden choice whenever it has one, and at each ply the second game makes, where it can, another legal action than the first one that looks exactly
the same to a spectator (the same observation, picture and log reading afterwards), else the same
action.  In The Island the set-up placements `place <value> <r,c>` are such choices (the value is
the secret); in Eruption some placements are too.

What a spectator receives is the table's view for seat None after every ply.  The test asserts:

* every view of the two games is identical apart from the digest: the public log cannot tell them
  apart;
* the digests are the documented chain keyed by the table's secret salt (so `lapilli verify
  --digest` checks them once the record reveals the salt) and bind the actions: they differ
  between the two games from the first hidden choice on;
* no digest can be computed from what a spectator has: hashing any candidate action with the
  digest before it (SHA-256("<previous>:<action>"), the chain anyone could recompute, and
  HMAC-SHA-256 keyed by the commitment) never gives the digest shown, for the hidden choices and
  for the public actions alike.  So the brute force over the candidates recovers no hidden choice;
  a spectator is left with guessing.

That the keyed digests are distributed the same for both games cannot be proven by a test: with
the salt unknown they are outputs of HMAC-SHA-256 under a 128-bit secret key, taken as
pseudorandom; each digest hashes in the one before it, so no two digests of a game share an input
and nothing in their values follows the actions.  The games that have no hidden choice (none is
found in the positions played) are checked as well: every one of their actions can be read from
the public log, and still no digest can be recomputed from it.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import random

import pytest

import lapilli
from lapilli.engine.fairness import actions_digest, commitment
from lapilli.engine.registry import BUILTIN_GAMES
from lapilli.server.hub import Room
from lapilli.server.store import SeatInfo, TableInfo
from tests.tiers import first_fast

PLIES = 60
HIDING = {"the-island", "eruption"}  # the games whose players make choices hidden from spectators

CASES = sorted({(g, n) for g in BUILTIN_GAMES
                for n in (max(2, lapilli.game_spec(g).min_players), lapilli.game_spec(g).max_players)})


def _room(game: str, players: int, seed: int, salt: str) -> Room:
    spec = lapilli.game_spec(game)
    _, options = spec.resolve(players, {})
    data = lapilli.new_game(game, players, seed, options).dataset.hash
    commit = commitment(seed, salt, game=game, players=players, options=options, data=data, seeding="mix64")
    info = TableInfo("twin", game, players, options, seed, 0, "playing",
                     [SeatInfo(i, "human", f"p{i}", "") for i in range(players)], salt, commit, "mix64")
    room = Room(info)
    for p in range(players):  # everyone at the table: no seat's grace counting down between two views
        room.seats_present[p] += 1
    return room


def _looks(st, seat, action) -> str:
    """What a spectator sees after ``action``: the position's observation and picture, and the
    log's reading of the action."""
    after = st.clone()
    events = after.apply(action)
    return json.dumps([after.observation(None), after.render(None), after.readings(seat, action, events, None)],
                      sort_keys=True, default=str)


def _spectator(room: Room) -> tuple[str, str]:
    view = dict(room.view(None))
    digest = view.pop("digest")
    return json.dumps(view, sort_keys=True, default=str), digest


def _twins(game: str, players: int, seed: int):
    """Two rooms at the same table, played as described in the module's doc; returns them, the
    number of plies where the second made another (hidden) choice, and for each ply the actions a
    spectator cannot tell from the one played (the candidates of the brute force)."""
    salt = random.Random(seed).randbytes(16).hex()
    a, b = _room(game, players, seed, salt), _room(game, players, seed, salt)
    rng = random.Random(seed)
    differ, candidates = 0, []
    for ply in range(1, PLIES + 1):
        sa, sb = a.state, b.state
        if sa.is_terminal:
            break
        seat = sa.to_move
        groups: dict[str, list[str]] = {}
        for x in sa.legal_actions():
            groups.setdefault(_looks(sa, seat, x), []).append(x)
        # a hidden choice whenever there is one, else any action
        hiding = [g for g in groups.values() if len(g) > 1]
        alike_a = rng.choice(hiding or list(groups.values()))
        act_a = rng.choice(alike_a)
        seen = _looks(sa, seat, act_a)
        alike_b = [x for x in sb.legal_actions() if _looks(sb, seat, x) == seen]
        if not alike_b:  # the hidden difference shows from here on: the twins end
            break
        others = [x for x in alike_b if x != act_a]
        act_b = rng.choice(others) if others else act_a
        differ += act_b != act_a
        candidates.append(sorted(set(alike_a) | set(alike_b)))
        a.apply_stored(ply, "act", seat, act_a, fresh=True)
        b.apply_stored(ply, "act", seat, act_b, fresh=True)
    return a, b, differ, candidates


def _recomputed(previous: str, candidates: list[str], commit: str, digest: str) -> list[str]:
    """The candidates from which a spectator's brute force gives ``digest``."""
    out = []
    for c in candidates:
        text = f"{previous}:{c}".encode()
        if hashlib.sha256(text).hexdigest() == digest \
                or hmac.new(commit.encode(), text, hashlib.sha256).hexdigest() == digest:
            out.append(c)
    return out


@pytest.mark.parametrize("game,players", first_fast(CASES))  # every case in the whole suite
def test_a_spectator_cannot_tell_apart_games_that_differ_only_in_hidden_choices(game, players):
    a, b, differ, candidates = _twins(game, players, seed=20_268)
    plies = len(a.acts)
    assert plies >= 10, plies
    if game in HIDING:
        assert differ >= 1  # the twins really differ, in hidden choices only
    else:
        assert differ == 0 and all(len(c) == 1 for c in candidates)  # nothing is hidden in these actions
    # replay both through fresh rooms, reading what a spectator receives after every ply
    salt, commit = a.info.salt, a.info.commitment
    ra, rb = _room(game, players, a.info.seed, salt), _room(game, players, b.info.seed, salt)
    view_a, digest_a = _spectator(ra)
    view_b, digest_b = _spectator(rb)
    assert view_a == view_b and digest_a == digest_b == commit
    recovered, bound = 0, 0
    for ply in range(1, plies + 1):
        prev_a, prev_b = digest_a, digest_b
        (seat, act_a, _, _), (_, act_b, _, _) = a.acts[ply - 1], b.acts[ply - 1]
        ra.apply_stored(ply, "act", seat, act_a, fresh=True)
        rb.apply_stored(ply, "act", seat, act_b, fresh=True)
        view_a, digest_a = _spectator(ra)
        view_b, digest_b = _spectator(rb)
        assert view_a == view_b, ply  # the public log of the two games is the same
        acts_a, acts_b = [x[1] for x in ra.acts], [x[1] for x in rb.acts]
        assert digest_a == actions_digest(commit, acts_a, salt) and digest_b == actions_digest(commit, acts_b, salt)
        bound += (acts_a != acts_b) and digest_a != digest_b
        assert (digest_a == digest_b) == (acts_a == acts_b)
        recovered += len(_recomputed(prev_a, candidates[ply - 1], commit, digest_a))
        recovered += len(_recomputed(prev_b, candidates[ply - 1], commit, digest_b))
    assert recovered == 0, f"the brute force over the candidates recomputed {recovered} digests"
    if game in HIDING:
        assert bound >= 1


@pytest.mark.parametrize("salt", ["", "0f" * 16, "a" * 64, "b" * 65, "salt" * 40])
def test_the_digest_chain_is_hmac_sha256_keyed_by_the_salt(salt):
    """The chain every view carries is the one the module's doc describes, as the standard
    library's HMAC computes it (a verifier with nothing but hmac and hashlib gets the same
    digests): keys shorter than SHA-256's block, as long, longer (hashed first), and empty."""
    rng = random.Random(len(salt))
    actions = [f"move {rng.randrange(100)} {rng.choice('abc')}{rng.randrange(9)}" for _ in range(30)] + ["é ✓"]
    d, chain = "c0ffee", []
    for a in actions:
        d = hmac.new(salt.encode("ascii"), f"{d}:{a}".encode("utf-8"), hashlib.sha256).hexdigest()
        chain.append(d)
    assert [actions_digest("c0ffee", actions[:n], salt) for n in range(1, len(actions) + 1)] == chain
    # extended from a digest already computed for the first actions (what a table does after a move)
    assert actions_digest(chain[9], actions[10:], salt) == chain[-1]
    assert actions_digest("c0ffee", [], salt) == "c0ffee"
