"""`lapilli serve` sets the garbage collector for serving (server/collector.py): a large young
generation, and the start-up objects out of the collector's sight."""
import importlib
import subprocess
import sys

import uvicorn

from lapilli.server import collector


def test_tune_collector_sets_the_thresholds_and_freezes_what_start_up_made():
    # in a process of its own: the test process keeps CPython's defaults
    code = ("import gc; from lapilli.server.collector import tune_collector; "
            "before = gc.get_freeze_count(); tune_collector(); print(*gc.get_threshold(), before, gc.get_freeze_count())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    young, middle, old, before, after = map(int, out)
    assert (young, middle, old) == (collector.YOUNG, collector.MIDDLE, collector.OLD)
    assert before == 0 and after > 10_000  # the modules, classes and tables loaded so far


def test_lapilli_serve_tunes_the_collector_before_it_serves(monkeypatch, tmp_path):
    from lapilli.server.config import Settings

    serve = importlib.import_module("lapilli.cli.serve")  # the module (lapilli.cli.serve is also the command)

    seen = []
    monkeypatch.setattr(collector, "tune_collector", lambda: seen.append("tuned"))
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.append("served"))
    serve._run(Settings(database_url=f"sqlite:///{tmp_path}/t.db"))
    assert seen == ["tuned", "served"]


def test_pace_collects_the_young_generations_each_pass_and_everything_every_so_often(monkeypatch):
    import asyncio
    import gc

    asked = []
    monkeypatch.setattr(gc, "get_threshold", lambda: (collector.YOUNG, collector.MIDDLE, collector.OLD))
    monkeypatch.setattr(gc, "collect", lambda generation=2: asked.append(generation))

    async def passes():
        task = asyncio.create_task(collector.pace(interval=0, full_every=4))
        for _ in range(1000):  # a pass each time pace is given the loop
            if len(asked) >= 8:
                break
            await asyncio.sleep(0)
        task.cancel()

    asyncio.run(passes())
    assert asked[:8] == [1, 1, 1, 2, 1, 1, 1, 2]


def test_pace_does_nothing_where_the_collector_keeps_its_defaults(monkeypatch):
    import asyncio
    import gc

    asked = []
    assert gc.get_threshold() != (collector.YOUNG, collector.MIDDLE, collector.OLD)  # the test process's defaults
    monkeypatch.setattr(gc, "collect", lambda generation=2: asked.append(generation))
    asyncio.run(asyncio.wait_for(collector.pace(interval=0), timeout=5))  # returns at once
    assert asked == []


def test_the_server_paces_the_collector_while_it_serves(monkeypatch, tmp_path):
    import asyncio

    from fastapi.testclient import TestClient

    from lapilli.server.app import create_app
    from lapilli.server.config import Settings

    started = []

    async def pace():
        started.append(asyncio.current_task())
        await asyncio.Event().wait()

    monkeypatch.setattr(collector, "pace", pace)
    with TestClient(create_app(Settings(database_url=f"sqlite:///{tmp_path}/t.db", redis_url=None, bot_workers=1))) as c:
        assert c.get("/health").status_code == 200
        assert len(started) == 1 and not started[0].done() and not started[0].cancelling()
    task = started[0]
    assert task.cancelled() or task.cancelling()  # the server stopped: its pacing was told to stop with it
