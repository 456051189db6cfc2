"""Rated play in the browser: the lobby's rated box comes with a clock; the creator's page waits
for every seat and shows everyone the start; no hint at a rated table; conceding is asked to be
confirmed, says what it does, and nothing happens when the player declines.  A rated table has one
way to give up, Concede (no Resign beside it): it ends a two-player game at once."""
from .support import sign_up


def test_a_rated_table_waits_for_its_seats_shows_the_start_and_asks_before_a_concession(server, browser):
    contexts = [browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900}) for _ in range(2)]
    ann, bob = (c.new_page() for c in contexts)
    try:
        sign_up(ann, server, "annrated", "volcano-pass-5")
        ann.select_option("#game", "nim")
        ann.select_option("#players", "2")
        ann.select_option("[data-seat='1']", "open")
        ann.wait_for_selector("#clock option[value='10m+10s']", state="attached")
        ann.check("#rated")
        assert ann.input_value("#clock") == "10m+10s"  # a rated table always has a clock
        ann.click("#create")
        ann.wait_for_url("**/t/**")
        table = ann.url
        tid = table.rstrip("/").split("/")[-1]
        ann.wait_for_function("() => (document.querySelector('#status') || {}).textContent?.includes('every seat')",
                              timeout=30_000)
        assert ann.locator("#notation").count() == 0  # no move before the start

        sign_up(bob, server, "bobrated", "volcano-pass-6")
        bob.goto(table)
        bob.click("#join")
        bob.wait_for_selector("#join", state="detached")
        for p in (ann, bob):  # the start, shown to both
            p.wait_for_selector("#started", timeout=30_000)
            assert "every seat is taken" in p.text_content("#started")
        ann.wait_for_selector("#notation", timeout=30_000)
        ann.wait_for_selector("#picker", timeout=30_000)  # the board's move picker too, without a new version
        assert ann.locator("#hint-box").count() == 0  # no coach at a rated table

        # bob concedes: the page says what it means first; declining changes nothing
        assert bob.locator("#resign").count() == 0  # one way to give up at a rated table
        messages = []

        def answer(dialog, accept):
            messages.append(dialog.message)
            dialog.accept() if accept else dialog.dismiss()

        bob.once("dialog", lambda d: answer(d, False))
        bob.click("#concede")
        assert "a loss for the rating" in messages[-1]
        assert bob.request.get(f"{server}/api/tables/{tid}").json()["status"] == "playing"
        bob.once("dialog", lambda d: answer(d, True))
        bob.click("#concede")
        ann.wait_for_function("() => (document.querySelector('#status') || {}).textContent === 'Game over'",
                              timeout=30_000)
        assert "annrated" in ann.inner_text("#winners")
    finally:
        for c in contexts:
            c.close()
