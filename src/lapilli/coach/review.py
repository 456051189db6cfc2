"""Judging decisions: the search's best move beside the move played, by expected win share.

For one decision of a seat (`judge`):

1. the strength level's search (``hard`` by default, without its time limit and without its
   ``mix`` of heuristic moves, so the budget is its iterations) chooses a move from what the seat
   sees (`agents.Decision`: determinizations of the seat's observation);
2. the candidates are the move played, the search's move and the search's most visited other
   root moves (``width`` in all besides the move played);
3. each candidate is applied to the same ``samples`` determinizations of the position, the rest
   of the seat's own turn is played by the game's heuristic player, and the result is scored by
   the level's leaf evaluator: the seat's expected share of the win (a value in [0, 1]; the win
   share itself when the game ends).  The game's projected score margin (``evaluate``) is
   recorded beside it;
4. the better move is the candidate with the highest value; the loss is its value minus the value
   of the move played, and `classify` names the move good, inaccuracy, mistake or blunder by it.

No step reads the true state of the game: every seed comes from the review's seed and the ply,
and every position the search or the judge looks at is a determinization for the seat.
"""
from __future__ import annotations

import time
from collections import Counter
from dataclasses import asdict, dataclass, field

from ..agents import Decision, make_agent
from ..agents.heuristic import game_heuristics
from ..agents.mcts import MCTSAgent, rank_by, rank_values
from ..engine import narration
from ..engine.errors import LapilliError
from ..engine.registry import replay as replay_record
from ..engine.rng import Rng
from ..engine.state import State

CLASSES = ("good", "inaccuracy", "mistake", "blunder")
THRESHOLDS = (("good", 0.03), ("inaccuracy", 0.08), ("mistake", 0.20))
"""A move is the first class whose limit its loss (in expected win share, 0..1) stays below;
a loss of 0.20 or more is a blunder."""

LANGS = ("en", "it")
TELLING_SAMPLES = 16     # determinizations a move is told from (what all agree on is certain)
TELLING_FOLLOW = 2       # readings told of what may follow
TELLING_LIKELY = 2       # continuations told, the most frequent first

REASON = {
    "en": {"win": "win chance about {v}", "against": ", against {v} if {move}",
           "lower": " (the lowest wins)"},
    "it": {"win": "probabilità di vittoria circa {v}", "against": ", contro {v} se {move}",
           "lower": " (vince il più basso)"},
}
# a change of the seat's score and of the others', in the words of the game's rulebook
# (Eruption scores temperatures)
_SCORE = {"eruption": {"en": ("your temperature {n}", "the others' temperatures {n}"),
                       "it": ("la tua temperatura {n}", "le temperature degli altri {n}")}}
_SCORE_DEFAULT = {"en": ("your score {n}", "the others' scores {n}"),
                  "it": ("il tuo punteggio {n}", "i punteggi degli altri {n}")}


def _pct(v: float) -> str:
    return f"{100 * v:.0f}%"


def _signed(x: float) -> str:
    s = f"{x:+.1f}"
    return s[:-2] if s.endswith(".0") else s


def _score_words(game: str, lang: str) -> tuple[tuple[str, str], bool]:
    from ..engine.registry import game_spec

    try:
        lower = bool(game_spec(game).lower_score_wins)
    except Exception:
        lower = False
    return _SCORE.get(game, _SCORE_DEFAULT)[lang], lower


def classify(loss: float) -> str:
    """The class of a move by the expected win share it loses against the better move."""
    for name, limit in THRESHOLDS:
        if loss < limit:
            return name
    return "blunder"


@dataclass
class Judgement:
    """The judgement of one decision of the reviewed seat."""
    ply: int                    # the action's index in the record (0 = the first action)
    seat: int
    played: str                 # notation, for programs (the board); people read the words
    best: str
    value_played: float         # the seat's expected win share after the move played
    value_best: float           # ... after the better move
    loss: float
    cls: str
    margin_played: float | None  # the game's projected score margin after each move
    margin_best: float | None
    played_text: dict = field(default_factory=dict)   # narrated, per language
    best_text: dict = field(default_factory=dict)
    legal: int = 0              # how many moves were legal
    seconds: float = 0.0        # time spent on this decision
    reason: dict = field(default_factory=dict)        # why the better move is better, per language


