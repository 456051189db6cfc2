"""The table page in its first minute, on a desktop (1280x800) and a phone (390x844): the header is
one row (title, players, actions) that leaves the board in view, the invite link is copied by a
button that says so, the component data is mentioned only when it is not the game's own, a desktop
shows the whole board at set-up (the zoom is for fingers; a mouse hits a target drawn smaller than
24 px within a pad of 24 px around it), every chance face
holds its text inside its shape, and a seat with no name and no colour yet is named by its place,
never "Player N".  Screenshots of each game at set-up go to the screenshot folder."""
import json
import os
import re
import urllib.request

import pytest

from lapilli.testing.browser import seed_next_table

from .conftest import SHOTS, TABLE_SEED

GAMES = ["isola-dei-vulcani", "stromboli", "kingdomino-origins", "the-island", "eruption"]
DESKTOP = dict(viewport={"width": 1280, "height": 800})
PHONE = dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=2)

GEOMETRY = """() => {
  const box = s => { const e = document.querySelector(s); if (!e) return null; const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height}; };
  const svg = document.querySelector('#board svg.board');
  const vb = svg.viewBox.baseVal;
  return {head: box('.table-head'), title: box('#title'), players: box('#players'), actions: box('.head-actions'),
          svg: box('#board svg.board'), svgWidth: svg.getBoundingClientRect().width,
          mapAspect: parseFloat(getComputedStyle(svg).getPropertyValue('--map-aspect')) || null, zoomed: svg.classList.contains('zoomed'), regions: document.querySelectorAll('.zoom-region').length,
          // a target's area for the pointer: with a mouse, a target drawn small is hit within its pad
          targets: [...document.querySelectorAll('#board svg .clickable')].map(e => {
            const p = e.dataset.token && document.querySelector(`svg .hit-pad[data-pad-for="${CSS.escape(e.dataset.token)}"]`);
            const r = (p || e).getBoundingClientRect();
            return {w: r.width, h: r.height, token: e.getAttribute('data-token')}; }),
          overflow: document.documentElement.scrollWidth - window.innerWidth};
}"""

# every chance face: its text box must lie inside the face's shape (a hexagon's slanted sides leave
# the middle three quarters of its width at the text's height; a round token a little less)
CHANCE_FIT = """() => [...document.querySelectorAll('#chance .chance-face')].map(f => {
  const v = f.querySelector('.chance-value');
  const fr = f.getBoundingClientRect(), vr = v.getBoundingClientRect();
  const kind = [...f.classList].find(c => c.startsWith('face-')).slice(5);
  const inset = {tile: 0.125, token: 0.1}[kind] || 0;
  const left = fr.left + inset * fr.width - 0.5, right = fr.right - inset * fr.width + 0.5;
  return {kind, text: v.textContent, fits: vr.left >= left && vr.right <= right && vr.top >= fr.top - 0.5 && vr.bottom <= fr.bottom + 0.5
          && v.scrollWidth <= Math.ceil(vr.width) + 1};
})"""


def _table(browser, server, game, size, locale="en-US", players=2, bots="random", name=None):
    ctx = browser.new_context(locale=locale, **(DESKTOP if size == "desktop" else PHONE))
    page = ctx.new_page()
    seed_next_table(page, TABLE_SEED)
    page.goto(server + "/")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    for seat in range(1, players):
        page.select_option(f"[data-seat='{seat}']", bots)
    if name is not None:
        page.fill("#my-name", name)
    page.click("#create")
    page.wait_for_url("**/t/**")
    page.wait_for_selector("#picker", timeout=30_000)
    page.wait_for_timeout(300)
    return ctx, page


@pytest.mark.parametrize("game", GAMES)
def test_desktop_header_is_one_row_and_the_board_is_in_view_unzoomed(server, browser, game):
    ctx, page = _table(browser, server, game, "desktop")
    try:
        g = page.evaluate(GEOMETRY)
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"setup-desktop-{game}.png"))
        # title, players and actions share one row: the header card is one line high
        for part in ("players", "actions"):
            assert abs((g[part]["top"] + g[part]["bottom"]) / 2 - (g["title"]["top"] + g["title"]["bottom"]) / 2) < 12, (part, g)
        assert g["head"]["height"] < 70, g["head"]
        # the board starts right below it and its map is seen whole: the drawings no taller than
        # wide (Isola, Kingdomino Origins) entirely, the islands drawn above their player panels
        # (Stromboli, The Island, Eruption) down to their shore (the board's --map-aspect: its
        # width over the island's height)
        assert g["svg"]["top"] < 160, g["svg"]
        if game in ("isola-dei-vulcani", "kingdomino-origins"):
            assert g["svg"]["bottom"] <= 800, g["svg"]
        else:
            assert g["mapAspect"], f"{game}: the board gives no --map-aspect"
            assert g["svg"]["top"] + g["svgWidth"] / g["mapAspect"] <= 801, g
        if game == "the-island":
            assert page.locator("#board svg polygon[data-token='12,4']").bounding_box()["y"] + 20 <= 800
        # a desktop shows the whole board: no region zoom when every target is large enough
        assert g["targets"] or page.locator("#picker button[data-pick]").count(), f"{game}: nothing offered at set-up"
        assert all(t["w"] >= 24 and t["h"] >= 24 for t in g["targets"]), [t for t in g["targets"] if t["w"] < 24 or t["h"] < 24][:4]
        assert not g["zoomed"] and not g["regions"], f"{game}: the desktop board is zoomed at set-up"
        assert page.locator("#zoom-out").count() == 0
        # the game's own component data is not announced; the raw invite address is not printed
        assert page.locator("#table-dataset").count() == 0
        assert "Component data" not in page.inner_text(".table-head")
        assert "http" not in page.inner_text(".table-head")
        assert g["overflow"] <= 0
    finally:
        ctx.close()


