"""'Your turn' e-mail of a turn-based table, caught by a real SMTP server (aiosmtpd) on
127.0.0.1, on SQLite and PostgreSQL: sent to the absent seat whose turn it is, at most one per
table and seat an hour (by the injected clock), with a one-click opt-out link that needs no
sign-in; and "My tables", marking where it is the seat's turn."""
from __future__ import annotations

import email
import email.policy
import json
import re
import threading

import httpx

import pytest
from aiosmtpd.controller import Controller
from websockets.sync.client import connect

from lapilli.testing.services import free_port

from .support import FakeClock, hub_of, join, make_table, until, view


class Inbox:
    """An aiosmtpd handler keeping every mail it is given."""

    def __init__(self):
        self.mails: list[email.message.Message] = []
        self.rcpts: list[list[str]] = []
        self.arrived = threading.Condition()

    async def handle_DATA(self, server, session, envelope):
        with self.arrived:
            self.mails.append(email.message_from_bytes(envelope.content, policy=email.policy.default))
            self.rcpts.append(list(envelope.rcpt_tos))
            self.arrived.notify_all()
        return "250 OK"

    def wait_for(self, n: int, timeout: float = 20) -> None:
        with self.arrived:
            assert self.arrived.wait_for(lambda: len(self.mails) >= n, timeout), f"mail {n} never arrived"


@pytest.fixture
def smtp():
    inbox = Inbox()
    port = free_port()
    ctl = Controller(inbox, hostname="127.0.0.1", port=port)
    ctl.start()
    inbox.url = f"smtp://127.0.0.1:{port}"
    yield inbox
    ctl.stop()


def move(c, tid, token, action):
    """The seat of ``token`` connects, makes one move, and leaves."""
    with c.websocket_connect(f"/ws/{tid}?token={token}") as ws:
        v = view(ws)
        ws.send_json({"type": "act", "action": action, "version": v["version"]})
        until(ws, lambda m: m["version"] == v["version"] + 1)


def notify(c, tid, seat) -> bool:
    """Ask for a notice now (what each move does): True when one was sent."""
    h = hub_of(c)
    room = c.portal.call(h.room, tid)
    return c.portal.call(h.notify, room, seat)


def test_your_turn_mail_at_most_hourly_with_a_one_click_opt_out(make_client, db, smtp):  # noqa: F811
    now = FakeClock()
    c = make_client(database_url=db, now=now, clock_poll=3600, smtp_url=smtp.url,
                    public_url="http://lapilli.example", mail_from="tables@lapilli.example")
    tid = make_table(c, options={"pile": 21}, clock={"preset": "24h"})
    ta, tb = join(c, tid, 0, "ann"), join(c, tid, 1, "bob")
    # ann is first to move: she gave no address, so play beginning mailed nobody
    r = c.post(f"/api/tables/{tid}/notify", json={"token": tb, "email": "bob@example.org"})
    assert r.status_code == 200 and r.json() == {"seat": 1, "email": "bob@example.org", "sending": True,
                                                 "confirmed": False, "confirmation_sent": True}
    assert c.post(f"/api/tables/{tid}/notify", json={"token": "nope", "email": "x@example.org"}).status_code == 403
    r = c.post(f"/api/tables/{tid}/notify", json={"token": tb, "email": "not an address"})
    assert r.status_code == 422 and "not an e-mail address" in r.json()["error"]
    smtp.wait_for(1)  # bob confirms his address
    assert smtp.mails[0]["From"] == "tables@lapilli.example" and "confirm" in smtp.mails[0]["Subject"]
    assert c.get(confirm_link(smtp.mails[0])).status_code == 200
    del smtp.mails[0], smtp.rcpts[0]

    move(c, tid, ta, "take 1")  # bob's turn, bob away: a mail
    smtp.wait_for(1)
    mail = smtp.mails[0]
    assert smtp.rcpts[0] == ["bob@example.org"] and mail["From"] == "tables@lapilli.example"
    assert "your turn at Nim" in mail["Subject"]
    body = mail.get_content()
    # the seat named by its place in the game, never by the name typed for it
    assert f"http://lapilli.example/t/{tid}" in body and body.startswith("It is your turn at Nim (")
    assert "bob" not in body
    optout = re.search(r"http://lapilli\.example(/optout/[A-Za-z0-9_-]+)", body).group(1)
    assert mail["List-Unsubscribe"].strip() == f"<http://lapilli.example{optout}>"

    # within the hour: bob moves, ann moves, it is bob's turn again, and no second mail
    now.t += 1800
    move(c, tid, tb, "take 1")
    move(c, tid, ta, "take 1")
    assert not notify(c, tid, 1)
    assert len(smtp.mails) == 1
    # an hour after the first mail, the next turn of bob's is mailed again
    now.t += 1801
    move(c, tid, tb, "take 1")
    move(c, tid, ta, "take 1")
    smtp.wait_for(2)
    assert smtp.rcpts[1] == ["bob@example.org"]

    # the link in the mail stops them, without signing in
    r = c.get(optout)
    assert r.status_code == 200 and f"No more e-mail from table {tid}" in r.text
    assert c.get("/optout/not-a-link").status_code == 404
    mine = c.post("/api/my-tables", json={"seats": [{"table": tid, "token": tb}]}).json()
    assert mine[0]["email"] is None
    now.t += 7200
    move(c, tid, tb, "take 1")
    move(c, tid, ta, "take 1")
    assert not notify(c, tid, 1)
    assert len(smtp.mails) == 2


