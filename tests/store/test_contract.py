"""What every match store must do (``webapp.store.record.MatchStore``), checked on both
backends through the interface alone: SQLite in a file of the test's own, Redis on a real
redis-server, and Redis on a real Redis Cluster of three masters. What one backend does its own
way is in test_sqlite_store.py, test_redis_store.py and test_sharded.py."""

from __future__ import annotations

import copy
import queue
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import redis
from redis.cluster import RedisCluster

from tests.cluster_servers import RedisCluster as Cluster
from tests.servers import RedisServer
from webapp.store import MatchStore, Record, RedisStore, SQLiteStore, StoreBusy, new_match_id

MONTH = 30 * 24 * 3600.0
LOCK_TIMEOUT = 5.0  # seconds: long, for changes that must get the lock
SHORT_LOCK_TIMEOUT = 0.3  # seconds, for the change that must give up
# A Redis lock frees itself after this; longer than any lock held here, so that only the
# Redis tests meet a lock that expired.
LOCK_EXPIRY = 10.0
DEADLINE = 10.0  # seconds for what should happen at once; only a failing test waits it out
NOT_YET = 0.2  # seconds during which a change that must wait is watched not to happen

NewStore = Callable[..., MatchStore]


@pytest.fixture(params=["sqlite", "redis", "cluster"])
def new_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[NewStore]:
    """Make stores of one backend on the same matches, as several workers or servers have
    them: ``new_store(lifetime=..., lock_timeout=...)``."""
    if request.param == "sqlite":
        path = str(tmp_path / "matches.sqlite")

        def sqlite(lifetime: float = MONTH, lock_timeout: float = LOCK_TIMEOUT) -> MatchStore:
            return SQLiteStore(path, lifetime, lock_timeout=lock_timeout)

        yield sqlite
        return
    # Started for the Redis backends only.
    server: RedisServer | Cluster = request.getfixturevalue(
        "redis_server" if request.param == "redis" else "redis_cluster"
    )
    clients: list[redis.Redis | RedisCluster] = []

    def on_redis(lifetime: float = MONTH, lock_timeout: float = LOCK_TIMEOUT) -> MatchStore:
        client: redis.Redis | RedisCluster = (
            redis.Redis.from_url(server.url)
            if request.param == "redis"
            else RedisCluster.from_url(server.url)
        )
        clients.append(client)
        return RedisStore(client, lifetime, lock_timeout=lock_timeout, lock_expiry=LOCK_EXPIRY)

    yield on_redis
    for client in clients:
        client.close()
        if isinstance(client, RedisCluster):  # its close() leaves the nodes' sockets open
            client.disconnect_connection_pools()


@pytest.fixture
def store(new_store: NewStore) -> MatchStore:
    """A store with a 30-day lifetime."""
    return new_store()


def save(store: MatchStore, match_id: str, data: dict[str, object]) -> Record:
    """Store ``data`` as the next version of ``match_id``."""
    with store.locked(match_id) as record:
        record.data = data
    return record


def wait_for(condition: Callable[[], bool]) -> None:
    """Poll ``condition`` until it holds; fail if it does not within DEADLINE."""
    deadline = time.monotonic() + DEADLINE
    while not condition():
        assert time.monotonic() < deadline, "not within the deadline"
        time.sleep(0.02)


def test_a_match_never_saved_is_none(new_store: NewStore) -> None:
    assert new_store().get(new_match_id()) is None


def test_a_record_carries_the_text_stored_which_its_data_is(new_store: NewStore) -> None:
    store, other = new_store(), new_store()
    match_id = new_match_id()
    saved = save(store, match_id, {"moves": ["B2"]})
    read = other.get(match_id)
    assert read is not None and saved.raw is not None
    assert read.raw == saved.raw  # the text written is the text read back, byte for byte
    assert read == Record(match_id, {"moves": ["B2"]}, 1)
    read.data = {"moves": []}
    assert read.raw is None  # assigned data is no longer the stored text
    with store.locked(match_id) as record:
        assert record.raw == saved.raw
    assert record.raw == saved.raw  # nothing changed: still the stored text


