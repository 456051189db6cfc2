"""What a view reuses from the view before it gives what computing it afresh gives: the digest
chain (extended by the new actions only, started again after undos) and the narrated log lines
(reused while a line's readings and the seats' names are unchanged)."""
import json
import random

import pytest

import lapilli
from lapilli.engine.fairness import actions_digest
from lapilli.engine.registry import BUILTIN_GAMES
from lapilli.server import fanout
from lapilli.server.hub import Room, has_board, log_entries, seat_labels
from lapilli.server.store import SeatInfo, TableInfo
from tests.tiers import fast_where, first_fast

# each game plays the same checks: one in the fast tier, the other four in the slow one
GAMES = fast_where(BUILTIN_GAMES, lambda g: g == "kingdomino-origins")


def _room(game):
    st = lapilli.new_game(game, seed=5)
    seats = [SeatInfo(p, "human", f"p{p}", "") for p in range(st.num_players)]
    info = TableInfo(id="t", game=game, players=st.num_players, options=dict(st.options), seed=5, version=0,
                     status="playing", seats=seats, commitment="c0ffee", seeding=st.seeding)
    room = Room(info)
    for p in range(st.num_players):  # everyone at the table: no countdown ticking between two views
        room.seats_present[p] += 1
    return room


def _fresh_log(room, seat, last=60):
    st = room.state
    start = max(0, len(room.acts) - last)
    rows = [(0, None, None, st.setup_events)] if start == 0 and st.setup_events else []
    rows += [(i, s, a, ev) for i, (s, a, _, ev) in enumerate(room.acts[start:], start=start + 1)]
    return log_entries(st, rows, seat, seat_labels(st, room.info))


@pytest.mark.parametrize("game", GAMES)
def test_reused_digest_and_log_equal_fresh_ones_through_undos(game):
    room = _room(game)
    rng = random.Random(3)
    version, undos = 0, 0
    while not room.state.is_terminal and version < 160:
        version += 1
        if room.acts and rng.random() < 0.2:  # sometimes one or two steps taken back
            room.apply_stored(version, "undo", room.acts[-1][0], "")
            undos += 1
        else:
            seat = room.state.to_move
            room.apply_stored(version, "act", seat, rng.choice(room.state.legal_actions()))
        assert room._digest() == actions_digest("c0ffee", [a for _, a, _, _ in room.acts], room.info.salt)
        for seat in (None, 0, room.state.num_players - 1):
            assert room._log(seat) == _fresh_log(room, seat), (version, seat)
    assert undos > 5


def test_a_name_change_is_told_in_the_reused_log_lines():
    room = _room("stromboli")
    for v in range(1, 6):
        room.apply_stored(v, "act", room.state.to_move, room.state.legal_actions()[0])
    before = room._log(0)
    seats = list(room.info.seats)
    seats[1] = SeatInfo(1, "human", "Zoe", "")
    room.info = TableInfo(**{**room.info.__dict__, "seats": seats})
    after = room._log(0)
    assert after == _fresh_log(room, 0) and after != before
    assert any("Zoe" in e["text"]["en"] for e in after)


def test_views_carry_the_text_picture_only_for_games_without_a_board():
    assert all(has_board(g) for g in BUILTIN_GAMES)
    room = _room("eruption")
    assert "text" not in room.view(0) and "observation" in room.view(0)
    assert not has_board("nim")


class _Client:
    """A connection as Room.text_for sees it, and the log its page keeps (app.js merges so)."""

    def __init__(self, seat):
        self.seat, self.delta, self.have, self.log = seat, True, None, None
        self.partial = 0

    def receive(self, text):
        m = json.loads(text)
        if "log_from" in m:
            assert self.log is not None, "a partial log before any whole one"
            m["log"] = [e for e in self.log if m["log_from"] <= e["n"] < m["log_keep"]] + m["log"]
            del m["log_from"], m["log_keep"]
            self.partial += 1
        self.log = m["log"]
        return m


@pytest.mark.parametrize("game", GAMES)
def test_a_client_keeping_the_log_has_the_whole_log_after_every_view(game):
    """Undos, a name change, the log scrolling past 60 lines and the secrets revealed at the end:
    the lines sent plus the ones kept are always the whole log, and the rest of the view is the
    whole view's."""
    room = _room(game)
    clients = [_Client(None), _Client(0), _Client(room.state.num_players - 1)]
    rng = random.Random(8)
    version, partial, saved = 0, 0, 0
    while not room.state.is_terminal and version < 2000:
        version += 1
        if room.acts and rng.random() < 0.1:
            room.apply_stored(version, "undo", room.acts[-1][0], "")
        else:
            room.apply_stored(version, "act", room.state.to_move, rng.choice(room.state.legal_actions()))
        if version == 30:
            seats = list(room.info.seats)
            seats[0] = SeatInfo(0, "human", "Zoe", "")
            room.info = TableInfo(**{**room.info.__dict__, "seats": seats})
        for c in clients:
            text = room.text_for(c)
            whole = json.loads(room.view_text(c.seat))
            assert c.receive(text) == whole, (version, c.seat)
            if len(text) < len(room.view_text(c.seat)):
                partial += 1
                saved += len(room.view_text(c.seat)) - len(text)
    assert room.state.is_terminal and version > 60
    assert partial > version  # most views carried only the new lines


