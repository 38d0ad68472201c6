"""One stream's events: what a page or program following a match hears, from the version it
last saw, until the stream's lifetime is over or its server stops."""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable, Iterator

from ...store import StoreUnavailable
from .audience import PUBLIC, told
from .live import Hub

# A stopping worker's last event: the page reconnects elsewhere and catches up by version.
RECONNECT = "event: reconnect\ndata: {}\n\n"


def events(
    hub: Hub,
    match_id: str,
    seat: str | None,
    after: int,
    lifetime: float,
    due: Callable[[], float | None] | None = None,
    event: Callable[[int, int], str | None] | None = None,
) -> Iterator[str]:
    """The Server-Sent Events of ``match_id`` as ``seat`` (``None``: a spectator) sees it: an
    event (its id the version) when a version it sees passes ``after``, a comment at each
    heartbeat, for ``lifetime`` seconds; the browser then reconnects with the last id it saw.
    ``due`` (called at each wake) gives the seconds until the match's clock runs out.
    ``event`` writes the event from the version the stream last told to the new one (by
    default the bare version); ``None`` from it ends the stream, which the browser opens
    again from the last version it saw."""
    end = time.monotonic() + lifetime
    yield "retry: 1000\n\n"
    with hub.watching(match_id) as watch:
        try:
            record = hub.reads.get(match_id)  # shared by the streams of the match opening now
        except StoreUnavailable:
            return  # the browser reconnects in a second, and the store may be back
        hub.changed(match_id, *told(record), record)
        if record is not None and after > record.version:
            # An id from before the match began again (a new match at the same id starts
            # its versions over) or a made-up one: tell the match as it is now.
            after = -1
        hub.touch(match_id, seat)
        while (left := end - time.monotonic()) > 0 and not hub.draining:
            until = due() if due is not None else None
            now = time.monotonic()
            # The match's heartbeat wakes its idle streams in this process together, in one
            # wake of the worker, with no timer of each stream's own; a stream whose life
            # or clock ends first waits for that.
            beat = hub.beats.at(match_id, now) - now
            wait = min(left, beat if until is None else until + 0.05)
            version = hub.wait(watch, after, None if wait >= beat else wait, seat or PUBLIC)
            hub.touch(match_id, seat)
            if version > after:
                written = _event(version) if event is None else event(after, version)
                if written is None:
                    return
                after = version
                yield written
            elif not hub.draining:
                yield ": still here\n\n"
        if hub.draining:
            yield RECONNECT


@functools.lru_cache(maxsize=1024)
def _event(version: int) -> str:
    """The event of ``version``: the same text for every stream it reaches, written once."""
    return f"id: {version}\ndata: {json.dumps({'version': version})}\n\n"
