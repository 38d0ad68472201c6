"""The app as it was served before gevent, for bench/serving.py: gthread workers with the
process-wide one-request-at-a-time lock (``gunicorn -k gthread bench.locked:app``)."""

from __future__ import annotations

import io
import threading
from collections.abc import Iterable
from wsgiref.types import StartResponse, WSGIApplication, WSGIEnvironment

from webapp import create_app

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


app = create_app()
app.wsgi_app = one_at_a_time(app.wsgi_app)  # type: ignore[method-assign,assignment]
