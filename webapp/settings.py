"""Settings: defaults, ``FLASK_*`` environment overrides, the instance secret key, Redis."""

from __future__ import annotations

import os
import secrets
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import redis
from flask import Flask
from redis.backoff import NoBackoff
from redis.cluster import RedisCluster
from redis.retry import Retry

# The app's Redis client: one server, or a cluster (REDIS_CLUSTER) through redis-py's own
# cluster client, which finds every node from the one REDIS_URL names.
RedisClient = redis.Redis | RedisCluster

DEFAULTS: dict[str, Any] = {
    # The SQLite file of matches and the directory of session files; relative to instance/.
    "DATABASE": "matches.sqlite",
    "SESSION_DIR": "sessions",
    # Set to redis://host:port/db to share matches and sessions between several app servers.
    "REDIS_URL": None,
    # The clock of move clocks, presence and pairing (web/timing.py); tests give their own.
    "CLOCK": time.time,
    # true: REDIS_URL names any node of a Redis Cluster, for sites that outgrow one Redis.
    "REDIS_CLUSTER": False,
    "REDIS_TIMEOUT": 0.5,  # seconds; a dead Redis answers with a 503 page quickly
    # Seconds before a Redis lock left behind (a paused Redis, a dead server) frees itself.
    "REDIS_LOCK_EXPIRY": 0.8,
    "SESSION_COOKIE_NAME": "ttt_session",
    "SESSION_COOKIE_HTTPONLY": True,
    "SESSION_COOKIE_SAMESITE": "Lax",
    "SESSION_COOKIE_SECURE": False,  # set FLASK_SESSION_COOKIE_SECURE=true behind HTTPS
    # A read never rewrites the session: only requests that change something save it.
    "SESSION_REFRESH_EACH_REQUEST": False,
    "SESSION_KEY_PREFIX": "session:",
    # A match expires this long after its last change (seconds, or a timedelta).
    "MATCH_LIFETIME": timedelta(days=30),
    # The CSRF token lives as long as the session, so an old open tab still works.
    "WTF_CSRF_TIME_LIMIT": None,
    "MAX_CONTENT_LENGTH": 16 * 1024,
    "STORE_LOCK_TIMEOUT": 5.0,  # seconds to wait for a match busy with another request
    # Live boards: the streams one worker process keeps open at once (each a parked greenlet,
    # below WEB_CONNECTIONS, webapp/serving.py; its cost is in docs/performance.md, "Ten
    # thousand watchers"), how long one lasts before the browser reconnects, and the seconds
    # between two writes on an idle stream (a stream learns that its browser left only when a
    # write fails).
    # Limits per client address (Flask-Limiter's notation): new matches and invites, and
    # the posts of browsers with no stored session yet, each of which stores one. PROXIES is
    # how many proxies in front add X-Forwarded-For (1 behind nginx): their addresses are
    # trusted, or every client would share the proxy's.
    "LIMITS": True,
    "LIMIT_CREATE": "30 per minute; 300 per hour",
    "LIMIT_ARENAS": "5 per minute; 20 per hour",
    "LIMIT_NEW_SESSIONS": "20 per minute; 200 per hour",
    "LIMIT_NAMES": "5 per minute; 30 per hour",
    "PROXIES": 0,
    "STREAMS": 100,
    # Of those, how many one client address (an IPv6 /64) and one browser may hold: one
    # address holding every stream left the others none.
    "STREAMS_PER_ADDRESS": 10,
    "STREAMS_PER_SESSION": 4,
    "STREAM_LIFETIME": 300.0,
    "HEARTBEAT": 10.0,
    # The site's own arenas: one is always coming; the first starts this many seconds after
    # it is first asked for, each next one when the one before ends.
    "ARENA_LENGTH": 300,
    "ARENA_CLOCK": 10,
    "ARENA_FIRST_IN": 60,
    "ARENA_GRACE": 15,  # seconds more for an arena game's first move: the players come to it
    # Seconds two players who just met wait for another opponent before they meet again: the
    # pairs of an arena of an even number would otherwise never change (lichess pairs in waves).
    "ARENA_REMATCH_WAIT": 3.0,
    # Seconds between two passes of each worker's settler over the running arenas' clocks
    # (web/cycle/settler.py): a game ends within about this long of its deadline. 0: none.
    "ARENA_SETTLE_EVERY": 0.5,
    # Seconds between a process's looks at the games being played now, for /live's streams.
    "LIVE_EVERY": 1.0,
    # Quick pairing: the seconds a seeker waits before the computer is offered, and the
    # seconds per move of a paired match.
    "PAIR_PATIENCE": 60,
    "PAIR_CLOCK": 30,
    # Operations (docs/operations.md). Seconds /readyz waits for SQLite's write lock.
    "READY_TIMEOUT": 1.0,
    # The log lines' format: "json", "text", or "auto" (text when stderr is a terminal).
    "LOG_FORMAT": "auto",
    # A port of its own for /metrics, served by gunicorn's master, and its address; without
    # one, /metrics is on the app's port, for loopback clients only.
    "METRICS_PORT": None,
    "METRICS_HOST": "127.0.0.1",
}

