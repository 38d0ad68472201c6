"""The session store: Flask-Session over files (default) or Redis, with per-session locking.

Flask-Session loads a session when a request starts and saves it when the response leaves,
with no locking, so two requests of one session can undo each other's moves. Here:

- a request that may change the game (any method but GET/HEAD/OPTIONS) holds the session's
  lock from load to save, so load-change-save runs one request at a time per session;
- a read that still changed something small (a flashed message shown, a CSRF token made)
  saves only the keys it changed, merged into a fresh copy under the lock, so it can never
  write back an older game;
- a store that is down, or a session busy past the timeout, becomes a 503 page, and a save
  that fails turns the response into that page, so no move is acknowledged unless stored.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import re
import struct
import threading
import time
from datetime import timedelta
from typing import Any

import msgspec
import redis
from cachelib.file import FileSystemCache
from flask import (
    Flask,
    Request,
    Response,
    abort,
    has_request_context,
    make_response,
    request,
    session,
)
from flask_session.base import ServerSideSession
from flask_session.cachelib import CacheLibSessionInterface
from flask_session.redis import RedisSessionInterface

from .atomic_file import move_into_place
from .errors import render_error
from .locks import FileLocks, HeldRedisLock, Locks, RedisLocks, SessionLock

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
SID_BYTES = 32  # secrets.token_urlsafe(32): 256 random bits, 43 characters
_SID_PATTERN = re.compile(r"[A-Za-z0-9_-]{43}")
_LOCK_KEY = "webapp.session_lock"
_PREFETCHED_KEY = "webapp.session_prefetched"  # (store id, raw value) read with the lock
LOST_KEY = "webapp.session_lost"  # set when a stored session existed but could not be read
_READ_SIZE = 16384
_HEADER = struct.Struct("I")  # cachelib's file header: the expiry time, 0 for never
_encode = msgspec.msgpack.Encoder().encode


def _decode(data: bytes | memoryview) -> Any:
    try:
        return msgspec.msgpack.decode(data)
    except (msgspec.DecodeError, ValueError) as error:  # bad UTF-8 is a ValueError
        raise CorruptSession(str(error)) from error


def _decode_session(data: bytes | memoryview) -> dict[str, Any]:
    """A stored session, as either store keeps it; CorruptSession when it is not one."""
    value = _decode(data)
    if not isinstance(value, dict):
        raise CorruptSession("not a session")
    return value


class StoreUnavailable(Exception):
    """The session store could not be read or written."""


class CorruptSession(Exception):
    """A stored session exists but cannot be decoded."""


class SessionFileCache(FileSystemCache):
    """cachelib's file cache storing msgpack, not pickle: smaller, and loading runs no code.

    Reads and writes are our own, in cachelib's format (a 4-byte expiry time, then the data):
    one read per load, and a write that is only what makes it atomic, a private temporary
    file moved into place (see atomic_file). cachelib's own set also stats, chmods and stats
    again.
    """

    class _Serializer:
        # Only cachelib's own methods (get, add) use it; read and set below do not.
        def dump(self, value: Any, stream: Any) -> None:
            stream.write(_encode(value))

        def load(self, stream: Any) -> Any:
            return _decode(stream.read())

    serializer = _Serializer()  # type: ignore[assignment]

    def read(self, key: str) -> dict[str, Any] | None:
        """The stored dict, ``None`` if absent or expired; raises CorruptSession if unreadable."""
        try:
            data = _read_whole(self._get_filename(key))
        except FileNotFoundError:
            return None
        except (IsADirectoryError, NotADirectoryError) as error:
            raise CorruptSession(str(error)) from error
        except OSError as error:
            if error.errno == errno.ELOOP:  # a link where a session should be: never followed
                raise CorruptSession(str(error)) from error
            raise StoreUnavailable(str(error)) from error  # EACCES, EIO: the store is broken
        if len(data) < _HEADER.size:
            raise CorruptSession("truncated header")
        (expires,) = _HEADER.unpack_from(data)
        if expires != 0 and expires < time.time():
            return None
        return _decode_session(memoryview(data)[_HEADER.size :])

    def set(self, key: str, value: Any, timeout: Any = None, mgmt_element: bool = False) -> bool:
        """Store ``value`` atomically; False (and a log line) if the file cannot be written."""
        filename = self._get_filename(key)
        payload = _HEADER.pack(self._normalize_timeout(timeout)) + _encode(value)
        # One temporary name per process and thread; the suffix keeps sweeps away from it.
        temporary = f"{filename}.{os.getpid()}.{threading.get_ident()}{self._fs_transaction_suffix}"
        try:
            flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW
            descriptor = os.open(temporary, flags, self._mode or 0o600)
            try:
                unwritten = memoryview(payload)
                while unwritten:
                    unwritten = unwritten[os.write(descriptor, unwritten) :]
            finally:
                os.close(descriptor)
            move_into_place(temporary, filename)
        except OSError:
            logging.getLogger(__name__).warning("could not write %s", filename, exc_info=True)
            with contextlib.suppress(OSError):
                os.remove(temporary)
            return False
        return True

    def sweep_expired(self, now: float | None = None) -> int:
        """Delete the files of expired sessions; returns how many were removed."""
        now = time.time() if now is None else now
        removed = 0
        for entry in os.scandir(self._path):
            if not entry.is_file() or self._is_mgmt(entry.name):
                continue
            try:
                with open(entry.path, "rb") as stream:
                    header = stream.read(_HEADER.size)
                expired = len(header) == _HEADER.size and 0 < _HEADER.unpack(header)[0] < now
                if expired:
                    os.remove(entry.path)
                    removed += 1
            except FileNotFoundError:
                continue
        return removed


def _read_whole(filename: str) -> bytes:
    """The file's bytes in three system calls (open, read, close), where ``open().read()``
    makes seven; a session file fits in one read, larger ones take a few more."""
    descriptor = os.open(filename, os.O_RDONLY | os.O_NOFOLLOW)
    try:
        chunks = [os.read(descriptor, _READ_SIZE)]
        while len(chunks[-1]) == _READ_SIZE:
            chunks.append(os.read(descriptor, _READ_SIZE))
    finally:
        os.close(descriptor)
    return b"".join(chunks)


class _GuardedSessions:
    """Locking, merging and failure handling shared by the file and Redis session interfaces."""

    locks: Locks
    store_errors: tuple[type[BaseException], ...] = (StoreUnavailable,)

    def open_session(self, app: Flask, request: Request) -> ServerSideSession:
        """Load the session, first taking its lock when the request may change it."""
        interface: Any = self
        sid = request.cookies.get(app.config["SESSION_COOKIE_NAME"])
        if not sid or not _SID_PATTERN.fullmatch(sid) or _is_static(app, request):
            # Static files need no game: they never touch the store, so the 503 page keeps
            # its stylesheet while the store is down.
            return _fresh(interface)
        store_id = interface._get_store_id(sid)
        try:
            if request.method not in SAFE_METHODS:
                lock = self._lock(sid, store_id)
                if lock is None:
                    return _unavailable(interface, "busy")
                request.environ[_LOCK_KEY] = lock
            data = interface._retrieve_session_data(store_id)
        except CorruptSession:
            request.environ[LOST_KEY] = True
            with contextlib.suppress(*self.store_errors):
                interface._delete_session(store_id)  # unreadable for good: no use keeping it
            return _fresh(interface)
        except self.store_errors:
            _release(request)
            return _unavailable(interface, "down")
        if data is None:
            return _fresh(interface)
        loaded = interface.session_class(data, sid=sid)
        loaded.stored = dict(data)
        return loaded

    def _lock(self, sid: str, store_id: str) -> SessionLock | None:
        """Take the session's lock before it is loaded from ``store_id``."""
        return self.locks.acquire(sid)

    def save_session(self, app: Flask, session: ServerSideSession, response: Response) -> None:
        """Save while still holding the lock; a read saves only what it changed, merged."""
        base: Any = super()
        try:
            if getattr(session, "unavailable", None):
                return
            if not session.modified and not base.should_set_storage(app, session):
                # A read that changed nothing: no write, no cookie; only what Flask-Session
                # would add, without its header parsing.
                if session.accessed:
                    _vary_on_cookie(response)
                return
            stored = getattr(session, "stored", None)
            if _LOCK_KEY in request.environ or stored is None or not session.modified:
                base.save_session(app, session, response)
                return
            lock = self.locks.acquire(session.sid)
            if lock is None:
                return  # only a shown message or a token was at stake; the game is safe
            try:
                base.save_session(app, _merged(self, session, stored), response)
            finally:
                lock.release()
        except self.store_errors:
            _become_unavailable(response)
        finally:
            _release(request)


