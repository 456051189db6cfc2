"""Sentences from readings: one renderer for every game, English and Italian.

``State.readings`` (the door: what a seat may read of an act) gives items
``{"key": ..., "args": {...}}``; each game's ``narration.py`` holds a ``CATALOGUE`` of sentence
templates per key and language and a ``TERMS`` table translating the values (cards, creatures,
terrains); this module turns an item into a sentence from the reader's point of view.

A game's words live in ``words.json`` beside its modules (``game_words``): ``sentences`` (the
catalogue), ``terms`` and ``picture`` (the words of its text picture, render.py), one file per
game for every language, so that a translator edits data, not code.

Catalogue entries: ``{"en": template, "it": template}`` where a template is a string, or a pair
``(about someone else, about the reader)`` when the item has a subject seat (``args["seat"]``):
"Marta draws a card" / "You draw a card".  ``{player}`` is the subject's name; any other arg whose
key ends in ``seat`` is a seat shown by its name (or "you" when it is the reader); strings are
translated through ``TERMS``; lists are joined.  Entries in ``COMMON`` (below) serve every game
(a game's entry of the same key takes their place).
A game's ``words(key, value, lang)`` may tell an arg as players see the component (a card by its
face, not its id), and its ``chance_words(chance, lang)`` a chance item's value the same way.
"""
from __future__ import annotations

import json
import pathlib
from functools import lru_cache

LANGUAGES = ("en", "it")

COMMON = {
    "act": {"en": ("{player} plays {action}", "You play {action}"),
            "it": ("{player} gioca {action}", "Giochi {action}")},
    "game_over": {"en": "The game is over", "it": "La partita è finita"},
    "game_over.result": {"en": "The game is over: scores {scores}", "it": "La partita è finita: punteggi {scores}"},
    "act.pass": {"en": ("{player} passes", "You pass"), "it": ("{player} passa", "Passi")},
}
_PLAYER = {"en": "Player {n}", "it": "Giocatore {n}"}
_YOU = {"en": "you", "it": "te"}


def game_words(module_file: str) -> dict:
    """The words of the game whose module file is ``module_file`` (pass ``__file__``): its
    ``words.json`` (``sentences``, ``terms``, ``picture``), read once.  A sentence given as a pair
    (about someone else, about the reader) is a tuple, as the catalogue's format says."""
    return _words_at(str(pathlib.Path(module_file).with_name("words.json")))


@lru_cache(maxsize=None)
def _words_at(path: str) -> dict:
    with open(path, encoding="utf-8") as f:
        words = json.load(f)
    words["sentences"] = {key: {lang: tuple(t) if isinstance(t, list) else t for lang, t in entry.items()}
                          for key, entry in words["sentences"].items()}
    return words


@lru_cache(maxsize=None)
def _module(game_id: str):
    """A game's narration module (None: the game has none, as a test game)."""
    from .catalogue import game_part

    return game_part(game_id, "narration")


@lru_cache(maxsize=None)
def catalogue(game_id: str) -> tuple[dict, dict]:
    """(CATALOGUE, TERMS) of a game, with the common entries; a game without a narration module
    (a test game) has the common entries only."""
    cat, terms = dict(COMMON), {lang: {} for lang in LANGUAGES}
    mod = _module(game_id)
    if mod is not None:
        cat.update(mod.CATALOGUE)
        for lang in LANGUAGES:
            terms[lang].update(mod.TERMS.get(lang, {}))
    return cat, terms



def with_quiet_act(items: list[dict], actor, action: str | None, quiet: dict) -> list[dict]:
    """``items`` of an act whose verb is in ``quiet`` (verb -> catalogue key) and whose events
    name no act of the actor's own (a pass, a stay): a first item telling that the actor did it."""
    verb = action.split()[0] if action else None
    if verb in quiet and not any(it["args"].get("seat") == actor for it in items):
        items.insert(0, {"key": quiet[verb], "args": {"seat": actor}})
    return items

