"""The Redis match store on a real Redis: versions, redis-py's Lock, expiry and failures."""

from __future__ import annotations

import json
import threading
import time

import pytest
import redis

from tests.servers import RedisServer, free_port
from tests.store.feeds import check_feed, check_presence
from webapp.settings import redis_client
from webapp.store import Record, RedisStore, StoreBusy, StoreUnavailable, new_match_id

DAY = 24 * 3600


@pytest.fixture
def matches(store: redis.Redis) -> RedisStore:
    """A store with a 30-day lifetime, a short wait for the lock and the app's lock expiry."""
    return RedisStore(store, 30 * DAY, lock_timeout=0.3, lock_expiry=0.8)


def test_a_match_is_absent_until_saved_then_versioned(
    matches: RedisStore, store: redis.Redis
) -> None:
    match_id = new_match_id()
    assert matches.get(match_id) is None
    with matches.locked(match_id) as record:
        assert record == Record(match_id)
        record.data = {"moves": ["B2"]}
    assert record.version == 1
    assert matches.get(match_id) == Record(match_id, {"moves": ["B2"]}, 1)
    stored = json.loads(store.get(f"match:{match_id}") or b"")
    assert stored == {"version": 1, "data": {"moves": ["B2"]}}
    assert 30 * DAY - 5 <= store.ttl(f"match:{match_id}") <= 30 * DAY
    assert store.exists(f"lock:{match_id}") == 0  # freed by the save


def test_nothing_is_saved_when_the_block_raises_or_changes_nothing(
    matches: RedisStore, store: redis.Redis
) -> None:
    match_id = new_match_id()
    with matches.locked(match_id) as record:
        record.data = {"moves": []}
    with pytest.raises(ValueError), matches.locked(match_id) as record:
        record.data = {"moves": ["A1"]}
        raise ValueError("refused")
    with matches.locked(match_id) as record:
        record.data = {"moves": []}
    assert matches.get(match_id) == Record(match_id, {"moves": []}, 1)
    assert store.exists(f"lock:{match_id}") == 0  # a request that gives up frees its lock


def test_a_held_lock_makes_a_change_wait_then_refuse(
    matches: RedisStore, store: redis.Redis
) -> None:
    match_id = new_match_id()
    store.set(f"lock:{match_id}", "another request", px=5000)
    started = time.monotonic()
    with pytest.raises(StoreBusy), matches.locked(match_id):
        pass
    assert 0.25 <= time.monotonic() - started < 2
    assert store.get(f"lock:{match_id}") == b"another request"  # never freed by us


def test_a_lock_left_behind_frees_itself_after_its_expiry(
    matches: RedisStore, store: redis.Redis
) -> None:
    match_id = new_match_id()
    with matches.locked(match_id) as record:
        record.data = {"moves": []}
        assert 0 < store.pttl(f"lock:{match_id}") <= 800
    store.set(f"lock:{match_id}", "a dead server's token", px=200)
    with matches.locked(match_id) as record:  # waits out the 200 ms, within the 300 ms wait
        record.data = {"moves": ["C3"]}
    assert matches.get(match_id) == Record(match_id, {"moves": ["C3"]}, 2)


def test_a_save_after_the_lock_expired_and_was_taken_is_refused(
    matches: RedisStore, store: redis.Redis
) -> None:
    match_id = new_match_id()
    with matches.locked(match_id) as record:
        record.data = {"moves": []}
    with pytest.raises(StoreUnavailable), matches.locked(match_id) as record:
        store.set(f"lock:{match_id}", "the next holder")  # ours expired; another took it
        record.data = {"moves": ["A1"]}
    assert matches.get(match_id) == Record(match_id, {"moves": []}, 1)
    assert store.get(f"lock:{match_id}") == b"the next holder"


def test_an_unreadable_key_is_an_empty_match(matches: RedisStore, store: redis.Redis) -> None:
    match_id = new_match_id()
    store.set(f"match:{match_id}", b"\x80 not json")
    assert matches.get(match_id) == Record(match_id, {}, 0)


def test_a_redis_that_is_down_is_store_unavailable_at_once() -> None:
    client = redis_client({"REDIS_URL": f"redis://127.0.0.1:{free_port()}/0", "REDIS_TIMEOUT": 0.5})
    assert client is not None
    matches = RedisStore(client, DAY, lock_timeout=5, lock_expiry=0.8)
    started = time.monotonic()
    with pytest.raises(StoreUnavailable):
        matches.get(new_match_id())
    with pytest.raises(StoreUnavailable), matches.locked(new_match_id()):
        pass
    assert time.monotonic() - started < 2


def test_a_restarted_redis_is_used_again_without_an_error(redis_server: RedisServer) -> None:
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


def test_presence_is_kept_apart_from_the_match(matches: RedisStore, store: redis.Redis) -> None:
    check_presence(matches)
    ttls = [store.ttl(key) for key in store.scan_iter("seen:*")]
    assert ttls and all(0 < ttl <= 30 * DAY for ttl in ttls)


def test_changes_made_by_another_server_reach_a_listener(
    matches: RedisStore, redis_server: RedisServer
) -> None:
    other = redis.Redis.from_url(redis_server.url)
    try:
        check_feed(matches, RedisStore(other, 30 * DAY, lock_timeout=0.3, lock_expiry=0.8))
    finally:
        other.close()


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
