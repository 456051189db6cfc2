"""The computer seats' worker processes of `lapilli serve` end by themselves when the server is
killed with -9 (the driver watchdog of lapilli/workers.py): nothing is left running."""
import json
import os
import signal
import subprocess
import time

import httpx
import pytest
from websockets.sync.client import connect

from lapilli.workers import process_alive


def _descendants(pid: int) -> set[int]:
    out = subprocess.run(["ps", "-e", "-o", "pid=,ppid="], capture_output=True, text=True).stdout
    kids: dict[int, list[int]] = {}
    for line in out.split("\n"):
        if line.strip():
            p, pp = map(int, line.split())
            kids.setdefault(pp, []).append(p)
    found, todo = set(), [pid]
    while todo:
        for c in kids.get(todo.pop(), []):
            if c not in found:
                found.add(c)
                todo.append(c)
    return found


@pytest.mark.slow  # starts and kills a real server
def test_bot_workers_end_when_the_server_is_killed(serve):
    server = serve("workers", args=("--bot-workers", "2"))
    proc, port, base = server.proc, server.port, server.url
    workers: set[int] = set()
    try:
        tid = httpx.post(f"{base}/api/tables", json={
            "game": "nim", "players": 2, "options": {"pile": 15},
            "seats": [{"kind": "open"}, {"kind": "bot", "level": "random"}]}).json()["id"]
        token = httpx.post(f"{base}/api/tables/{tid}/seats/0", json={"name": "ann"}).json()["token"]
        with connect(f"ws://127.0.0.1:{port}/ws/{tid}?token={token}") as ws:
            ws.send(json.dumps({"type": "act", "action": "take 1"}))
            deadline = time.time() + 30
            while time.time() < deadline:  # the computer seat answers: its worker processes exist
                m = json.loads(ws.recv(timeout=30))
                if m["type"] == "state" and m["version"] >= 2:
                    break
            else:
                raise AssertionError("the computer seat did not move")
        workers = _descendants(proc.pid)
        assert workers, "the server started no worker process for its computer seats"
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        deadline = time.time() + 30
        while time.time() < deadline and any(process_alive(w) for w in workers):
            time.sleep(0.2)
        left = [w for w in workers if process_alive(w)]
        assert not left, f"worker processes still running after the server was killed: {left}"
    finally:
        for w in workers:
            if process_alive(w):
                os.kill(w, signal.SIGKILL)
