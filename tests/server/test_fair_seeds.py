"""Fair randomness players can verify: the server alone draws each table's seed, every seat sees a
commitment to it from the start, the finished game's record reveals seed and salt, and
`lapilli verify` checks them and replays the game."""
from __future__ import annotations

import hashlib
import json
import random
import time

import pytest
import sqlalchemy as sa

import lapilli
from lapilli.cli import main
from lapilli.engine.fairness import NotVerified, actions_digest, record_commitment, seed_actions_digest, seed_commitment, verify_record

GAME = "kingdomino-origins"


@pytest.fixture
def public_client(tmp_path):
    """A server as it runs for players: no test switch for seeds."""
    from fastapi.testclient import TestClient

    from lapilli.server.app import create_app
    from lapilli.server.config import Settings

    settings = Settings(database_url=f"sqlite:///{tmp_path / 'public.db'}", redis_url=None, bot_workers=1)
    assert settings.test_seeds is False
    with TestClient(create_app(settings)) as c:
        yield c


def _play_to_the_end(client, game: str, players: int) -> tuple[str, list[dict]]:
    """Create a table, take every seat, play random legal moves over WebSockets to the end;
    returns the table id and every message each seat received."""
    r = client.post("/api/tables", json={"game": game, "players": players})
    assert r.status_code == 200, r.text
    tid = r.json()["id"]
    tokens = [client.post(f"/api/tables/{tid}/seats/{s}", json={"name": f"p{s}"}).json()["token"]
              for s in range(players)]
    pick = random.Random(7)
    seen: list[dict] = []
    from contextlib import ExitStack

    with ExitStack() as stack:
        conns = [stack.enter_context(client.websocket_connect(f"/ws/{tid}?token={t}")) for t in tokens]
        sent = [0.0] * len(conns)
        version = 0
        while True:
            last = []
            for c in conns:  # every seat's view of this version (earlier broadcasts are skipped)
                while True:
                    m = c.receive_json()
                    seen.append(m)
                    if m["type"] == "state" and m["version"] == version:
                        last.append(m)
                        break
            if last[0]["observation"]["is_terminal"]:
                break
            mover = last[0]["observation"]["to_move"]
            legal = last[mover]["legal"]
            # within the server's message rate per connection (LAPILLI_MAX_MESSAGES_PER_SECOND, 20):
            # a message beyond it is refused ("slow down") and this loop would wait for ever
            time.sleep(max(0.0, sent[mover] + 0.06 - time.monotonic()))
            conns[mover].send_json({"type": "act", "action": legal[pick.randrange(len(legal))], "version": version})
            sent[mover] = time.monotonic()
            version += 1
    return tid, seen


def test_the_public_api_accepts_no_seed(public_client):
    r = public_client.post("/api/tables", json={"game": GAME, "players": 2, "seed": 424242})
    assert r.status_code == 400 and "drawn by the server" in r.text
    r = public_client.post("/api/tables", json={"game": GAME, "players": 2})
    assert r.status_code == 200