def seat_name(names, seat: int, lang: str) -> str:
    name = names[seat] if names is not None and 0 <= seat < len(names) else None
    return name or _PLAYER[lang].format(n=seat + 1)


# a seat with no colour yet (Eruption's, until its player chooses a village, in seat order) goes
# by its place in that order, never by a number
_NTH = {"en": ("First", "Second", "Third", "Fourth", "Fifth", "Sixth"),
        "it": ("Primo", "Secondo", "Terzo", "Quarto", "Quinto", "Sesto")}
_NTH_PLAYER = {"en": "{nth} player", "it": "{nth} giocatore"}


def nth_player(seat: int, lang: str) -> str:
    """A seat by its place in the seat order ("Second player")."""
    nth = _NTH[lang]
    word = nth[seat] if seat < len(nth) else (f"{seat + 1}th" if lang == "en" else f"{seat + 1}º")
    return _NTH_PLAYER[lang].format(nth=word)


_LEVELS = {"en": {"easy": "easy", "normal": "normal", "hard": "hard", "random": "random"},
           "it": {"easy": "facile", "normal": "normale", "hard": "difficile", "random": "casuale"}}
_COMPUTER = {"en": "computer", "it": "computer"}
_CONCEDED = {"en": "conceded", "it": "ha concesso"}


def seat_colour(st, seat: int):
    """The seat's colour as (English, Italian, CSS) from ``SPEC.seat_colours`` (None: the game
    has none for it, or its player has not chosen yet)."""
    colours = st.SPEC.seat_colours
    k = st.seat_colour(seat)
    return colours[k] if k is not None and k < len(colours) else None


def seat_label(st, seat: int, lang: str, name: str = "", agent: str = "", stand_in: bool = False,
               conceded: bool = False) -> str:
    """The one name a seat goes by, in ``lang``: the name its person gave, else its colour
    ("Red"), else (no colour chosen yet) its place ("First player"); a computer (``agent``: its level) adds its level ("Yellow (computer, easy)"), and a
    person's name when it stands in for one (``stand_in``).  The web table and the terminal both
    use it.  A seat whose person ``conceded`` keeps their name, marked so, even when a computer
    plays it out ("ann (conceded, computer, normal)")."""
    c = seat_colour(st, seat)
    # a computer's own seat has no person's name
    person = name if not agent or stand_in or conceded else ""
    base = person or (c[0 if lang == "en" else 1] if c else nth_player(seat, lang))
    if agent and conceded:
        return f"{base} ({_CONCEDED[lang]}, {_COMPUTER[lang]}, {_LEVELS[lang].get(agent, agent)})"
    if agent:
        return f"{base} ({_COMPUTER[lang]}, {_LEVELS[lang].get(agent, agent)})"
    return base


def picture_labels(st, labels, lang: str) -> list[str]:
    """The names a game's text picture (``render.py``) gives the seats: ``labels`` as the caller
    built them (one per seat, as ``lapilli play`` does with ``seat_label``), else each seat's
    ``seat_label`` without a person's name or a computer's level."""
    if lang not in LANGUAGES:
        raise ValueError(f"no language {lang!r}: languages are {', '.join(LANGUAGES)}")
    n = st.num_players
    if labels is None:
        return [seat_label(st, p, lang) for p in range(n)]
    labels = list(labels)
    if len(labels) != n:
        raise ValueError(f"{len(labels)} seat labels for {n} seats: give one label per seat")
    return labels


_AND = {"en": "and", "it": "e"}


def join_names(names, lang: str) -> str:
    """Names as one phrase: "Red", "Red and Blue", "Red, Blue and Green"."""
    names = list(names)
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} {_AND[lang]} {names[-1]}"


_WINNERS = {"en": ("Winner: {w}", "Winners: {w}"), "it": ("Vince {w}", "Vincono {w}")}


