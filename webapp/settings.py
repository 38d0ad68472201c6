"""Settings: defaults, ``FLASK_*`` environment overrides, and the instance secret key."""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask

DEFAULTS: dict[str, Any] = {
    # Where the file store keeps one file per session; relative paths are under instance/.
    "SESSION_DIR": "sessions",
    # Set to redis://host:port/db to share games between several app servers.
    "REDIS_URL": None,
    "REDIS_TIMEOUT": 0.5,  # seconds; a dead Redis answers with a 503 page quickly
    "SESSION_COOKIE_NAME": "ttt_session",
    "SESSION_COOKIE_HTTPONLY": True,
    "SESSION_COOKIE_SAMESITE": "Lax",
    "SESSION_COOKIE_SECURE": False,  # set FLASK_SESSION_COOKIE_SECURE=true behind HTTPS
    # A read must never rewrite the session: only requests that change the game save it.
    "SESSION_REFRESH_EACH_REQUEST": False,
    "PERMANENT_SESSION_LIFETIME": timedelta(days=30),
    # The CSRF token lives as long as the session, so an old open tab still works.
    "WTF_CSRF_TIME_LIMIT": None,
    "MAX_CONTENT_LENGTH": 16 * 1024,
    "SESSION_LOCK_TIMEOUT": 10.0,  # seconds to wait for a session busy with another request
    "SESSION_SWEEP_INTERVAL": 3600,  # seconds between sweeps of expired session files
}

_SECRET_KEY_FILE = "secret_key"


def configure(app: Flask, test_config: dict[str, Any] | None) -> None:
    """Apply defaults, then the environment (or ``test_config``), then derived paths and keys."""
    app.config.from_mapping(DEFAULTS)
    if test_config is None:
        app.config.from_prefixed_env()
    else:
        app.config.from_mapping(test_config)
    lifetime = app.config["PERMANENT_SESSION_LIFETIME"]
    if not isinstance(lifetime, timedelta):
        app.config["PERMANENT_SESSION_LIFETIME"] = timedelta(seconds=int(lifetime))
    instance = Path(app.instance_path)
    instance.mkdir(parents=True, exist_ok=True)
    app.config["SESSION_DIR"] = str(instance / app.config["SESSION_DIR"])
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
