"""Text mode's switch, a choice of display kept beside the language: whether this request is
in text mode (a cookie per browser, or ``?text=1`` in a shared link), the link that turns it
on or off, and its route."""

from __future__ import annotations

import functools
from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, Request, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.wrappers import Response

from ..site import choices

bp = Blueprint("text", __name__)

# A cookie rather than the session, as the language: error pages and watchers have none.
COOKIE = "ttt_text"
ON = "on"
NUMPAD = "numpad"  # on, and a digit alone plays the cell of that numpad key
MODES = (ON, NUMPAD)


def mode() -> str:
    """``on``, ``numpad`` (on, digits as numpad keys) or ``""`` (off): ``?text=1`` or
    ``?text=0`` first, else the browser's cookie."""
    chosen = request.cookies.get(COOKIE, "")
    chosen = chosen if chosen in MODES else ""
    asked = request.args.get("text")
    if asked == "1":
        return chosen or ON
    if asked == "0":
        return ""
    return chosen


def enabled() -> bool:
    """Whether this request is shown in text mode."""
    return bool(mode())


def numpad() -> bool:
    """Whether this browser chose to type digits as numpad keys (7 is A1, 3 is C3)."""
    return mode() == NUMPAD


def remember(response: Response, chosen: str) -> Response:
    """``response``, telling the browser to keep ``chosen`` as its text mode (``""``: off)."""
    return choices.keep(response, COOKIE, chosen if chosen in MODES else "")


def here_without_switch() -> str:
    """This page's path and query without ``text=``, so the switch leads back to it."""
    if request.method != "GET":
        return url_for("board.index")
    args = [(key, value) for key, value in request.args.items(multi=True) if key != "text"]
    return request.path + (f"?{urlencode(args)}" if args else "")


@bp.app_context_processor
def _switch_context() -> dict[str, Any]:
    """Every template knows whether it is in text mode, and where the switch leads."""
    on = enabled()
    url = _switch_url(on, here_without_switch(), request.script_root)
    return {"text_mode": on, "text_switch_url": url}


# A site has few pages to switch from, and each one's link is the same at every request.
@functools.lru_cache(maxsize=1024)
def _switch_url(on: bool, back: str, script_root: str) -> str:
    """The switch's link from the page ``back`` (under ``script_root``, which starts it)."""
    return url_for("text.switch", state="off" if on else "on", next=back)


def shared_link(req: Request, response: Response) -> None:
    """``?text=1`` (or ``?text=0``) in a link is remembered, as the switch would: run after
    every request (site/path.py)."""
    asked = req.args.get("text") if req.query_string else None
    if asked in ("0", "1") and req.method == "GET" and response.status_code < 400:
        remember(response, mode())


@bp.get("/text/<state>")
def switch(state: str) -> ResponseReturnValue:
    """Turn text mode ``on`` or ``off`` for this browser and go back to the page it was on."""
    response = choices.back()
    if state not in ("on", "off"):
        return response
    kept = request.cookies.get(COOKIE, "")
    return remember(response, (kept if kept in MODES else ON) if state == "on" else "")