def test_no_mail_to_a_seat_at_the_table(make_client, smtp):
    now = FakeClock()
    c = make_client(now=now, clock_poll=3600, smtp_url=smtp.url)
    tid = make_table(c, options={"pile": 21}, clock={"preset": "24h"})
    join(c, tid, 0, "ann")
    tb = join(c, tid, 1, "bob")
    c.post(f"/api/tables/{tid}/notify", json={"token": tb, "email": "bob@example.org"})
    smtp.wait_for(1)
    assert c.get(confirm_link(smtp.mails[0])).status_code == 200
    with c.websocket_connect(f"/ws/{tid}?token={tb}") as ws:  # bob is at the table
        view(ws)
        assert not notify(c, tid, 1)
    assert notify(c, tid, 1)  # he left: now he may be told
    smtp.wait_for(2)


def test_my_tables_marks_where_it_is_your_turn(make_client):
    c = make_client()
    t1 = make_table(c, options={"pile": 10})
    a1 = join(c, t1, 0, "ann")
    join(c, t1, 1, "bob")
    t2 = make_table(c, options={"pile": 10}, clock={"preset": "72h"})
    a2, b2 = join(c, t2, 0, "ann"), join(c, t2, 1, "bob")
    move(c, t2, a2, "take 1")
    t3 = make_table(c, options={"pile": 10})
    a3 = join(c, t3, 0, "ann")  # seat 1 still open
    ann = [{"table": t1, "token": a1}, {"table": t2, "token": a2}, {"table": t3, "token": a3},
           {"table": t1, "token": "forged"}]
    rows = c.post("/api/my-tables", json={"seats": ann}).json()
    by = {r["id"]: r for r in rows}
    assert set(by) == {t1, t2, t3}  # the forged token holds nothing
    assert by[t1]["your_turn"] and by[t1]["status"] == "playing" and by[t1]["seat"] == 0
    assert not by[t2]["your_turn"] and by[t2]["to_move"] == 1 and by[t2]["clock"]["running"] == 1
    assert not by[t3]["your_turn"] and by[t3]["status"] == "open"
    assert rows[0]["id"] == t1  # your turn first
    bob = c.post("/api/my-tables", json={"seats": [{"table": t2, "token": b2}]}).json()
    # each seat named as at the table, in both languages: the typed names, an open seat by its place
    assert bob[0]["your_turn"] and bob[0]["labels"] == {"en": ["ann", "bob"], "it": ["ann", "bob"]}
    assert by[t3]["labels"]["en"][0] == "ann" and by[t3]["labels"]["en"][1] != by[t3]["labels"]["it"][1]


