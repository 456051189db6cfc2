"""The move picker's steps: a choice that does not yet make a move draws the board again and
leaves the rest of the table as it is; a choice that makes a move sends it once, and the board
left on screen until the server answers offers nothing more."""
from playwright.sync_api import expect

from lapilli.testing.browser import next_target

from .conftest import READY, create_table

# a click at (x, y) and what it changed, looked at in the same task (no view from the server can be drawn
# between): {step: the picker's bar is still there with more tokens chosen, kept: whether the log, the
# status and the players are the very same elements, board: whether the board was drawn again (the
# targets it offers are others: the next part of the move), inPlace: whether the board's element is
# the same (changed in place, not drawn afresh)}
CLICK = """([x, y]) => {
    const bar = () => { const b = document.querySelector('#picker'); return b && ((b.querySelector('.chosen') || {}).textContent || ''); };
    const side = ['#log', '#status', '#players'].map(q => document.querySelector(q));
    const offered = () => [...document.querySelectorAll('#board svg .clickable')].map(e => e.dataset.token).join(' ');
    const svg = document.querySelector('#board svg'), targets = offered(), before = bar();
    document.elementFromPoint(x, y).dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, clientX: x, clientY: y}));
    const after = bar();
    return {step: after !== null && after.length > (before || '').length,
            kept: ['#log', '#status', '#players'].map((q, i) => document.querySelector(q) === side[i]),
            board: offered() !== targets,
            inPlace: document.querySelector('#board svg') === svg,
            targets: document.querySelectorAll('svg .clickable').length};
}"""


def test_a_choice_that_makes_no_move_yet_draws_the_board_alone(server, page):
    # The Island: a move of an explorer is a piece, then the spaces it goes through
    create_table(page, server, "the-island", players=2, bots="random")
    for _ in range(300):
        target = next_target(page, ["svg .clickable", "#picker button[data-pick]"], ready=READY)
        assert not target.get("over"), "the game ended before a choice left a move unfinished"
        seen = page.evaluate(CLICK, [target["x"], target["y"]])
        if not seen["step"]:
            continue  # the click sent a move (the bar went), or started again: not a step
        assert seen["kept"] == [True, True, True], seen
        assert seen["board"] and seen["targets"] > 0, seen  # drawn again, offering the next part of the move
        assert seen["inPlace"], seen  # changed where it differs (LapilliDrawBoard)
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


def test_a_move_adds_its_line_to_the_log_and_the_lines_there_stay(server, page):
    # the log is not made again at every view: the lines already shown are the same elements after
    # a move, newest first, and the log reads as a page drawn afresh reads it
    create_table(page, server, "stromboli", players=2, bots="random")
    page.wait_for_function(READY, timeout=30_000)
    page.wait_for_selector("#log .entry")
    page.evaluate("() => { window.__lines = [...document.querySelectorAll('#log > *')]; }")
    before = page.locator("#log .entry").count()
    page.fill("#notation", page.locator("#legal-list option").first.get_attribute("value"))
    page.click("#send")
    page.wait_for_function("n => document.querySelectorAll('#log .entry').length > n", arg=before, timeout=30_000)
    page.wait_for_function(READY, timeout=30_000)  # the computer's answer too, when it is its turn
    assert page.evaluate("() => window.__lines.every(e => e.parentNode === document.querySelector('#log'))")
    ns = [int(n) for n in page.eval_on_selector_all("#log .entry", "es => es.map(e => e.dataset.n)")]
    assert len(ns) > before and ns == sorted(ns, reverse=True), ns
    shown = page.inner_text("#log")
    page.reload()
    page.wait_for_function(READY, timeout=30_000)
    assert page.inner_text("#log") == shown
