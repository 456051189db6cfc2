"""The sentence catalogues (English and Italian) and the readings of typical acts of every game.

* every catalogue entry has both languages, of the same shape and with the same placeholders, and
  the Italian is not the English; TERMS translate the same values in both languages;
* every item the readings give in random games (every player count, several option sets, every
  reader) has a catalogue entry and renders in both languages; no Italian sentence holds a common
  English word; a chance item says its kind, and its value only to a reader who may know it;
* a few typical acts per game read as expected, from the actor's and from another seat's point of
  view.
"""
from __future__ import annotations

import importlib
import random
import re
import string

import pytest

import lapilli
from lapilli.engine import narration
from lapilli.engine.registry import BUILTIN_GAMES, GAMES

NAMES = ["Marta", "Luca", "Ada", "Bruno", "Carla", "Dario"]
OPTION_SETS = {
    "isola-dei-vulcani": [{}, {"setup": "advanced"}],
    "stromboli": [{}, {"tactical": True}],
    "kingdomino-origins": [{}, {"mode": "totem"}, {"mode": "tribe"}],
    "the-island": [{}, {"dolphins": True, "giant_squid": True}, {"challenge_5": True}, {"own_values_visible": True}],
    "eruption": [{}, {"variant": "lava_rain"}, {"variant": "cooperation"}],
}
# English words that must not appear in an Italian sentence (whole words)
ENGLISH = re.compile(r"\b(the|and|of|to|from|you|your|plays?|draws?|places?|moves?|takes?|turn|tile|card|"
                     r"wall|village|rolls?|die|dice|scores?|game|over|is|are|on|at|with|an)\b", re.I)


def _placeholders(tpl: str) -> set:
    return {f for _, f, _, _ in string.Formatter().parse(tpl) if f}


@pytest.mark.parametrize("game", BUILTIN_GAMES)
def test_every_catalogue_entry_has_both_languages(game):
    mod = importlib.import_module(GAMES[game] + ".narration")
    assert mod.CATALOGUE and set(mod.TERMS) == {"en", "it"}
    assert set(mod.TERMS["en"]) == set(mod.TERMS["it"]), set(mod.TERMS["en"]) ^ set(mod.TERMS["it"])
    for key, entry in {**narration.COMMON, **mod.CATALOGUE}.items():
        assert set(entry) == set(narration.LANGUAGES), f"{game} {key}: languages {sorted(entry)}"
        en, it = entry["en"], entry["it"]
        assert type(en) is type(it), f"{game} {key}: one language has a 'you' form, the other not"
        for e, i in (zip(en, it) if isinstance(en, tuple) else [(en, it)]):
            assert e and i and e != i, f"{game} {key}: the Italian is missing or is the English"
            assert _placeholders(e) == _placeholders(i), f"{game} {key}: placeholders differ"
            assert not ENGLISH.search(re.sub(r"\{[^}]*\}", "", i)), f"{game} {key}: English in {i!r}"


def _acts(game, players, options, seed):
    s = lapilli.new_game(game, players=players, seed=seed, options=options)
    yield s, None, None, s.setup_events
    rng = random.Random(seed)
    while not s.is_terminal and len(s.history) < 400:
        actor = s.to_move
        action = rng.choice(s.legal_actions())
        events = s.apply(action)
        yield s, actor, action, events


@pytest.mark.parametrize("game", BUILTIN_GAMES)
def test_every_reading_of_random_games_has_a_sentence_in_both_languages(game):
    spec = lapilli.game_spec(game)
    keys = set()
    chances = 0
    for options in OPTION_SETS[game]:
        for players in range(spec.min_players, spec.max_players + 1):
            try:
                spec.resolve(players, options)
            except lapilli.LapilliError:
                continue                            # an option set for other player counts
            for s, actor, action, events in _acts(game, players, options, seed=players):
                for reader in [None, *range(players)]:
                    for item in s.readings(actor, action, events, reader):
                        keys.add(item["key"])
                        assert set(item) <= {"key", "args", "chance"}
                        for lang in narration.LANGUAGES:
                            text = narration.sentence(game, item, lang, NAMES, reader)
                            assert text and "{" not in text
                            if lang == "it":
                                assert not ENGLISH.search(text), f"{game}: English in {text!r} ({item})"
                        if "chance" in item:
                            chances += 1
                            c = item["chance"]
                            assert c["kind"] in ("die", "card", "tile", "token") and c["name"] and "value" in c
    mod = importlib.import_module(GAMES[game] + ".narration")
    assert keys <= set(mod.CATALOGUE) | set(narration.COMMON)
    assert chances > 0
    assert "act" not in keys                            # every action has a sentence of its own