def winners_phrase(names, lang: str) -> str:
    """The winners of a finished game as a text picture ends with: "Winner: Red", "Winners: Red
    and Blue"."""
    names = list(names)
    return _WINNERS[lang][len(names) != 1].format(w=join_names(names, lang))


def _hook(game_id: str, name: str):
    """A function of the game's narration module (``words``, ``chance_words``), None when it has
    none: read from the module's namespace (a getattr that misses raises and catches an error,
    which cost more than the sentence it serves)."""
    mod = _module(game_id)
    return None if mod is None else vars(mod).get(name)


def _words(game_id: str, key: str, v, lang: str):
    """A component told as players see it (a card by its face, a tile by its shape), by the game's
    ``words(key, value, lang)`` (None: the value has no such words)."""
    fn = _hook(game_id, "words")
    return fn(key, v, lang) if fn is not None else None


def chance_words(game_id: str, chance: dict, lang: str) -> str | None:
    """A chance item's value (``{"kind", "name", "value"}``) as its players see it on the
    component, in ``lang``; None when the value is hidden or the game has no words for it."""
    if chance.get("value") is None:
        return None
    fn = _hook(game_id, "chance_words")
    return fn(chance, lang) if fn is not None else None


def _value(v, lang, terms, names, reader, key, game_id=None, words=None):
    """An arg of a sentence as words: a seat by its name ("you": the reader), a component by the
    game's ``words`` (``words``: that function, looked up once by the caller, else by ``game_id``),
    a term translated, a list joined."""
    if key.endswith("seat") and isinstance(v, int) and not isinstance(v, bool):
        return _YOU[lang] if v == reader else seat_name(names, v, lang)
    if words is None and game_id is not None and key:
        words = _hook(game_id, "words")
    if words is not None and key:
        w = words(key, v, lang)
        if w is not None:
            return w
    if isinstance(v, str):
        return terms.get(v, v)
    if isinstance(v, (list, tuple)):
        return ", ".join(str(_value(x, lang, terms, names, reader, "")) for x in v)
    return v


def hears(item: dict, reader: int | None) -> int | None:
    """The reader as far as ``item``'s sentence tells it apart: ``reader`` when the item names that
    seat (its subject, or any arg whose key ends in "seat", which ``sentence`` tells as "you"),
    else None, as a spectator reads it.  ``sentence(g, item, lang, names, reader)`` is
    ``sentence(g, item, lang, names, hears(item, reader))``: a sentence that names none of its
    readers is narrated once for all of them."""
    if reader is None:
        return None
    for k, v in item.get("args", {}).items():
        if v == reader and k.endswith("seat"):
            return reader
    return None


def sentence(game_id: str, item: dict, lang: str, names=None, reader: int | None = None) -> str:
    """One reading as a sentence in ``lang`` from ``reader``'s point of view (None: a spectator);
    ``names``: the display name of each seat."""
    if lang not in LANGUAGES:
        raise ValueError(f"no language {lang!r}: languages are {', '.join(LANGUAGES)}")
    cat, terms = catalogue(game_id)
    entry = cat.get(item["key"])
    if entry is None:
        raise KeyError(f"{game_id}: no sentence for {item['key']!r} in its narration catalogue")
    tpl = entry[lang]
    args = item.get("args", {})
    subject = args.get("seat")
    if isinstance(tpl, tuple):
        tpl = tpl[1] if reader is not None and subject == reader else tpl[0]
    words, t = _hook(game_id, "words"), terms[lang]
    fields = {k: _value(v, lang, t, names, reader, k, None, words) for k, v in args.items()}
    if isinstance(subject, int):
        fields["player"] = seat_name(names, subject, lang)
    return tpl.format(**fields)


def text(game_id: str, items: list[dict], lang: str, names=None, reader: int | None = None) -> str:
    """The readings of one act as one line: its sentences, each ending with a full stop."""
    return line(sentence(game_id, it, lang, names, reader) for it in items)


def line(sentences) -> str:
    """Sentences as one log line, each ending with a full stop."""
    return " ".join(s + "." for s in sentences)
