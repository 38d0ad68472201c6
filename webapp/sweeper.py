"""Removal of expired session files, off the request path, plus a ``sweep-sessions`` command."""

from __future__ import annotations

import fcntl
import os
import threading
import time

import click
from flask import Flask, Response

from .store import FileSessions


def init_app(app: Flask) -> None:
    """Sweep at most once per interval, in a background thread, when the file store is used."""
    interface = app.session_interface
    if not isinstance(interface, FileSessions):
        return  # Redis expires keys by itself
    cache = interface.cache
    interval = float(app.config["SESSION_SWEEP_INTERVAL"])
    marker = app.config["SESSION_DIR"].rstrip("/") + "-locks/sweep"
    state = {"next": 0.0}

    def sweep_now() -> int:
        """Sweep unless another process is sweeping; the marker file's flock decides."""
        descriptor = os.open(marker, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(descriptor)
            return 0
        try:
            return cache.sweep_expired()
        finally:
            os.utime(marker)  # its mtime tells every worker when the last sweep ran
            os.close(descriptor)

    def maybe_sweep(response: Response) -> Response:
        now = time.time()
        if interval > 0 and now >= state["next"]:
            state["next"] = now + interval
            last = os.stat(marker).st_mtime if os.path.exists(marker) else 0.0
            if now - last >= interval:
                threading.Thread(target=sweep_now, name="session-sweeper", daemon=True).start()
        return response

    app.after_request(maybe_sweep)

    @app.cli.command("sweep-sessions")
    def sweep_sessions_command() -> None:
        """Delete the files of sessions untouched for longer than their lifetime."""
        click.echo(f"removed {sweep_now()} expired session files")
