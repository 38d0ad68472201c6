"""The backend for several servers: one Redis key per match, changed under redis-py's Lock, on
one Redis or on a Redis Cluster."""

from __future__ import annotations

import contextlib
import secrets
import threading
from collections.abc import Iterator

import redis
from redis.cluster import RedisCluster
from redis.exceptions import LockError, RedisClusterException

from . import sharded
from .record import Changed, Record, StoreBusy, StoreUnavailable, Watched, changed, decode, encode

# Save only while the lock is still ours, and free it in the same step: a request that held
# it past its expiry (Redis paused, a worker stalled) is refused instead of overwriting a
# change made by the next holder. Every app server hears of the change: on one Redis on
# CHANNEL (PUBLISH), on a cluster on the match's own channel (SPUBLISH, in its keys' slot).
_SAVE_AND_RELEASE = """
if redis.call('get', KEYS[2]) ~= ARGV[1] then return 0 end
redis.call('set', KEYS[1], ARGV[2], 'EX', ARGV[3])
redis.call('del', KEYS[2])
redis.call(ARGV[6], ARGV[4], ARGV[5])
return 1
"""
CHANNEL = "match-changes"  # each message is "<match id> <version>"
# What redis-py raises when Redis fails: a cluster missing a slot's master raises some
# errors that are not RedisErrors.
ERRORS = (redis.RedisError, RedisClusterException)


class Names:
    """Where a match is kept. On one Redis, the names of the first release (``match:<id>``,
    ``lock:<id>``, ``seen:<id>``), so matches stored before are read as they are. On a
    cluster, every key and the channel of a match carry its id as a hash tag
    (``match:{<id>}``, ``match:{<id>}:lock``...), so they live in one slot, on one master, and
    a change stays one atomic script there."""

    def __init__(self, cluster: bool) -> None:
        self.cluster = cluster

    def match(self, match_id: str) -> str:
        """The key of the match's record."""
        return f"match:{{{match_id}}}" if self.cluster else f"match:{match_id}"

    def lock(self, match_id: str) -> str:
        """The key of the lock guarding a change."""
        return f"match:{{{match_id}}}:lock" if self.cluster else f"lock:{match_id}"

    def seen(self, match_id: str) -> str:
        """The hash of when each seat was last seen."""
        return f"match:{{{match_id}}}:seen" if self.cluster else f"seen:{match_id}"

    def channel(self, match_id: str) -> str:
        """Where the match's changes are told: its own sharded channel, or everyone's."""
        return f"match:{{{match_id}}}:changes" if self.cluster else CHANNEL