@dataclass
class Review:
    game: str
    seat: int
    players: int
    level: str
    spec: str                   # the search that judged (the level's spec as used)
    samples: int
    decisions: list[Judgement]
    hidden_note: str = ("Judged only from what this seat could see when it moved: every position "
                        "the search looked at was drawn afresh from the seat's view (hidden cards, "
                        "tiles, values and future draws re-sampled), never the game's true state.")

    def counts(self) -> dict:
        out = {c: 0 for c in CLASSES}
        for d in self.decisions:
            out[d.cls] += 1
        return out

    def to_json(self) -> dict:
        data = asdict(self)
        data["counts"] = self.counts()
        data["thresholds"] = dict(THRESHOLDS)
        return data

    @classmethod
    def from_json(cls, data: dict) -> "Review":
        data = dict(data)
        data.pop("counts", None)
        data.pop("thresholds", None)
        data["decisions"] = [Judgement(**d) for d in data["decisions"]]
        return cls(**data)


def _final_margin(state: State, seat: int) -> float:
    """The seat's final score minus the best other score (the other way round when the lowest
    score wins)."""
    sc = [float(x) for x in state.scores()]
    if state.SPEC.lower_score_wins:
        sc = [-x for x in sc]
    others = [x for i, x in enumerate(sc) if i != seat]
    return sc[seat] - (max(others) if others else 0.0)


