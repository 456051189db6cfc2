"""The table's chat, conceding and undo by agreement in the page: a line with markup, script and
direction characters is shown inert as plain text; a spectator reads a "watch" table's chat and
has nowhere to write; a muted person's lines leave the page and stay gone after a reload; an
undo proposed is accepted by the other player's own button; a concession ends a two-player game
with the other player winning; the words exist in Italian."""
import os

from .conftest import SHOTS, record_acts

EVIL = 'hi <img src=x onerror="window.pwned=1"><script>window.pwned=2</script>\u202eexe.txt'


def seat_page(browser, server, tid, seat, name, locale="en-US"):
    ctx = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    page.goto(f"{server}/t/{tid}")
    if seat is not None:
        page.fill("#name", name)
        page.select_option("#seat", str(seat))
        page.click("#join")
        page.wait_for_selector("#join", state="detached")  # drawn again once the seat's token is kept
    page.wait_for_selector("#status")
    return page


def new_table(page, server, chat):
    page.goto(server + "/")
    page.select_option("#game", "nim")
    page.select_option("#players", "2")
    page.select_option("[data-seat='1']", "open")
    page.select_option("#chat-mode", chat)
    page.fill("#my-name", "ann")
    record_acts(page)
    page.click("#create")
    page.wait_for_url("**/t/**")
    return page.url.rsplit("/", 1)[1]


def say(page, text):
    page.fill("#chat-text", text)
    page.click("#chat-send")


def lines(page):
    return page.locator("#chat-lines .chat-text").all_inner_texts()


def test_chat_is_plain_text_read_by_spectators_and_muted_for_good(server, browser, page):
    tid = new_table(page, server, "watch")
    bob = seat_page(browser, server, tid, 1, "bob")
    spy = seat_page(browser, server, tid, None, "", locale="it-IT")
    say(page, EVIL)
    for p in (page, bob, spy):
        p.wait_for_function("() => document.querySelectorAll('#chat-lines .chat-text').length === 1", timeout=30_000)
        assert lines(p) == ['hi <img src=x onerror="window.pwned=1"><script>window.pwned=2</script>exe.txt']
        assert p.locator("#chat-lines img, #chat-lines script").count() == 0
        assert p.evaluate("() => window.pwned") is None
    # the spectator reads (in Italian) and has nowhere to write
    assert spy.locator("#chat-lines .chat-who").inner_text() == "ann"
    assert spy.locator("#chat-text").is_hidden()
    assert "Gli spettatori leggono la chat" in spy.inner_text("#chat")
    assert spy.locator("#chat .mute").first.inner_text() == "Silenzia"
    os.makedirs(SHOTS, exist_ok=True)
    spy.screenshot(path=os.path.join(SHOTS, "chat-spectator-it.png"))
    # bob mutes ann: her lines leave his page, the next one never shows, and a reload keeps it so
    bob.click("#chat-lines .mute")
    assert lines(bob) == []
    say(page, "can you hear me")
    spy.wait_for_function("() => document.querySelectorAll('#chat-lines .chat-text').length === 2", timeout=30_000)
    bob.reload()
    bob.wait_for_selector("#chat")
    bob.wait_for_timeout(500)
    assert lines(bob) == [] and bob.locator("#unmute").count() == 1
    say(bob, "hello ann")
    page.wait_for_function("() => [...document.querySelectorAll('#chat-lines .chat-text')].some(e => e.textContent === 'hello ann')",
                           timeout=30_000)
    bob.screenshot(path=os.path.join(SHOTS, "chat-muted.png"))
    page.screenshot(path=os.path.join(SHOTS, "chat-seat.png"))
    bob.click("#unmute")
    assert "can you hear me" in lines(bob)
    bob.context.close(), spy.context.close()


