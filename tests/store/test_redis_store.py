"""The Redis store beyond the contract (test_contract.py), on a real redis-server: its keys
and their TTLs, redis-py's Lock and its expiry, unreadable keys, and a Redis that is down,
restarts or cuts a listener off."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator

import pytest
import redis

from tests.servers import RedisServer, free_port
from webapp.settings import redis_client
from webapp.store import Record, RedisStore, StoreBusy, StoreUnavailable, new_match_id

DAY = 24 * 3600


@pytest.fixture(scope="module")
def client(redis_server: RedisServer) -> Iterator[redis.Redis]:
    """A client of the module's Redis, for looking at what the store keeps there."""
    connection = redis.Redis.from_url(redis_server.url)
    yield connection
    connection.close()


@pytest.fixture
def matches(client: redis.Redis) -> RedisStore:
    """A store with a 30-day lifetime, a short wait for the lock and the app's lock expiry."""
    return RedisStore(client, 30 * DAY, lock_timeout=0.3, lock_expiry=0.8)


def test_a_match_is_one_json_key_that_lives_its_lifetime(
    matches: RedisStore, client: redis.Redis
) -> None:
    match_id = new_match_id()
    with matches.locked(match_id) as record:
        record.data = {"moves": ["B2"]}
    stored = json.loads(client.get(f"match:{match_id}") or b"")
    assert stored == {"version": 1, "data": {"moves": ["B2"]}}
    assert 30 * DAY - 5 <= client.ttl(f"match:{match_id}") <= 30 * DAY
    assert client.exists(f"lock:{match_id}") == 0  # freed by the save


def test_a_block_that_raises_or_changes_nothing_frees_its_lock(
    matches: RedisStore, client: redis.Redis
) -> None:
    match_id = new_match_id()
    with pytest.raises(ValueError), matches.locked(match_id) as record:
        record.data = {"moves": ["A1"]}
        raise ValueError("refused")
    assert client.exists(f"lock:{match_id}") == 0  # a request that gives up frees its lock
    with matches.locked(match_id):
        pass
    assert client.exists(f"lock:{match_id}") == 0


def test_a_held_lock_makes_a_change_wait_then_refuse(
    matches: RedisStore, client: redis.Redis
) -> None:
    match_id = new_match_id()
    client.set(f"lock:{match_id}", "another request", px=5000)
    started = time.monotonic()
    with pytest.raises(StoreBusy), matches.locked(match_id):
        pass
    assert time.monotonic() - started >= 0.25  # it waited for the lock before refusing
    assert client.get(f"lock:{match_id}") == b"another request"  # never freed by us


def test_a_lock_left_behind_frees_itself_after_its_expiry(
    matches: RedisStore, client: redis.Redis
) -> None:
    match_id = new_match_id()
    with matches.locked(match_id) as record:
        record.data = {"moves": []}
        assert 0 < client.pttl(f"lock:{match_id}") <= 800
    client.set(f"lock:{match_id}", "a dead server's token", px=200)
    with matches.locked(match_id) as record:  # waits out the 200 ms, within the 300 ms wait
        record.data = {"moves": ["C3"]}
    assert matches.get(match_id) == Record(match_id, {"moves": ["C3"]}, 2)


def test_a_save_after_the_lock_expired_and_was_taken_is_refused(
    matches: RedisStore, client: redis.Redis
) -> None:
    match_id = new_match_id()
    with matches.locked(match_id) as record:
        record.data = {"moves": []}
    with pytest.raises(StoreUnavailable), matches.locked(match_id) as record:
        client.set(f"lock:{match_id}", "the next holder")  # ours expired; another took it
        record.data = {"moves": ["A1"]}
    assert matches.get(match_id) == Record(match_id, {"moves": []}, 1)
    assert client.get(f"lock:{match_id}") == b"the next holder"


