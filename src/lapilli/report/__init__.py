"""Balance reports: win rate by seat, scores, game length, endings and special events, compared
across variants (option sets or player counts), as Markdown with PNG plots (matplotlib, Agg).

    from lapilli.report import Variant, analyse, write_report
    rows = ...  # GameRow list per variant (lapilli.sim.run_games or lapilli.sim.read_rows)
    write_report("nim", [(Variant("pile=15", 2, {"pile": 15}), rows)], "reports/nim", command="...")

``state.stats()`` (optional in a game; one dict of numbers or strings per finished game, kept in
`GameRow.stats`) feeds the last section: a string-valued stat (e.g. ``"ending": "volcano"``) is
shown as how often each value occurs; a number-valued one (e.g. ``"squid_attacks": 2``) as the
share of games in which it is not zero and its mean per game.
"""
from __future__ import annotations

import math
import statistics
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from ..sim.local import GameRow, cap_reached, wilson
from .balance import compare_variants, lead, paired_difference, sources, who_played  # noqa: F401  (paired_difference: read as lapilli.report.paired_difference)

Z95 = 1.959963984540054


@dataclass
class Variant:
    """One set-up of a game in a report: a player count, options, and where they differ from
    the report's, the agents of the seats (``seats``, as ``--seats`` names them) and the data
    set (``data``, as ``--data`` names it).  ``max_plies``: the decisions after which its games
    were stopped if they had not ended (None: not recorded)."""

    label: str
    players: int
    options: dict = field(default_factory=dict)
    seats: str | None = None
    data: str | None = None
    games: int | None = None
    max_plies: int | None = None


def _fmt(v) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def parse_compare(items: Sequence[str], players: int, options: dict) -> list[Variant]:
    """Variants for a report: the baseline (``players``, ``options``) then one per ``--compare``
    item.  An item is ``key=value[,key=value...]``; the key ``players`` sets the player count,
    ``seats`` the agents (one name for every seat, or one per seat separated by ``/``), ``data``
    the data set, ``games`` how many games (the first of the baseline's seeds; for expensive
    players), every other key a game option, on top of the baseline."""
    base = Variant(_label(players, options, {}, players), players, dict(options))
    out = [base]
    for item in items:
        p, opts, changed, seats, data, n = players, dict(options), {}, None, None, None
        for part in _compare_parts(item):
            k, eq, v = part.partition("=")
            if not eq or not k.strip():
                raise ValueError(f"--compare {item!r}: each part must look like key=value")
            k, v = k.strip(), v.strip()
            if k == "players":
                try:
                    p = int(v)
                except ValueError:
                    raise ValueError(f"--compare {item!r}: players must be a whole number") from None
            elif k == "seats":
                seats = v.replace("/", ",")
            elif k == "data":
                data = v
            elif k == "games":
                try:
                    n = int(v)
                except ValueError:
                    n = 0
                if n < 1:
                    raise ValueError(f"--compare {item!r}: games must be a whole number above 0")
            else:
                opts[k] = v
            changed[k] = v
        out.append(Variant(", ".join(f"{k}={v}" for k, v in changed.items()), p, opts, seats, data, n))
    return out


def _compare_parts(item: str) -> list[str]:
    """``key=value`` parts of a ``--compare`` item; an agent parameter after ``seats=...``
    continues that agent's spec (``seats=normal:time_limit=0,iterations=50``)."""
    out: list[str] = []
    for piece in filter(None, (x.strip() for x in item.split(","))):
        if out and out[-1].startswith("seats=") and piece.partition("=")[0].strip() in _AGENT_PARAMS:
            out[-1] += "," + piece
        else:
            out.append(piece)
    return out


_AGENT_PARAMS = ("iterations", "time_limit", "c", "rollout_depth", "policy", "evaluator", "prior", "order", "widen",
                 "alpha", "max_depth", "settle", "settle_cap", "chance", "prune", "ensemble", "mix", "final", "terminal_bonus",
                 "min_visits")


def _label(players: int, options: dict, changed: dict, base_players: int) -> str:
    return "baseline"


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    if not n:
        return math.nan, math.nan
    m = sum(xs) / n
    if n < 2:
        return m, math.nan
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, Z95 * math.sqrt(var / n)


