"""An invite that works: the creator sits under a name, a friend arriving by the invite link sits
at the open seat, both play, and a third person watches as a spectator."""
import os

from .conftest import SHOTS


def _move(page, action):
    page.wait_for_selector("#notation", timeout=30_000)
    page.fill("#notation", action)
    page.click("#send")


def test_creator_and_invited_friend_both_play_while_a_third_watches(server, browser):
    contexts = [browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900}) for _ in range(3)]
    creator, friend, watcher = (c.new_page() for c in contexts)
    try:
        creator.goto(server + "/")
        creator.select_option("#game", "nim")
        creator.select_option("#players", "2")
        assert not creator.is_checked("#hotseat")  # hot-seat is a choice, off by default
        creator.select_option("[data-seat='1']", "open")
        creator.fill("#my-name", "Marta")
        assert creator.input_value("#my-seat") == "0"
        creator.click("#create")
        creator.wait_for_url("**/t/**")
        invite = creator.url

        # the friend opens the link: seat 1 is free for them (the creator took only seat 0)
        friend.goto(invite)
        friend.wait_for_selector("#join")
        assert friend.locator("#seat option").count() == 1
        friend.fill("#name", "Luca")
        friend.click("#join")
        friend.wait_for_selector("#join", state="detached")  # drawn again once the seat's token is kept
        friend.wait_for_selector("#status")

        # a third person only watches: no seat is left, the table is shown to them
        watcher.goto(invite)
        watcher.wait_for_selector("#status")
        assert watcher.locator("#join").count() == 0

        # both people play: nim's 15 stones, three at a time, alternate until the pile is empty
        movers = {0: creator, 1: friend}
        for ply in range(5):
            _move(movers[ply % 2], "take 3")
            watcher.wait_for_function(f"() => document.querySelectorAll('#log > div').length >= {ply + 1}", timeout=30_000)
        for p in (creator, friend, watcher):
            p.wait_for_function("() => (document.querySelector('#status') || {}).textContent?.includes('Game over')", timeout=30_000)
        info = watcher.request.get(server + "/api/tables/" + invite.rstrip("/").split("/")[-1]).json()
        assert [(s["seat"], s["kind"], s["name"]) for s in info["seats"]] == [(0, "human", "Marta"), (1, "human", "Luca")]
        os.makedirs(SHOTS, exist_ok=True)
        watcher.screenshot(path=os.path.join(SHOTS, "invite-spectator.png"), full_page=True)
    finally:
        for c in contexts:
            c.close()
