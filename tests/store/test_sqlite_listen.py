"""The SQLite store's listener: versions written by another connection reach the streams, and
nothing is read while nothing changes or nobody watches (issue 43, item 4)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from webapp.store import SQLiteStore, sqlite_store
from webapp.store.file_watch import FolderWatch


class Heard:
    """What the listener told: each (match id, version), in order."""

    def __init__(self) -> None:
        self.told: list[tuple[str, int]] = []
        self.watched: list[str] = []
        self.lock = threading.Lock()

    def changed(self, match_id: str, version: int) -> None:
        with self.lock:
            self.told.append((match_id, version))

    def until(self, what: Callable[[], bool], timeout: float = 5.0) -> None:
        """Wait (polling, as a stream would) until ``what`` holds."""
        deadline = time.monotonic() + timeout
        while not what():
            assert time.monotonic() < deadline, self.told
            time.sleep(0.01)


@pytest.fixture
def stores(tmp_path: Path) -> Iterator[tuple[SQLiteStore, SQLiteStore, Heard]]:
    """Two stores on one file (two processes' worth of connections), and a listener on the
    first, stopped after the test."""
    path = str(tmp_path / "matches.sqlite")
    listening, writing = SQLiteStore(path, 86400.0, 1.0), SQLiteStore(path, 86400.0, 1.0)
    heard, stop = Heard(), threading.Event()
    listener = threading.Thread(
        target=listening.listen, args=(lambda: heard.watched, heard.changed, stop)
    )
    listener.start()
    yield listening, writing, heard
    stop.set()
    listener.join(timeout=5)


def _save(store: SQLiteStore, match_id: str) -> None:
    with store.locked(match_id) as record:
        record.data = {"moves": [record.version]}


def test_a_version_written_elsewhere_is_told_and_nothing_more_while_nothing_changes(
    stores: tuple[SQLiteStore, SQLiteStore, Heard], monkeypatch: pytest.MonkeyPatch
) -> None:
    _listening, writing, heard = stores
    _save(writing, "m")
    heard.watched = ["m"]
    heard.until(lambda: ("m", 1) in heard.told)  # a match newly watched is read at once
    reads: list[int] = []
    monkeypatch.setattr(SQLiteStore, "_read_versions", _counting(reads))
    time.sleep(0.3)  # six rounds of the listener with nothing written
    assert reads == []
    _save(writing, "m")
    heard.until(lambda: ("m", 2) in heard.told)
    assert len(reads) == 1
    heard.watched = []  # every stream closed: the listener reads nothing, not even its pragma
    _save(writing, "m")
    time.sleep(0.3)
    assert len(reads) == 1 and ("m", 3) not in heard.told


def _counting(reads: list[int]) -> Callable[..., None]:
    """SQLiteStore._read_versions, counting each call in ``reads``."""
    original = SQLiteStore._read_versions

    def read(db: object, ids: list[str], changed: Callable[[str, int], None]) -> None:
        reads.append(len(ids))
        original(db, ids, changed)  # type: ignore[arg-type]

    return staticmethod(read)  # type: ignore[return-value]


class Waits:
    """The timeouts the listener's folder watch waited with, in order, and an event set as it
    begins each rest (QUIET_CHECK, an hour here)."""

    def __init__(self) -> None:
        self.timeouts: list[float] = []
        self.resting = threading.Event()


@pytest.fixture
def waits(monkeypatch: pytest.MonkeyPatch) -> Waits:
    """QUIET_CHECK set to an hour, and FolderWatch.wait recording each wait in the answer."""
    monkeypatch.setattr(sqlite_store, "QUIET_CHECK", 3600.0)
    recorded = Waits()
    original = FolderWatch.wait

    def waiting(watch: FolderWatch, timeout: float) -> bool:
        recorded.timeouts.append(timeout)
        if timeout == 3600.0:
            recorded.resting.set()
        return original(watch, timeout)

    monkeypatch.setattr(FolderWatch, "wait", waiting)
    return recorded


def test_a_listener_asleep_hears_the_next_write_and_its_stop_at_once(
    tmp_path: Path, waits: Waits
) -> None:
    """At rest the listener sleeps until its folder is written, however long (QUIET_CHECK),
    and being told to stop wakes it."""
    asleep = waits.resting
    path = str(tmp_path / "matches.sqlite")
    listening, writing = SQLiteStore(path, 86400.0, 1.0), SQLiteStore(path, 86400.0, 1.0)
    heard, stop = Heard(), threading.Event()
    heard.watched = ["m"]

    def changed(match_id: str, version: int) -> None:
        asleep.clear()  # it read the versions: its next long wait is after this
        heard.changed(match_id, version)

    listener = threading.Thread(
        target=listening.listen, args=(lambda: heard.watched, changed, stop)
    )
    listener.start()
    try:
        for version in (1, 2):
            _save(writing, "m")
            heard.until(lambda: ("m", version) in heard.told)  # noqa: B023  # waited on here
        assert asleep.wait(5)  # asleep again after the last read
    finally:
        stop.set()
        listener.join(timeout=5)
    assert not listener.is_alive()


def test_a_write_is_looked_at_again_soon_after_its_wake(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, waits: Waits
) -> None:
    """The folder is written before a commit is visible, so after a wake by a write the
    listener looks once more after PENDING_CHECK before it sleeps QUIET_CHECK."""
    monkeypatch.setattr(sqlite_store, "PENDING_CHECK", 0.2)
    timeouts = waits.timeouts
    path = str(tmp_path / "matches.sqlite")
    listening, writing = SQLiteStore(path, 86400.0, 1.0), SQLiteStore(path, 86400.0, 1.0)
    heard, stop = Heard(), threading.Event()
    heard.watched = ["m"]
    listener = threading.Thread(
        target=listening.listen, args=(lambda: heard.watched, heard.changed, stop)
    )
    listener.start()
    try:
        heard.until(lambda: 3600.0 in timeouts)  # asleep at rest
        _save(writing, "m")
        heard.until(lambda: ("m", 1) in heard.told)
        heard.until(lambda: timeouts[-1] == 3600.0 and 0.2 in timeouts)  # looked again, rests
        first_rest = timeouts.index(3600.0)
        assert 0.2 in timeouts[first_rest:]
    finally:
        stop.set()
        listener.join(timeout=5)
    assert not listener.is_alive()
