"""Worker processes (simulation pools, the web server's computer seats): how they start and how
they end when the process that made them is gone."""
from __future__ import annotations

import multiprocessing as mp
import time


def init_worker(paths: list, driver_pid: int | None = None) -> None:
    """Worker set-up: the driver's import paths, and a watchdog that ends the worker when the
    driver is gone (killed with -9)."""
    import os
    import sys
    import threading

    for p in paths:
        if p not in sys.path:
            sys.path.append(p)
    if driver_pid:
        def watch():
            while True:
                time.sleep(0.5)
                try:
                    os.kill(driver_pid, 0)
                except ProcessLookupError:
                    os._exit(1)
                except PermissionError:
                    pass
                try:  # a driver that died but is not reaped yet (a zombie) is gone too
                    with open(f"/proc/{driver_pid}/stat") as f:
                        if f.read().rsplit(")", 1)[1].split()[0] == "Z":
                            os._exit(1)
                except OSError:
                    pass

        threading.Thread(target=watch, daemon=True, name="lapilli-driver-watchdog").start()


def worker_context():
    """Workers come from a fresh ``forkserver`` (or ``spawn``): never ``fork`` a driver that may
    already run threads (the progress bar, pyarrow), which can deadlock a forked child."""
    methods = mp.get_all_start_methods()
    return mp.get_context("forkserver" if "forkserver" in methods else "spawn")
