"""Flask-Session set up as its documentation shows (msgpack files by default, Redis for several
servers, never pickle), storing nothing for a visitor who has only looked."""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets
import time
import warnings
from typing import IO, Any

import msgspec
from cachelib.file import FileSystemCache
from cachelib.serializers import FileSystemSerializer
from flask import Flask, Request, Response, current_app, g, has_request_context, request
from flask.sessions import SessionMixin
from flask_session import Session
from redis.cluster import RedisCluster

from ...settings import RedisClient
from ...store import REDIS_ERRORS, StoreUnavailable

# A visitor who has only looked (GET /, /new, /api/game…) has a session that holds nothing but
# its CSRF token, and storing it would keep a file (or a key) for 30 days per look. That
# token is instead derived from a random id in a cookie of its own, so every look of the same
# browser gets the same token, and its first post is accepted; the session is stored once it
# holds anything else (a match, a message).
VISITOR_COOKIE = "ttt_visitor"
_VISITOR_ID = re.compile(r"[A-Za-z0-9_-]{43}")  # secrets.token_urlsafe(32)
# Endpoints that never use the session (health checks, metrics): no visitor id, no cookie.
SESSIONLESS: set[str] = set()

MATCH_KEY = "match"  # the session's key of the match it is at (cycle/matches.py)
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
# The request's ``flask.g`` object itself (its class is private to Flask), passed down by the
# request path (site/path.py) so that each step looks it up once.
Globals = Any


class MsgpackFiles(FileSystemSerializer):
    """cachelib's file serializer (its public ``serializer`` attribute), msgpack for pickle, so
    reading a session file never runs code; an unreadable file is no session."""

    def dump(self, value: Any, stream: IO[bytes], protocol: int = 0) -> None:
        """Write Flask-Session's dict as msgpack."""
        stream.write(msgspec.msgpack.encode(value))

    def load(self, stream: IO[bytes]) -> Any:
        """The dict, or ``None`` (a fresh session) when the bytes are not one we wrote."""
        return decode(stream.read())


class MsgpackOnly:
    """Flask-Session's serializer (its public ``serializer`` attribute) without the pickle
    fallback that Flask-Session 0.8 still tries on data it cannot decode."""

    def encode(self, session: Any) -> bytes:
        """The session as msgpack."""
        return msgspec.msgpack.encode(dict(session))

    def decode(self, data: bytes) -> Any:
        """The session's dict, or ``None`` (a fresh session) for bytes we did not write."""
        return decode(data)


def decode(data: bytes) -> dict[str, Any] | None:
    """A session written as msgpack, or ``None`` for anything else; never unpickles."""
    try:
        value = msgspec.msgpack.decode(data)
    except (msgspec.DecodeError, ValueError):  # bad UTF-8 is a ValueError
        return None
    return value if isinstance(value, dict) else None


def init_app(app: Flask, client: RedisClient | None) -> None:
    """Keep sessions in Redis through ``client``, or else as files in ``SESSION_DIR``."""
    if client is not None:
        app.config.update(SESSION_TYPE="redis", SESSION_REDIS=client)
    else:
        _file_sessions(app)
    with warnings.catch_warnings():
        # Flask-Session 0.8 takes only a redis.Redis: given a cluster's client it warns and
        # makes a client of localhost (never connected), replaced by the cluster's just below
        # through the interface's public ``client``.
        warnings.filterwarnings("ignore", "No valid Redis instance", RuntimeWarning)
        Session(app)
    interface: Any = app.session_interface
    if isinstance(client, RedisCluster):
        interface.client = client
    interface.serializer = MsgpackOnly()
    stores = interface.should_set_storage  # Flask-Session's public hook, kept for the rest

    def should_set_storage(app: Flask, session: Any) -> bool:
        # "_permanent" is Flask's own mark of a permanent session, not something it holds.
        kept = set(session) - {"_permanent"}
        looked_only = not stored() and kept <= {_token_key(app)}
        return not looked_only and bool(stores(app, session))

    interface.should_set_storage = should_set_storage
    opens = interface.open_session

    def open_session(app: Flask, request: Request) -> Any:
        # A store that cannot be read is this request's 503, told in one line by the error
        # handler: raised from here, Flask would log a traceback, then another as it failed to
        # save the session it never had. None is Flask's null session, which is never saved.
        try:
            return opens(app, request)
        except REDIS_ERRORS as error:
            g.session_error = error
            return None

    interface.open_session = open_session
    interface.get_cookie_secure = secure_cookies  # Flask's public hook for the Secure flag


def _make_private(app: Flask, directory: str) -> None:
    """Make the session directory, private (nobody else may read or plant sessions). One
    that cannot be made private now (a folder of another owner, an immutable one) is said in
    the log, and the app starts anyway: a worker that failed to start here took the whole
    server down."""
    try:
        os.makedirs(directory, mode=0o700, exist_ok=True)
        os.chmod(directory, 0o700)
    except OSError as error:
        mode = _mode(directory)
        shared = "" if mode is None or not mode & 0o077 else f", open to others (mode {mode:o})"
        app.logger.warning("the session directory could not be made private: %s%s", error, shared)