class Judge:
    """The search and the leaf evaluator of a level, for one game and player count."""

    def __init__(self, game: str, players: int, level: str = "hard", iterations: int | None = None,
                 samples: int = 8, width: int = 3, seed: int = 0):
        from ..agents import parse_agent_spec
        from ..agents.levels import DEFAULT_LEVELS, level_spec

        self.game, self.players, self.level = game, players, level
        self.samples, self.width, self.seed = int(samples), int(width), int(seed)
        if self.samples < 1:
            raise LapilliError(f"samples must be at least 1, not {samples}")
        spec = level_spec(level, game, players) if level in DEFAULT_LEVELS else level
        name, params = parse_agent_spec(spec)
        if name == "mcts":      # the budget is the iterations: no time limit, no heuristic mix
            params.update(time_limit=0, mix=0)
            if iterations is not None:
                params["iterations"] = int(iterations)
            spec = "mcts:" + ",".join(f"{k}={v}" for k, v in params.items())
        self.spec = spec
        self.mod = game_heuristics(game)
        self._probe = make_agent(spec, seed=0, game=game, players=players)

    def agent(self, ply: int):
        return make_agent(self.spec, seed=(self.seed * 1_000_003 + ply) & 0x7FFFFFFF, game=self.game,
                          players=self.players)

    def evaluator(self, state: State):
        ev = getattr(self._probe, "evaluator", None)
        mod = game_heuristics(self.game, state)
        if isinstance(ev, str):
            ev = getattr(mod, ev, None)
        if not callable(ev):
            ev = getattr(mod, "values", None)
        if not callable(ev):
            ev = rank_by(mod.evaluate) if getattr(mod, "evaluate", None) else rank_values
        return ev

    # -- the pieces of a judgement ------------------------------------------------------------
    def search(self, decision: Decision, ply: int) -> list[str]:
        """The search's move first, then its most visited other root moves."""
        agent = self.agent(ply)
        best = agent.choose(decision)
        out = [best]
        root = getattr(agent, "last_root", None) if isinstance(agent, MCTSAgent) else None
        if root is not None:
            ranked = sorted(root.children.items(), key=lambda kv: -kv[1].visits)
            for a, _ in ranked:
                if len(out) >= self.width:
                    break
                if a not in out and a in decision.legal_actions:
                    out.append(a)
        return out

    def value(self, decision: Decision, move: str, ply: int) -> tuple[float, float | None]:
        """The seat's expected win share and projected margin after ``move``, averaged over the
        judge's determinizations (the same ones for every move of a decision)."""
        out = self.outcome(decision, move, ply)
        return out["value"], out["margin"]

    def outcome(self, decision: Decision, move: str, ply: int) -> dict:
        """What ``move`` does, averaged over the judge's determinizations: ``value`` (the seat's
        expected win share), ``margin`` (the projected score margin, None when the game has no
        evaluation), ``mine`` and ``others`` (how the seat's score and the other seats' total
        score change by the end of the seat's turn)."""
        seat = decision.player
        total, margin, has_margin, mine, others = 0.0, 0.0, True, 0.0, 0.0
        for k in range(self.samples):
            seed = (self.seed * 7919 + ply * 104_729 + k * 31) & 0x7FFFFFFF
            st = decision.determinize(seed, False)
            before = [float(x) for x in st.scores()]
            mod = game_heuristics(self.game, st)
            st.apply(move)
            choose = getattr(mod, "choose", None)
            rng = Rng(seed)
            steps = 0
            while not st.is_terminal and st.to_move == seat and steps < 40 and choose is not None:
                legal = st.legal_actions()
                st.apply(legal[0] if len(legal) == 1 else choose(st, legal, rng, seat))
                steps += 1
            total += float(self.evaluator(st)(st)[seat])
            after = [float(x) for x in st.scores()]
            mine += after[seat] - before[seat]
            others += sum(a - b for i, (a, b) in enumerate(zip(after, before)) if i != seat)
            ev = getattr(mod, "evaluate", None)
            if st.is_terminal:          # the final margin itself (evaluate adds a bonus for the win)
                margin += _final_margin(st, seat)
            elif ev is None:
                has_margin = False
            else:
                margin += float(ev(st, seat))
        n = self.samples
        return {"value": total / n, "margin": margin / n if has_margin else None, "mine": mine / n,
                "others": others / n}

    def words(self, decision: Decision, move: str, names: dict | None = None) -> dict:
        """The move in the game's narrated words, as the seat reads its own act: only what it
        makes certain (`telling`)."""
        return self.telling(decision, move, names)["text"]

    def telling(self, decision: Decision, move: str, names: dict | None = None,
                samples: int = TELLING_SAMPLES) -> dict:
        """``move`` told as the seat reads its own act, split into what is certain and what is
        only likely.  The move is applied to ``samples`` determinizations: the readings that
        every sample gives alike, up to the first one that differs or tells a draw, are certain
        (``text``); each sample's next readings after them are what may follow, grouped into
        ``likely`` (``{"text", "share"}``: the share of the samples that gave them, the most
        frequent first; ``reply`` when another seat acts in them, else they are an outcome such
        as a draw's or a roll's).  A draw's value is never told (it would be the sample's guess).
        ``names``: each seat's name per language as the table shows it (None: its colour, or
        its place in the seat order, from the position after the move)."""
        seat = decision.player
        runs, last = [], None
        for k in range(samples):
            st = decision.determinize(k)
            events = st.apply(move)
            runs.append(st.readings(seat, move, events, seat))
            last = st
        labels = names or {lang: [narration.seat_label(last, p, lang) for p in range(last.num_players)]
                           for lang in LANGS}
        n = 0
        while (all(len(r) > n for r in runs) and "chance" not in runs[0][n]
               and all(r[n] == runs[0][n] for r in runs)):
            n += 1
        text = self._sentences(last.game_id, runs[0][:n], labels, seat) if n else {}
        text = {lang: text.get(lang) or move for lang in LANGS}
        follow: Counter = Counter()
        told, reply = {}, {}
        for r in runs:
            rest = [it for it in r[n:] if "chance" not in it][:TELLING_FOLLOW]
            if not rest:
                continue
            words = self._sentences(last.game_id, rest, labels, seat)
            follow[words["en"]] += 1
            told[words["en"]] = words
            who = rest[0].get("args", {}).get("seat")
            reply[words["en"]] = isinstance(who, int) and who != seat    # another seat acts: a reply
        likely = [{"text": told[en], "share": round(c / samples, 3), "reply": reply[en]}
                  for en, c in follow.most_common(TELLING_LIKELY)]
        return {"text": text, "likely": likely}

    @staticmethod
    def _sentences(game_id: str, items: list, labels: dict, reader: int) -> dict:
        out = {}
        for lang in LANGS:
            parts = []
            for it in items:
                try:
                    parts.append(narration.sentence(game_id, it, lang, labels[lang], reader) + ".")
                except KeyError:            # an item the catalogue cannot word yet: left out
                    pass
            out[lang] = " ".join(parts)
        return out

    def reason(self, decision: Decision, move: str, ply: int, other: str | None, got: dict | None = None,
               other_got: dict | None = None, names: dict | None = None) -> dict:
        """Why ``move`` is suggested, per language: its win chance beside ``other``'s (the next
        best move, or the move played), and what it does to the scores by the end of the turn."""
        got = got or self.outcome(decision, move, ply)
        if other is not None and other != move:
            other_got = other_got or self.outcome(decision, other, ply)
            other_words = self.words(decision, other, names)
        out = {}
        for lang in LANGS:
            w = REASON[lang]
            parts = [w["win"].format(v=_pct(got["value"]))]
            if other is not None and other != move:
                first = other_words[lang].split(". ")[0].rstrip(".") or other  # its first sentence names it
                parts[0] += w["against"].format(v=_pct(other_got["value"]), move=first[0].lower() + first[1:])
            (mine, others), lower = _score_words(self.game, lang)
            changes = []
            if round(got["mine"], 1):
                changes.append(mine.format(n=_signed(got["mine"])))
            if round(got["others"], 1):
                changes.append(others.format(n=_signed(got["others"])))
            if changes:
                parts.append("; ".join(changes) + (w["lower"] if lower else ""))
            out[lang] = ". ".join(p[0].upper() + p[1:] for p in parts) + "."
        return out

    def judge(self, state: State, played: str, ply: int, seat: int | None = None) -> Judgement | None:
        """The judgement of ``played`` at ``state`` (None when the seat had no choice)."""
        t0 = time.perf_counter()
        decision = Decision(state, state.to_move if seat is None else seat)
        legal = decision.legal_actions
        if len(legal) <= 1:
            return None
        if played not in legal:
            raise LapilliError(f"ply {ply}: {played!r} is not a legal move there")
        cands = self.search(decision, ply)
        if played not in cands:
            cands.append(played)
        got = {m: self.outcome(decision, m, ply) for m in cands}
        vals = {m: (g["value"], g["margin"]) for m, g in got.items()}
        best = max(cands, key=lambda m: (vals[m][0], m == cands[0]))
        if vals[best][0] <= vals[played][0]:
            best = played
        loss = max(0.0, vals[best][0] - vals[played][0])
        return Judgement(ply=ply, seat=decision.player, played=played, best=best,
                         value_played=round(vals[played][0], 4), value_best=round(vals[best][0], 4),
                         loss=round(loss, 4), cls=classify(loss),
                         margin_played=None if vals[played][1] is None else round(vals[played][1], 2),
                         margin_best=None if vals[best][1] is None else round(vals[best][1], 2),
                         played_text=self.words(decision, played),
                         best_text=self.words(decision, best) if best != played else {},
                         legal=len(legal), seconds=round(time.perf_counter() - t0, 3),
                         reason=self.reason(decision, best, ply, played, got[best], got[played])
                         if best != played else {})


