"""Which browser a request comes from, as quick pairing and the list of games know it: an id
kept in the session, the same for every tab of the browser."""

from __future__ import annotations

import base64
import hmac
import re
import secrets

from flask import Flask, current_app, session
from flask.sessions import SessionMixin

from . import sessions

BROWSER_KEY = "browser"
_BROWSER_ID = re.compile(r"[A-Za-z0-9_-]{22}")


def browser_id() -> str:
    """This browser's id: the one its session keeps, else one derived from its visitor id
    (or session id), so that tabs sending their first requests at once agree on it."""
    kept = session.get(BROWSER_KEY)
    if isinstance(kept, str) and _BROWSER_ID.fullmatch(kept):
        return kept
    base = sessions.visitor_id() or getattr(session, "sid", None)
    if not base:  # no way to know the browser again: an id of its own
        return secrets.token_urlsafe(16)
    secret = str(current_app.secret_key).encode()
    digest = hmac.new(secret, f"browser:{base}".encode(), "sha256").digest()
    return base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")


def keep() -> None:
    """Keep this browser's id in its session (which is then saved), if it is not there."""
    if session.get(BROWSER_KEY) != browser_id():
        session[BROWSER_KEY] = browser_id()


def stamp(app: Flask, here: sessions.Globals, kept: SessionMixin) -> None:
    """Run after every request (site/path.py), with its ``g`` and its session (``kept``).
    A session stored for the first time keeps the browser's id, derived now from its
    visitor id. Two first requests of one browser at once (a join and a name drawn, each
    without a session cookie) store two sessions, and the browser keeps the cookie of the
    one answered last: without its id in both, a session that lacked it would make the
    browser another (its id derived from that session's id), a stranger to the arena it had
    just joined (issue 45)."""
    if BROWSER_KEY not in kept and sessions.first_stored(app, here, kept):
        keep()
