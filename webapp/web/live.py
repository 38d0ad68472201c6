"""The live board: each process's streams waiting on the matches they show, fed by the store,
and the presence of the players who have their board open."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

from flask import Flask

from ..store import MatchStore, StoreUnavailable

TOUCH_EVERY = 10.0  # seconds: a seat's presence is written at most this often per process


def now() -> float:
    """The clock of presence; tests move it forward instead of sleeping."""
    return time.time()


@dataclass
class _Watch:
    """The newest version heard of one match, and the streams waiting for a newer one."""

    version: int = 0
    streams: int = 0
    condition: threading.Condition = field(default_factory=threading.Condition)


class Hub:
    """Every stream of this process waits here; one thread feeds it from the store."""

    def __init__(self, store: MatchStore, limit: int, heartbeat: float) -> None:
        """Feed from ``store``, with at most ``limit`` streams open at once, each writing at
        least every ``heartbeat`` seconds (how a stream learns that its browser left)."""
        self.store = store
        self.limit = limit
        self.heartbeat = heartbeat
        self._lock = threading.Lock()
        self._watches: dict[str, _Watch] = {}
        self._stop = threading.Event()
        self._listener: threading.Thread | None = None
        self._touched: dict[tuple[str, str], float] = {}

    @property
    def streams(self) -> int:
        """How many streams are open in this process."""
        with self._lock:
            return sum(watch.streams for watch in self._watches.values())

    @property
    def full(self) -> bool:
        """Whether this process has as many streams open as it allows."""
        return self.streams >= self.limit

    def changed(self, match_id: str, version: int) -> None:
        """The store (or this process) tells of ``version``; wake the streams waiting for it."""
        watch = self._watches.get(match_id)
        if watch is not None and version > watch.version:
            with watch.condition:
                watch.version = max(watch.version, version)
                watch.condition.notify_all()

    @contextlib.contextmanager
    def watching(self, match_id: str) -> Iterator[_Watch]:
        """Hold a place for one stream of ``match_id``."""
        with self._lock:
            watch = self._watches.setdefault(match_id, _Watch())
            watch.streams += 1
            self._start_listener()
        try:
            yield watch
        finally:
            with self._lock:
                watch.streams -= 1
                if watch.streams == 0:
                    del self._watches[match_id]

    def wait(self, watch: _Watch, after: int, timeout: float) -> int:
        """The newest version once it is above ``after``, or ``after`` after ``timeout``."""
        with watch.condition:
            watch.condition.wait_for(lambda: watch.version > after, timeout)
            return max(watch.version, after)

    def touch(self, match_id: str, seat: str | None) -> None:
        """Note that ``seat`` has its board open; written at most every TOUCH_EVERY seconds.
        Presence is a courtesy: a store that cannot take it now does not fail the page."""
        if seat is None:
            return
        when = now()
        if when - self._touched.get((match_id, seat), 0.0) < TOUCH_EVERY:
            return
        try:
            self.store.touch(match_id, seat, when)
        except StoreUnavailable:
            return
        self._touched[(match_id, seat)] = when
        if len(self._touched) > 10_000:  # forget the oldest half: a later touch only rewrites
            for stale in sorted(self._touched, key=self._touched.__getitem__)[:5_000]:
                self._touched.pop(stale, None)

    def absent_for(self, match_id: str, seat: str) -> float:
        """Seconds since ``seat`` last had its board open (a seat never seen: forever)."""
        seen = self.store.seen(match_id).get(seat)
        return float("inf") if seen is None else max(0.0, now() - seen)

    def stop(self) -> None:
        """Stop the listener (tests build many apps)."""
        self._stop.set()

    def _start_listener(self) -> None:
        """The feeding thread, started with the first stream (a worker's, after the fork)."""
        if self._listener is None or not self._listener.is_alive():
            self._listener = threading.Thread(
                target=self.store.listen,
                args=(self._watched, self.changed, self._stop),
                name="match-changes",
                daemon=True,
            )
            self._listener.start()

    def _watched(self) -> list[str]:
        """The matches that streams of this process show."""
        with self._lock:
            return list(self._watches)


def events(hub: Hub, match_id: str, seat: str | None, after: int, lifetime: float) -> Iterator[str]:
    """The Server-Sent Events of ``match_id``: an event whenever its version passes ``after``
    (the event's id is the version), a comment at every heartbeat, for ``lifetime`` seconds;
    the browser then reconnects with the last id it saw."""
    end = time.monotonic() + lifetime
    yield "retry: 1000\n\n"
    with hub.watching(match_id) as watch:
        try:
            record = hub.store.get(match_id)
        except StoreUnavailable:
            return  # the browser reconnects in a second, and the store may be back
        hub.changed(match_id, record.version if record else 0)
        hub.touch(match_id, seat)
        while (left := end - time.monotonic()) > 0:
            version = hub.wait(watch, after, min(hub.heartbeat, left))
            hub.touch(match_id, seat)
            if version > after:
                after = version
                yield f"id: {version}\ndata: {json.dumps({'version': version})}\n\n"
            else:
                yield ": still here\n\n"


def init_app(app: Flask) -> None:
    """Give the app its hub, on the app's match store."""
    config = app.config
    hub = Hub(app.extensions["match_store"], int(config["STREAMS"]), float(config["HEARTBEAT"]))
    app.extensions["live"] = hub
