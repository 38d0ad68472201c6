"""The Redis store on a Redis Cluster beyond the contract (test_contract.py): a match's keys in
one slot, and live news by sharded pub/sub on the channels of the watched matches only."""

from __future__ import annotations

import json
import queue
import threading
import time
from collections.abc import Callable, Iterator

import pytest
from redis.cluster import RedisCluster

from tests.cluster_servers import RedisCluster as Cluster
from webapp.settings import limits_storage, redis_client
from webapp.store import RedisStore, new_match_id

DEADLINE = 10.0


@pytest.fixture(scope="module")
def client(redis_cluster: Cluster) -> Iterator[RedisCluster]:
    """A cluster client, as the app makes it from a node's URL and FLASK_REDIS_CLUSTER."""
    config = {"REDIS_URL": redis_cluster.url, "REDIS_CLUSTER": True, "REDIS_TIMEOUT": 0.5}
    cluster = redis_client(config)
    assert isinstance(cluster, RedisCluster)
    yield cluster
    cluster.close()
    cluster.disconnect_connection_pools()  # close() leaves the nodes' sockets open


@pytest.fixture
def matches(client: RedisCluster) -> RedisStore:
    return RedisStore(client, 3600, lock_timeout=1.0, lock_expiry=0.8)


def shard_channels(cluster: Cluster) -> set[str]:
    """The sharded channels that someone is subscribed to, on every master."""
    found: set[str] = set()
    for port in cluster.processes:
        found |= set(cluster.command(port, "pubsub", "shardchannels").split())
    return found


def test_a_matchs_keys_and_channel_share_one_slot(
    matches: RedisStore, client: RedisCluster
) -> None:
    match_id = new_match_id()
    with matches.locked(match_id) as record:
        record.data = {"moves": ["B2"]}
    matches.touch(match_id, "1", 1000.0)
    names = matches.names
    stored = json.loads(client.get(f"match:{{{match_id}}}") or b"")
    assert stored == {"version": 1, "data": {"moves": ["B2"]}}
    assert client.hgetall(f"match:{{{match_id}}}:seen") == {b"1": b"1000.0"}
    keys = [names.match(match_id), names.lock(match_id), names.seen(match_id)]
    slots = {client.keyslot(name) for name in [*keys, names.channel(match_id)]}
    assert len(slots) == 1
    assert client.exists(names.lock(match_id)) == 0  # freed by the save


def test_the_cluster_setting_makes_a_cluster_client_and_the_limits_storage() -> None:
    config = {"REDIS_URL": "redis://10.0.0.7:7000/0", "REDIS_CLUSTER": True}
    assert limits_storage(config) == "redis+cluster://10.0.0.7:7000"
    assert limits_storage({**config, "REDIS_CLUSTER": False}) == "redis://10.0.0.7:7000/0"
    assert limits_storage({"REDIS_URL": None}) == "memory://"


def test_the_listener_subscribes_to_the_watched_matches_only_as_they_change(
    matches: RedisStore, redis_cluster: Cluster
) -> None:
    first, second, never = new_match_id(), new_match_id(), new_match_id()
    watched = {first}
    told: queue.Queue[tuple[str, int]] = queue.Queue()
    stop = threading.Event()
    thread = threading.Thread(
        target=matches.listen,
        args=(lambda: list(watched), lambda match_id, version: told.put((match_id, version)), stop),
    )
    thread.start()
    names = matches.names
    try:
        wait_until(lambda: shard_channels(redis_cluster) == {names.channel(first)})
        watched.add(second)  # a stream opens: its match is subscribed within a moment
        wait_until(lambda: names.channel(second) in shard_channels(redis_cluster))
        for match_id in (never, first, second):
            with matches.locked(match_id) as record:
                record.data = {"n": 1}
        heard = {told.get(timeout=DEADLINE) for _ in range(2)}
        assert heard == {(first, 1), (second, 1)}
        watched.discard(first)  # its last stream closed: unsubscribed
        wait_until(lambda: shard_channels(redis_cluster) == {names.channel(second)})
        assert names.channel(never) not in shard_channels(redis_cluster)
    finally:
        stop.set()
        thread.join(DEADLINE)
    assert not thread.is_alive()
    wait_until(lambda: shard_channels(redis_cluster) == set())  # its connections closed


def test_a_change_saved_as_the_match_becomes_watched_is_told(matches: RedisStore) -> None:
    """The match is read once its subscription is confirmed: a change made between the
    stream's own read and the subscription is not lost."""
    match_id = new_match_id()
    watched: list[str] = []
    told: queue.Queue[tuple[str, int]] = queue.Queue()
    stop = threading.Event()
    thread = threading.Thread(
        target=matches.listen,
        args=(lambda: list(watched), lambda match_id, version: told.put((match_id, version)), stop),
    )
    thread.start()
    try:
        with matches.locked(match_id) as record:
            record.data = {"n": 1}  # before anyone listens: no news of it is published to us
        watched.append(match_id)
        assert told.get(timeout=DEADLINE) == (match_id, 1)
    finally:
        stop.set()
        thread.join(DEADLINE)


def wait_until(condition: Callable[[], bool]) -> None:
    """Poll ``condition`` until it holds; fail after DEADLINE."""
    deadline = time.monotonic() + DEADLINE
    while not condition():
        assert time.monotonic() < deadline, "not within the deadline"
        time.sleep(0.05)
