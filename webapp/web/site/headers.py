"""Security headers on every response, no caching of pages that show a match, and on every
answer to a POST (or DELETE) whether it took."""

from __future__ import annotations

from typing import TypeVar

from flask import Request, Response
from werkzeug.wrappers import Response as AnyResponse

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; "
    "object-src 'none'"
)
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}
# Each header with its name as compared (header names are case-insensitive).
_SECURITY = tuple((name.lower(), name, value) for name, value in HEADERS.items())
_NO_STORE = frozenset({"text/html", "application/json"})
MOVE_RESULT = "X-Move-Result"  # accepted or refused: did the request change anything
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
Answer = TypeVar("Answer", bound=AnyResponse)


def add_headers(req: Request, response: Response) -> None:
    """Our security headers (a view may set its own instead); ``no-store`` on pages and JSON,
    which are this browser's alone; and the result of a post that its view left unsaid. Run
    after every request, error pages included (site/path.py)."""
    headers = response.headers
    present = set(headers.keys(lower=True))  # one pass; a lookup per name would be a pass each
    headers.extend([(name, value) for lower, name, value in _SECURITY if lower not in present])
    if "cache-control" not in present and response.mimetype in _NO_STORE:
        headers["Cache-Control"] = "no-store"
    if req.method not in SAFE_METHODS and "x-move-result" not in present:
        move_result(response, response.status_code < 400)


def move_result(response: Answer, accepted: bool) -> Answer:
    """``response``, telling programs whether the post took: a view that refused with a
    success status (a redirect to its form, which says what was wrong) says so with this;
    otherwise an answer below 400 is ``accepted`` and any other ``refused``."""
    response.headers[MOVE_RESULT] = "accepted" if accepted else "refused"
    return response
