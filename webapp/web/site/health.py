"""Health checks for proxies and orchestrators: /livez (the process serves) and /readyz (the
match store and the session store answer)."""

from __future__ import annotations

import contextlib
import sqlite3
import tempfile
from urllib.request import pathname2url

from flask import Blueprint, Flask, Response, current_app, jsonify
from redis.cluster import RedisCluster

from ...settings import RedisClient
from ...store import REDIS_ERRORS, RedisStore, SQLiteStore
from . import sessions
from .limits import limiter

bp = Blueprint("health", __name__)
# A probe may come every second from every proxy: it never opens a session, sets a cookie or
# counts against a client's limits.
SESSIONLESS = {"health.livez", "health.readyz"}


def init_app(app: Flask) -> None:
    """Serve the two checks, outside sessions and limits."""
    sessions.SESSIONLESS.update(SESSIONLESS)
    limiter.exempt(bp)
    app.register_blueprint(bp)


@bp.get("/livez")
def livez() -> Response:
    """200 while this process answers requests; it checks nothing else, so that a store outage
    makes the server not ready (taken out of rotation) rather than restarted."""
    answer = Response("ok\n", mimetype="text/plain")
    answer.cache_control.no_store = True
    return answer


@bp.get("/readyz")
def readyz() -> tuple[Response, int]:
    """200 when both stores answer, else 503 naming each part that failed and how."""
    failed: dict[str, str] = {}
    for part, check in (("matches", _check_matches), ("sessions", _check_sessions)):
        try:
            check()
        except (OSError, sqlite3.Error, *REDIS_ERRORS) as error:
            # The body names the kind of failure; the message (paths, hosts) goes to the log.
            failed[part] = type(error).__name__
            current_app.logger.warning("not ready: %s: %s", part, error)
    answer = jsonify(status="unavailable" if failed else "ready", failed=failed)
    answer.cache_control.no_store = True
    return answer, 503 if failed else 200


def _check_matches() -> None:
    """The match store takes a write: SQLite's write lock and a write rolled back, or Redis's
    PING within its timeout."""
    store = current_app.extensions["match_store"]
    if isinstance(store, RedisStore):
        _ping(store.client)
    elif isinstance(store, SQLiteStore):
        _sqlite_writable(store.path, float(current_app.config["READY_TIMEOUT"]))


def _check_sessions() -> None:
    """The session store takes a write: a file in the session folder, or Redis's PING."""
    config = current_app.config
    if config["SESSION_TYPE"] == "redis":
        _ping(config["SESSION_REDIS"])
    else:
        # Unbuffered, so a full disk fails the write here, not at close.
        with tempfile.TemporaryFile(dir=config["SESSION_DIR"], buffering=0) as probe:
            probe.write(b".")


def _ping(client: RedisClient) -> None:
    """PING, within the client's socket timeout (settings.REDIS_TIMEOUT); raises if none. A
    cluster is ready when each of its masters answers (every slot has its master)."""
    if isinstance(client, RedisCluster):
        client.ping(target_nodes=RedisCluster.PRIMARIES)
    else:
        client.ping()


def _sqlite_writable(path: str, timeout: float) -> None:
    """Take SQLite's write lock on a connection of our own, and write nothing.

    A connection to a file it cannot write opens read-only, and BEGIN IMMEDIATE can still
    succeed on it: the empty DELETE is what fails then, as in the store's own check. mode=rw:
    a database that has gone is reported, not created anew and empty.
    """
    uri = path if path.startswith("file:") else f"file:{pathname2url(path)}?mode=rw"
    db = sqlite3.connect(uri, timeout=timeout, isolation_level=None, uri=True)
    with contextlib.closing(db):
        try:
            db.execute("BEGIN IMMEDIATE")
            db.execute("DELETE FROM matches WHERE 0")
        finally:
            if db.in_transaction:
                db.execute("ROLLBACK")
