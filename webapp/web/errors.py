"""Plain error pages (JSON under /api/) that never show a traceback, one per kind of failure."""

from __future__ import annotations

from flask import Flask, current_app, jsonify, render_template, request
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import CSRFError
from redis import RedisError
from werkzeug.exceptions import HTTPException, InternalServerError, NotFound

from ..engine import N_
from ..store import StoreBusy, StoreUnavailable
from . import metrics
from .i18n import gettext as _

MESSAGES = {
    400: (N_("Bad request"), N_("The request could not be understood, so nothing was changed.")),
    404: (N_("Page not found"), N_("There is no page at this address.")),
    405: (N_("Method not allowed"), N_("This address does not accept that kind of request.")),
    413: (N_("Request too large"),
          N_("The request was larger than 16 KiB, so nothing was changed.")),
    429: (N_("Too many requests"),
          N_("Too many new games or new sessions from your address in a short time, so "
             "nothing was changed. Please wait a minute and try again.")),
    500: (N_("Something went wrong"), N_("The server failed to answer; nothing was changed.")),
    503: (N_("Game store unavailable"),
          N_("The game store is unavailable, so nothing was changed. Please try again in a "
             "moment.")),
}  # fmt: skip
GENERAL = (N_("Error"), N_("The request failed; nothing was changed."))
CSRF_MESSAGE = N_(
    "The form was missing its security token or it was not valid, so nothing was changed. "
    "Go back to the board, reload it and try again."
)
BUSY_MESSAGE = N_("Your game is busy with another request; nothing was changed. Please try again.")
# Over HTTPS, Flask-WTF also wants a same-site Referer (WTF_CSRF_SSL_STRICT): a request sent
# without one is told that, not that its token is wrong.
REFERRER_MESSAGE = N_(
    "Over HTTPS a POST needs a Referer header from this site (browsers send it; a program must "
    "send one too, such as Referer: https://<this host>/), so nothing was changed."
)
API_CSRF_MESSAGE = N_(
    "The X-CSRFToken header was missing or not valid, so nothing was changed. "
    "GET /api/game returns the token of this session as csrf_token."
)


def init_app(app: Flask) -> None:
    """Register the handlers."""
    app.register_error_handler(CSRFError, _csrf_error)
    app.register_error_handler(StoreUnavailable, _store_unavailable)
    app.register_error_handler(InternalServerError, _server_error)
    app.register_error_handler(HTTPException, _http_error)


def for_api() -> bool:
    """Whether the request is to the JSON API, whose errors are JSON."""
    return request.path.startswith("/api/")


def render_error(
    code: int, message: str | None = None, headers: dict[str, str] | None = None
) -> ResponseReturnValue:
    """The error page, or ``{"error": ...}`` for the API; ``message`` is already translated."""
    title, default = MESSAGES.get(code, GENERAL)
    text, title = message or _(default), _(title)
    if for_api():
        return jsonify(error=text), code, headers or {}
    return render_template("error.html", code=code, title=title, message=text), code, headers or {}


def _csrf_error(error: CSRFError) -> ResponseReturnValue:
    """A missing or wrong CSRF token: the page, or a 403 for programs."""
    # Programs are refused with 403, the status that says "credentials missing" to clients.
    referrer = "referrer" in (error.description or "").lower()
    if for_api():
        return render_error(403, _(REFERRER_MESSAGE if referrer else API_CSRF_MESSAGE))
    return render_error(400, _(REFERRER_MESSAGE if referrer else CSRF_MESSAGE))


def _store_unavailable(error: Exception) -> ResponseReturnValue:
    """The match or session store failed: a 503 that tells programs the post did not take."""
    current_app.logger.warning("store unavailable: %s", error)
    metrics.store_failed(error)
    message = _(BUSY_MESSAGE) if isinstance(error, StoreBusy) else None
    return render_error(503, message, {"X-Move-Result": "refused", "Retry-After": "1"})


def _http_error(error: HTTPException) -> ResponseReturnValue:
    """Any HTTP error as our page (or JSON), keeping the Allow header of a 405."""
    code = error.code or 500
    # A 405 names the methods that are allowed (HTTP requires the Allow header).
    headers = {k: v for k, v in error.get_headers() if k == "Allow"}
    # Werkzeug's descriptions are English only: a code without our own words gets the
    # general message, in the page's language.
    return render_error(code, headers=headers)


def _server_error(error: InternalServerError) -> ResponseReturnValue:
    """An unhandled exception: the session store failing as the request opened (Flask-Session
    raises redis-py's errors) is a 503; anything else is a bug, logged, and a plain 500."""
    cause = error.original_exception
    if not isinstance(cause, RedisError | StoreUnavailable):
        return render_error(500)
    static = f"{current_app.static_url_path}/"
    if request.path.startswith(static):  # needs no session: the 503 page keeps its stylesheet
        try:
            return current_app.send_static_file(request.path.removeprefix(static))
        except NotFound:
            return render_error(404)
    return _store_unavailable(cause)
