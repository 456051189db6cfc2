"""The figures a designer asks of a report beyond win rates: paired differences between variants
played on the same seeds, scoring sources, how the lead went, and who played (how strong).

Pairing: game ``i`` of every variant is played on seed ``seed + i`` (`lapilli.sim.local`), so a
variant that does not change the deal gets the same deal and the same draws as the baseline, and
the chance both share cancels in the per-game difference.  The interval of a difference is then
the normal 95 % interval of the mean of the paired differences (1.96 standard errors), usually
much narrower than the interval of two independent samples of the same size (also shown).
"""
from __future__ import annotations

import math
import re
import statistics
from pathlib import Path

from ..sim.local import GameRow

Z95 = 1.959963984540054


# ---------------------------------------------------------------------------- paired differences
def paired_difference(a: list[float], b: list[float]) -> dict:
    """The mean of ``b[i] - a[i]`` with its 95 % interval; ``unpaired_half``: the half-width an
    unpaired comparison of the same games would have; ``needed``: how many paired games this
    difference needs for its interval to exclude zero (None when the difference is zero)."""
    if len(a) != len(b):
        raise ValueError("paired samples must have the same length")
    n = len(a)
    if not n:
        return {"n": 0, "mean": math.nan, "half": math.nan, "low": math.nan, "high": math.nan, "sd": math.nan,
                "unpaired_half": math.nan, "needed": None, "a_mean": math.nan, "b_mean": math.nan}
    d = [y - x for x, y in zip(a, b)]
    m = statistics.fmean(d)
    sd = statistics.stdev(d) if n > 1 else math.nan
    half = Z95 * sd / math.sqrt(n) if n > 1 else math.nan
    unpaired = Z95 * math.sqrt(statistics.variance(a) / n + statistics.variance(b) / n) if n > 1 else math.nan
    needed = None
    if m != 0 and n > 1:
        needed = max(2, math.ceil((Z95 * sd / abs(m)) ** 2))
    return {"n": n, "mean": m, "half": half, "low": m - half, "high": m + half, "sd": sd, "unpaired_half": unpaired,
            "needed": needed, "a_mean": statistics.fmean(a), "b_mean": statistics.fmean(b)}


def _win(r: GameRow, seat: int) -> float:
    return (1.0 / len(r.winners)) if seat in r.winners else 0.0


def compare_variants(va, rows_a: list[GameRow], vb, rows_b: list[GameRow]) -> dict:
    """Variant ``vb`` against ``va``, game by game: games of the same index form a pair (they
    must have been played on the same seed; ValueError otherwise); a game that failed in either
    is left out.  Measures: each seat's win share (when the player counts are equal; else seat
    0's advantage over the fair share), the mean score of the seats, the length in decisions,
    and, when recorded, the lead changes and how late the game was decided.  ``identical``: the
    pairs whose two games ended alike (the same scores, winners and length)."""
    by_index = {r.index: r for r in rows_a}
    pairs, unpaired = [], 0
    for r in rows_b:
        a = by_index.get(r.index)
        if a is None:
            unpaired += 1
            continue
        if a.seed != r.seed:
            raise ValueError(f"game {r.index} was played on seed {a.seed} in {va.label} and on seed {r.seed} in "
                             f"{vb.label}: the variants are not paired")
        if a.error or r.error:
            unpaired += 1
            continue
        pairs.append((a, r))
    unpaired += sum(1 for r in rows_a if r.index not in {b.index for b in rows_b})
    measures: dict[str, dict] = {}
    if va.players == vb.players:
        for s in range(va.players):
            measures[f"seat {s} win share"] = paired_difference([_win(a, s) for a, _ in pairs],
                                                                [_win(b, s) for _, b in pairs])
    else:
        measures["seat 0 advantage"] = paired_difference([_win(a, 0) - 1 / va.players for a, _ in pairs],
                                                         [_win(b, 0) - 1 / vb.players for _, b in pairs])
    measures["mean score"] = paired_difference([statistics.fmean(a.scores) for a, _ in pairs],
                                               [statistics.fmean(b.scores) for _, b in pairs])
    measures["length"] = paired_difference([float(a.plies) for a, _ in pairs], [float(b.plies) for _, b in pairs])
    traced = [(a, b) for a, b in pairs if a.trace and b.trace]
    if traced and len(traced) == len(pairs):
        measures["lead changes"] = paired_difference([float(a.trace["lead_changes"]) for a, _ in traced],
                                                     [float(b.trace["lead_changes"]) for _, b in traced])
        measures["decided at"] = paired_difference([float(a.trace["decided_at"]) for a, _ in traced],
                                                   [float(b.trace["decided_at"]) for _, b in traced])
    identical = sum(1 for a, b in pairs if (a.scores, a.winners, a.plies) == (b.scores, b.winners, b.plies))
    return {"pairs": len(pairs), "unpaired": unpaired, "identical": identical, "measures": measures}


