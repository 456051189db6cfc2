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
