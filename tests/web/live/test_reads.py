"""The reads of streams opening, shared: one read of a match in flight, whose answer the others
take, and a store briefly unavailable asked again within the stream's patience."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from webapp.store import Record, StoreUnavailable
from webapp.web.live.reads import SharedReads


class SlowStore:
    """A store whose reads wait until the test lets them go, failing the first ``failures``."""

    def __init__(self, failures: int = 0) -> None:
        self.go = threading.Event()
        self.asked = 0
        self.failures = failures

    def get(self, match_id: str) -> Record | None:
        self.asked += 1
        self.go.wait(5)
        if self.asked <= self.failures:
            raise StoreUnavailable("paused")
        return Record(match_id, {"moves": []}, 3)


def test_streams_opening_at_once_share_one_read() -> None:
    store = SlowStore()
    reads = SharedReads(store)  # type: ignore[arg-type]
    with ThreadPoolExecutor(50) as pool:
        answers = [pool.submit(reads.get, "m") for _ in range(50)]
        while store.asked == 0:  # the first read is under way, held by the store
            threading.Event().wait(0.01)
        threading.Event().wait(0.1)  # the others arrive while it is
        store.go.set()
        records = [answer.result(5) for answer in answers]
    assert all(record is not None and record.version == 3 for record in records)
    assert store.asked == reads.reads < 50
    assert reads.get("m") is not None and store.asked == reads.reads  # a later open reads anew


def test_a_store_briefly_unavailable_is_waited_for_within_the_patience() -> None:
    store = SlowStore(failures=2)
    store.go.set()
    reads = SharedReads(store)  # type: ignore[arg-type]
    record = reads.get("m", patience=2.0)
    assert record is not None and store.asked == 3


def test_a_store_unavailable_past_the_patience_refuses() -> None:
    store = SlowStore(failures=100)
    store.go.set()
    with pytest.raises(StoreUnavailable):
        SharedReads(store).get("m", patience=0.0)  # type: ignore[arg-type]
    assert store.asked == 1
