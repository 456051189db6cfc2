"""Accounts in the browser: two people sign up (one signs out, fails once and signs in again),
play a rated table by invite, and each player page then shows the game and the new rating."""
import os

from .conftest import SHOTS
from .support import sign_up


def _move(page, action):
    page.wait_for_selector("#notation", timeout=30_000)
    page.fill("#notation", action)
    page.click("#send")


def test_sign_up_sign_in_a_rated_game_and_the_player_pages(server, browser):
    contexts = [browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900}) for _ in range(2)]
    ann, bob = (c.new_page() for c in contexts)
    os.makedirs(SHOTS, exist_ok=True)
    try:
        sign_up(ann, server, "annweb", "volcano-pass-1")
        # the session cookie is HttpOnly: the page cannot read it, only the CSRF cookie
        assert "lapilli_session" not in ann.evaluate("document.cookie")
        assert "lapilli_csrf" in ann.evaluate("document.cookie")
        ann.click("#sign-out")
        ann.wait_for_selector("#sign-in")
        ann.click("#sign-in")
        ann.fill("#account-username", "annweb")
        ann.fill("#account-password", "not her password")
        ann.click("#account-submit")
        ann.wait_for_function("() => document.querySelector('#account-error').textContent.length > 0")
        assert ann.text_content("#account-error") == "wrong username or password"
        ann.screenshot(path=os.path.join(SHOTS, "account-sign-in-refused.png"))
        ann.fill("#account-password", "volcano-pass-1")
        ann.click("#account-submit")
        ann.wait_for_selector("#me")
        # signing in draws the lobby again (after fetching its lists): the form to fill is the
        # new one, with the "rated" choice a signed-out lobby does not have
        ann.wait_for_selector("#rated")

        # a rated table: every seat open, the other player arrives by the invite link
        ann.select_option("#game", "nim")
        ann.select_option("#players", "2")
        ann.select_option("[data-seat='1']", "open")
        ann.check("#rated")
        ann.click("#create")
        ann.wait_for_url("**/t/**")
        invite = ann.url
        tid = invite.rstrip("/").split("/")[-1]

        sign_up(bob, server, "bobweb", "volcano-pass-2")
        bob.goto(invite)
        bob.wait_for_selector("#join")
        bob.click("#join")
        bob.wait_for_selector("#join", state="detached")  # the page is drawn again once seated
        bob.wait_for_selector("#status")
        info = bob.request.get(f"{server}/api/tables/{tid}").json()
        assert info["rated"] is True
        assert [(s["name"], s["account"]) for s in info["seats"]] == [("annweb", True), ("bobweb", True)]

        # nim's 15 stones, three at a time: ann takes the last ones and wins
        for ply in range(5):
            _move((ann, bob)[ply % 2], "take 3")
            ann.wait_for_function(f"() => document.querySelectorAll('#log > div').length >= {ply + 1}", timeout=30_000)
        for p in (ann, bob):
            p.wait_for_function("() => (document.querySelector('#status') || {}).textContent?.includes('Game over')",
                                timeout=30_000)

        # the player pages: the finished game with its result and replay, and the ratings
        ann.click("#me")
        ann.wait_for_selector("#ratings tr[data-game='nim']")
        ann_rating = float(ann.text_content("#ratings tr[data-game='nim'] .rating"))
        assert ann_rating > 1500
        row = ann.locator(f".player-game[data-table='{tid}']")
        assert "won" in row.text_content() and row.locator("a").get_attribute("href") == f"/t/{tid}"
        ann.screenshot(path=os.path.join(SHOTS, "account-player-page.png"), full_page=True)
        bob.goto(f"{server}/players/bobweb")
        bob.wait_for_selector("#ratings tr[data-game='nim']")
        assert float(bob.text_content("#ratings tr[data-game='nim'] .rating")) < 1500
        assert "lost" in bob.locator(f".player-game[data-table='{tid}']").text_content()
        # the leaderboard of the game, from the player page
        bob.click("#ratings tr[data-game='nim'] a")
        bob.wait_for_selector("#leaderboard table")
        names = bob.eval_on_selector_all("#leaderboard td a", "as => as.map(a => a.textContent)")
        assert names.index("annweb") < names.index("bobweb")
        bob.screenshot(path=os.path.join(SHOTS, "account-leaderboard.png"), full_page=True)
    finally:
        for c in contexts:
            c.close()


