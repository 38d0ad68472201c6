"""Requests whose Host header Werkzeug cannot use get the 400 page instead of a 500."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from wsgiref.types import StartResponse, WSGIApplication, WSGIEnvironment

from flask import Flask, Request
from werkzeug.exceptions import BadHost
from werkzeug.urls import uri_to_iri

# Where a refused request's unusable Host is kept, and the host its page is rendered under.
BAD_HOST = "webapp.bad_host"
STAND_IN = "localhost"


def init_app(app: Flask) -> None:
    """Check the Host of every request before Flask reads it (the request path refuses a bad
    one: ``refuse_bad_host``)."""
    # Middleware as Flask documents it; mypy takes the method for a plain attribute.
    app.wsgi_app = _checking_hosts(app.wsgi_app)  # type: ignore[method-assign,assignment]


@functools.lru_cache(maxsize=256)  # a server sees few hosts; a flood of made-up ones evicts
def usable(host: str) -> bool:
    """Whether Werkzeug can use ``host``: bind the URL map to it (IDNA: no label empty or over
    63 characters) and write it into a link (valid punycode, a numeric port)."""
    try:
        host.lower().encode("idna")
        uri_to_iri(f"http://{host}/")
    except (UnicodeError, ValueError):
        return False
    return True


def _checking_hosts(app: WSGIApplication) -> WSGIApplication:
    """``app`` with each unusable Host replaced by STAND_IN and noted under BAD_HOST.

    Flask binds its URL map to the Host before any hook of the app runs, and an unusable one
    leaves it nothing to build the error page's links with: so the page is built under a host
    that works, and ``refuse_bad_host`` turns it into the 400 page.
    """

    def check(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        host = environ.get("HTTP_HOST")
        if host is not None and not usable(host):
            environ[BAD_HOST] = host
            environ["HTTP_HOST"] = STAND_IN
        return app(environ, start_response)

    return check


def refuse_bad_host(req: Request) -> None:
    """The 400 page for a request that came with an unusable Host."""
    if BAD_HOST in req.environ:
        raise BadHost()