def test_an_undo_agreed_then_a_concession_in_the_page(server, browser, page):
    tid = new_table(page, server, "seats")
    bob = seat_page(browser, server, tid, 1, "bob")
    page.wait_for_selector("#picker", timeout=30_000)
    page.fill("#notation", "take 3")
    page.click("#send")
    page.wait_for_selector("#propose-undo", timeout=30_000)
    page.click("#propose-undo")
    bob.wait_for_selector("#undo-accept", timeout=30_000)
    assert "ann" in bob.inner_text("#undo-proposal") and "proposes to take back" in bob.inner_text("#undo-proposal")
    bob.screenshot(path=os.path.join(SHOTS, "undo-proposal.png"))
    bob.click("#undo-accept")
    page.wait_for_selector("#undo-ended", timeout=30_000)
    assert page.inner_text("#undo-ended") == "Move taken back by agreement"
    page.wait_for_selector("#picker", timeout=30_000)  # ann's turn again, the pile whole
    # bob concedes: ann wins
    bob.once("dialog", lambda d: d.accept())
    bob.click("#concede")
    page.wait_for_function("() => (document.querySelector('#status') || {}).textContent === 'Game over'", timeout=30_000)
    assert "ann" in page.inner_text("#winners")
    assert "conceded" in page.inner_text("#results")
    page.screenshot(path=os.path.join(SHOTS, "conceded.png"))
    bob.context.close()


def test_a_move_being_typed_survives_the_page_redrawing(server, browser, page):
    """The side panel is drawn again whenever something changes (a person leaves, a chat line, a
    clock): the notation typed so far, its focus and its caret stay, and sending it plays it."""
    tid = new_table(page, server, "seats")
    bob = seat_page(browser, server, tid, 1, "bob")
    page.wait_for_selector("#picker", timeout=30_000)
    page.wait_for_selector(".player[data-seat='1'] .presence.here", timeout=30_000)
    page.click("#notation")
    page.keyboard.type("take 2")
    bob.context.close()  # bob leaves: ann's page redraws to show him away
    page.wait_for_selector(".player[data-seat='1'] .presence:not(.here)", timeout=30_000)
    assert page.input_value("#notation") == "take 2"
    assert page.evaluate("document.activeElement && document.activeElement.id") == "notation"
    page.click("#send")
    page.wait_for_function("() => [...document.querySelectorAll('#log .entry .text')].some(e => e.textContent.includes('2'))",
                           timeout=30_000)
    assert [a for a, _ in page.sent_acts] == ["take 2"]


def test_after_conceding_at_three_players_the_page_watches(server, browser, page):
    """At three players a concession puts the conceder out: their page switches to watching at
    once (no seat, nothing to play, the token forgotten), and a reload opens the table as a
    spectator's page, with no error about the token."""
    page.goto(server + "/")
    page.select_option("#game", "nim")
    page.select_option("#players", "3")
    page.select_option("[data-seat='1']", "open")
    page.select_option("[data-seat='2']", "open")
    page.fill("#my-name", "ann")
    page.click("#create")
    page.wait_for_url("**/t/**")
    tid = page.url.rsplit("/", 1)[1]
    bob = seat_page(browser, server, tid, 1, "bob")
    cid = seat_page(browser, server, tid, 2, "cid")
    page.wait_for_selector("#concede", timeout=30_000)
    tokens = f"() => JSON.parse(localStorage.getItem('lapilli-tokens-{tid}') || '{{}}')"
    assert "0" in page.evaluate(tokens)
    page.once("dialog", lambda d: d.accept())
    page.click("#concede")
    page.wait_for_function(f"() => !('0' in ({tokens})())", timeout=30_000)
    page.wait_for_selector("#concede", state="detached", timeout=30_000)
    page.wait_for_selector("#status", timeout=30_000)
    assert page.locator("#picker").count() == 0
    page.reload()
    page.wait_for_selector("#status", timeout=30_000)
    page.wait_for_timeout(500)
    assert page.locator("#connection").count() == 0
    assert page.locator("#concede").count() == 0 and page.locator("#notation").count() == 0
    page.screenshot(path=os.path.join(SHOTS, "conceded-watching.png"))
    # a computer plays ann's seat out, but the seat keeps her name, marked as conceded
    bob.wait_for_function("() => (document.querySelector(\".player[data-seat='0']\") || {}).textContent"
                          "?.includes('ann')", timeout=30_000)
    assert "conceded" in bob.inner_text(".player[data-seat='0']")
    # bob concedes too: cid wins, and the results name both who conceded by their own names
    bob.once("dialog", lambda d: d.accept())
    bob.click("#concede")
    cid.wait_for_selector("#results", timeout=30_000)
    for seat, name in ((0, "ann"), (1, "bob")):
        card = cid.inner_text(f".result-seat[data-seat='{seat}'] .result-head")
        assert name in card and "conceded" in card and "First player" not in card, card
    assert "cid" in cid.inner_text("#winners")
    cid.screenshot(path=os.path.join(SHOTS, "conceded-three.png"))
    bob.context.close()
    cid.context.close()
