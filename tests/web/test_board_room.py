"""Room for the board on the table page: on a phone (390x844) the move picker's bar, which stays at
the bottom of the window, never hides the board's lowest seat panel or target once the page is
scrolled to show the board's bottom edge; at the end of Kingdomino Origins on a phone each kingdom's squares are big
enough to read; at 1366x768 The Island's board uses the width of its column; a seat panel of
L'Isola dei Vulcani gives its seat's whole name at the panels' own size."""
import contextlib
import os

import pytest

from lapilli.testing.tour import tour

from .conftest import SHOTS, TABLE_SEED, create_table

PHONE = dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=2)
LAPTOP = dict(viewport={"width": 1366, "height": 768})

# the page is laid out: the board drawn, the move picker's bar shown and its height watched (the
# page's scroll padding, --picker-bar, is that height)
LAID_OUT = """() => { const svg = document.querySelector('#board svg.board'), bar = document.querySelector('#picker');
  if (!svg || !bar) return false;
  const v = getComputedStyle(document.documentElement).getPropertyValue('--picker-bar').trim();
  return v === `${Math.ceil(bar.getBoundingClientRect().height)}px`; }"""


@contextlib.contextmanager
def my_turn_at(browser, server, game, size):
    """A page of size ``size`` at a new 2-player table of ``game`` against a random computer, once
    it offers this seat a move and is laid out."""
    ctx = browser.new_context(locale="en-US", **size)
    page = ctx.new_page()
    try:
        create_table(page, server, game, players=2, bots="random")
        page.wait_for_selector("#picker", timeout=30_000)
        page.wait_for_function(LAID_OUT, timeout=15_000)
        os.makedirs(SHOTS, exist_ok=True)
        yield page
    finally:
        ctx.close()

# from the top of the page, the board's bottom edge brought into view the way the browser does it
# for a focused element (the least scrolling that shows it): what is drawn just above that edge, and
# at the centre of the board's lowest seat panel or target
LOWEST_SEEN = """() => {
  window.scrollTo(0, 0);
  const svg = document.querySelector('#board svg.board'), bar = document.querySelector('#picker');
  svg.scrollIntoView({block: 'end'});
  const s = svg.getBoundingClientRect();
  const edge = document.elementFromPoint((s.left + s.right) / 2, s.bottom - 3);
  const parts = [...svg.querySelectorAll('[data-seat-panel], .clickable')];
  const low = parts.reduce((a, b) => b.getBoundingClientRect().bottom > a.getBoundingClientRect().bottom ? b : a);
  const r = low.getBoundingClientRect();
  const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  const name = e => e ? e.tagName + (e.id ? '#' + e.id : '') : null;
  return {what: low.getAttribute('data-seat-panel') !== null ? 'seat panel ' + low.getAttribute('data-seat-panel') : 'target ' + low.getAttribute('data-token'),
          edge: name(edge), edgeInBoard: !!edge && svg.contains(edge),
          clickable: low.classList.contains('clickable'), self: !!hit && (hit === low || low.contains(hit)),
          hit: name(hit), inBoard: !!hit && svg.contains(hit), svgBottom: s.bottom, lowBottom: r.bottom,
          bar: bar.getBoundingClientRect().top, H: window.innerHeight, scrollY: window.scrollY};
}"""


@pytest.mark.parametrize("game", ["isola-dei-vulcani", "eruption"])
def test_phone_bar_leaves_the_boards_bottom_reachable(server, browser, game):
    with my_turn_at(browser, server, game, PHONE) as page:
        seen = page.evaluate(LOWEST_SEEN)
        page.screenshot(path=os.path.join(SHOTS, f"room-phone-bottom-{game}.png"))
    # the board's bottom edge is seen above the bar, not under it
    assert seen["edgeInBoard"] and seen["svgBottom"] <= seen["bar"] + 0.5, seen
    # and so is its lowest seat panel or target: itself at its centre (a target), the board (a panel drawn, not hit)
    assert seen["inBoard"] and (seen["self"] or not seen["clickable"]) and seen["lowBottom"] <= seen["bar"] + 0.5, seen


