"""The table chat: seats talk, spectators read or write only as the table chose when it was made,
a line is kept cleaned (no control or direction character, no line break, length capped), a
flood is cut per connection and per address, a line never reaches another table, the last lines
are sent to a page that opens, and the chat is kept with the finished game's record and replay
where spectators could read it."""
from __future__ import annotations

import json

import pytest

from .support import join, make_table, sync, until_pong, view


def say(ws, text):
    ws.send_text(json.dumps({"type": "chat", "text": text}))


def chat_lines(messages):
    return [line for m in messages if m["type"] == "chat" for line in m["lines"]]


def errors(messages):
    return [m["message"] for m in messages if m["type"] == "error"]


def seated(client, chat=None, players=2, **kw):
    extra = {"chat": chat} if chat else {}
    tid = make_table(client, players=players, options={"pile": 10}, **extra, **kw)
    return tid, [join(client, tid, s, name) for s, name in zip(range(players), ("ann", "bob", "cid"))]


def test_the_seats_talk_and_a_spectator_neither_reads_nor_writes_by_default(client):
    tid, (ta, tb) = seated(client)
    assert client.get(f"/api/tables/{tid}").json()["chat"] == "seats"
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, \
            client.websocket_connect(f"/ws/{tid}?token={tb}") as b, \
            client.websocket_connect(f"/ws/{tid}") as spy:
        for ws in (a, b, spy):
            view(ws)
        say(a, "good luck")
        lines = chat_lines(until_pong(a))
        assert [(x["seat"], x["name"], x["text"]) for x in lines] == [(0, "ann", "good luck")]
        assert [x["text"] for x in chat_lines(until_pong(b))] == ["good luck"]
        say(spy, "I see your stones")
        got = until_pong(spy)
        assert chat_lines(got) == []  # not ann's line, and its own refused
        assert errors(got) == ["only the players write in this table's chat"]
        assert chat_lines(until_pong(a)) == []
    # a spectator who opens later is not sent the history either; a seat is
    with client.websocket_connect(f"/ws/{tid}") as spy:
        view(spy)
        assert chat_lines(until_pong(spy)) == []
    with client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
        view(b)
        assert [x["text"] for x in chat_lines(until_pong(b))] == ["good luck"]


def test_a_watch_table_lets_spectators_read_and_an_open_one_lets_them_write(client):
    tid, (ta, _) = seated(client, chat="watch")
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, client.websocket_connect(f"/ws/{tid}") as spy:
        view(a), view(spy)
        say(a, "hello all")
        until_pong(a)
        assert [x["text"] for x in chat_lines(until_pong(spy))] == ["hello all"]
        say(spy, "hi")
        assert errors(until_pong(spy)) == ["only the players write in this table's chat"]
    tid, (ta, _) = seated(client, chat="open")
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, client.websocket_connect(f"/ws/{tid}") as spy:
        view(a), view(spy)
        say(spy, "nice move")
        assert [(x["seat"], x["name"], x["text"]) for x in chat_lines(until_pong(spy))] == [(None, "", "nice move")]
        assert [x["text"] for x in chat_lines(until_pong(a))] == ["nice move"]


def test_a_chat_mode_the_server_does_not_know_is_refused(client):
    r = client.post("/api/tables", json={"game": "nim", "players": 2, "chat": "everyone-and-their-dog"})
    assert r.status_code == 422, r.text


def test_a_line_is_kept_as_plain_text_without_control_or_direction_characters(make_client):
    client = make_client(chat_max_chars=40)
    tid, (ta, tb) = seated(client)
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
        view(a), view(b)
        say(a, "<b>hi</b>\u202egnp.exe\u2066 x\u2069\n\n  y\x00\x1b[31m\u200b!")
        say(a, "\u202e\u200f \n\t ")  # nothing left once cleaned
        say(a, "z" * 100)
        got = until_pong(a)
        assert errors(got) == ["an empty chat line is not sent"]
        texts = [x["text"] for x in chat_lines(until_pong(b))]
        assert texts == ["<b>hi</b>gnp.exe x y[31m!", "z" * 40]


def test_a_flood_is_cut_per_connection_and_per_address(make_client):
    client = make_client(chat_burst="3/minute", chat_rate="5/minute")
    tid, (ta, tb) = seated(client)
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a:
        view(a)
        for i in range(5):
            say(a, f"line {i}")
        got = until_pong(a)
        assert [x["text"] for x in chat_lines(got)] == ["line 0", "line 1", "line 2"]
        assert errors(got) == ["too many chat lines: wait a little before the next"] * 2
    # another connection from the same address has its own burst, but the address's limit holds
    with client.websocket_connect(f"/ws/{tid}?token={tb}") as b:
        view(b)
        until_pong(b)  # the history
        for i in range(3):
            say(b, f"more {i}")
        got = until_pong(b)
        assert [x["text"] for x in chat_lines(got)] == ["more 0", "more 1"]
        assert len(errors(got)) == 1


