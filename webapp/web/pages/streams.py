"""A match's versions as Server-Sent Events, for programs (GET /api/events)."""

from __future__ import annotations

from collections.abc import Iterator

from flask import Flask, current_app
from flask.typing import ResponseReturnValue

from ..cycle import deadlines
from ..cycle.matches import Current
from ..live import live, sse
from ..live.stream import events as followed
from ..site import refusals
from ..site.errors import for_api, render_error
from ..views.operations import Operation, parameter

EVENTS_QUERY = [
    parameter(
        "match", "query", "The match to follow (from a watch link); by default this session's."
    ),
    parameter(
        "version",
        "query",
        "The version already seen: a newer one is sent at once.",
        type="integer",
        minimum=0,
    ),
]


def versions(current: Current, after: int) -> ResponseReturnValue:
    """The stream of ``current``'s versions after ``after``: the event id is the version; the
    stream ends after a while and the client reconnects with ``Last-Event-ID``."""

    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]  # as live_parts

    def stream(hub: live.Hub, lifetime: float) -> Iterator[str]:
        due = deadlines.due(app, hub.store, hub, current.match_id)
        return followed(hub, current.match_id, current.seat, after, lifetime, due)

    return sse.event_stream(stream)


EVENTS = Operation(
    "Server-Sent Events of a match's versions: an event (its id is the version) whenever the "
    "match changes; a comment now and then. The stream ends after a few minutes; reconnect "
    "with Last-Event-ID.",
    {
        404: "No such match, or this session has none yet.",
        503: "Too many streams open on this server, or the store is down; reload instead.",
    },
    answer=str,
    answered='The event stream: `id: <version>` and `data: {"version": n}` per change.',
    media="text/event-stream",
    query=EVENTS_QUERY,
)


def missing(unknown: bool, page_words: str) -> ResponseReturnValue:
    """The 404 of a stream with no match: a page says ``page_words``; a program is told of an
    id that names none, or that it has none yet."""
    if not for_api():
        return render_error(404, page_words)
    return render_error(404, refusal=refusals.UNKNOWN_MATCH if unknown else refusals.NO_MATCH)
