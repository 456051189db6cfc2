"""One Chromium (through Playwright's sync API) per test process, started when a browser test
first asks for it and stopped before the first test that is not a browser test.

Playwright's sync API keeps an asyncio event loop running in the main thread while it is
started; a test elsewhere that calls ``asyncio.run`` in that thread would fail ("cannot be
called from a running event loop"). The test runner hands a process its browser tests first
(the longest files first), so one start serves them all, and stopping it afterwards leaves the
thread to the other tests; a browser test that comes later starts it again."""
from __future__ import annotations

import json

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


# Where to click the first of the selectors ``sels`` present on the page, found in the page in one
# evaluation instead of a round trip per check: the element scrolled into view, the topmost element
# at the centre of its box (nothing covers it), and that box the same at two looks in a row of one
# wait (it does not move).  The same checks a Playwright click makes before it clicks, after
# which the click itself is the mouse's (or the finger's) at that point.  false while no such
# element is there; else {sel, x, y} in the window's coordinates.
TARGET = """([sels, look]) => {
  const sel = sels.find(q => document.querySelector(q));
  if (!sel) return false;
  const e = document.querySelector(sel);
  e.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const r = e.getBoundingClientRect();
  if (!(r.width > 0 && r.height > 0)) return false;
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  if (!hit || !(hit === e || e.contains(hit))) return false;
  const box = [look, sel, r.left, r.top, r.width, r.height].join(' ');
  const steady = window.__lapilliTarget === box;
  window.__lapilliTarget = box;
  return steady && {sel, x, y};
}"""
_looks = 0


def next_target(page, sels, ready: str = "() => true", also: str = "() => null", timeout: float = 30_000,
                first: str = "() => []"):
    """Wait until the page is ``ready`` (a JS function of no argument: false while not; a value
    that is an object is returned as it is, such as {over: true}), then until the first of
    ``sels`` present can be clicked (TARGET): returns {sel, x, y, also} (``also``: what the JS
    function ``also`` returns in the same look), or ``ready``'s object.  ``first``: a JS function
    of no argument whose selectors, found in the page as it is at that look, are tried before
    ``sels``.  The page is looked at every 10 ms (not at animation frames, which headless
    Chromium sometimes stops producing)."""
    global _looks
    _looks += 1
    return page.wait_for_function(
        f"([sels, look]) => {{ const r = ({ready})(); if (!r) return false; if (typeof r === 'object') return r;"
        f" const t = ({TARGET})([[...({first})(), ...sels], look]); return t && Object.assign(t, {{also: ({also})()}}); }}",
        arg=[list(sels), _looks], polling=10, timeout=timeout).json_value()


def press(page, target: dict, tap: bool = False) -> None:
    """Click (or ``tap``) at the point next_target found."""
    if tap:
        page.touchscreen.tap(target["x"], target["y"])
    else:
        page.mouse.click(target["x"], target["y"])


def seed_next_table(page, seed):
    """The next table this page creates is dealt from ``seed``: the lobby's own request to create
    it, with the seed added (a server takes one only when started with LAPILLI_TEST_SEEDS=1).  Given
    the seed, the random and easy computers' moves follow from the person's, so a test whose
    assertions need some chance to have happened (a die rolled, an explorer saved) plays the same
    game every run, and a failure repeats."""
    dealt = []

    def add_seed(route):
        if route.request.method != "POST" or dealt:
            route.continue_()
            return
        dealt.append(seed)
        route.continue_(post_data=json.dumps(dict(json.loads(route.request.post_data or "{}"), seed=seed)))

    page.route("**/api/tables", add_seed)
