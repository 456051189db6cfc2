"""The coach's review in the web table: refused before the end, computed once in the coach's own
worker after it, and kept with the game."""
import json

from .support import join, make_table, play_nim_to_the_end


def test_a_review_is_computed_once_and_kept(client):
    tid = make_table(client, options={"pile": 10})
    assert client.get(f"/api/tables/{tid}/review/0").status_code == 403     # not before the end
    play_nim_to_the_end(client, tid)
    r = client.get(f"/api/tables/{tid}/review/0")
    assert r.status_code == 200, r.text
    rv = r.json()
    assert rv["seat"] == 0 and [d["ply"] for d in rv["decisions"]] == [0, 2]
    assert all(d["cls"] in ("good", "inaccuracy", "mistake", "blunder") for d in rv["decisions"])
    assert "could see" in rv["hidden_note"]
    store = client.app.state.store
    assert store.get_review(tid, 0, "normal") == rv          # kept with the game
    assert client.get(f"/api/tables/{tid}/review/0").json() == rv
    assert client.get(f"/api/tables/{tid}/review/5").status_code == 404


def test_hints_need_every_person_seated_to_agree_and_are_counted(client):
    tid = make_table(client, options={"pile": 10})
    ta, tb = join(client, tid, 0, "ann"), join(client, tid, 1, "bob")
    r = client.post(f"/api/tables/{tid}/hint", json={"token": ta})
    assert r.status_code == 403 and "waiting for seat(s) 1" in r.text
    assert client.post(f"/api/tables/{tid}/hint", json={"token": "nobody"}).status_code == 403
    got = client.post(f"/api/tables/{tid}/hints/agree", json={"token": tb}).json()
    assert got["allowed"] is True
    assert client.post(f"/api/tables/{tid}/hint", json={"token": tb}).status_code == 409   # not bob's turn
    r = client.post(f"/api/tables/{tid}/hint", json={"token": ta})
    assert r.status_code == 200, r.text
    assert r.json()["move"] in ("take 1", "take 2", "take 3") and r.json()["text"]["en"]
    used = {s["seat"]: s["used"] for s in client.get(f"/api/tables/{tid}/hints").json()["seats"]}
    assert used == {0: 1, 1: 0}


def test_a_person_alone_with_computers_may_always_ask_for_a_hint(client):
    tid = make_table(client, options={"pile": 10}, seats=[{"kind": "open"}, {"kind": "bot", "level": "random"}])
    ta = join(client, tid, 0, "ann")
    r = client.post(f"/api/tables/{tid}/hint", json={"token": ta})
    assert r.status_code == 200, r.text
    assert r.json()["move"] in ("take 1", "take 2", "take 3")
    assert client.get(f"/api/tables/{tid}/hints").json()["seats"][0]["used"] == 1


def _lines(client, url):
    with client.stream("GET", url) as r:
        assert r.status_code == 200, r.read()
        assert r.headers["content-type"].startswith("application/x-ndjson")
        return [json.loads(line) for line in r.iter_lines() if line]


def test_a_review_streams_its_progress_and_the_decisions_reviewed_so_far(client):
    tid = make_table(client, options={"pile": 10})
    play_nim_to_the_end(client, tid)
    got = _lines(client, f"/api/tables/{tid}/review/0?progress=1")
    # decision k of n, each with its judgement as soon as it is there, then the whole review
    assert got[0] == {"stage": "start", "total": 2}
    steps = got[1:-1]
    assert [(m["stage"], m["done"], m["total"]) for m in steps] == [("decision", 1, 2), ("decision", 2, 2)]
    assert [m["decision"]["ply"] for m in steps] == [0, 2]
    assert got[-1]["stage"] == "done"
    rv = got[-1]["review"]
    assert rv["decisions"] == [m["decision"] for m in steps]
    assert client.app.state.store.get_review(tid, 0, "normal") == rv         # kept with the game
    assert client.get(f"/api/tables/{tid}/review/0").json() == rv           # the same review, whole
    # asked again, the kept review streams at once, the same
    again = _lines(client, f"/api/tables/{tid}/review/0?progress=1")
    assert again == got
    assert client.get(f"/api/tables/{tid}/review/7?progress=1").status_code == 404


def test_a_review_of_a_live_table_is_refused_before_anything_streams(client):
    tid = make_table(client, options={"pile": 10})
    join(client, tid, 0, "ann"), join(client, tid, 1, "bob")
    r = client.get(f"/api/tables/{tid}/review/0?progress=1")
    assert r.status_code == 403 and "over" in r.text


def test_a_hint_names_the_seats_as_the_table_does_and_says_what_is_likely(client):
    tid = make_table(client, game="eruption", seats=[{"kind": "open"}, {"kind": "bot", "level": "random"}])
    ta = join(client, tid, 0, "ann")
    r = client.post(f"/api/tables/{tid}/hint", json={"token": ta})
    assert r.status_code == 200, r.text
    h = r.json()
    assert h["move"].startswith("village") and h["text"]["en"].startswith("You choose village")
    assert "first" not in h["text"]["en"]
    assert any("plays first" in x["text"]["en"] or "You play first" in x["text"]["en"] for x in h["likely"])
    assert h["reason"]["en"] and h["reason"]["it"]
    words = json.dumps(h)
    assert "Player 2" not in words and "Giocatore 2" not in words
    # the computer seat as the table names it
    label = client.get(f"/api/tables/{tid}").json()
    assert "computer" in h["text"]["en"] + " ".join(x["text"]["en"] for x in h["likely"]), (h, label)
