"""Limits on what one client can create, matches and invites and sessions (Flask-Limiter)."""

from __future__ import annotations

from flask import Flask, current_app, request
from flask_limiter import Limit, Limiter
from flask_limiter.util import get_remote_address
from werkzeug.middleware.proxy_fix import ProxyFix

from ... import settings
from . import sessions


def _new_sessions() -> str:
    """The limit on posts that store a new session, as the settings say."""
    return str(current_app.config["LIMIT_NEW_SESSIONS"])


def _has_a_session() -> bool:
    """Requests that create no session: reads, and posts of a browser whose session was
    found in the store."""
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return True
    return sessions.stored()


# Counted per client address: in Redis when it is the store (every app server counts the
# same), else in each process's memory. The settings are read at each request (callables),
# not when the first app is made: one limiter serves every app of a process. New sessions are
# one count shared by every route (a plain default limit counts each route apart, each giving
# another LIMIT_NEW_SESSIONS), kept on the routes with a limit of their own too.
limiter = Limiter(
    get_remote_address,
    default_limits=[
        Limit(_new_sessions, scope="sessions", shared=True, exempt_when=_has_a_session)
    ],
    headers_enabled=True,
    strategy="moving-window",
)


def init_app(app: Flask) -> None:
    """Count in the match store's Redis, or in memory; trust ``PROXIES`` proxies' addresses."""
    app.config.setdefault("RATELIMIT_STORAGE_URI", settings.limits_storage(app.config))
    app.config.setdefault("RATELIMIT_ENABLED", app.config["LIMITS"])
    if app.config["REDIS_URL"]:
        # The same timeouts as the match store's client: without them, a paused Redis held a
        # counted request until it came back.
        app.config.setdefault("RATELIMIT_STORAGE_OPTIONS", settings.redis_options(app.config))
    # A limit store that fails is the 503 page (errors.py), at once: it is the match store's
    # Redis, and a request let through would wait out that store's timeout as well.
    app.config.setdefault("RATELIMIT_SWALLOW_ERRORS", False)
    proxies = int(app.config["PROXIES"])
    if proxies:  # behind a proxy, every request comes from the proxy's own address
        # Only the client's address and scheme: a Host taken from X-Forwarded-Host would let a
        # client choose the host of every link the pages write.
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies
        )
    limiter.init_app(app)


def _creating() -> str:
    """The limit on new matches and invites, as the settings say."""
    return str(current_app.config["LIMIT_CREATE"])


# New matches and invites (the setup form, the mode bar, POST /api/new) share one count. No
# request is exempt, whatever its fields say: a field the client sends cannot tell what it will
# create. A view that creates only on some of its paths (the mode bar's Restart creates
# nothing) leaves the decorator off and counts with ``with creating:`` around the part that
# creates, as Flask-Limiter documents for a block inside a view.
creating = limiter.shared_limit(_creating, scope="create", override_defaults=False)


def _naming() -> str:
    """The limit on drawing another name, as the settings say."""
    return str(current_app.config["LIMIT_NAMES"])


# Drawing another name (the settings page's button, POST /api/name) shares one count per
# client address: without it, a client redraws until it holds the name it wants (a leader's).
naming = limiter.shared_limit(_naming, scope="name", override_defaults=False)


def _arenas() -> str:
    """The limit on new arenas, as the settings say."""
    return str(current_app.config["LIMIT_ARENAS"])


# New arenas, on top of the limit on new matches: each is followed by every worker's settler
# of clocks (cycle/settler.py) until it ends, which may be a week after it was made.
arenas = limiter.shared_limit(_arenas, scope="arenas", override_defaults=False)
