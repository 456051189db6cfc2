"""The browser client in Debian's Chromium, driven by Playwright: the lobby, and a table of the
engine's test game (nim) created there against a computer opponent and played to the end by
clicking.  Each of the five games is played to the end by clicking the same way, at a phone's size
and a desktop's, by test_phone.py, which checks the same things at the end."""
import os

from .conftest import SHOTS, create_table, play_to_the_end
from .support import drawn_afresh_the_same


def test_play_against_the_computer_by_clicking(server, page):
    game, players = "nim", 2
    create_table(page, server, game, players)
    play_to_the_end(page)
    assert page.locator(".score").count() == players
    assert page.locator("#download").count() == 1
    drawn_afresh_the_same(page)
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