class FileSessions(_GuardedSessions, CacheLibSessionInterface):
    """Sessions as files in ``SESSION_DIR``, locked with flock."""

    cache: SessionFileCache

    def _retrieve_session_data(self, store_id: str) -> dict[str, Any] | None:
        return self.cache.read(store_id)

    def _upsert_session(
        self, session_lifetime: timedelta, session: ServerSideSession, store_id: str
    ) -> None:
        # cachelib reports a failed write by returning False; a move must not be acknowledged.
        timeout = int(session_lifetime.total_seconds())
        if not self.cache.set(store_id, dict(session), timeout=timeout):
            raise StoreUnavailable("the session file could not be written")


class RedisSessions(_GuardedSessions, RedisSessionInterface):
    """Sessions in Redis with its own expiry, shared by several app servers.

    A move costs two round trips: the lock is taken and the game read in one pipeline, and
    the game written and the lock released in another.
    """

    store_errors = (StoreUnavailable, redis.RedisError)
    locks: RedisLocks

    def _lock(self, sid: str, store_id: str) -> SessionLock | None:
        lock, stored = self.locks.acquire_and_get(sid, store_id)
        if lock is not None:
            request.environ[_PREFETCHED_KEY] = (store_id, stored)
        return lock

    def _retrieve_session_data(self, store_id: str) -> dict[str, Any] | None:
        prefetched = request.environ.pop(_PREFETCHED_KEY, None) if has_request_context() else None
        if prefetched is not None and prefetched[0] == store_id:
            raw = prefetched[1]
        else:
            raw = self.client.get(store_id)
        return None if raw is None else _decode_session(raw)

    def _upsert_session(
        self, session_lifetime: timedelta, session: ServerSideSession, store_id: str
    ) -> None:
        pipe = self.client.pipeline(transaction=False)
        pipe.set(store_id, _encode(dict(session)), ex=int(session_lifetime.total_seconds()))
        lock = request.environ.get(_LOCK_KEY) if has_request_context() else None
        if isinstance(lock, HeldRedisLock):
            lock.release_after(pipe)  # the game is written first, then the lock let go
        pipe.execute()


