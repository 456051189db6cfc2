"""nginx on 127.0.0.1 in front of `lapilli serve` instances, for tests and benchmarks: the
configuration is the operator's template (deploy/nginx/lapilli.conf) with the instances' ports,
a free listening port and private log and temporary folders filled in, inside a minimal main
configuration (one worker process, in the foreground)."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from lapilli.testing.services import ServiceError, free_port, wait_port

TEMPLATE = Path(__file__).resolve().parents[3] / "deploy" / "nginx" / "lapilli.conf"


def nginx_binary() -> str:
    path = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if os.path.exists(p)),
                                         None)
    if not path:
        raise ServiceError("nginx is not installed (Debian package nginx; scripts/test.sh installs it)")
    return path


def render(template: str, ports: list[int], listen: int, access_log: Path) -> str:
    """The template's server{} and upstream{} with these ports: every ``server 127.0.0.1:N;``
    line of the upstream replaced by one line per instance port, ``listen 80;`` by
    ``listen 127.0.0.1:LISTEN;``, the access log's path by ``access_log``.  A template whose
    lines no longer match says so rather than run something else."""
    upstreams = list(re.finditer(r"^(\s*)server 127\.0\.0\.1:\d+;\n", template, re.M))
    if not upstreams:
        raise ServiceError(f"{TEMPLATE}: no 'server 127.0.0.1:PORT;' line in the upstream block")
    indent = upstreams[0].group(1)
    lines = "".join(f"{indent}server 127.0.0.1:{p};\n" for p in ports)
    out = template[:upstreams[0].start()] + lines + template[upstreams[-1].end():]
    out, n = re.subn(r"^(\s*)listen 80;$", rf"\g<1>listen 127.0.0.1:{listen};", out, flags=re.M)
    if n != 1:
        raise ServiceError(f"{TEMPLATE}: no 'listen 80;' line")
    out, n = re.subn(r"^(\s*)access_log \S+ lapilli;$", rf"\g<1>access_log {access_log} lapilli;", out, flags=re.M)
    if n != 1:
        raise ServiceError(f"{TEMPLATE}: no 'access_log PATH lapilli;' line")
    return out


class Nginx:
    """nginx listening on 127.0.0.1:``port`` and passing to the instances on 127.0.0.1 at
    ``ports``; its logs in ``log_dir`` (``nginx-access.log``: one line per request, with the
    instance that served it, ``upstream=127.0.0.1:PORT``)."""

    def __init__(self, log_dir, ports: list[int], worker_connections: int = 4096):
        exe = nginx_binary()
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"
        log_dir = Path(log_dir)
        self.access_log = log_dir / "nginx-access.log"
        self.error_log = log_dir / "nginx-error.log"
        # temporary files: a folder the worker (an unprivileged user when nginx starts as root) may enter
        self.dir = Path(tempfile.mkdtemp(prefix="lapilli-nginx-"))
        self.dir.chmod(0o755)
        temp = "\n".join(f"    {kind}_temp_path {self.dir / kind};" for kind in ("client_body", "proxy", "fastcgi",
                                                                                   "uwsgi", "scgi"))
        site = render(TEMPLATE.read_text(), ports, self.port, self.access_log)
        conf = self.dir / "nginx.conf"
        conf.write_text(f"""daemon off;
worker_processes 1;
worker_rlimit_nofile {4 * worker_connections};
pid {self.dir / 'nginx.pid'};
error_log {self.error_log} warn;
events {{ worker_connections {worker_connections}; }}
http {{
{temp}
{site}
}}
""")
        self.stderr = open(log_dir / "nginx-stderr.log", "w")
        self.proc = subprocess.Popen([exe, "-e", str(self.error_log), "-p", str(self.dir), "-c", str(conf)],
                                     stdout=subprocess.DEVNULL, stderr=self.stderr)
        try:
            wait_port(self.port, 20)
        except Exception:
            self.stop()
            raise ServiceError(f"nginx did not start: {self.error_log.read_text()[-2000:] if self.error_log.exists() else ''}"
                               f"{(log_dir / 'nginx-stderr.log').read_text()[-2000:]}")

    @property
    def pid(self) -> int:
        return self.proc.pid

    def upstreams(self, path_prefix: str = "") -> list[str]:
        """The instance (``127.0.0.1:PORT``) that served each request logged so far whose path
        starts with ``path_prefix``, in the log's order (a WebSocket is logged once it closed)."""
        if not self.access_log.exists():
            return []
        out = []
        for line in self.access_log.read_text().splitlines():
            m = re.search(r'"[A-Z]+ (\S+) [^"]*" .* upstream=(\S+)', line)
            if m and m.group(1).startswith(path_prefix):
                out.append(m.group(2))
        return out

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.stderr.close()
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> "Nginx":
        return self

    def __exit__(self, *exc) -> None:
        self.stop()
