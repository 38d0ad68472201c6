"""How gunicorn serves the app (``gunicorn -c python:webapp.serving wsgi:app``), and the one
piece of the request path that the threads need."""

# Threads, not gunicorn's default sync workers: an open live stream holds its thread for
# minutes, and a sync worker has one. Each worker keeps STREAMS (settings.py) below its
# threads, so moves always find a free thread. The figures are in docs/performance.md.
from __future__ import annotations

import io
import json
import os
import threading
from collections.abc import Iterable
from typing import Any
from wsgiref.types import StartResponse, WSGIApplication, WSGIEnvironment

from .web import exporter

worker_class = "gthread"
workers = int(os.environ.get("WEB_WORKERS", "2"))
threads = int(os.environ.get("WEB_THREADS", "128"))
keepalive = 5  # seconds an idle browser connection is kept, in the workers' poller
graceful_timeout = 5  # open streams end on a restart; their browsers reconnect
# A slow client holds one thread while it sends its headers, not a worker: fifty of them
# leave the others playing (tests/hardening/test_slow_clients.py). gunicorn has no timeout for
# reading headers; a proxy in front sets one (nginx's client_header_timeout). Its limits on a
# request's headers, as gunicorn's defaults, written here so they are seen:
limit_request_line = 4094  # bytes of the request line, else a 414
limit_request_fields = 100  # header fields, else a 431
limit_request_field_size = 8190  # bytes of one header field, else a 431


def _proxies() -> int:
    """FLASK_PROXIES as the app reads it (settings.py): the proxies in front, 0 without one."""
    try:
        return int(json.loads(os.environ.get("FLASK_PROXIES", "0")))
    except (ValueError, TypeError):
        return 0


# gunicorn takes X-Forwarded-Proto (and its like) from these addresses: by default from
# 127.0.0.1, so any local client could make a plain request look like HTTPS. It trusts them
# only when the app does (FLASK_PROXIES), and then from gunicorn's own default or
# FORWARDED_ALLOW_IPS, where the proxy is.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1") if _proxies() else ""
# Nor does it take SCRIPT_NAME or PATH_INFO from headers, even from the proxy: a SCRIPT_NAME
# that the path does not start with is gunicorn's bare "500 Bad Request". A site under a
# prefix sets gunicorn's SCRIPT_NAME environment variable instead.
forwarder_headers = ""

STREAMS = "/api/events"
BODY_LIMIT = 64 * 1024  # bodies up to this size are read before the app runs
# Seconds a request waits for the process's lock before it runs beside the request holding
# it: far longer than a request takes (about a millisecond), and short beside REDIS_TIMEOUT,
# so that with a store that does not answer (each request then waits out its own timeout)
# every request still gets its 503 within a second.
LOCK_WAIT = 0.05


def one_at_a_time(app: WSGIApplication) -> WSGIApplication:
    """``app`` running one request at a time per process, streams aside, and never queueing a
    request behind a slow one for longer than LOCK_WAIT.

    With threads, a request that waits for Redis hands the interpreter to another request,
    and gets it back only when that one waits too, so every Redis call of a move waited for
    some other request's Python. One at a time, it gets it back at once, as under sync
    workers; the streams, which mostly wait, run beside. But a request that waits long (a
    paused Redis: its timeout; SQLite: another process's change) would hold everyone behind
    it, each then waiting out its own timeout in turn: a request that has waited LOCK_WAIT
    runs beside it instead. The body is read first, so a client that sends it slowly holds
    only its own thread; the answer is written after.
    """
    lock = threading.Lock()

    def serial(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        if environ.get("PATH_INFO") == STREAMS:
            return app(environ, start_response)
        _read_body(environ)
        alone = lock.acquire(timeout=LOCK_WAIT)
        try:
            answer = app(environ, start_response)
            try:
                return list(answer)
            finally:
                close = getattr(answer, "close", None)
                if close is not None:
                    close()
        finally:
            if alone:
                lock.release()

    return serial


def _read_body(environ: WSGIEnvironment) -> None:
    """Read a body of up to BODY_LIMIT bytes into memory. A chunked body has no length, and
    the app would read only its limit of it and go on: it gets the length read, so a body
    over the app's limit is refused with the 413 however it is sent."""
    length = environ.get("CONTENT_LENGTH") or ""
    if length.isdigit() and 0 < int(length) <= BODY_LIMIT:
        environ["wsgi.input"] = io.BytesIO(environ["wsgi.input"].read(int(length)))
    elif not length and "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower():
        body = environ["wsgi.input"].read(BODY_LIMIT + 1)
        # Now a body of known length, as Werkzeug reads one: it ignores the length of a
        # chunked request.
        environ["wsgi.input"] = io.BytesIO(body)
        environ["CONTENT_LENGTH"] = str(len(body))
        del environ["HTTP_TRANSFER_ENCODING"]


def on_starting(server: Any) -> None:
    """gunicorn's hook in the master, before any worker: the workers' metrics folder."""
    exporter.server_starting()


def child_exit(server: Any, worker: Any) -> None:
    """gunicorn's hook in the master once a worker has ended: its open streams uncounted."""
    exporter.worker_exited(worker.pid)