def _your_turn(page, server, tid):
    """The "your turn" mark of the table on the person's My tables page."""
    page.goto(server + "/mine")
    row = page.locator(f".my-table[data-table='{tid}']")
    row.wait_for()
    return row.get_attribute("data-your-turn") == "true"


def test_two_signed_in_players_play_a_rated_turn_based_game_to_the_end(server, browser):
    """A move a day: each player sees the other's move at the table and the "your turn" mark on
    their own My tables page whenever it is theirs; at the end both ratings have moved."""
    contexts = [browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900}) for _ in range(2)]
    ann, bob = (c.new_page() for c in contexts)
    try:
        sign_up(ann, server, "annturns", "volcano-pass-3")
        ann.select_option("#game", "nim")
        ann.select_option("#players", "2")
        ann.select_option("[data-seat='1']", "open")
        ann.check("#rated")
        ann.wait_for_selector("#clock option[value='24h']", state="attached")
        ann.select_option("#clock", "24h")
        ann.click("#create")
        ann.wait_for_url("**/t/**")
        table = ann.url
        tid = table.rstrip("/").split("/")[-1]
        sign_up(bob, server, "bobturns", "volcano-pass-4")
        bob.goto(table)
        bob.click("#join")
        bob.wait_for_selector("#join", state="detached")
        info = bob.request.get(f"{server}/api/tables/{tid}").json()
        assert info["rated"] is True and info["clock"]["kind"] == "turn"

        # nim's 15 stones, three at a time: five moves, Ann's first and last
        for ply in range(5):
            mover, other = (ann, bob) if ply % 2 == 0 else (bob, ann)
            assert _your_turn(mover, server, tid) is True
            assert _your_turn(other, server, tid) is False
            mover.goto(table)
            # the other's last move is in the mover's log before the mover answers it
            mover.wait_for_function(f"() => document.querySelectorAll('#log .entry[data-n]').length >= {ply}",
                                    timeout=30_000)
            if ply:
                assert "3" in mover.locator("#log .entry[data-n]").last.inner_text()
            _move(mover, "take 3")
            mover.wait_for_function(f"() => document.querySelectorAll('#log .entry[data-n]').length >= {ply + 1}",
                                    timeout=30_000)
        for p in (ann, bob):
            p.goto(table)
            p.wait_for_function("() => (document.querySelector('#status') || {}).textContent?.includes('Game over')",
                                timeout=30_000)
        ann.goto(f"{server}/players/annturns")
        ann.wait_for_selector("#ratings tr[data-game='nim']")
        assert float(ann.text_content("#ratings tr[data-game='nim'] .rating")) > 1500
        bob.goto(f"{server}/players/bobturns")
        bob.wait_for_selector("#ratings tr[data-game='nim']")
        assert float(bob.text_content("#ratings tr[data-game='nim'] .rating")) < 1500
        os.makedirs(SHOTS, exist_ok=True)
        bob.screenshot(path=os.path.join(SHOTS, "account-turn-based-rated.png"), full_page=True)
    finally:
        for c in contexts:
            c.close()


