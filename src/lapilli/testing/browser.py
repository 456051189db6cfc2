"""One Chromium (through Playwright's sync API) per test process, started when a browser test
first asks for it and stopped before the first test that is not a browser test.

Playwright's sync API keeps an asyncio event loop running in the main thread while it is
started; a test elsewhere that calls ``asyncio.run`` in that thread would fail ("cannot be
called from a running event loop"). The test runner hands a process its browser tests first
(the longest files first), so one start serves them all, and stopping it afterwards leaves the
thread to the other tests; a browser test that comes later starts it again."""
from __future__ import annotations

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

_playwright = None
_browser = None


def browser():
    """The process's Chromium, started on first use."""
    global _playwright, _browser
    if _browser is None:
        from playwright.sync_api import sync_playwright

        _playwright = sync_playwright().start()
        try:
            _browser = _playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        except BaseException:
            stop()
            raise
    return _browser


def running() -> bool:
    return _playwright is not None


def stop() -> None:
    """Close Chromium and stop Playwright (its event loop with it); nothing when not started."""
    global _playwright, _browser
    b, p, _browser, _playwright = _browser, _playwright, None, None
    try:
        if b is not None:
            b.close()
    finally:
        if p is not None:
            p.stop()
