"""Computer moves at a human pace: with a person seated, each computer move waits the table's
pace (``--bot-pace``) before it is played, so a chain of computer turns can be followed; a table
of computers only is not slowed.  The wait itself is recorded, not timed."""
import pytest


@pytest.fixture
def paced(tmp_path, monkeypatch):
    from fastapi.testclient import TestClient

    from lapilli.server.app import create_app
    from lapilli.server.config import Settings
    from lapilli.server.watchers import ComputerSeats

    waits = []

    async def record(self, seconds):
        waits.append(self.pace)

    monkeypatch.setattr(ComputerSeats, "_pause", record)
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'pace.db'}", redis_url=None, bot_workers=1, bot_pace=2.5)
    with TestClient(create_app(settings)) as c:
        yield c, waits


def test_a_person_at_the_table_sees_each_computer_move(paced):
    client, waits = paced
    tid = client.post("/api/tables", json={"game": "nim", "players": 2,
                                           "seats": [{"kind": "open"}, {"kind": "bot", "level": "random"}]}).json()["id"]
    token = client.post(f"/api/tables/{tid}/seats/0", json={"name": "Marta"}).json()["token"]
    with client.websocket_connect(f"/ws/{tid}?token={token}") as ws:
        v = ws.receive_json()
        ws.send_json({"type": "act", "action": "take 1", "version": v["version"]})
        while True:
            v = ws.receive_json()
            if v["type"] == "state" and v["version"] >= 2:
                break
    assert v["log"][-1]["seat"] == 1          # the computer answered
    assert waits == [2.5]                     # after one wait of the table's pace
    assert v["players"][0]["name"] == "Marta" and v["players"][1]["level"] == "random"


def test_computers_alone_are_not_slowed(paced):
    client, waits = paced
    tid = client.post("/api/tables", json={"game": "nim", "players": 2,
                                           "seats": [{"kind": "bot", "level": "random"}] * 2}).json()["id"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        v = ws.receive_json()
        while v.get("type") != "state" or not v.get("result"):
            v = ws.receive_json()
    assert len(v["log"]) >= 2 and waits == []