def test_a_signed_in_person_is_shown_their_username_instead_of_the_name_field(server, browser):
    """The lobby and the join form ask a guest's name; a signed-in person sits under their
    username, so they see it there instead of the field."""
    contexts = [browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900}) for _ in range(3)]
    ann, bob, guest = (c.new_page() for c in contexts)
    os.makedirs(SHOTS, exist_ok=True)
    try:
        guest.goto(server + "/")
        guest.wait_for_selector("#create")
        assert guest.is_visible("#my-name") and guest.locator("#playing-as").count() == 0

        sign_up(ann, server, "annname", "volcano-pass-5")
        ann.wait_for_selector("#rated")  # the lobby drawn for the signed-in person
        assert ann.locator("#my-name").count() == 0
        assert ann.text_content("#playing-as") == "Playing as annname"
        ann.screenshot(path=os.path.join(SHOTS, "account-lobby-signed-in.png"))
        ann.select_option("#game", "nim")
        ann.select_option("#players", "2")
        ann.select_option("[data-seat='1']", "open")
        ann.click("#create")
        ann.wait_for_url("**/t/**")
        invite = ann.url
        tid = invite.rstrip("/").split("/")[-1]

        guest.goto(invite)
        guest.wait_for_selector("#join")
        assert guest.is_visible("#name") and guest.locator("#playing-as").count() == 0

        sign_up(bob, server, "bobname", "volcano-pass-6")
        bob.goto(invite)
        bob.wait_for_selector("#join")
        assert bob.locator("#name").count() == 0
        assert bob.text_content("#playing-as") == "Playing as bobname"
        bob.screenshot(path=os.path.join(SHOTS, "account-join-signed-in.png"))
        bob.click("#join")
        bob.wait_for_selector("#join", state="detached")
        info = bob.request.get(f"{server}/api/tables/{tid}").json()
        assert [(s["name"], s["account"]) for s in info["seats"]] == [("annname", True), ("bobname", True)]
    finally:
        for c in contexts:
            c.close()


def test_the_table_draws_an_account_and_a_guest_differently(server, browser):
    """An account's name links to its player page and carries a mark; a guest is "(guest)" /
    "(ospite)"; a guest may not sit under an account's name, whatever its case."""
    contexts = [browser.new_context(locale=loc, viewport={"width": 1280, "height": 900})
                for loc in ("en-US", "en-US", "it-IT")]
    ann, guest, watcher = (c.new_page() for c in contexts)
    os.makedirs(SHOTS, exist_ok=True)
    try:
        sign_up(ann, server, "annmark", "volcano-pass-7")
        ann.wait_for_selector("#rated")
        ann.select_option("#game", "nim")
        ann.select_option("#players", "2")
        ann.select_option("[data-seat='1']", "open")
        ann.click("#create")
        ann.wait_for_url("**/t/**")
        invite = ann.url

        refused = []
        guest.on("dialog", lambda d: (refused.append(d.message), d.dismiss()))
        guest.goto(invite)
        guest.wait_for_selector("#join")
        guest.fill("#name", "ANNMARK")
        guest.click("#join")
        for _ in range(100):  # the refusal comes as an alert
            if refused:
                break
            guest.wait_for_timeout(50)
        assert refused and "annmark" in refused[0], refused
        guest.fill("#name", "Marta")
        guest.click("#join")
        guest.wait_for_selector("#join", state="detached")

        for page in (ann, guest):
            page.goto(invite)
            page.wait_for_selector("#players .player[data-seat='1'] .guest-mark")
            link = page.locator("#players .player[data-seat='0'] a.account")
            assert link.get_attribute("href") == "/players/annmark"
            assert link.locator(".account-mark").count() == 1
            assert page.locator("#players .player[data-seat='0'] .guest-mark").count() == 0
            seat1 = page.locator("#players .player[data-seat='1'] .who").inner_text()
            assert "Marta" in seat1 and "(guest)" in seat1, seat1
            assert page.locator("#players .player[data-seat='1'] .account-mark").count() == 0
        guest.screenshot(path=os.path.join(SHOTS, "account-and-guest-at-the-table.png"))
        watcher.goto(invite)
        watcher.wait_for_selector("#players .player[data-seat='1'] .guest-mark")
        assert watcher.locator("#players .player[data-seat='1'] .guest-mark").inner_text().strip() == "(ospite)"
        assert watcher.locator("#players .player[data-seat='0'] a.account .account-mark").count() == 1
    finally:
        for c in contexts:
            c.close()
