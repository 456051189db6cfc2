"""Real PostgreSQL and Redis servers for tests, started on 127.0.0.1 in a temporary folder
(from the Debian packages that .ci/run installs) and stopped afterwards."""
from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path


class ServiceError(RuntimeError):
    pass


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port: int, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise ServiceError(f"nothing answered on 127.0.0.1:{port} within {timeout} s")


def _pg_bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if found:
        return found[-1]
    path = shutil.which(name)
    if path:
        return path
    raise ServiceError(f"PostgreSQL's {name} is not installed (Debian package postgresql; .ci/run installs it)")


def _as_postgres(cmd: list[str]) -> list[str]:
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        return ["runuser", "-u", "postgres", "--", *cmd]
    return cmd


class Postgres:
    def __init__(self, base: Path | None = None):
        # a folder of its own under /tmp: the server runs as the postgres user when we are root,
        # and pytest's own temporary folders are private to root
        self.dir = Path(tempfile.mkdtemp(prefix="lapilli-pg-"))
        self.port = free_port()

    def start(self) -> str:
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres")
        data = self.dir / "data"
        subprocess.run(_as_postgres([_pg_bin("initdb"), "-D", str(data), "-A", "trust", "-U", "lapilli"]),
                       check=True, capture_output=True)
        subprocess.run(_as_postgres([_pg_bin("pg_ctl"), "-D", str(data), "-w", "-l", str(self.dir / "log"),
                                     "-o", f"-h 127.0.0.1 -p {self.port} -k {self.dir} -F", "start"]),
                       check=True, capture_output=True)
        wait_port(self.port)
        return f"postgresql+psycopg://lapilli@127.0.0.1:{self.port}/postgres"

    def halt(self) -> None:
        """Stop the server at once (an outage); ``resume`` starts it again with its data."""
        subprocess.run(_as_postgres([_pg_bin("pg_ctl"), "-D", str(self.dir / "data"), "-m", "immediate", "stop"]),
                       check=True, capture_output=True)

    def resume(self) -> None:
        subprocess.run(_as_postgres([_pg_bin("pg_ctl"), "-D", str(self.dir / "data"), "-w", "-l", str(self.dir / "log"),
                                     "-o", f"-h 127.0.0.1 -p {self.port} -k {self.dir} -F", "start"]),
                       check=True, capture_output=True)
        wait_port(self.port)

    def stop(self) -> None:
        subprocess.run(_as_postgres([_pg_bin("pg_ctl"), "-D", str(self.dir / "data"), "-m", "immediate", "stop"]),
                       capture_output=True)
        shutil.rmtree(self.dir, ignore_errors=True)


class Redis:
    def __init__(self, base: Path | None = None):
        self.port = free_port()
        self.proc: subprocess.Popen | None = None

    def start(self) -> str:
        exe = shutil.which("redis-server")
        if not exe:
            raise ServiceError("redis-server is not installed (Debian package redis-server; .ci/run installs it)")
        self.proc = subprocess.Popen([exe, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                      "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_port(self.port)
        return f"redis://127.0.0.1:{self.port}/0"

    def stop(self) -> None:
        """Stop the server (``start`` again serves the same port, empty)."""
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(10)
            self.proc = None
