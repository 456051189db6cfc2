"""The terminal's picture of a position (each game's ``render.py``) speaks as the table does.

For every game, player count and a few option sets, a random game is drawn with
``render(player, labels, lang)`` at a few points (the set-up, early, mid-game and the end), as
the seat to move sees it and as a spectator does, in English and Italian:

* every seat is named by its label, at least once (the labels given, or ``narration.seat_label``
  when none are given), and the seat the picture is drawn for is marked as "you" ("tu");
* no seat goes by a number ("seat 0"), no Python value shows (None, True, False, a list or a
  dict), no internal phase or decision id;
* the Italian picture holds no common English word outside the quoted action notation.
"""
from __future__ import annotations

import random
import re

import pytest

import lapilli
from lapilli.engine import narration
from lapilli.engine.errors import BadOption
from lapilli.engine.registry import BUILTIN_GAMES

NAMES = ["Marta", "Luca", "Ada", "Bruno", "Carla", "Dario"]
OPTION_SETS = {
    "isola-dei-vulcani": [{}, {"setup": "advanced"}],
    "stromboli": [{}, {"tactical": True}],
    "kingdomino-origins": [{}, {"mode": "totem"}, {"mode": "tribe"}],
    "the-island": [{}, {"dolphins": True, "giant_squid": True}, {"challenge_5": True}],
    "eruption": [{}, {"variant": "lava_rain"}, {"variant": "cooperation"}],
}
SEAT_NUMBER = re.compile(r"\bseat\s*\d|\bplayer\s*\d|<seat|\bgiocatore\s*\d", re.I)
PYTHON_VALUE = re.compile(r"\b(None|True|False)\b|[{}]|\[\s*(['\"]|-?\d+\s*[,\]]|\])")
# internal ids the old pictures printed (phases, decisions, end reasons)
INTERNAL = {
    "eruption": re.compile(r"\bp[234]x?\??\b|\bendturn\b|\berupt\?|\bconsent\b|\bphase (village|over)\b"),
    "isola-dei-vulcani": re.compile(r"\brescue1\b|\bround-limit\b|decide: \w+"),
    "kingdomino-origins": re.compile(r" - (pick|pair|place|fire|give|choose|recruit|spend|put)\b"),
    "stromboli": re.compile(r"\bprebuy\b"),
    "the-island": re.compile(r"decides: \w+|\bnobody left\b|\bturn cap\b|\blast tile\b|\bc5\b"),
}
# English words that must not appear in an Italian picture (whole words, outside quoted notation)
ENGLISH = re.compile(r"\b(the|and|of|to|you|your|players?|turn|left|tiles?|cards?|walls?|round|score|game|"
                     r"over|is|are|on|at|with|an|moves?|places?|takes?|chooses|none|empty|supply|reserve)\b", re.I)
QUOTED = re.compile(r"(?<!\w)'[^']*'")
YOU = {"en": " (you", "it": " (tu"}   # "Red (you)", "Red (you, first player)"


def _cases():
    out = []
    for g in BUILTIN_GAMES:
        spec = lapilli.game_spec(g)
        for n in range(spec.min_players, spec.max_players + 1):
            for o in OPTION_SETS[g]:
                try:
                    spec.resolve(n, dict(o))
                except BadOption:     # an option set this player count does not allow
                    continue
                out.append((g, n, o))
    return out


CASES = _cases()


def _check(st, picture: str, player, labels, lang) -> None:
    where = f"{st.game_id} {st.num_players}p ply {len(st.history)} for {player} in {lang}"
    for p, label in enumerate(labels):
        assert label in picture, f"{where}: seat {p} ({label!r}) is not named:\n{picture}"
    if player is not None:
        assert labels[player] + YOU[lang] in picture, f"{where}: the reader is not marked:\n{picture}"
    bad = SEAT_NUMBER.search(picture)
    assert not bad, f"{where}: a seat by its number: {bad.group()!r}\n{picture}"
    bad = PYTHON_VALUE.search(picture)
    assert not bad, f"{where}: a Python value: {bad.group()!r}\n{picture}"
    bad = INTERNAL[st.game_id].search(picture)
    assert not bad, f"{where}: an internal id: {bad.group()!r}\n{picture}"
    if lang == "it":
        bad = ENGLISH.search(QUOTED.sub("", picture))
        assert not bad, f"{where}: an English word in the Italian picture: {bad.group()!r}\n{picture}"


@pytest.mark.parametrize("game,players,options", CASES,
                         ids=[f"{g}-{n}p-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}"
                              for g, n, o in CASES])
def test_pictures_name_seats_by_their_labels_in_both_languages(game, players, options):
    st = lapilli.new_game(game, players, seed=7, options=options)
    pick = random.Random(7)
    checked = 0
    for stop in (0, 3, 25, 100_000):
        while len(st.history) < stop and not st.is_terminal and len(st.history) < 1500:
            st.apply(pick.choice(st.legal_actions()))
        readers = [None] if st.is_terminal else [st.to_move, None]
        if st.is_terminal:
            readers.append(0)
        for reader in readers:
            for lang in narration.LANGUAGES:
                labels = [narration.seat_label(st, p, lang, name=NAMES[p]) for p in range(players)]
                _check(st, st.render(reader, labels, lang), reader, labels, lang)
                default = [narration.seat_label(st, p, lang) for p in range(players)]
                _check(st, st.render(reader, None, lang), reader, default, lang)
                checked += 1
        if st.is_terminal:
            break
    assert st.is_terminal and checked >= 7


def test_english_and_italian_pictures_differ_and_default_to_english():
    for game in BUILTIN_GAMES:
        st = lapilli.new_game(game, lapilli.game_spec(game).min_players, seed=3)
        assert st.render(0) == st.render(0, None, "en")
        assert st.render(0, None, "it") != st.render(0, None, "en")


def test_labels_must_fit_the_seats():
    st = lapilli.new_game("stromboli", 2, seed=1)
    with pytest.raises(ValueError, match="3 seat labels for 2 seats"):
        st.render(0, ["A", "B", "C"])
    with pytest.raises(ValueError, match="no language 'fr'"):
        st.render(0, None, "fr")


def test_the_checks_catch_the_old_words():
    """The checks above fail on the old picture's words."""
    st = lapilli.new_game("eruption", 2, seed=3)
    labels = [narration.seat_label(st, p, "en") for p in range(2)]
    base = "\n".join(labels) + "\nFirst player (you)"
    for old in ("your hand (seat 0): bomb", "seat 0 <- to move: village None ?", "turn of seat 0, phase p3",
                "values to place: [6, 5, 4]", "turn of seat 0, phase endturn"):
        with pytest.raises(AssertionError):
            _check(st, base + "\n" + old, 0, labels, "en")
    with pytest.raises(AssertionError, match="English word"):
        _check(st, "Primo giocatore (tu)\nSecondo giocatore\nthe lava tiles", 0,
               [narration.seat_label(st, p, "it") for p in range(2)], "it")
    _check(st, base, 0, labels, "en")     # and pass on the words they are for
