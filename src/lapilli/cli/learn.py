"""`lapilli learn`: a game's tutorial in the terminal, on the text board, chapter by chapter.

The chapters, positions, asked moves and texts are the tutorial's data file (lapilli.learn);
the engine judges every typed move.  ``--clauses`` lists the rule clauses a tutorial teaches."""
from __future__ import annotations

import typer
from rich.markup import escape

from .. import learn as tutorials
from ..engine import narration
from .common import Abort, _check_lang, _examples, console

commands = typer.Typer()

WORDS = {
    "en": {"chapter": "Chapter", "rule": "Rule", "summary": "Rules summary", "next": "Press Enter to go on.", "well": "Well done.",
           "legal": "That move is allowed, but it is not what this step teaches.", "better": "Try",
           "illegal": "Not allowed", "help": "Commands: 'skip' skips the step, 'back' goes back one step, "
           "'list' shows every legal move, 'quit' leaves.", "done": "Tutorial finished.",
           "play": "Play a real game against the computer: lapilli play {game} --seats human,easy",
           "skipped": "Step skipped.", "type": "Type"},
    "it": {"chapter": "Capitolo", "rule": "Regola", "summary": "Riassunto delle regole (traduzione nostra)", "next": "Premi Invio per continuare.", "well": "Ben fatto.",
           "legal": "Questa mossa è consentita, ma non è quella che insegna questo passo.", "better": "Prova",
           "illegal": "Non consentito", "help": "Comandi: 'skip' salta il passo, 'back' torna indietro di un passo, "
           "'list' mostra tutte le mosse consentite, 'quit' esce.", "done": "Tutorial finito.",
           "play": "Gioca una partita vera contro il computer: lapilli play {game} --seats human,easy",
           "skipped": "Passo saltato.", "type": "Scrivi"},
}


@commands.command(epilog=_examples("lapilli learn stromboli", "lapilli learn stromboli --lang it",
                                   "lapilli learn stromboli --clauses"))
def learn(
    game: str = typer.Argument(..., help="game id (see `lapilli games`)"),
    lang: str = typer.Option("en", help="language: en or it"),
    clauses: bool = typer.Option(False, "--clauses", help="list the rule clauses the tutorial teaches and stop"),
):
    """Learn a game: a guided first game on the text board, each rule quoted from the rulebook (or, marked as such, from the rules summary where no rulebook in the project states it)."""
    _check_lang(lang)
    try:
        tut = tutorials.load(game)
    except KeyError:
        raise Abort(f"no tutorial for {game!r}; tutorials: {', '.join(tutorials.games())}")
    if clauses:
        for c in tut.taught():
            console.print(c, markup=False)
        return
    w = WORDS[lang]
    console.print(w["help"], markup=False)
    ci, si = 0, 0
    while ci < len(tut.chapters):
        ch = tut.chapters[ci]
        if si >= len(ch["steps"]):
            ci, si = ci + 1, 0
            continue
        step = ch["steps"][si]
        st = tut.position(ci, si)
        names = [narration.seat_label(st, i, lang) for i in range(st.num_players)]
        if si == 0:
            console.print(f"\n[bold]{w['chapter']} {ci + 1}/{len(tut.chapters)}: {escape(ch['title'][lang])}[/bold]")
            console.print(st.render(tut.learner, names, lang), markup=False, soft_wrap=True)
        console.print(f"\n{escape(step['say'][lang])}")
        rule = step.get("rule")
        if rule:
            # a rules summary is not the rulebook's words, and says so
            said = w["summary"] if rule.get("source") == "summary" else w["rule"]
            console.print(f"  {said} {rule['clause']}: «{escape(rule[lang])}»")
        if step.get("ask"):  # the board's clicks of the web page are typed here, in the game's notation
            console.print(f"  {w['type']}: {escape(' / '.join(step['ask']))}")
        move = _ask(tut, ci, si, step, st, lang)
        if move == "quit":
            return
        if move == "back":
            if si > 0:
                si -= 1
            elif ci > 0:
                ci, si = ci - 1, len(tut.chapters[ci - 1]["steps"]) - 1
            continue
        if move not in ("", "skip") and step.get("ask") and si + 1 < len(ch["steps"]):
            after = tut.after(ci, si, move)  # the next chapter shows its own position
            console.print(after.render(tut.learner, names, lang), markup=False, soft_wrap=True)
        si += 1
    console.print(f"\n[bold]{w['done']}[/bold]")
    console.print(w["play"].format(game=game), markup=False, soft_wrap=True)


def _ask(tut, ci: int, si: int, step: dict, st, lang: str) -> str:
    """The learner's answer to a step: the asked move (canonical), '' (a read step), or a
    command (skip, back, quit)."""
    w = WORDS[lang]
    while True:
        try:
            text = console.input(("> " if step.get("ask") else f"({w['next']}) ")).strip()
        except EOFError:
            return "quit"
        # a game may have a move called 'skip' (L'Isola dei Vulcani declines a rescue with it): at a
        # step asking moves where it is legal, the word is that move, judged like any other
        if text in ("quit", "exit", "skip", "back") and not (text == "skip" and step.get("ask") and "skip" in st.legal_actions()):
            if text == "skip":
                console.print(w["skipped"], markup=False)
            return text
        if not step.get("ask"):
            return ""
        if not text:
            continue
        if text in ("list", "?", "help"):
            console.print(w["help"], markup=False)
            console.print("\n".join(st.legal_actions()), markup=False)
            continue
        j = tut.judge(ci, si, text)
        if j["verdict"] == "asked":
            console.print(f"[green]{w['well']}[/green]")
            return j["action"]
        if j["verdict"] == "legal":
            console.print(f"[yellow]{w['legal']}[/yellow] {escape(j['why'][lang])} "
                          f"{w['better']}: {escape(' / '.join(j['asked']))}")
        else:
            console.print(f"[red]{w['illegal']} ({escape(j['rule'])}):[/red] {escape(j['message'])}")
            if j.get("clause"):
                console.print(f"  {escape(j['rule'])}: {escape(j['clause'])}", markup=False)