def test_a_change_is_saved_at_the_end_of_the_block_as_the_next_version(
    new_store: NewStore,
) -> None:
    store, other = new_store(), new_store()  # other: another worker or server
    match_id = new_match_id()
    with store.locked(match_id) as record:
        assert record == Record(match_id)  # nothing stored yet: no data, version 0
        record.data = {"moves": ["B2"]}
        assert other.get(match_id) is None  # not before the block ends
    assert record.version == 1
    assert store.get(match_id) == other.get(match_id) == Record(match_id, {"moves": ["B2"]}, 1)
    with other.locked(match_id) as record:
        assert record == Record(match_id, {"moves": ["B2"]}, 1)
        record.data = {"moves": []}
    assert record.version == 2
    assert store.get(match_id) == Record(match_id, {"moves": []}, 2)


def test_a_block_that_raises_saves_nothing(store: MatchStore) -> None:
    match_id, new = new_match_id(), new_match_id()
    save(store, match_id, {"moves": ["A1"]})
    with pytest.raises(ValueError), store.locked(match_id) as record:
        record.data = {"moves": ["A1", "B2"]}
        raise ValueError("refused")
    with pytest.raises(ValueError), store.locked(new) as record:
        record.data = {"moves": ["A1"]}
        raise ValueError("refused")
    assert store.get(match_id) == Record(match_id, {"moves": ["A1"]}, 1)
    assert store.get(new) is None
    assert save(store, match_id, {"moves": ["C3"]}).version == 2  # and the lock was freed


def test_a_block_that_changes_nothing_saves_nothing(store: MatchStore) -> None:
    match_id = new_match_id()
    save(store, match_id, {"moves": ["A1"]})
    with store.locked(match_id) as record:
        record.data = {"moves": ["A1"]}  # the same data, in a new dict
    assert record.version == 1
    assert store.get(match_id) == Record(match_id, {"moves": ["A1"]}, 1)
    with store.locked(new_match_id()) as record:
        pass  # a block that stores nothing creates nothing
    assert store.get(record.match_id) is None


def test_a_second_change_waits_for_the_first(new_store: NewStore) -> None:
    first, second = new_store(), new_store()
    match_id = new_match_id()
    holding, release, trying, got = (threading.Event() for _ in range(4))
    seen: list[Record] = []

    def hold() -> None:
        with first.locked(match_id) as record:
            holding.set()
            assert release.wait(DEADLINE)
            record.data = {"by": "first"}

    def change_after() -> None:
        trying.set()
        with second.locked(match_id) as record:
            got.set()
            seen.append(copy.copy(record))
            record.data = {"by": "second"}

    with ThreadPoolExecutor(2) as pool:
        try:
            held = pool.submit(hold)
            assert holding.wait(DEADLINE)
            waited = pool.submit(change_after)
            assert trying.wait(DEADLINE)
            assert not got.wait(NOT_YET)  # the lock is held: the second change waits
        finally:
            release.set()
        held.result(DEADLINE)
        waited.result(DEADLINE)
    assert seen == [Record(match_id, {"by": "first"}, 1)]  # it read the first one's change
    assert first.get(match_id) == Record(match_id, {"by": "second"}, 2)


