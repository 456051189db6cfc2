"""Hot-seat hand-over: in a game where players hold secrets, a screen shared by two people hides
everything between their turns until the next person confirms they hold the device."""
import os

from .conftest import SHOTS


def _hot_seat_table(page, server, game):
    page.goto(server + "/")
    page.select_option("#game", game)
    page.select_option("#players", "2")
    page.select_option("[data-seat='1']", "open")
    page.fill("#my-name", "Marta")
    page.check("#hotseat")
    page.fill("[data-seat-name='1']", "Luca")
    page.click("#create")
    page.wait_for_url("**/t/**")


def _assert_hidden(page, name):
    page.wait_for_selector("#hand-over")
    assert name in page.inner_text("#hand-over h2")
    # nothing of the table is drawn behind it: no board, no hand, no log, no legal moves
    assert page.locator("#board svg").count() == 0
    assert page.inner_text("#side").strip() == ""
    assert page.locator("#notation").count() == 0


def test_hand_over_screen_between_two_people_on_one_screen(server, page):
    _hot_seat_table(page, server, "eruption")
    page.wait_for_selector("#hand-over")
    first = "Marta" if "Marta" in page.inner_text("#hand-over h2") else "Luca"
    second = "Luca" if first == "Marta" else "Marta"
    _assert_hidden(page, first)
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, "hot-seat-hand-over.png"))
    page.click("#hand-over-ok")
    page.wait_for_selector("#notation")
    # play the first person's decisions until the turn passes: then the screen hides again
    for _ in range(40):
        if page.locator("#hand-over").count():
            break
        action = page.locator("#legal-list option").first.get_attribute("value")
        page.fill("#notation", action)
        page.click("#send")
        page.wait_for_function("() => document.querySelector('#hand-over') || document.querySelector('#notation')", timeout=30_000)
    _assert_hidden(page, second)
    page.click("#hand-over-ok")
    page.wait_for_selector("#notation")
    assert page.locator("#hand-over").count() == 0


def test_no_hand_over_where_nothing_is_secret(server, page):
    _hot_seat_table(page, server, "nim")
    page.wait_for_selector("#notation")
    assert page.locator("#hand-over").count() == 0
