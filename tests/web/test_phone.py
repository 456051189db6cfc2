"""Phones: at 390x844, played by taps, every game is played to the end against computers; at every
decision the page has no horizontal scrolling and every target offered is at least 24 x 24 px
(WCAG 2.2 target size): the board zooms in where its targets are denser than that.  At the end
the page shows each seat's score and the record's download, and the board it changed in place
move after move is the board drawn afresh for the final position (the page reloaded).  A
desktop's size (1280x800, a mouse, a target drawn smaller hit within a pad of 24 px around it) is
measured the same way at every decision of test_table_story.py's whole games."""
import os

import pytest

from lapilli.testing.browser import next_target, press

from .conftest import SHOTS, create_table
from .support import MEASURE, check_targets, drawn_afresh_the_same
from lapilli.testing.tour import SHORT

GAMES = ["isola-dei-vulcani", "stromboli", "kingdomino-origins", "the-island", "eruption"]
PHONE = dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=2)
READY = ("() => { const s = document.querySelector('#status');"
         " return s && (document.querySelector('#picker') || s.textContent.includes('Game over')); }")

# one wait per decision, in the page: once READY, whether the game is over, else where to tap
# (next_target) and the measures, taken in the same look
OVER = f"() => ({READY})() && (document.querySelector('.score') ? {{over: true}} : true)"


@pytest.mark.parametrize("game", GAMES)
def test_play_to_the_end_on_a_phone_with_big_enough_targets(server, browser, game):
    ctx = browser.new_context(locale="en-US", **PHONE)
    page = ctx.new_page()
    try:
        create_table(page, server, game, players=2, bots="random", options=SHORT.get(game))
        decisions = 0
        for _ in range(4000):
            look = next_target(page, ["svg .clickable", "#picker button[data-pick]", "#confirm"], ready=OVER, also=MEASURE)
            if look.get("over"):
                break
            check_targets(look["also"])
            if decisions == 3:
                os.makedirs(SHOTS, exist_ok=True)
                page.screenshot(path=os.path.join(SHOTS, f"phone-{game}.png"))
            press(page, look, tap=True)
            decisions += 1
        else:
            raise AssertionError("the game did not end")
        assert page.locator(".score").count() == 2
        assert page.locator("#download").count() == 1
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
        drawn_afresh_the_same(page)
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"phone-{game}-end.png"), full_page=True)
    finally:
        ctx.close()
