"""A stream that looks again every few seconds instead of waiting on one record's versions:
for lists of many records (the games being played now, an arena's standings). A process looks
once a tick for all its streams of one key, and renders what they send once for all of them."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Hashable, Iterator
from typing import Any, TypeVar

from flask import Flask, Response, current_app

from . import sse
from .live import Hub
from .shared import Shared

Look = TypeVar("Look")
V = TypeVar("V")


def stream(
    key: Hashable,
    look: Callable[[], Look],
    event: Callable[[Flask, Look], str],
    holding: Callable[[Flask], contextlib.AbstractContextManager[None]] | None = None,
) -> Response:
    """The SSE answer that every LIVE_EVERY seconds of its lifetime takes ``look()`` (in a
    request of the app's own, once a tick per ``key`` for every stream of the process) and,
    when it differs from the last one told, sends ``event(app, look)``; a comment at each
    heartbeat else. It ends at once when the hub drains. ``holding(app)`` is entered for as
    long as the stream is open."""
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    every = float(app.config["LIVE_EVERY"])
    looks: Shared[Any, Any] = app.extensions.setdefault("ticking_looks", Shared(64))

    def shared(tick: int) -> Look:
        found: Look | None = looks.peek((key, tick))  # made already: no request needed
        if found is not None:
            return found
        with app.test_request_context("/"):  # names and links need a request
            return kept(app, "looks", (key, tick), look)

    def ticks(hub: Hub, lifetime: float) -> Iterator[str]:
        with holding(app) if holding else contextlib.nullcontext():
            yield from _ticking(hub, lifetime, every, shared, lambda seen: event(app, seen))

    return sse.event_stream(ticks)


def _ticking(
    hub: Hub,
    lifetime: float,
    every: float,
    shared: Callable[[int], Look],
    event: Callable[[Look], str],
) -> Iterator[str]:
    """The ticks of one stream (see ``stream``)."""
    end, told, quiet = time.monotonic() + lifetime, None, 0.0
    pause = threading.Event()
    yield "retry: 1000\n\n"
    while (left := end - time.monotonic()) > 0 and not hub.draining:
        seen = shared(int(time.monotonic() / every))
        if seen != told:
            told, quiet = seen, 0.0
            yield event(seen)
        elif (quiet := quiet + every) >= hub.heartbeat:
            quiet = 0.0
            yield ": still here\n\n"
        # To the next tick's start: every stream of the process wakes together, looks once.
        pause.wait(min(every - time.monotonic() % every, left))


def kept(app: Flask, name: str, key: Hashable, make: Callable[[], V], size: int = 64) -> V:
    """The value of ``key`` among the app's kept ``name`` values (the newest ``size``), made
    once per process however many streams ask for it together."""
    memo: Shared[Any, Any] = app.extensions.setdefault(f"ticking_{name}", Shared(size))
    found: V = memo.get(key, make)
    return found
