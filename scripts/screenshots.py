"""Screenshots of every game at its set-up, mid-game and end, at 1366x768, 1400x1000 and 390x844,
written to docs/screenshots/<game>-<moment>-<size>.png (moment: setup, midgame, end).

    PYTHONPATH=src python scripts/screenshots.py [--server URL] [--out DIR] [--games a,b]

Without --server it starts its own `lapilli serve` on 127.0.0.1 (a fresh SQLite database, the
computer playing at once).  Each game is played by clicking against random computer seats
(lapilli.testing.tour, the moments the accessibility test checks): once in a desktop window,
photographed at 1366x768 and 1400x1000 (the window resized), and once on a phone (390x844, touch).
Needs Playwright and Debian's Chromium (/usr/bin/chromium), as the browser tests do."""
from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
import time
from pathlib import Path

from lapilli.testing.server import ServerProcess
from lapilli.testing.tour import tour

GAMES = ["isola-dei-vulcani", "stromboli", "kingdomino-origins", "the-island", "eruption"]
DESKTOP = [(1366, 768), (1400, 1000)]
PHONE = (390, 844)
NAMES = {"set-up": "setup", "mid-game": "midgame", "end": "end"}
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


@contextlib.contextmanager
def a_server(url: str | None):
    if url:
        yield url
        return
    with tempfile.TemporaryDirectory() as where, \
            ServerProcess(where, "screenshots", f"sqlite:///{Path(where) / 'shots.db'}",
                          args=("--bot-workers", "2", "--bot-pace", "0")) as s:
        yield s.url


def photograph(browser, server: str, game: str, out: Path, phone: bool, locale: str) -> list[Path]:
    sizes = [PHONE] if phone else DESKTOP
    extra = dict(is_mobile=True, has_touch=True) if phone else {}
    ctx = browser.new_context(locale=locale, viewport={"width": sizes[0][0], "height": sizes[0][1]}, **extra)
    page = ctx.new_page()
    written = []

    def stop(moment, detail):
        if moment not in NAMES:
            return
        page.wait_for_timeout(700)  # the newest chance has popped in
        for w, h in sizes:
            page.set_viewport_size({"width": w, "height": h})
            page.wait_for_timeout(150)
            path = out / f"{game}-{NAMES[moment]}-{w}x{h}.png"
            page.screenshot(path=str(path), full_page=True)
            written.append(path)
        page.set_viewport_size({"width": sizes[0][0], "height": sizes[0][1]})

    try:
        tour(page, server, game, stop)
    finally:
        ctx.close()
    return written


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--server", help="a started `lapilli serve` (default: start one on 127.0.0.1)")
    ap.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "docs" / "screenshots"))
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--locale", default="en-US")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    a = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    with a_server(a.server) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=a.chromium, headless=True, args=CHROMIUM_ARGS)
        for game in a.games.split(","):
            for phone in (False, True):
                t0 = time.monotonic()
                written = photograph(browser, server, game, out, phone, a.locale)
                print(f"{game} {'phone' if phone else 'desktop'}: {len(written)} screenshots in "
                      f"{time.monotonic() - t0:.0f} s", file=sys.stderr)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
