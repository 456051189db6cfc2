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
                             "--database", f"sqlite:///{db}", "--bot-workers", "2"], env=env,
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