def _quantile(xs: list[float], q: float) -> float:
    if not xs:
        return math.nan
    s = sorted(xs)
    pos = (len(s) - 1) * q
    lo, hi = math.floor(pos), math.ceil(pos)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def _is_number(v) -> bool:
    return isinstance(v, (int, float)) and not (isinstance(v, float) and math.isnan(v))


def analyse(rows: list[GameRow], players: int, lower_wins: bool = False) -> dict:
    """The numbers of one variant's report section (``lower_wins``: the lower score is best,
    which decides who led a scoring source), over the games that ended: a game that crashed
    (``errors``) or was stopped by the decision cap (``did_not_end``) is counted, and left out of
    everything else."""
    ok = [r for r in rows if not r.error]
    n = len(ok)
    capped = [r for r in rows if r.did_not_end]
    seats = []
    for s in range(players):
        wins = [(1.0 / len(r.winners)) if s in r.winners else 0.0 for r in ok]
        share, ci = _mean_ci(wins)
        lo, hi = wilson(share, len(wins))
        sc = [float(r.scores[s]) for r in ok if s < len(r.scores)]
        seats.append({
            "seat": s, "win_share": share, "ci95": ci, "ci_low": lo, "ci_high": hi,
            "score_mean": statistics.fmean(sc) if sc else math.nan,
            "score_sd": statistics.stdev(sc) if len(sc) > 1 else math.nan,
            "score_median": statistics.median(sc) if sc else math.nan,
            "score_min": min(sc) if sc else math.nan, "score_max": max(sc) if sc else math.nan,
            "scores": sc,
        })
    plies = [float(r.plies) for r in ok]
    pm, pci = _mean_ci(plies)
    # stats: numbers -> how often non-zero and the mean; strings -> frequency of each value
    keys = sorted({k for r in ok for k in (r.stats or {})})
    numeric, categorical = {}, {}
    for k in keys:
        vals = [r.stats.get(k) for r in ok]
        present = [v for v in vals if v is not None]
        if present and all(_is_number(v) or isinstance(v, bool) for v in present):
            xs = [float(v) if v is not None else 0.0 for v in vals]
            k_hit = sum(1 for x in xs if x != 0)
            lo, hi = wilson(k_hit / len(xs), len(xs)) if xs else (math.nan, math.nan)
            numeric[k] = {"share": k_hit / len(xs) if xs else math.nan, "lo": lo, "hi": hi,
                          "mean": statistics.fmean(xs) if xs else math.nan, "max": max(xs) if xs else math.nan}
        else:
            counts: dict[str, int] = {}
            for v in vals:
                key = "(none)" if v is None else _fmt(v)
                counts[key] = counts.get(key, 0) + 1
            categorical[k] = {v: c / n for v, c in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))}
    ties = sum(1 for r in ok if len(r.winners) > 1)
    return {
        "games": len(rows), "errors": sum(r.crashed for r in rows), "did_not_end": len(capped),
        "caps": sorted({c for c in (cap_reached(r.error) for r in capped) if c is not None}),
        "seats": seats, "plies": plies,
        "plies_mean": pm, "plies_ci95": pci,
        "plies_sd": statistics.stdev(plies) if len(plies) > 1 else math.nan,
        "plies_median": statistics.median(plies) if plies else math.nan,
        "plies_p5": _quantile(plies, 0.05), "plies_p95": _quantile(plies, 0.95),
        "ties": ties / n if n else math.nan,
        "seconds_mean": statistics.fmean([r.seconds for r in rows]) if rows else math.nan,
        "numeric": numeric, "categorical": categorical,
        "sources": sources(rows, lower_wins), "lead": lead(rows),
        "error_samples": [f"game {r.index} (seed {r.seed}): {r.error}" for r in rows if r.crashed][:5],
        "did_not_end_samples": [f"game {r.index} (seed {r.seed})" for r in capped][:5],
    }


# ---------------------------------------------------------------------------- plots
def _plt():
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    return plt


