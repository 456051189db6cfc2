import json
import os
import subprocess
import sys
import tempfile

import pytest

from lapilli.testing.services import free_port, wait_port

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SHOTS = os.environ.get("LAPILLI_SCREENSHOTS", os.path.join(tempfile.gettempdir(), "lapilli-screenshots"))


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """A real `lapilli serve` on 127.0.0.1 with its own SQLite database."""
    port = free_port()
    db = tmp_path_factory.mktemp("web") / "web.db"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path),
               LAPILLI_EXTRA_GAMES="nim=tests.engine.nim_game,toy=tests.engine.toy_game")
    proc = subprocess.Popen([sys.executable, "-m", "lapilli", "serve", "--port", str(port),
                             "--database", f"sqlite:///{db}", "--bot-workers", "2",
                             "--bot-pace", "0"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_port(port, 30)
    except Exception:
        proc.kill()
        raise AssertionError(proc.stderr.read().decode()[-2000:])
    yield f"http://127.0.0.1:{port}"
    proc.terminate()
    proc.wait(10)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


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


def create_table(page, server, game, players=2, bots="random", options=None):
    """Create a table in the lobby as a person would: this page takes seat 0, every other seat
    is the computer player ``bots``; ``options`` sets the lobby's option fields (values as JSON,
    the way the lobby offers them).  Returns when the table page has opened."""
    page.goto(server + "/")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    for key, value in (options or {}).items():
        page.select_option(f"[data-option='{key}']", json.dumps(value))
    for seat in range(1, players):
        page.select_option(f"[data-seat='{seat}']", bots)
    page.click("#create")
    page.wait_for_url("**/t/**")


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


def play_to_the_end(page, max_clicks=4000, board="svg .clickable"):
    """Play this seat to the end by clicking: what the board highlights, else a token button of
    the picker, else confirm."""
    for _ in range(max_clicks):
        page.wait_for_function(
            "() => { const s = document.querySelector('#status'); return s && (document.querySelector('#picker')"
            " || s.textContent.includes('Game over') || s.textContent.includes('Partita finita')); }",
            timeout=30_000)
        if page.locator(".score").count():
            return
        for sel in (board, "#picker button[data-pick]", "#confirm"):
            loc = page.locator(sel)
            if loc.count():
                click_retry(page, loc.first)
                break
        page.wait_for_timeout(30)
    raise AssertionError("the game did not end")


def wait_logged(page, text):
    """Wait until a line of the game log ends with ``text``; on failure say what the page shows."""
    try:
        page.wait_for_function(
            "t => [...document.querySelectorAll('#log [data-action]')].some(d => (': ' + d.dataset.action).endsWith(t))",
            arg=text, timeout=15_000)
    except Exception:
        err = page.locator("#error").all_text_contents()
        log = page.locator("#log div").all_text_contents()[:6]
        raise AssertionError(f"{text!r} not logged; error {err}; log {log}") from None
