"""CSRF checks on every request that may change something: Flask-WTF's, each token checked once.

Flask-WTF checks a POST by unsigning the form's token (an HMAC and a timestamp, about 40 µs)
and comparing what it carries with the session's raw token. While tokens never expire
(``WTF_CSRF_TIME_LIMIT`` is ``None``), a signature verified once under one secret key says
the same thing every time, so a verified token is remembered with the raw token it carries,
and later requests compare raw tokens only (in constant time). Anything else (a token seen
for the first time, a time limit, HTTPS with the strict referrer check, a wrong token) goes
through Flask-WTF unchanged, as do its error responses. GET requests return from the hook
at once.
"""

from __future__ import annotations

import contextlib
import hmac

from flask import Flask, current_app, g, request, session
from flask_wtf.csrf import CSRFProtect

_MAX_VERIFIED = 10_000
_verified: dict[tuple[str, str], str] = {}  # (secret key, signed token) -> its raw token


def init_app(app: Flask) -> None:
    """Protect every unsafe method, remembering the tokens Flask-WTF has verified."""
    app.config["WTF_CSRF_CHECK_DEFAULT"] = False  # our hook below calls Flask-WTF instead
    protection = CSRFProtect(app)
    unsafe = frozenset(app.config["WTF_CSRF_METHODS"])

    @app.before_request
    def check_csrf() -> None:
        if request.method not in unsafe or not current_app.config["WTF_CSRF_ENABLED"]:
            return
        key = _cache_key()
        raw = session.get(current_app.config["WTF_CSRF_FIELD_NAME"])
        known = _verified.get(key) if key else None
        if known is not None and isinstance(raw, str) and hmac.compare_digest(known, raw):
            g.csrf_valid = True  # what Flask-WTF sets after a successful check
            return
        protection.protect(apply_exemptions=True)  # raises (an error page) if the token is bad
        if key and g.get("csrf_valid") and isinstance(raw, str):
            remember(_verified, key, raw, _MAX_VERIFIED)


def remember(
    table: dict[tuple[str, str], str], key: tuple[str, str], value: str, limit: int
) -> None:
    """Keep ``value`` under ``key`` in a per-process table of tokens, forgetting the oldest
    entry once it holds ``limit``."""
    if len(table) >= limit:
        # The oldest; another thread may be changing the dict under a threaded server.
        with contextlib.suppress(RuntimeError, StopIteration):
            table.pop(next(iter(table)), None)
    table[key] = value


def _cache_key() -> tuple[str, str] | None:
    """(secret key, signed token) when this request's token may be checked from memory."""
    config = current_app.config
    if config["WTF_CSRF_TIME_LIMIT"] is not None:
        return None
    if request.is_secure and config["WTF_CSRF_SSL_STRICT"]:
        return None  # the referrer must be checked on every request
    field = config["WTF_CSRF_FIELD_NAME"]
    token = request.form.get(field)
    if not token and any(name.endswith(field) for name in request.form):
        return None  # a prefixed form field, which Flask-WTF reads before the headers
    for header in config["WTF_CSRF_HEADERS"]:
        token = token or request.headers.get(header)
    if not token:
        return None
    secret = config.get("WTF_CSRF_SECRET_KEY") or current_app.secret_key
    return (str(secret), token)
