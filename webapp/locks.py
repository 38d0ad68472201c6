"""Per-session locks that hold a load-change-save together: flock files, or Redis locks."""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
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


class _HeldRedisLock:
    def __init__(self, lock: redis.lock.Lock) -> None:
        self._lock: redis.lock.Lock | None = lock

    def release(self) -> None:
        if self._lock is not None:
            lock, self._lock = self._lock, None
            # If it expired or Redis went away, its own timeout frees it.
            with contextlib.suppress(redis.exceptions.LockError, redis.RedisError):
                lock.release()


class RedisLocks:
    """Redis locks, shared by every app server; each expires on its own if a server dies."""

    def __init__(self, client: redis.Redis, timeout: float, prefix: str = "lock:") -> None:
        self._client = client
        self._timeout = timeout
        self._prefix = prefix

    def acquire(self, sid: str) -> SessionLock | None:
        """Take the session's Redis lock; Redis errors propagate to the caller."""
        lock = self._client.lock(
            self._prefix + sid,
            timeout=max(self._timeout, 5.0) * 3,
            sleep=0.002,
            blocking_timeout=self._timeout,
        )
        if lock.acquire():
            return _HeldRedisLock(lock)
        return None