def _plot_winrate(results, path: Path, title: str) -> None:
    plt = _plt()
    maxp = max(v.players for v, _ in results)
    # a readable width whatever the number of variants (the bars get thinner), the legend beside
    fig, ax = plt.subplots(figsize=(min(13.0, max(6.0, 1.2 * maxp * len(results) ** 0.5 + 3)), 4.5))
    width = 0.8 / len(results)
    for k, (v, a) in enumerate(results):
        xs = [s["seat"] + (k - (len(results) - 1) / 2) * width for s in a["seats"]]
        ys = [s["win_share"] for s in a["seats"]]
        err = [[0 if math.isnan(s["ci_low"]) else max(0.0, s["win_share"] - s["ci_low"]) for s in a["seats"]],
               [0 if math.isnan(s["ci_high"]) else max(0.0, s["ci_high"] - s["win_share"]) for s in a["seats"]]]
        # twenty colours before one repeats (the default cycle has ten; a report may have fifteen variants)
        colour = plt.get_cmap("tab20")(k % 20) if len(results) > 10 else None
        ax.bar(xs, ys, width, yerr=err, capsize=3, label=v.label, color=colour)
    for p in sorted({v.players for v, _ in results}):
        ax.axhline(1 / p, color="grey", linestyle="--", linewidth=1)
        # named at the right edge, outside the bars: the fair share of p players
        ax.text(1.005, 1 / p, f"1/{p}", transform=ax.get_yaxis_transform(), va="center", ha="left", fontsize=8,
                color="grey")
    ax.set_xlim(-0.5, maxp - 0.5)
    ax.set_xticks(range(maxp))
    ax.set_xticklabels([f"seat {i}" for i in range(maxp)])
    ax.set_ylabel("win share (95 % CI; dashed: the fair share)")
    ax.set_title(title)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.05, 1.0), borderaxespad=0)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _plot_scores(results, path: Path, title: str) -> None:
    plt = _plt()
    # at most five panels a row, as many rows as it takes (a row of fifteen would be unreadable)
    cols = min(5, len(results))
    rows = -(-len(results) // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(max(5, 3.2 * cols), 0.5 + 3.2 * rows), squeeze=False, sharey=True)
    for ax in axes.flat[len(results):]:
        ax.set_visible(False)
    for ax, (v, a) in zip(axes.flat, results):
        data = [s["scores"] or [math.nan] for s in a["seats"]]
        ax.boxplot(data, showfliers=False)
        ax.set_xticks(range(1, len(data) + 1))
        ax.set_xticklabels([str(i) for i in range(len(data))])
        ax.set_xlabel("seat")
        ax.set_title(textwrap.fill(v.label, 32), fontsize=9)
    for row in axes:
        row[0].set_ylabel("final score")
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _plot_length(results, path: Path, title: str) -> None:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7, 4))
    allp = [x for _, a in results for x in a["plies"]]
    if allp:
        lo, hi = min(allp), max(allp)
        bins = min(60, max(5, int(hi - lo) + 1))
        for v, a in results:
            if a["plies"]:
                ax.hist(a["plies"], bins=bins, range=(lo, hi + 1), histtype="step", density=True, linewidth=1.5,
                        label=f"{v.label} (mean {a['plies_mean']:.1f})")
        ax.legend(fontsize=8)
    ax.set_xlabel("game length (decisions)")
    ax.set_ylabel("share of games")
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _plot_events(results, path: Path, title: str) -> bool:
    numeric = sorted({k for _, a in results for k in a["numeric"]})
    categorical = sorted({k for _, a in results for k in a["categorical"]})
    if not numeric and not categorical:
        return False
    plt = _plt()
    cats = [(k, val) for k in categorical for val in sorted({x for _, a in results for x in a["categorical"].get(k, {})})]
    panels = [p for p in (("numeric", numeric), ("categorical", cats)) if p[1]]
    fig, axes = plt.subplots(1, len(panels), figsize=(6 * len(panels), 4 + 0.15 * max(len(numeric), len(cats))),
                             squeeze=False)
    height = 0.8 / len(results)
    for ax, (kind, items) in zip(axes[0], panels):
        for k, (v, a) in enumerate(results):
            ys = [i + (k - (len(results) - 1) / 2) * height for i in range(len(items))]
            if kind == "numeric":
                d = [a["numeric"].get(name, {}) for name in items]
                xs = [x.get("share", 0.0) for x in d]
                lo = [max(0.0, x.get("share", 0.0) - x.get("lo", x.get("share", 0.0))) for x in d]
                hi = [max(0.0, x.get("hi", x.get("share", 0.0)) - x.get("share", 0.0)) for x in d]
                ax.barh(ys, xs, height, xerr=[lo, hi], capsize=2, label=v.label)
            else:
                xs = [a["categorical"].get(name, {}).get(val, 0.0) for name, val in items]
                ax.barh(ys, xs, height, label=v.label)
        ax.set_yticks(range(len(items)))
        ax.set_yticklabels(items if kind == "numeric" else [f"{n} = {val}" for n, val in items], fontsize=8)
        ax.invert_yaxis()
        ax.set_xlim(0, 1)
        ax.set_xlabel("share of games in which it happens" if kind == "numeric" else "share of games")
        ax.set_title("special events" if kind == "numeric" else "endings and outcomes", fontsize=10)
        ax.legend(fontsize=8)
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return True


