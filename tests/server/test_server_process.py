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

from lapilli.workers import process_alive

from .support import descendants

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent-death signal is Linux's")

STARTER = """
import sys, time
from lapilli.testing.server import ServerProcess
s = ServerProcess(sys.argv[1], "orphan", "sqlite:///" + sys.argv[1] + "/t.db", args=("--bot-workers", "1"))
print(s.pid, flush=True)
time.sleep(600)
"""


def test_a_server_ends_when_its_starter_is_killed(tmp_path):
    starter = subprocess.Popen([sys.executable, "-c", STARTER, str(tmp_path)], stdout=subprocess.PIPE, text=True)
    try:
        server = int(starter.stdout.readline())
        family = {server} | descendants(server)
        assert process_alive(server)
        starter.send_signal(signal.SIGKILL)
        starter.wait(10)
        deadline = time.monotonic() + 30
        while any(process_alive(p) for p in family) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert [p for p in family if process_alive(p)] == []
    finally:
        if starter.poll() is None:
            starter.kill()
        for p in [server] if "server" in locals() else []:
            if process_alive(p):
                os.kill(p, signal.SIGKILL)