def test_lapilli_serve_smtp_sends_the_notice(serve, smtp):
    """The command line: `lapilli serve --smtp smtp://127.0.0.1:PORT --public-url URL`."""
    server = serve("mail", args=("--smtp", smtp.url, "--public-url", "https://play.example"),
                   LAPILLI_EXTRA_GAMES="nim=tests.engine.nim_game")
    base, port = server.url, server.port
    tid = httpx.post(f"{base}/api/tables", json={"game": "nim", "clock": {"preset": "24h"}}).json()["id"]
    ta = httpx.post(f"{base}/api/tables/{tid}/seats/0", json={"name": "ann"}).json()["token"]
    tb = httpx.post(f"{base}/api/tables/{tid}/seats/1", json={"name": "bob"}).json()["token"]
    r = httpx.post(f"{base}/api/tables/{tid}/notify", json={"token": tb, "email": "bob@example.org"})
    assert r.json()["sending"] is True
    smtp.wait_for(1, timeout=60)
    link = confirm_link(smtp.mails[0])
    assert httpx.get(f"{base}{link}").status_code == 200
    with connect(f"ws://127.0.0.1:{port}/ws/{tid}?token={ta}") as ws:
        v = json.loads(ws.recv(timeout=30))
        ws.send(json.dumps({"type": "act", "action": "take 1", "version": v["version"]}))
        smtp.wait_for(2, timeout=60)
    body = smtp.mails[1].get_content()
    assert f"https://play.example/t/{tid}" in body and "https://play.example/optout/" in body


SPAM = "Cheap pills at pills.example"  # one line: a name with a line break is refused at the seat


def confirm_link(mail) -> str:
    """The path of the confirmation link in a confirmation mail."""
    return re.search(r"https?://[^/\s]+(/confirm/[A-Za-z0-9_-]+)", mail.get_content()).group(1)


def test_a_strangers_address_gets_one_confirmation_and_no_notice_until_it_is_followed(make_client, smtp):
    now = FakeClock()
    c = make_client(now=now, clock_poll=3600, smtp_url=smtp.url, public_url="http://lapilli.example")
    tid = make_table(c, options={"pile": 21}, clock={"preset": "24h"})
    assert c.post(f"/api/tables/{tid}/seats/1", json={"name": SPAM + "\nx.example"}).status_code == 400
    ta, tb = join(c, tid, 0, "ann"), join(c, tid, 1, SPAM)  # a guest names its seat with an advert
    r = c.post(f"/api/tables/{tid}/notify", json={"token": tb, "email": "stranger@example.org"})
    move(c, tid, ta, "take 1")  # the guest's turn, the guest away
    smtp.wait_for(1)
    # the one mail is the question to the address's owner, not a notice
    assert smtp.rcpts[0] == ["stranger@example.org"]
    assert "/confirm/" in smtp.mails[0].get_content(), smtp.mails[0].get_content()
    assert r.status_code == 200 and r.json()["confirmed"] is False and r.json()["confirmation_sent"] is True
    link = confirm_link(smtp.mails[0])
    # asking again, at this table or another, sends nothing more before the link is followed
    again = c.post(f"/api/tables/{tid}/notify", json={"token": tb, "email": "Stranger@example.org"}).json()
    assert again["confirmation_sent"] is False
    t2 = make_table(c, options={"pile": 21}, clock={"preset": "24h"})
    join(c, t2, 0, "ann")
    tb2 = join(c, t2, 1, SPAM)
    assert c.post(f"/api/tables/{t2}/notify", json={"token": tb2, "email": "stranger@example.org"}).status_code == 200
    assert not notify(c, tid, 1)  # no notice to an unconfirmed address
    now.t += 3 * 86_400
    assert not notify(c, tid, 1)
    assert len(smtp.mails) == 1

    r = c.get(link)  # the owner agrees
    assert r.status_code == 200 and "stranger@example.org" in r.text
    assert c.get(link).status_code == 404  # the link works once
    assert notify(c, tid, 1)
    smtp.wait_for(2)
    assert smtp.rcpts[1] == ["stranger@example.org"]
    for mail in smtp.mails[:2]:
        text = mail.as_string()
        # nothing the guest typed reaches the mail: neither the advert, nor its link, nor a line break
        assert "pills" not in text and "Cheap" not in text
    body = smtp.mails[1].get_content()
    assert "your turn at Nim" in body and f"http://lapilli.example/t/{tid}" in body


