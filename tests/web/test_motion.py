"""The last move shown as movement and the "your turn" tone, in the browser.

Movement: when a new state arrives, the pieces that moved slide from where they were to where
they went (a CSS transition of at most 400 ms on a wrapper of the piece, seen here through the
browser's own transitionrun events); nothing slides under prefers-reduced-motion: reduce.  Every
game's board names its pieces: watching the computer play, a piece of each board slides.

Tone: off by default; once turned on (remembered by the browser) a short Web Audio tone plays
when the turn passes to this page's seat, and only then (an AudioContext spy counts the tones)."""
import os

import httpx
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import SHOTS, TABLE_SEED, click_retry, create_table, wait_logged, wait_my_turn

SLIDES = """
window.__slides = []; window.__runs = [];
document.addEventListener("transitionrun", e => {
  const m = e.target.closest && e.target.closest("[data-moving]");
  if (m && e.propertyName === "transform") {
    window.__slides.push(m.dataset.moving);
    window.__runs.push({ duration: getComputedStyle(e.target).transitionDuration, to: e.target.style.transform });
  }
}, true);
"""

TONES = """
window.__tones = 0;
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  createOscillator() {
    const o = super.createOscillator();
    const start = o.start.bind(o);
    o.start = (...a) => { window.__tones += 1; return start(...a); };
    return o;
  }
};
"""


def stromboli_first_moves(page, server):
    """At a new Stromboli table against the computer, put disc 3 on a beach; returns once the
    computer has answered (the log has a line of it more than before our move)."""
    create_table(page, server, "stromboli")
    page.wait_for_selector("#picker", timeout=30_000)
    # the computer may have been first to play (the first player is drawn): its lines so far
    computer_lines = "() => [...document.querySelectorAll('#log .entry .who')].filter(w => w.dataset.seat === '1').length"
    before = page.evaluate(computer_lines)
    board = page.locator("#board svg.board")
    board.locator("[data-mark].clickable[data-token='3']").click()
    beach = board.locator("path.clickable[data-token^='b']").first
    target = beach.get_attribute("data-token")
    beach.click()
    wait_logged(page, f"place 3 {target}")
    # the rest of this seat's turn (the shaman may move or stay), until the computer has played
    computer = f"() => ({computer_lines})() > {before}"
    for _ in range(20):
        if page.evaluate(computer):
            return
        for sel in ("#board svg .clickable", "#picker button[data-pick]", "#confirm"):
            loc = page.locator(sel)
            if loc.count():
                click_retry(page, loc.first)
                break
        page.wait_for_timeout(300)
    page.wait_for_function(computer, timeout=30_000)


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_computers_disc_slides_to_its_beach_but_not_under_reduced_motion(server, browser, motion):
    ctx = browser.new_context(locale="en-US", viewport={"width": 1366, "height": 768}, reduced_motion=motion)
    page = ctx.new_page()
    page.add_init_script(SLIDES)
    try:
        stromboli_first_moves(page, server)
        if motion == "reduce":
            page.wait_for_timeout(600)  # longer than a slide would last
            assert page.evaluate("window.__slides") == []
            assert page.locator(".piece-motion").count() == 0
            return
        # the computer (seat 1) took a disc from its reserve to the island: that disc slid there
        page.wait_for_function("() => window.__slides.some(k => k.startsWith('disc1-'))", timeout=10_000)
        slid = page.evaluate("window.__slides")
        assert any(k.startswith("disc0-3") for k in slid)  # our own disc too
        # each slide lasts at most 400 ms and ends where the island shows the piece (no offset left)
        runs = page.evaluate("window.__runs")
        assert all(0 < float(r["duration"].rstrip("s")) <= 0.4 for r in runs), runs
        assert all(r["to"] == "translate(0px, 0px)" for r in runs), runs
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, "motion-stromboli-live.png"))
    finally:
        ctx.close()


