"""Per-session locks that hold a load-change-save together: flock files, or Redis locks."""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import secrets
import time
from typing import Protocol

import redis

# Locks are striped: a session maps to one of this many lock files, so their number is bounded
# and nothing needs cleaning up. Two sessions sharing a stripe only wait for each other briefly.
_STRIPES = 4096
_FIRST_WAIT, _LONGEST_WAIT = 0.0005, 0.01


class SessionLock(Protocol):
    """A held lock; ``release`` may be called more than once."""

    def release(self) -> None:
        """Let the next request of this session in."""


class Locks(Protocol):
    """Hands out the lock of a session id, or ``None`` when it stays busy past the timeout."""

    def acquire(self, sid: str) -> SessionLock | None:
        """Wait for the session's lock."""


class _HeldFileLock:
    def __init__(self, descriptor: int) -> None:
        self._descriptor: int | None = descriptor

    def release(self) -> None:
        if self._descriptor is not None:
            descriptor, self._descriptor = self._descriptor, None
            os.close(descriptor)  # closing the descriptor drops the flock


class FileLocks:
    """``flock`` on striped lock files beside the session files; a crashed worker frees its lock."""

    def __init__(self, directory: str, timeout: float) -> None:
        self._directory = directory
        self._timeout = timeout
        os.makedirs(directory, mode=0o700, exist_ok=True)

    def acquire(self, sid: str) -> SessionLock | None:
        """Open this session's stripe and take an exclusive flock on it."""
        stripe = int.from_bytes(hashlib.blake2b(sid.encode(), digest_size=4).digest()) % _STRIPES
        path = os.path.join(self._directory, f"{stripe:04x}.lock")
        # A fresh descriptor per request: flock belongs to the open file, so threads of one
        # process exclude each other too.
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        deadline = time.monotonic() + self._timeout
        wait = _FIRST_WAIT
        while True:
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return _HeldFileLock(descriptor)
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    os.close(descriptor)
                    return None
                time.sleep(wait)
                wait = min(wait * 2, _LONGEST_WAIT)


# Delete the lock only if it is still ours: it may have expired and been taken by another.
_RELEASE = (
    "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0"
)


class HeldRedisLock:
    """A Redis lock we hold: the key ``name`` set to our random ``token``."""

    def __init__(self, client: redis.Redis, name: str, token: str) -> None:
        self._client = client
        self._name = name
        self._token: str | None = token

    def release(self) -> None:
        """Delete the key if it is still ours; if Redis is away, its expiry frees it."""
        if self._token is not None:
            token, self._token = self._token, None
            with contextlib.suppress(redis.RedisError):
                self._client.eval(_RELEASE, 1, self._name, token)

    def release_after(self, pipe: redis.client.Pipeline) -> None:
        """Queue the release on ``pipe``, after the commands already queued there."""
        if self._token is not None:
            token, self._token = self._token, None
            pipe.eval(_RELEASE, 1, self._name, token)


class RedisLocks:
    """Redis locks, shared by every app server; each expires on its own if a server dies.

    A lock is the key ``lock:<sid>`` set with NX to a random token and an expiry; only the
    holder's token deletes it.
    """

    def __init__(self, client: redis.Redis, timeout: float, prefix: str = "lock:") -> None:
        self._client = client
        self._timeout = timeout
        self._expiry_ms = int(max(timeout, 5.0) * 3 * 1000)
        self._prefix = prefix

    def acquire(self, sid: str) -> SessionLock | None:
        """Take the session's Redis lock; Redis errors propagate to the caller."""
        return self.acquire_and_get(sid, None)[0]

    def acquire_and_get(
        self, sid: str, key: str | None
    ) -> tuple[HeldRedisLock | None, bytes | None]:
        """Take the lock and read ``key`` in the same round trip: the value read once it is ours.

        ``(None, None)`` when the session stays busy past the timeout.
        """
        name, token = self._prefix + sid, secrets.token_hex(16)
        deadline = time.monotonic() + self._timeout
        wait = _FIRST_WAIT
        while True:
            pipe = self._client.pipeline(transaction=False)
            pipe.set(name, token, nx=True, px=self._expiry_ms)
            if key is not None:
                pipe.get(key)
            answers = pipe.execute()
            if answers[0]:
                return HeldRedisLock(self._client, name, token), answers[1] if key else None
            if time.monotonic() >= deadline:
                return None, None
            time.sleep(wait)
            wait = min(wait * 2, _LONGEST_WAIT)