def judge(state: State, played: str, level: str = "hard", iterations: int | None = None, samples: int = 8,
          seed: int = 0, ply: int = 0) -> Judgement | None:
    """One decision judged (see the module docstring)."""
    j = Judge(state.SPEC.id, state.num_players, level, iterations, samples, seed=seed)
    return j.judge(state, played, ply)


def hint(state: State, seat: int | None = None, level: str = "hard", iterations: int | None = None,
         seed: int = 0, names: dict | None = None, samples: int = 4) -> dict:
    """The move the level's search suggests to ``seat`` (the seat to move by default) from what it
    sees: ``{"move", "text", "likely", "reason", "value", "other"}``: ``text`` the move in the
    seat's words, only what it makes certain; ``likely`` what the others may do or draw after it,
    each with the share of the samples that gave it; ``reason`` why, beside the search's next
    best move ``other`` (None when there is no other); ``value`` its expected win share (all
    from ``samples`` determinizations of what the seat sees).  ``names``: each seat's name per
    language as the table shows it."""
    seat = state.to_move if seat is None else seat
    if seat is None or state.to_move != seat:
        raise LapilliError("a hint is for the seat to move")
    j = Judge(state.SPEC.id, state.num_players, level, iterations, samples=samples, seed=seed)
    decision = Decision(state, seat)
    ply = len(state.history) if hasattr(state, "history") else 0
    legal = decision.legal_actions
    cands = legal[:1] if len(legal) == 1 else j.search(decision, ply)
    # the search's candidates judged as a review judges them, so that the reason and the
    # suggestion agree: the best by expected win share (the search's own choice on a tie)
    got = {m: j.outcome(decision, m, ply) for m in cands}
    ranked = sorted(cands, key=lambda m: (-got[m]["value"], cands.index(m)))
    move = ranked[0]
    other = ranked[1] if len(ranked) > 1 else None
    told = j.telling(decision, move, names)
    return {"move": move, "text": told["text"], "likely": told["likely"],
            "reason": j.reason(decision, move, ply, other, got[move], got.get(other), names=names),
            "value": round(got[move]["value"], 4), "other": other}


