"""Log lines on stderr, JSON (or text on a terminal), with the request's id: structlog's and
the standard library's (Flask's app.logger) alike."""

from __future__ import annotations

import logging
import os
import sys
from typing import Any, TextIO, cast

import msgspec
import structlog
from flask import has_request_context, request
from structlog.contextvars import merge_contextvars
from structlog.processors import JSONRenderer, TimeStamper, add_log_level, format_exc_info
from structlog.stdlib import ProcessorFormatter, add_logger_name
from structlog.typing import EventDict, FilteringBoundLogger, Processor, WrappedLogger

FORMATS = ("auto", "json", "text")


class _Stderr:
    """sys.stderr as it is at each write: pytest replaces it for each test."""

    def write(self, text: str) -> int:
        """Write to the current stderr."""
        return sys.stderr.write(text)

    def flush(self) -> None:
        """Flush the current stderr."""
        sys.stderr.flush()


class _StderrHandler(logging.StreamHandler[TextIO]):
    """The standard library's lines, rendered by structlog, on the current stderr."""

    def __init__(self, formatter: logging.Formatter) -> None:
        """Write with ``formatter``."""
        super().__init__(cast(TextIO, _Stderr()))
        self.setFormatter(formatter)


def configure(choice: str) -> FilteringBoundLogger:
    """Render lines as ``choice`` says ("json", "text", or "auto": text when stderr is a
    terminal), for the standard library's loggers (a handler on the root logger, replacing
    ours of an earlier app) and for the returned logger of request lines."""
    if choice not in FORMATS:
        raise ValueError(f"LOG_FORMAT must be one of {', '.join(FORMATS)}, not {choice!r}")
    terminal = sys.stderr.isatty()
    shared: list[Processor] = [add_log_level, TimeStamper("iso", utc=True), _add_pid]
    # The standard library's lines get the request's id from its context; request lines
    # are given it, and have no traceback.
    foreign = [merge_contextvars, add_logger_name, _route_for_path, *shared]
    renderer: Processor
    if choice == "text" or (choice == "auto" and terminal):
        renderer = structlog.dev.ConsoleRenderer(colors=terminal)  # it lays tracebacks out
    else:
        foreign.append(format_exc_info)  # the traceback as one string field of the line
        renderer = JSONRenderer(serializer=_json)
    formatter = ProcessorFormatter(
        processors=[ProcessorFormatter.remove_processors_meta, renderer],
        foreign_pre_chain=foreign,
    )
    root = logging.getLogger()
    for handler in [h for h in root.handlers if isinstance(h, _StderrHandler)]:
        root.removeHandler(handler)
    root.addHandler(_StderrHandler(formatter))
    # The development server's line per request shows the raw path, which can carry a
    # secret (/join/<token>); the app writes its own line, with the route.
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    request_log = structlog.wrap_logger(
        structlog.WriteLogger(cast(TextIO, _Stderr())),
        processors=[*shared, renderer],
        wrapper_class=structlog.make_filtering_bound_logger(logging.INFO),
    )
    # bind() makes the logger itself; the lazy proxy would make it again at every line.
    return cast(FilteringBoundLogger, request_log.bind())


def _route_for_path(_: WrappedLogger, __: str, event: EventDict) -> EventDict:
    """A message that quotes the request's path (Flask's "Exception on /seat/<key> [POST]")
    quotes its route instead."""
    message = event.get("event")
    if has_request_context() and isinstance(message, str) and request.path in message:
        rule = request.url_rule
        shown = "(no route)" if rule is None else rule.rule
        if shown != request.path:
            event["event"] = message.replace(request.path, shown)
    return event


def _add_pid(_: WrappedLogger, __: str, event: EventDict) -> EventDict:
    """The process's id: which of gunicorn's workers wrote the line."""
    event["pid"] = os.getpid()
    return event


def _json(data: dict[str, Any], **_: Any) -> str:
    """One line of JSON, by msgspec (a dependency already), quicker than json.dumps."""
    return msgspec.json.encode(data, enc_hook=repr).decode()
