"""The static files: fingerprinted URLs in the pages, and WhiteNoise serving them before Flask."""

from __future__ import annotations

import re
from wsgiref.headers import Headers

from flask import Flask
from flask_static_digest import FlaskStaticDigest
from whitenoise import WhiteNoise

from .headers import HEADERS

# A fingerprinted copy as `flask digest compile` names it: style-<md5 of the content>.css.
FINGERPRINTED = re.compile(r"-[0-9a-f]{32}\.[^/]+$")
# Its content never changes under that name, so a browser keeps it for a year, unasked.
IMMUTABLE = "public, max-age=31536000, immutable"
# A name without its hash (a page from before a deploy, a bookmark): asked again each time,
# answered 304 when the file is unchanged.
REVALIDATE = "no-cache"


def init_app(app: Flask) -> None:
    """Give the templates ``static_url_for`` and serve ``app``'s static folder in front of it.

    ``flask digest compile`` (``make run``, ``make test``) writes the hashed copies, their
    gzip and Brotli siblings and the manifest; WhiteNoise answers those files before any of
    Flask's hooks run, so no session, cookie, CSRF token or log line is made for them.
    """
    app.config.setdefault("FLASK_STATIC_DIGEST_COMPRESSION", ["gzip", "brotli"])
    FlaskStaticDigest(app)
    assert app.static_folder is not None  # create_app always sets it
    # Middleware as Flask documents it; mypy takes the method for a plain attribute.
    app.wsgi_app = WhiteNoise(  # type: ignore[method-assign]
        app.wsgi_app,
        root=app.static_folder,
        prefix=app.static_url_path,
        max_age=None,
        allow_all_origins=False,  # as nginx: no other site reads them by script
        add_headers_function=_add_headers,
    )


def _add_headers(headers: Headers, path: str, url: str) -> None:
    """The site's security headers, and the cache policy by whether ``url`` has a hash."""
    for name, value in HEADERS.items():
        headers[name] = value
    headers["Cache-Control"] = IMMUTABLE if FINGERPRINTED.search(url) else REVALIDATE