def review_positions(positions, game: str, players: int, seat: int, level: str = "hard",
                     iterations: int | None = None, samples: int = 8, seed: int = 0, on_step=None) -> Review:
    """A review of ``seat`` from ``positions``: (ply, state before the move, move played) for each
    of its decisions.  ``on_step(done)`` after each position (a progress bar)."""
    j = Judge(game, players, level, iterations, samples, seed=seed)
    out = []
    for ply, state, played in positions:
        got = j.judge(state, played, ply, seat)
        if got is not None:
            out.append(got)
        if on_step is not None:
            on_step(ply)
    return Review(game=game, seat=seat, players=players, level=level, spec=j.spec, samples=j.samples, decisions=out)


def seat_plies(record: dict, seat: int, data=None) -> list[int]:
    """The plies of ``record`` at which ``seat`` decided (for a progress bar's total)."""
    state = replay_record(record, upto=0, data=data)
    out = []
    for i, a in enumerate(record["actions"]):
        if state.to_move == seat:
            out.append(i)
        state.apply(a)
    return out


def decision_plies(record: dict, seat: int, data=None) -> list[int]:
    """The plies of ``record`` that a review of ``seat`` judges: its decisions with more than
    one legal move (a progress bar's steps)."""
    state = replay_record(record, upto=0, data=data)
    out = []
    for i, a in enumerate(record["actions"]):
        if state.to_move == seat and len(state.legal_actions()) > 1:
            out.append(i)
        state.apply(a)
    return out


def review(record: dict, seat: int = 0, level: str = "hard", iterations: int | None = None, samples: int = 8,
           seed: int = 0, data=None, on_step=None, plies=None) -> Review:
    """Replay ``record`` and judge every decision of ``seat`` with more than one legal move
    (``plies``: only the decisions at these indices of the record's actions)."""
    replay_record(record, data=data)        # validates the whole record first (CorruptRecord)
    state = replay_record(record, upto=0, data=data)
    if not 0 <= seat < state.num_players:
        raise LapilliError(f"no seat {seat}: seats are 0 to {state.num_players - 1}")

    def positions():
        for i, action in enumerate(record["actions"]):
            if state.to_move == seat and (plies is None or i in plies):
                yield i, state, action
            state.apply(action)

    return review_positions(positions(), state.SPEC.id, state.num_players, seat, level, iterations, samples,
                            seed, on_step)
