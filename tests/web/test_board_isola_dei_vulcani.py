"""The L'Isola dei Vulcani SVG board: its tokens name the notation (every hex, space, crater and
volcano of the continent, drawn from what the server sends), a click on a highlighted element
sends the right move, a 4-player table against computer opponents is played to the end by
clicking, and an advanced-setup continent is drawn without errors.  Screenshots go to the same
folder as the generic browser test."""
import os

import lapilli

from lapilli.testing.browser import next_target, press

from .conftest import SHOTS, click_retry as click, create_table, play_to_the_end, wait_logged, wait_my_turn

GAME = "isola-dei-vulcani"
VERBS = {"land", "move", "carry", "village", "colonist", "carve", "erect", "pray", "end",
         "save", "done", "erupt", "rescue", "skip"}


def new_table(page, server, players, setup="standard", bots="random", max_rounds=None):
    options = {"setup": setup} if max_rounds is None else {"setup": setup, "max_rounds": max_rounds}
    create_table(page, server, GAME, players, bots, options)


def board_tokens(page, selector="svg.isola [data-token]"):
    return page.eval_on_selector_all(selector, "els => els.map(e => e.getAttribute('data-token'))")


def click_one(page):
    """One click as a player would: a highlighted board element, else a verb button, else confirm."""
    target = next_target(page, ("svg.isola .clickable", "#picker button[data-pick]", "#confirm"),
                         ready="() => document.querySelector('.score') ? {over: true} : true")
    if target.get("over"):
        return None
    press(page, target)
    return target["sel"]


def test_board_tokens_name_the_notation(server, page):
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    new_table(page, server, 2)
    wait_my_turn(page)
    geo = lapilli.new_game(GAME, players=2, seed=0).geo  # the standard continent: the same in every game
    tokens = board_tokens(page)
    hexes = {t for t in tokens if t in geo.hex_index}
    assert hexes == set(geo.hexes)
    assert sorted(t for t in tokens if t in geo.hex_index) == sorted(geo.hexes)  # one cell per hex
    assert {t for t in tokens if "-" in t} == set(geo.craters)
    assert {t for t in tokens if t in geo.space_hex} == set(geo.all_spaces)
    assert {t for t in tokens if t.isdigit()} == {str(v) for v in geo.volcano_ids}
    assert set(tokens) <= set(geo.hexes) | set(geo.craters) | set(geo.all_spaces) | {str(v) for v in geo.volcano_ids}
    # whatever is not on the board is offered as a button, and only verbs are
    buttons = page.eval_on_selector_all("#picker button[data-pick]", "els => els.map(e => e.getAttribute('data-pick'))")
    assert buttons and set(buttons) <= VERBS
    assert not errors


def test_a_click_sends_the_right_move(server, page):
    new_table(page, server, 2)
    # play until a verb with board targets is offered; then pick it and click a highlighted target
    for _ in range(60):
        wait_my_turn(page)
        verbs = page.eval_on_selector_all("#picker button[data-pick]", "els => els.map(e => e.getAttribute('data-pick'))")
        if "land" in verbs or "move" in verbs:
            verb = "land" if "land" in verbs else "move"
            click(page, page.locator(f"#picker button[data-pick='{verb}']"))
            targets = page.locator("svg.isola .clickable")
            assert targets.count() > 0
            first = targets.first.get_attribute("data-token")
            click(page, targets.first)
            move = f"{verb} {first}"
            if verb == "move":
                # the colonist's hex is marked as chosen and its neighbours are the targets
                assert page.locator(f"svg.isola .chosen[data-token='{first}']").count() == 1
                second = page.locator("svg.isola .clickable").first
                move += " " + second.get_attribute("data-token")
                click(page, second)
            said = wait_logged(page, move)
            assert said.startswith(f"You land on {first}." if verb == "land" else f"You move from {first} to ")
            return
        click_one(page)
        page.wait_for_timeout(30)
    raise AssertionError("no land or move was offered")


def test_four_players_against_the_computer_to_the_end(server, browser):
    ctx = browser.new_context(locale="en-US", viewport={"width": 1800, "height": 1100})
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        new_table(page, server, 4, max_rounds=40)
        for _ in range(40):
            wait_my_turn(page)
            click_one(page)
        os.makedirs(SHOTS, exist_ok=True)
        wait_my_turn(page)
        page.screenshot(path=os.path.join(SHOTS, f"{GAME}-midgame.png"), full_page=True)
        assert page.locator("svg.isola [data-token]").count() > 100
        play_to_the_end(page, board="svg.isola .clickable")
        assert page.locator(".score").count() == 4
        txt = page.locator("svg.isola").text_content()
        assert "Game over" in txt and txt.count("final: V") == 4   # one final-scoring line per player
        page.screenshot(path=os.path.join(SHOTS, f"{GAME}-4p.png"), full_page=True)
        assert not errors
    finally:
        ctx.close()


def test_advanced_setup_is_drawn(server, page):
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    new_table(page, server, 3, setup="advanced")
    wait_my_turn(page)
    tokens = board_tokens(page)
    cells = board_tokens(page, "svg.isola polygon.hexcell")
    assert len(cells) == len(set(cells)) >= 30
    assert any("-" in t for t in tokens)                 # craters, from what the server sends
    assert sum(t.isdigit() for t in tokens) == 8         # the eight volcanoes
    # every hex cell is drawn at its own place (the layout's row parity was found)
    boxes = page.eval_on_selector_all("svg.isola polygon.hexcell", "els => els.map(e => { const b = e.getBBox(); return [Math.round(b.x), Math.round(b.y)]; })")
    assert len({tuple(b) for b in boxes}) == len(boxes)
    # three different landing bays, one per player
    assert page.locator("svg.isola path.bay").count() == 3
    os.makedirs(SHOTS, exist_ok=True)
    page.locator("#board").screenshot(path=os.path.join(SHOTS, f"{GAME}-advanced.png"))
    assert not errors


def test_board_in_italian(server, browser):
    ctx = browser.new_context(locale="it-IT", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    try:
        new_table(page, server, 2)
        wait_my_turn(page)
        txt = page.locator("#board svg.isola").text_content()
        assert "Rosso" in txt and "Blu" in txt and "Legenda" in txt and "punti azione" in txt
    finally:
        ctx.close()
