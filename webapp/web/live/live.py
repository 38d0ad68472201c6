"""The live board: each process's streams waiting on the matches they show, fed by the store,
and the presence of the players who have their board open."""

from __future__ import annotations

import contextlib
import ipaddress
import math
import threading
import time
import weakref
from collections.abc import Iterator
from dataclasses import dataclass, field

from flask import Flask

from ...store import MatchStore, Record, StoreUnavailable
from ..timing import Clock
from .audience import PUBLIC, stored
from .beats import Beats
from .reads import SharedReads

TOUCH_EVERY = 10.0  # seconds: a seat's presence is written at most this often per process
_HUBS: weakref.WeakSet[Hub] = weakref.WeakSet()  # every hub of this process, for drain()


@dataclass
class _Watch:
    """The newest version heard of one match, and the streams waiting for a newer one: each
    waits on ``news``, which is set (and replaced by a fresh one) when a newer version comes.
    An event set once wakes thousands of streams for less than a condition's notify_all, which
    gave each waiter a lock of its own and took the condition's lock again on each wake (under
    gevent, threading.Event is gevent's). ``seen``: the last version each audience saw change."""

    version: int = 0
    streams: int = 0
    news: threading.Event = field(default_factory=threading.Event)
    seen: dict[str, int] = field(default_factory=dict)
    record: Record | None = None  # the newest record read or saved here, when one was
    rung: threading.Event | None = None  # the ``news`` last set by the match's heartbeat


class Slot:
    """One stream's place in its hub, held until ``release`` (called once its response is
    closed, however the stream ended)."""

    def __init__(self, hub: Hub, owners: tuple[str, ...]) -> None:
        self.owners = owners
        self._hub = hub
        self._held = True

    def release(self) -> None:
        """Give the place back; only the first call counts."""
        self._hub._give_back(self)


