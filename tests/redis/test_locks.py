"""RedisLocks on a real Redis: one holder at a time, the read rides along, only ours is freed."""

from __future__ import annotations

import redis

from webapp.locks import RedisLocks


def test_one_holder_at_a_time_and_the_value_read_with_the_lock(store: redis.Redis) -> None:
    locks = RedisLocks(store, timeout=0.05)
    store.set("session:one", b"stored")
    held, value = locks.acquire_and_get("one", "session:one")
    assert held is not None and value == b"stored"
    assert 0 < store.pttl("lock:one") <= 15_000  # expires by itself if its holder dies
    assert locks.acquire_and_get("one", "session:one") == (None, None)  # busy past the timeout
    held.release()
    held.release()  # a second release is harmless
    assert store.exists("lock:one") == 0
    again = locks.acquire("one")
    assert again is not None
    again.release()


def test_a_release_never_frees_a_lock_someone_else_took(store: redis.Redis) -> None:
    locks = RedisLocks(store, timeout=0.05)
    held = locks.acquire("two")
    assert held is not None
    store.set("lock:two", "another holder's token")  # ours expired and was taken
    held.release()
    assert store.get("lock:two") == b"another holder's token"


def test_a_release_can_follow_a_write_in_one_pipeline(store: redis.Redis) -> None:
    locks = RedisLocks(store, timeout=0.05)
    held, _ = locks.acquire_and_get("three", "session:three")
    assert held is not None
    pipe = store.pipeline(transaction=False)
    pipe.set("session:three", b"new")
    held.release_after(pipe)
    assert store.exists("lock:three") == 1  # queued, not yet sent
    pipe.execute()
    assert store.exists("lock:three") == 0 and store.get("session:three") == b"new"