def test_notice_limits_per_sender_address_and_per_recipient(make_client, smtp):
    now = FakeClock()
    c = make_client(now=now, clock_poll=3600, smtp_url=smtp.url, notify_rate="3/hour", notices_per_address=2)
    tables = []
    for i in range(3):
        tid = make_table(c, options={"pile": 21}, clock={"preset": "24h"})
        ta, tb = join(c, tid, 0, "ann"), join(c, tid, 1, "bob")
        tables.append((tid, ta, tb))
    for tid, _, tb in tables:
        assert c.post(f"/api/tables/{tid}/notify", json={"token": tb, "email": "bob@example.org"}).status_code == 200
    # a fourth address given from the same client within the hour is refused
    tid0, _, tb0 = tables[0]
    r = c.post(f"/api/tables/{tid0}/notify", json={"token": tb0, "email": "carol@example.org"})
    assert r.status_code == 429 and "Retry-After" in r.headers
    smtp.wait_for(1)
    assert c.get(confirm_link(smtp.mails[0])).status_code == 200
    for tid, ta, _ in tables:
        move(c, tid, ta, "take 1")
    # three tables with bob to move, bob away: two notices within the hour to his address, no more
    smtp.wait_for(3)
    assert not any(notify(c, tid, 1) for tid, _, _ in tables)
    assert len(smtp.mails) == 3 and all(r == ["bob@example.org"] for r in smtp.rcpts)
    now.t += 3601  # the next hour: two more, and the third table still waits
    assert sum(notify(c, tid, 1) for tid, _, _ in tables) == 2
    smtp.wait_for(5)
    assert not any(notify(c, tid, 1) for tid, _, _ in tables)


def test_the_sign_up_address_gets_notices_only_once_confirmed(make_client, smtp):
    now = FakeClock()
    c = make_client(now=now, clock_poll=3600, smtp_url=smtp.url)
    tid = make_table(c, options={"pile": 21}, clock={"preset": "24h"})
    ta = join(c, tid, 0, "ann")
    # someone signs up with a stranger's address and takes the second seat
    r = c.post("/api/account/signup", json={"username": "Mallory", "password": "a long password",
                                            "email": "stranger@example.org"})
    assert r.status_code == 201
    r = c.post(f"/api/tables/{tid}/seats/1", json={}, headers={"X-CSRF-Token": c.cookies.get("lapilli_csrf")})
    assert r.status_code == 200
    c.cookies.clear()
    move(c, tid, ta, "take 1")  # Mallory's turn, Mallory away
    smtp.wait_for(1)
    assert smtp.rcpts[0] == ["stranger@example.org"]
    assert "/confirm/" in smtp.mails[0].get_content()  # the question, not a notice
    assert not notify(c, tid, 1)
    assert c.get(confirm_link(smtp.mails[0])).status_code == 200
    assert notify(c, tid, 1)
    smtp.wait_for(2)
    assert "Mallory" not in smtp.mails[1].as_string()
