"""The web table with data sets: the server knows the sets it was started with, a table picks
one, the table shows it and plays with it."""
import json

import pytest

from lapilli.engine import dataset as D


@pytest.fixture
def dear(tmp_path):
    folder = tmp_path / "dear"
    D.export("stromboli", folder)
    p = folder / "cards.json"
    doc = json.loads(p.read_text())
    for c in doc["score_cards"]:
        c["cost"] += 2
    p.write_text(json.dumps(doc))
    return D.load("stromboli", folder)


@pytest.fixture
def client_with(tmp_path, dear):
    from fastapi.testclient import TestClient

    from lapilli.server.app import create_app
    from lapilli.server.config import Settings

    settings = Settings(database_url=f"sqlite:///{tmp_path / 'test.db'}", redis_url=None, bot_workers=1,
                        datasets=[dear])
    with TestClient(create_app(settings)) as c:
        yield c


def test_the_lobby_offers_the_servers_data_sets_and_the_table_uses_its_own(client_with, dear):
    c = client_with
    games = {g["id"]: g for g in c.get("/api/games").json()}
    assert [d["name"] for d in games["stromboli"]["datasets"]] == ["default", "dear"]
    assert [d["name"] for d in games["eruption"]["datasets"]] == ["default"]
    r = c.post("/api/tables", json={"game": "stromboli", "players": 2, "dataset": dear.hash})
    assert r.status_code == 200, r.text
    tid = r.json()["id"]
    assert c.get(f"/api/tables/{tid}").json()["dataset"] == {"name": "dear", "hash": dear.hash}
    plain = c.post("/api/tables", json={"game": "stromboli", "players": 2}).json()["id"]
    assert c.get(f"/api/tables/{plain}").json()["dataset"] is None
    with c.websocket_connect(f"/ws/{tid}") as ws:
        view = ws.receive_json()
        assert view["table"]["dataset"]["hash"] == dear.hash
    room = c.app.state.hub.rooms[tid]
    assert room.state.dataset is dear and c.app.state.hub.rooms.get(plain) is None


def test_an_unknown_data_set_is_refused_naming_the_known_ones(client_with):
    r = client_with.post("/api/tables", json={"game": "stromboli", "players": 2, "dataset": "mine"})
    assert r.status_code == 400 and "knows no data set 'mine'" in r.text and "default, dear" in r.text
    r = client_with.post("/api/tables", json={"game": "eruption", "players": 3, "dataset": "dear"})
    assert r.status_code == 400 and "of eruption" in r.text


def test_a_server_without_the_data_set_refuses_its_table_clearly(tmp_path, dear, client_with):
    from fastapi.testclient import TestClient

    from lapilli.server.app import create_app
    from lapilli.server.config import Settings

    tid = client_with.post("/api/tables", json={"game": "stromboli", "players": 2, "dataset": "dear"}).json()["id"]
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'test.db'}", redis_url=None, bot_workers=1)
    with TestClient(create_app(settings)) as c:
        with c.websocket_connect(f"/ws/{tid}") as ws:
            msg = ws.receive_json()
        assert msg["type"] == "error" and msg["fatal"]
        assert "was not started with" in msg["message"] and "--data" in msg["message"]
