"""'Your turn' e-mail of a turn-based table, caught by a real SMTP server (aiosmtpd) on
127.0.0.1, on SQLite and PostgreSQL: sent to the absent seat whose turn it is, at most one per
table and seat an hour (by the injected clock), with a one-click opt-out link that needs no
sign-in; and "My tables", marking where it is the seat's turn."""
from __future__ import annotations

import email
import email.policy
import json
import os
import re
import subprocess
import sys
import threading

import httpx

import pytest
from aiosmtpd.controller import Controller
from websockets.sync.client import connect

from lapilli.testing.services import free_port, wait_port

from .test_api import join, make_table
from .test_clocks import FakeClock, db, hub_of  # noqa: F401 (db is a fixture)
from .test_seat_grace import until, view


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
    assert r.status_code == 200 and r.json() == {"seat": 1, "email": "bob@example.org", "sending": True}
    assert c.post(f"/api/tables/{tid}/notify", json={"token": "nope", "email": "x@example.org"}).status_code == 403
    r = c.post(f"/api/tables/{tid}/notify", json={"token": tb, "email": "not an address"})
    assert r.status_code == 422 and "not an e-mail address" in r.json()["error"]

    move(c, tid, ta, "take 1")  # bob's turn, bob away: a mail
    smtp.wait_for(1)
    mail = smtp.mails[0]
    assert smtp.rcpts[0] == ["bob@example.org"] and mail["From"] == "tables@lapilli.example"
    assert "your turn at Nim" in mail["Subject"]
    body = mail.get_content()
    assert f"http://lapilli.example/t/{tid}" in body and body.startswith("bob, it is your turn")
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
    ta, tb = join(c, tid, 0, "ann"), join(c, tid, 1, "bob")
    c.post(f"/api/tables/{tid}/notify", json={"token": tb, "email": "bob@example.org"})
    with c.websocket_connect(f"/ws/{tid}?token={tb}") as ws:  # bob is at the table
        view(ws)
        assert not notify(c, tid, 1)
    assert notify(c, tid, 1)  # he left: now he may be told
    smtp.wait_for(1)


def test_my_tables_marks_where_it_is_your_turn(make_client):
    c = make_client()
    t1 = make_table(c, options={"pile": 10})
    a1, b1 = join(c, t1, 0, "ann"), join(c, t1, 1, "bob")
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


def test_lapilli_serve_smtp_sends_the_notice(tmp_path, smtp):
    """The command line: `lapilli serve --smtp smtp://127.0.0.1:PORT --public-url URL`."""
    port = free_port()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path), LAPILLI_EXTRA_GAMES="nim=tests.engine.nim_game")
    proc = subprocess.Popen([sys.executable, "-m", "lapilli", "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--database", f"sqlite:///{tmp_path / 'mail.db'}", "--smtp", smtp.url,
                             "--public-url", "https://play.example"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_port(port, 60)
        base = f"http://127.0.0.1:{port}"
        tid = httpx.post(f"{base}/api/tables", json={"game": "nim", "clock": {"preset": "24h"}}).json()["id"]
        ta = httpx.post(f"{base}/api/tables/{tid}/seats/0", json={"name": "ann"}).json()["token"]
        tb = httpx.post(f"{base}/api/tables/{tid}/seats/1", json={"name": "bob"}).json()["token"]
        r = httpx.post(f"{base}/api/tables/{tid}/notify", json={"token": tb, "email": "bob@example.org"})
        assert r.json()["sending"] is True
        with connect(f"ws://127.0.0.1:{port}/ws/{tid}?token={ta}") as ws:
            v = json.loads(ws.recv(timeout=30))
            ws.send(json.dumps({"type": "act", "action": "take 1", "version": v["version"]}))
            smtp.wait_for(1, timeout=60)
        body = smtp.mails[0].get_content()
        assert f"https://play.example/t/{tid}" in body and "https://play.example/optout/" in body
    finally:
        proc.terminate()
        proc.wait(15)
