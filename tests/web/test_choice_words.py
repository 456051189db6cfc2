"""The move picker's choices are words of the player's language, each with a tooltip saying what
it does: the verbs of L'Isola dei Vulcani's first turn ("land", "pray", "end") read "sbarca",
"prega", "fine turno" on an Italian page, and every button offered carries a title."""
import os

from .conftest import SHOTS, create_table, wait_my_turn

GAME = "isola-dei-vulcani"
NOTATION_VERBS = {"land", "move", "carry", "village", "colonist", "carve", "erect", "pray", "end",
                  "save", "done", "erupt", "rescue", "skip"}


def picker_buttons(page):
    return page.eval_on_selector_all(
        "#picker button[data-pick]",
        "els => els.map(e => ({pick: e.dataset.pick, text: e.textContent.trim(), title: e.title}))")


def _open(browser, server, locale):
    ctx = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    create_table(page, server, GAME, 2, "random")
    wait_my_turn(page)
    page.wait_for_selector("#picker button[data-pick]")
    return ctx, page


def test_choices_are_italian_words_with_tooltips(server, browser):
    ctx, page = _open(browser, server, "it-IT")
    try:
        buttons = picker_buttons(page)
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, "choice-words-it.png"))
        assert buttons, "the first turn offers verbs as buttons"
        words = {b["pick"]: b["text"] for b in buttons}
        assert words.get("pray") == "prega" and words.get("end") == "fine turno", words
        # no button shows the notation's English verb, and each says what it does
        assert not {b["text"] for b in buttons} & NOTATION_VERBS, buttons
        for b in buttons:
            assert b["title"] and b["title"] != b["pick"], b
        assert "segnalino preghiera" in next(b["title"] for b in buttons if b["pick"] == "pray")
    finally:
        ctx.close()


def test_choices_have_english_tooltips(server, browser):
    ctx, page = _open(browser, server, "en-US")
    try:
        buttons = picker_buttons(page)
        assert buttons
        for b in buttons:
            assert b["title"] and b["title"] != b["pick"], b
        assert next(b["title"] for b in buttons if b["pick"] == "pray").startswith("Take a prayer token")
    finally:
        ctx.close()