def test_seeds_are_63_bit_secrets_and_never_reach_a_client_before_the_end(public_client, tmp_path):
    for _ in range(3):
        public_client.post("/api/tables", json={"game": GAME, "players": 2})
    eng = sa.create_engine(f"sqlite:///{tmp_path / 'public.db'}")
    with eng.connect() as conn:
        rows = conn.execute(sa.text("SELECT id, seed, salt, commitment, seeding FROM tables")).all()
    assert len({r.seed for r in rows}) == 3 and len({r.salt for r in rows}) == 3
    assert max(r.seed for r in rows) >= 2**32  # not the 31-bit seeds of before (a 1-in-a-billion miss per table)
    for tid, seed, salt, commit, seeding in rows:
        assert seeding == "mix64" and len(salt) == 32
        # SHA-256 of the compact JSON (sorted keys) of everything that decides the game
        t = public_client.get(f"/api/tables/{tid}").json()
        terms = {"fairness": 2, "game": GAME, "players": 2, "options": t["options"],
                 "data": lapilli.new_game(GAME, 2, 1).dataset.hash, "seeding": "mix64", "seat_order": [0, 1],
                 "seed": seed, "salt": salt}
        assert commit == hashlib.sha256(json.dumps(terms, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
        t = public_client.get(f"/api/tables/{tid}").json()
        assert t["commitment"] == commit
        texts = [json.dumps(t), public_client.get("/api/tables").text,
                 public_client.get(f"/api/tables/{tid}/record").text]
        with public_client.websocket_connect(f"/ws/{tid}") as ws:
            texts.append(json.dumps(ws.receive_json()))
        for text in texts:
            assert str(seed) not in text and salt not in text
        assert public_client.get(f"/api/tables/{tid}/record").status_code == 403
        assert public_client.get(f"/api/tables/{tid}/replay/0").status_code == 403


@pytest.mark.slow  # a whole game through a server; verify's refusals are checked fast
def test_a_finished_web_game_verifies_and_any_change_is_caught(public_client, tmp_path, capsys):
    tid, seen = _play_to_the_end(public_client, GAME, 2)
    rec = public_client.get(f"/api/tables/{tid}/record").json()
    assert {"seed", "salt", "commitment", "seeding"} <= set(rec) and rec["seeding"] == "mix64"
    shown = {m["table"]["commitment"] for m in seen if m["type"] == "state"}
    assert shown == {rec["commitment"]}  # every view, from the first, showed the same commitment
    before_end = [m for m in seen if m["type"] == "state" and not m["observation"]["is_terminal"]]
    assert before_end and not any(str(rec["seed"]) in json.dumps(m) or rec["salt"] in json.dumps(m) for m in before_end)

    # every view showed the digest of the actions so far, chained from the commitment and keyed by the salt
    states = [m for m in seen if m["type"] == "state"]
    assert all(m["digest"] == actions_digest(rec["commitment"], rec["actions"][:m["version"]], rec["salt"])
               for m in states)
    last_digest = states[-1]["digest"]

    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec))
    assert main(["verify", str(path), "--commitment", rec["commitment"], "--digest", last_digest]) == 0
    out = capsys.readouterr().out
    assert out.startswith("verified: kingdomino-origins") and rec["commitment"] in out

    def refused(changed: dict, why: str, expected: str | None = None, digest: str | None = None) -> None:
        path.write_text(json.dumps(changed))
        args = ["verify", str(path)] + (["--commitment", expected] if expected else []) + (["--digest", digest] if digest else [])
        assert main(args) == 1
        err = capsys.readouterr().err
        assert "NOT verified" in err and why in err, err

    refused({**rec, "seed": rec["seed"] + 1}, "one of them was changed")
    refused({**rec, "salt": rec["salt"][:-1] + ("0" if rec["salt"][-1] != "0" else "1")}, "one of them was changed")
    # a forger who also recomputes the commitment is caught by the commitment shown at the table
    forged = {**rec, "seed": rec["seed"] + 1}
    refused({**forged, "commitment": record_commitment(forged)}, "not the one shown at the table",
            expected=rec["commitment"])
    # nor does a record made under the first construction pass for it (a downgrade)
    old = {k: v for k, v in rec.items() if k != "fairness"}
    refused(old, "seed or the salt was changed")
    refused({**old, "commitment": seed_commitment(rec["seed"], rec["salt"])}, "not the one shown at the table",
            expected=rec["commitment"])
    bare = {k: v for k, v in rec.items() if k != "result"}
    # every action, changed to one that is not legal at that point (the action of another ply),
    # breaks the replay
    for i, action in enumerate(rec["actions"]):
        actions = list(rec["actions"])
        actions[i] = next(a for a in rec["actions"][i + 1:] + rec["actions"][:i] if a != action)
        if lapilli.replay({**bare, "actions": actions}, upto=i).legal_actions().count(actions[i]):
            continue  # still legal there: see the next check
        with pytest.raises(NotVerified, match="do not replay"):
            verify_record({**rec, "actions": actions})
    refused({**rec, "actions": ["take 99", *rec["actions"][1:]]}, "do not replay")
    # a change to another legal action is caught when it changes the recorded result
    state, caught = lapilli.new_game(GAME, 2, rec["seed"], rec["options"]), 0
    for i, action in enumerate(rec["actions"]):
        for other in state.legal_actions()[:3]:
            if other == action:
                continue
            actions = list(rec["actions"])
            actions[i] = other
            try:
                final = lapilli.replay({**bare, "actions": actions})
            except lapilli.CorruptRecord:
                final = None
            if final is None or not final.is_terminal or final.scores() != rec["result"]["scores"] \
                    or final.winners() != rec["result"]["winners"]:
                with pytest.raises(NotVerified):
                    verify_record({**rec, "actions": actions})
                caught += 1
        state.apply(action)
    assert caught >= 20
    # the last digest shown at the table catches every changed action, even one that keeps the result
    state, kept = lapilli.new_game(GAME, 2, rec["seed"], rec["options"]), 0
    for i, action in enumerate(rec["actions"]):
        for other in state.legal_actions()[:3]:
            if other != action:
                changed = {**rec, "actions": rec["actions"][:i] + [other] + rec["actions"][i + 1:]}
                with pytest.raises(NotVerified, match="digest"):
                    verify_record(changed, rec["commitment"], last_digest)
                try:
                    verify_record(changed)
                    kept += 1  # the same result: only the digest tells this change apart
                except NotVerified:
                    pass
        state.apply(action)
    assert kept >= 1  # such changes exist (about one in ten of these games' alternatives)
    swapped = list(rec["actions"])
    swapped[0] = next(a for a in lapilli.new_game(GAME, 2, rec["seed"], rec["options"]).legal_actions() if a != swapped[0])
    refused({**rec, "actions": swapped}, "an action was changed", rec["commitment"], last_digest)
    refused({**rec, "actions": rec["actions"][:-1]}, "result differs")


