"""A match's versions as Server-Sent Events, for programs (GET /api/events)."""

from __future__ import annotations

from collections.abc import Iterator

from flask.typing import ResponseReturnValue

from ..cycle import deadlines
from ..cycle.matches import Current
from ..live import live, sse
from ..live.stream import events as followed
from ..views.operations import parameter

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

    def stream(hub: live.Hub, lifetime: float) -> Iterator[str]:
        due = deadlines.due(hub.store, hub, current.match_id)
        return followed(hub, current.match_id, current.seat, after, lifetime, due)

    return sse.event_stream(stream)
