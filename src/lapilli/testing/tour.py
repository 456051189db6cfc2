"""A game played in a browser page (Playwright) against computer seats, stopping at the moments
worth looking at: its set-up, the first decision of each kind (each verb its legal moves start
with), mid-game and its end screen.  The accessibility test runs axe-core at those moments and
scripts/screenshots.py photographs them: both see the same pages."""
from __future__ import annotations

import json

# the moves this page may make now: the typed-notation field's list (app.js)
LEGAL = "() => [...document.querySelectorAll('#legal-list option')].map(o => o.value)"
READY = "() => document.querySelector('#picker') || document.querySelector('#results')"
# where each game is "mid-game": the page's own decisions made (clicks on a move's parts) by then,
# about half of a game played by clicking the first thing offered against random computers
MIDGAME = {"isola-dei-vulcani": 40, "stromboli": 40, "kingdomino-origins": 30, "the-island": 40, "eruption": 40}
# options that keep a game played this way short where the game has them
SHORT = {"isola-dei-vulcani": {"max_rounds": 40}}


def open_table(page, server: str, game: str, players: int = 2, bots: str = "random", options: dict | None = None):
    """Create a table in the lobby as a person would: this page takes seat 0, every other seat is
    the computer player ``bots``.  Returns when the table page has opened."""
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


def _click_something(page, prefer=()) -> str | None:
    """Click a picker button naming a verb of ``prefer`` (a kind of move not played yet: the
    decisions it leads to are seen too), else what the board offers, else a part of a move in the
    picker, else confirm; returns the verb clicked from ``prefer``, if any.  Where to click is
    found in one wait in the page (lapilli.testing.browser.next_target), the click is the mouse's."""
    from lapilli.testing.browser import next_target, press

    choices = {f"#picker button[data-pick='{v}']": v for v in sorted(prefer)}
    target = next_target(page, [*choices, "svg .clickable", "#picker button[data-pick]", "#confirm"], timeout=60_000)
    press(page, target)
    return choices.get(target["sel"])


def tour(page, server: str, game: str, stop, players: int = 2, options: dict | None = None,
         max_clicks: int = 4000) -> dict:
    """Play ``game`` in ``page`` (seat 0, by clicking the first thing offered, each kind of move
    once as soon as it is offered as a button) against random
    computer seats to its end, calling ``stop(moment, detail)`` at "set-up" (the first decision),
    at "decision" (the first one whose legal moves start with a verb not seen before; detail: the
    new verbs), at "mid-game" and at "end" (the results panel shown).  Returns what was seen:
    {"verbs": [...], "clicks": n}."""
    open_table(page, server, game, players, options=SHORT.get(game, {}) | (options or {}))
    seen: set[str] = set()
    played: set[str] = set()
    clicks = 0
    for _ in range(max_clicks):
        page.wait_for_function(READY, timeout=60_000)
        if page.locator("#results").count():
            page.wait_for_selector("#replay")
            stop("end", None)
            return {"verbs": sorted(seen), "clicks": clicks}
        legal = page.evaluate(LEGAL)
        if not legal:  # between a move sent and the next view
            page.wait_for_timeout(30)
            continue
        if clicks == 0:
            stop("set-up", None)
        new = {a.split(" ")[0] for a in legal} - seen
        if new:
            seen |= new
            stop("decision", sorted(new))
        if clicks == MIDGAME.get(game, 30):
            stop("mid-game", None)
        chosen = page.evaluate("() => (document.querySelector('#picker .chosen') || {}).textContent || ''")
        if not chosen:  # a decision's first click: a kind of move not played yet, when offered
            played.add(_click_something(page, {a.split(" ")[0] for a in legal} - played))
        else:
            _click_something(page)
        clicks += 1
    raise AssertionError(f"{game}: no end after {max_clicks} clicks")
