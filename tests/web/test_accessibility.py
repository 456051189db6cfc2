"""Accessibility checked by axe-core (axe-playwright-python) in Debian's Chromium: no violation of
any impact on the lobby, on a table of each game (at its set-up, at the first decision of each kind
it offers, mid-game) and on each game's end screen, at 1400x1000 and at 390x844, in English and in
Italian.  The games are played to their end by clicking against random computer seats
(lapilli.testing.tour, which scripts/screenshots.py photographs the same way)."""
import pytest

from lapilli.testing.tour import tour

from .conftest import create_table, wait_my_turn
from .support import serious

GAMES = ["isola-dei-vulcani", "stromboli", "kingdomino-origins", "the-island", "eruption"]
SIZES = {"1400x1000": {"width": 1400, "height": 1000}, "390x844": {"width": 390, "height": 844}}
LOCALES = ["en-US", "it-IT"]


def violations(page):
    """Every axe-core violation of the page, whatever its impact: (rule, impact, first targets)."""
    from axe_playwright_python.sync_playwright import Axe

    result = Axe().run(page)
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"][:3]]) for v in result.response["violations"]]


def at_each_size(page, where):
    """The page's violations at each size (the window resized, the page laid out again)."""
    found = {}
    for name, size in SIZES.items():
        page.set_viewport_size(size)
        page.wait_for_timeout(100)
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


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", GAMES)
def test_table_and_end_screen_have_no_violation(server, browser, game, locale):
    """Every moment of a whole game, both sizes: the violations of all of them are reported together."""
    ctx = browser.new_context(locale=locale, viewport=SIZES["1400x1000"])
    page = ctx.new_page()
    found, moments = {}, []

    def stop(moment, detail):
        moments.append(moment)
        found.update(at_each_size(page, f"{moment} {detail or ''}".strip()))

    try:
        seen = tour(page, server, game, stop)
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
