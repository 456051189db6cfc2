"""A board that draws its island above the players' panels (Stromboli, The Island, Eruption) is as
large as the window lets its island be, on a laptop's 1366x768 screen: the island fills the height
the page leaves it (the panels follow below, reached by scrolling), rather than the whole drawing,
panels included, being shrunk into that height, its words too small to read."""
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
