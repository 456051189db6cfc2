import itertools
import json
import os
import tempfile

import pytest

from lapilli.testing.server import ServerProcess

from lapilli.testing.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: F401 (the browser tests' own launches use them)
from lapilli.testing.browser import next_target, press
from lapilli.testing.tour import open_table
SHOTS = os.environ.get("LAPILLI_SCREENSHOTS", os.path.join(tempfile.gettempdir(), "lapilli-screenshots"))


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """A real `lapilli serve` on 127.0.0.1 with its own SQLite database."""
    where = tmp_path_factory.mktemp("web")
    with ServerProcess(where, "web", f"sqlite:///{where / 'web.db'}", args=("--bot-workers", "2", "--bot-pace", "0"),
                       LAPILLI_EXTRA_GAMES="nim=tests.engine.nim_game,toy=tests.engine.toy_game",
                       LAPILLI_CREATE_RATE="10000/minute",  # every test creates its tables from 127.0.0.1
                       LAPILLI_SIGNUP_RATE="10000/hour",  # and signs up from there
                       LAPILLI_TEST_SEEDS="1",  # the tables the tests create are dealt from seeds (create_table)
                       LAPILLI_COACH_ITERATIONS="20", LAPILLI_COACH_SAMPLES="2") as s:  # reviews of whole games stay quick
        yield s.url


@pytest.fixture
def browser():
    """The test process's Chromium: started by the first browser test, stopped before the first
    test elsewhere (lapilli.testing.browser; tests/conftest.py stops it)."""
    from lapilli.testing import browser as chromium

    return chromium.browser()


@pytest.fixture
def page(browser):
    ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    pg = ctx.new_page()
    yield pg
    ctx.close()


def wait_my_turn(page):
    """Wait until this page may move (the move picker is shown) or the game is over."""
    page.wait_for_function(
        "() => document.querySelector('#picker') || (document.querySelector('#status') || {}).textContent?.includes('Game over')",
        timeout=30_000)


# the seed every table a browser test creates in the lobby is dealt from, unless the test names
# another (seed_next_table)
TABLE_SEED = 1


def create_table(page, server, game, players=2, bots="random", options=None, seed=TABLE_SEED):
    """Create a table in the lobby as a person would (lapilli.testing.tour.open_table): this page
    takes seat 0, every other seat is the computer player ``bots``; ``options`` sets the lobby's
    option fields (values as JSON, the way the lobby offers them); the table is dealt from
    ``seed`` (None: the server draws it).  The page's moves are recorded (record_acts).  Returns
    when the table page has opened."""
    record_acts(page)
    open_table(page, server, game, players, bots, options, seed=seed)


def record_acts(page):
    """Keep every move the page sends over its WebSockets (``page.sent_acts``: (action, version))."""
    if hasattr(page, "sent_acts"):
        return
    page.sent_acts = []

    def on_socket(ws):
        def on_frame(payload):
            try:
                msg = json.loads(payload)
            except (TypeError, ValueError):
                return
            if isinstance(msg, dict) and msg.get("type") == "act":
                page.sent_acts.append((msg.get("action"), msg.get("version")))
        ws.on("framesent", on_frame)
    page.on("websocket", on_socket)


def click_retry(page, loc, tries=4):
    """Click; when headless Chromium stops producing animation frames (Playwright then waits
    for 'stable' until its timeout; a screenshot makes it paint again), force a frame and retry
    while the element is still there (the click may have gone through meanwhile)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _ in range(tries):
        try:
            loc.click(timeout=5_000)
            return
        except PlaywrightTimeout:
            page.screenshot()
            if not loc.count():
                return


# the page shows a decision of this seat (the move picker) or the game's end; {over: true} once the
# results are shown
READY = ("() => { const s = document.querySelector('#status'); if (!(s && (document.querySelector('#picker')"
         " || s.textContent.includes('Game over') || s.textContent.includes('Partita finita')))) return false;"
         " return document.querySelector('.score') ? {over: true} : true; }")


# The page has drawn what it shows and its layout has come to rest: no piece is sliding to its
# place (motion.js), the picker's bar height is the page's scroll padding (generic.js sets it from
# a ResizeObserver, in the frame after the bar is drawn), and the board, its view box, the bar and
# the targets are where they were at this wait's look before (``look``: a number new to each wait;
# looks 10 ms apart: wait_settled)
SETTLED = """look => {
  if (document.querySelector('.piece-motion')) return false;
  const bar = document.querySelector('#picker');
  if (bar && getComputedStyle(document.documentElement).getPropertyValue('--picker-bar').trim()
      !== `${Math.ceil(bar.getBoundingClientRect().height)}px`) return false;
  const svg = document.querySelector('#board svg.board');
  const r = e => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.width, b.height].join(','); };
  const key = [look, svg ? r(svg) + ' ' + svg.getAttribute('viewBox') : '', bar ? r(bar) : '',
               ...[...document.querySelectorAll('#board svg .clickable, #picker button')].map(r)].join(';');
  const steady = window.__lapilliLayout === key;
  window.__lapilliLayout = key;
  return steady;
}"""
_settle_looks = itertools.count()


def wait_settled(page, timeout=10_000):
    """Wait until the page has drawn what it shows and its layout has come to rest (SETTLED)."""
    page.wait_for_function(SETTLED, arg=next(_settle_looks), polling=10, timeout=timeout)


# The board as drawn: its elements, their attributes (in name order) and texts. Two drawings of the
# same position are the same whether the board was drawn afresh or changed in place (the order in
# which an element's attributes were set is not part of what is shown)
DRAWING = """() => {
  const walk = n => n.nodeType === Node.TEXT_NODE ? n.data : n.nodeType !== Node.ELEMENT_NODE ? '' :
    `<${n.tagName} ${[...n.attributes].map(a => `${a.name}="${a.value}"`).sort().join(' ')}>${[...n.childNodes].map(walk).join('')}</${n.tagName}>`;
  return [...document.querySelector('#board').childNodes].map(walk).join('');
}"""


def play_to_the_end(page, max_clicks=4000, board="svg .clickable"):
    """Play this seat to the end by clicking: what the board highlights, else a token button of
    the picker, else confirm."""
    # One wait per click, in the page: it returns once the game is over, or where to click (the
    # first selector present, in view, uncovered and still), instead of a round trip per check
    for _ in range(max_clicks):
        target = next_target(page, [board, "#picker button[data-pick]", "#confirm"], ready=READY)
        if target.get("over"):
            return
        press(page, target)
    raise AssertionError("the game did not end")


def wait_logged(page, action):
    """Wait until the page has sent ``action`` (its exact notation) and the table's log narrates
    that act as this seat's own ("You ..."): the click sent the right move and the server took it.
    The log itself shows sentences, not notation (what a seat may read of an act); on failure say
    what the page shows."""
    for _ in range(300):
        sent = [v for a, v in getattr(page, "sent_acts", []) if a == action]
        if sent:
            break
        page.wait_for_timeout(50)
    else:
        raise AssertionError(f"{action!r} was not sent; sent {getattr(page, 'sent_acts', [])[-4:]}")
    ply = (sent[-1] or 0) + 1
    try:
        page.wait_for_function(
            "n => [...document.querySelectorAll('#log .entry')].some(d => +d.dataset.n === n"
            " && (d.querySelector('.text') || {}).textContent?.startsWith('You '))"
            " && !document.querySelector('#error')",
            arg=ply, timeout=15_000)
    except Exception:
        err = page.locator("#error").all_text_contents()
        log = page.eval_on_selector_all("#log .entry", "ds => ds.slice(0, 6).map(d => d.dataset.n + ' ' + d.textContent)")
        raise AssertionError(f"{action!r} (ply {ply}) not logged; error {err}; log {log}") from None
    return page.locator(f"#log .entry[data-n='{ply}'] .text").text_content()


# A browser test takes seconds (a page and a server round trip per click). The fast tier keeps the
# lobby's two tests of test_browser.py (the browser, the server and the client's scripts start and
# talk); the whole suite runs every browser test.
_FAST = {("test_browser.py", "test_interface_in_italian"), ("test_browser.py", "test_the_lobby_pages_through_open_tables")}


def pytest_collection_modifyitems(config, items):
    here = os.path.dirname(os.path.abspath(__file__))
    for item in items:
        if os.path.dirname(str(item.fspath)) == here and (item.fspath.basename, item.originalname) not in _FAST:
            item.add_marker(pytest.mark.slow)
