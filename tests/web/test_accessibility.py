"""Accessibility checked by axe-core (axe-playwright-python) in Debian's Chromium: no violation of
any impact on the lobby, on a table of each game (at its set-up, at the first decision of each kind
it offers, mid-game) and on each game's end screen, at 1400x1000 and at 390x844, in English and in
Italian (the table switched from one to the other with the page's language menu).  The games are played to their end by clicking against random computer seats
(lapilli.testing.tour, which scripts/screenshots.py photographs the same way)."""
import pytest

from lapilli.testing.tour import tour

from .conftest import TABLE_SEED, create_table, wait_my_turn
from .support import axe_violations, serious

GAMES = ["isola-dei-vulcani", "stromboli", "kingdomino-origins", "the-island", "eruption"]
SIZES = {"1400x1000": {"width": 1400, "height": 1000}, "390x844": {"width": 390, "height": 844}}
LOCALES = ["en-US", "it-IT"]
# the page laid out and painted at its new size: a resize changes the layout (CSS) and, through
# a ResizeObserver, the picker bar's padding, which the first frame's rendering step carries out.
# Headless Chromium at times stops producing frames (conftest.click_retry): without a frame the
# wait ends after 250 ms instead of never, as the page's own drawing does (app.js, showSoon)
LAID_OUT = ("() => new Promise(done => { setTimeout(done, 250);"
            " requestAnimationFrame(() => requestAnimationFrame(done)); })")


def violations(page):
    """Every axe-core violation of the page, whatever its impact: (rule, impact, first targets)."""
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"][:3]]) for v in axe_violations(page)]


def at_each_size(page, where):
    """The page's violations at each size (the window resized, the page laid out again)."""
    found = {}
    for name, size in SIZES.items():
        page.set_viewport_size(size)
        page.evaluate(LAID_OUT)
        if v := violations(page):
            found[f"{where} at {name}"] = v
    page.set_viewport_size(SIZES["1400x1000"])
    return found


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("locale", LOCALES)
def test_lobby_has_no_violation(server, browser, locale, size):
    ctx = browser.new_context(locale=locale, viewport=SIZES[size])
    page = ctx.new_page()
    try:
        page.goto(server + "/")
        page.wait_for_selector("#create")
        assert violations(page) == []
        assert page.evaluate("document.documentElement.lang") == locale[:2]
    finally:
        ctx.close()


def switch_language(page, lang: str) -> None:
    """Choose ``lang`` in the page's language menu, as a player would, and wait until the table
    is drawn again in it (a new page body, showing the decision or the results)."""
    page.evaluate("() => { window.__before = document.querySelector('#app > *'); }")
    page.select_option("#lang", lang)
    page.wait_for_function(
        "lang => document.documentElement.lang === lang && document.querySelector('#app > *') !== window.__before"
        " && (document.querySelector('#picker') || (document.querySelector('#results') && document.querySelector('#replay')))", arg=lang, timeout=30_000)


@pytest.mark.parametrize("game", GAMES)
def test_table_and_end_screen_have_no_violation(server, browser, game):
    """Every moment of a whole game, both sizes, in both languages: at each moment the page is
    checked in the language it shows, switched to the other one with the page's language menu and
    checked again, and the game goes on in that one (so it is played in both).  The violations of
    all of them are reported together."""
    ctx = browser.new_context(locale="en-US", viewport=SIZES["1400x1000"])
    page = ctx.new_page()
    found, moments, shown = {}, [], ["en"]

    def stop(moment, detail):
        moments.append(moment)
        where = f"{moment} {detail}" if detail else moment
        found.update(at_each_size(page, f"{where} in {shown[-1]}"))
        shown.append("it" if shown[-1] == "en" else "en")
        switch_language(page, shown[-1])
        found.update(at_each_size(page, f"{where} in {shown[-1]}"))

    try:
        seen = tour(page, server, game, stop, seed=TABLE_SEED)
    finally:
        ctx.close()
    assert found == {}
    assert moments[0] == "set-up" and moments[-1] == "end" and "mid-game" in moments, moments
    assert len(seen["verbs"]) >= 2, seen


@pytest.mark.parametrize("game", GAMES)
def test_rules_panel_has_no_serious_violation(server, page, game):
    create_table(page, server, game, players=2, bots="random")
    wait_my_turn(page)
    assert serious(page) == []
    page.click("#rules")
    page.wait_for_selector("#rules-panel")
    assert serious(page) == []
