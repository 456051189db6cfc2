"""The Stromboli SVG board: its tokens name the notation, and clicks on it build the right move."""
import os

from .conftest import SHOTS, create_table, wait_logged


def _new_table(page, server):
    create_table(page, server, "stromboli")
    page.wait_for_selector("#picker", timeout=30_000)


def test_board_tokens_and_a_placement_by_clicking(server, page):
    _new_table(page, server)
    board = page.locator("#board svg.board")
    # every island space that a move can name carries its notation token
    for ring in "bpfmc":
        for seg in range(6):
            assert board.locator(f"[data-token='{ring}{seg}']").count() == 1, f"{ring}{seg}"
    assert board.locator("[data-token='boat']").count() == 1
    assert board.locator("[data-token='stay']").count() == 1
    # first turn: every disc is in the reserve, so the only verb is 'place' (chosen for us)
    # and the five reserve discs are the clickable tokens
    for v in "12345":
        assert board.locator(f"[data-mark].clickable[data-token='{v}']").count() == 1
    board.locator("[data-mark].clickable[data-token='3']").click()
    beaches = board.locator("path.clickable[data-token^='b']")
    assert beaches.count() >= 5      # at most one beach is refused by the sum rule
    assert board.locator("path.clickable[data-token^='p']").count() == 0
    target = beaches.first.get_attribute("data-token")
    beaches.first.click()
    assert wait_logged(page, f"place 3 {target}").startswith(f"You put disc 3 on beach {target[1:]}")
    os.makedirs(SHOTS, exist_ok=True)
    page.set_viewport_size({"width": 1800, "height": 1100})
    page.wait_for_timeout(300)
    page.locator("#board").screenshot(path=os.path.join(SHOTS, "stromboli-board.png"))


def test_board_in_italian(server, browser):
    ctx = browser.new_context(locale="it-IT", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    try:
        _new_table(page, server)
        txt = page.locator("#board svg.board").text_content()
        assert "Rosso" in txt and "Giallo" in txt and "Segnapunti" in txt
    finally:
        ctx.close()
