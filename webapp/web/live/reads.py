"""The reads a stream makes as it opens, shared: one read of a match in flight per process, whose
answer every stream of that match opening meanwhile takes, and a store briefly unavailable asked
again within the stream's patience instead of refusing it."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

from ...store import MatchStore, Record, StoreUnavailable

PATIENCE = 3.0  # seconds a stream opening waits for a store that cannot answer now
RETRY_AFTER = 0.1  # seconds between two tries of such a read


@dataclass
class _Flight:
    """One read under way: its answer, once ``done`` is set."""

    done: threading.Event = field(default_factory=threading.Event)
    record: Record | None = None
    failure: Exception | None = None  # the read's error, which every stream sharing it gets


class SharedReads:
    """Reads of ``store`` by match id, one in flight per match: a burst of streams of one
    match (a deploy reconnects them all at once) costs the store one read, not one each."""

    def __init__(self, store: MatchStore) -> None:
        self.store = store
        self.reads = 0  # how many reads reached the store (tests count them)
        self._lock = threading.Lock()
        self._flights: dict[str, _Flight] = {}

    def get(self, match_id: str, patience: float = PATIENCE) -> Record | None:
        """The record of ``match_id`` as stored now (or as the read in flight found it);
        StoreUnavailable only once ``patience`` seconds of tries have all failed."""
        deadline = time.monotonic() + patience
        while True:
            try:
                return self._shared(match_id)
            except StoreUnavailable:
                if time.monotonic() + RETRY_AFTER > deadline:
                    raise
                time.sleep(RETRY_AFTER)

    def _shared(self, match_id: str) -> Record | None:
        """One try: the read in flight for ``match_id``, joined, or a new one."""
        with self._lock:
            flight = self._flights.get(match_id)
            leader = flight is None
            if flight is None:
                flight = self._flights[match_id] = _Flight()
        if leader:
            try:
                self.reads += 1
                flight.record = self.store.get(match_id)
            except Exception as error:
                flight.failure = error
            finally:
                with self._lock:
                    del self._flights[match_id]
                flight.done.set()
        else:
            flight.done.wait()
        if flight.failure is not None:
            raise flight.failure
        return flight.record