@pytest.mark.parametrize("game", BUILTIN_GAMES)
def test_a_sentence_reads_the_same_for_every_reader_it_does_not_name(game):
    """``narration.hears``: a reader whose seat an item does not name (its subject or any other
    seat it tells) reads its sentence as a spectator does, so that the web table narrates such a
    sentence once for all of them; one that it names is told apart.  Items of random games under
    every option set, each seat they name moved to every seat in turn, every reader."""
    spec = lapilli.game_spec(game)
    kinds: dict = {}
    for options in OPTION_SETS[game]:
        players = spec.max_players
        try:
            spec.resolve(players, options)
        except lapilli.LapilliError:
            continue
        for s, actor, action, events in _acts(game, players, options, seed=4):
            for item in s.readings(actor, action, events, None):
                kinds.setdefault((item["key"], tuple(item.get("args", {}))), (players, item))
    shared = apart = 0
    for players, item in kinds.values():
        seat_keys = [k for k, v in item.get("args", {}).items() if k.endswith("seat") and isinstance(v, int)]
        variants = [item] + [dict(item, args={**item["args"], k: q}) for k in seat_keys for q in range(players)]
        for it in variants:
            for reader in [None, *range(players)]:
                who = narration.hears(it, reader)
                assert who in (None, reader)
                if reader is not None:
                    shared, apart = shared + (who is None), apart + (who is not None)
                for lang in narration.LANGUAGES:
                    assert (narration.sentence(game, it, lang, NAMES, reader)
                            == narration.sentence(game, it, lang, NAMES, who)), (it, reader, lang)
    assert shared and apart


def _first(game, players, options, want, seed=1):
    """The first act (state after it, actor, action, events) whose events include type ``want``."""
    for seed in range(seed, seed + 40):
        for s, actor, action, events in _acts(game, players, options, seed):
            if any(e["type"] == want for e in events) and actor is not None:
                return s, actor, action, events
    raise AssertionError(f"no {want} event in 40 random games")


def _say(s, actor, action, events, reader, lang="en"):
    return narration.text(s.game_id, s.readings(actor, action, events, reader), lang, NAMES, reader)


@pytest.mark.rule("ISL-1.12")
@pytest.mark.rule("ISL-1.7")
def test_the_island_placement_hides_the_value_from_others():
    s, actor, action, events = _first("the-island", 3, {}, "placed")
    ex = events[0]["explorer"]
    at = action.split()[2]
    other = (actor + 1) % 3
    assert _say(s, actor, action, events, other) == f"{NAMES[actor]} places explorer {ex} on {at}."
    assert _say(s, actor, action, events, actor) == f"You place explorer {ex} on {at}."
    assert _say(s, actor, action, events, None, "it") == f"{NAMES[actor]} mette l'esploratore {ex} su {at}."


@pytest.mark.rule("ISL-I10")
def test_the_island_owner_reads_its_value_when_own_values_are_visible():
    s, actor, action, events = _first("the-island", 3, {"own_values_visible": True}, "placed")
    value = action.split()[1]
    assert f"(value {value})" in _say(s, actor, action, events, actor)
    assert "value" not in _say(s, actor, action, events, (actor + 1) % 3)


@pytest.mark.rule("ISL-5.10")
@pytest.mark.rule("ISL-5.11")
def test_the_island_kept_tile_back_is_read_by_its_holder_only():
    s, actor, action, events = _first("the-island", 2, {}, "tile_kept")
    kept = next(e for e in events if e["type"] == "tile_kept")
    back = narration.catalogue("the-island")[1]["en"][kept["private"]["back"]]
    mine = _say(s, actor, action, events, kept["seat"])
    theirs = _say(s, actor, action, events, 1 - kept["seat"])
    assert f"You keep the {kept['terrain']} tile: {back}." in mine
    assert "face down" in theirs and back not in theirs.split("face down")[0]
    item = next(i for i in s.readings(actor, action, events, 1 - kept["seat"]) if i["key"].startswith("tile_kept"))
    assert item["chance"] == {"kind": "tile", "name": "tile", "value": None}


def test_the_island_creature_die():
    s, actor, action, events = _first("the-island", 2, {}, "roll")
    roll = next(e for e in events if e["type"] == "roll")
    text = _say(s, actor, action, events, 1 - actor)
    kind = narration.catalogue("the-island")[1]["en"][roll["kind"]]
    assert f"{NAMES[actor]} rolls the creature die: {kind}." in text
    item = next(i for i in s.readings(actor, action, events, None) if i["key"] == "roll.creature")
    assert item["chance"] == {"kind": "die", "name": "creature die", "value": roll["kind"]}
    moved = next((e for e in events if e["type"] == "creature_moved"), None)
    if moved:
        assert f"moves the {narration.catalogue('the-island')[1]['en'][moved['kind']]} from {moved['from']}" in text


