"""The one Server-Sent Events answer, for every stream: a place for it (a 503 when the
server, the client's address or its browser has its fill), its headers, and the place given
back when the stream ends."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from flask import Response, current_app, request, session

from ..site import metrics, sessions
from ..site.errors import ApiError
from ..site.refusals import STREAMS_FULL
from . import live

HEADERS = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}


def event_stream(make: Callable[[live.Hub, float], Iterator[str]]) -> Response:
    """The answer streaming what ``make`` yields, given the app's hub and the stream's
    lifetime in seconds (after which the page reconnects)."""
    hub: live.Hub = current_app.extensions["live"]
    slot = place(hub)
    if slot is None:
        metrics.unavailable("streams_full")
        raise ApiError(STREAMS_FULL)
    lifetime = float(current_app.config["STREAM_LIFETIME"])
    stream = make(hub, lifetime)
    response = current_app.response_class(stream, mimetype="text/event-stream", headers=HEADERS)
    response.call_on_close(slot.release)
    return response


def resumed_from() -> int:
    """The version this request's stream starts after: the ``Last-Event-ID`` a reconnecting
    browser sends, else ``?version=`` (the page's), else -1 (every version is new)."""
    for text in (request.headers.get("Last-Event-ID"), request.args.get("version")):
        if text and text.isascii() and text.isdigit() and len(text) < 19:
            return int(text)
    return -1


def place(hub: live.Hub) -> live.Slot | None:
    """A place in ``hub`` for this request's stream, counted against its client's address and
    its browser (the stored session's id, else the visitor's), or ``None`` when there is none.
    Its response must release it when closed (``Response.call_on_close``)."""
    browser = getattr(session, "sid", None) if sessions.stored() else sessions.visitor()
    return hub.claim(request.remote_addr or "", browser)
