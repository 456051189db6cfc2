"""A database that cannot be written: a full disk is seen by /health (a real write, at most once per
LAPILLI_HEALTH_PROBE_EVERY seconds) and named once in the log; a database file or directory that
cannot be written stops `lapilli serve` at start-up with one clear line.

The full disk is real: a SQLite database on a small tmpfs filled by another file (mounting needs
root, as the test machine gives; elsewhere these tests are skipped and say why)."""
import errno
import logging
import os
import sqlite3
import subprocess
import tempfile
from contextlib import contextmanager

import pytest

from lapilli.testing.server import ServerProcess


def _run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True)


@pytest.fixture
def small_disk(tmp_path):
    """A 1 MB tmpfs (its own file system, so filling it fills nothing else)."""
    where = tmp_path / "disk"
    where.mkdir()
    got = _run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(where)])
    if got.returncode != 0:
        pytest.skip(f"a tmpfs cannot be mounted here ({got.stderr.strip()}): needs root")
    yield where
    _run(["umount", "-l", str(where)])


def fill(where):
    """Fill the file system of ``where`` with one file; returns its path."""
    path = where / "filler"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(fd, b"\0" * 4096)
    except OSError as e:
        assert e.errno == errno.ENOSPC
    finally:
        os.close(fd)
    return path


def test_health_says_when_a_write_fails_and_the_log_names_the_cause_once(small_disk, make_client, caplog):
    c = make_client(database_url=f"sqlite:///{small_disk / 'lapilli.db'}", health_probe_every=0)
    r = c.get("/health")
    assert r.status_code == 200 and r.json()["database"] == "ok", r.text
    filler = fill(small_disk)
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="lapilli.server"):
        r = c.get("/health")
        assert r.status_code == 503, r.text
        assert r.json()["database"].startswith("write failed (disk full"), r.text
        assert r.json()["status"] == "degraded"
        for _ in range(3):  # every write refused, the cause logged once
            r = c.post("/api/tables", json={"game": "nim", "players": 2, "options": {"pile": 21}})
            assert r.status_code == 503, r.text
    named = [m for m in caplog.messages if "database write failed: disk full" in m]
    assert len(named) == 1, caplog.messages
    assert "database or disk is full" in named[0]
    filler.unlink()  # room again: writes succeed and /health says so
    r = c.get("/health")
    assert r.status_code == 200 and r.json()["database"] == "ok", r.text
    assert c.post("/api/tables", json={"game": "nim", "players": 2, "options": {"pile": 21}}).status_code == 200


def test_the_health_write_is_made_at_most_once_per_interval(make_client):
    """/health is public: a flood of it makes one write per interval, not one per request."""
    c = make_client(health_probe_every=3600)
    store = c.app.state.store
    for _ in range(20):
        assert c.get("/health").json()["database"] == "ok"
    assert store.probes == 1


# ---------------------------------------------------------------- start-up
def serve(url, env=None):
    """`lapilli serve` on ``url``; returns (exit code or None if it kept running, stderr)."""
    with tempfile.TemporaryDirectory() as logs:  # apart from the directories the tests make unwritable
        s = ServerProcess(logs, "start", url, wait=False, **(env or {}))
        return s.exit_code(30), s.text()


def one_clear_line(code, stderr, *words):
    assert code not in (0, None), f"exit {code}: {stderr[-2000:]}"
    assert "Traceback" not in stderr, stderr[-3000:]
    lines = [x for x in stderr.splitlines() if x.strip()]
    assert len(lines) == 1, stderr
    for w in words:
        assert w in lines[0], lines[0]


def migrated(path):
    from lapilli.server.store import Store

    Store(f"sqlite:///{path}").engine.dispose()
    return path


@contextmanager
def immutable(path):
    got = _run(["chattr", "+i", str(path)])
    if got.returncode != 0:
        pytest.skip(f"chattr +i refused here ({got.stderr.strip()}): needs root")
    try:
        yield path
    finally:
        _run(["chattr", "-i", str(path)])


def test_an_immutable_database_file_stops_start_up_with_one_line(tmp_path):
    db = migrated(tmp_path / "lapilli.db")
    with immutable(db):
        code, err = serve(f"sqlite:///{db}")
    one_clear_line(code, err, "cannot", str(db), "read-only")


def test_a_database_file_on_a_read_only_file_system_stops_start_up_with_one_line(small_disk):
    """(A file made read-only by its mode is no obstacle to root, who runs these tests: a file
    system mounted read-only is.)"""
    db = migrated(small_disk / "lapilli.db")
    got = _run(["mount", "-o", "remount,ro", str(small_disk)])
    assert got.returncode == 0, got.stderr
    code, err = serve(f"sqlite:///{db}")
    one_clear_line(code, err, "cannot", str(db), "read-only")


def test_an_unwritable_directory_stops_start_up_with_one_line(tmp_path):
    where = tmp_path / "locked"
    where.mkdir()
    with immutable(where):
        code, err = serve(f"sqlite:///{where / 'lapilli.db'}")
        one_clear_line(code, err, "cannot", str(where))
        # the default database in an unwritable LAPILLI_HOME too
        code, err = serve("", env={"LAPILLI_HOME": str(where / "home")})
        one_clear_line(code, err, "cannot", str(where / "home"))


def test_failing_migrations_stop_start_up_with_one_line(tmp_path):
    db = tmp_path / "future.db"
    con = sqlite3.connect(db)  # a database of a newer Lapilli: a schema revision this one does not know
    con.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL PRIMARY KEY)")
    con.execute("INSERT INTO alembic_version VALUES ('9999')")
    con.commit()
    con.close()
    code, err = serve(f"sqlite:///{db}")
    one_clear_line(code, err, "cannot", "schema")