def test_an_unreadable_key_is_an_empty_match(matches: RedisStore, client: redis.Redis) -> None:
    match_id = new_match_id()
    client.set(f"match:{match_id}", b"\x80 not json")
    assert matches.get(match_id) == Record(match_id, {}, 0)


def test_a_redis_that_is_down_is_store_unavailable_at_once() -> None:
    client = redis_client({"REDIS_URL": f"redis://127.0.0.1:{free_port()}/0", "REDIS_TIMEOUT": 0.5})
    assert client is not None
    matches = RedisStore(client, DAY, lock_timeout=5, lock_expiry=0.8)
    # Unavailable, not busy: the lock is not tried again until its timeout (how soon a down
    # Redis is a 503 page is bench/outage.py's floor).
    with pytest.raises(StoreUnavailable):
        matches.get(new_match_id())
    with pytest.raises(StoreUnavailable), matches.locked(new_match_id()):
        pass


def test_a_restarted_redis_is_used_again_without_an_error() -> None:
    """Every pooled connection breaks when Redis restarts: the first command retries once."""
    server = RedisServer().start()
    try:
        client = redis_client({"REDIS_URL": server.url, "REDIS_TIMEOUT": 0.5})
        assert client is not None
        matches = RedisStore(client, DAY, lock_timeout=1, lock_expiry=0.8)
        assert matches.get(new_match_id()) is None
        server.stop()
        server = RedisServer(port=server.port).start()
        assert matches.get(new_match_id()) is None
    finally:
        server.stop()


def test_presence_is_a_hash_that_expires_with_the_match(
    matches: RedisStore, client: redis.Redis
) -> None:
    match_id = new_match_id()
    matches.touch(match_id, "1", 1000.5)
    assert client.hgetall(f"seen:{match_id}") == {b"1": b"1000.5"}
    assert 30 * DAY - 5 <= client.ttl(f"seen:{match_id}") <= 30 * DAY


def test_a_listener_hears_again_after_redis_restarts() -> None:
    """Changes published while the listener was cut off are read again once it is back."""
    server = RedisServer().start()
    client = redis_client({"REDIS_URL": server.url, "REDIS_TIMEOUT": 0.5})
    assert client is not None
    matches = RedisStore(client, 30 * DAY, lock_timeout=0.3, lock_expiry=0.8)
    told: list[tuple[str, int]] = []
    stop = threading.Event()
    watched = new_match_id()
    thread = threading.Thread(
        target=matches.listen, args=(lambda: [watched], lambda *news: told.append(news), stop)
    )
    thread.start()
    try:
        server.stop()
        server = RedisServer(server.port).start()
        with matches.locked(watched) as record:
            record.data = {"n": 1}
        deadline = time.monotonic() + 5
        while (watched, 1) not in told and time.monotonic() < deadline:
            stop.wait(0.01)
        assert (watched, 1) in told
    finally:
        stop.set()
        thread.join(5)
        client.close()
        server.stop()


def test_a_writer_whose_lock_expired_cannot_overwrite_the_next_holders_change(
    client: redis.Redis,
) -> None:
    """Issue 45's lost join, ruled out here: the slow writer read version 1, its lock
    expired, another request took the lock and saved version 2 (a second join); the slow
    writer's save is refused (its request answers 503 and is sent again), never written over
    version 2."""
    store = RedisStore(client, DAY, lock_timeout=1, lock_expiry=30)
    arena_id = new_match_id()
    with store.locked(arena_id) as record:
        record.data = {"players": ["a"]}
    with pytest.raises(StoreUnavailable), store.locked(arena_id) as slow:
        # The lock's expiry, without waiting for Redis's clock: its key goes as it would.
        client.delete(store.names.lock(arena_id))
        with store.locked(arena_id) as fast:  # the next request takes it meanwhile
            fast.data = {"players": ["a", "c"]}
        slow.data = {"players": ["a", "b"]}
    assert store.get(arena_id) == Record(arena_id, {"players": ["a", "c"]}, 2)
