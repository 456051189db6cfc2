"""The browser client in Debian's Chromium, driven by Playwright: create a table against computer
opponents in the lobby and play it to the end by clicking."""
import os

import pytest
from .conftest import DRAWING, SHOTS, create_table, play_to_the_end
from lapilli.testing.tour import SHORT


import lapilli

from lapilli.engine.registry import BUILTIN_GAMES

GAMES = ["nim"] + [g for g in lapilli.list_games() if g in BUILTIN_GAMES]


@pytest.mark.parametrize("game", GAMES)
def test_play_against_the_computer_by_clicking(server, page, game):
    players = 2 if game == "nim" else lapilli.game_spec(game).min_players
    create_table(page, server, game, players, options=SHORT.get(game))
    play_to_the_end(page)
    assert page.locator(".score").count() == players
    assert page.locator("#download").count() == 1
    # the board changed in place move after move is the board drawn afresh for the same position
    page.wait_for_function("() => !document.querySelector('.piece-motion')")  # no piece mid-slide
    kept = page.evaluate(DRAWING)
    page.reload()
    page.wait_for_selector(".score")
    assert page.evaluate(DRAWING) == kept
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


def test_the_lobby_pages_through_open_tables(server, page):
    import httpx

    made = [httpx.post(f"{server}/api/tables", json={"game": "nim", "players": 2}).json()["id"] for _ in range(55)]
    page.goto(server + "/")
    rows = page.locator("#tables p")
    rows.first.wait_for()
    assert rows.count() == 50  # the first page
    page.click("#more-tables")
    page.wait_for_function("() => document.querySelectorAll('#tables p').length > 50")
    links = {a.split("/t/")[1] for a in page.locator("#tables a").evaluate_all("as => as.map(a => a.href)")}
    assert set(made) <= links  # every table reached, the oldest on the second page
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, "lobby-pages.png"), full_page=True)
