"""The move picker's steps: a choice that does not yet make a move draws the board again and
leaves the rest of the table as it is; a choice that makes a move sends it once, and the board
left on screen until the server answers offers nothing more."""
from playwright.sync_api import expect

from lapilli.testing.browser import next_target, press

from .conftest import READY, create_table

# the picker's bar as it is now: present, and the tokens chosen so far ("" when none)
BAR = "() => { const b = document.querySelector('#picker'); return b && ((b.querySelector('.chosen') || {}).textContent || ''); }"


def test_a_choice_that_makes_no_move_yet_draws_the_board_alone(server, page):
    # The Island: a move of an explorer is a piece, then the spaces it goes through
    create_table(page, server, "the-island", players=2, bots="random")
    for _ in range(300):
        target = next_target(page, ["svg .clickable", "#picker button[data-pick]"], ready=READY)
        assert not target.get("over"), "the game ended before a choice left a move unfinished"
        before = page.evaluate(BAR)
        page.evaluate("() => { window.__side = ['#log', '#status', '#players'].map(q => document.querySelector(q));"
                      " window.__svg = document.querySelector('#board svg'); }")
        press(page, target)
        after = page.evaluate(BAR)
        if after is None or len(after) <= len(before or ""):
            continue  # the click sent a move (the bar went), or started again: not a step
        kept = page.evaluate("() => ['#log', '#status', '#players'].map((q, i) => document.querySelector(q) === window.__side[i])")
        assert kept == [True, True, True], kept
        assert page.evaluate("() => document.querySelector('#board svg') !== window.__svg")  # the board drawn again
        assert page.locator("svg .clickable").count() > 0  # offering the next part of the move
        return
    raise AssertionError("no choice left a move unfinished")


def test_a_move_is_sent_once_and_its_board_offers_nothing_until_the_answer(server, page):
    create_table(page, server, "nim", players=2, bots="random")
    page.wait_for_selector("#picker button[data-pick]")
    page.fill("#notation", page.locator("#legal-list option").first.get_attribute("value"))
    # two clicks in one task (a double click, a bouncing key): the server's answer cannot come between
    left = page.evaluate("""() => {
        const b = document.querySelector('#send');
        b.click(); b.click();
        return document.querySelectorAll('svg .clickable, .hit-pad, #picker, #notation, #send').length; }""")
    assert left == 0
    page.wait_for_function(READY, timeout=30_000)  # the answer came: the computer moved, or the game ended
    assert len(page.sent_acts) == 1, page.sent_acts  # the game's first move of this page, sent once
    expect(page.locator("#error")).to_have_count(0)
