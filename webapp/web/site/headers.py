"""Security headers on every response, and no caching of pages that show a match."""

from __future__ import annotations

from flask import Flask, Response

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


def init_app(app: Flask) -> None:
    """Add the headers after every request, error pages included."""
    app.after_request(add_headers)


def add_headers(response: Response) -> Response:
    """Our security headers (a view may set its own instead); ``no-store`` on pages and JSON,
    which are this browser's alone."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    if response.mimetype in ("text/html", "application/json") and not response.cache_control:
        response.cache_control.no_store = True
    return response