def test_the_web_clients_wiring_of_the_kept_log(client):
    from .support import join, make_table

    tid = make_table(client, options={"pile": 21})
    t0, t1 = join(client, tid, 0, "ann"), join(client, tid, 1, "bob")
    with client.websocket_connect(f"/ws/{tid}?token={t0}&log=delta") as a, \
            client.websocket_connect(f"/ws/{tid}?token={t1}") as b:
        ca = _Client(0)
        first = ca.receive(a.receive_text())
        assert "log_from" not in first
        for action in ("take 1", "take 2", "take 1"):
            mover, other = (a, b) if first["legal"] else (b, a)
            mover.send_text(json.dumps({"type": "act", "action": action}))
            while True:
                raw = a.receive_text()
                if json.loads(raw)["type"] != "state":
                    continue
                first = ca.receive(raw)
                if first["version"] >= 1 and first["log"] and first["log"][-1]["action"] == action:
                    break
            whole = None
            a.send_text(json.dumps({"type": "sync"}))
            while whole is None or whole["type"] != "state":
                whole = json.loads(a.receive_text())
            assert "log_from" not in whole and whole["log"] == ca.log
            ca.log = whole["log"]
    assert ca.partial >= 2  # each move after the first came as its new log line (before it the log was empty)


HIDDEN = [g for g in BUILTIN_GAMES if lapilli.new_game(g, seed=1).SPEC.private_information]


def _island_room(options, seed):
    st = lapilli.new_game("the-island", seed=seed, options=options)
    seats = [SeatInfo(p, "human", f"p{p}", "") for p in range(st.num_players)]
    info = TableInfo(id="t", game="the-island", players=st.num_players, options=dict(st.options), seed=seed,
                     version=0, status="playing", seats=seats, seeding=st.seeding)
    room = Room(info)
    for p in range(st.num_players):
        room.seats_present[p] += 1
    return room


def _stale_lines(room, rng, plies=2000) -> list:
    """Play ``room`` at random to its end; at every ply every seat's and a spectator's log as the
    room reuses it is compared with the log read afresh.  Returns the (ply, seat) that differ."""
    differ = []
    for ply in range(plies):
        if room.state.is_terminal:
            break
        room.apply_stored(ply + 1, "act", room.state.to_move, rng.choice(room.state.legal_actions()))
        for seat in (None, *range(room.state.num_players)):
            if room._log(seat) != _fresh_log(room, seat):
                differ.append((ply, seat))
    return differ


def _seeds(n):
    """Seeds 0 to n - 1, the first in the fast tier and the others in the slow one."""
    return first_fast([pytest.param(s, id=f"seed{s}") for s in range(n)])


# Eruption's first random game in the fast tier (The Island's lines are checked there by the test
# below), every game and seed in the slow one
@pytest.mark.parametrize("game", fast_where(HIDDEN, lambda g: g == "eruption"))
@pytest.mark.parametrize("seed", _seeds(3))
def test_reused_log_lines_equal_fresh_ones_at_every_ply_for_every_seat(game, seed):
    """Every game with hidden information, several random games each to their end: the log
    lines a seat (or a spectator) is shown, reused from the views before, are those read afresh."""
    room = _room(game)
    rng = random.Random(seed)
    assert _stale_lines(room, rng) == [], (game, seed)
    assert room.state.is_terminal or len(room.acts) >= 2000


@pytest.mark.parametrize("options", [{}, pytest.param({"own_values_visible": True}, marks=pytest.mark.slow)])
@pytest.mark.parametrize("seed", _seeds(4))
def test_the_islands_reused_lines_equal_fresh_ones_through_to_the_end(options, seed):
    room = _island_room(options, seed)
    assert _stale_lines(room, random.Random(seed)) == []
    assert room.state.is_terminal  # the end, where every value shows, was reached


def test_a_reading_key_that_misses_what_the_readings_consult_is_caught(monkeypatch):
    """The check above has teeth: a key that ignored the end of the game (where The Island shows
    every explorer's value and every kept tile) would leave lines stale, and is caught."""
    from lapilli.games.the_island.views import ViewsMixin

    monkeypatch.setattr(ViewsMixin, "reading_key", lambda self: (self.own_values_visible,))
    room = _island_room({}, 0)
    assert _stale_lines(room, random.Random(0)) != []