def _mode(directory: str) -> int | None:
    """The permission bits of ``directory``, or ``None`` if it cannot be looked at."""
    try:
        return os.stat(directory).st_mode & 0o777
    except OSError:
        return None


def refuse_unwritable(req: Request, directory: str) -> None:
    """The 503 page for a post while the session ``directory`` cannot be written (read-only,
    immutable, removed): it is checked in one cheap call, before anything changes. cachelib
    logs a write that failed and goes on, and the player would lose what the session holds
    (their seat): a post is refused before it changes anything instead."""
    if req.method in SAFE_METHODS:
        return
    if not os.access(directory, os.W_OK):
        raise StoreUnavailable("the session directory cannot be written")


def _file_sessions(app: Flask) -> None:
    """Keep sessions as files in ``SESSION_DIR``, private to this user."""
    directory = app.config["SESSION_DIR"]
    _make_private(app, directory)
    # threshold=0: cachelib's default of 500 deletes sessions past the 500th, silently.
    cache = FileSystemCache(directory, threshold=0, mode=0o600)
    cache.serializer = MsgpackFiles()
    app.config.update(SESSION_TYPE="cachelib", SESSION_CACHELIB=cache)


def _token_key(app: Flask) -> str:
    """Where Flask-WTF keeps the raw CSRF token in the session."""
    return str(app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token"))


def opened(app: Flask, req: Request, here: Globals, kept: SessionMixin) -> None:
    """The session as the request found it: the 503 page when it could not be read (but for
    the static files it links to), else the visitor's CSRF token in a session that has none
    (nothing stored for this browser). ``here`` is the request's ``g``, ``kept`` its session."""
    error = here.get("session_error")
    if error is not None:
        if req.endpoint != "static":
            raise StoreUnavailable(f"the session could not be read: {error}") from error
        return  # a static file, served without a session
    key = _token_key(app)
    if key in kept or req.endpoint in SESSIONLESS:
        return
    visitor = req.cookies.get(VISITOR_COOKIE, "")
    if not _VISITOR_ID.fullmatch(visitor):
        visitor = here.new_visitor = secrets.token_urlsafe(32)
    here.visitor = visitor
    secret = str(app.secret_key).encode()
    kept[key] = hmac.new(secret, b"csrf:" + visitor.encode(), hashlib.sha256).hexdigest()
    here.looked_only = True


def first_stored(app: Flask, here: Globals, kept: SessionMixin) -> bool:
    """Whether this request stores a session (``kept``) for the first time: none was found in
    the store (``here``, the request's ``g``, says), and it now holds more than its token."""
    if not here.get("looked_only", False):
        return False
    return bool(set(kept) - {"_permanent", _token_key(app)})


def stored() -> bool:
    """Whether this request's session was found in the store (a cookie alone, made up or
    expired, is no stored session)."""
    return not g.get("looked_only", False)


def visitor_id() -> str | None:
    """The visitor id of a browser that has never had a session stored (it sends no session
    cookie), or ``None``. Requests sent at once by such a browser share it, not a session id,
    which is new at each of its requests. A browser whose session was lost or cannot be read
    starts afresh, under a new session id, as before."""
    if request.cookies.get(current_app.config["SESSION_COOKIE_NAME"]):
        return None
    return visitor()


def visitor() -> str | None:
    """The visitor id this request's browser was given, when it has no stored session."""
    given: str | None = g.get("visitor")
    return given


def secure_cookies(app: Flask) -> bool:
    """Whether this request's cookies are ``Secure``: always with SESSION_COOKIE_SECURE, else
    when the request came over HTTPS (behind a proxy, as its X-Forwarded-Proto says when
    FLASK_PROXIES trusts it), so a cookie set over HTTPS is never sent in the clear."""
    return bool(app.config["SESSION_COOKIE_SECURE"]) or (
        has_request_context() and request.is_secure
    )


def visitor_cookie(app: Flask, here: Globals, response: Response) -> None:
    """Set the cookie of a new visitor (noted in ``here``, the request's ``g``), as the
    session's cookie is set."""
    visitor = here.get("new_visitor")
    if visitor:
        response.set_cookie(
            VISITOR_COOKIE,
            visitor,
            max_age=int(app.permanent_session_lifetime.total_seconds()),
            httponly=True,
            secure=secure_cookies(app),
            samesite=app.config["SESSION_COOKIE_SAMESITE"],
        )
        response.vary.add("Cookie")


def sweep_files(directory: str, lifetime: float) -> int:
    """Delete the session files not written for longer than ``lifetime`` seconds: cachelib
    never deletes an expired file it is not asked for, and with threshold=0 it prunes none."""
    oldest, removed = time.time() - lifetime, 0
    for entry in os.scandir(directory):
        try:
            if entry.is_file(follow_symlinks=False) and entry.stat().st_mtime < oldest:
                os.remove(entry.path)
                removed += 1
        except FileNotFoundError:
            continue
    return removed