@pytest.mark.rule("ERU-1.3")
def test_eruption_drawn_card_is_read_by_its_drawer_only():
    s, actor, action, events = _first("eruption", 3, {}, "draw_card")
    ev = next(e for e in events if e["type"] == "draw_card")
    name = narration.catalogue("eruption")[1]["en"][ev["card"]]
    drawer = ev["seat"]
    assert f"You draw {name}." in _say(s, actor, action, events, drawer)
    other = _say(s, actor, action, events, (drawer + 1) % 3)
    assert f"{NAMES[drawer]} draws an action card." in other and name not in other
    it = narration.catalogue("eruption")[1]["it"][ev["card"]]
    assert f"Peschi {it}." in _say(s, actor, action, events, drawer, "it")


def test_eruption_tile_and_dice():
    s, actor, action, events = _first("eruption", 2, {}, "tile_placed")
    ev = next(e for e in events if e["type"] == "tile_placed")
    # a lava tile by its shape (how many sides lava flows out of), never by its number
    from lapilli.games.eruption.data import TILE_MASK
    k = bin(TILE_MASK[ev["tile"]]).count("1")
    assert f"{NAMES[actor]} places the lava tile ({k} outlets) at {ev['at']}, rotation {ev['rotation']}." in \
        _say(s, actor, action, events, 1 - actor)
    assert f"Piazzi la tessera lava ({k} uscite) in {ev['at']}" in _say(s, actor, action, events, actor, "it")
    s, actor, action, events = _first("eruption", 2, {}, "roll")
    ev = next(e for e in events if e["type"] == "roll")
    assert f"You roll {ev['red']} and {ev['white']}: the {ev['material']} wall at {ev['at']}" in \
        _say(s, actor, action, events, actor)


def test_kingdomino_origins_take_and_place():
    s, actor, action, events = _first("kingdomino-origins", 2, {}, "take")
    tile = next(e for e in events if e["type"] == "take")["tile"]
    assert _say(s, actor, action, events, 1 - actor).startswith(f"{NAMES[actor]} takes tile {tile}.")
    assert _say(s, actor, action, events, actor, "it").startswith(f"Prendi la tessera {tile}.")
    s, actor, action, events = _first("kingdomino-origins", 2, {}, "place")
    ev = next(e for e in events if e["type"] == "place")
    a, b = ev["squares"]
    assert _say(s, actor, action, events, None).startswith(f"{NAMES[actor]} places tile {ev['tile']} at {a}, {b}.")


def test_kingdomino_origins_pair_tells_two_positions():
    s, actor, action, events = _first("kingdomino-origins", 2, {}, "pair")
    a, b = action.split()[1]
    assert _say(s, actor, action, events, 1 - actor).startswith(f"{NAMES[actor]} takes the chiefs on positions {a} and {b}.")
    assert _say(s, actor, action, events, actor, "it").startswith(f"Prendi i capotribù nelle posizioni {a} e {b}.")


def test_stromboli_disc_and_card():
    s, actor, action, events = _first("stromboli", 2, {}, "place")
    ev = events[0]
    assert _say(s, actor, action, events, 1 - actor).startswith(
        f"{NAMES[actor]} puts disc {ev['value']} on beach {ev['beach']}")
    s, actor, action, events = _first("stromboli", 2, {}, "pick")
    ev = next(e for e in events if e["type"] == "pick")
    # a palm card by its face as printed (kind, pearl, baskets, butterflies), never by its id
    from lapilli.games.stromboli.narration import card_face
    said = _say(s, actor, action, events, actor)
    assert f"You take the card {card_face(ev['card'], 'en')} from space " in said and ev["card"] not in said
    assert f"Prendi la carta {card_face(ev['card'], 'it')} dallo spazio " in _say(s, actor, action, events, actor, "it")


def test_stromboli_card_faces_in_words():
    from lapilli.games.stromboli.data import CARD
    from lapilli.games.stromboli.narration import card_face
    basket2 = next(c for c, v in CARD.items() if v[1] == "basket" and v[4] == 2 and v[3] == 1)
    assert card_face(basket2, "en") == "Basket ×2, 1 butterfly"
    assert card_face(basket2, "it") == "Cesto ×2, 1 farfalla"
    pearl = next(c for c, v in CARD.items() if v[1] == "pearl" and v[5] == "white")
    assert card_face(pearl, "it").startswith("Perla bianca")


INTERNAL_ID = re.compile(r"\b\d-\d\d\b|\bx\d\+|\d+bf\b")


