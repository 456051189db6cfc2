"""/health's 503: which part of the instance is down (the database, Redis, or both), said with
``error``, ``key`` and ``words`` like every refusal, naming what fails by its kind only: never a
connection string, a path or an exception's message."""
import sqlalchemy.exc

from lapilli import words
from lapilli.server.errors import Error
from lapilli.testing.services import Redis

SECRET = "postgresql://lapilli:hunter2@db.internal:5432/lapilli"


def unreachable(*args, **kwargs):
    raise sqlalchemy.exc.OperationalError("INSERT INTO probes", {}, ConnectionError(f"could not connect to {SECRET}"))


def degraded(r, key):
    assert r.status_code == 503, r.text
    out = r.json()
    Error.model_validate(out)
    assert out["key"] == key and set(out["words"]) == set(words.LANGUAGES), out
    assert out["words"]["en"] == out["error"] and out["words"]["it"] != out["error"], out
    assert out["status"] == "degraded"
    assert "hunter2" not in r.text and "db.internal" not in r.text, r.text
    return out


def test_health_says_in_every_language_that_the_database_is_down(make_client, monkeypatch):
    c = make_client(health_probe_every=0)
    assert c.get("/health").status_code == 200
    monkeypatch.setattr(c.app.state.store, "write_probe", unreachable)
    out = degraded(c.get("/health"), "health_database_down")
    assert out["database"] == "unreachable (OperationalError)" and out["redis"] == "not used"
    assert out["words"]["it"] == "questa istanza non è in piena efficienza: il database non risponde o non accetta " \
                                 "scritture"


def test_health_says_in_every_language_that_redis_or_both_are_down(make_client, monkeypatch, tmp_path):
    redis = Redis(tmp_path)
    c = make_client(health_probe_every=0, redis_url=redis.start())
    try:
        assert c.get("/health").status_code == 200
    finally:
        redis.stop()
    out = degraded(c.get("/health"), "health_redis_down")
    assert out["database"] == "ok" and out["redis"].startswith("unreachable")
    assert out["words"]["it"].endswith("Redis non risponde, quindi le mosse delle altre istanze non arrivano")
    monkeypatch.setattr(c.app.state.store, "write_probe", unreachable)
    out = degraded(c.get("/health"), "health_both_down")
    assert out["words"]["it"] == "questa istanza non è in piena efficienza: né il database né Redis rispondono"
