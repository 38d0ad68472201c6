"""A stream that looks again every few seconds instead of waiting on one record's versions:
for lists of many records (the games being played now, an arena's standings)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import TypeVar

from .live import Hub

Look = TypeVar("Look")


def ticking(
    hub: Hub,
    lifetime: float,
    every: float,
    look: Callable[[int], Look],
    event: Callable[[Look], str],
) -> Iterator[str]:
    """Every ``every`` seconds for ``lifetime``, ``look(tick)`` (the tick's number: a process's
    streams share one look per tick) and, when it differs from the last one told, its
    ``event``; a comment at each heartbeat else. Ends at once when the hub drains."""
    end, told, quiet = time.monotonic() + lifetime, None, 0.0
    pause = threading.Event()
    yield "retry: 1000\n\n"
    while (left := end - time.monotonic()) > 0 and not hub.draining:
        seen = look(int(time.monotonic() / every))
        if seen != told:
            told, quiet = seen, 0.0
            yield event(seen)
        elif (quiet := quiet + every) >= hub.heartbeat:
            quiet = 0.0
            yield ": still here\n\n"
        # To the next tick's start: every stream of the process wakes together, looks once.
        pause.wait(min(every - time.monotonic() % every, left))