def test_a_record_without_commitment_is_not_verified(tmp_path):
    s = lapilli.new_game("nim", 2, 3, {"pile": 10})
    while not s.is_terminal:
        s.apply(s.legal_actions()[0])
    path = tmp_path / "local.json"
    path.write_text(json.dumps(s.to_record()))
    assert main(["verify", str(path)]) == 1


@pytest.mark.parametrize("backend", ["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def test_tables_of_an_old_database_keep_their_seeding_after_the_upgrade(backend, tmp_path, request):
    """A database made before seeds were committed and mixed upgrades; its tables replay as played."""
    from alembic import command

    from lapilli.server.hub import Room
    from lapilli.server.migrate import alembic_config
    from lapilli.server.store import Store

    from .support import new_database

    if backend == "sqlite":
        url, as_json = f"sqlite:///{tmp_path / 'old.db'}", ":o"
    else:
        url, as_json = new_database(request.getfixturevalue("postgres_url"), "old"), "CAST(:o AS JSON)"
    eng = sa.create_engine(url)
    with eng.begin() as conn:
        cfg = alembic_config(url)
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
    played = lapilli.new_game("stromboli", 2, 1234, seeding="linear")
    pick = random.Random(1)
    for _ in range(30):
        legal = played.legal_actions()
        played.apply(legal[pick.randrange(len(legal))])
    with eng.begin() as conn:
        conn.execute(sa.text(f"INSERT INTO tables VALUES ('old1', 'stromboli', 2, {as_json}, 1234, 30, 'playing', "
                             "CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"), {"o": json.dumps(played.options)})
        for s in range(2):
            conn.execute(sa.text("INSERT INTO seats (table_id, seat, kind, name, agent, token_hash) "
                                 "VALUES ('old1', :s, 'human', 'x', '', '')"), {"s": s})
        st = lapilli.new_game("stromboli", 2, 1234, seeding="linear")
        for v, a in enumerate(played.history, 1):
            conn.execute(sa.text("INSERT INTO steps (table_id, version, kind, seat, action, created) "
                                 "VALUES ('old1', :v, 'act', :s, :a, CURRENT_TIMESTAMP)"),
                         {"v": v, "s": st.to_move, "a": a})
            st.apply(a)
    store = Store(url)  # upgrades to the newest schema
    info = store.get("old1")
    assert (info.seeding, info.salt, info.commitment, info.seed) == ("linear", "", "", 1234)
    room = Room(info)
    steps = store.steps("old1")
    assert len(steps) == 30
    for version, kind, seat, action in steps:
        room.apply_stored(version, kind, seat, action)
    assert room.state.to_json() == played.to_json()
    assert store.get(store.create_table("stromboli", 2, {}, 2**62 + 5, [{}, {}], "ab", "cd", "mix64")).seed == 2**62 + 5
    store.engine.dispose()
    eng.dispose()


def test_verify_refuses_a_record_whose_game_was_changed(public_client, tmp_path, capsys):
    """The commitment covers everything that decides the game: another option value, player
    count, game, data set, seeding or seat order in the record is refused for that reason, even
    where the actions would still replay (an option they do not meet, say)."""
    tid, seen = _play_to_the_end(public_client, GAME, 2)
    rec = public_client.get(f"/api/tables/{tid}/record").json()
    last_digest = [m for m in seen if m["type"] == "state"][-1]["digest"]
    assert rec["fairness"] == 2 and rec["seat_order"] == [0, 1]
    path = tmp_path / "game.json"

    def verify(record: dict) -> tuple[int, str]:
        path.write_text(json.dumps(record))
        code = main(["verify", str(path), "--commitment", rec["commitment"], "--digest", last_digest])
        out = capsys.readouterr()
        return code, " ".join((out.out + out.err).split())  # the console wraps long lines

    code, out = verify(rec)
    assert code == 0 and "the commitment covers the game, players, options, data set, seeding and seat order" in out, out
    spec = lapilli.game_spec(GAME)
    changed = [{**rec, "options": {**rec["options"], name: value}}
               for name, o in spec.options.items() for value in o.values if value != rec["options"][name]]
    changed += [{**rec, "options": {**rec["options"], "mode": rec["options"]["mode"], "extra": 1}},
                {**rec, "players": 3}, {**rec, "game": "stromboli"},
                {**rec, "dataset": {**rec["dataset"], "hash": "0" * 64}},
                {**{k: v for k, v in rec.items() if k != "dataset"}, "dataset": {"name": "mine", "hash": "1" * 64}},
                {**rec, "seeding": "linear"}, {**rec, "seat_order": [1, 0]}]
    replayable = 0
    for record in changed:
        try:  # the game as changed still replays to the recorded result: only the commitment tells
            replayable += lapilli.replay({**record, **({"options": spec.saved_options(record["options"])})}
                                         ).is_terminal
        except Exception:
            pass
        code, out = verify(record)
        assert code == 1 and "NOT verified" in out and "do not give its commitment" in out, (record, out)
    assert len(changed) >= 10 and replayable >= 1


def test_an_older_record_verifies_by_the_first_rule(tmp_path, capsys):
    """A record of a table made before the commitment covered the game ("fairness" absent): the
    commitment SHA-256("seed:salt"), the digest of either chain (plain SHA-256, or the keyed one
    such a table shows from the moment the server runs the keyed construction)."""
    seed, salt = 2**62 + 17, "5a" * 16
    s = lapilli.new_game(GAME, 2, seed)
    pick = random.Random(4)
    while not s.is_terminal:
        legal = s.legal_actions()
        s.apply(legal[pick.randrange(len(legal))])
    commit = seed_commitment(seed, salt)
    rec = {**s.to_record(), "salt": salt, "commitment": commit}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(rec))
    for digest in (seed_actions_digest(commit, rec["actions"]), actions_digest(commit, rec["actions"], salt)):
        assert main(["verify", str(path), "--commitment", commit, "--digest", digest]) == 0
        assert "an older record" in " ".join(capsys.readouterr().out.split())
    changed = rec["actions"][:-1] + ["take 99"]
    with pytest.raises(NotVerified, match="digest"):
        verify_record({**rec, "actions": changed}, commit, seed_actions_digest(commit, rec["actions"]))
    with pytest.raises(NotVerified, match="seed or the salt was changed"):
        verify_record({**rec, "seed": seed + 1}, commit)
