"""The web's errors, and one answer per kind of failure (JSON under /api/), never a traceback:
a refused action goes back to the board with its message; a program gets ``{"error", "code",
"field"?}`` with the status of the code (refusals.py)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from flask import Flask, current_app, flash, jsonify, request, url_for
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, InternalServerError

from ...engine import N_, Refusal, TicTacToeError
from ...store import REDIS_ERRORS, StoreBusy, StoreUnavailable
from . import hosts, metrics, refusals
from .i18n import gettext as _
from .i18n import render, said

# Each HTTP status's title on the error page; its message is the refusal's (refusals.HTTP).
TITLES = {
    400: N_("Bad request"),
    404: N_("Page not found"),
    405: N_("Method not allowed"),
    413: N_("Request too large"),
    429: N_("Too many requests"),
    500: N_("Something went wrong"),
    503: N_("Game store unavailable"),
}
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
GENERAL_TITLE = N_("Error")
CSRF_MESSAGE = N_(
    "The form was missing its security token or it was not valid, so nothing was changed. "
    "Go back to the board, reload it and try again."
)
# A refusal of the action itself: a form goes back to the board, saying why.
ACTION_REFUSED = (409, 422)


class WebError(TicTacToeError):
    """A request the web refuses before or around the rules, with one of its refusals
    (refusals.py); a form goes back to the board with the message."""

    def for_programs(self) -> str | None:
        """Words for a program, translated, where a person's would not fit it (its code is
        the same); ``None``: the refusal's own message fits both."""
        return None


class ApiError(WebError):
    """A program's request refused with ``refusal``, naming the ``field`` of the body that was
    wrong, if one was; ``text`` is the message in the request's language when the field has
    words of its own (the refusal's are said otherwise)."""

    def __init__(
        self, refusal: Refusal, field: str | None = None, text: str | None = None, **params: Any
    ) -> None:
        """Refuse with ``refusal``, naming ``field``, in the words ``text`` if given."""
        super().__init__(refusal, **params)
        self.field = field
        self.text = text


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
    status: int,
    message: str | None = None,
    headers: dict[str, str] | None = None,
    refusal: Refusal | None = None,
) -> ResponseReturnValue:
    """The error page, or the API's JSON error, of ``status``: ``refusal`` says why (by
    default the HTTP status's own), in the words of ``message`` if given (translated)."""
    refusal = refusal or refusals.HTTP.get(status, refusals.HTTP_ERROR)
    text, title = message or _(refusal.message), _(TITLES.get(status, GENERAL_TITLE))
    if request.method not in SAFE_METHODS:  # a script can tell that its post did not take
        headers = {"X-Move-Result": "refused", **(headers or {})}
    if for_api():
        return json_error(text, refusal.code, status, headers=headers)
    return render("error.html", code=status, title=title, message=text), status, headers or {}


def json_error(
    message: str,
    code: str,
    status: int,
    field: str | None = None,
    headers: dict[str, str] | None = None,
) -> ResponseReturnValue:
    """The API's one error answer: ``{"error": message, "code": code}``, with the bad
    ``field`` if one was; ``code`` tells programs why, the same in every language."""
    body = {"error": message, "code": code}
    return jsonify(body if field is None else {**body, "field": field}), status, headers or {}


def to_board(accepted: bool = False) -> ResponseReturnValue:
    """Post/Redirect/Get back to the board; a header tells programs whether the post took."""
    # A bare 303: Flask's redirect() also writes an HTML body that browsers never show.
    headers = {"Location": url_for("board.index"), "X-Move-Result": _result(accepted)}
    return current_app.response_class(status=303, headers=headers)


def _refused(error: TicTacToeError) -> ResponseReturnValue:
    """An action refused by the engine, the rules or the web: a program gets the status of its
    code (refusals.STATUSES) with the code and the message; a refused form goes back to the
    board with the message flashed; a page says it."""
    text = error.text if isinstance(error, ApiError) else None
    if for_api() and isinstance(error, WebError):
        text = text or error.for_programs()
    message, status = text or said(error), refusals.status_of(error)
    if for_api():
        return json_error(message, error.code, status, getattr(error, "field", None))
    if request.method == "POST" and status in ACTION_REFUSED:
        flash(message, "error")
        return to_board()
    return render_error(status, message, refusal=error.refusal)


def _result(accepted: bool) -> str:
    return "accepted" if accepted else "refused"


def _csrf_error(error: CSRFError) -> ResponseReturnValue:
    """A missing or wrong CSRF token (or Referer): the page, or a 403 for programs."""
    refusal = refusals.REFERRER_REQUIRED if _referrer_refused() else refusals.CSRF_TOKEN
    # Programs are refused with 403, the status that says "credentials missing" to clients.
    if for_api():
        return render_error(403, refusal=refusal)
    words = CSRF_MESSAGE if refusal is refusals.CSRF_TOKEN else refusal.message
    return render_error(400, _(words), refusal=refusal)


def _referrer_refused() -> bool:
    """Whether the request lacks the same-site Referer that Flask-WTF wants over HTTPS
    (WTF_CSRF_SSL_STRICT, its default). CSRFError carries only an English ``description``,
    no field saying why, so the condition is checked here as Flask-WTF checks it (a request
    that also has a wrong token is told about its Referer)."""
    if not (request.is_secure and current_app.config.get("WTF_CSRF_SSL_STRICT", True)):
        return False
    sent, ours = urlsplit(request.referrer or ""), urlsplit(f"https://{request.host}/")
    try:
        return (sent.scheme, sent.hostname, sent.port) != (ours.scheme, ours.hostname, ours.port)
    except ValueError:  # a port that is not a number
        return True


def _store_unavailable(error: Exception) -> ResponseReturnValue:
    """The match or session store failed: a 503 that tells programs the post did not take."""
    # The request's id and route are on the line already (observe.py), never its raw path.
    current_app.logger.warning("store unavailable: %s", error)
    metrics.store_failed(error)
    refusal = refusals.STORE_BUSY if isinstance(error, StoreBusy) else refusals.STORE_UNAVAILABLE
    headers = {"X-Move-Result": "refused", "Retry-After": "1"}
    return render_error(503, headers=headers, refusal=refusal)


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
