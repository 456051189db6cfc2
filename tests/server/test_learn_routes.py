"""The tutorial routes: a step's position as the learner's real view, a move judged by the
engine against what the step asks, nothing stored, a bounded number of judged moves per address."""
import pytest

from lapilli import learn


def ids(tut):
    return [c["id"] for c in tut.chapters]


def test_tutorial_and_its_positions(client):
    assert {"game": "stromboli", "chapters": len(learn.load("stromboli").chapters)} in client.get("/api/learn").json()
    doc = client.get("/api/learn/stromboli").json()
    assert doc["taught"] == learn.load("stromboli").taught()
    assert doc["chapters"][0]["steps"][1]["ask"] == ["place 2 b5"]
    v = client.get("/api/learn/stromboli/0/1").json()
    assert v["type"] == "state" and v["seat"] == 0 and "place 2 b5" in v["legal"]
    assert "seed" not in v["table"] and v["table"]["id"] is None
    assert v["observation"]["pending"] == {"kind": "turn", "seat": 0}


def test_moves_judged(client):
    tut = learn.load("stromboli")
    boat = ids(tut).index("boat")
    ok = client.post(f"/api/learn/stromboli/{boat}/0", json={"action": "place 4 b1"}).json()
    assert ok["verdict"] == "asked" and ok["view"]["observation"]["boat"] == 5
    assert ok["view"]["observation"]["statues"] == {"p5": 0}  # the Build card built under the shaman
    other = client.post(f"/api/learn/stromboli/{boat}/0", json={"action": "place 3 b1"}).json()
    assert other["verdict"] == "legal" and other["asked"] == ["place 4 b1"] and other["why"]["en"]
    sums = ids(tut).index("sum")
    bad = client.post(f"/api/learn/stromboli/{sums}/0", json={"action": "place 1 b3"}).json()
    assert bad["verdict"] == "illegal" and bad["rule"] == "STR-2.9" and "view" not in bad


def test_a_tutorial_makes_no_table(client):
    """Nothing is stored: no table to list, rate or resume, whatever the learner plays."""
    client.get("/api/learn/stromboli/1/0")
    assert client.post("/api/learn/stromboli/1/0", json={"action": "place 4 b1"}).json()["verdict"] == "asked"
    assert client.get("/api/tables?status=open,playing,finished").json() == []


def test_bad_requests(client):
    assert client.get("/api/learn/nim").status_code == 404
    assert client.get("/api/learn/stromboli/99/0").status_code == 404
    assert client.get("/api/learn/stromboli/0/99").status_code == 404
    # a step that only reads asks no move
    assert client.post("/api/learn/stromboli/0/0", json={"action": "place 2 b5"}).status_code == 404
    assert client.post("/api/learn/stromboli/0/1", json={"action": "x" * 201}).status_code == 422
    assert client.post("/api/learn/stromboli/0/1", json={"action": "place 2 b5", "seed": 3}).status_code == 422


def test_judged_moves_are_bounded_per_address(make_client):
    c = make_client(learn_rate="3/minute")
    for _ in range(3):
        assert c.post("/api/learn/stromboli/0/1", json={"action": "place 2 b5"}).status_code == 200
    r = c.post("/api/learn/stromboli/0/1", json={"action": "place 2 b5"})
    assert r.status_code == 429 and "Retry-After" in r.headers
    # reading a step's position is not judged, and not limited by it
    assert c.get("/api/learn/stromboli/0/1").status_code == 200


def test_the_island_steps_show_only_what_the_learner_may_see(client):
    """The Island hides the tiles' backs, the other player's kept tiles and every explorer's
    value until the end: a tutorial's step is the learner's view, so it hides them too, and the
    values are shown once the volcano has ended the game."""
    tut = learn.load("the-island")
    for ci, ch in enumerate(tut.chapters):
        for si, step in enumerate(ch["steps"]):
            o = client.get(f"/api/learn/the-island/{ci}/{si}").json()["observation"]
            if o["is_terminal"]:
                assert all("value" in e for e in o["explorers"])
                continue
            assert all("value" not in e for e in o["explorers"])
            assert all(t["back"] == "red" for t in o["hands"][1])
            assert "volcano" not in str(o["tiles"])
    last = client.get(f"/api/learn/the-island/{len(tut.chapters) - 1}/1").json()["observation"]
    assert last["is_terminal"] and last["end_reason"] == "volcano"


@pytest.mark.parametrize("game", learn.games())
def test_every_step_is_served_and_its_asked_move_judged(client, game):
    """Each step's position reaches the learner as a view (its log told in words), and the asked
    move comes back asked with the position after it and the scripted replies."""
    tut = learn.load(game)
    for ci, ch in enumerate(tut.chapters):
        for si, step in enumerate(ch["steps"]):
            v = client.get(f"/api/learn/{game}/{ci}/{si}")
            assert v.status_code == 200, (ch["id"], si, v.text[:200])
            if step.get("ask"):
                j = client.post(f"/api/learn/{game}/{ci}/{si}", json={"action": step["ask"][0]})
                assert j.status_code == 200 and j.json()["verdict"] == "asked", (ch["id"], si, j.text[:200])
