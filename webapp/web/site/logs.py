"""Log lines on stderr, JSON (or text on a terminal), with the request's id: structlog's and
the standard library's (Flask's app.logger, and gunicorn's own through serving.py) alike."""

from __future__ import annotations

import logging
import os
import sys
from typing import Any, TextIO, cast

import msgspec
import structlog
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
    formatter = line_formatter(choice)
    root = logging.getLogger()
    for handler in [h for h in root.handlers if isinstance(h, _StderrHandler)]:
        root.removeHandler(handler)
    root.addHandler(_StderrHandler(formatter))
    # The development server's line per request shows the raw path, which can carry a
    # secret (/join/<token>); the app writes its own line, with the route.
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    request_log = structlog.wrap_logger(
        structlog.WriteLogger(cast(TextIO, _Stderr())),
        processors=[*_SHARED, _renderer(choice)],
        wrapper_class=structlog.make_filtering_bound_logger(logging.INFO),
    )
    # bind() makes the logger itself; the lazy proxy would make it again at every line.
    return cast(FilteringBoundLogger, request_log.bind())


def line_formatter(choice: str) -> ProcessorFormatter:
    """The standard library's lines rendered as ``choice`` says, with the request's id from
    its context; gunicorn's logging configuration (serving.py) makes its lines with this."""
    renderer = _renderer(choice)
    foreign = [merge_contextvars, add_logger_name, _route_for_path, *_SHARED]
    if isinstance(renderer, JSONRenderer):
        foreign.append(format_exc_info)  # the traceback as one string field of the line
    return ProcessorFormatter(
        processors=[ProcessorFormatter.remove_processors_meta, renderer],
        foreign_pre_chain=foreign,
    )


def _renderer(choice: str) -> Processor:
    """JSON, or text on a terminal (or if ``choice`` says text), which lays tracebacks out."""
    if choice not in FORMATS:
        raise ValueError(f"LOG_FORMAT must be one of {', '.join(FORMATS)}, not {choice!r}")
    terminal = sys.stderr.isatty()
    if choice == "text" or (choice == "auto" and terminal):
        return structlog.dev.ConsoleRenderer(colors=terminal)
    return JSONRenderer(serializer=_json)


def _route_for_path(_: WrappedLogger, __: str, event: EventDict) -> EventDict:
    """A message that quotes the request's path (Flask's "Exception on /seat/<key> [POST]")
    quotes its route instead."""
    flask = sys.modules.get("flask")  # never loaded in gunicorn's master: no request there
    if flask is None or not flask.has_request_context():
        return event
    request, message = flask.request, event.get("event")
    if isinstance(message, str) and request.path in message:
        rule = request.url_rule
        shown = "(no route)" if rule is None else rule.rule
        if shown != request.path:
            event["event"] = message.replace(request.path, shown)
    return event


def _add_pid(_: WrappedLogger, __: str, event: EventDict) -> EventDict:
    """The process's id: which of gunicorn's workers wrote the line."""
    event["pid"] = os.getpid()
    return event


# Every line's level, time and process, whoever wrote it.
_SHARED: list[Processor] = [add_log_level, TimeStamper("iso", utc=True), _add_pid]


def _json(data: dict[str, Any], **_: Any) -> str:
    """One line of JSON, by msgspec (a dependency already), quicker than json.dumps."""
    return msgspec.json.encode(data, enc_hook=repr).decode()
