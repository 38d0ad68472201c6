"""Each request observed: its id (X-Request-ID), its one log line, and its metrics."""

from __future__ import annotations

import contextlib
import re
import secrets
import time
from typing import Any, cast
from wsgiref.types import WSGIEnvironment

from flask import Flask, Request, Response, request, session
from flask.logging import default_handler
from structlog.contextvars import bind_contextvars, clear_contextvars
from structlog.typing import FilteringBoundLogger
from werkzeug.local import LocalProxy

from . import logs, metrics
from .sessions import MATCH_KEY

HEADER = "X-Request-ID"
STREAM = "text/event-stream"
SAFE_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")  # a client's id is kept only if it is one


class ObservedRequest(Request):
    """Flask's request, noting when it arrived, before its session is opened (a store that
    hangs there counts in its duration), its id, bound to every log line it causes, and
    its answer."""

    def __init__(
        self, environ: WSGIEnvironment, populate_request: bool = True, shallow: bool = False
    ) -> None:
        """The request of ``environ``, with its arrival time and id."""
        super().__init__(environ, populate_request, shallow)
        self.arrived = time.perf_counter()
        given = environ.get("HTTP_X_REQUEST_ID", "")
        self.request_id = given if SAFE_ID.fullmatch(given) else secrets.token_hex(16)
        self.answer: Response | None = None
        clear_contextvars()  # a thread serves one request after another
        bind_contextvars(request_id=self.request_id)


def init_app(app: Flask) -> FilteringBoundLogger:
    """Give each request an id; the logger of the line each request gets once answered
    (``answered``, which the request path calls at its end: site/path.py)."""
    app.request_class = ObservedRequest
    request_log = logs.configure(str(app.config["LOG_FORMAT"]))
    # Flask's own handler would print app.logger's lines a second time, unrendered.
    app.logger.removeHandler(default_handler)
    return request_log


def answering(req: Request, response: Response) -> None:
    """Note the answer, and give it the request's id to quote when reporting a problem."""
    if isinstance(req, ObservedRequest):
        req.answer = response
        response.headers[HEADER] = req.request_id


def answered(log: FilteringBoundLogger, error: BaseException | None) -> None:
    """Count the request and write its line: never its path, query or headers, which can
    carry secrets (invite keys, cookies, CSRF tokens), only its route. Called at the request's
    teardown, not at Flask's request_finished: that is not sent when saving the session fails
    (its store is down), and such a request must be counted most of all."""
    observed = _observed()
    if observed is not None and (observed.answer is not None or error is not None):
        seconds = time.perf_counter() - observed.arrived
        answer, method, rule = observed.answer, observed.method, observed.url_rule
        # No answer noted: an error escaped the error pages, and the server answers 500.
        status = 500 if answer is None else answer.status_code
        route = None if rule is None else rule.rule
        metrics.answered(route, method, status, seconds)
        if answer is not None and answer.is_streamed and answer.mimetype == STREAM:
            metrics.stream_opened(answer)
        match_id = (observed.view_args or {}).get("match_id") or _session_match_id()
        fields: dict[str, Any] = {"method": method, "route": route, "status": status}
        fields["duration_ms"] = round(seconds * 1000, 3)
        if match_id:
            fields["match_id"] = match_id
        log.info("request", request_id=observed.request_id, **fields)
    clear_contextvars()


def _observed() -> ObservedRequest | None:
    """This request, if it is one of ours: the object itself, looked up once through Flask's
    proxy (werkzeug's public ``_get_current_object``), so its attributes cost no lookup."""
    current = cast("LocalProxy[Request]", request)._get_current_object()
    return current if isinstance(current, ObservedRequest) else None


def _session_match_id() -> str | None:
    """The match of the request's session, if any."""
    # No session when opening it failed (its store is down): Flask asserts there is one (an
    # AttributeError under python -O), and there is no match to name.
    with contextlib.suppress(AssertionError, AttributeError):
        match_id = session.get(MATCH_KEY)
        return match_id if isinstance(match_id, str) else None
    return None
