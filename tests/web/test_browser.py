"""The browser client in Debian's Chromium, driven by Playwright: create a table against computer
opponents in the lobby and play it to the end by clicking."""
import os

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import SHOTS


def play_to_the_end(page, max_moves=3000):
    for _ in range(max_moves):
        page.wait_for_function(
            "() => { const s = document.querySelector('#status'); return s && (document.querySelector('#picker')"
            " || s.textContent.includes('Game over') || s.textContent.includes('Partita finita')); }",
            timeout=30_000)
        if page.locator(".score").count():
            return
        # click what the board highlights, else a token button, else confirm
        for sel in ("svg .clickable", "#picker button[data-pick]", "#confirm"):
            loc = page.locator(sel)
            if loc.count():
                try:
                    loc.first.click(timeout=5_000)
                except PlaywrightTimeout:
                    # headless Chromium sometimes stops producing animation frames after many
                    # clicks, and Playwright's "stable element" wait never ends; a screenshot
                    # makes frames run again, and the loop tries again
                    page.screenshot()
                break
        page.wait_for_timeout(30)
    raise AssertionError("the game did not end")


import lapilli

from lapilli.engine.registry import BUILTIN_GAMES

GAMES = ["nim"] + [g for g in lapilli.list_games() if g in BUILTIN_GAMES]


@pytest.mark.parametrize("game", GAMES)
def test_play_against_the_computer_by_clicking(server, page, game):
    players = 2 if game == "nim" else lapilli.game_spec(game).min_players
    page.goto(server + "/")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    for seat in range(1, players):
        page.select_option(f"[data-seat='{seat}']", "random")
    page.click("#create")
    page.wait_for_url("**/t/**")
    play_to_the_end(page)
    assert page.locator(".score").count() == players
    assert page.locator("#download").count() == 1
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, f"{game}.png"), full_page=True)


def test_interface_in_italian(server, browser):
    ctx = browser.new_context(locale="it-IT")
    page = ctx.new_page()
    from playwright.sync_api import expect

    page.goto(server + "/")
    expect(page.locator("#create")).to_have_text("Crea tavolo")
    page.select_option("#lang", "en")
    expect(page.locator("#create")).to_have_text("Create table")
    ctx.close()
