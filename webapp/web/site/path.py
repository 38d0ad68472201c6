"""The request path: one step before each request and one after it, running in order what the
site's pieces do, and the request's line and counts at its end."""

from __future__ import annotations

import functools
from typing import Any, cast

from flask import Flask, Request, Response, g, request, session
from flask_wtf.csrf import CSRFProtect
from werkzeug.local import LocalProxy

from . import browsers, display, headers, hosts, observe, sessions


def init_app(app: Flask, csrf: CSRFProtect) -> None:
    """Put the request path on ``app`` (its sessions and ``csrf`` set up already). Flask runs
    each hook through its own checks, so the pieces run as two steps, not fifteen; each
    step looks the request, its ``g`` and its session up once (werkzeug's public
    ``_get_current_object``) and passes them down. Flask-Limiter keeps its own hooks: it has
    no public call for its check."""
    config = app.config
    # CSRFProtect's own hook stands down; the check runs here, after the visitor's token is
    # in the session, which is what it checks against. No view is exempt from it.
    config["WTF_CSRF_CHECK_DEFAULT"] = False
    directory = config["SESSION_DIR"] if config["SESSION_TYPE"] == "cachelib" else None

    def before() -> None:
        """Sessions (writable for a post, read, the visitor's token), the CSRF check, and
        the Host."""
        req: Request = _current(request)
        if directory is not None:
            sessions.refuse_unwritable(req, directory)
        sessions.opened(app, req, _current(g), _current(session))
        checked = req.method in config["WTF_CSRF_METHODS"] and config["WTF_CSRF_ENABLED"]
        if checked and req.endpoint:
            csrf.protect()
        hosts.refuse_bad_host(req)

    def after(response: Response) -> Response:
        """Text mode's shared link, the request's id, the headers, the browser's id in a
        session first stored, and a new visitor's cookie."""
        req: Request = _current(request)
        here = _current(g)
        display.shared_link(req, response)
        observe.answering(req, response)
        headers.add_headers(req, response)
        browsers.stamp(app, here, _current(session))
        sessions.visitor_cookie(app, here, response)
        return response

    app.before_request(before)
    app.after_request(after)
    app.teardown_request(functools.partial(observe.answered, observe.init_app(app)))


def _current(proxy: Any) -> Any:
    """The object behind one of Flask's context-local proxies, looked up once."""
    return cast("LocalProxy[Any]", proxy)._get_current_object()