# ---------------------------------------------------------------------------- markdown
def _n(x, d=3) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    return f"{x:.{d}f}"


def write_report(game: str, results: list[tuple[Variant, list[GameRow]]], out_dir: Path | str,
                 title: str | None = None, command: str | None = None, seats: Sequence[str] | None = None,
                 sources: Sequence[str] | None = None) -> Path:
    """Write ``out_dir/report.md`` and its PNG plots; returns the Markdown file's path."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    title = title or game
    try:
        from ..engine.registry import game_spec

        spec = game_spec(game)
        defaults = {n: o.default for n, o in spec.options.items()}
        lower_wins = bool(getattr(spec, "lower_score_wins", False))
    except Exception:  # a report from files of a game not installed here
        defaults, lower_wins = {}, False
    analysed = [(v, analyse(rows, v.players, lower_wins)) for v, rows in results]
    L: list[str] = [f"# Balance report: {title}", ""]
    if command:
        L += ["Generated by:", "", "```", command, "```", ""]
    L += ["## Set-ups", ""]
    if defaults:
        L += ["Options are shown where they differ from the game's defaults.", ""]
    L += ["| variant | players | options | games | errors | did not end | seats | mean time per game |",
          "|---|---:|---|---:|---:|---:|---|---:|"]
    for (v, a), (_, rows) in zip(analysed, results):
        shown = {k: x for k, x in v.options.items() if k not in defaults or str(defaults[k]).lower() != str(x).lower()}
        opts = ", ".join(f"{k}={_fmt(x)}" for k, x in sorted(shown.items())) or "defaults"
        lineups = sorted({" / ".join(r.lineup) for r in rows if r.lineup})
        seat_text = "; ".join(lineups[:3]) + (" ..." if len(lineups) > 3 else "") if lineups else (
            ", ".join(seats) if seats else "-")
        L.append(f"| {v.label} | {v.players} | {opts} | {a['games']} | {a['errors']} | {a['did_not_end']} | {seat_text} | "
                 f"{_n(a['seconds_mean'] * 1e3, 2)} ms |")
    if sources:
        L += ["", "Data: " + ", ".join(f"`{s}`" for s in sources)]
    L += ["", _cap_sentence(analysed)]
    L += ["", "Win shares count a tie among k winners as 1/k to each; win-share intervals are 95 % Wilson "
          "score intervals; other intervals are 95 % normal intervals of the mean (1.96 standard errors).", ""]
    L += _who_played_section(game, results)
    L += _seat_advantage_section(analysed)

    _plot_winrate(analysed, out / "winrate.png", f"{title}: win share by seat")
    L += ["## Win rate by seat", "", "![win share by seat](winrate.png)", ""]
    maxp = max(v.players for v, _ in analysed)
    L.append("| variant | fair share | " + " | ".join(f"seat {i}" for i in range(maxp)) + " | ties |")
    L.append("|---|---:|" + "---:|" * maxp + "---:|")
    for v, a in analysed:
        cells = [f"{_n(s['win_share'])} [{_n(s['ci_low'])}, {_n(s['ci_high'])}]" for s in a["seats"]] + [""] * (maxp - v.players)
        L.append(f"| {v.label} | {_n(1 / v.players)} | " + " | ".join(cells) + f" | {_n(a['ties'])} |")
    L.append("")
    first = [(v, a) for v, a in analysed if a["seats"] and not math.isnan(a["seats"][0]["win_share"])]
    for v, a in first:
        s0 = a["seats"][0]
        adv = s0["win_share"] - 1 / v.players
        fair = 1 / v.players
        sig = not (s0["ci_low"] <= fair <= s0["ci_high"]) if not math.isnan(s0["ci_low"]) else False
        L.append(f"- {v.label}: first-seat advantage {adv:+.3f} over the fair share "
                 f"(the fair share is {'outside' if sig else 'within'} seat 0's 95 % interval).")
    L.append("")

    _plot_scores(analysed, out / "scores.png", f"{title}: final scores by seat")
    L += ["## Score distributions", ""]
    if lower_wins:
        L += ["In this game the lower score wins.", ""]
    L += ["![final scores by seat](scores.png)", "",
          "| variant | seat | mean | sd | median | min | max |", "|---|---:|---:|---:|---:|---:|---:|"]
    for v, a in analysed:
        for s in a["seats"]:
            L.append(f"| {v.label} | {s['seat']} | {_n(s['score_mean'], 2)} | {_n(s['score_sd'], 2)} | "
                     f"{_n(s['score_median'], 1)} | {_n(s['score_min'], 1)} | {_n(s['score_max'], 1)} |")
    L.append("")

    _plot_length(analysed, out / "length.png", f"{title}: game length")
    L += ["## Game length", "", "Decisions per game (every action of every seat).", "", "![game length](length.png)",
          "", "| variant | mean ± 95 % CI | sd | median | 5 % | 95 % |", "|---|---:|---:|---:|---:|---:|"]
    for v, a in analysed:
        L.append(f"| {v.label} | {_n(a['plies_mean'], 1)} ± {_n(a['plies_ci95'], 1)} | {_n(a['plies_sd'], 1)} | "
                 f"{_n(a['plies_median'], 1)} | {_n(a['plies_p5'], 1)} | {_n(a['plies_p95'], 1)} |")
    L.append("")

    L += _sources_section(analysed, lower_wins)
    L += _lead_section(analysed)
    L += _comparison_sections(results, defaults, out, title)
    L += ["## Endings and special events", ""]
    if _plot_events(analysed, out / "events.png", f"{title}: endings and special events"):
        L += ["From the game's `stats()` per finished game.", "", "![endings and special events](events.png)", ""]
        cat_keys = sorted({k for _, a in analysed for k in a["categorical"]})
        for k in cat_keys:
            values = sorted({x for _, a in analysed for x in a["categorical"].get(k, {})})
            L += [f"**{k}** (share of games)", "", "| variant | " + " | ".join(values) + " |",
                  "|---|" + "---:|" * len(values)]
            for v, a in analysed:
                L.append(f"| {v.label} | " + " | ".join(_n(a["categorical"].get(k, {}).get(x, 0.0)) for x in values) + " |")
            L.append("")
        num_keys = sorted({k for _, a in analysed for k in a["numeric"]})
        if num_keys:
            L += ["Share of games in which each event happens (value not zero), with its 95 % Wilson interval.", "",
                  "| event | variant | share of games [95 % CI] | mean per game | max |", "|---|---|---:|---:|---:|"]
            for k in num_keys:
                for v, a in analysed:
                    d = a["numeric"].get(k)
                    if d:
                        L.append(f"| {k} | {v.label} | {_n(d['share'])} [{_n(d['lo'])}, {_n(d['hi'])}] | {_n(d['mean'], 2)} | "
                                 f"{_n(d['max'], 0)} |")
            L.append("")
    else:
        L += ["This game reports no per-game statistics (`stats()`), so there is nothing to show here.", ""]
    errs = [(v, a) for v, a in analysed if a["errors"]]
    capped = [(v, a) for v, a in analysed if a["did_not_end"]]
    if errs or capped:
        L += ["## Errors and games that did not end", ""]
        if errs:
            L += ["Games that crashed:", ""]
            for v, a in errs:
                L.append(f"- {v.label}: {a['errors']} games failed; e.g. " + "; ".join(a["error_samples"]))
            L.append("")
        if capped:
            L += ["Games stopped by the decision cap before they ended:", ""]
            for v, a in capped:
                L.append(f"- {v.label}: {a['did_not_end']} games did not end {_within(_cap_of(v, a))}; e.g. "
                         + "; ".join(a["did_not_end_samples"]))
            L.append("")
    path = out / "report.md"
    path.write_text("\n".join(L))
    return path


def _cap_of(v: Variant, a: dict) -> int | None:
    """The decision cap of a variant's games: as recorded with them, else as the message of a
    game it stopped states it (None: unknown)."""
    if v.max_plies:
        return int(v.max_plies)
    return a["caps"][0] if len(a["caps"]) == 1 else None


def _within(cap: int | None) -> str:
    return f"within {cap:,} decisions" if cap else "within the decision cap (not recorded with these games)"


def _cap_sentence(analysed) -> str:
    """The decision cap and how many games of each variant it stopped."""
    caps = [(v.label, _cap_of(v, a)) for v, a in analysed]
    if len({cap for _, cap in caps}) == 1:
        cap = caps[0][1]
        cap_text = f"after {cap:,} decisions" if cap else "after the decision cap (not recorded with these games)"
    else:
        cap_text = "after the decision cap (" + ", ".join(
            f"{label}: {cap:,}" if cap else f"{label}: not recorded" for label, cap in caps) + ")"
    counts = ", ".join(f"{v.label} {a['did_not_end']}" for v, a in analysed)
    return (f"A game still going {cap_text} was stopped (`--max-plies`) and counted as a game that did not end; "
            "such games, like games that crashed, are left out of the win shares, scores, lengths and every figure "
            f"below. Games that did not end: {counts}.")


# ---------------------------------------------------------------------------- designers' sections
def _seats_of(rows: list[GameRow]) -> list[str]:
    for r in rows:
        if r.lineup:
            return list(r.lineup)
    return []


def _who_played_section(game: str, results) -> list[str]:
    L = ["## Who played", ""]
    counts: dict[str, list[int]] = {}  # agent -> the player counts it played at
    for v, rows in results:
        for name in _seats_of(rows):
            counts.setdefault(name, [])
            if v.players not in counts[name]:
                counts[name].append(v.players)
    lines: list[str] = []
    for name, ps in counts.items():
        lines += who_played(game, ps, [name])
    if not lines:
        return []
    L += lines
    L += ["", "Random players are a floor, not a model of people: where their answers differ from the skilled "
          "players' (see the skill table below), trust the skilled ones.", ""]
    return L


def _same_but(v: Variant, base: Variant, *keys: str) -> bool:
    """Whether ``v`` differs from ``base`` at most in ``keys`` (players, options, seats, data)."""
    fields = {"players": (v.players, base.players), "options": (v.options, base.options),
              "seats": (v.seats, base.seats), "data": (v.data, base.data)}
    return all(a == b for k, (a, b) in fields.items() if k not in keys)


def _seat_advantage_section(analysed) -> list[str]:
    if not analysed:
        return []
    base = analysed[0][0]
    rows = [(v, a) for v, a in analysed if _same_but(v, base, "players") and a["seats"]]
    rows.sort(key=lambda x: x[0].players)
    L = ["## Seat advantage by player count", "",
         "The baseline's players and options at every player count the report plays.", "",
         "| players | variant | fair share | seat 0 win share [95 % CI] | best seat | worst seat | spread (best - worst) |",
         "|---:|---|---:|---:|---|---|---:|"]
    for v, a in rows:
        ss = a["seats"]
        s0 = ss[0]
        best = max(ss, key=lambda s: s["win_share"])
        worst = min(ss, key=lambda s: s["win_share"])
        L.append(f"| {v.players} | {v.label} | {_n(1 / v.players)} | {_n(s0['win_share'])} [{_n(s0['ci_low'])}, "
                 f"{_n(s0['ci_high'])}] | seat {best['seat']} ({_n(best['win_share'])}) | seat {worst['seat']} "
                 f"({_n(worst['win_share'])}) | {_n(best['win_share'] - worst['win_share'])} |")
    L.append("")
    return L


def _sources_section(analysed, lower_wins: bool) -> list[str]:
    if not any(a["sources"] for _, a in analysed):
        return []
    base = analysed[0][0]
    shown = [(v, a) for v, a in analysed if a["sources"] and _same_but(v, base, "players", "seats")]
    L = ["## Scoring sources", "",
         "Each source is a part of the final score as the rulebook adds it up (the game's score breakdown). "
         "Share: its part of all points scored (absolute values); apart: the share of games in which the seats "
         "scored it differently; winner led: in those games, how often a winner also had "
         f"the {'lowest' if lower_wins else 'best'} value of that source among the seats (ties included). "
         "A source the winner nearly always leads decides games; a large share that winners do not lead "
         "more often than the others is scored by everyone alike. Shown for the baseline's options at each "
         "player count and with each set of players.", "",
         "| variant | source | mean points per seat | share of the score | apart | winner led it |",
         "|---|---|---:|---:|---:|---:|"]
    for v, a in shown:
        for k, d in sorted(a["sources"].items(), key=lambda kv: -(kv[1]["share"] or 0)):
            L.append(f"| {v.label} | {k} | {_n(d['mean'], 2)} | {_n(d['share'])} | {_n(d['apart'])} | "
                     f"{_n(d['winner_led'])} |")
    L.append("")
    return L


def _lead_section(analysed) -> list[str]:
    if not any(a["lead"] for _, a in analysed):
        return []
    L = ["## Lead changes and how late games are decided", "",
         "The leaders are the seats with the best score after each decision. A lead change: the lead passes from "
         "one seat leading alone to another. Decided at: the share of the game's decisions played when the "
         "final winners took the lead for good (1.0 = decided by the last decision); late: decided in the last "
         "tenth of the game.", "",
         "| variant | lead changes per game ± 95 % CI | games without a lead change | decided at (mean ± 95 % CI) "
         "| decided at (median) | decided late |", "|---|---:|---:|---:|---:|---:|"]
    for v, a in analysed:
        d = a["lead"]
        if d:
            L.append(f"| {v.label} | {_n(d['changes_mean'], 2)} ± {_n(d['changes_ci95'], 2)} | {_n(d['no_change'])} | "
                     f"{_n(d['decided_mean'])} ± {_n(d['decided_ci95'])} | {_n(d['decided_median'])} | {_n(d['late'])} |")
    L.append("")
    return L


def _diff_cell(d: dict, digits: int = 3) -> str:
    return f"{d['mean']:+.{digits}f} [{d['low']:+.{digits}f}, {d['high']:+.{digits}f}]" if d["n"] > 1 else "-"


def _needed(d: dict) -> str:
    """The games a difference needs, for a table: '-' for no difference, a ceiling past a million."""
    n = d["needed"]
    if n is None:
        return "-"
    return "> 1,000,000" if n > 1_000_000 else f"{n:,}"


def _clear(d: dict) -> bool:
    return d["n"] > 1 and not math.isnan(d["half"]) and (d["low"] > 0 or d["high"] < 0)


def _plot_paired(comps, path: Path, title: str) -> bool:
    """Forest plot: each variant's paired difference from the baseline in seat 0's win share
    (its advantage over the fair share when the player counts differ) and in length."""
    rows = [(v, c) for v, c in comps if "error" not in c and c["pairs"] > 1]
    if not rows:
        return False
    plt = _plt()
    fig, axes = plt.subplots(1, 2, figsize=(11, 1.2 + 0.35 * len(rows)), squeeze=False)
    for ax, (name, xlabel) in zip(axes[0], (("seat 0", "seat 0 win share (or advantage): variant - baseline"),
                                            ("length", "game length (decisions): variant - baseline"))):
        ys, xs, err = [], [], []
        for k, (v, c) in enumerate(rows):
            d = next(d for key, d in c["measures"].items() if key.startswith(name))
            ys.append(k)
            xs.append(d["mean"])
            err.append(0.0 if math.isnan(d["half"]) else d["half"])
        ax.errorbar(xs, ys, xerr=err, fmt="o", capsize=3)
        ax.axvline(0, color="grey", linestyle="--", linewidth=1)
        ax.set_yticks(range(len(rows)))
        ax.set_yticklabels([v.label for v, _ in rows], fontsize=8)
        ax.invert_yaxis()
        ax.set_xlabel(xlabel, fontsize=9)
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return True


def _comparison_sections(results, defaults: dict, out: Path | None = None, title: str = "") -> list[str]:
    if len(results) < 2:
        return []
    (vb, rb), rest = results[0], results[1:]
    comps = []
    for v, rows in rest:
        try:
            comps.append((v, compare_variants(vb, rb, v, rows)))
        except ValueError as e:  # outputs read with --from, played on other seeds
            comps.append((v, {"error": str(e)}))
    L = ["## Paired comparisons", "",
         "Every variant was played on the baseline's seeds (game i on seed + i), so a variant that does not "
         "change the deal gets the same deal and the same draws; each difference is the mean of the per-game "
         "differences (variant - baseline) with its 95 % interval. Unpaired: the half-width the same games "
         "would give as two independent samples. Games needed: how many paired games this difference needs "
         "for its interval to exclude zero.", "",
         ]
    if out is not None and _plot_paired(comps, out / "paired.png", f"{title}: paired differences from the baseline"):
        L += ["![paired differences](paired.png)", ""]
    L += ["| variant | measure | baseline | variant | difference [95 % CI] | unpaired ± | games needed |",
          "|---|---|---:|---:|---:|---:|---:|"]
    for v, c in comps:
        if "error" in c:
            L.append(f"| {v.label} | not paired: {c['error']} | | | | | |")
            continue
        for name, d in c["measures"].items():
            dig = 3 if "win" in name or "advantage" in name or "decided" in name else 2
            L.append(f"| {v.label} | {name} | {_n(d['a_mean'], dig)} | {_n(d['b_mean'], dig)} | {_diff_cell(d, dig)} | "
                     f"{_n(d['unpaired_half'], dig)} | {_needed(d)} |")
    L.append("")
    rules = [(v, c) for v, c in comps if "error" not in c and _same_but(v, vb, "options", "data")]
    if rules:
        L += ["## House rules and data sets", "",
              "Each option or data set against the baseline, paired, with the same players: the shift of the first "
              "seat's win share, of the length, of the lead changes and of how late games are decided. **Bold**: the "
              "interval excludes zero.", "",
              "| variant | seat 0 win share | length (decisions) | lead changes | decided at | games needed (seat 0) |",
              "|---|---:|---:|---:|---:|---:|"]
        for v, c in rules:
            m = c["measures"]
            cells = []
            for key, dig in (("seat 0 win share", 3), ("length", 1), ("lead changes", 2), ("decided at", 3)):
                d = m.get(key)
                cell = _diff_cell(d, dig) if d else "-"
                cells.append(f"**{cell}**" if d and _clear(d) else cell)
            L.append(f"| {v.label} | " + " | ".join(cells) + f" | {_needed(m['seat 0 win share'])} |")
        L.append("")
        for v, c in rules:
            if c["pairs"] and c.get("identical") == c["pairs"]:
                L.append(f"- {v.label}: every one of the {c['pairs']:,} games ended as the baseline's (the same scores, "
                         "winners and length): with the baseline's other options this one does not come into play.")
        if L[-1] != "":
            L.append("")
    skill = [(v, c) for v, c in comps if "error" not in c and _same_but(v, vb, "seats")]
    if skill:
        L += ["## Skill: where random play would mislead", "",
              "The same set-up with other players, paired on the same seeds. A difference whose interval excludes "
              "zero (**misleads**) is an answer that these players would give differently from the baseline's; "
              "otherwise these games show no difference (which a larger sample may still find).", "",
              "| variant | measure | baseline | variant | difference [95 % CI] | verdict |", "|---|---|---:|---:|---:|---|"]
        for v, c in skill:
            for name, d in c["measures"].items():
                dig = 3 if "win" in name or "decided" in name else 2
                L.append(f"| {v.label} | {name} | {_n(d['a_mean'], dig)} | {_n(d['b_mean'], dig)} | {_diff_cell(d, dig)} | "
                         f"{'**misleads**' if _clear(d) else 'no clear difference'} |")
        L.append("")
    return L
