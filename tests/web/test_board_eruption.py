"""The Eruption SVG board: its tokens name the notation (every hex, village side and flow end a
legal move can name is an element of the board), clicks on it build the right moves, a mid-game
picture at 1800x1100, and a 6-player game played to the end by clicking."""
import os
import re

from lapilli.games.eruption import notation as N
from lapilli.games.eruption.data import LAYOUT, PLAYABLE, VILLAGES

from . import conftest
from .conftest import SHOTS, create_table, play_to_the_end, wait_my_turn

GAME = "eruption"
HEXES = [N.hex_label(h) for h in PLAYABLE]
SIDES = [N.side_loc(v["id"], i) for v in VILLAGES for i in range(len(v["sides"]))]
LOC = re.compile(r"^(?:[a-k]\d+|[a-k]\d+-(?:N|NE|SE|S|SW|NW)|v\d-\d)$")


def new_table(page, server, players=2, bots="random", variant=None):
    create_table(page, server, GAME, players, bots, {"variant": variant} if variant else None)


def legal_moves(page):
    return page.eval_on_selector_all("#legal-list option", "os => os.map(o => o.value)")


def click(page, locator):
    """Click, then wait until the board is drawn again (the picker's next step, or the server's
    answer), so that the next look at the page never sees the view the click came from."""
    drawing = page.locator("#board").get_attribute("data-drawing")
    locator.click()
    page.wait_for_function("n => document.querySelector('#board').dataset.drawing !== n", arg=drawing, timeout=30_000)


def wait_logged(page, action):
    return conftest.wait_logged(page, action)


def test_tokens_name_the_notation_and_clicks_send_the_moves(server, page):
    new_table(page, server, 2)
    wait_my_turn(page)
    board = page.locator("#board svg.board")
    # every playable hex and every village side carries its notation token
    for h in HEXES:
        assert board.locator(f"polygon[data-token='{h}']").count() == 1, h
    for s in SIDES:
        assert board.locator(f"[data-token='{s}']").count() == 1, s
    # set-up: seat 0 chooses first; the two villages of the 2-player layout are highlighted
    assert sorted(legal_moves(page)) == [f"village {v}" for v in LAYOUT[2]]
    for v in LAYOUT[2]:
        assert board.locator(f"polygon.clickable[data-token='{v}']").count() == 4   # the village's four cells
    click(page, board.locator(f"polygon.clickable[data-token='{LAYOUT[2][1]}']").first)
    assert wait_logged(page, f"village {LAYOUT[2][1]}").startswith(f"You choose village {LAYOUT[2][1]}.")

    placed_by_click = False
    for turn in range(400):
        wait_my_turn(page)
        if page.locator(".score").count():
            break
        legal = legal_moves(page)
        # every location a legal move names is an element of the board
        named = {t for a in legal for t in a.split()[1:] if LOC.match(t)}
        tokens = set(page.eval_on_selector_all("#board svg [data-token]", "es => es.map(e => e.dataset.token)"))
        assert named <= tokens, sorted(named - tokens)
        chosen = page.locator("#picker .chosen")
        if not placed_by_click and chosen.count() and chosen.text_content().startswith("place"):
            # a lava tile to place: click a highlighted hex, then (if asked) a rotation preview
            hexes = board.locator("polygon.clickable[data-token]")
            h = hexes.first.get_attribute("data-token")
            assert h in HEXES
            rots = sorted(a.split()[2] for a in legal if a.startswith(f"place {h} "))
            click(page, hexes.first)
            # the tile's six rotations are drawn; the legal ones on that hex are highlighted
            assert page.locator("#picker .chosen").text_content().startswith(f"place {h}")
            previews = board.locator("polygon[data-token]").evaluate_all("es => es.map(e => e.dataset.token)")
            assert sorted(t for t in previews if t in "012345") == list("012345")
            assert sorted(board.locator("polygon.clickable[data-token]").evaluate_all("es => es.map(e => e.dataset.token)")) == rots
            click(page, board.locator(f"polygon.clickable[data-token='{rots[-1]}']"))
            told = wait_logged(page, f"place {h} {rots[-1]}")
            # the tile is placed, or the walls it reaches all hold and it is not (a roll of the dice)
            assert f" at {h}, rotation {rots[-1]}." in told or told.endswith(f"The walls around {h} hold."), told
            placed_by_click = True
            continue
        if placed_by_click and turn >= 30:
            break
        for sel in ("svg .clickable", "#picker button[data-pick]", "#confirm"):
            loc = page.locator(sel)
            if loc.count():
                click(page, loc.first)
                break
    assert placed_by_click
    os.makedirs(SHOTS, exist_ok=True)
    page.set_viewport_size({"width": 1800, "height": 1100})
    page.wait_for_timeout(300)
    page.locator("#board").screenshot(path=os.path.join(SHOTS, f"{GAME}-midgame.png"))


def test_six_players_to_the_end(server, page):
    new_table(page, server, 6)
    play_to_the_end(page)
    assert page.locator(".score").count() == 6
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, f"{GAME}-6p.png"), full_page=True)


def test_lava_rain_stacks_are_taken_by_clicking(server, page):
    """Lava Rain (ERU-18): the three face-up tiles are drawn with their stack numbers as tokens."""
    new_table(page, server, 3, variant="lava_rain")
    took = False
    for _ in range(300):
        wait_my_turn(page)
        if page.locator(".score").count():
            break
        stacks = page.locator("#board svg polygon.clickable[data-token='1'], #board svg polygon.clickable[data-token='2'], "
                              "#board svg polygon.clickable[data-token='3']")
        if not took and stacks.count() and legal_moves(page)[0].startswith("take"):
            tok = stacks.first.get_attribute("data-token")
            click(page, stacks.first)
            assert f" from stack {tok}." in wait_logged(page, f"take {tok}")
            took = True
            continue
        for sel in ("svg .clickable", "#picker button[data-pick]", "#confirm"):
            loc = page.locator(sel)
            if loc.count():
                click(page, loc.first)
                break
    assert took
    play_to_the_end(page)
    assert page.locator(".score").count() == 3


def test_board_in_italian(server, browser):
    ctx = browser.new_context(locale="it-IT", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    try:
        new_table(page, server, 2)
        wait_my_turn(page)
        txt = page.locator("#board svg.board").text_content()
        assert "Termometro" in txt and "Riserva" in txt and "Legenda" in txt
    finally:
        ctx.close()
