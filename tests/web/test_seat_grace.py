"""Seat grace in the browser: when a person's page goes away the others see their seat held with
a countdown, then may hand it to the computer; the person who comes back with the same browser
sees the table and plays their seat again (no blank page, no reconnect loop)."""
import os

import pytest

from lapilli.testing.server import ServerProcess

from .conftest import SHOTS


@pytest.fixture(scope="module")
def grace_server(tmp_path_factory):
    """`lapilli serve` with a seat grace of 4 seconds."""
    where = tmp_path_factory.mktemp("grace")
    with ServerProcess(where, "grace", f"sqlite:///{where / 'grace.db'}", args=("--bot-workers", "1", "--seat-grace", "4"),
                       LAPILLI_EXTRA_GAMES="nim=tests.engine.nim_game") as s:
        yield s.url


def take_seat(page, server, tid, seat, name):
    page.goto(f"{server}/t/{tid}")
    page.fill("#name", name)
    page.select_option("#seat", str(seat))
    page.click("#join")
    # a spectator's page has a status already: the seat is this page's once the join form is gone
    # (the page is drawn again after the seat's token is kept)
    page.wait_for_selector("#join", state="detached", timeout=15_000)
    page.wait_for_selector("#status", timeout=15_000)


def test_held_seat_countdown_take_over_and_the_person_comes_back(grace_server, browser):
    import httpx

    tid = httpx.post(f"{grace_server}/api/tables", json={"game": "nim", "players": 2, "options": {"pile": 21}}).json()["id"]
    ann_ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    bob_ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    try:
        ann, bob = ann_ctx.new_page(), bob_ctx.new_page()
        take_seat(ann, grace_server, tid, 0, "ann")
        take_seat(bob, grace_server, tid, 1, "bob")
        ann.wait_for_selector("#picker", timeout=15_000)  # both seated: ann is to move
        bob.close()  # bob's page goes away
        # ann sees bob's seat held, with its countdown
        held = ann.locator(".held[data-seat='1']")
        held.wait_for(timeout=15_000)
        assert "bob" in held.inner_text() and "held for" in held.inner_text()
        assert ann.locator(".held .countdown").inner_text().startswith("0:0")
        assert ann.locator(".takeover").count() == 0
        os.makedirs(SHOTS, exist_ok=True)
        ann.screenshot(path=os.path.join(SHOTS, "seat-grace-countdown.png"), full_page=True)
        # when the grace is over, ann may hand the seat to the computer, which then plays it
        ann.locator(".takeover[data-seat='1']").click(timeout=15_000)
        ann.locator(".takeover").wait_for(state="detached", timeout=15_000)  # the view after it
        ann.fill("#notation", "take 1")
        ann.click("#send")
        ann.wait_for_function("() => [...document.querySelectorAll('#log .entry')].some(d => d.dataset.n === '2' && d.querySelector(\".who[data-seat='1']\"))",
                              timeout=30_000)
        assert httpx.get(f"{grace_server}/api/tables/{tid}").json()["seats"][1]["kind"] == "bot"
        # bob comes back in the same browser: his token takes the seat back and he sees the table
        sockets = []
        bob = bob_ctx.new_page()
        bob.on("websocket", lambda ws: sockets.append(ws.url))
        bob.goto(f"{grace_server}/t/{tid}")
        bob.wait_for_selector("#status", timeout=15_000)
        bob.wait_for_selector("#log div", timeout=15_000)
        seat = httpx.get(f"{grace_server}/api/tables/{tid}").json()["seats"][1]
        assert seat["kind"] == "human" and seat["name"] == "bob"
        assert bob.locator("#board").inner_text().strip() or bob.locator("#board svg").count()
        assert bob.locator("#connection").count() == 0 and bob.locator("#unreachable").count() == 0
        ann.wait_for_function("() => !document.querySelector('.held') && document.querySelector('#notation')",
                              timeout=15_000)  # bob is back, and ann is to move
        ann.fill("#notation", "take 2")
        ann.click("#send")
        bob.wait_for_selector("#picker", timeout=15_000)  # and it is bob's turn, by his own hand
        assert "Your turn, bob" in " ".join(bob.locator("#status").inner_text().split())
        bob.wait_for_timeout(2500)
        assert len(sockets) == 1, sockets  # one connection, not a reconnect loop
        bob.screenshot(path=os.path.join(SHOTS, "seat-grace-returning-player.png"), full_page=True)
    finally:
        ann_ctx.close()
        bob_ctx.close()


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory):
    """Two `lapilli serve` instances on one PostgreSQL and one Redis, seat grace 4 s, presence
    heartbeat 1 s."""
    from lapilli.testing.services import Postgres, Redis

    pg, redis = Postgres(tmp_path_factory.mktemp("pg")), Redis(tmp_path_factory.mktemp("redis"))
    db, redis_url = pg.start(), redis.start()
    servers = []
    try:
        for name in ("A", "B"):
            servers.append(ServerProcess(tmp_path_factory.mktemp(name), name, db, redis_url,
                                         args=("--bot-workers", "1", "--seat-grace", "4"),
                                         LAPILLI_EXTRA_GAMES="nim=tests.engine.nim_game", LAPILLI_PRESENCE_HEARTBEAT="1"))
        yield [s.url for s in servers]
    finally:
        for s in servers:
            s.stop()
        redis.stop()
        pg.stop()


def test_a_person_at_another_instance_shows_present_and_their_countdown_when_they_leave(two_servers, browser):
    """ann plays through instance A, bob through B: bob's page shows ann present (no countdown,
    nothing to hand over) for longer than the grace; when her page goes away, his shows her
    countdown from the full grace, then offers her seat to the computer."""
    import httpx

    A, B = two_servers
    tid = httpx.post(f"{A}/api/tables", json={"game": "nim", "players": 2, "options": {"pile": 21}}).json()["id"]
    ann_ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    bob_ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    try:
        ann, bob = ann_ctx.new_page(), bob_ctx.new_page()
        take_seat(ann, A, tid, 0, "ann")
        take_seat(bob, B, tid, 1, "bob")
        ann.wait_for_selector("#picker", timeout=15_000)  # both seated: ann is to move
        bob.wait_for_function("() => (document.querySelector('#status') || {innerText: ''}).innerText.includes('ann')", timeout=15_000)
        bob.wait_for_timeout(5500)  # longer than the grace (4 s) and the presence TTL (3 s)
        assert bob.locator(".held").count() == 0 and bob.locator(".takeover").count() == 0
        assert bob.locator(".player[data-seat='0'] .presence.here").count() == 1  # ann is here
        bob.screenshot(path=os.path.join(SHOTS, "seat-grace-other-instance-present.png"), full_page=True)
        ann.close()  # ann's page goes away: instance A tells B
        held = bob.locator(".held[data-seat='0']")
        held.wait_for(timeout=15_000)  # held at all: the grace runs from when she left, not from earlier
        assert "ann" in held.inner_text() and "held for" in held.inner_text()
        assert bob.locator(".player[data-seat='0'] .presence.here").count() == 0  # and away
        bob.screenshot(path=os.path.join(SHOTS, "seat-grace-other-instance-countdown.png"), full_page=True)
        bob.locator(".takeover[data-seat='0']").click(timeout=15_000)
        bob.locator(".takeover").wait_for(state="detached", timeout=15_000)
        assert httpx.get(f"{B}/api/tables/{tid}").json()["seats"][0]["kind"] == "bot"
    finally:
        ann_ctx.close()
        bob_ctx.close()
