"""The Kingdomino Origins SVG board: clicks on highlighted squares and tiles build the right moves,
and Totem / Tribe games (4 and 3 players) can be played to the end on it.  Screenshots go to
the same folder as the generic browser test (mid-game and final)."""
import os

import pytest

from .conftest import SHOTS, create_table, play_to_the_end, wait_logged, wait_my_turn

GAME = "kingdomino-origins"


def new_table(page, server, players, mode, bots="random"):
    create_table(page, server, GAME, players, bots, {"mode": mode})


def last_log(page):
    return page.locator("#log [data-action]").first.get_attribute("data-action")


def test_clicks_build_take_and_place(server, page):
    new_table(page, server, 2, "discovery")
    # set-up: the pair choice is offered as buttons; then play until a placement is asked
    for _ in range(200):
        wait_my_turn(page)
        if page.locator("svg.kdo .hit.clickable").count() and page.locator("#picker button[data-pick]").count() == 0:
            first = page.locator("svg.kdo .hit.clickable").first
            tok = first.get_attribute("data-token")
            if tok.isdigit():  # a tile to take
                first.click()
                assert wait_logged(page, f"take {tok}").startswith(f"You take tile {tok}.")
                continue
            first.click()  # square 1 of the tile
            os.makedirs(SHOTS, exist_ok=True)
            page.screenshot(path=os.path.join(SHOTS, f"{GAME}-placing.png"), full_page=True)
            assert page.locator("svg.kdo .chosenMark").count() == 1
            second = page.locator("svg.kdo .hit.clickable").first
            tok2 = second.get_attribute("data-token")
            second.click()
            assert f" at {tok}, {tok2}." in wait_logged(page, f"place {tok} {tok2}")
            return
        loc = page.locator("#picker button[data-pick]")
        loc.first.click()
        page.wait_for_timeout(50)
    raise AssertionError("no placement was asked")


@pytest.mark.parametrize("players,mode", [(4, "totem"), (3, "tribe")])
def test_play_modes_to_the_end(server, page, players, mode):
    new_table(page, server, players, mode)
    # a few moves, a mid-game picture, then to the end
    for _ in range(14):
        wait_my_turn(page)
        for sel in ("svg .clickable", "#picker button[data-pick]", "#confirm"):
            loc = page.locator(sel)
            if loc.count():
                loc.first.click()
                break
        page.wait_for_timeout(30)
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, f"{GAME}-{mode}-{players}p-mid.png"), full_page=True)
    play_to_the_end(page)
    assert page.locator(".score").count() == players
    page.screenshot(path=os.path.join(SHOTS, f"{GAME}-{mode}-{players}p.png"), full_page=True)