@pytest.mark.parametrize("game", ["kingdomino-origins", "stromboli"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_every_chance_face_holds_its_text(server, browser, game, size):
    """Kingdomino Origins draws a row of four tiles at set-up (one hexagon each), Stromboli turns up
    its palm cards (one card each, side by side in one item)."""
    ctx, page = _table(browser, server, game, size)
    try:
        page.wait_for_selector("#chance .chance-face")
        page.wait_for_timeout(700)  # the newest chance has popped in
        faces = page.evaluate(CHANCE_FIT)
        os.makedirs(SHOTS, exist_ok=True)
        page.locator("#chance").screenshot(path=os.path.join(SHOTS, f"chance-{size}-{game}.png"))
        assert faces and all(f["fits"] for f in faces), [f for f in faces if not f["fits"]]
        if game == "kingdomino-origins":
            # the row of tiles drawn: one hexagon per tile, each with one tile number
            row = page.locator("#chance .chance-item[data-name='tiles']").first
            numbers = row.locator(".chance-value").all_inner_texts()
            assert len(numbers) == 4 and all(re.fullmatch(r"\d+", n) for n in numbers), numbers
            log = page.locator(f"#log .log-chance[data-n='{row.get_attribute('data-n')}']").inner_text()
            assert all(n in log for n in numbers), (numbers, log)
        else:
            # the cards laid at set-up are one item of several cards, not one item per card
            assert page.locator("#chance .chance-item[data-name='palm-card']").count() == 1
            assert page.locator("#chance .chance-item[data-name='palm-card'] .chance-face").count() >= 2
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    finally:
        ctx.close()


def test_the_invite_link_is_copied_by_a_button_that_says_so(server, browser):
    ctx = browser.new_context(locale="en-US", **DESKTOP)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    page = ctx.new_page()
    try:
        seed_next_table(page, TABLE_SEED)
        page.goto(server + "/")
        page.select_option("#game", "stromboli")
        page.select_option("[data-seat='1']", "open")
        page.click("#create")
        page.wait_for_url("**/t/**")
        button = page.locator("#copy-invite")
        assert button.inner_text() == "Copy invite link"
        button.click()
        page.wait_for_function("() => document.querySelector('#copy-invite').textContent.includes('Link copied')")
        assert page.evaluate("navigator.clipboard.readText()") == page.url
        # a browser that allows no copying (a page served over plain http): the link, selected, to copy
        page.wait_for_function("() => document.querySelector('#copy-invite').textContent === 'Copy invite link'")
        page.evaluate("Object.defineProperty(navigator, 'clipboard', {value: undefined}); document.execCommand = () => false")
        button.click()
        page.wait_for_selector("#invite-url")
        assert page.input_value("#invite-url") == page.url
        assert page.evaluate("document.activeElement.id") == "invite-url"
        assert "Copy this link" in page.inner_text("#invite-note")
        # the folded parts open over the page, one at a time
        page.click("#commitment summary")
        assert page.locator("#commitment-hash").is_visible()
        page.click("#notices summary")
        page.wait_for_function("() => !document.querySelector('#commitment').open")  # closed by the toggle of the other
        assert page.locator("#notice-email").is_visible() and not page.locator("#commitment-hash").is_visible()
    finally:
        ctx.close()


@pytest.mark.parametrize("locale,first,second,word", [("en-US", "First player", "Second player", "Player"),
                                                      ("it-IT", "Primo giocatore", "Secondo giocatore", "Giocatore")])
def test_a_seat_without_name_or_colour_is_named_by_its_place(server, browser, locale, first, second, word):
    """Eruption's players choose their colour in play: until then a person who typed no name and a
    computer go by their place in the seat order, in the lobby and at the table, never "Player 2"."""
    ctx = browser.new_context(locale=locale, **DESKTOP)
    page = ctx.new_page()
    try:
        page.goto(server + "/")
        page.evaluate("localStorage.removeItem('lapilli-name')")
        page.select_option("#game", "eruption")
        page.select_option("#players", "2")
        lobby = page.inner_text("#new-table")
        assert first in lobby and second in lobby, lobby
        assert not re.search(rf"\b{word} \d", lobby), lobby
        page.select_option("[data-seat='1']", "random")
        seed_next_table(page, TABLE_SEED)
        page.click("#create")
        page.wait_for_url("**/t/**")
        page.wait_for_selector("#picker", timeout=30_000)
        names = page.locator("#players .player .who").all_inner_texts()
        assert names[0].startswith(first) and names[1].startswith(f"{second} (computer"), names
        text = page.inner_text("#app") + " ".join(page.locator("#app svg text").all_text_contents())
        assert not re.search(rf"\b{word} \d", text), re.search(rf"\b{word} \d", text).group()
        # nothing was stored as the person's name: the seat has none, and the table names it
        tid = page.url.rsplit("/", 1)[1]
        seats = json.loads(urllib.request.urlopen(f"{server}/api/tables/{tid}").read())["seats"]
        assert seats[0]["name"] == "", seats[0]
    finally:
        ctx.close()


@pytest.mark.parametrize("game", ["isola-dei-vulcani", "the-island"])
def test_phone_header_and_board_at_set_up(server, browser, game):
    """On a phone the header wraps (title, actions, players) without horizontal scrolling, and the
    board follows right after it."""
    ctx, page = _table(browser, server, game, "phone")
    try:
        g = page.evaluate(GEOMETRY)
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"setup-phone-{game}.png"))
        assert g["overflow"] <= 0
        assert g["svg"]["top"] < 844 * 0.45, g["svg"]
        assert all(t["w"] >= 24 and t["h"] >= 24 for t in g["targets"])
    finally:
        ctx.close()