# each square of each kingdom drawn on the board: its size on the screen
SQUARES = """() => [...document.querySelectorAll('#board svg.board rect[data-square]')].map(r => {
  const b = r.getBoundingClientRect(); return [r.getAttribute('data-square'), b.width, b.height]; })"""
# a square at least this many CSS pixels wide shows its landscape, crowns and tokens legibly
# (a finger's target is 24 px; a square to read is two thirds of that)
READABLE = 16


def test_kingdomino_phone_end_squares_are_readable(server, browser):
    ctx = browser.new_context(locale="en-US", **PHONE)
    page = ctx.new_page()
    seen = {}

    def stop(moment, _):
        if moment in ("mid-game", "end"):
            seen[moment] = page.evaluate(SQUARES)
            page.screenshot(path=os.path.join(SHOTS, f"room-kingdomino-{moment}.png"), full_page=True)

    try:
        os.makedirs(SHOTS, exist_ok=True)
        tour(page, server, "kingdomino-origins", stop, seed=TABLE_SEED)
    finally:
        ctx.close()
    assert seen.get("end"), "no kingdom square drawn at the end"
    small = [s for s in seen["end"] if s[1] < READABLE or s[2] < READABLE]
    assert not small, (len(small), len(seen["end"]), small[:4])


# The Island's board in its column: the svg's drawn width, the column's (the board card's content
# box) and the map's height (the island and its sea, --map-aspect: the svg's width over it)
ISLAND_FIT = """() => {
  const card = document.querySelector('#board'), svg = card.querySelector('svg.board');
  const cs = getComputedStyle(card);
  const column = card.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  const w = svg.getBoundingClientRect().width;
  return {column, width: w, map: w / parseFloat(getComputedStyle(svg).getPropertyValue('--map-aspect'))};
}"""


def test_the_island_board_uses_its_column_at_1366(server, browser):
    """The board takes at least 80 % of its column's width (the width is what a landscape window
    has to spare), and the map is at least as tall as when the seat panels and the legend were
    drawn under it (379 px at 1366x768: the whole board narrowed to the window's height)."""
    with my_turn_at(browser, server, "the-island", LAPTOP) as page:
        m = page.evaluate(ISLAND_FIT)
        page.screenshot(path=os.path.join(SHOTS, "room-the-island-1366.png"))
    assert m["width"] >= 0.8 * m["column"], m
    assert m["map"] >= 379, m


# each seat panel's header: the text drawn at the panel's top left (beside the seat's mark), its
# font size, whether it lies inside the panel; and the seat's name as the page's players list gives it
ISOLA_HEADS = """() => {
  const svg = document.querySelector('#board svg.board');
  return [...svg.querySelectorAll('rect[data-seat-panel]')].map(rect => {
    const x = +rect.getAttribute('x'), y = +rect.getAttribute('y');
    const t = [...svg.querySelectorAll('text')].find(e => +e.getAttribute('x') === x + 32 && +e.getAttribute('y') === y + 18);
    const b = t.getBBox(), r = rect.getBBox();
    return {seat: +rect.getAttribute('data-seat-panel'), text: t.textContent, size: parseFloat(getComputedStyle(t).fontSize),
            inside: b.x >= r.x && b.x + b.width <= r.x + r.width && b.y >= r.y && b.y + b.height <= r.y + r.height};
  });
}"""


def test_isola_seat_panel_names_are_whole_and_full_size(server, browser):
    with my_turn_at(browser, server, "isola-dei-vulcani", LAPTOP) as page:
        names = [n.strip() for n in page.locator("#players .player .who").all_text_contents()]
        heads = page.evaluate(ISOLA_HEADS)
        page.locator("#board svg.board").screenshot(path=os.path.join(SHOTS, "room-isola-heads-1366.png"))
    assert len(heads) == 2 and len(names) == 2, (heads, names)
    assert any("computer, random" in n for n in names), names
    for h in heads:
        assert names[h["seat"]].split(" (you)")[0] in h["text"] and "…" not in h["text"], (h, names)
        assert h["inside"], h
    # the same size for every seat, and not smaller than the panel's lines below it (13.5 px)
    assert len({h["size"] for h in heads}) == 1 and heads[0]["size"] >= 13.5, heads
