"""Security headers sent with every response."""

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
    """Add the headers, and keep pages that show a game out of shared caches."""

    @app.after_request
    def add_security_headers(response: Response) -> Response:
        response.headers.update(HEADERS)
        if response.mimetype in ("text/html", "application/json"):
            response.headers.setdefault("Cache-Control", "no-store")
        return response
