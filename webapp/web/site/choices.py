"""A browser's own choices (its language, text mode), kept in cookies of their own rather
than in the session (error pages and watchers have none), and the way back to the page where
it chose."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import current_app, redirect, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from .sessions import secure_cookies

CHOICE_AGE = 365 * 24 * 3600  # a browser's choices (language, text mode) are kept a year


def keep(response: BaseResponse, name: str, value: str) -> BaseResponse:
    """``response``, telling the browser to keep ``value`` in the cookie ``name`` (a choice of
    its own, not in the session: error pages and watchers have none); ``""`` forgets it."""
    secure = secure_cookies(current_app)
    if value:
        response.set_cookie(
            name, value, max_age=CHOICE_AGE, samesite="Lax", httponly=True, secure=secure
        )
    else:
        response.delete_cookie(name, samesite="Lax", httponly=True, secure=secure)
    return response


def back() -> BaseResponse:
    """A 303 to the page named by ``?next=`` when it is a path on this site, else the board."""
    target = request.args.get("next", "")
    return redirect(target if _on_this_site(target) else url_for("board.index"), 303)


def _on_this_site(back: str) -> bool:
    """Whether ``back`` is a path on this site: the link must not send anyone elsewhere.
    A control character cannot go into the Location header; browsers read a backslash as a
    slash, so ``/\\host`` would be another site."""
    if not back.startswith("/") or back.startswith("//") or "\\" in back:
        return False
    if any(ord(char) < 32 or ord(char) == 127 for char in back):
        return False
    parts = urlsplit(back)
    return not (parts.scheme or parts.netloc)