def test_a_line_never_reaches_another_table(client):
    tid, (ta, _) = seated(client, chat="open")
    other, (oa, _) = seated(client, chat="open")
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a, \
            client.websocket_connect(f"/ws/{other}?token={oa}") as o, \
            client.websocket_connect(f"/ws/{other}") as watcher:
        view(a), view(o), view(watcher)
        say(a, "only here")
        until_pong(a)
        assert chat_lines(until_pong(o)) == [] and chat_lines(until_pong(watcher)) == []


def finish(ws):
    v = sync(ws)
    while "result" not in v:
        if v["legal"]:
            ws.send_json({"type": "act", "action": v["legal"][-1], "version": v["version"]})
        v = view(ws)
    return v


def test_the_chat_is_kept_with_the_record_and_the_replay_where_spectators_could_read_it(client):
    tid = make_table(client, seats=[{"kind": "open"}, {"kind": "bot", "level": "random"}], options={"pile": 10},
                     chat="watch")
    ta = join(client, tid, 0, "ann")
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a:
        view(a)
        say(a, "before any move")
        until_pong(a)
        a.send_json({"type": "act", "action": "take 1", "version": 0})
        v = view(a)
        while v["version"] < 2:  # ann's act and the computer's
            v = view(a)
        say(a, "after two plies")
        until_pong(a)
        finish(a)
    rec = client.get(f"/api/tables/{tid}/record").json()
    assert [(x["seat"], x["text"], x["ply"]) for x in rec["chat"]] == [(0, "before any move", 0),
                                                                      (0, "after two plies", 2)]
    assert [x["text"] for x in client.get(f"/api/tables/{tid}/replay/1").json()["chat"]] == ["before any move"]
    assert len(client.get(f"/api/tables/{tid}/replay/2").json()["chat"]) == 2
    # a chat among the seats only is not published with the record
    tid = make_table(client, seats=[{"kind": "open"}, {"kind": "bot", "level": "random"}], options={"pile": 10})
    ta = join(client, tid, 0, "ann")
    with client.websocket_connect(f"/ws/{tid}?token={ta}") as a:
        view(a)
        say(a, "between us")
        until_pong(a)
        finish(a)
    rec = client.get(f"/api/tables/{tid}/record").json()
    assert "chat" not in rec and "chat" not in client.get(f"/api/tables/{tid}/replay/1").json()
    assert client.app.state.hub.store.chat(tid)[0]["text"] == "between us"  # kept with the table all the same


@pytest.mark.slow  # two real instances; the chat in one process is tested above
def test_a_line_said_on_one_instance_reaches_the_other_instances_readers(tmp_path, postgres_url, redis_url):
    """Two instances on PostgreSQL and Redis: ann (on A) says a line of a "watch" table; bob and a
    spectator connected to B read it, a spectator of another table on B does not."""
    import httpx
    from websockets.sync.client import connect

    from .support import instances, recv_state

    def next_chat(ws):
        while True:
            m = json.loads(ws.recv(timeout=10))
            if m["type"] == "chat":
                return m

    with instances(tmp_path, postgres_url, redis_url, {}, {}) as (a_server, b_server):
        A, B, pa, pb = a_server.url, b_server.url, a_server.port, b_server.port
        tid = httpx.post(f"{A}/api/tables", json={"game": "nim", "players": 2, "chat": "watch"}).json()["id"]
        other = httpx.post(f"{B}/api/tables", json={"game": "nim", "players": 2, "chat": "open"}).json()["id"]
        t0 = httpx.post(f"{A}/api/tables/{tid}/seats/0", json={"name": "ann"}).json()["token"]
        t1 = httpx.post(f"{B}/api/tables/{tid}/seats/1", json={"name": "bob"}).json()["token"]
        with connect(f"ws://127.0.0.1:{pa}/ws/{tid}?token={t0}") as a, \
                connect(f"ws://127.0.0.1:{pb}/ws/{tid}?token={t1}") as b, \
                connect(f"ws://127.0.0.1:{pb}/ws/{tid}") as spy, \
                connect(f"ws://127.0.0.1:{pb}/ws/{other}") as stranger:
            for ws in (a, b, spy, stranger):
                recv_state(ws)
            a.send(json.dumps({"type": "chat", "text": "across instances"}))
            assert [x["text"] for x in next_chat(b)["lines"]] == ["across instances"]
            assert [x["text"] for x in next_chat(spy)["lines"]] == ["across instances"]
            stranger.send(json.dumps({"type": "ping"}))
            while True:  # everything the stranger was sent, up to the answer of its ping
                m = json.loads(stranger.recv(timeout=10))
                assert m["type"] != "chat", m
                if m["type"] == "pong":
                    break
