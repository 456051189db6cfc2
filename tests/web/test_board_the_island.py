"""The Island's SVG board: its tokens name the notation, clicks on it build the right move, a
game with the largest player count is played to the end by clicking, and a mid-game picture."""
import os

from .conftest import SHOTS, create_table, play_to_the_end, wait_logged

ROWS = [(2, 8), (1, 10), (0, 10), (1, 10), (0, 10), (0, 11), (0, 10), (0, 11), (0, 10), (1, 10), (0, 10), (1, 10), (2, 8)]


def _new_table(page, server, players=2):
    create_table(page, server, "the-island", players)
    page.wait_for_selector("#picker", timeout=30_000)


def test_board_tokens_and_a_placement_by_clicking(server, page):
    _new_table(page, server)
    board = page.locator("#board svg.board")
    # every hex of the board (sea and land) carries its notation token, and so do the isles
    for r, (c0, c1) in enumerate(ROWS):
        for c in range(c0, c1 + 1):
            assert board.locator(f"polygon[data-token='{r},{c}']").count() == 1, f"{r},{c}"
    for isle in ("nw", "ne", "sw", "se"):
        assert board.locator(f"[data-token='{isle}']").count() == 1, isle
    # set-up: 'place' is chosen for us; the values still to place are the clickable discs
    for v in "123456":
        assert board.locator(f"[data-mark].clickable[data-token='{v}']").count() >= 1, v
    assert board.locator("[data-mark].clickable[data-token='6']").count() == 1      # one explorer is worth 6
    assert board.locator("polygon.clickable").count() == 0
    board.locator("[data-mark].clickable[data-token='6']").click()
    tiles = board.locator("polygon.clickable")
    assert tiles.count() == 40                     # the first explorer may go on any of the 40 tiles
    target = tiles.nth(7).get_attribute("data-token")
    tiles.nth(7).click()
    # the log narrates it without the value, which ISL-1.12 hides once placed (from its owner too)
    assert wait_logged(page, f"place 6 {target}").startswith(f"You place explorer R1 on {target}.")
    # the placed explorer is drawn on its tile with its token
    page.wait_for_selector("#board svg [data-token='R1']", timeout=15_000)
    assert board.locator("[data-mark][data-token='R1']").count() == 1


def test_moves_by_clicking_and_a_midgame_picture(server, page):
    _new_table(page, server)
    board = page.locator("#board svg.board")
    # play the set-up and the first turns by clicking whatever the board offers first, then (step 2
    # of an early turn) move an explorer: the verb's button, an explorer, then a hex on the board
    moved = False
    for _ in range(400):
        page.wait_for_function("() => document.querySelector('#picker') || document.querySelector('.score')", timeout=30_000)
        assert page.locator(".score").count() == 0, "the game ended before an explorer was moved by clicking"
        verbs = [b.get_attribute("data-pick") for b in page.locator("#picker button[data-pick]").all()]
        verb = next((v for v in ("walk", "swim") if v in verbs), None)
        if verb and page.locator("#board .chosen").count() == 0 and page.locator("#log .entry").count() > 26:
            page.locator(f"#picker button[data-pick='{verb}']").click()
            ex = board.locator("[data-mark].clickable[data-token^='R']").first
            who = ex.get_attribute("data-token")
            ex.click()
            dest = board.locator("polygon.clickable").first
            to = dest.get_attribute("data-token")
            dest.click()
            assert f"{who} to {to}." in wait_logged(page, f"{verb} {who} {to}")
            moved = True
            break
        for sel in ("svg .clickable", "#picker button[data-pick]", "#confirm"):
            loc = page.locator(sel)
            if loc.count():
                loc.first.click()
                break
        page.wait_for_timeout(30)
    assert moved
    page.wait_for_function("() => document.querySelector('#picker') || document.querySelector('.score')", timeout=30_000)
    txt = board.text_content()
    assert "Red (you)" in txt and "Blue" in txt and "Legend" in txt
    os.makedirs(SHOTS, exist_ok=True)
    page.set_viewport_size({"width": 1800, "height": 1100})
    page.wait_for_timeout(300)
    page.screenshot(path=os.path.join(SHOTS, "the-island-midgame.png"))
    page.locator("#board").screenshot(path=os.path.join(SHOTS, "the-island-board.png"))


def test_six_players_to_the_end_by_clicking(server, page):
    _new_table(page, server, players=6)
    board = page.locator("#board svg.board")
    for colour in ("Red (you)", "Blue", "Yellow", "Green", "Orange", "White"):
        assert colour in board.text_content()
    play_to_the_end(page)
    assert page.locator(".score").count() == 6
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, "the-island-6p.png"), full_page=True)


def test_board_in_italian(server, browser):
    ctx = browser.new_context(locale="it-IT", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    try:
        _new_table(page, server)
        txt = page.locator("#board svg.board").text_content()
        assert "Rosso (tu)" in txt and "Blu" in txt and "Legenda" in txt
        # the booklet's word ("Il Ritorno!": "Serpente di Mare"), in the legend as in the move picker
        assert "serpente di mare" in txt and "marino" not in txt
    finally:
        ctx.close()