@pytest.mark.parametrize("game", ["the-island", "eruption", "kingdomino-origins", "isola-dei-vulcani", "stromboli"])
def test_every_board_slides_the_pieces_that_moved(server, browser, game):
    """A spectator of a table the computer plays at every seat: as the states arrive (or, when the
    game ended first, as its replay steps), a piece of the board slides to where it went."""
    r = httpx.post(f"{server}/api/tables", json={"game": game, "players": 2, "seed": TABLE_SEED,
                                                 "seats": [{"kind": "bot", "level": "random"}] * 2}, timeout=30)
    assert r.status_code == 200, r.text
    ctx = browser.new_context(locale="en-US", viewport={"width": 1400, "height": 1000})
    page = ctx.new_page()
    page.add_init_script(SLIDES)
    try:
        page.goto(f"{server}/t/{r.json()['id']}")
        # as the computers play; a short game may be over before the page has seen a move: then
        # its replay, stepped from the start, moves the pieces the same way
        page.wait_for_function("() => window.__slides.length > 0 || document.querySelector('#replay-first')",
                               timeout=90_000)
        if not page.evaluate("window.__slides.length"):
            page.click("#replay-first")
            page.wait_for_selector("#replay-ply[data-ply='0']")
            plies = int(page.get_attribute("#replay-slider", "max"))
            for ply in range(1, min(200, plies + 1)):
                if page.evaluate("window.__slides.length"):
                    break
                page.click("#replay-next")
                page.wait_for_selector(f"#replay-ply[data-ply='{ply}']")
                page.wait_for_timeout(50)
        assert page.evaluate("window.__slides.length"), f"{game}: no piece slid"
        os.makedirs(SHOTS, exist_ok=True)
        try:  # the page redraws at every move of the computers: a picture when it paints one in time
            page.screenshot(path=os.path.join(SHOTS, f"motion-{game}.png"), timeout=10_000)
        except PlaywrightTimeout:
            pass
    finally:
        ctx.close()


# a page that paints rarely (a slow phone, a busy laptop): a move's view and the computer's quick
# answer then arrive within one frame and are drawn as one position
SLOW_FRAMES = """
window.requestAnimationFrame = cb => setTimeout(() => cb(performance.now()), 240);
"""


@pytest.mark.parametrize("frames", ["normal", "slow"])
def test_the_turn_tone_is_off_by_default_and_plays_once_per_turn_when_on(server, browser, frames):
    ctx = browser.new_context(locale="en-US", viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    page.add_init_script(TONES)
    if frames == "slow":
        page.add_init_script(SLOW_FRAMES)
    try:
        create_table(page, server, "nim", options={"pile": 21})

        def move_and_wait():
            wait_my_turn(page)
            page.wait_for_selector("#notation")
            n = page.locator("#log .entry").count()
            page.fill("#notation", "take 1")
            page.click("#send")
            # the computer answers: two more lines, and it is this seat's turn again
            page.wait_for_function("n => document.querySelectorAll('#log .entry').length >= n + 2", arg=n,
                                   timeout=30_000)
            wait_my_turn(page)

        toggle = page.locator("#sound-toggle")
        assert toggle.get_attribute("aria-pressed") == "false"  # off by default
        move_and_wait()
        assert page.evaluate("window.__tones") == 0
        toggle.click()
        assert toggle.get_attribute("aria-pressed") == "true"
        assert page.evaluate("window.__tones") == 0  # turning it on plays nothing
        move_and_wait()
        assert page.evaluate("window.__tones") == 1  # the turn came back once: one tone
        move_and_wait()
        assert page.evaluate("window.__tones") == 2
        # remembered; opening the page on one's turn plays nothing
        page.reload()
        wait_my_turn(page)
        assert page.locator("#sound-toggle").get_attribute("aria-pressed") == "true"
        assert page.evaluate("window.__tones") == 0
        page.locator("#sound-toggle").click()
        move_and_wait()
        assert page.evaluate("window.__tones") == 0  # off again
        page.set_default_timeout(5_000)
        assert "Sound" in page.locator("#sound-toggle").inner_text()
    finally:
        ctx.close()


def test_the_sound_toggle_in_italian(server, browser):
    ctx = browser.new_context(locale="it-IT", viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    try:
        create_table(page, server, "nim")
        toggle = page.locator("#sound-toggle")
        assert "Suono" in toggle.inner_text() and "spento" in toggle.get_attribute("title")
        toggle.click()
        assert "acceso" in toggle.get_attribute("title")
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
        page.locator(".table-head").screenshot(path=os.path.join(SHOTS, "sound-toggle-390.png"))
    finally:
        ctx.close()