@pytest.mark.parametrize("game", ["stromboli", "eruption", "kingdomino-origins"])
def test_chance_values_are_told_as_players_see_them(game):
    """A drawn card, a turned tile, a drawn chief: told by face, shape or colour in both
    languages, in the sentence and in the chance item's words (the table shows those)."""
    from lapilli.engine.registry import new_game
    from lapilli.server.hub import with_chance_words
    st = new_game(game, 2, 3, {})
    rng = random.Random(3)
    told = 0
    rows = [(None, None, st.setup_events)]
    for _ in range(120):
        if st.is_terminal:
            break
        seat, a = st.to_move, rng.choice(st.legal_actions())
        rows.append((seat, a, st.apply(a)))
    for seat, a, ev in rows:
        for lang in ("en", "it"):
            said = narration.text(game, st.readings(seat, a, ev, None), lang, NAMES)
            assert not INTERNAL_ID.search(said), said
        for it in st.readings(seat, a, ev, None):
            c = it.get("chance")
            if not c or c.get("value") is None or c["name"] in ("tiles", "wall dice"):
                continue
            w = with_chance_words(game, it)["chance"].get("words")
            assert w and w["en"] and w["it"], (game, c)
            assert str(c["value"]) not in (w["en"], w["it"]) and not INTERNAL_ID.search(w["en"] + w["it"]), (c, w)
            told += 1
    assert told > 0, game


def test_isola_dei_vulcani_die_and_moves():
    s, actor, action, events = _first("isola-dei-vulcani", 2, {}, "roll")
    face = next(e for e in events if e["type"] == "roll")["face"]
    text = _say(s, actor, action, events, 1 - actor, "it")
    assert f"{NAMES[actor]} tira il dado eruzione: " in text
    item = next(i for i in s.readings(actor, action, events, None) if i["key"].startswith("roll."))
    assert item["chance"]["value"] == face
    s, actor, action, events = _first("isola-dei-vulcani", 2, {}, "land")
    assert _say(s, actor, action, events, actor) == f"You land on {action.split()[1]}."


@pytest.mark.parametrize("game,want,options", [("eruption", "draw_card", {}), ("the-island", "placed", {})])
def test_secrets_are_told_to_everyone_once_the_game_is_over(game, want, options):
    """A log read again on the final position tells every secret (ISL-1.12: values are shown at
    final scoring; Eruption's hands are shown once the game is over)."""
    s = lapilli.new_game(game, players=3, seed=2, options=options)
    rng = random.Random(2)
    acts = []
    while not s.is_terminal:
        before = s.clone()
        action = rng.choice(s.legal_actions())
        events = s.apply(action)
        if any(e["type"] == want for e in events):
            acts.append((before.to_move, action, events, s.clone()))
    assert acts and s.is_terminal and not s.has_hidden(0)
    for actor, action, events, after in acts[:10]:
        other = (actor + 1) % 3
        during = narration.text(game, after.readings(actor, action, events, other), "en", NAMES, other)
        at_end = narration.text(game, s.readings(actor, action, events, other), "en", NAMES, other)
        if game == "eruption":
            ev = next(e for e in events if e["type"] == want)
            name = narration.catalogue(game)[1]["en"][ev["card"]]
            if ev["seat"] != other:
                assert "draws an action card" in during
            assert f"draws {name}." in at_end or f"You draw {name}." in at_end
        else:
            assert "(value" not in during and f"(value {action.split()[1]})" in at_end


@pytest.mark.rule("IDV-11.7")
def test_isola_a_player_who_saves_no_colonists_from_a_sinking_is_told_in_both_languages():
    """The 'skip' of a sinking's rescue decision (rare in random games) has its sentence."""
    s = lapilli.new_game("isola-dei-vulcani", players=2, seed=1)
    items = s.readings(0, "skip", [{"type": "no-rescue", "seat": 0}], 1)
    assert [i["key"] for i in items] == ["no-rescue"]
    assert narration.text(s.game_id, items, "en", NAMES, 1) == f"{NAMES[0]} saves no colonists from the sinking."
    assert narration.text(s.game_id, items, "it", NAMES, 0) == "Non salvi nessun colono dall'affondamento."


@pytest.mark.rule("IDV-10.16")
def test_isola_a_double_eruption_and_its_order_are_told_in_both_languages():
    """A double eruption (no lava left on the board, rare in random games) and the current player's
    choice of the volcano that erupts first have their sentences."""
    s = lapilli.new_game("isola-dei-vulcani", players=2, seed=1)
    items = s.readings(0, "carve F3a", [{"type": "double-eruption", "volcanoes": [2, 3]}], 1)
    assert narration.text(s.game_id, items, "en", NAMES, 1) == "No lava tile is left on the board: volcanoes 2, 3 erupt together."
    assert narration.text(s.game_id, items, "it", NAMES, 1) == "Non restano tessere lava sulla plancia: eruttano insieme i vulcani 2, 3."
    items = s.readings(0, "erupt 2", [{"type": "eruption-order", "seat": 0, "first": 2}], 1)
    assert narration.text(s.game_id, items, "en", NAMES, 1) == f"{NAMES[0]} has volcano 2 erupt first."
    assert narration.text(s.game_id, items, "it", NAMES, 0) == "Fai eruttare per primo il vulcano 2."
