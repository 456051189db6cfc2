"""Phones and desktops: at 390x844 (a phone, played by taps) and at 1280x800, every game is played
to the end against computers; at every decision the page has no horizontal scrolling and every
target offered is at least 24 x 24 px (WCAG 2.2 target size): on the phone the board zooms in
where its targets are denser than that; with a mouse a target drawn smaller is hit within a pad
of 24 px around it.  At the end the page shows each seat's score and the record's download, and
the board it changed in place move after move is the board drawn afresh for the final position
(the page reloaded).  (test_browser.py plays the engine's test game the same way.)"""
import os

import pytest

from lapilli.testing.browser import next_target, press

from .conftest import DRAWING, SHOTS, create_table
from lapilli.testing.tour import SHORT

GAMES = ["isola-dei-vulcani", "stromboli", "kingdomino-origins", "the-island", "eruption"]
VIEWPORTS = {"phone": dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=2),
             "desktop": dict(viewport={"width": 1280, "height": 800})}
READY = ("() => { const s = document.querySelector('#status');"
         " return s && (document.querySelector('#picker') || s.textContent.includes('Game over')); }")
MEASURE = """() => {
  const boxes = [...document.querySelectorAll('svg .clickable, #picker button, #confirm')].map(e => {
    // with a mouse, a target drawn small is hit within its pad (boards/generic.js, LapilliHitPads)
    const p = e.dataset && e.dataset.token && document.querySelector(`svg .hit-pad[data-pad-for="${CSS.escape(e.dataset.token)}"]`);
    const r = (p || e).getBoundingClientRect();
    return {w: r.width, h: r.height, what: (e.getAttribute('data-token') || e.getAttribute('aria-label') || e.id || e.textContent || '').slice(0, 20)};
  });
  const header = document.querySelector('header');
  return {overflow: document.documentElement.scrollWidth - window.innerWidth,
          headerOverflow: header.scrollWidth - header.clientWidth,
          small: boxes.filter(b => b.w < 24 || b.h < 24), offered: boxes.length};
}"""

# one wait per decision, in the page: once READY, whether the game is over, else where to click or
# tap (next_target) and the measures, taken in the same look
OVER = f"() => ({READY})() && (document.querySelector('.score') ? {{over: true}} : true)"


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("game", GAMES)
def test_play_to_the_end_with_big_enough_targets(server, browser, game, size):
    ctx = browser.new_context(locale="en-US", **VIEWPORTS[size])
    page = ctx.new_page()
    try:
        create_table(page, server, game, players=2, bots="random", options=SHORT.get(game))
        decisions = 0
        for _ in range(4000):
            look = next_target(page, ["svg .clickable", "#picker button[data-pick]", "#confirm"], ready=OVER, also=MEASURE)
            if look.get("over"):
                break
            m = look["also"]
            assert m["overflow"] <= 0, f"{m['overflow']} px of horizontal scrolling"
            assert m["headerOverflow"] <= 0, f"the header's links and buttons overflow it by {m['headerOverflow']} px"
            assert not m["small"], m["small"][:5]
            if decisions == 3:
                os.makedirs(SHOTS, exist_ok=True)
                page.screenshot(path=os.path.join(SHOTS, f"{size}-{game}.png"))
            press(page, look, tap=size == "phone")
            decisions += 1
        else:
            raise AssertionError("the game did not end")
        assert page.locator(".score").count() == 2
        assert page.locator("#download").count() == 1
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
        # the board changed in place move after move is the board drawn afresh for the same position
        page.wait_for_function("() => !document.querySelector('.piece-motion')")  # no piece mid-slide
        kept = page.evaluate(DRAWING)
        page.reload()
        page.wait_for_selector(".score")
        assert page.evaluate(DRAWING) == kept
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"{size}-{game}-end.png"), full_page=True)
    finally:
        ctx.close()
