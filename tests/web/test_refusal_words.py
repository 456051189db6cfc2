"""The server's refusals reach the page in its reader's language: an account refused at sign-up,
a guest's name refused when the lobby seats its creator, and the seat a computer now plays
(``seat_lost``) are read in Italian on an Italian page and in English on an English one."""
import os
import time

import httpx
import pytest

from lapilli.words import server_said, server_words

from lapilli.testing.browser import seed_next_table

from .conftest import SHOTS, TABLE_SEED


@pytest.mark.parametrize("locale,lang", [("it-IT", "it"), ("en-US", "en")])
def test_refusals_in_the_pages_language(server, browser, locale, lang):
    ctx = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    os.makedirs(SHOTS, exist_ok=True)
    try:
        # sign-up: the password is too short
        page.goto(server + "/")
        page.click("#sign-up")
        page.fill("#account-username", f"pw{lang}")
        page.fill("#account-password", "short")
        page.click("#account-submit")
        page.wait_for_function("() => document.querySelector('#account-error').textContent.length > 0")
        assert page.text_content("#account-error") == server_words("password_length")[lang]
        if lang == "it":
            assert page.text_content("#account-error") == "una password è lunga da 8 a 200 caratteri"
        page.screenshot(path=os.path.join(SHOTS, f"refusal-signup-{lang}.png"))
        page.keyboard.press("Escape")
        # the lobby seats its creator under a reserved name: refused, and said in the page's language
        page.goto(server + "/")
        page.select_option("#game", "nim")
        page.select_option("[data-seat='1']", "random")
        page.fill("#my-name", "admin")
        # the alert is accepted as it opens: a click waits for a dialog its handler has not closed
        said_alert = []
        page.once("dialog", lambda d: (said_alert.append(d.message), d.accept()))
        page.click("#create")
        deadline = time.monotonic() + 30
        while not said_alert:
            assert time.monotonic() < deadline, "no alert"
            page.wait_for_timeout(50)
        alert = said_alert[0]
        assert alert == server_words("name_reserved", who=server_said("who_guest"), bad="admin")[lang]
        if lang == "it":
            assert alert.startswith("il nome di un ospite non può essere né contenere la parola riservata 'admin'")
        # a table the page plays: its seat handed to the computer, the page says so in its language
        page.fill("#my-name", "ann")
        seed_next_table(page, TABLE_SEED)  # (the refused request above took no seed: none was asked then)
        page.click("#create")
        page.wait_for_url("**/t/**")
        page.wait_for_selector("#status")
        tid = page.url.rsplit("/", 1)[1]
        token = page.evaluate(f"() => JSON.parse(localStorage.getItem('lapilli-tokens-{tid}'))['0']")
        lines = page.locator("#log .entry").count()  # the log's lines before the computer takes the seat
        r = httpx.post(f"{server}/api/tables/{tid}/seats/0/computer", json={"token": token, "level": "random"})
        assert r.status_code == 200, r.text
        said = server_words("seat_lost", seat=0)[lang]
        page.wait_for_function("t => document.body.innerText.includes(t)", arg=said, timeout=30_000)
        if lang == "it":
            assert "ora il computer gioca al tuo posto (0); ricarica la pagina per riprenderlo" in page.inner_text("body")
        # said as what it is (not as a refused move), and nothing is offered to play for the computer's seat
        assert page.inner_text("#seat-lost") == said
        assert not any(w in page.inner_text("#side") for w in ("Mossa non valida", "Move refused"))
        page.wait_for_selector("#picker", state="detached", timeout=30_000)
        # the computer plays seat 0 and the random seat answers (or the game ends): still nothing offered
        page.wait_for_function("n => document.querySelectorAll('#log .entry').length >= n + 2"
                               " || document.querySelector('#results')", arg=lines, timeout=30_000)
        assert page.locator("#picker").count() == 0 and page.locator("#notation").count() == 0
        page.screenshot(path=os.path.join(SHOTS, f"refusal-seat-lost-{lang}.png"))
    finally:
        ctx.close()
