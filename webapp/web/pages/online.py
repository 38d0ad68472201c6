"""The presence frame of an online board: a tiny page that keeps a player present."""

from __future__ import annotations

from flask import Blueprint
from flask.typing import ResponseReturnValue

from ..cycle import matches
from ..site.i18n import render
from ..views.online import hub

bp = Blueprint("online", __name__)


# Framed by the board (same origin only): the frame keeps a player's presence while they
# think with JavaScript off, when their board has no stream and does not reload.
HERE_HEADERS = {
    "X-Frame-Options": "SAMEORIGIN",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'self'",
}


@bp.get("/here")
def here() -> ResponseReturnValue:
    """A tiny page that notes this browser's seat as present, and reloads every 30 s."""
    current = matches.current()
    if current.seat is not None:
        hub().touch(current.match_id, current.seat)
    return render("here.html"), HERE_HEADERS
