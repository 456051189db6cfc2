"""Keyboard play: every legal target of the board and every move button is reachable with Tab
and chosen with Enter; a whole game is played that way."""
import os

from .conftest import SHOTS, create_table

TARGET = ("(() => { const a = document.activeElement; if (!a) return false;"
          " return a.matches('svg .clickable[tabindex], #picker button[data-pick], #confirm'); })()")
OVER = "() => (document.querySelector('#status') || {}).textContent?.includes('Game over')"
READY = ("() => { const s = document.querySelector('#status');"
         " return s && (document.querySelector('#picker') || s.textContent.includes('Game over')); }")


def test_a_whole_game_played_with_the_keyboard(server, page):
    create_table(page, server, "stromboli", players=2, bots="random")
    presses = 0
    for _ in range(3000):
        page.wait_for_function(READY, timeout=30_000)
        if page.evaluate(OVER):
            break
        # Tab until a legal target has the focus (the focus stays on the board after a choice)
        for _ in range(300):
            if page.evaluate(TARGET):
                break
            page.keyboard.press("Tab")
            presses += 1
        else:
            raise AssertionError("no legal target reachable with Tab")
        focused = page.evaluate("document.activeElement.outerHTML.slice(0, 120)")
        page.keyboard.press("Enter")
        page.wait_for_timeout(20)
        assert "cancel" not in focused
    else:
        raise AssertionError("the game did not end")
    assert page.locator(".score").count() == 2
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, "keyboard-game-over.png"), full_page=True)
    assert presses > 0


def test_board_targets_have_names_and_focus_ring(server, page):
    create_table(page, server, "the-island", players=2, bots="random")
    page.wait_for_selector("svg .clickable[tabindex='0'][role='button']", timeout=30_000)
    labels = page.eval_on_selector_all("svg .clickable", "els => els.map(e => e.getAttribute('aria-label'))")
    assert labels and all(labels)
    page.focus("svg .clickable")
    stroke = page.evaluate("getComputedStyle(document.activeElement).stroke")
    assert stroke.replace(" ", "") in ("rgb(26,79,212)", "#1a4fd4")
