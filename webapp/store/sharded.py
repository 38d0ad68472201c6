"""Live news of matches on a Redis Cluster: sharded pub/sub (SSUBSCRIBE), one subscriber per
master, on the channels of the matches this process watches."""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable, Collection

import redis
from redis.cluster import ClusterNode, RedisCluster
from redis.exceptions import RedisClusterException

from .record import Record, StoreUnavailable

# Seconds between two looks at which matches are watched (streams open and close) and where
# their slots live (a failover moves them); also the longest a subscriber blocks in one read.
CHECK_EVERY = 0.2
_FAILURES = (redis.RedisError, RedisClusterException, StoreUnavailable, ValueError)

Told = Callable[[str, int], None]
Read = Callable[[str], Record | None]


class _Subscriber:
    """A thread holding one pub/sub connection to one master, subscribed to the channels it is
    given (``wanted``: channel -> match id). A match newly subscribed is read once its
    subscription is confirmed, so a change saved just before is not missed; any failure sets
    ``failed`` and ends the thread."""

    def __init__(self, client: redis.Redis, read: Read, told: Told, failed: threading.Event):
        self.wanted: dict[str, str] = {}
        self.done = threading.Event()
        self._read, self._told, self._failed = read, told, failed
        self.thread = threading.Thread(
            target=self._run, args=(client,), name="match-changes-shard", daemon=True
        )
        self.thread.start()

    def _run(self, client: redis.Redis) -> None:
        try:
            # redis-py leaves pubsub() unannotated
            pubsub = client.pubsub()  # type: ignore[no-untyped-call]
            with pubsub:
                self._serve(pubsub)
        except _FAILURES:
            self._failed.set()

    def _serve(self, pubsub: redis.client.PubSub) -> None:
        subscribed: dict[str, str] = {}
        checked = 0.0
        while not self.done.is_set():
            if time.monotonic() - checked >= CHECK_EVERY:
                wanted = self.wanted
                # One channel a call: channels of several slots in one SSUBSCRIBE are refused.
                for channel in wanted.keys() - subscribed.keys():
                    pubsub.ssubscribe(channel)
                for channel in subscribed.keys() - wanted.keys():
                    pubsub.sunsubscribe(channel)  # type: ignore[no-untyped-call]
                subscribed, checked = dict(wanted), time.monotonic()
            message = pubsub.get_message(timeout=CHECK_EVERY)
            if message is None:
                continue
            if message["type"] == "smessage":
                match_id, _, version = _text(message["data"]).partition(" ")
                self._told(match_id, int(version))
            elif message["type"] == "ssubscribe":
                match_id = subscribed.get(_text(message["channel"]), "")
                record = self._read(match_id) if match_id else None
                if record is not None:
                    self._told(match_id, record.version)


def listen(
    client: RedisCluster,
    channel_of: Callable[[str], str],
    read: Read,
    watched: Callable[[], Collection[str]],
    told: Told,
    stop: threading.Event,
) -> None:
    """Tell ``told(match_id, version)`` the changes of the ``watched`` matches until ``stop``
    is set, from their channels (``channel_of``) on the masters that hold them. After any
    failure (a master died, a failover) every subscriber is dropped, the watched matches are
    read again (which also makes redis-py learn the cluster's new shape) and subscribed anew."""
    while not stop.is_set():
        failed = threading.Event()
        subscribers: dict[str, _Subscriber] = {}
        start = functools.partial(_Subscriber, read=read, told=told, failed=failed)
        try:
            for match_id in watched():
                record = read(match_id)
                if record is not None:
                    told(match_id, record.version)
            while True:
                _spread(client, channel_of, watched(), subscribers, start)
                if failed.is_set() or stop.wait(CHECK_EVERY):
                    break
        except _FAILURES:
            pass
        finally:
            for subscriber in subscribers.values():
                subscriber.done.set()
            for subscriber in subscribers.values():
                subscriber.thread.join(CHECK_EVERY * 5)
        stop.wait(CHECK_EVERY)  # the cluster failing over, or away: subscribe again shortly


def _spread(
    client: RedisCluster,
    channel_of: Callable[[str], str],
    matches: Collection[str],
    subscribers: dict[str, _Subscriber],
    subscriber: Callable[[redis.Redis], _Subscriber],
) -> None:
    """Give each master's subscriber the channels of the ``matches`` in its slots, starting
    one for a master that has none yet; a master with none left keeps its idle subscriber."""
    by_node: dict[str, tuple[ClusterNode, dict[str, str]]] = {}
    for match_id in matches:
        channel = channel_of(match_id)
        node = client.get_node_from_key(channel)  # type: ignore[no-untyped-call]
        by_node.setdefault(node.name, (node, {}))[1][channel] = match_id
    for name, (node, channels) in by_node.items():
        if name not in subscribers:
            subscribers[name] = subscriber(client.get_redis_connection(node))
        subscribers[name].wanted = channels
    for name, idle in subscribers.items():
        if name not in by_node:
            idle.wanted = {}


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