# ---------------------------------------------------------------------------- sources and lead
def sources(rows: list[GameRow], lower_wins: bool = False) -> dict:
    """Per scoring source (a part of the games' score breakdown): its mean points per seat and
    game, its share of all points scored, the share of games in which the seats scored it
    differently (``apart``), and in those games how often a winner also led that source (had its
    best value among the seats, ties included)."""
    ok = [r for r in rows if not r.error and r.parts]
    names: list[str] = []
    for r in ok:
        for seat in r.parts:
            for k in seat:
                if k not in names:
                    names.append(k)
    total = sum(abs(v) for r in ok for seat in r.parts for v in seat.values())
    out = {}
    for k in names:
        pts = [seat.get(k, 0) for r in ok for seat in r.parts]
        led = apart = 0
        for r in ok:
            vals = [seat.get(k, 0) for seat in r.parts]
            if len(set(vals)) < 2:  # every seat alike: nobody led it
                continue
            apart += 1
            best = min(vals) if lower_wins else max(vals)
            led += any(vals[w] == best for w in r.winners if w < len(vals))
        out[k] = {"mean": statistics.fmean(pts) if pts else math.nan,
                  "share": sum(abs(p) for p in pts) / total if total else math.nan,
                  "apart": apart / len(ok) if ok else math.nan,
                  "winner_led": led / apart if apart else math.nan}
    return out


def lead(rows: list[GameRow]) -> dict:
    """Lead changes per game (mean, 95 % interval, share of games without one) and when games
    are decided (mean share of the decisions played when the winners took the lead for good,
    share of games decided in their last tenth)."""
    tr = [r.trace for r in rows if not r.error and r.trace]
    if not tr:
        return {}
    ch = [float(t["lead_changes"]) for t in tr]
    dec = [float(t["decided_at"]) for t in tr]
    n = len(tr)
    half = Z95 * statistics.stdev(ch) / math.sqrt(n) if n > 1 else math.nan
    dhalf = Z95 * statistics.stdev(dec) / math.sqrt(n) if n > 1 else math.nan
    return {"games": n, "changes_mean": statistics.fmean(ch), "changes_ci95": half,
            "no_change": sum(1 for x in ch if x == 0) / n, "decided_mean": statistics.fmean(dec),
            "decided_ci95": dhalf, "decided_median": statistics.median(dec),
            "late": sum(1 for x in dec if x > 0.9) / n}


# ---------------------------------------------------------------------------- who played
_DESCRIBE = {
    "random": "a uniformly random legal action: the floor of strength, no model of a person playing",
    "heuristic": "the game's heuristic player: one-ply greedy on the projected score margin "
                 "(fast; the easy level of most games)",
}
_AGENTS_DOC = Path(__file__).resolve().parents[3] / "docs" / "agents.md"


def _doc_text() -> str:
    try:
        return _AGENTS_DOC.read_text()
    except OSError:  # an installed package without the repository's docs
        return ""


def _in_range(text: str, players: int) -> bool:
    lo, _, hi = text.strip().partition("-")
    try:
        return int(lo) <= players <= int(hi or lo)
    except ValueError:
        return False


def _level_row(doc: str, game: str, level: str, players: int) -> tuple[str, str] | None:
    """(spec, why) of ``level`` at ``players`` in the game's table of docs/agents.md."""
    m = re.search(rf"^### {re.escape(game)}\s*$(.*?)(?=^### |^## )", doc, re.S | re.M)
    if not m:
        return None
    for line in m.group(1).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 4 and cells[0] == level and _in_range(cells[1], players):
            return cells[2].strip("`"), cells[3]
    return None


def _result_row(doc: str, game: str, players: int, pairing: str) -> str | None:
    """'0.617 [0.57-0.66] of 384 games at 2 players' for the row ``pairing`` (e.g. "normal vs heuristic")
    of the results table of docs/agents.md."""
    for line in doc.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 5 and cells[0] == game and cells[1] == str(players) and cells[2] == pairing:
            share = cells[3].rpartition("=")[2].strip()
            games = cells[3].partition(" of ")[2].partition(" =")[0]
            return f"{share} [{cells[4]}] of {games} games at {players} players"
    return None


def who_played(game: str, players, seats: list[str]) -> list[str]:
    """One Markdown line per agent of ``seats``: what it is and how strong, quoted from the level
    tables and tournament results of docs/agents.md (where the repository's docs are at hand).
    ``players``: a player count, or several (a level, whose spec depends on the count, then gets
    one line per count)."""
    from ..agents import parse_agent_spec
    from ..agents.levels import DEFAULT_LEVELS, level_spec

    counts = sorted(set(players)) if isinstance(players, (list, tuple, set)) else [players]
    doc = _doc_text()
    out = []
    for name in dict.fromkeys(seats):
        base = parse_agent_spec(name)[0]
        if base in DEFAULT_LEVELS:
            for p in counts:
                try:
                    spec = level_spec(base, game, p)
                except Exception:
                    spec = "?"
                row = _level_row(doc, game, base, p)
                why = f" ({row[1].rstrip('.')})" if row else ""
                strength = _result_row(doc, game, p, f"{base} vs heuristic" if base == "normal"
                                       else f"{base} vs normal" if base == "hard" else "")
                line = f"- `{name}`: the {base} level at {p} players, `{spec}`{why}"
                if spec == "heuristic" and base == "easy":
                    line += "; " + _DESCRIBE["heuristic"]
                if strength:
                    against = "heuristic" if base == "normal" else "normal"
                    line += f"; one {base} seat against {against} seats wins {strength} (docs/agents.md)"
                out.append(line + ".")
        elif base in _DESCRIBE:
            figures = [f for f in (_result_row(doc, game, p, f"normal vs {base}") for p in counts) if f]
            line = f"- `{name}`: {_DESCRIBE[base]}"
            if figures:
                line += f"; one normal seat against {base} seats wins " + ", ".join(figures) + " (docs/agents.md)"
            out.append(line + ".")
        else:
            out.append(f"- `{name}`: an agent given by its parameters (docs/agents.md), not one of the measured levels.")
    return out
