"""Tutorials: a guided first game of a game, on the real engine.

A tutorial is a data file, ``lapilli/learn/<game>.json``; writing a new chapter means writing
data, not code.  Its shape::

    {"game": "stromboli", "players": 2, "options": {}, "seed": 1, "learner": 0,
     "chapters": [{"id": "turn", "title": {"en", "it"},
                   "setup": ["place 2 b5", ...],          # actions from the seed's start
                   "steps": [{"say": {"en", "it"},        # what to do now, and why
                              "rule": {"clause": "STR-2.3", "it": "<the rulebook's words>",
                                       "en": "<their English>"},
                              "ask": ["place 4 b1"],      # the moves this step teaches
                              "why": {"en", "it"},        # why the asked move is the better one
                              "reply": ["place 1 b3", ...]}]}]}   # the scripted opponent

A step without ``ask`` is read and confirmed (a chapter's last word, the game's end).  A chapter
starts from the seed's position after its ``setup`` actions; each step starts where the previous
step's first asked move and its replies left it.  The engine judges every move: this module
only compares the learner's move with the asked ones, so the tutorial holds no rules of its own.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from lapilli.engine.errors import IllegalAction
from lapilli.engine.registry import list_games, new_game

LANGS = ("en", "it")
# where a quote's words come from: the game's rulebook as printed (Italian, with an English
# translation), or, for a rule no rulebook in the project states, the rules specification's
# English words marked as a summary (the Italian then being a translation of that summary)
SOURCES = ("rulebook", "summary")


def games() -> list[str]:
    """The games with a tutorial, in the order of ``list_games``."""
    have = {p.name[:-5] for p in resources.files(__package__).iterdir() if p.name.endswith(".json")}
    return [g for g in list_games() if g in have]


@lru_cache(maxsize=None)
def load(game: str) -> "Tutorial":
    if game not in games():
        raise KeyError(f"no tutorial for {game!r}")
    data = json.loads(resources.files(__package__).joinpath(f"{game}.json").read_text(encoding="utf-8"))
    return Tutorial(data)


@lru_cache(maxsize=None)
def rule_clauses(game: str) -> dict[str, str]:
    """The rules specification's clauses of a game (ID -> English text), as the rules panel
    shows them (``lapilli/web/rules/<game>.json``)."""
    text = resources.files("lapilli").joinpath("web", "rules", f"{game}.json").read_text(encoding="utf-8")
    return json.loads(text)["clauses"]


@dataclass
class Tutorial:
    data: dict

    def __post_init__(self):
        self._positions: dict[tuple[int, int], object] = {}  # (chapter, step) -> its state, kept

    @property
    def game(self) -> str:
        return self.data["game"]

    @property
    def learner(self) -> int:
        return self.data.get("learner", 0)

    @property
    def chapters(self) -> list[dict]:
        return self.data["chapters"]

    def step(self, chapter: int, step: int) -> dict:
        return self.chapters[chapter]["steps"][step]

    def start(self):
        d = self.data
        return new_game(self.game, d["players"], d["seed"], d.get("options") or {})

    def position(self, chapter: int, step: int):
        """The state at the start of a step (a copy of its own): the seed's start, the chapter's
        set-up, then each earlier step's first asked move and scripted replies.  Each step's
        position is replayed once and kept (a tutorial has a few dozen steps)."""
        key = (chapter, step)
        if key not in self._positions:
            self._positions[key] = self._replay(chapter, step)
        return self._positions[key].clone()

    def _replay(self, chapter: int, step: int):
        st = self.start()
        for a in self.chapters[chapter].get("setup", []):
            st.apply(a)
        for earlier in self.chapters[chapter]["steps"][:step]:
            for a in earlier.get("ask", [])[:1] + earlier.get("reply", []):
                st.apply(a)
        return st

    def after(self, chapter: int, step: int, action: str):
        """The state after the learner's (asked) move and the step's replies."""
        st = self.position(chapter, step)
        st.apply(action)
        for a in self.step(chapter, step).get("reply", []):
            st.apply(a)
        return st

    def judge(self, chapter: int, step: int, action: str) -> dict:
        """What a move is at this step: ``asked`` (the move taught), ``legal`` (allowed, but not
        what this step teaches: ``why`` says why the asked one is better) or ``illegal`` (the
        engine's refusal: the clause and its words)."""
        st = self.position(chapter, step)
        s = self.step(chapter, step)
        asked = s.get("ask", [])
        try:
            canon = _canonical(st, action)
        except IllegalAction as e:
            return {"verdict": "illegal", "rule": e.rule, "message": e.message,
                    "clause": rule_clauses(self.game).get(e.rule, "")}
        if canon in [_canonical(st, a) for a in asked]:
            return {"verdict": "asked", "action": canon}
        return {"verdict": "legal", "action": canon, "asked": asked, "why": s.get("why", {})}

    def taught(self) -> list[str]:
        """The clause IDs this tutorial teaches, in order, each once."""
        out: list[str] = []
        for ch in self.chapters:
            for s in ch["steps"]:
                c = (s.get("rule") or {}).get("clause")
                if c and c not in out:
                    out.append(c)
        return out

    def action_kinds(self) -> set[str]:
        """The first words of the moves the learner is asked to make."""
        return {a.split()[0] for ch in self.chapters for s in ch["steps"] for a in s.get("ask", [])}


def _canonical(st, action: str) -> str:
    """The legal action that ``action`` names (the engine's own matching)."""
    probe = st.clone()
    probe.apply(action)
    return probe.history[-1]


def validate(tut: Tutorial) -> list[str]:
    """Every problem of a tutorial file against the engine and the rules specification: asked
    moves legal for the learner, replies legal for the others, quoted clauses existing, both
    languages present."""
    problems: list[str] = []
    clauses = rule_clauses(tut.game)
    for ci, ch in enumerate(tut.chapters):
        where = f"chapter {ch.get('id', ci)}"
        for lang in LANGS:
            if not (ch.get("title") or {}).get(lang):
                problems.append(f"{where}: no title in {lang}")
        try:
            st = tut.position(ci, 0)
        except IllegalAction as e:
            problems.append(f"{where}: set-up refused: {e}")
            continue
        for si, s in enumerate(ch["steps"]):
            at = f"{where} step {si + 1}"
            for lang in LANGS:
                if not (s.get("say") or {}).get(lang):
                    problems.append(f"{at}: no instruction in {lang}")
            rule = s.get("rule")
            if rule:
                if rule.get("clause") not in clauses:
                    problems.append(f"{at}: clause {rule.get('clause')} is not in the rules")
                for lang in LANGS:
                    if not rule.get(lang):
                        problems.append(f"{at}: the rule's words missing in {lang}")
                if rule.get("source", "rulebook") not in SOURCES:
                    problems.append(f"{at}: the quote's source {rule.get('source')!r} is not one of {', '.join(SOURCES)}")
            asked = s.get("ask", [])
            if asked:
                if st.to_move != tut.learner:
                    problems.append(f"{at}: asks a move but seat {st.to_move} is to move")
                for a in asked:
                    if _canonical_or_none(st, a) is None:
                        problems.append(f"{at}: asked move {a!r} is not legal")
                for lang in LANGS:
                    if not (s.get("why") or {}).get(lang):
                        problems.append(f"{at}: no 'why' in {lang}")
                if problems and problems[-1].startswith(at + ": asked"):
                    break
                st.apply(asked[0])
            for a in s.get("reply", []):
                if st.to_move == tut.learner:
                    problems.append(f"{at}: reply {a!r} would move the learner's seat")
                try:
                    st.apply(a)
                except IllegalAction as e:
                    problems.append(f"{at}: reply {a!r} refused: {e}")
                    break
    return problems


def _canonical_or_none(st, action: str):
    try:
        return _canonical(st, action)
    except IllegalAction:
        return None
