"""A log line's sentences are narrated once for every reader they read the same for (the actor's
move as the others and the spectators read it, a die, a tile), not once per seat and spectator:
every message every connection is sent over whole seeded games (each seat and spectators, whole
views and kept logs, undos, a name changed, the end where every secret shows) is, byte for byte,
the one sent when each reader's line is narrated on its own by the narration's former code (kept
below as the reference)."""
import random

import pytest

import lapilli
from lapilli.engine import narration
from lapilli.engine.registry import BUILTIN_GAMES
from lapilli.server import fanout
from lapilli.server.config import Settings
from lapilli.server.hub import Hub, Room
from lapilli.server.store import SeatInfo, TableInfo
from tests.tiers import fast_where

# The Island in the fast tier, the other games in the slow one
GAMES = fast_where(BUILTIN_GAMES, lambda g: g == "the-island")


# ---------------------------------------------------------------- the reference: each reader's line on its own
def _ref_value(v, lang, terms, names, reader, key, game_id=None):
    if key.endswith("seat") and isinstance(v, int) and not isinstance(v, bool):
        return narration._YOU[lang] if v == reader else narration.seat_name(names, v, lang)
    if game_id is not None and key:
        fn = getattr(narration._module(game_id), "words", None)
        w = fn(key, v, lang) if fn is not None else None
        if w is not None:
            return w
    if isinstance(v, str):
        return terms.get(v, v)
    if isinstance(v, (list, tuple)):
        return ", ".join(str(_ref_value(x, lang, terms, names, reader, "")) for x in v)
    return v


def _ref_sentence(game_id, item, lang, names, reader):
    cat, terms = narration.catalogue(game_id)
    tpl = cat[item["key"]][lang]
    args = item.get("args", {})
    subject = args.get("seat")
    if isinstance(tpl, tuple):
        tpl = tpl[1] if reader is not None and subject == reader else tpl[0]
    fields = {k: _ref_value(v, lang, terms[lang], names, reader, k, game_id) for k, v in args.items()}
    if isinstance(subject, int):
        fields["player"] = narration.seat_name(names, subject, lang)
    return tpl.format(**fields)


def reference_line_text(game_id, items, names, reader, said=None):
    return {lang: " ".join(_ref_sentence(game_id, it, lang, names[lang], reader) + "." for it in items)
            for lang in narration.LANGUAGES}


# ---------------------------------------------------------------- a table and its connections
class FakeConn:
    def __init__(self, seat, delta):
        self.seat, self.delta, self.have, self.texts = seat, delta, None, []

    def send(self, text):
        self.texts.append(text)


class FakePubSub:
    url = None

    def announce(self, msg):
        pass


def _messages(game, seed, plies=400) -> tuple[list[list[str]], int]:
    """Every text each connection of a seeded table is sent while it is played at random: each
    seat twice (whole views, kept log) and two spectators; now and then a step taken back, and
    seat 1's name changed on the way.  Returns the texts and the plies played."""
    st = lapilli.new_game(game, seed=seed)
    seats = [SeatInfo(p, "human", f"p{p}", "") for p in range(st.num_players)]
    info = TableInfo(id="t", game=game, players=st.num_players, options=dict(st.options), seed=seed, version=0,
                     status="playing", seats=seats, commitment="c0ffee", seeding=st.seeding)
    hub = Hub(None, bots=None, pubsub=FakePubSub(), settings=Settings(database_url="sqlite://"))
    room = Room(info, mono=lambda: 0.0)
    hub.rooms["t"] = room
    conns = [FakeConn(s, delta) for s in (*range(st.num_players), None) for delta in (False, True)]
    for c in conns:
        hub.attach(room, c)
    rng, version = random.Random(seed), 0
    while not room.state.is_terminal and version < plies:
        version += 1
        if room.acts and rng.random() < 0.1:
            room.apply_stored(version, "undo", room.acts[-1][0], "")
        else:
            room.apply_stored(version, "act", room.state.to_move, rng.choice(room.state.legal_actions()))
        if version == 25:
            seats = list(room.info.seats)
            seats[1] = SeatInfo(1, "human", "Zoe", "")
            room.info = TableInfo(**{**room.info.__dict__, "seats": seats})
        hub.broadcast(room)
    return [c.texts for c in conns], version


@pytest.mark.parametrize("game", GAMES)
def test_every_connection_is_sent_what_each_reader_narrated_alone_was_sent(game, monkeypatch):
    for seed in range(2):
        with monkeypatch.context() as m:
            m.setattr(fanout, "line_text", reference_line_text)
            want, plies = _messages(game, seed)
        got, _ = _messages(game, seed)
        assert plies > 30 and all(len(texts) > plies for texts in got)
        for texts, expected in zip(got, want):
            assert texts == expected, (game, seed)


def test_a_sentence_is_narrated_once_for_the_readers_it_does_not_name(monkeypatch):
    """The check above has a cause: at a two-seat Island table with a spectator, a move's sentences
    that name neither the other seat nor anyone (the actor's move as the other seat reads it) are
    narrated once per language for that seat and the spectator, not once each."""
    st = lapilli.new_game("the-island", seed=2)
    rng = random.Random(2)
    for _ in range(30):
        st.apply(rng.choice(st.legal_actions()))
    seat, action = st.to_move, rng.choice(st.legal_actions())
    events = st.apply(action)
    names = fanout.seat_labels(st, TableInfo("t", "the-island", 2, {}, 2, 0, "playing",
                                             [SeatInfo(0, "human", "a", ""), SeatInfo(1, "human", "b", "")]))
    said: list = []
    real = narration.sentence
    monkeypatch.setattr(narration, "sentence", lambda *a: said.append(a) or real(*a))
    shared: dict = {}
    other = 1 - seat
    texts = {r: fanout.line_text("the-island", st.readings(seat, action, events, r), names, r, shared)
             for r in (seat, other, None)}
    for r in (seat, other, None):
        assert texts[r] == reference_line_text("the-island", st.readings(seat, action, events, r), names, r)
    items = st.readings(seat, action, events, None)
    named = [it for it in items if narration.hears(it, seat) is not None]
    assert named  # the actor reads its own move apart
    # each item once per language for the spectator (the other seat shares what names it not),
    # again for the actor where it names the actor, and for the other seat where it names it
    once = len(items) + len(named) + sum(narration.hears(it, other) is not None for it in items)
    assert len(said) == once * len(narration.LANGUAGES) < 3 * len(items) * len(narration.LANGUAGES)