class RedisStore:
    """Matches as keys holding ``{"version": n, "data": {...}}`` as JSON, each with a TTL of
    the lifetime, renewed by every change; a lock key guards a change (``Names``)."""

    def __init__(
        self,
        client: redis.Redis | RedisCluster,
        lifetime: float,
        lock_timeout: float,
        lock_expiry: float,
    ) -> None:
        """Use ``client`` (a cluster's: matches spread over its masters); the lock expires
        after ``lock_expiry`` seconds even if never freed, so a lock left behind (a dead server,
        a paused Redis) blocks the match only that long."""
        self.client = client
        self.names = Names(isinstance(client, RedisCluster))
        self.lifetime = int(lifetime)
        self.lock_timeout = lock_timeout
        self.lock_expiry = lock_expiry
        self._save = client.register_script(_SAVE_AND_RELEASE)

    def get(self, match_id: str) -> Record | None:
        """The match as stored now; no lock."""
        try:
            raw = self.client.get(self.names.match(match_id))
        except ERRORS as error:
            raise StoreUnavailable(str(error)) from error
        return None if raw is None else _record(match_id, raw)

    @contextlib.contextmanager
    def locked(self, match_id: str) -> Iterator[Record]:
        """The match under its lock, saved as the next version if the block changed it."""
        lock = self.client.lock(
            self.names.lock(match_id),
            timeout=self.lock_expiry,
            sleep=0.005,
            blocking_timeout=self.lock_timeout,
        )
        token = secrets.token_hex(16)
        released = False  # or not to be released: Redis failed, and the lock expires by itself
        try:
            if not lock.acquire(token=token):
                raise StoreBusy("the match stayed locked by another request")
            raw = self.client.get(self.names.match(match_id))
            record = Record(match_id) if raw is None else _record(match_id, raw)
            before = record.data
            yield record
            if changed(record, before):
                stored = encode({"version": record.version + 1, "data": record.data or {}})
                keys = [self.names.match(match_id), self.names.lock(match_id)]
                released = True
                news = f"{match_id} {record.version + 1}"
                publish = "spublish" if self.names.cluster else "publish"
                channel = self.names.channel(match_id)
                args: list[str | int] = [token, stored, self.lifetime, channel, news, publish]
                if not self._save(keys=keys, args=args):
                    raise StoreUnavailable("the match's lock expired before its change was saved")
                record.version, record.raw = record.version + 1, stored
        except ERRORS as error:
            # Freeing the lock would wait out another timeout of a Redis that does not answer;
            # it expires within lock_expiry.
            released = True
            raise StoreUnavailable(str(error)) from error
        finally:
            if not released:  # a request that gives up frees what it holds
                with contextlib.suppress(*ERRORS, LockError):
                    lock.release()

    def sweep(self) -> int:
        """Nothing to do: Redis expires each match by its TTL."""
        return 0

    def touch(self, match_id: str, seat: str, when: float) -> None:
        """Note the seat open at ``when`` in the hash ``seen:<id>``, which expires with the
        match it belongs to."""
        try:
            with self.client.pipeline(transaction=False) as pipe:
                pipe.hset(self.names.seen(match_id), seat, repr(when))
                pipe.expire(self.names.seen(match_id), self.lifetime)
                pipe.execute()
        except ERRORS as error:
            raise StoreUnavailable(str(error)) from error

    def seen(self, match_id: str) -> dict[str, float]:
        """When each seat was last noted open."""
        try:
            raw = self.client.hgetall(self.names.seen(match_id))
        except ERRORS as error:
            raise StoreUnavailable(str(error)) from error
        return {_text(seat): float(when) for seat, when in raw.items()}

    def listen(self, watched: Watched, changed: Changed, stop: threading.Event) -> None:
        """Hear every change on CHANNEL (pub/sub). After a broken connection, the versions of
        the watched matches are read again, since what was published meanwhile is lost. On a
        cluster, only the watched matches' own channels are heard (``sharded.listen``)."""
        if isinstance(self.client, RedisCluster):
            sharded.listen(self.client, self.names.channel, self.get, watched, changed, stop)
            return
        while not stop.is_set():
            try:
                # redis-py leaves pubsub() unannotated
                pubsub = self.client.pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
                with pubsub:
                    pubsub.subscribe(CHANNEL)
                    for match_id in watched():
                        record = self.get(match_id)
                        if record is not None:
                            changed(match_id, record.version)
                    while not stop.is_set():
                        message = pubsub.get_message(timeout=0.2)
                        if message is not None:
                            match_id, _, version = _text(message["data"]).partition(" ")
                            changed(match_id, int(version))
            except (*ERRORS, StoreUnavailable, ValueError):
                stop.wait(0.2)  # Redis restarting or away: subscribe again shortly


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _record(match_id: str, raw: bytes | str) -> Record:
    """The record stored as ``raw``: decoded at once, since it holds the version too; the text
    is kept as the record's ``raw``, which a decoded match is kept by (bytes that are not
    UTF-8 are not JSON either: they read as no match)."""
    text = raw.decode(errors="replace") if isinstance(raw, bytes) else raw
    stored = decode(text)
    version, data = stored.get("version"), stored.get("data")
    if not isinstance(version, int) or not isinstance(data, dict):
        return Record(match_id, {}, version if isinstance(version, int) else 0)
    return Record(match_id, data, version, raw=text)
