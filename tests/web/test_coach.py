"""The coach in the browser, in a game with hidden information (The Island) and one without
(Stromboli): "Review" after a game shows the replay on the board with an evaluation bar and the
move played and the better move drawn on it; "Hint" during a game draws the suggested move on the
board, and the hints used are shown in the result.  Screenshots go to the screenshot folder."""
import os
import time

import pytest

from .conftest import SHOTS, TABLE_SEED, create_table, wait_my_turn
from .support import computers_play_out

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


def _grey(css: str) -> bool:
    """Whether a computed CSS colour is a grey (black and white included): no player's colour."""
    import re

    r, g, b = (int(x) for x in re.findall(r"\d+", css)[:3])
    return max(r, g, b) - min(r, g, b) <= 16


def _finished_table(page, server, game):
    """A table of two computer players (random) that has played to the end."""
    return computers_play_out(page, server, game, within=120, seed=TABLE_SEED)


@pytest.mark.parametrize("game", GAMES)
def test_review_shows_the_judgement_on_the_board(server, page, game):
    _finished_table(page, server, game)
    page.wait_for_selector("#review-btn", timeout=30_000)
    page.click("#review-btn")
    page.wait_for_selector("#review-played", timeout=120_000)
    # the first decision shown is one the coach faults, with its better move
    played = page.locator("#review-played")
    assert played.get_attribute("data-cls") in ("inaccuracy", "mistake", "blunder")
    better = page.locator("#review-better")
    assert better.count() == 1 and better.get_attribute("data-action") != played.get_attribute("data-action")
    # with the reason the better move is better: its win chance beside the move played's
    reason = page.locator("#review-reason").inner_text()
    assert reason.startswith("Why:") and "win chance" in reason.lower() and "%" in reason, reason
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
    # drawn as no player's mark: a neutral (grey) outline, never a player's colour
    for colour in page.eval_on_selector_all("#board svg .coach-hint", "es => es.map(e => getComputedStyle(e).stroke)"):
        assert _grey(colour), colour
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


@pytest.mark.parametrize("locale", ["en-US", "it-IT"])
def test_a_hint_says_what_is_certain_what_is_likely_and_why(server, browser, locale):
    """Eruption's first decision, a village: the move (with the other seat's village, forced) is
    certain, who plays first is a likely reply with how often it came up; the seats go by the
    table's names, and the marker is a neutral dashed ring, not a player's square."""
    it = locale == "it-IT"
    ctx = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    try:
        create_table(page, server, "eruption", players=2, bots="random")
        wait_my_turn(page)
        page.click("#hint-btn")
        page.wait_for_selector("#hint-text", timeout=60_000)
        text = page.locator("#hint-text").inner_text()
        assert (("Suggerimento (certo)" in text and "Scegli il villaggio" in text) if it
                else ("Hint (certain)" in text and "You choose village" in text)), text
        assert ("primo" not in text) if it else ("first" not in text), text
        likely = page.locator("#hint-likely li")
        assert likely.count() >= 1
        for i in range(likely.count()):
            line = likely.nth(i).inner_text()
            # another seat's act is a likely reply; a draw for the seat itself, a likely outcome
            labels = ("Risposta probabile", "Esito probabile") if it else ("Likely reply", "Likely outcome")
            assert any(x in line for x in labels) and "%" in line, line
            assert 0 < float(likely.nth(i).get_attribute("data-share")) < 1
        reason = page.locator("#hint-reason").inner_text()
        assert ("Perché" in reason and "probabilità di vittoria" in reason.lower()) if it else \
            ("Why" in reason and "win chance" in reason.lower()), reason
        assert "%" in reason
        box = page.locator("#hint-box").inner_text()
        assert "Player 2" not in box and "Giocatore 2" not in box, box
        # the marker beside the words: an outlined ring in grey, said in words for who cannot tell colours
        swatch = page.eval_on_selector("#hint-text .swatch", """e => { const s = getComputedStyle(e);
            return [s.backgroundColor, s.borderTopColor, s.borderTopStyle, s.borderRadius]; }""")
        assert swatch[0] in ("rgba(0, 0, 0, 0)", "transparent") and _grey(swatch[1]), swatch
        assert swatch[2] == "dashed" and swatch[3] == "50%", swatch
        legend = page.locator("#hint-legend").inner_text()
        assert ("anello tratteggiato" in legend) if it else ("dashed" in legend and "ring" in legend), legend
        _shot(page, f"coach-hint-words-eruption-{locale}.png")
    finally:
        ctx.close()


def _nim_coach_server(tmp_path_factory, name, **env):
    """A `lapilli serve` that plays Nim at once, with the coach's settings ``env``."""
    from lapilli.testing.server import ServerProcess

    where = tmp_path_factory.mktemp(name)
    with ServerProcess(where, name, f"sqlite:///{where / 'web.db'}", args=("--bot-workers", "1", "--bot-pace", "0"),
                       LAPILLI_EXTRA_GAMES="nim=tests.engine.nim_game", LAPILLI_COACH_SAMPLES="2", LAPILLI_TEST_SEEDS="1", **env) as s:
        yield s.url


