"""Game specifications: title, player range and typed options."""
from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Mapping

from .errors import BadOption, BadPlayerCount, said


LANGUAGES = ("en", "it")
AS_DEFAULT = object()  # OptionSpec.legacy: files that name no value were played with the default


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game: its allowed values and its default.

    ``doc`` is the technical note (clause IDs, for developers and the CLI); ``label`` and
    ``sentence`` say the same in the players' words, in every language of ``LANGUAGES``
    (``{"en": ..., "it": ...}``): a short name and one sentence of explanation.  ``value_labels``
    names the values of a choice in the players' words (``{value: {"en": ..., "it": ...}}``;
    a yes/no option needs none).

    ``legacy`` is the value a record or state file that names no value for this option was played
    with: an option added after such files were written, whose default differs from what the
    engine did before it existed, gives here the reading the engine had then (so old files replay
    as they were played)."""

    name: str
    values: tuple
    default: Any
    doc: str = ""
    label: Mapping[str, str] = field(default_factory=dict)
    sentence: Mapping[str, str] = field(default_factory=dict)
    value_labels: Mapping[Any, Mapping[str, str]] = field(default_factory=dict)
    house_rule: bool = False  # a reading of an ambiguous rule, chosen by the table (docs/games/<game>.md quotes it)
    legacy: Any = AS_DEFAULT

    def words(self) -> dict:
        """Label, sentence and value names, JSON-ready (values as their JSON text)."""
        import json

        return {
            "house_rule": self.house_rule,
            "label": dict(self.label),
            "sentence": dict(self.sentence),
            "value_labels": {json.dumps(v): dict(self.value_labels[v]) for v in self.values if v in self.value_labels},
        }

    def coerce(self, value: Any) -> Any:
        """Turn a value typed on a command line ("true", "3") into one of the allowed values."""
        if value in self.values and not (isinstance(value, bool) != isinstance(self.values[0], bool)):
            return value
        text = str(value).strip().lower()
        for v in self.values:
            if str(v).lower() == text:
                return v
            if isinstance(v, bool) and text in (("true", "yes", "on", "1") if v else ("false", "no", "off", "0")):
                return v
        allowed = ", ".join(str(v).lower() if isinstance(v, bool) else str(v) for v in self.values)
        raise BadOption(said("option_value", "option {name!r} cannot be {value!r}; allowed values: {allowed}",
                             name=self.name, value=value, allowed=allowed))


def worded(options: Mapping[str, OptionSpec], words: Mapping[str, Mapping]) -> dict[str, OptionSpec]:
    """The options with their words in the players' languages, from a game's words.json
    (``options``: name -> ``label``, ``sentence`` and, for a choice, ``values`` by each value's
    JSON text).  An option without its words is an error, named."""
    out = {}
    for name, opt in options.items():
        w = words.get(name)
        if w is None or "label" not in w or "sentence" not in w:
            raise KeyError(f"option {name!r} has no label and sentence in its game's words.json")
        values = w.get("values", {})
        out[name] = replace(opt, label=dict(w["label"]), sentence=dict(w["sentence"]),
                            value_labels={v: dict(values[json.dumps(v)]) for v in opt.values if json.dumps(v) in values})
    return out


@dataclass(frozen=True)
class GameSpec:
    """What `lapilli.game_spec(id)` returns.

    ``constraint(players, options)`` may return a message when a combination of a player count
    and options is not allowed by the rules (or None when it is); ``constraint_words`` is the
    catalogue of those messages in the players' languages (``{message: {"en": ..., "it": ...}}``),
    which the lobby shows.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    options: Mapping[str, OptionSpec] = field(default_factory=dict)
    rules_prefix: str = ""
    end_rule: str = ""
    lower_score_wins: bool = False  # True where the lowest score is best (Eruption's temperatures)
    # the players' colours, in seat order: (English name, Italian name, CSS colour) of each
    # game's own pieces; the web table shows every player's name in their colour
    seat_colours: tuple = ()
    colour_by_seat: bool = True  # False where players choose their colour in play (Eruption's villages)
    default_players: int | None = None
    constraint: Callable[[int, dict], str | None] | None = None
    constraint_words: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    # True where a player holds something the others may not see (a hand of cards, hidden
    # values): a screen shared by several players (hot-seat) hides it between their turns
    private_information: bool = False

    def check_players(self, players: Any) -> int:
        """A player count as a whole number within the game's range (None: the usual count);
        raises BadPlayerCount otherwise."""
        if players is None:
            players = self.default_players or self.min_players
        if isinstance(players, bool) or not isinstance(players, int):
            try:
                players = int(str(players))
            except ValueError:
                raise BadPlayerCount(said("players_whole", "player count must be a whole number, not {given!r}",
                                          given=players)) from None
        if not self.min_players <= players <= self.max_players:
            raise BadPlayerCount(
                said("players_range", "{title} is for {low} to {high} players, not {given}", title=self.title,
                     low=self.min_players, high=self.max_players, given=players)
                if self.min_players != self.max_players
                else said("players_exactly", "{title} is for exactly {n} players, not {given}", title=self.title,
                          n=self.min_players, given=players)
            )
        return players

    def resolve(self, players: int | None, options: Mapping[str, Any] | None = None) -> tuple[int, dict]:
        """Check a player count and options; return them with every default filled in."""
        players = self.check_players(players)
        resolved = {name: o.default for name, o in self.options.items()}
        for name, value in (options or {}).items():
            if name not in self.options:
                raise self._no_option(name)
            resolved[name] = self.options[name].coerce(value)
        if self.constraint is not None:
            msg = self.constraint(players, resolved)
            if msg:  # said in the players' languages by the game's own catalogue
                raise BadOption(said("option_constraint", "{message}", message=msg,
                                     message_it=self.constraint_words.get(msg, {}).get("it", msg)))
        return players, resolved

    def _no_option(self, name) -> BadOption:
        known = ", ".join(self.options) or said("options_none", "none")
        return BadOption(said("option_unknown", "{title} has no option {name!r}; its options: {known}",
                              title=self.title, name=name, known=known))

    def saved_options(self, options: Mapping[str, Any]) -> dict:
        """The options of a game read from a record or state file: those it names, and every option
        it does not name (one added after the file was written) at the value such games were played
        with (``OptionSpec.legacy``, else the default)."""
        out = dict(options)
        for name, o in self.options.items():
            if name not in out:
                out[name] = o.default if o.legacy is AS_DEFAULT else o.legacy
        return out

    def configurations(self, players: int) -> list[dict]:
        """Every allowed combination of option values for a player count."""
        names = list(self.options)
        out = []
        for combo in itertools.product(*(self.options[n].values for n in names)):
            opts = dict(zip(names, combo))
            if self.constraint is None or not self.constraint(players, opts):
                out.append(opts)
        return out

    def choices(self, players: int, options: Mapping[str, Any] | None = None) -> dict:
        """For a form being filled in: which player counts and option values may be chosen with the
        rest as it is.  ``{"players": {n: reason or None}, "options": {name: {value JSON: reason or
        None}}, "words": {reason: {language: text}}}``; the reason is the rules' own message
        (``constraint``), "words" tells it in each language of ``constraint_words``."""
        import json

        players = self.check_players(players)
        current = {n: o.default for n, o in self.options.items()}
        for name, value in (options or {}).items():
            if name not in self.options:
                raise self._no_option(name)
            current[name] = self.options[name].coerce(value)
        out = {"players": {}, "options": {}}
        for n in range(self.min_players, self.max_players + 1):
            out["players"][n] = self.constraint(n, current) if self.constraint else None
        for name, o in self.options.items():
            out["options"][name] = {}
            for v in o.values:
                trial = dict(current, **{name: v})
                out["options"][name][json.dumps(v)] = self.constraint(players, trial) if self.constraint else None
        # each reason given, in every language of its catalogue (the lobby shows the reader's)
        reasons = {r for r in out["players"].values() if r}
        reasons |= {r for vals in out["options"].values() for r in vals.values() if r}
        out["words"] = {r: dict(self.constraint_words.get(r, {"en": r})) for r in sorted(reasons)}
        return out

    def describe(self) -> dict:
        return {
            "id": self.id,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "default_players": self.default_players or self.min_players,
            "lower_score_wins": self.lower_score_wins,
            "seat_colours": [{"en": c[0], "it": c[1], "css": c[2]} for c in self.seat_colours],
            "colour_by_seat": self.colour_by_seat,
            "private_information": self.private_information,
            "options": {
                n: {"values": list(o.values), "default": o.default, "doc": o.doc, **o.words()}
                for n, o in self.options.items()
            },
        }
