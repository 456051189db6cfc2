"""The test and benchmark server (lapilli.testing.server.ServerProcess) never outlives the process
that started it: a test run killed outright (SIGKILL, no clean-up) leaves no `lapilli serve` (nor
what it started) behind."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent-death signal is Linux's")

STARTER = """
import sys, time
from lapilli.testing.server import ServerProcess
s = ServerProcess(sys.argv[1], "orphan", "sqlite:///" + sys.argv[1] + "/t.db", args=("--bot-workers", "1"))
print(s.pid, flush=True)
time.sleep(600)
"""


def _children(pid: int) -> set[int]:
    """Every process descending from ``pid`` (read from /proc)."""
    parent = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    parent[int(d)] = int(f.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
    out, todo = set(), [pid]
    while todo:
        p = todo.pop()
        kids = [c for c, pp in parent.items() if pp == p]
        out.update(kids)
        todo.extend(kids)
    return out


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended
    except OSError:
        return False


def test_a_server_ends_when_its_starter_is_killed(tmp_path):
    starter = subprocess.Popen([sys.executable, "-c", STARTER, str(tmp_path)], stdout=subprocess.PIPE, text=True)
    try:
        server = int(starter.stdout.readline())
        family = {server} | _children(server)
        assert _alive(server)
        starter.send_signal(signal.SIGKILL)
        starter.wait(10)
        deadline = time.monotonic() + 30
        while any(_alive(p) for p in family) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert [p for p in family if _alive(p)] == []
    finally:
        if starter.poll() is None:
            starter.kill()
        for p in [server] if "server" in locals() else []:
            if _alive(p):
                os.kill(p, signal.SIGKILL)
