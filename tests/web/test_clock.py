"""Clocks and "My tables" in the browser: a table created in the lobby with a real-time clock
shows every seat's clock with the running one highlighted, and counting down; a turn-based table
with a friend appears in both players' "My tables", marked "Your turn" for the one to move."""
import os
import re

from lapilli.testing.browser import seed_next_table

from .conftest import SHOTS, TABLE_SEED
from .support import serious


def _clock_seconds(text: str) -> float:
    """'9:58' -> 598, '23 h 59 min' -> 86340."""
    m = re.match(r"(\d+):(\d+)", text)
    if m:
        return int(m[1]) * 60 + int(m[2])
    m = re.match(r"(\d+) h (\d+) min", text)
    return int(m[1]) * 3600 + int(m[2]) * 60


def test_a_clocked_table_shows_each_seats_clock_and_the_running_one(server, page):
    seed_next_table(page, TABLE_SEED)
    page.goto(server + "/")
    page.select_option("#game", "nim")
    page.select_option("#players", "2")
    page.select_option("[data-seat='1']", "random")
    page.fill("#my-name", "Marta")
    page.wait_for_selector("#clock option[value='10m+10s']", state="attached")
    page.select_option("#clock", "10m+10s")
    page.click("#create")
    page.wait_for_url("**/t/**")
    page.wait_for_selector(".seat-clock.running")
    # seat 0 (the creator) is to move: her clock runs, the computer's waits at the full bank
    mine = page.locator(".player[data-seat='0'] .seat-clock")
    theirs = page.locator(".player[data-seat='1'] .seat-clock")
    assert "running" in mine.get_attribute("class") and "running" not in theirs.get_attribute("class")
    assert theirs.locator(".clock-time").inner_text() == "10:00"
    assert "10 min + 10 s a move" in page.locator("#clock-kind").inner_text()
    first = _clock_seconds(mine.locator(".clock-time").inner_text())
    page.wait_for_function("""(first) => {
        const t = document.querySelector(".player[data-seat='0'] .clock-time").textContent.split(":");
        return +t[0] * 60 + +t[1] < first; }""", arg=first, timeout=10_000)  # it counts down
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, "clock-table.png"), full_page=True)
    assert serious(page) == []
    # a move: the computer answers at once and it is her turn again, her bank given its increment
    page.fill("#notation", "take 1")
    page.click("#send")
    page.wait_for_function("() => document.querySelectorAll('#log .entry[data-n]').length >= 2 && document.querySelector('#notation')",
                           timeout=30_000)
    page.wait_for_selector(".player[data-seat='0'] .seat-clock.running")
    assert _clock_seconds(page.locator(".player[data-seat='0'] .clock-time").inner_text()) > 600


def test_my_tables_marks_where_it_is_your_turn(server, browser):
    contexts = [browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900}) for _ in range(2)]
    ann, bob = (c.new_page() for c in contexts)
    try:
        ann.goto(server + "/")
        ann.select_option("#game", "nim")
        ann.select_option("#players", "2")
        ann.select_option("[data-seat='1']", "open")
        ann.fill("#my-name", "Ann")
        ann.wait_for_selector("#clock option[value='24h']", state="attached")
        ann.select_option("#clock", "24h")
        ann.click("#create")
        ann.wait_for_url("**/t/**")
        tid = ann.url.rstrip("/").split("/")[-1]
        bob.goto(ann.url)
        bob.fill("#name", "Bob")
        bob.click("#join")
        bob.wait_for_selector(".seat-clock.running")
        # Ann gives an address for "your turn" e-mail at the table
        ann.goto(ann.url)
        ann.click("#notices summary")
        ann.fill("#notice-email", "ann@example.org")
        ann.click("#notice-save")
        ann.wait_for_function("() => document.querySelector('#notice-note').textContent.includes('ann@example.org')")

        ann.click("#my-tables-link")
        ann.wait_for_url("**/mine")
        row = ann.locator(f".my-table[data-table='{tid}']")
        row.wait_for()
        assert row.get_attribute("data-your-turn") == "true" and "Your turn" in row.inner_text()
        assert "Ann (you), Bob" in row.inner_text() and "23 h" in row.inner_text()
        os.makedirs(SHOTS, exist_ok=True)
        ann.screenshot(path=os.path.join(SHOTS, "my-tables-your-turn.png"), full_page=True)
        assert serious(ann) == []

        bob.goto(server + "/mine")
        brow = bob.locator(f".my-table[data-table='{tid}']")
        brow.wait_for()
        assert brow.get_attribute("data-your-turn") == "false" and "To move: Ann" in brow.inner_text()

        # Ann moves: the mark goes to Bob
        ann.goto(f"{server}/t/{tid}")
        ann.wait_for_selector("#notation")
        ann.fill("#notation", "take 2")
        ann.click("#send")
        ann.wait_for_selector(".player[data-seat='1'] .seat-clock.running")
        bob.goto(server + "/mine")
        bob.locator(f".my-table[data-table='{tid}'][data-your-turn='true']").wait_for()
        bob.screenshot(path=os.path.join(SHOTS, "my-tables-bob.png"), full_page=True)
    finally:
        for c in contexts:
            c.close()
