"""Sizes that keep the table readable.  A board that draws its island above the players' panels (Stromboli, The Island, Eruption) is as
large as the window lets its island be, on a laptop's 1366x768 screen: the island fills the height
the page leaves it (the panels follow below, reached by scrolling), rather than the whole drawing,
panels included, being shrunk into that height, its words too small to read.  On a phone the
results panel keeps each clause number ("KDO-8.5") on one line."""
import os

import pytest

from lapilli.testing.tour import open_table

from .conftest import SHOTS

SIZE = {"width": 1366, "height": 768}
ISLAND = """() => {
  const svg = document.querySelector('#board svg.board');
  const r = svg.getBoundingClientRect(), box = svg.parentElement.getBoundingClientRect();
  const chrome = parseFloat(getComputedStyle(document.querySelector('#board')).getPropertyValue('--board-chrome'));
  const mapAspect = parseFloat(getComputedStyle(svg).getPropertyValue('--map-aspect'));
  return {island: r.width / mapAspect, room: innerHeight - chrome, width: r.width, column: box.width};
}"""


@pytest.mark.parametrize("game", ["stromboli", "the-island", "eruption"])
def test_the_island_fills_the_height_of_a_laptop_screen(server, browser, game):
    ctx = browser.new_context(locale="en-US", viewport=SIZE)
    page = ctx.new_page()
    try:
        open_table(page, server, game)
        page.wait_for_selector("#picker", timeout=30_000)
        page.wait_for_timeout(300)
        g = page.evaluate(ISLAND)
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"laptop-{game}.png"))
        # the island as high as the room the page leaves it, or the board as wide as its column
        assert g["island"] >= 0.95 * g["room"] or g["width"] >= 0.95 * g["column"], g
        assert g["island"] <= g["room"] + 1, g
    finally:
        ctx.close()


# each clause number of the results panel: the lines its text takes
CLAUSE_LINES = """() => [...document.querySelectorAll('#results td.rule')].map(td => {
  const r = document.createRange(); r.selectNodeContents(td);
  return [td.textContent, new Set([...r.getClientRects()].map(b => Math.round(b.top))).size];
})"""


def test_the_results_clause_numbers_stay_whole_on_a_phone(server, browser):
    from lapilli.testing.tour import tour

    ctx = browser.new_context(locale="en-US", viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    seen = {}
    try:
        tour(page, server, "kingdomino-origins", lambda moment, _: moment == "end" and seen.update(lines=page.evaluate(CLAUSE_LINES)))
    finally:
        ctx.close()
    assert seen["lines"], "no clause number in the results"
    assert [c for c, n in seen["lines"] if n > 1] == [], seen["lines"]