def test_a_move_reads_only_the_new_log_line_when_nothing_earlier_reads_differently(monkeypatch):
    """The Island says what its readings consult (State.reading_key): after a move that changes
    none of it, a view asks the game for the readings of the new line only, not of the whole log."""
    from lapilli.games.the_island.views import ViewsMixin

    room = _island_room({}, 1)
    rng = random.Random(1)
    for ply in range(70):
        room.apply_stored(ply + 1, "act", room.state.to_move, rng.choice(room.state.legal_actions()))
        for seat in (None, 0, 1):
            room.view_text(seat)
    asked: list = []
    real = ViewsMixin._readings
    monkeypatch.setattr(ViewsMixin, "_readings", lambda self, *a: asked.append(a) or real(self, *a))
    room.apply_stored(71, "act", room.state.to_move, rng.choice(room.state.legal_actions()))
    assert not room.state.is_terminal
    shown = {seat: json.loads(room.view_text(seat))["log"] for seat in (None, 0, 1)}
    assert len(asked) <= 3, len(asked)  # the new line, once per reader
    for seat in (None, 0, 1):
        assert shown[seat] == _fresh_log(room, seat)  # the new line, per reader (and the set-up, kept apart)


def _island_play(room, rng, plies, undo=0.0, rename_at=(), unseen=0.0):
    """Play ``room`` at random for ``plies`` steps (``undo``: the chance that a step takes the last
    action back instead; ``rename_at``: plies after which seat 1 changes its name, its views being
    sent before and after; ``unseen``: the chance that the next step comes before any view, as
    when several steps are caught up at once), every seat and a spectator being sent its view
    after the steps.  Returns the (ply, seat) whose view's log or players, built from the views
    before, differ from those worked out afresh."""
    differ = []

    def look(ply):
        for seat in (None, *range(room.state.num_players)):
            view = json.loads(room.view_text(seat))
            if view["log"] != _fresh_log(room, seat) or view["players"] != json.loads(
                    json.dumps(fanout.players(room.state, room.info))):
                differ.append((ply, seat))

    for ply in range(plies):
        if room.state.is_terminal:
            break
        if room.acts and rng.random() < undo:
            room.apply_stored(ply + 1, "undo", room.acts[-1][0], "")
        else:
            room.apply_stored(ply + 1, "act", room.state.to_move, rng.choice(room.state.legal_actions()))
        if ply in rename_at:
            look(ply)
            seats = list(room.info.seats)
            seats[1] = SeatInfo(1, "human", f"z{ply}", "")
            room.info = TableInfo(**{**room.info.__dict__, "seats": seats})
        elif rng.random() < unseen:
            continue
        look(ply)
    return differ


@pytest.mark.slow  # whole games with undos at every ply; kept logs through undos are checked fast above
@pytest.mark.parametrize("seed", _seeds(3))
def test_the_islands_kept_log_and_players_equal_fresh_ones_through_undos_renames_and_the_end(seed):
    """A view keeps the seat's log lines (and their text) from the view before while nothing they
    read changed: through undos, steps caught up several at once, names changed, the log
    scrolling past its last 60 lines and the end of the game (where every value shows), every
    view's log and players are those worked out afresh."""
    room = _island_room({}, seed)
    assert _island_play(room, random.Random(seed), 400, undo=0.15, rename_at=(30, 90), unseen=0.3) == [], seed
    assert room.state.is_terminal and len(room.acts) > 60


def test_a_move_narrates_and_serializes_only_its_new_line(monkeypatch):
    """After a move that changes nothing the earlier lines read, a view of The Island goes over
    its new log line only: the game's log is not walked again line by line for each reader, nor
    the players' names and colours worked out again for each of them."""
    room = _island_room({}, 1)
    rng = random.Random(1)
    assert _island_play(room, rng, 70) == []
    rows: list = []
    made: list = []
    real_entries, real_players = fanout.log_entries, fanout.players
    monkeypatch.setattr(fanout, "log_entries", lambda st, r, *a: rows.append(len(r)) or real_entries(st, r, *a))
    monkeypatch.setattr(fanout, "players", lambda *a: made.append(1) or real_players(*a))
    room.apply_stored(71, "act", room.state.to_move, rng.choice(room.state.legal_actions()))
    assert not room.state.is_terminal
    shown = {seat: json.loads(room.view_text(seat)) for seat in (None, 0, 1)}
    assert rows == [1, 1, 1]  # the new line, once per reader
    assert len(made) == 1
    for seat in (None, 0, 1):
        assert shown[seat]["log"] == _fresh_log(room, seat)
        assert shown[seat]["players"] == json.loads(json.dumps(real_players(room.state, room.info)))
