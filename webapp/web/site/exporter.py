"""Metrics across gunicorn's workers: the folder they share, emptied when the server starts,
and the port of their own that the master can serve them on (METRICS_PORT)."""

# prometheus-client chooses between one process and several when it is first imported,
# from PROMETHEUS_MULTIPROC_DIR: it is imported here only after that is set, and the master
# sets it before forking the workers, which inherit it.
from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import MutableMapping
from pathlib import Path

FOLDER = "PROMETHEUS_MULTIPROC_DIR"
# The metrics port's address without FLASK_METRICS_HOST: settings.DEFAULTS["METRICS_HOST"],
# written again here (tests/test_serving.py holds them equal). This module runs in gunicorn's
# master, which must not import settings: settings imports redis, whose asyncio connections
# take ssl's SSLContext by name, and the gevent workers forked from the master would then
# patch ssl too late ("MonkeyPatchWarning: Monkey-patching ssl after ssl has already been
# imported"), leaving those references unpatched.
METRICS_HOST = "127.0.0.1"


def server_starting(environ: MutableMapping[str, str] = os.environ) -> None:
    """In gunicorn's master, before any worker starts: an empty folder for the workers'
    metrics (``PROMETHEUS_MULTIPROC_DIR``, else a private temporary one, removed at exit),
    and the metrics on a port of their own if ``FLASK_METRICS_PORT`` asks for one."""
    folder = environ.get(FOLDER)
    if folder:
        # A previous server's counts would add to this one's.
        Path(folder).mkdir(mode=0o700, parents=True, exist_ok=True)
        for leftover in Path(folder).glob("*.db"):
            leftover.unlink()
    else:
        folder = environ[FOLDER] = tempfile.mkdtemp(prefix="ttt-metrics-")
        atexit.register(_remove, folder, os.getpid())
    port = environ.get("FLASK_METRICS_PORT")
    if port:
        serve(int(port), environ.get("FLASK_METRICS_HOST", METRICS_HOST))


def serve(port: int, host: str) -> None:
    """Serve every worker's metrics on ``host:port`` from a thread of this process."""
    from prometheus_client import CollectorRegistry, start_http_server
    from prometheus_client.multiprocess import MultiProcessCollector

    registry = CollectorRegistry()
    MultiProcessCollector(registry)  # type: ignore[no-untyped-call]  # untyped there
    start_http_server(port, addr=host, registry=registry)


def worker_exited(pid: int) -> None:
    """In the master, once worker ``pid`` has ended: its live gauges (open streams) leave the
    sums; its counters stay, as counts of what it did."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(pid)  # type: ignore[no-untyped-call]  # untyped there


def _remove(folder: str, master: int) -> None:
    """Remove the temporary folder, from the master only: the workers, forked from it,
    inherit its exit handlers."""
    if os.getpid() == master:
        shutil.rmtree(folder, ignore_errors=True)
