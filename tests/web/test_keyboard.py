"""Keyboard play: every legal target of the board and every move button is reachable with Tab
and chosen with Enter; a whole game is played that way."""
import os

from .conftest import SHOTS, create_table

# the focused element (the start of its HTML) when it is a legal target, else false
TARGET = ("(() => { const a = document.activeElement; if (!a) return false;"
          " return a.matches('svg .clickable[tabindex], #picker button[data-pick], #confirm') && a.outerHTML.slice(0, 120); })()")
# once the page shows this seat's decision or the game's end: whether the game is over, and
# the legal target that has the focus, if one has (one look instead of a round trip per question)
READY = ("() => { const s = document.querySelector('#status');"
         " if (!(s && (document.querySelector('#picker') || s.textContent.includes('Game over')))) return false;"
         f" return {{over: s.textContent.includes('Game over'), target: {TARGET}}}; }}")


def test_a_whole_game_played_with_the_keyboard(server, page):
    create_table(page, server, "stromboli", players=2, bots="random")
    presses = 0
    for _ in range(3000):
        now = page.wait_for_function(READY, timeout=30_000).json_value()
        if now["over"]:
            break
        # Tab until a legal target has the focus (the focus stays on the board after a choice)
        focused = now["target"]
        for _ in range(300):
            if focused:
                break
            page.keyboard.press("Tab")
            presses += 1
            focused = page.evaluate(TARGET)
        else:
            raise AssertionError("no legal target reachable with Tab")
        assert "cancel" not in focused
        page.keyboard.press("Enter")
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
