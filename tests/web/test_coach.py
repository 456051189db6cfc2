"""The coach in the browser, in a game with hidden information (The Island) and one without
(Stromboli): "Review" after a game shows the replay on the board with an evaluation bar and the
move played and the better move drawn on it; "Hint" during a game draws the suggested move on the
board, and the hints used are shown in the result.  Screenshots go to the screenshot folder."""
import os
import time

import pytest

from .conftest import SHOTS, create_table, wait_my_turn

GAMES = ["the-island", "stromboli"]


def _shot(page, name):
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, name), full_page=True)


def _on_board(page, move):
    """Whether some token of ``move`` has an element on the board (a verb such as "pass" has none)."""
    return page.evaluate(
        "m => m.split(' ').some(t => document.querySelector(`#board svg [data-token=\"${CSS.escape(t)}\"]`))", move)


def _moves_drawn(page) -> bool:
    """The move played and the better move of the review's current decision are drawn on the
    board exactly when they have an element there; True when at least one is drawn."""
    any_drawn = False
    for which, cls in (("#review-played", ".coach-played"), ("#review-better", ".coach-better")):
        move = page.locator(which).get_attribute("data-action")
        drawn = page.locator(f"#board svg {cls}").count()
        assert drawn > 0 if _on_board(page, move) else drawn == 0, (which, move)
        any_drawn = any_drawn or drawn > 0
    return any_drawn


def _finished_table(page, server, game):
    """A table of two computer players (random) that has played to the end."""
    r = page.request.post(server + "/api/tables", data={"game": game, "players": 2, "seats": [
        {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]})
    assert r.ok, r.text()
    tid = r.json()["id"]
    page.goto(f"{server}/t/{tid}")          # watching the table loads it: its computers play
    end = time.monotonic() + 120
    while page.request.get(f"{server}/api/tables/{tid}").json()["status"] != "finished":
        assert time.monotonic() < end, "the computers' game did not end"
        page.wait_for_timeout(200)
    return tid


@pytest.mark.parametrize("game", GAMES)
def test_review_shows_the_judgement_on_the_board(server, page, game):
    tid = _finished_table(page, server, game)
    page.wait_for_selector("#review-btn", timeout=30_000)
    page.click("#review-btn")
    page.wait_for_selector("#review-played", timeout=120_000)
    # the first decision shown is one the coach faults, with its better move
    played = page.locator("#review-played")
    assert played.get_attribute("data-cls") in ("inaccuracy", "mistake", "blunder")
    better = page.locator("#review-better")
    assert better.count() == 1 and better.get_attribute("data-action") != played.get_attribute("data-action")
    # the board is the replay of the position before the move, with both moves drawn on it
    ply = int(page.locator("#review-list li.current").get_attribute("data-ply"))
    assert page.locator("#replay-ply").get_attribute("data-ply") == str(ply)
    # each move is drawn on the board where it has a piece or space there (a verb such as
    # "pass" has none and is named only)
    drawn_somewhere = _moves_drawn(page)
    bar = page.locator("#eval-bar")
    assert 0 <= float(bar.get_attribute("data-value")) <= 1
    assert "could see" in page.locator("#review").inner_text()
    _shot(page, f"coach-review-{game}.png")
    # another reviewed move from the list: the board and the bar follow
    # (until one of them has a move drawn on the board, if the first had none)
    items = page.locator("#review-list li:not(.current) a")
    for i in range(items.count() if not drawn_somewhere else min(1, items.count())):
        target = items.nth(i)
        want = target.locator("xpath=..").get_attribute("data-ply")
        target.click()
        page.wait_for_function(f"() => document.querySelector('#replay-ply')?.dataset.ply === '{want}'")
        page.wait_for_selector("#review-played")
        drawn_somewhere = _moves_drawn(page) or drawn_somewhere
        if drawn_somewhere:
            break
    assert drawn_somewhere, "no reviewed move was drawn on the board"


@pytest.mark.parametrize("game", GAMES)
def test_hint_draws_the_suggested_move_on_the_board(server, page, game):
    create_table(page, server, game, players=2, bots="random")
    wait_my_turn(page)
    page.wait_for_selector("#hint-btn")
    page.click("#hint-btn")
    page.wait_for_selector("#hint-text", timeout=60_000)
    move = page.locator("#hint-text").get_attribute("data-action")
    assert move
    # the suggested move is drawn on the board, or (a move with no piece on the board) named only
    drawn = page.locator("#board svg .coach-hint").count()
    assert drawn > 0 if _on_board(page, move) else drawn == 0
    _shot(page, f"coach-hint-{game}.png")
    tid = page.url.rsplit("/", 1)[1]
    hints = page.request.get(f"{server}/api/tables/{tid}/hints").json()
    assert hints["seats"][0]["used"] == 1


def test_the_hints_used_are_shown_in_the_result(server, page):
    from .conftest import play_to_the_end

    create_table(page, server, "nim", players=2, bots="random")
    wait_my_turn(page)
    page.click("#hint-btn")
    page.wait_for_selector("#hint-text", timeout=60_000)
    play_to_the_end(page)
    page.wait_for_selector("#hints-used", timeout=30_000)
    used = page.locator("#hints-used [data-seat='0']")
    assert used.get_attribute("data-used") == "1"
    assert "Hints used" in page.locator("#hints-used").inner_text()
    _shot(page, "coach-hints-used-nim.png")
