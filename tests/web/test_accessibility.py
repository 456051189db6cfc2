"""Accessibility checked by axe-core (axe-playwright-python) in Debian's Chromium: no serious or
critical violation on the lobby and on a table of each game, in both languages."""
import pytest

from .conftest import create_table, wait_my_turn
from .support import serious

GAMES = ["isola-dei-vulcani", "stromboli", "kingdomino-origins", "the-island", "eruption"]


@pytest.mark.parametrize("locale", ["en-US", "it-IT"])
def test_lobby_has_no_serious_violation(server, browser, locale):
    ctx = browser.new_context(locale=locale)
    page = ctx.new_page()
    try:
        page.goto(server + "/")
        page.wait_for_selector("#create")
        assert serious(page) == []
        assert page.evaluate("document.documentElement.lang") == locale[:2]
    finally:
        ctx.close()


@pytest.mark.parametrize("game", GAMES)
def test_table_has_no_serious_violation(server, page, game):
    create_table(page, server, game, players=2, bots="random")
    wait_my_turn(page)
    assert serious(page) == []
    page.click("#rules")
    page.wait_for_selector("#rules-panel")
    assert serious(page) == []
