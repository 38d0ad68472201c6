"""Each request observed: its id (X-Request-ID), its one log line, and its metrics."""

from __future__ import annotations

import contextlib
import re
import time
import uuid
from typing import Any
from wsgiref.types import WSGIEnvironment

from flask import Flask, Request, Response, current_app, g, request, session
from flask.logging import default_handler
from structlog.contextvars import bind_contextvars, clear_contextvars

from . import logs, metrics
from .matches import MATCH_KEY

HEADER = "X-Request-ID"
STREAM = "text/event-stream"
SAFE_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")  # a client's id is kept only if it is one


class ObservedRequest(Request):
    """Flask's request, noting when it arrived, before its session is opened (a store that
    hangs there counts in its duration), and its id, bound to every log line it causes."""

    def __init__(
        self, environ: WSGIEnvironment, populate_request: bool = True, shallow: bool = False
    ) -> None:
        """The request of ``environ``, with its arrival time and id."""
        super().__init__(environ, populate_request, shallow)
        self.arrived = time.perf_counter()
        given = environ.get("HTTP_X_REQUEST_ID", "")
        self.request_id = given if SAFE_ID.fullmatch(given) else uuid.uuid4().hex
        clear_contextvars()  # a thread serves one request after another
        bind_contextvars(request_id=self.request_id)


def init_app(app: Flask) -> None:
    """Give each request an id and, once answered, a log line and its count."""
    app.request_class = ObservedRequest
    app.extensions["request_log"] = logs.configure(str(app.config["LOG_FORMAT"]))
    # Flask's own handler would print app.logger's lines a second time, unrendered.
    app.logger.removeHandler(default_handler)
    app.after_request(_answering)
    # At teardown, not at Flask's request_finished: that is not sent when saving the session
    # fails (its store is down), and such a request must be counted most of all.
    app.teardown_request(_answered)


def _answering(response: Response) -> Response:
    """Note the answer, and give it the request's id to quote when reporting a problem."""
    if isinstance(request, ObservedRequest):
        g.answer = response
        response.headers[HEADER] = request.request_id
    return response


def _answered(error: BaseException | None) -> None:
    """Count the request and write its line: never its path, query or headers, which can
    carry secrets (invite keys, cookies, CSRF tokens), only its route."""
    answer: Response | None = g.pop("answer", None)
    if isinstance(request, ObservedRequest) and (answer is not None or error is not None):
        seconds = time.perf_counter() - request.arrived
        # No answer noted: an error escaped the error pages, and the server answers 500.
        route, status = logs.route(), 500 if answer is None else answer.status_code
        metrics.answered(route, request.method, status, seconds)
        if answer is not None and answer.is_streamed and answer.mimetype == STREAM:
            metrics.stream_opened(answer)
        fields: dict[str, Any] = {"method": request.method, "route": route, "status": status}
        fields["duration_ms"] = round(seconds * 1000, 3)
        match_id = _match_id()
        if match_id:
            fields["match_id"] = match_id
        current_app.extensions["request_log"].info("request", **fields)
    clear_contextvars()


def _match_id() -> str | None:
    """The match the request is about: its route's, or else its session's."""
    match_id = (request.view_args or {}).get("match_id")
    if match_id is None:
        # No session when opening it failed (its store is down): Flask asserts there is one
        # (an AttributeError under python -O), and there is no match to name.
        with contextlib.suppress(AssertionError, AttributeError):
            match_id = session.get(MATCH_KEY)
    return match_id if isinstance(match_id, str) else None
