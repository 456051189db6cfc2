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
                if not process_alive(driver_pid):
                    os._exit(1)

        threading.Thread(target=watch, daemon=True, name="lapilli-driver-watchdog").start()


def process_alive(pid: int) -> bool:
    """Whether process ``pid`` is running: a process that ended but is not reaped yet (a zombie)
    counts as gone; one this process may not signal counts as running."""
    import os

    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:  # no /proc (not Linux): the signal test above is all we know
        return True


def worker_context():
    """Workers come from a fresh ``forkserver`` (or ``spawn``): never ``fork`` a driver that may
    already run threads (the progress bar, pyarrow), which can deadlock a forked child."""
    methods = mp.get_all_start_methods()
    return mp.get_context("forkserver" if "forkserver" in methods else "spawn")
