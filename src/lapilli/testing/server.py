"""One `lapilli serve` process on 127.0.0.1 for tests and benchmarks: started with the given
database (and Redis), its log (stderr) in a file the caller can read, stopped cleanly."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from lapilli.testing.services import free_port, wait_port


# Run before the server's own command, in the child: on Linux the child is sent SIGTERM when the
# process that started it dies, however it dies (a test run killed, a benchmark interrupted), so
# that no server outlives its caller; the signal is kept across exec.  Done in the child rather
# than with a preexec_fn, which is unsafe in a process with threads (a browser driver, xdist).
_ENDS_WITH_PARENT = (
    "import ctypes, os, signal, sys\n"
    "if sys.platform.startswith('linux'):\n"
    "    ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGTERM), 0, 0, 0)  # PR_SET_PDEATHSIG\n"
    "    if os.getppid() != int(sys.argv[1]):\n"
    "        sys.exit(1)  # the parent died before the signal was asked for\n"
    "os.execv(sys.argv[2], sys.argv[2:])\n"
)


class ServerProcess:
    """``lapilli serve --host 127.0.0.1 --port <free> --database DATABASE [--redis REDIS]`` with
    ``env`` added to the environment (values turned to text).  Small retry pauses and an
    unlimited table-creation rate by default, since tests and benchmarks create many tables from
    one address.  ``log_dir`` holds ``<name>.log``.  With ``wait=False`` the constructor does not
    wait for the port (for a start that is expected to fail: see ``exit_code``).  The server ends
    when the process that started it dies (``_ENDS_WITH_PARENT``), so a killed test run leaves no
    server, and no pool of computer players, behind."""

    def __init__(self, log_dir, name: str, database: str, redis: str | None = None, preexec_fn=None,
                 args: tuple[str, ...] = (), wait: bool = True, **env):
        self.name = name
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"
        self.log_path = Path(log_dir) / f"{name}.log"
        full = dict(os.environ, LAPILLI_INSTANCE=name, PYTHONPATH=os.pathsep.join(sys.path),
                    LAPILLI_RETRY_MAX_SECONDS="0.5", LAPILLI_CREATE_RATE="100000/minute")
        full.update({k: str(v) for k, v in env.items()})
        cmd = [sys.executable, "-m", "lapilli", "serve", "--host", "127.0.0.1", "--port", str(self.port),
               "--database", database, *args]
        if redis:
            cmd += ["--redis", redis]
        self.log = open(self.log_path, "w")
        cmd = [sys.executable, "-c", _ENDS_WITH_PARENT, str(os.getpid()), *cmd]
        self.proc = subprocess.Popen(cmd, env=full, stdout=subprocess.DEVNULL, stderr=self.log, preexec_fn=preexec_fn)
        if not wait:
            return
        try:
            wait_port(self.port, 60)
        except Exception:
            self.stop()
            raise AssertionError(self.log_path.read_text()[-2000:])

    @property
    def pid(self) -> int:
        return self.proc.pid

    def text(self) -> str:
        """The server's log so far."""
        return self.log_path.read_text()

    def exit_code(self, timeout: float) -> int | None:
        """The exit code once the process ends within ``timeout`` seconds; None when it is still
        running then (it started and would serve: it is stopped)."""
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            return None
        finally:
            self.stop()

    def stop(self) -> None:
        """Terminate the process (kill it when it does not stop within 15 s) and close the log."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.log.close()

    def __enter__(self) -> "ServerProcess":
        return self

    def __exit__(self, *exc) -> None:
        self.stop()
