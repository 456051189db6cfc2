"""A game played in a browser page (Playwright) against computer seats, stopping at the moments
worth looking at: its set-up, the first decision of each kind (each verb its legal moves start
with), mid-game and its end screen.  The accessibility test runs axe-core at those moments and
scripts/screenshots.py photographs them: both see the same pages."""
from __future__ import annotations

import json

# the page at a decision of this seat (its move picker, with the typed-notation field's list of
# legal moves: empty between a move sent and the next view), or at its end screen with the replay
# ({over: true}); false meanwhile
READY = ("() => { if (document.querySelector('#results')) return document.querySelector('#replay') ? {over: true} : false;"
         " return !!document.querySelector('#picker') && !!document.querySelector('#legal-list option'); }")
# the decision, in the same look as its target: the verbs its legal moves start with (app.js lists
# the legal moves in #legal-list)
VERBS = "[...new Set([...document.querySelectorAll('#legal-list option')].map(o => o.value.split(' ')[0]))]"
DECISION = f"() => {VERBS}"
# what to click: a picker button naming a verb of the decision not played yet (prefer; only at a
# decision's first click), else what the board offers, else a part of a move in the picker, else confirm
VERB_BUTTON, VERB_BUTTON_END = "#picker button[data-pick='", "']"


def prefer(played: set[str]) -> str:
    """The JS function giving the picker buttons of the decision's verbs not in ``played``."""
    return (f"() => {{ const played = {json.dumps(sorted(played))};"
            " if ((document.querySelector('#picker .chosen') || {}).textContent) return [];"
            f" return {VERBS}.filter(v => !played.includes(v)).sort().map(v => `{VERB_BUTTON}${{v}}{VERB_BUTTON_END}`); }}")


OFFERED = ["svg .clickable", "#picker button[data-pick]", "#confirm"]
# where each game is "mid-game": the page's own decisions made (clicks on a move's parts) by then,
# about half of a game played by clicking the first thing offered against random computers
MIDGAME = {"isola-dei-vulcani": 40, "stromboli": 40, "kingdomino-origins": 30, "the-island": 40, "eruption": 40}
# options that keep a game played this way short where the game has them
SHORT = {"isola-dei-vulcani": {"max_rounds": 40}}


def open_table(page, server: str, game: str, players: int = 2, bots: str = "random", options: dict | None = None,
               seed: int | None = None):
    """Create a table in the lobby as a person would: this page takes seat 0, every other seat is
    the computer player ``bots``; the table is dealt from ``seed`` (a server started with
    LAPILLI_TEST_SEEDS=1: browser.seed_next_table), else from the server's own.  Returns when the
    table page has opened."""
    if seed is not None:
        from lapilli.testing.browser import seed_next_table

        seed_next_table(page, seed)
    page.goto(server + "/")
    page.wait_for_selector("#create")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    for key, value in (options or {}).items():
        page.select_option(f"[data-option='{key}']", json.dumps(value))
    for seat in range(1, players):
        page.select_option(f"[data-seat='{seat}']", bots)
    page.click("#create")
    page.wait_for_url("**/t/**")


def tour(page, server: str, game: str, stop, players: int = 2, options: dict | None = None,
         max_clicks: int = 4000, seed: int | None = None) -> dict:
    """Play ``game`` in ``page`` (seat 0, by clicking the first thing offered, each kind of move
    once as soon as it is offered as a button) against random
    computer seats to its end, calling ``stop(moment, detail)`` at "set-up" (the first decision),
    at "decision" (the first one whose legal moves start with a verb not seen before; detail: the
    new verbs), at "mid-game" and at "end" (the results panel shown).  ``seed``: the table's
    (open_table).  Returns what was seen: {"verbs": [...], "clicks": n}."""
    from lapilli.testing.browser import next_target, press

    open_table(page, server, game, players, options=SHORT.get(game, {}) | (options or {}), seed=seed)
    seen: set[str] = set()
    played: set[str] = set()
    clicks = 0

    def look():
        # one wait in the page: the decision, what it offers and where to click it (next_target)
        return next_target(page, OFFERED, ready=READY, also=DECISION, timeout=60_000,
                           first=prefer(played))

    for _ in range(max_clicks):
        now = look()
        if now.get("over"):
            stop("end", None)
            return {"verbs": sorted(seen), "clicks": clicks}
        stops = []
        if clicks == 0:
            stops.append(("set-up", None))
        new = set(now["also"]) - seen
        if new:
            seen |= new
            stops.append(("decision", sorted(new)))
        if clicks == MIDGAME.get(game, 30):
            stops.append(("mid-game", None))
        for moment, detail in stops:
            stop(moment, detail)
        if stops:  # the page was looked at, resized, its language switched: where to click, again
            now = look()
        if now["sel"].startswith(VERB_BUTTON):  # one of prefer's: a kind of move not played yet
            played.add(now["sel"].removeprefix(VERB_BUTTON).removesuffix(VERB_BUTTON_END))
        press(page, now)
        clicks += 1
    raise AssertionError(f"{game}: no end after {max_clicks} clicks")
