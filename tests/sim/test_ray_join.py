"""Joining an existing Ray cluster by address (issue 9): a head node started with `ray start`,
bound to 127.0.0.1 only, and `lapilli simulate --backend ray --address` run against it gives the
same games as the local backend."""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import pytest

from lapilli.sim import read_rows, run_games
from lapilli.testing.services import free_port, wait_port

# Ray rewrites 127.0.0.1 to the machine's network address unless told that this "cluster" is a
# single machine; with these the head, its workers and the driver stay on the loopback.
RAY_ENV = {"RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0", "RAY_AUTH_MODE": "disabled", "RAY_USAGE_STATS_ENABLED": "0"}


@pytest.fixture
def ray_head():
    ray_bin = shutil.which("ray", path=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    assert ray_bin, "the ray command comes with the test extras"
    port = free_port()
    temp = tempfile.mkdtemp(prefix="ray", dir="/tmp")  # short: Ray's socket paths must stay under 108 bytes
    env = dict(os.environ, **RAY_ENV)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    proc = subprocess.Popen([ray_bin, "start", "--head", "--block", "--node-ip-address=127.0.0.1", f"--port={port}",
                             "--num-cpus=1", "--include-dashboard=false", "--disable-usage-stats",
                             f"--temp-dir={temp}"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        try:
            wait_port(port, 120)
        except Exception:
            proc.kill()
            raise AssertionError("ray start failed:\n" + proc.stdout.read().decode(errors="replace")[-3000:])
        yield f"127.0.0.1:{port}", env
    finally:
        # `ray start --block` takes more than 30 s to stop its processes on SIGTERM here: they
        # are given 5 s, then the whole group is killed (the cluster and its files are the test's own)
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
        time.sleep(0.5)
        shutil.rmtree(temp, ignore_errors=True)


@pytest.mark.slow  # starts a Ray cluster of its own; the local backend is tested fast
def test_simulate_joins_a_running_cluster(ray_head, tmp_path):
    address, env = ray_head
    out = tmp_path / "joined.parquet"
    r = subprocess.run([sys.executable, "-m", "lapilli", "simulate", "stromboli", "-n", "12", "--seats", "random",
                        "--backend", "ray", "--address", address, "--out", str(out), "--quiet"],
                       env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    joined = {row.index: (row.scores, row.winners, row.plies) for row in read_rows(out)}
    local = {row.index: (row.scores, row.winners, row.plies)
             for row in run_games("stromboli", 2, {}, ["random", "random"], 12, seed=0, jobs=1)}
    assert len(joined) == 12
    assert joined == local


def test_an_address_where_nothing_listens_fails_fast_with_a_clear_message(tmp_path):
    port = free_port()  # free: nothing listens there
    env = dict(os.environ, **RAY_ENV)
    r = subprocess.run([sys.executable, "-m", "lapilli", "simulate", "stromboli", "-n", "4", "--backend", "ray",
                        "--address", f"127.0.0.1:{port}", "--out", str(tmp_path / "x.parquet"), "--quiet"],
                       env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode != 0
    said = " ".join((r.stderr + r.stdout).split())  # the console wraps long lines
    assert f"nothing answers at 127.0.0.1:{port}" in said
    assert "Traceback" not in r.stderr
    assert not list(tmp_path.glob("x.parquet/*.parquet"))  # no game was played
