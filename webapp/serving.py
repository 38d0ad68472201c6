"""How gunicorn serves the app (``gunicorn -c python:webapp.serving wsgi:app``): the worker
class, its limits, and what a worker does when told to stop."""

# gevent workers: an open live stream is a parked greenlet (tens of KiB), not a thread, so one
# worker holds thousands of watchers while its pages and moves run as under sync workers. The
# models were measured side by side (docs/performance.md, "The serving model").
from __future__ import annotations

import gc
import io
import json
import os
import signal
import threading
from collections.abc import Callable
from typing import Any
from wsgiref.types import WSGIApplication, WSGIEnvironment

import gevent  # type: ignore[import-untyped]  # gevent ships no type information
from gevent import monkey

# The master loads this module and runs its hooks: what it imports, the forked workers have
# imported before gevent patches them. exporter takes the standard library only (redis, through
# the app's settings, took ssl's SSLContext by name: a MonkeyPatchWarning in every worker).
from .web.site import exporter

worker_class = "gevent"
workers = int(os.environ.get("WEB_WORKERS", "2"))
# Connections one worker holds at once, streams included: above the streams it allows
# (FLASK_STREAMS, per worker), so that pages and moves always find room.
worker_connections = int(os.environ.get("WEB_CONNECTIONS", "25000"))
keepalive = 5  # seconds an idle browser connection is kept
# Restarts are signals (HUP, TERM), as docs/operations.md says. gunicorn's control socket sits
# at one path per user ($XDG_RUNTIME_DIR/gunicorn.ctl, else $HOME/.gunicorn/gunicorn.ctl):
# every server of a user would take it over from the last one started, so a command meant for
# one would reach another.
control_socket_disable = True
graceful_timeout = 5  # a stopping worker's requests may finish within this; streams end at once
# gunicorn has no timeout for reading a request's headers: a slow client holds one greenlet,
# not a worker (tests/hardening/test_slow_clients.py); a proxy in front sets one (nginx's
# client_header_timeout). Its limits on a request's headers, as gunicorn's defaults, written
# here so they are seen:
limit_request_line = 4094  # bytes of the request line, else a 414
limit_request_fields = 100  # header fields, else a 431
limit_request_field_size = 8190  # bytes of one header field, else a 431


# gunicorn's own lines ("Booting worker", "Invalid request from ip=...") as the app's: JSON
# (or text on a terminal, as FLASK_LOG_FORMAT says), through structlog's formatter (logs.py
# loads no Flask, so the master still imports nothing that takes ssl's names). Its access log
# stays off: the app writes one line per request, with its route, never its raw path, which
# can carry a secret (/join/<token>). The root logger is left to the app (no handler here).
logconfig_dict = {
    "root": {"level": "WARNING", "handlers": []},
    "loggers": {
        "gunicorn.error": {"handlers": ["stderr"], "propagate": False},
        "gunicorn.access": {"level": "CRITICAL", "handlers": [], "propagate": False},
    },
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "formatter": "app",
            "stream": "ext://sys.stderr",
        }
    },
    "formatters": {
        "app": {
            "()": "webapp.web.site.logs.line_formatter",
            "choice": os.environ.get("FLASK_LOG_FORMAT", "auto"),
        }
    },
}


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


BODY_LIMIT = 64 * 1024  # bytes of a chunked body read before the app runs, and one more


def measured_bodies(app: WSGIApplication) -> WSGIApplication:
    """``app`` seeing every chunked body as a body of known length. Werkzeug ignores the
    length of a chunked request and would read only the app's limit of it and go on; with the
    length given, a body over the limit is refused with the 413 however it is sent."""

    def measured(environ: WSGIEnvironment, start_response: Any) -> Any:
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        if chunked and not environ.get("CONTENT_LENGTH"):
            body = environ["wsgi.input"].read(BODY_LIMIT + 1)
            environ["wsgi.input"] = io.BytesIO(body)
            environ["CONTENT_LENGTH"] = str(len(body))
            del environ["HTTP_TRANSFER_ENCODING"]
        return app(environ, start_response)

    return measured


def on_starting(server: Any) -> None:
    """gunicorn's hook in the master, before any worker: the workers' metrics folder."""
    exporter.server_starting()


def post_worker_init(worker: Any) -> None:
    """gunicorn's hook in each worker once it has loaded the app: on SIGTERM (a stop, or the
    old workers of a HUP), the open streams first tell their pages to reconnect, which then
    find a worker that stays, and end; gunicorn's own handler then lets requests finish."""
    from .web.cycle import settler  # in the worker only: the master never imports the app
    from .web.live import live

    # Thousands of open streams keep hundreds of thousands of objects alive in a worker, and
    # each full garbage collection walked them all, serving nothing meanwhile: most of a
    # second, often during play (docs/performance.md, "Ten thousand watchers"). The app's
    # own objects are set aside, and collections start after 50,000 allocations, not 700.
    gc.freeze()
    gc.set_threshold(50_000)
    stop = signal.getsignal(signal.SIGTERM)
    settler.start()  # this worker's settler of the arenas' clocks, after the fork

    def stopping(number: int, frame: Any) -> None:
        _soon(live.drain)  # not in the handler itself, which must not block or take a lock
        _soon(settler.stop)
        if callable(stop):
            stop(number, frame)

    signal.signal(signal.SIGTERM, stopping)


def _soon(work: Callable[[], None]) -> None:
    """Run ``work`` beside the caller: in a greenlet under gevent, whose signal handlers run in
    its event loop, where starting a thread would block (as gunicorn's own gevent worker does
    for its SIGQUIT); else in a thread."""
    if monkey.is_module_patched("threading"):
        gevent.spawn(work)
    else:
        threading.Thread(target=work, name="drain-streams", daemon=True).start()


def child_exit(server: Any, worker: Any) -> None:
    """gunicorn's hook in the master once a worker has ended: its open streams uncounted."""
    exporter.worker_exited(worker.pid)