_SECRET_KEY_FILE = "secret_key"


def configure(app: Flask, test_config: dict[str, Any] | None) -> None:
    """Apply defaults, then the environment (or ``test_config``), then derived paths and keys."""
    app.config.from_mapping(DEFAULTS)
    if test_config is None:
        app.config.from_prefixed_env()
    else:
        app.config.from_mapping(test_config)
    lifetime = app.config["MATCH_LIFETIME"]
    if not isinstance(lifetime, timedelta):
        lifetime = app.config["MATCH_LIFETIME"] = timedelta(seconds=int(lifetime))
    # A change renews its session's expiry at most once a day (web/cycle/matches.py), so a session
    # lives a day longer than its match and never expires before it.
    app.config["PERMANENT_SESSION_LIFETIME"] = lifetime + timedelta(days=1)
    instance = Path(app.instance_path)
    instance.mkdir(parents=True, exist_ok=True)
    for name in ("DATABASE", "SESSION_DIR"):
        app.config[name] = str(instance / app.config[name])
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = instance_secret_key(instance)


def instance_secret_key(instance: Path) -> str:
    """The key kept in the instance folder, created once so sessions survive a restart.

    Several workers may start at once: the key is written to a private temporary file and
    linked into place, which fails for all but the first, and everyone reads the winner's key.
    """
    path = instance / _SECRET_KEY_FILE
    if not path.exists():
        temporary = instance / f".{_SECRET_KEY_FILE}.{os.getpid()}.{secrets.token_hex(4)}"
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as handle:
            handle.write(secrets.token_hex(32))
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass
        finally:
            temporary.unlink()
    return path.read_text().strip()


def redis_client(config: dict[str, Any]) -> RedisClient | None:
    """The Redis client of ``REDIS_URL`` (a cluster's if ``REDIS_CLUSTER``), or ``None``.

    Every command gives up after ``REDIS_TIMEOUT`` and a timeout is not retried (redis-py
    retries three times by default), so a paused or unreachable Redis is a quick 503 page. A
    broken connection is retried once, on a new one: after Redis restarts, every pooled
    connection is broken.
    """
    if not config["REDIS_URL"]:
        return None
    if config.get("REDIS_CLUSTER"):
        return RedisCluster.from_url(config["REDIS_URL"], **redis_options(config))
    return redis.Redis.from_url(config["REDIS_URL"], **redis_options(config))


def limits_storage(config: dict[str, Any]) -> str:
    """Flask-Limiter's storage URI: the app's Redis (``redis+cluster://`` for a cluster, from
    the node REDIS_URL names), or memory."""
    url = config["REDIS_URL"]
    if not url:
        return "memory://"
    if not config.get("REDIS_CLUSTER"):
        return str(url)
    scheme, _, rest = str(url).partition("://")
    return f"{scheme}+cluster://{rest.split('/', 1)[0]}"


def redis_options(config: dict[str, Any]) -> dict[str, Any]:
    """The options of every Redis client of the app (redis-py's): the timeouts and retries
    that redis_client describes."""
    timeout = float(config["REDIS_TIMEOUT"])
    return {
        "socket_timeout": timeout,
        "socket_connect_timeout": timeout,
        "retry": Retry(NoBackoff(), 1, supported_errors=(redis.ConnectionError,)),
    }
