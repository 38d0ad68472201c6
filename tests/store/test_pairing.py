"""What every pairing queue must do (``webapp.store.pairing.PairingQueue``), checked on both
backends through the interface alone: SQLite in a file of the test's own, a real Redis, and a
real Redis Cluster; with seekers racing on several connections, each seated once."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import redis
from redis.cluster import RedisCluster

from tests.cluster_servers import RedisCluster as Cluster
from tests.servers import RedisServer
from webapp.store.pairing import FOUND, FOUND_FOR, PAIRED, STALE_AFTER, WAITING, PairingQueue
from webapp.store.redis_pairing import KEYS, RedisPairing
from webapp.store.sqlite_pairing import SQLitePairing

NewQueue = Callable[[], PairingQueue]
NOW = 1_800_000_000.0


@pytest.fixture(params=["sqlite", "redis", "cluster"])
def new_queue(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[NewQueue]:
    """Make queues of one backend on the same data, as several workers or servers have them:
    SQLite, one Redis, or a Redis Cluster of three masters (the queue's keys share a slot)."""
    if request.param == "sqlite":
        path = str(tmp_path / "matches.sqlite")
        yield lambda: SQLitePairing(path, lock_timeout=10.0)
        return
    server: RedisServer | Cluster = request.getfixturevalue(
        "redis_server" if request.param == "redis" else "redis_cluster"
    )
    clients: list[redis.Redis | RedisCluster] = []

    def on_redis() -> PairingQueue:
        client: redis.Redis | RedisCluster = (
            redis.Redis.from_url(server.url)
            if request.param == "redis"
            else RedisCluster.from_url(server.url)
        )
        clients.append(client)
        return RedisPairing(client)

    yield on_redis
    if clients:  # the server lives for the module: the next test starts with no queue
        clients[0].delete(*KEYS)
    for client in clients:
        client.close()
        if isinstance(client, RedisCluster):  # its close() leaves the nodes' sockets open
            client.disconnect_connection_pools()


def test_the_first_waits_the_second_meets_it_and_both_find_the_match(new_queue: NewQueue) -> None:
    queue = new_queue()
    first = queue.seek("a", "key-a", "match-a", NOW, "")
    assert (first.state, first.match_id, first.key, first.since) == (
        WAITING,
        "match-a",
        "key-a",
        NOW,
    )
    second = queue.seek("b", "key-b", "match-b", NOW + 1, "")
    assert (second.state, second.match_id, second.key) == (PAIRED, "match-a", "key-a")
    found_a, found_b = queue.poll("a", NOW + 2), queue.poll("b", NOW + 2)
    assert found_a is not None and (found_a.state, found_a.match_id, found_a.key) == (
        FOUND,
        "match-a",
        "key-a",
    )
    assert found_b is not None and (found_b.state, found_b.match_id, found_b.key) == (
        FOUND,
        "match-a",
        "key-b",
    )
    assert queue.poll("c", NOW) is None


def test_both_seekers_learn_both_seats_keys_so_either_can_make_the_match(
    new_queue: NewQueue,
) -> None:
    """The request that met the waiter may fail before it stores the match (the store paused):
    the found entries say enough for either seeker to make it."""
    queue = new_queue()
    assert queue.seek("a", "key-a", "match-a", NOW, "").seats == ("", "")  # waiting: none yet
    assert queue.seek("b", "key-b", "match-b", NOW + 1, "").seats == ("key-a", "key-b")
    for seeker in ("a", "b"):
        found = queue.poll(seeker, NOW + 2)
        assert found is not None and found.seats == ("key-a", "key-b")
    again = queue.seek("b", "key-c", "match-c", NOW + 3, "")  # another tab: the same match
    assert (again.state, again.seats) == (FOUND, ("key-a", "key-b"))


def test_a_seeker_is_never_met_by_itself(new_queue: NewQueue) -> None:
    queue = new_queue()
    queue.seek("a", "key-1", "match-1", NOW, "")
    again = queue.seek("a", "key-2", "match-2", NOW + 1, "")
    assert (again.state, again.match_id, again.key, again.since) == (
        WAITING,
        "match-1",
        "key-1",
        NOW,
    )


def test_a_found_match_is_found_again_until_the_seeker_is_at_it(new_queue: NewQueue) -> None:
    queue = new_queue()
    queue.seek("a", "key-a", "match-a", NOW, "")
    queue.seek("b", "key-b", "match-b", NOW, "")
    assert queue.seek("a", "key-x", "match-x", NOW + 1, "").state == FOUND  # another tab
    fresh = queue.seek("a", "key-y", "match-y", NOW + 2, "match-a")  # played it: a new seek
    assert (fresh.state, fresh.match_id) == (WAITING, "match-y")


def test_a_found_match_forgotten_is_found_no_more(new_queue: NewQueue) -> None:
    queue = new_queue()
    queue.seek("a", "key-a", "match-a", NOW, "")
    queue.seek("b", "key-b", "match-b", NOW, "")
    queue.forget("a", "match-other")  # another match's: kept
    assert queue.poll("a", NOW + 1) == queue.seek("a", "key-x", "match-x", NOW + 1, "")
    queue.forget("a", "match-a")
    assert queue.poll("a", NOW + 2) is None
    fresh = queue.seek("a", "key-y", "match-y", NOW + 2, "")
    assert (fresh.state, fresh.match_id) == (WAITING, "match-y")
    assert queue.poll("b", NOW + 2) is not None  # the other seeker's is its own


def test_cancel_takes_the_seeker_out_once(new_queue: NewQueue) -> None:
    queue = new_queue()
    queue.seek("a", "key-a", "match-a", NOW, "")
    assert queue.cancel("a") is True
    assert queue.cancel("a") is False
    assert queue.poll("a", NOW) is None
    assert queue.seek("b", "key-b", "match-b", NOW, "").state == WAITING


def test_a_waiter_not_seen_lately_is_not_met(new_queue: NewQueue) -> None:
    queue = new_queue()
    queue.seek("a", "key-a", "match-a", NOW, "")
    queue.poll("a", NOW + STALE_AFTER - 1)  # seen: still here
    assert queue.seek("b", "key-b", "match-b", NOW + STALE_AFTER + 1, "").state == PAIRED
    queue.seek("c", "key-c", "match-c", NOW, "")
    late = queue.seek("d", "key-d", "match-d", NOW + STALE_AFTER + 1, "")
    assert (late.state, late.match_id) == (WAITING, "match-d")
    assert queue.poll("c", NOW + STALE_AFTER + 2) is None


def test_a_match_found_long_ago_is_forgotten(new_queue: NewQueue) -> None:
    queue = new_queue()
    queue.seek("a", "key-a", "match-a", NOW, "")
    queue.seek("b", "key-b", "match-b", NOW, "")
    later = NOW + FOUND_FOR + 1
    assert queue.poll("b", later) is None  # looked at before any seek cleared it
    assert queue.seek("a", "key-z", "match-z", later, "").state == WAITING


def test_seekers_racing_on_many_connections_are_each_seated_once(new_queue: NewQueue) -> None:
    queues = [new_queue() for _ in range(8)]
    seekers = [f"seeker-{n}" for n in range(100)]

    def seek(n: int) -> str:
        return queues[n % 8].seek(seekers[n], f"key-{n}", f"match-{n}", NOW, "").state

    with ThreadPoolExecutor(16) as pool:
        states = list(pool.map(seek, range(100)))
    assert states.count(PAIRED) == 50 and states.count(WAITING) == 50
    found = [queues[0].poll(seeker, NOW + 1) for seeker in seekers]
    assert all(f is not None and f.state == FOUND for f in found)
    by_match: dict[str, list[str]] = {}
    for f in found:
        assert f is not None
        by_match.setdefault(f.match_id, []).append(f.key)
    assert len(by_match) == 50 and all(len(set(keys)) == 2 for keys in by_match.values())
