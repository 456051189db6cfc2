"""A review written out: Markdown, HTML (the same text through markdown-it) and an evaluation
plot (matplotlib, PNG), plus the review itself as JSON for programs (the web table)."""
from __future__ import annotations

import json
from pathlib import Path

from ..engine import narration
from .review import CLASSES, THRESHOLDS, Review

_MARK = {"good": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def _pct(v: float) -> str:
    return f"{100 * v:.0f}%"


def markdown(rv: Review, lang: str = "en", plot: str | None = None) -> str:
    """The review as Markdown (``plot``: the file name of the evaluation plot, beside it)."""
    who = narration.seat_name(None, rv.seat, "en")
    counts = rv.counts()
    lines = [f"# Review of {who} in {rv.game} ({rv.players} players)", "",
             f"*{rv.hidden_note}*", "",
             f"Judged by the `{rv.level}` search (`{rv.spec}`), each move scored on {rv.samples} "
             "determinizations by the seat's expected share of the win (0-100%).", "",
             "Classes by the share a move loses against the better move: "
             + ", ".join(f"{name} below {_pct(lim)}" for name, lim in THRESHOLDS) + f", blunder from "
             f"{_pct(THRESHOLDS[-1][1])}.", "",
             "| " + " | ".join(CLASSES) + " |", "|" + "---|" * len(CLASSES),
             "| " + " | ".join(str(counts[c]) for c in CLASSES) + " |", ""]
    if plot:
        lines += [f"![evaluation over the game]({plot})", ""]
    lines += ["Win share: the seat's expected share of the win after the move; margin: the game's projected "
              "score margin over the best other seat after it.", "",
              "| ply | move played | win share | margin | class | better move | win share | margin |",
              "|---|---|---|---|---|---|---|---|"]
    for d in rv.decisions:
        played = d.played_text.get(lang, d.played)
        better = d.best_text.get(lang, d.best) if d.best != d.played else ""
        lines.append(f"| {d.ply + 1} | {_cell(played)} | {_pct(d.value_played)} | {_margin(d.margin_played)} | "
                     f"{d.cls} {_MARK[d.cls]} | {_cell(better)} | {_pct(d.value_best) if better else ''} | "
                     f"{_margin(d.margin_best) if better else ''} |")
    lines.append("")
    why = [d for d in rv.decisions if d.reason]
    if why:     # why each better move is better, in a sentence
        lines += ["## " + _WHY.get(lang, _WHY["en"]), ""]
        lines += [f"- {d.ply + 1}: {d.reason.get(lang) or d.reason.get('en', '')}" for d in why]
        lines.append("")
    return "\n".join(lines)


_WHY = {"en": "Why the better moves are better", "it": "Perché le mosse migliori sono migliori"}


def _margin(m) -> str:
    return "" if m is None else f"{m:+.1f}"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def html(rv: Review, lang: str = "en", plot: str | None = None) -> str:
    from markdown_it import MarkdownIt

    body = MarkdownIt("commonmark").enable("table").render(markdown(rv, lang, plot))
    style = ("body{font-family:sans-serif;max-width:60em;margin:1em auto;padding:0 1em}"
             "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em}"
             "img{max-width:100%}")
    return (f"<!doctype html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">"
            f"<title>Review: {rv.game}, seat {rv.seat}</title><style>{style}</style></head>"
            f"<body>\n{body}</body></html>\n")


def plot_png(rv: Review, path: Path) -> None:
    """The seat's expected win share after each of its moves, the better move's beside it, and
    the moves that lost the most marked."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    xs = [d.ply + 1 for d in rv.decisions]
    fig, ax = plt.subplots(figsize=(9, 3.2), dpi=100)
    ax.plot(xs, [d.value_best for d in rv.decisions], color="#999", lw=1, label="better move")
    ax.plot(xs, [d.value_played for d in rv.decisions], color="#c33", lw=1.6, label="move played")
    colours = {"inaccuracy": "#e0a000", "mistake": "#e06000", "blunder": "#b00000"}
    for cls, col in colours.items():
        pts = [(d.ply + 1, d.value_played) for d in rv.decisions if d.cls == cls]
        if pts:
            ax.scatter(*zip(*pts), color=col, s=18, zorder=3, label=cls)
    ax.set_ylim(0, 1)
    ax.set_xlabel("ply")
    ax.set_ylabel("expected win share")
    ax.axhline(0.5, color="#ddd", lw=0.8, zorder=0)
    ax.legend(loc="lower left", fontsize=8, ncol=5)
    ax.set_title(f"{rv.game}: seat {rv.seat}")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def write(rv: Review, out: Path, lang: str = "en") -> dict:
    """review.md, review.html, review.png and review.json in ``out``; returns the paths."""
    out.mkdir(parents=True, exist_ok=True)
    paths = {"png": out / "review.png", "md": out / "review.md", "html": out / "review.html",
             "json": out / "review.json"}
    plot = None
    if rv.decisions:
        plot_png(rv, paths["png"])
        plot = paths["png"].name
    else:
        del paths["png"]
    paths["md"].write_text(markdown(rv, lang, plot))
    paths["html"].write_text(html(rv, lang, plot))
    paths["json"].write_text(json.dumps(rv.to_json(), indent=1, ensure_ascii=False))
    return paths