class Hub:
    """Every stream of this process waits here; one thread feeds it from the store."""

    def __init__(
        self,
        store: MatchStore,
        limit: int,
        heartbeat: float,
        per_address: int = 10,
        per_session: int = 4,
        clock: Clock = time.time,
    ) -> None:
        """Feed from ``store``, with at most ``limit`` streams open at once (``per_address``
        of them from one client address, ``per_session`` for one browser), each writing at
        least every ``heartbeat`` seconds (how a stream learns that its browser left); presence
        is timed by ``clock``."""
        self.store, self.clock, self.limit, self.heartbeat = store, clock, limit, heartbeat
        self.reads = SharedReads(store)  # what streams read as they open, shared
        self.beats = Beats(heartbeat, self._ring)
        self.per_address, self.per_session = per_address, per_session
        self._lock = threading.Lock()
        self._watches: dict[str, _Watch] = {}
        self._stop = threading.Event()
        self._listener: threading.Thread | None = None
        self._touched: dict[tuple[str, str], float] = {}
        self._slots = 0  # the places taken, each by a stream open or about to open
        self._holders: dict[str, int] = {}  # places taken by each address and session
        self.draining = False  # set once by drain(): no stream waits any longer
        _HUBS.add(self)

    def claim(self, address: str, session: str | None = None) -> Slot | None:
        """A place for one more stream of the client at ``address`` (and of the browser
        ``session``, if it has one), or ``None`` when the process, the address or the browser
        has as many as it may. Checked and counted in one step, so a burst of requests never
        takes more: a check made before the stream counted itself let 200 places become 227."""
        owners: tuple[str, ...] = (f"address:{_network(address)}",)
        if session:
            owners += (f"session:{session}",)
        caps = (self.per_address, self.per_session)
        with self._lock:
            if self._slots >= self.limit or any(
                self._holders.get(owner, 0) >= cap for owner, cap in zip(owners, caps, strict=False)
            ):
                return None
            self._slots += 1
            for owner in owners:
                self._holders[owner] = self._holders.get(owner, 0) + 1
        return Slot(self, owners)

    def _give_back(self, slot: Slot) -> None:
        """Count ``slot``'s place as free, once."""
        with self._lock:
            if not slot._held:
                return
            slot._held = False
            self._slots -= 1
            for owner in slot.owners:
                self._holders[owner] -= 1
                if not self._holders[owner]:
                    del self._holders[owner]

    @property
    def streams(self) -> int:
        """How many streams are open in this process."""
        with self._lock:
            return sum(watch.streams for watch in self._watches.values())

    @property
    def full(self) -> bool:
        """Whether this process has as many streams as it allows."""
        with self._lock:
            return self._slots >= self.limit

    def changed(
        self,
        match_id: str,
        version: int,
        seen: dict[str, int] | None = None,
        record: Record | None = None,
    ) -> None:
        """The store (or this process) tells of ``version`` and what each audience ``seen``
        of it (``None``: read it from the store, with its ``record``); wake the streams
        waiting for it. The record is kept, so that what the streams render of it is made
        without reading the store again (a read would let the crowd wake twice: once for
        the version, once more for the rendering that waited on the read)."""
        watch = self._watches.get(match_id)
        if watch is None or version <= watch.version:
            return
        if seen is None:
            version, seen, record = stored(self.store, match_id, version)
        with self._lock:
            if version <= watch.version:
                return
            # The version first, then the fresh event: a stream that takes the fresh one
            # already sees the version, and one holding the old one is woken by it.
            watch.version, watch.seen, watch.record = version, seen, record
            news, watch.news = watch.news, threading.Event()
        news.set()

    def latest(self, match_id: str, version: int) -> Record | None:
        """The newest record of ``match_id`` heard here, if it is kept and at ``version`` or
        later."""
        watch = self._watches.get(match_id)
        record = None if watch is None else watch.record
        return record if record is not None and record.version >= version else None

    @contextlib.contextmanager
    def watching(self, match_id: str) -> Iterator[_Watch]:
        """Hold a place for one stream of ``match_id``."""
        with self._lock:
            watch = self._watches.setdefault(match_id, _Watch())
            watch.streams += 1
            self._start_listener()
        self.beats.add(match_id)  # outside the hub's lock, which ringing takes
        try:
            yield watch
        finally:
            with self._lock:
                watch.streams -= 1
                if watch.streams == 0:
                    del self._watches[match_id]

    def wait(self, watch: _Watch, after: int, timeout: float | None, audience: str = PUBLIC) -> int:
        """The newest version that ``audience`` sees once above ``after`` (a change it cannot
        see goes on waiting), or ``after`` after ``timeout`` (``None``: at the match's next
        heartbeat), or at once when the hub drains."""
        news = watch.news  # taken before the checks
        end = None if timeout is None else time.monotonic() + timeout
        while watch.seen.get(audience, watch.version) <= after and not self.draining:
            # No timer of the stream's own when the heartbeat wakes it: a timer started and
            # stopped at each wait of each stream was a good part of what an event cost.
            if not news.wait(None if end is None else max(0.0, end - time.monotonic())):
                break
            if watch.rung is news:
                break
            news = watch.news  # a version heard after the next check sets this one
        return max(watch.seen.get(audience, watch.version), after)

    def drain(self) -> None:
        """End every stream of this hub now, each with its last event, and any opened later
        at once: the process is stopping."""
        self.draining = True
        with self._lock:
            watches = list(self._watches.values())
        for watch in watches:
            watch.news.set()

    def touch(self, match_id: str, seat: str | None) -> float | None:
        """Note that ``seat`` has its board open; written at most every TOUCH_EVERY seconds:
        the time written, or ``None`` when nothing was. Presence is a courtesy: a store that
        cannot take it now does not fail the page."""
        if seat is None:
            return None
        when = self.clock()
        if when - self._touched.get((match_id, seat), 0.0) < TOUCH_EVERY:
            return None
        try:
            self.store.touch(match_id, seat, when)
        except StoreUnavailable:
            return None
        self._touched[(match_id, seat)] = when
        if len(self._touched) > 10_000:  # forget the oldest half: a later touch only rewrites
            for stale in sorted(self._touched, key=self._touched.__getitem__)[:5_000]:
                self._touched.pop(stale, None)
        return when

    def stop(self) -> None:
        """Stop the listener and the heartbeats (tests build many apps)."""
        self._stop.set()
        self.beats.stop()

    def _ring(self, match_id: str) -> bool:
        """Wake every stream of ``match_id`` here for its heartbeat; whether it has any."""
        with self._lock:
            watch = self._watches.get(match_id)
            if watch is None:
                return False
            news, watch.news = watch.news, threading.Event()
            watch.rung = news
        news.set()
        return True

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


def drain() -> None:
    """End the streams of every hub of this process (a worker told to stop)."""
    for hub in list(_HUBS):
        hub.drain()


def init_app(app: Flask) -> None:
    """Give the app its hub, on the app's match store."""
    config = app.config
    try:
        heartbeat = float(config["HEARTBEAT"])
    except (TypeError, ValueError):
        heartbeat = math.nan
    if not 0 < heartbeat < math.inf:  # an idle stream waits to the next multiple of it
        given = config["HEARTBEAT"]
        raise ValueError(f"FLASK_HEARTBEAT must be a positive number of seconds: {given!r}")
    hub = Hub(
        app.extensions["match_store"],
        int(config["STREAMS"]),
        heartbeat,
        per_address=int(config["STREAMS_PER_ADDRESS"]),
        per_session=int(config["STREAMS_PER_SESSION"]),
        clock=config["CLOCK"],
    )
    app.extensions["live"] = hub


def _network(address: str) -> str:
    """Whom ``address`` stands for: itself, or for IPv6 its /64, which one subscriber holds
    whole (counting each of its addresses apart would give it 2**64 times the cap)."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if parsed.version == 6:
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)
