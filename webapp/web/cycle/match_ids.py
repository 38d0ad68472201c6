"""Which match a request's session is at: the id its session keeps, else the one its first
change will store, derived from its visitor id with the secret key."""

from __future__ import annotations

import base64
import hmac

from flask import current_app, session

from ...store import new_match_id
from ...store.record import MATCH_ID
from ..site import sessions
from ..site.sessions import MATCH_KEY


def session_match_id() -> str:
    """The id of the session's match, or ``""`` when it has none (or not one we made)."""
    match_id = session.get(MATCH_KEY)
    return match_id if isinstance(match_id, str) and MATCH_ID.fullmatch(match_id) else ""


def first_match_id() -> str:
    """The id under which a session with no match stores its first one: derived from the
    session id with the secret key, so first changes sent at once from one browser all lock
    the same match, instead of each making a match of which the session keeps only one."""
    # A browser with nothing stored has a new session id at each request: its visitor id
    # (sessions.py) is the one its first changes share.
    sid = sessions.visitor_id() or getattr(session, "sid", None)
    return derived(f"match:{sid}") if sid else new_match_id()


def derived(name: str) -> str:
    """A match id derived from ``name`` with the secret key: unguessable, and the same for
    every request that derives it, so that they lock the same match."""
    secret = str(current_app.secret_key).encode()
    digest = hmac.new(secret, name.encode(), "sha256").digest()
    return base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")