def test_a_lock_held_past_the_timeout_is_store_busy_and_reads_never_wait(
    new_store: NewStore,
) -> None:
    holder, impatient = new_store(), new_store(lock_timeout=SHORT_LOCK_TIMEOUT)
    match_id = new_match_id()
    save(holder, match_id, {"moves": []})
    waited: list[float] = []

    def change() -> None:
        started = time.monotonic()
        try:
            with impatient.locked(match_id) as record:
                record.data = {"moves": ["C3"]}
        finally:
            waited.append(time.monotonic() - started)

    with ThreadPoolExecutor(1) as pool:  # one thread, as one request of another worker
        with holder.locked(match_id) as record:
            assert isinstance(pool.submit(change).exception(DEADLINE), StoreBusy)
            assert impatient.get(match_id) == Record(match_id, {"moves": []}, 1)
            record.data = {"moves": ["A1"]}
        assert waited[0] >= SHORT_LOCK_TIMEOUT * 0.8  # it waited for the lock, then gave up
        assert holder.get(match_id) == Record(match_id, {"moves": ["A1"]}, 2)  # the holder's
        pool.submit(change).result(DEADLINE)  # the lock is free: the same store changes it
    assert holder.get(match_id) == Record(match_id, {"moves": ["C3"]}, 3)


def test_changes_from_many_threads_run_one_at_a_time(new_store: NewStore) -> None:
    """Each thread reads the count and writes back one more: none is lost."""
    store = new_store()
    match_id = new_match_id()
    save(store, match_id, {"count": 0})
    threads = 20
    start = threading.Barrier(threads)

    def add_one() -> None:
        start.wait(DEADLINE)
        with store.locked(match_id) as record:
            record.data = {"count": (record.data or {})["count"] + 1}

    with ThreadPoolExecutor(threads) as pool:
        for done in [pool.submit(add_one) for _ in range(threads)]:
            done.result(DEADLINE * 2)
    assert store.get(match_id) == Record(match_id, {"count": threads}, threads + 1)


def test_sweep_removes_the_expired_matches_only(new_store: NewStore) -> None:
    # Whole seconds, as Redis keeps them; 2 leaves time to check the fresh match before it expires.
    store = new_store(lifetime=2)
    old, fresh = new_match_id(), new_match_id()
    save(store, old, {"moves": []})
    wait_for(lambda: store.get(old) is None)  # unchanged for longer than its lifetime
    with store.locked(old) as record:
        assert record == Record(old)  # a change would start it afresh
    save(store, fresh, {"moves": ["B2"]})
    assert store.sweep() >= 0  # how many it deleted, if it deletes them itself
    assert store.get(fresh) == Record(fresh, {"moves": ["B2"]}, 1)
    assert store.get(old) is None
    assert new_store().get(old) is None  # deleted: gone even for a store with a longer life


def test_presence_is_kept_by_seat_and_changes_no_version(store: MatchStore) -> None:
    match_id = new_match_id()
    save(store, match_id, {"n": 1})
    assert store.seen(match_id) == {}
    store.touch(match_id, "1", 1000.5)
    store.touch(match_id, "2", 2000.0)
    store.touch(match_id, "1", 1500.0)  # a later visit of the same seat
    assert store.seen(match_id) == {"1": 1500.0, "2": 2000.0}
    assert store.seen(new_match_id()) == {}
    assert store.get(match_id) == Record(match_id, {"n": 1}, 1)


def test_a_listener_is_told_the_changes_of_watched_matches(new_store: NewStore) -> None:
    """A change saved by another worker or server is told, with its version, for the watched
    matches; others may be told too, and a version more than once."""
    store, writer = new_store(), new_store()
    watched, other = new_match_id(), new_match_id()
    told: queue.Queue[tuple[str, int]] = queue.Queue()
    stop = threading.Event()
    thread = threading.Thread(
        target=store.listen,
        args=(lambda: [watched], lambda match_id, version: told.put((match_id, version)), stop),
    )
    thread.start()
    try:
        for version in (1, 2):
            for match_id in (other, watched):
                save(writer, match_id, {"n": version})
            deadline = time.monotonic() + DEADLINE
            while True:  # the next version of the watched match must come
                match_id, number = told.get(timeout=max(0.0, deadline - time.monotonic()))
                assert match_id == other or number <= version
                if (match_id, number) == (watched, version):
                    break
    finally:
        stop.set()
        thread.join(DEADLINE)
    assert not thread.is_alive()  # stop ends the listening
