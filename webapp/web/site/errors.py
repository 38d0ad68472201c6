"""The web's errors, and one answer per kind of failure (JSON under /api/), never a traceback:
a refused action goes back to the board with its message, or is a 409 for programs."""

from __future__ import annotations

from flask import Flask, current_app, flash, jsonify, request, url_for
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, InternalServerError

from ...engine import N_, TicTacToeError
from ...rules import UnknownLinkError
from ...store import REDIS_ERRORS, StoreBusy, StoreUnavailable
from . import hosts, metrics
from .i18n import gettext as _
from .i18n import render, said

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
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
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


class WebError(TicTacToeError):
    """A request the web refuses before or around the rules; ``status`` is its HTTP status
    for programs (a form goes back to the board with the message)."""

    status = 409


class ApiError(WebError):
    """A program's request refused with ``status`` and an already translated ``message``,
    naming the ``field`` of the body that was wrong, if one was."""

    def __init__(self, status: int, message: str, field: str | None = None) -> None:
        """Refuse with ``status`` and ``message``, naming ``field``."""
        super().__init__(message)
        self.status = status
        self.field = field


def init_app(app: Flask) -> None:
    """Register the handlers; a request with an unusable Host gets the 400 page."""
    app.register_error_handler(TicTacToeError, _refused)
    app.register_error_handler(CSRFError, _csrf_error)
    app.register_error_handler(StoreUnavailable, _store_unavailable)
    # The limits' counts in Redis (or a Redis Cluster)
    for error in REDIS_ERRORS:
        app.register_error_handler(error, _store_unavailable)
    app.register_error_handler(InternalServerError, _server_error)
    app.register_error_handler(HTTPException, _http_error)
    hosts.init_app(app)


def for_api() -> bool:
    """Whether the request is to the JSON API, whose errors are JSON."""
    return request.path.startswith("/api/")


def render_error(
    code: int, message: str | None = None, headers: dict[str, str] | None = None
) -> ResponseReturnValue:
    """The error page, or ``{"error": ...}`` for the API; ``message`` is already translated."""
    title, default = MESSAGES.get(code, GENERAL)
    text, title = message or _(default), _(title)
    if request.method not in SAFE_METHODS:  # a script can tell that its post did not take
        headers = {"X-Move-Result": "refused", **(headers or {})}
    if for_api():
        return json_error(text, code, headers=headers)
    return render("error.html", code=code, title=title, message=text), code, headers or {}


def json_error(
    message: str, status: int, field: str | None = None, headers: dict[str, str] | None = None
) -> ResponseReturnValue:
    """The API's one error answer: ``{"error": message}``, with the bad ``field`` if one was."""
    body = {"error": message} if field is None else {"error": message, "field": field}
    return jsonify(body), status, headers or {}


def to_board(accepted: bool = False) -> ResponseReturnValue:
    """Post/Redirect/Get back to the board; a header tells programs whether the post took."""
    # A bare 303: Flask's redirect() also writes an HTML body that browsers never show.
    headers = {"Location": url_for("board.index"), "X-Move-Result": _result(accepted)}
    return current_app.response_class(status=303, headers=headers)


def _refused(error: TicTacToeError) -> ResponseReturnValue:
    """An action refused by the engine, the rules or the web: a program gets its status
    (409 by default, 404 for a link that names nothing) and the message; a form goes back to
    the board with the message flashed; a page says it."""
    message = error.message if isinstance(error, ApiError) else said(error)
    status = 404 if isinstance(error, UnknownLinkError) else getattr(error, "status", 409)
    if for_api():
        return json_error(message, status, getattr(error, "field", None))
    if request.method == "POST" and status == 409:
        flash(message, "error")
        return to_board()
    return render_error(status, message)


def _result(accepted: bool) -> str:
    return "accepted" if accepted else "refused"


def _csrf_error(error: CSRFError) -> ResponseReturnValue:
    """A missing or wrong CSRF token: the page, or a 403 for programs."""
    # Programs are refused with 403, the status that says "credentials missing" to clients.
    referrer = "referrer" in (error.description or "").lower()
    if for_api():
        return render_error(403, _(REFERRER_MESSAGE if referrer else API_CSRF_MESSAGE))
    return render_error(400, _(REFERRER_MESSAGE if referrer else CSRF_MESSAGE))


def _store_unavailable(error: Exception) -> ResponseReturnValue:
    """The match or session store failed: a 503 that tells programs the post did not take."""
    # The request's id and route are on the line already (observe.py), never its raw path.
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
    if not isinstance(cause, (*REDIS_ERRORS, StoreUnavailable)):
        return render_error(500)
    return _store_unavailable(cause)