@pytest.fixture(scope="module")
def slow_server(tmp_path_factory):
    """A `lapilli serve` whose review takes a second or so for each decision of a game of Nim."""
    yield from _nim_coach_server(tmp_path_factory, "coach-slow", LAPILLI_CREATE_RATE="10000/minute",
                                 LAPILLI_COACH_ITERATIONS="4000")


def test_a_review_shows_its_progress_and_the_decisions_reviewed_so_far(slow_server, page):
    computers_play_out(page, slow_server, "nim", {"pile": 21}, within=120, seed=TABLE_SEED)
    page.wait_for_selector("#review-btn", timeout=30_000)
    page.click("#review-btn")
    # while the coach works: a progress bar, decision k of n, and the decisions judged so far,
    # read in the page at the one moment the bar shows two decisions done (the last decisions of
    # a game of Nim are judged quickly: read apart, the review could end between two reads); at
    # that same moment the first decision listed is picked, so it is picked while the rest is
    # judged (picked later, the review may have ended and the list, which then leaves out the
    # good decisions, begin with another one)
    seen = page.wait_for_function("""() => { const p = document.querySelector('#review-progress');
        if (!p || +p.value < 2 || +p.value >= +p.max) return null;
        const first = document.querySelector('#review-list li');
        const seen = { total: +p.max, label: document.querySelector('#review-progress-text').innerText,
                       listed: document.querySelectorAll('#review-list li').length,
                       played: document.querySelectorAll('#review-played').length, ply: first && first.dataset.ply };
        if (first) first.querySelector('a').click();
        return seen; }""", timeout=120_000).json_value()
    assert seen["total"] >= 4
    assert f"of {seen['total']}" in seen["label"], seen
    assert seen["listed"] >= 2, seen
    assert seen["played"] == 0, seen        # the review is not over yet
    _shot(page, "coach-review-progress-nim.png")
    # the decision reviewed already, picked while the rest is judged, is shown
    page.wait_for_function(f"() => document.querySelector('#replay-ply')?.dataset.ply === '{seen['ply']}'")
    page.wait_for_selector("#review-played", timeout=30_000)
    # at the end the bar goes and the whole review is there
    page.wait_for_selector("#review-progress", state="detached", timeout=120_000)
    assert page.locator("#review-played").count() == 1


def test_a_decision_picked_while_the_review_runs_stays_shown_when_it_ends(slow_server, page):
    """The player picks a decision while the coach still works, and the review ends before that
    decision's replay has come back: the page does not jump to the review's own first decision
    (it asks for no other replay) and shows the one picked.  The replay's answers are held back
    by the test until the review has ended."""
    computers_play_out(page, slow_server, "nim", {"pile": 21}, within=120, seed=TABLE_SEED)
    page.wait_for_selector("#review-btn", timeout=30_000)
    held = []
    page.route("**/replay/**", lambda route: held.append(route))
    page.click("#review-btn")
    page.wait_for_function("""() => { const p = document.querySelector('#review-progress');
        return p && +p.value >= 2 && +p.value < +p.max; }""", timeout=120_000)
    # a decision other than the first listed one not judged good (where the review would go of
    # itself, if no other is judged worse later)
    ply = page.evaluate("""() => {
        const items = [...document.querySelectorAll('#review-list li')];
        const firstFault = items.find(li => !li.classList.contains('cls-good'));
        const li = items.find(x => x !== firstFault);
        li.querySelector('a').click();
        return li.dataset.ply; }""")
    deadline = time.monotonic() + 120
    while page.locator("#review-progress").count() and len(held) < 2:
        assert time.monotonic() < deadline, "the review did not end"
        page.wait_for_timeout(50)
    assert [r.request.url.split("/replay/")[1].split("?")[0] for r in held] == [ply]
    for route in held:
        route.continue_()
    page.unroute("**/replay/**")
    page.wait_for_function(f"() => document.querySelector('#replay-ply')?.dataset.ply === '{ply}'")
    page.wait_for_selector("#review-played", timeout=30_000)
    assert page.locator("#review-progress").count() == 0


@pytest.fixture(scope="module")
def stopping_server(tmp_path_factory):
    """A `lapilli serve` whose coach cannot judge one decision of Nim within its limit: every
    streamed review stops with the server's refusal (review_too_long)."""
    yield from _nim_coach_server(tmp_path_factory, "coach-stops", LAPILLI_COACH_LIMIT="0.01",
                                 LAPILLI_COACH_ITERATIONS="2000000")


def test_a_review_the_server_stops_is_said_in_the_pages_language(stopping_server, browser):
    """The streamed review's ``error`` line carries the refusal's key and words: an Italian page
    shows the server's Italian sentence, not the English one nor its own generic line."""
    ctx = browser.new_context(locale="it-IT", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    try:
        computers_play_out(page, stopping_server, "nim", {"pile": 10}, within=120, seed=TABLE_SEED)
        page.wait_for_selector("#review-btn", timeout=30_000)
        page.click("#review-btn")
        page.wait_for_selector("#review-error", timeout=60_000)
        said = page.locator("#review-error").inner_text()
        assert said == "l'analisi ha superato il tempo concesso al coach; chiedi di nuovo più tardi", said
        assert page.locator("#review-progress").count() == 0 and page.locator("#review-played").count() == 0
        _shot(page, "coach-review-stopped-nim-it-IT.png")
    finally:
        ctx.close()