def init_app(app: Flask) -> None:
    """Choose the store (the one place that does), and refuse requests it cannot serve."""
    options: dict[str, Any] = {"permanent": True, "sid_length": SID_BYTES}
    interface: FileSessions | RedisSessions
    if app.config["REDIS_URL"]:
        timeout = float(app.config["REDIS_TIMEOUT"])
        client = redis.Redis.from_url(
            app.config["REDIS_URL"], socket_timeout=timeout, socket_connect_timeout=timeout
        )
        interface = RedisSessions(app, client=client, key_prefix="session:", **options)
        interface.locks = RedisLocks(client, float(app.config["SESSION_LOCK_TIMEOUT"]))
    else:
        directory = app.config["SESSION_DIR"]
        os.makedirs(directory, mode=0o700, exist_ok=True)
        os.chmod(directory, 0o700)  # the store is private: nobody else may read or plant games
        # threshold=0: cachelib never evicts a live game; expired files go in the sweeper.
        cache = SessionFileCache(directory, threshold=0, mode=0o600)
        interface = FileSessions(app, client=cache, **options)
        locks_dir = directory.rstrip("/") + "-locks"
        interface.locks = FileLocks(locks_dir, float(app.config["SESSION_LOCK_TIMEOUT"]))
    app.session_interface = interface
    app.before_request(_refuse_unavailable)
    app.teardown_request(lambda error: _release(request))


def _refuse_unavailable() -> None:
    reason = getattr(session, "unavailable", None)
    if reason:
        abort(503, description=reason)


def _is_static(app: Flask, req: Request) -> bool:
    prefix = app.static_url_path
    return prefix is not None and req.path.startswith(prefix + "/")


def _fresh(interface: Any) -> ServerSideSession:
    session: ServerSideSession = interface.session_class(
        sid=interface._generate_sid(SID_BYTES), permanent=True
    )
    return session


def _unavailable(interface: Any, reason: str) -> ServerSideSession:
    session = _fresh(interface)
    session.unavailable = reason
    return session


def _merged(interface: Any, session: ServerSideSession, stored: dict[str, Any]) -> Any:
    """A fresh copy of the stored session with only this request's changes applied."""
    fresh = interface._retrieve_session_data(interface._get_store_id(session.sid)) or {}
    current = dict(session)
    for key in stored.keys() - current.keys():
        fresh.pop(key, None)
    fresh.update({k: v for k, v in current.items() if k not in stored or stored[k] != v})
    merged = interface.session_class(fresh, sid=session.sid)
    merged.modified = True
    merged.accessed = session.accessed
    return merged


def _vary_on_cookie(response: Response) -> None:
    if "Vary" in response.headers:
        response.vary.add("Cookie")
    else:
        response.headers["Vary"] = "Cookie"


def _release(req: Request) -> None:
    lock: SessionLock | None = req.environ.pop(_LOCK_KEY, None)
    if lock is not None:
        lock.release()


def _become_unavailable(response: Response) -> None:
    """Turn the response into the 503 page (JSON under /api/): nothing it claimed was stored.

    Flask-Session saves from inside Flask's response processing, so the response object
    itself is changed, taking the body of the usual error page.
    """
    page = make_response(render_error(503))
    response.status_code = 503
    response.headers.pop("Location", None)
    response.headers.pop("Set-Cookie", None)
    response.content_type = page.content_type
    response.set_data(page.get_data())
