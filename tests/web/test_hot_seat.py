"""Hot-seat hand-over: in a game where players hold secrets, a screen shared by two people hides
everything between their turns until the next person confirms they hold the device."""
import os
import time

import pytest

from lapilli.testing.browser import seed_next_table

from .conftest import SHOTS, TABLE_SEED


def _hot_seat_table(page, server, game):
    page.goto(server + "/")
    page.select_option("#game", game)
    page.select_option("#players", "2")
    page.select_option("[data-seat='1']", "open")
    page.fill("#my-name", "Marta")
    page.check("#hotseat")
    page.fill("[data-seat-name='1']", "Luca")
    seed_next_table(page, TABLE_SEED)
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


# every name a hand-over screen of the page has shown, in turn (the page's own record, kept from
# its first moment, so that a name shown only for an instant is in it too)
NAMES_SHOWN = """window.__handOverNames = [];
new MutationObserver(() => {
  const h = document.querySelector('#hand-over h2'), names = window.__handOverNames;
  if (h && names[names.length - 1] !== h.textContent) names.push(h.textContent);
}).observe(document, { subtree: true, childList: true, characterData: true });"""


@pytest.mark.parametrize("late", [1, 2])
def test_the_hand_over_names_the_person_to_move_whichever_view_comes_first(server, page, late):
    """Each seat's view comes by its own socket, in any order.  With the page's ``late``-th socket
    held back (its messages kept here until the other seat's view is on the screen), the hand-over
    screen names the person to move from its first moment, never the other person, and that person's
    confirmation shows their decision."""
    sockets = {"opened": 0, "holding": True, "held": []}

    def hold_back(ws):
        sockets["opened"] += 1
        late_one = sockets["opened"] == late
        real = ws.connect_to_server()

        def to_page(message):
            if late_one and sockets["holding"]:
                sockets["held"].append(message)
            else:
                ws.send(message)
        real.on_message(to_page)
        ws.on_message(real.send)
        if late_one:
            sockets["late"] = ws

    page.add_init_script(NAMES_SHOWN)
    page.route_web_socket("**/ws/**", hold_back)
    _hot_seat_table(page, server, "eruption")
    page.wait_for_selector("#hand-over")
    deadline = time.monotonic() + 30  # until the late socket's first view has come from the server and waits here
    while not sockets["held"]:
        assert time.monotonic() < deadline, "the late socket was sent no view"
        page.wait_for_timeout(25)  # lets Playwright hand over the socket's messages meanwhile
    first = page.inner_text("#hand-over h2")
    sockets["holding"] = False
    for message in sockets["held"]:
        sockets["late"].send(message)
    page.click("#hand-over-ok")
    page.wait_for_selector("#notation")
    assert page.evaluate("window.__handOverNames") == [first]


def test_no_hand_over_where_nothing_is_secret(server, page):
    _hot_seat_table(page, server, "nim")
    page.wait_for_selector("#notation")
    assert page.locator("#hand-over").count() == 0


def _nothing_behind_the_hand_over(page):
    """While the hand-over screen shows, the whole page holds nothing of a seat's view: no board,
    no chance, no log; its text is the table's header and the hand-over itself."""
    left = page.evaluate("""() => {
        const app = document.getElementById('app');
        const text = app.innerText;
        const head = (app.querySelector('.table-head') || {}).innerText || '';
        const hand = document.getElementById('hand-over').innerText;
        return { rest: text.replace(head, '').replace(hand, '').trim(),
                 svgs: app.querySelectorAll('svg').length,
                 chance: document.querySelectorAll('#chance .chance-item').length };
    }""")
    assert left == {"rest": "", "svgs": 0, "chance": 0}, left


def _chance_agrees_with_own_log(page):
    """Every value the chance panel shows is one this seat's own log shows: a card the previous
    person drew, face down in this person's log, is not named in the panel.  Returns how many log
    lines hold a face-down draw."""
    bad = page.evaluate("""() => {
        const out = [];
        for (const item of document.querySelectorAll('#chance .chance-item')) {
            const line = document.querySelector(`#log .log-chance[data-n="${item.dataset.n}"]`);
            const logText = line ? line.textContent : '';
            for (const f of item.querySelectorAll('.chance-face:not(.hidden) .chance-value')) {
                if (!logText.includes(f.textContent)) out.push(`${item.dataset.n}: panel ${f.textContent} / log ${logText}`);
            }
        }
        return out;
    }""")
    assert bad == [], bad
    return page.locator("#log .log-chance", has_text="face down").count()


@pytest.mark.parametrize("game", ["eruption", "the-island"])
def test_a_hand_over_hides_everything_on_the_page(server, page, game):
    """Games with hidden information, two people on one screen: after each hand-over the whole
    page (text and SVG) shows nothing of the last person's view, and once the next person
    confirms, the recent chance beside the board shows only what their own view shows."""
    _hot_seat_table(page, server, game)
    face_down = 0
    # six hand-overs at least; in Eruption, until a card drawn face down was there to hide (cards
    # are drawn only when lava reaches a village or a danger zone: the seeded table draws some)
    for turn in range(40):
        if turn >= 6 and (game != "eruption" or face_down > 0):
            break
        page.wait_for_selector("#hand-over")
        _nothing_behind_the_hand_over(page)
        if turn == 1:
            os.makedirs(SHOTS, exist_ok=True)
            page.screenshot(path=os.path.join(SHOTS, f"hot-seat-{game}-hand-over.png"), full_page=True)
        page.click("#hand-over-ok")
        page.wait_for_selector("#notation")
        face_down = max(face_down, _chance_agrees_with_own_log(page))
        if turn == 1:
            page.screenshot(path=os.path.join(SHOTS, f"hot-seat-{game}-next.png"), full_page=True)
        for _ in range(60):  # this person's decisions, until the device is to be handed over
            if page.locator("#hand-over").count():
                break
            action = page.locator("#legal-list option").first.get_attribute("value")
            page.fill("#notation", action)
            page.click("#send")
            page.wait_for_function("() => document.querySelector('#hand-over') || document.querySelector('#notation')", timeout=30_000)
    if game == "eruption":
        assert face_down > 0  # the other person's card draws were there to be hidden
